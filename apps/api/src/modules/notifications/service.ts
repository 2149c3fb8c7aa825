import type { CountersReply } from '@app/contract/auth';
import type { Db } from '../../db/client';
import { hasPermission, type RequestUser } from '../../platform/access';
import { partnerScopeOf } from '../../platform/partner-scope';
import { countOpenConflicted } from '../declarations/unknowns/queries';
import { countHandoverQueue } from '../warehouse/service';
import { countTicketBadge } from '../tickets/service';
import { countOrderBadge } from '../orders/service';
import { countUnreadDeclarations } from './queries';

/** The one way other domains send a customer a message (tickets' staff replies): issue 20, dispatch.ts. */
export { enqueueNotification, type NotificationInput } from './dispatch';

/**
 * Sidebar badges (spec §3 "Counters"). Domains that are not built yet (couriers)
 * report 0, the spec's default, until their issue lands. Unknown declarations count the open rows
 * of their list (not deleted, not accepted, not resolved).
 */
export async function countBadges(db: Db, user: RequestUser, timeZone: string): Promise<CountersReply> {
  const declaration = await countUnreadDeclarations(db, partnerScopeOf(user));
  const queue = await countHandoverQueue(db, user, timeZone);
  const conflicted = await countOpenConflicted(db);
  return {
    data: {
      courier: 0,
      order: hasPermission(user, 'orders') ? await countOrderBadge(db) : 0,
      declaration,
      conflicted_declaration: conflicted,
      ticket: hasPermission(user, 'tickets') ? await countTicketBadge(db) : 0,
      ...queue,
    },
  };
}
