import { az } from '@app/contract/texts/az';
import { ConfigProvider, type ThemeConfig } from 'antd';
// the ES module build: the default `antd/locale/az_AZ` is CommonJS and drags its own copies of the picker locales
import azAZ from 'antd/es/locale/az_AZ';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';

/** spec §9: theme primary #0A4755; sidebar 46 px when collapsed; header 46 px. */
export const THEME: ThemeConfig = {
  token: { colorPrimary: '#0A4755', borderRadius: 4 },
  components: {
    Layout: { headerHeight: 46, siderBg: '#06323c', headerBg: '#ffffff' },
    Table: { rowSelectedBg: '#e3eef1', rowSelectedHoverBg: '#d3e5ea', rowHoverBg: '#f2f7f8' },
    Menu: {
      collapsedWidth: 46,
      darkItemBg: '#06323c',
      darkSubMenuItemBg: '#04262e',
      darkItemSelectedBg: '#1a7f93',
      itemHeight: 34,
    },
  },
};

/** antd's Azerbaijani texts with the product's one empty-list text (spec §8 'Məlumat tapılmadı'; antd says 'Məlumat yoxdur'). */
export const LOCALE: Locale = {
  ...azAZ,
  Table: { ...azAZ.Table, emptyText: az.table.empty },
  Empty: { ...azAZ.Empty, description: az.table.empty },
};

/** Every dialog's X is named apart from a 'Bağla' action inside it (issue 16). */
const MODAL = { closable: { 'aria-label': az.app.closeDialog } };

/**
 * antd's theme and Azerbaijani locale. Only the screens built from antd (the signed-in shell, the
 * 404 page outside it) mount it, so the entry and /login load no antd (issue 15). Form dialogs
 * open on their first field through shared/form/form-modal.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={LOCALE} theme={THEME} modal={MODAL}>
      {children}
    </ConfigProvider>
  );
}
