/**
 * Models (the "model" of statuses, operations, read flags and status history).
 * spec §4/§9 fix 1 orders, 2 declarations (isnew model_id=2), 4 transactions, 8 flight lookup
 * group, 40 branches, 43 Trendyol statuses; the rest are ours (design), kept stable once seeded.
 */
export const MODEL = {
  orders: 1,
  declarations: 2,
  users: 3,
  transactions: 4,
  couriers: 5,
  containers: 6,
  handover: 7,
  flights: 8,
  customs: 9,
  cashFlow: 10,
  settings: 11,
  content: 12,
  notifications: 13,
  tickets: 14,
  tasks: 15,
  returns: 16,
  exportTasks: 17,
  statistics: 18,
  conflictedDeclarations: 19,
  branches: 40,
  trendyol: 43,
} as const;
export type ModelId = (typeof MODEL)[keyof typeof MODEL];

export const MODEL_NAMES: Record<ModelId, string> = {
  1: 'Sifarişlər',
  2: 'Bağlamalar',
  3: 'İstifadəçilər',
  4: 'Balans əməliyyatları',
  5: 'Kuryerlər',
  6: 'Yeşiklər',
  7: 'Təhvil',
  8: 'Uçuşlar',
  9: 'Gömrük',
  10: 'Kassa',
  11: 'Tənzimləmələr',
  12: 'Kontent',
  13: 'Bildirişlər',
  14: 'Müraciətlər',
  15: 'Tapşırıqlar',
  16: 'İadələr',
  17: 'İxrac tapşırıqları',
  18: 'Statistika',
  19: 'Naməlum bağlamalar',
  40: 'Filiallar',
  43: 'Trendyol statusları',
};
