import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CustomsPingIndicator } from './ping-indicator';

/** The frame of every customs screen: its title, its own buttons and the ping indicator (spec §2 "Customs"). */
export function CustomsPageCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
        <Space wrap>{extra}<CustomsPingIndicator /></Space>
      </Space>
      {children}
    </Card>
  );
}
