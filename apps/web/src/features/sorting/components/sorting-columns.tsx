import type { SortingListItem } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../shared/data-table/column-types';

const t = az.sortingUi;

/** The columns of a flight's sorting list (sorted or not): track code, code (branch letter), branch, when. */
export function buildSortingColumns(): DataTableColumn<SortingListItem>[] {
  return [
    { key: 'track_code', title: t.trackCode, width: 'large', sortColumn: 'track_code', isAlwaysVisible: true, filter: { kind: 'text', param: 'track_code' },
      render: (r) => <Link to={`/@next/declarations/${r.id}`}>{r.track_code}</Link> },
    { key: 'code', title: t.code, width: 'small', sortColumn: 'code', align: 'center',
      render: (r) => (r.code ? <Tag color="geekblue" style={{ fontSize: 14, fontWeight: 600 }}>{r.code}</Tag> : <Typography.Text type="secondary">—</Typography.Text>) },
    { key: 'customer', title: az.declarations.customer, width: 'normal', render: (r) => r.user_name ?? '—' },
    { key: 'code_text', title: t.codeText, width: 'large', render: (r) => r.code_text ?? <Typography.Text type="secondary">{t.noCode}</Typography.Text> },
    { key: 'sorted_at', title: t.sortedAt, width: 'date', sortColumn: 'sorted_at',
      render: (r) => (r.sorted_at ? r.sorted_at : <Tag color="orange">{t.notSortedYet}</Tag>) },
  ];
}
