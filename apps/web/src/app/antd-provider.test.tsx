import { az } from '@app/contract/texts/az';
import { Modal, Select, Table } from 'antd';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AntdProvider, LOCALE } from './antd-provider';

describe('[UI][WORDS] one text for one thing (issue 16)', () => {
  test("every empty list says 'Məlumat tapılmadı' (antd's own 'Məlumat yoxdur' is replaced)", () => {
    expect(LOCALE.Table?.emptyText).toBe('Məlumat tapılmadı');
    expect(LOCALE.Empty?.description).toBe('Məlumat tapılmadı');
    expect(az.table.empty).toBe('Məlumat tapılmadı');
    render(
      <AntdProvider>
        <Table rowKey="id" columns={[{ key: 'a', title: 'A' }]} dataSource={[]} />
        <Select open options={[]} />
      </AntdProvider>,
    );
    expect(screen.getAllByText('Məlumat tapılmadı').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('Məlumat yoxdur')).toBeNull();
  });

  test("a dialog's X is named 'Pəncərəni bağla', apart from a 'Bağla' action in it", () => {
    render(
      <AntdProvider>
        <Modal open title="Uçuşu bağla" footer={<button type="button">Bağla</button>}>x</Modal>
      </AntdProvider>,
    );
    expect(screen.getByRole('button', { name: 'Pəncərəni bağla' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Bağla' })).toHaveLength(1);
  });
});
