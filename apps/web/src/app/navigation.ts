import type { AuthUser } from '@app/contract/auth';
import type { PermissionCode } from '@app/contract/permissions';
import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';

/**
 * The one rule table of spec §2 "Sidebar entries" and §6: the sidebar and the route guard both read it.
 * Paths are relative to /@next; a route below an entry's path (declarations/12) follows that entry.
 */
export type NavGroup = keyof typeof az.sidebar.groups;
export type NavLabel = keyof typeof az.sidebar.entries;
/** Counter fields of POST /api/admin/notification/count shown as sidebar badges. */
export type NavBadge = 'order' | 'declaration' | 'ticket' | 'courier' | 'conflicted_declaration' | 'handover_queue';

export type NavGate =
  | { kind: 'open' }
  | { kind: 'permission'; code: PermissionCode }
  /** Branch sections: admin and partner only, plus a permission when given. */
  | { kind: 'branch'; code?: PermissionCode };

export interface NavEntry {
  path: string;
  label: NavLabel;
  group: NavGroup;
  gate: NavGate;
  badge?: NavBadge;
  /** Other paths of the same section, under the same gate, with no sidebar entry of their own (the handover History tab). */
  also?: readonly string[];
}

const can = (code: PermissionCode): NavGate => ({ kind: 'permission', code });

export const NAV_ENTRIES: readonly NavEntry[] = [
  // General
  { path: 'statistics', label: 'statistics', group: 'general', gate: can('stat') },
  { path: 'appointment', label: 'appointment', group: 'general', gate: can('client_appointment') },
  { path: 'warehouse/handover/queues', label: 'handoverQueues', group: 'general', gate: can('local_warehouse'), badge: 'handover_queue', also: ['warehouse/handover/history'] },
  { path: 'cash-flow', label: 'cashFlow', group: 'general', gate: can('cashflow') },
  // Main
  // the users list's statistics pages call the users API (permission users), not the statistics one
  { path: 'users', label: 'users', group: 'main', gate: can('users'), also: ['statistics/users', 'statistics/qizil-onluq'] },
  // the counts by status page calls the orders API (permission orders), not the statistics one
  { path: 'orders', label: 'orders', group: 'main', gate: can('orders'), badge: 'order', also: ['statistics/status/order-counts'] },
  { path: 'declarations', label: 'declarations', group: 'main', gate: { kind: 'open' }, badge: 'declaration' },
  { path: 'united-declarations', label: 'unitedDeclarations', group: 'main', gate: can('trendyol_declarations') },
  { path: 'sorting', label: 'sorting', group: 'main', gate: can('parcel_sorting_list') },
  { path: 'flights', label: 'flights', group: 'main', gate: can('flights') },
  { path: 'supports', label: 'supports', group: 'main', gate: can('tickets'), badge: 'ticket' },
  // the balances statistics page calls the transactions API (permission transactions)
  { path: 'transactions', label: 'transactions', group: 'main', gate: can('transactions'), also: ['statistics/transactions'] },
  { path: 'couriers', label: 'couriers', group: 'main', gate: can('couriers'), badge: 'courier' },
  { path: 'couriers/deliverer-assignments', label: 'courierAssignments', group: 'main', gate: can('courier_assignments') },
  { path: 'declarations/unknowns', label: 'unknownDeclarations', group: 'main', gate: can('conflicted_declarations'), badge: 'conflicted_declaration' },
  { path: 'archived-declarations', label: 'archivedDeclarations', group: 'main', gate: can('declarations_archive') },
  { path: 'customs/tasks', label: 'customsTasks', group: 'main', gate: can('bbs_office') },
  // Customs declarations
  { path: 'customs/declarations', label: 'customsDeclarations', group: 'customsDeclarations', gate: can('dgk_declarations') },
  { path: 'customs/posts', label: 'customsPosts', group: 'customsDeclarations', gate: can('dgk_declarations') },
  { path: 'customs/upload', label: 'customsUpload', group: 'customsDeclarations', gate: can('dgk_declarations') },
  { path: 'customs/stats', label: 'customsStats', group: 'customsDeclarations', gate: can('dgk_declarations') },
  { path: 'declarations/deleted', label: 'deletedDeclarations', group: 'customsDeclarations', gate: can('deleted_customs_declarations') },
  { path: 'declarations/post', label: 'postDeclarations', group: 'customsDeclarations', gate: can('post_declarations') },
  // Queues
  { path: 'customs/dns-queues', label: 'dnsQueues', group: 'queues', gate: can('bbs_queues') },
  { path: 'united-queues', label: 'unitedQueues', group: 'queues', gate: can('united_queues') },
  { path: 'azerpost-queues', label: 'azerpostQueues', group: 'queues', gate: can('azerpost_queues') },
  // Bonus cashback
  { path: 'bonaz/conversions', label: 'conversions', group: 'bonus', gate: can('bon_cashback') },
  { path: 'bonaz/offers', label: 'offers', group: 'bonus', gate: can('bon_cashback') },
  // Notifications
  { path: 'notifier/sms', label: 'sms', group: 'notifications', gate: can('sms_archive') },
  { path: 'notifier/whatsapp', label: 'whatsapp', group: 'notifications', gate: can('whatsapp_archive') },
  { path: 'notifier/email', label: 'email', group: 'notifications', gate: can('mail_archive') },
  { path: 'notifier/mobile/bulk/send', label: 'mobileBulk', group: 'notifications', gate: can('bulk_app_notification') },
  { path: 'notifier/templates', label: 'notificationTemplates', group: 'notifications', gate: can('notification_templates') },
  { path: 'ticket-templates', label: 'ticketTemplates', group: 'notifications', gate: can('ticket_templates') },
  // Content
  { path: 'archive/state', label: 'stateArchive', group: 'content', gate: can('state_changes') },
  { path: 'logs', label: 'logs', group: 'content', gate: can('my_logs') },
  { path: 'declarations/partners', label: 'partnerDeclarations', group: 'content', gate: can('partner_declarations') },
  { path: 'news', label: 'news', group: 'content', gate: can('news') },
  { path: 'faq', label: 'faq', group: 'content', gate: can('faq') },
  { path: 'shops', label: 'shops', group: 'content', gate: can('shops') },
  { path: 'about', label: 'about', group: 'content', gate: can('about') },
  { path: 'transportation_conditions', label: 'transportationConditions', group: 'content', gate: can('transportation_conditions') },
  { path: 'banners', label: 'banners', group: 'content', gate: can('banners') },
  { path: 'popups', label: 'popups', group: 'content', gate: can('popups') },
  { path: 'delivery-proofs', label: 'deliveryProofs', group: 'content', gate: can('delivery_proof') },
  // Settings
  { path: 'settings', label: 'systemSettings', group: 'settings', gate: can('system_settings') },
  { path: 'coupons', label: 'coupons', group: 'settings', gate: can('coupons') },
  { path: 'refunds', label: 'refunds', group: 'settings', gate: can('returns') },
  { path: 'cashback', label: 'cashback', group: 'settings', gate: can('cashback') },
  { path: 'cargoes', label: 'cargoes', group: 'settings', gate: can('foreign_cargoes') },
  { path: 'boxes', label: 'boxes', group: 'settings', gate: can('containers') },
  { path: 'shop-names', label: 'shopNames', group: 'settings', gate: can('shop_names') },
  { path: 'return-types', label: 'returnTypes', group: 'settings', gate: can('return_reasons') },
  { path: 'countries', label: 'countries', group: 'settings', gate: can('countries') },
  { path: 'branches', label: 'branches', group: 'settings', gate: can('branches') },
  { path: 'branch-partners', label: 'branchPartners', group: 'settings', gate: can('companies') },
  { path: 'plans', label: 'plans', group: 'settings', gate: can('tarifs') },
  { path: 'product-types', label: 'productTypes', group: 'settings', gate: can('producttypes') },
  { path: 'regions', label: 'regions', group: 'settings', gate: can('regions') },
  { path: 'models', label: 'models', group: 'settings', gate: can('models') },
  { path: 'status', label: 'statuses', group: 'settings', gate: can('states') },
  // spec §2 settings-type lists: currencies (also the last item of the settings page's menu)
  { path: 'currencies', label: 'currencies', group: 'settings', gate: can('system_settings') },
  // Branch sections (admin or partner)
  { path: 'partner-boxes', label: 'partnerBoxes', group: 'branch', gate: { kind: 'branch' } },
  { path: 'partner/acceptance/box', label: 'partnerAcceptance', group: 'branch', gate: { kind: 'branch' } },
  { path: 'statistics/branches-partner', label: 'branchStatistics', group: 'branch', gate: { kind: 'branch', code: 'branch_manager' } },
  // Other routes
  { path: 'failed-jobs', label: 'failedJobs', group: 'other', gate: can('dev') },
  { path: 'telegram-bot-users', label: 'telegramUsers', group: 'other', gate: can('telegram_grant') },
  { path: 'box-transfers', label: 'boxTransfers', group: 'other', gate: can('container_transfers_logs') },
];

export const NAV_GROUP_ORDER: readonly NavGroup[] = [
  'general', 'main', 'customsDeclarations', 'queues', 'bonus', 'notifications', 'content', 'settings', 'branch', 'other',
];

export type NavUser = Pick<AuthUser, 'admin' | 'permissions'>;

/** spec §6: admin (1) sees everything; partner (4) only branch sections; others what their codes allow. */
export function canSeeEntry(user: NavUser, entry: NavEntry): boolean {
  if (user.admin === ROLE.admin) return true;
  const { gate } = entry;
  if (gate.kind === 'branch') return user.admin === ROLE.partner && (!gate.code || user.permissions.includes(gate.code));
  if (user.admin === ROLE.partner) return false;
  if (gate.kind === 'open') return true;
  return user.permissions.includes(gate.code);
}

export interface NavSection {
  group: NavGroup;
  title: string;
  entries: NavEntry[];
}

/** The sidebar: groups in order, each with the entries the user may see; empty groups are left out. */
export function listNavSections(user: NavUser): NavSection[] {
  return NAV_GROUP_ORDER.map((group) => ({
    group,
    title: az.sidebar.groups[group],
    entries: NAV_ENTRIES.filter((entry) => entry.group === group && canSeeEntry(user, entry)),
  })).filter((section) => section.entries.length > 0);
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** The entry a path under /@next belongs to: the longest entry path (or `also` path) that is a whole-segment prefix. */
export function findNavEntry(path: string): NavEntry | undefined {
  const clean = trimSlashes(path);
  let best: { entry: NavEntry; length: number } | undefined;
  for (const entry of NAV_ENTRIES) {
    for (const prefix of [entry.path, ...(entry.also ?? [])]) {
      const isMatch = clean === prefix || clean.startsWith(`${prefix}/`);
      if (isMatch && (!best || prefix.length > best.length)) best = { entry, length: prefix.length };
    }
  }
  return best?.entry;
}

/** true/false for a known section, undefined for a path no entry covers (a 404). */
export function canOpenPath(user: NavUser, path: string): boolean | undefined {
  const entry = findNavEntry(path);
  return entry ? canSeeEntry(user, entry) : undefined;
}

/**
 * Where the root sends a user: statistics when allowed, else the first entry they may see; of
 * those, a section whose screen is built first (issue 16: the root led to a "not ready" page).
 */
export function findHomePath(user: NavUser, isBuilt: (path: string) => boolean = () => true): string | null {
  const allowed = NAV_ENTRIES.filter((entry) => canSeeEntry(user, entry));
  // Without statistics (stat), the declarations list is the office's home: the sidebar's first built
  // entry would be the handover queue, which opens its first active entry and prints its receipt.
  const first = ['statistics', 'declarations'];
  const ordered = [...first.flatMap((path) => allowed.filter((entry) => entry.path === path)), ...allowed.filter((entry) => !first.includes(entry.path))];
  return (ordered.find((entry) => isBuilt(entry.path)) ?? ordered[0])?.path ?? null;
}

export const APP_BASE = '/@next';

export function toAppPath(path: string): string {
  return `${APP_BASE}/${trimSlashes(path)}`;
}

/** The path under /@next of a full location path ('/@next/declarations/5' → 'declarations/5'). */
export function toSectionPath(pathname: string): string {
  return trimSlashes(pathname.startsWith(APP_BASE) ? pathname.slice(APP_BASE.length) : pathname);
}
