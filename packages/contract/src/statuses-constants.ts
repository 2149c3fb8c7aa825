/*
 * Status ids and seeds, without zod (issue 15 item 2). `statuses.ts` re-exports them beside its schemas.
 */
import { MODEL, type ModelId } from './models';

/** spec §4: declaration status ids with a rule attached. */
export const DECLARATION_STATUS = {
  awaiting: 5, // double-click opens edit
  foreignWarehouse: 7, // default for new; waybill not printable
  dispatchSent: 8, // only then may dispatch be cancelled
  localWarehouse: 9, // only this allows handover
  handedOver: 10,
  returned: 12,
  heldAtCustomsBulk: 36,
  heldAtCustoms: 88,
} as const;
export const FLIGHT_STATUS = { open: 29, closed: 30 } as const;
export const TASK_STATUS = { awaitingConfirmation: 37, executed: 38 } as const;
export const HANDOVER_STATUS = { waiting: 41, inProgress: 42, handedOver: 43 } as const;
export const IMPORT_STATUS = { inProgress: 131, loading: 132, failed: 133, ready: 134 } as const;
export const BRANCH_STATUS = { active: 85, inactive: 86 } as const;
export const CONFLICTED_STATUS = { unknown: 90, resolved: 91 } as const;

export interface StatusSeed {
  id: number;
  model: ModelId;
  name: string;
  nameEn: string;
  sort: number;
  freely?: boolean;
}

/**
 * Status ids are fixed by the spec and unique within a model (orders and declarations both use
 * 5, 7, 8, 9, 10): the statuses table keys on (model_id, id). See docs/decisions.
 */
export const STATUS_SEEDS: readonly StatusSeed[] = [
  // Declarations (model 2)
  { id: 5, model: MODEL.declarations, name: 'Bəyan gözləyir', nameEn: 'Awaiting declaration', sort: 1 },
  { id: 7, model: MODEL.declarations, name: 'Xarici anbarda', nameEn: 'At foreign warehouse', sort: 2 },
  { id: 8, model: MODEL.declarations, name: 'Depeş göndərilib', nameEn: 'Dispatch sent', sort: 3 },
  { id: 9, model: MODEL.declarations, name: 'Yerli anbarda', nameEn: 'In local warehouse', sort: 4, freely: true },
  { id: 10, model: MODEL.declarations, name: 'Təhvil verilib', nameEn: 'Handed over', sort: 5 },
  { id: 12, model: MODEL.declarations, name: 'İadə edilib', nameEn: 'Returned', sort: 6 },
  { id: 36, model: MODEL.declarations, name: 'Gömrükdə saxlanılıb (toplu)', nameEn: 'Held at customs (bulk)', sort: 7 },
  { id: 88, model: MODEL.declarations, name: 'Gömrükdə saxlanılıb', nameEn: 'Held at customs', sort: 8, freely: true },
  // Orders (model 1)
  { id: 4, model: MODEL.orders, name: 'Rədd edilib', nameEn: 'Rejected', sort: 1 },
  { id: 5, model: MODEL.orders, name: 'Gözləmədə', nameEn: 'Pending', sort: 2 },
  { id: 7, model: MODEL.orders, name: 'Ödəniş gözlənilir', nameEn: 'Awaiting payment', sort: 3 },
  { id: 8, model: MODEL.orders, name: 'Sifariş verilib', nameEn: 'Ordered', sort: 4 },
  { id: 9, model: MODEL.orders, name: 'Anbara çatıb', nameEn: 'Arrived at warehouse', sort: 5 },
  { id: 10, model: MODEL.orders, name: 'Tamamlanıb', nameEn: 'Completed', sort: 6 },
  { id: 32, model: MODEL.orders, name: 'Ləğv edilib', nameEn: 'Cancelled', sort: 7 },
  // Transactions (model 4)
  { id: 17, model: MODEL.transactions, name: 'Gözləmədə', nameEn: 'Pending', sort: 1 },
  { id: 18, model: MODEL.transactions, name: 'Təsdiqlənib', nameEn: 'Confirmed', sort: 2 },
  { id: 19, model: MODEL.transactions, name: 'Geri qaytarılıb', nameEn: 'Refunded', sort: 3 },
  { id: 21, model: MODEL.transactions, name: 'Ləğv edilib', nameEn: 'Cancelled', sort: 4 },
  // Flights (lookup group 8)
  { id: 29, model: MODEL.flights, name: 'Açıq', nameEn: 'Open', sort: 1 },
  { id: 30, model: MODEL.flights, name: 'Bağlanıb', nameEn: 'Closed', sort: 2 },
  { id: 31, model: MODEL.flights, name: 'Yoldadır', nameEn: 'In transit', sort: 3 },
  { id: 33, model: MODEL.flights, name: 'Bakıya çatıb', nameEn: 'Arrived in Baku', sort: 4 },
  // Trendyol statuses (lookup group 43)
  { id: 44, model: MODEL.trendyol, name: 'Qəbul edilib', nameEn: 'Accepted', sort: 1 },
  { id: 45, model: MODEL.trendyol, name: 'Yola düşüb', nameEn: 'Shipped', sort: 2 },
  { id: 46, model: MODEL.trendyol, name: 'Çatdırılıb', nameEn: 'Delivered', sort: 3 },
  // Tasks
  { id: 37, model: MODEL.tasks, name: 'Təsdiq gözləyir', nameEn: 'Awaiting confirmation', sort: 1 },
  { id: 38, model: MODEL.tasks, name: 'İcra edilib', nameEn: 'Executed', sort: 2 },
  // Handover queue
  { id: 41, model: MODEL.handover, name: 'Gözləyir', nameEn: 'Waiting', sort: 1 },
  { id: 42, model: MODEL.handover, name: 'İcra olunur', nameEn: 'In progress', sort: 2 },
  { id: 43, model: MODEL.handover, name: 'Təhvil verilib', nameEn: 'Handed over', sort: 3 },
  // Import / export tasks
  { id: 131, model: MODEL.exportTasks, name: 'İcra olunur', nameEn: 'In progress', sort: 1 },
  { id: 132, model: MODEL.exportTasks, name: 'Yüklənir', nameEn: 'Loading', sort: 2 },
  { id: 133, model: MODEL.exportTasks, name: 'Xəta', nameEn: 'Failed', sort: 3 },
  { id: 134, model: MODEL.exportTasks, name: 'Yükləməyə hazırdır', nameEn: 'Ready for download', sort: 4 },
  // Branches (model 40)
  { id: 85, model: MODEL.branches, name: 'Aktiv', nameEn: 'Active', sort: 1 },
  { id: 86, model: MODEL.branches, name: 'Deaktiv', nameEn: 'Inactive', sort: 2 },
  // Unknown (conflicted) declarations
  { id: 90, model: MODEL.conflictedDeclarations, name: 'Naməlum', nameEn: 'Unknown', sort: 1 },
  { id: 91, model: MODEL.conflictedDeclarations, name: 'Həll edilib', nameEn: 'Resolved', sort: 2 },
  // Refunds (model 16 returns) and cashback entries (model 4 transactions): settings lists
  { id: 140, model: MODEL.returns, name: 'Gözləmədə', nameEn: 'Pending', sort: 1 },
  { id: 141, model: MODEL.returns, name: 'Təsdiqlənib', nameEn: 'Approved', sort: 2 },
  { id: 142, model: MODEL.returns, name: 'Rədd edilib', nameEn: 'Rejected', sort: 3 },
  { id: 150, model: MODEL.transactions, name: 'Keşbek gözləmədə', nameEn: 'Cashback pending', sort: 5 },
  { id: 151, model: MODEL.transactions, name: 'Keşbek təsdiqlənib', nameEn: 'Cashback approved', sort: 6 },
  { id: 152, model: MODEL.transactions, name: 'Keşbek rədd edilib', nameEn: 'Cashback rejected', sort: 7 },
];
