import { az } from '@app/contract/texts/az';

/** The buttons of the user detail page that open the user's records in other sections (spec §2 "Details page"). */
export type SectionLinkKey = 'orders' | 'parcels' | 'month' | 'couriers' | 'transactions' | 'tickets' | 'emails' | 'sms' | 'customs';

export interface SectionLink {
  key: SectionLinkKey;
  label: string;
  /** The page path under /@next ('customs/declarations'): the route that must exist and the section the viewer must be allowed. */
  path: string;
  search: string;
}

/** Whether the app has a built route for a path under /@next, and whether the viewer may open it. */
export interface SectionLinkChecks {
  hasRoute: (path: string) => boolean;
  canOpen: (path: string) => boolean;
}

interface LinkedUser {
  id: number;
  code: string | null;
}

/**
 * Every link the detail page may offer, in the spec's order. The declarations list filters by the
 * customer code (an exact match), so a user without a code gets no parcels link: an empty filter
 * would list everyone's parcels.
 */
export function listSectionLinkCandidates(user: LinkedUser): SectionLink[] {
  const t = az.usersUi;
  const byUser = `user_id=${user.id}`;
  const links: (SectionLink | null)[] = [
    // The orders list's 'M. kodu' filter is the customer code; its hidden customer_id filter is this user's id, over all dates.
    { key: 'orders', label: t.orders, path: 'orders', search: `customer_id=${user.id}&created_at=` },
    user.code ? { key: 'parcels', label: t.parcels, path: 'declarations', search: `customer_code=${encodeURIComponent(user.code)}&created=all` } : null,
    // The current-month page asks the month's declarations of this customer itself (declaration/this_month).
    { key: 'month', label: t.currentMonth, path: `declarations/users/${user.id}/current-month`, search: '' },
    { key: 'couriers', label: t.couriers, path: 'couriers', search: byUser },
    // The transactions list filters by the customer code (its 'M. kodu' column), over all dates.
    user.code ? { key: 'transactions', label: t.balanceOperations, path: 'transactions', search: `user_id=${encodeURIComponent(user.code)}&created_at=` } : null,
    { key: 'tickets', label: t.tickets, path: 'supports', search: byUser },
    { key: 'emails', label: t.emails, path: 'notifier/email', search: byUser },
    { key: 'sms', label: t.sms, path: 'notifier/sms', search: byUser },
    { key: 'customs', label: t.customsData, path: 'customs/declarations', search: byUser },
  ];
  return links.filter((link): link is SectionLink => link !== null);
}

/**
 * The links that lead somewhere: the target route is built (a section of a later issue shows its
 * button as soon as its route is added) and the viewer may open that section.
 */
export function listSectionLinks(user: LinkedUser, checks: SectionLinkChecks): SectionLink[] {
  return listSectionLinkCandidates(user).filter((link) => checks.hasRoute(link.path) && checks.canOpen(link.path));
}
