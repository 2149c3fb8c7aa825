import type { PermissionCode } from '@app/contract/permissions';

/** The three archives of spec §2 "Notifications" (the app push has only its bulk send). */
export type ArchiveChannel = 'sms' | 'whatsapp' | 'mail';
/** The archive of everything, or the queue of what still waits (`_queues`). */
export type ArchiveView = 'archive' | 'queues';

export interface ArchiveChannelSpec {
  channel: ArchiveChannel;
  /** The page path under /@next (spec §2). */
  path: string;
  permission: PermissionCode;
  /** `archive/{name}`, `archive/{name}_queues`, `_active`, `_status`, `archive/send_{name}`. */
  apiName: 'sms' | 'whatsapp' | 'mail';
  /** The row's id in the toggle/status calls: `sms_id`, `whatsapp_id`, `mail_id`. */
  idParam: 'sms_id' | 'whatsapp_id' | 'mail_id';
  /** Where a row keeps its recipient, and the filter that searches it. */
  addressField: 'number' | 'email';
  addressFilter: 'phone' | 'email';
  /** GET archive/{name}_status: a per-row delivery status (SMS and WhatsApp providers report one). */
  hasStatusCall: boolean;
  /** The bulk send of the channel (`bulk_{name}`). */
  bulkName: 'bulk_sms' | 'bulk_whatsapp' | 'bulk_mail';
}

export const ARCHIVE_CHANNELS: Record<ArchiveChannel, ArchiveChannelSpec> = {
  sms: { channel: 'sms', path: 'notifier/sms', permission: 'sms_archive', apiName: 'sms', idParam: 'sms_id', addressField: 'number', addressFilter: 'phone', hasStatusCall: true, bulkName: 'bulk_sms' },
  whatsapp: { channel: 'whatsapp', path: 'notifier/whatsapp', permission: 'whatsapp_archive', apiName: 'whatsapp', idParam: 'whatsapp_id', addressField: 'number', addressFilter: 'phone', hasStatusCall: true, bulkName: 'bulk_whatsapp' },
  mail: { channel: 'mail', path: 'notifier/email', permission: 'mail_archive', apiName: 'mail', idParam: 'mail_id', addressField: 'email', addressFilter: 'email', hasStatusCall: false, bulkName: 'bulk_mail' },
};

export function archiveListPath(spec: ArchiveChannelSpec, view: ArchiveView): string {
  return view === 'queues' ? `/api/admin/archive/${spec.apiName}_queues` : `/api/admin/archive/${spec.apiName}`;
}
