import { useRoutes } from 'react-router';
import { TICKET_TEMPLATE_ROUTES } from '../templates';

/** ticket-templates/*: the list, create, {id}/update and {id} (details) of the ticket templates. */
export function TicketTemplatesScreen() {
  return useRoutes(TICKET_TEMPLATE_ROUTES);
}
