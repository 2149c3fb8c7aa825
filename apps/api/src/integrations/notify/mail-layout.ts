import type { DbOrTx } from '../../db/client';
import { findSettingGroupRows } from '../../modules/settings/setting-group-queries';
import type { MailLayout } from './mail';

/** The settings group `mail` (stored under 'email', spec §3) as the mail adapter's layout. */
export async function readMailLayout(db: DbOrTx): Promise<MailLayout> {
  const values: Record<string, unknown> = {};
  for (const row of await findSettingGroupRows(db, 'email')) values[row.key] = row.value;
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : null);
  return {
    headerBannerUrl: text('headerBannerUrl'), headerBannerPhoto: text('headerBannerPhoto'),
    rightBannerUrl: text('rightBannerUrl'), rightBannerPhoto: text('rightBannerPhoto'), footerText: text('footerText'),
  };
}
