import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import azAZ from 'antd/locale/az_AZ';
import dayjs from 'dayjs';
import 'dayjs/locale/az';
import type { ReactNode } from 'react';

dayjs.locale('az');

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

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={azAZ} theme={THEME}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
