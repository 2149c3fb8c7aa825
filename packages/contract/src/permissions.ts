import { MODEL, type ModelId } from './models';

/**
 * Every permission (operation) code of spec §2 (sidebar gates) and §6 (action permissions),
 * with the model it is grouped under on the permissions screen and its Azerbaijani name.
 */
export const OPERATIONS = [
  // General
  { code: 'stat', model: MODEL.statistics, name: 'Statistika' },
  { code: 'client_appointment', model: MODEL.users, name: 'Müştəri qəbulu' },
  { code: 'local_warehouse', model: MODEL.handover, name: 'Təhvil növbələri' },
  { code: 'local_warehouse_execute', model: MODEL.handover, name: 'Növbəni icra etmək' },
  { code: 'local_warehouse_delete', model: MODEL.handover, name: 'Növbəni ləğv etmək' },
  { code: 'cashflow', model: MODEL.cashFlow, name: 'Kassa axını' },
  // Main
  { code: 'users', model: MODEL.users, name: 'İstifadəçilər' },
  { code: 'user_edit', model: MODEL.users, name: 'İstifadəçini redaktə və ixrac' },
  { code: 'admins', model: MODEL.users, name: 'Adminlər və anbardarlar' },
  { code: 'changeuserpermissions', model: MODEL.users, name: 'İstifadəçi icazələrini dəyişmək' },
  { code: 'user_discount', model: MODEL.users, name: 'Endirim tətbiq etmək' },
  { code: 'orders', model: MODEL.orders, name: 'Sifarişlər' },
  { code: 'trendyol_declarations', model: MODEL.declarations, name: 'United bağlamaları' },
  { code: 'parcel_sorting_list', model: MODEL.declarations, name: 'Çeşidləmə' },
  { code: 'declarations_handover', model: MODEL.declarations, name: 'Bağlamanı təhvil vermək' },
  { code: 'bulkdeclarationhandover', model: MODEL.declarations, name: 'Toplu təhvil' },
  { code: 'declaration_cancel', model: MODEL.declarations, name: 'Bağlamanı silmək' },
  { code: 'changedeliveryprice', model: MODEL.declarations, name: 'Çatdırılma qiymətini dəyişmək' },
  { code: 'changeweightdeclaration', model: MODEL.declarations, name: 'Çəkini dəyişmək' },
  { code: 'conflicted_declarations', model: MODEL.conflictedDeclarations, name: 'Naməlum bağlamalar' },
  { code: 'declarations_archive', model: MODEL.declarations, name: 'Arxiv bağlamalar' },
  { code: 'partner_declarations', model: MODEL.declarations, name: 'Partnyor bağlamaları' },
  { code: 'flights', model: MODEL.flights, name: 'Uçuşlar' },
  { code: 'canceldepesh', model: MODEL.flights, name: 'Depeşi ləğv etmək' },
  { code: 'tickets', model: MODEL.tickets, name: 'Müraciətlər' },
  { code: 'ticket_templates', model: MODEL.tickets, name: 'Müraciət şablonları' },
  { code: 'transactions', model: MODEL.transactions, name: 'Balans əməliyyatları' },
  { code: 'couriers', model: MODEL.couriers, name: 'Kuryerlər' },
  { code: 'courier_assignments', model: MODEL.couriers, name: 'Kuryer təyinatları' },
  // Customs
  { code: 'bbs_office', model: MODEL.customs, name: 'Gömrük tapşırıqları' },
  { code: 'bbs_queues', model: MODEL.customs, name: 'DNS növbələri' },
  { code: 'dgk_declarations', model: MODEL.customs, name: 'Gömrük bəyannamələri və postları' },
  { code: 'deleted_customs_declarations', model: MODEL.customs, name: 'Silinmiş gömrük bəyannamələri' },
  { code: 'post_declarations', model: MODEL.customs, name: 'Poçt bəyannamələri' },
  { code: 'united_queues', model: MODEL.customs, name: 'United növbələri' },
  { code: 'azerpost_queues', model: MODEL.customs, name: 'Azərpoçt növbələri' },
  // Bonus, notifications, content
  { code: 'bon_cashback', model: MODEL.transactions, name: 'Bonus keşbek' },
  { code: 'sms_archive', model: MODEL.notifications, name: 'SMS arxivi' },
  { code: 'whatsapp_archive', model: MODEL.notifications, name: 'WhatsApp arxivi' },
  { code: 'mail_archive', model: MODEL.notifications, name: 'E-poçt arxivi' },
  { code: 'bulk_app_notification', model: MODEL.notifications, name: 'Toplu mobil bildiriş' },
  { code: 'notification_templates', model: MODEL.notifications, name: 'Bildiriş şablonları' },
  { code: 'state_changes', model: MODEL.content, name: 'Status arxivi' },
  { code: 'my_logs', model: MODEL.content, name: 'Loglar' },
  { code: 'news', model: MODEL.content, name: 'Xəbərlər' },
  { code: 'faq', model: MODEL.content, name: 'FAQ' },
  { code: 'shops', model: MODEL.content, name: 'Mağazalar' },
  { code: 'about', model: MODEL.content, name: 'Haqqımızda' },
  { code: 'transportation_conditions', model: MODEL.content, name: 'Daşınma şərtləri' },
  { code: 'banners', model: MODEL.content, name: 'Bannerlər' },
  { code: 'popups', model: MODEL.content, name: 'Popaplar' },
  { code: 'delivery_proof', model: MODEL.content, name: 'Çatdırılma sübutları' },
  // Settings
  { code: 'system_settings', model: MODEL.settings, name: 'Sistem tənzimləmələri' },
  { code: 'coupons', model: MODEL.settings, name: 'Kuponlar' },
  { code: 'returns', model: MODEL.returns, name: 'İadələr' },
  { code: 'cashback', model: MODEL.settings, name: 'Keşbek' },
  { code: 'foreign_cargoes', model: MODEL.settings, name: 'Xarici kargolar' },
  { code: 'containers', model: MODEL.containers, name: 'Yeşiklər' },
  { code: 'container_transfers_logs', model: MODEL.containers, name: 'Yeşik köçürmələri' },
  { code: 'shop_names', model: MODEL.settings, name: 'Mağaza adları' },
  { code: 'return_reasons', model: MODEL.returns, name: 'İadə növləri' },
  { code: 'countries', model: MODEL.settings, name: 'Ölkələr' },
  { code: 'country_edit', model: MODEL.settings, name: 'Ölkəni redaktə etmək' },
  { code: 'branches', model: MODEL.branches, name: 'Filiallar' },
  { code: 'branch_add', model: MODEL.branches, name: 'Filial əlavə etmək' },
  { code: 'branch_edit', model: MODEL.branches, name: 'Filialı redaktə etmək' },
  { code: 'branch_delete', model: MODEL.branches, name: 'Filialı silmək' },
  { code: 'branch_manager', model: MODEL.branches, name: 'Filial meneceri (partnyor yeşikləri)' },
  { code: 'companies', model: MODEL.branches, name: 'Filial partnyorları' },
  { code: 'company_edit', model: MODEL.branches, name: 'Partnyoru redaktə etmək' },
  { code: 'company_delete', model: MODEL.branches, name: 'Partnyoru silmək' },
  { code: 'tarifs', model: MODEL.settings, name: 'Tariflər' },
  { code: 'producttypes', model: MODEL.settings, name: 'Məhsul növləri' },
  { code: 'regions', model: MODEL.settings, name: 'Regionlar' },
  { code: 'models', model: MODEL.settings, name: 'Modellər' },
  { code: 'states', model: MODEL.settings, name: 'Statuslar' },
  // Money
  { code: 'cashbox_operations.cud', model: MODEL.cashFlow, name: 'Kassa əməliyyatları: yarat, dəyiş, sil' },
  { code: 'cashbox_operations.cancel_cashflow_transaction', model: MODEL.cashFlow, name: 'Kassa tranzaksiyasını ləğv etmək' },
  { code: 'cashboxes.cud', model: MODEL.cashFlow, name: 'Kassalar: yarat, dəyiş, sil' },
  { code: 'cash_categories.cud', model: MODEL.cashFlow, name: 'Kassa kateqoriyaları: yarat, dəyiş, sil' },
  // Other routes
  { code: 'dev', model: MODEL.tasks, name: 'Uğursuz tapşırıqlar' },
  { code: 'telegram_grant', model: MODEL.notifications, name: 'Telegram bot istifadəçiləri' },
] as const satisfies readonly { code: string; model: ModelId; name: string }[];

export type PermissionCode = (typeof OPERATIONS)[number]['code'];
export const PERMISSION_CODES: readonly PermissionCode[] = OPERATIONS.map((o) => o.code);
export function isPermissionCode(code: string): code is PermissionCode {
  return (PERMISSION_CODES as readonly string[]).includes(code);
}

/** Permission sets of the demo staff (seed) and the defaults a new staff member of a role gets. */
export const ROLE_DEFAULT_PERMISSIONS: Record<2 | 3 | 4, readonly PermissionCode[]> = {
  2: [
    'stat', 'local_warehouse', 'local_warehouse_execute', 'flights', 'containers', 'container_transfers_logs',
    'parcel_sorting_list', 'conflicted_declarations', 'declarations_handover', 'changeweightdeclaration',
  ],
  3: [
    'stat', 'users', 'user_edit', 'user_discount', 'orders', 'transactions', 'couriers', 'tickets',
    'conflicted_declarations', 'declarations_archive', 'dgk_declarations', 'post_declarations',
    'deleted_customs_declarations', 'declarations_handover', 'declaration_cancel', 'changedeliveryprice',
    'news', 'faq', 'shops', 'returns', 'shop_names',
  ],
  4: ['branch_manager'],
};
