import { ClearOutlined, FilterOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { TotalKind } from '@app/contract/common';
import { az, fill } from '@app/contract/texts/az';
import { Button, Checkbox, Flex, Popover, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatCount } from '../format/format-number';
import { OverflowRow } from '../ui/overflow-row';
import { isActionColumn, type ColumnFilter, type DataTableColumn, type FilterValue } from './column-types';
import { LazyFilterEditor } from './lazy-filter-editor';

export interface ActiveFilterTag {
  key: string;
  text: string;
  isClosable: boolean;
}

/** A filter-only column's editor, shown as a toolbar button. */
export interface ToolbarFilter {
  key: string;
  title: string;
  filter: ColumnFilter;
  value: FilterValue | undefined;
  isActive: boolean;
}

function ToolbarFilterButton({ item, onChange }: { item: ToolbarFilter; onChange: (key: string, value: FilterValue | undefined) => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      open={isOpen}
      onOpenChange={setOpen}
      content={
        <LazyFilterEditor
          filter={item.filter}
          title={item.title}
          value={item.value}
          onChange={(next) => onChange(item.key, next)}
          close={() => setOpen(false)}
        />
      }
    >
      <Button icon={<FilterOutlined />} type={item.isActive ? 'primary' : 'default'} ghost={item.isActive} aria-haspopup="dialog" data-testid={`toolbar-filter-${item.key}`}>
        {item.title}
      </Button>
    </Popover>
  );
}

interface TableToolbarProps<Row> {
  slot?: ReactNode;
  /** A phone: the list's buttons get a row of their own above the count and the table buttons. */
  isCompact?: boolean;
  total: number | undefined;
  totalKind: TotalKind | undefined;
  selectedCount: number;
  activeFilters: ActiveFilterTag[];
  columns: readonly DataTableColumn<Row>[];
  toolbarFilters?: ToolbarFilter[];
  onFilterChange?: (key: string, value: FilterValue | undefined) => void;
  hiddenColumns: string[];
  isFetching: boolean;
  onRefresh: () => void;
  onReset: () => void;
  onClearSelection: () => void;
  onClearFilter: (key: string) => void;
  onToggleColumn: (key: string, isVisible: boolean) => void;
  onShowAllColumns: () => void;
}

/** "Cəmi: N", "Cəmi: 10000+" (capped, with a hint) or "Cəmi: ~N" (estimated). */
export function describeTotal(total: number, kind: TotalKind = 'exact'): string {
  const count = formatCount(total);
  if (kind === 'capped') return fill(az.table.totalCapped, { N: count });
  if (kind === 'estimated') return fill(az.table.totalEstimated, { N: count });
  return fill(az.table.total, { N: count });
}

export function TableToolbar<Row>(props: TableToolbarProps<Row>) {
  const { total, totalKind, selectedCount, activeFilters, columns, hiddenColumns } = props;
  const totalText = total === undefined ? null : describeTotal(total, totalKind);
  const columnPicker = (
    <Flex vertical gap={4} style={{ maxHeight: 360, overflowY: 'auto', minWidth: 200 }}>
      {columns.filter((column) => !isActionColumn(column)).map((column) => (
        <Checkbox
          key={column.key}
          disabled={column.isAlwaysVisible}
          checked={!hiddenColumns.includes(column.key)}
          onChange={(event) => props.onToggleColumn(column.key, event.target.checked)}
        >
          {column.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={props.onShowAllColumns} style={{ alignSelf: 'flex-start', padding: 0 }}>
        {az.table.all}
      </Button>
    </Flex>
  );

  /** Icon buttons named by aria-label and a tooltip: the row keeps its room for the list's own buttons. */
  const iconButton = (label: string, icon: ReactNode, onClick?: () => void) => (
    <Tooltip title={label}>
      <Button icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );

  // issue 16: one row at 1440 px (it took three); what does not fit moves into a "more" button, on a phone too.
  return (
    <Flex vertical gap={8} style={{ marginBottom: 8 }}>
      <Flex gap={8} align={props.isCompact ? 'stretch' : 'center'} justify="space-between" wrap={false} vertical={props.isCompact} data-testid="table-toolbar">
        <OverflowRow moreLabel={az.table.moreActions} testId="table-toolbar-actions" style={props.isCompact ? { flex: 'none' } : undefined}>
          {props.slot}
          {props.toolbarFilters?.map((item) => (
            <ToolbarFilterButton key={`filter-${item.key}`} item={item} onChange={(key, value) => props.onFilterChange?.(key, value)} />
          ))}
        </OverflowRow>
        <Flex gap={8} align="center" justify="flex-end" wrap={false} style={{ flex: 'none' }}>
          {selectedCount > 0 && (
            <Flex gap={4} align="center">
              <Typography.Text strong data-testid="selection-count" style={{ whiteSpace: 'nowrap' }}>
                {fill(az.table.selected, { N: selectedCount })}
              </Typography.Text>
              <Button size="small" onClick={props.onClearSelection}>
                {az.table.clearSelection}
              </Button>
            </Flex>
          )}
          {totalText &&
            (totalKind === 'capped' ? (
              <Tooltip title={az.table.totalCappedHint}>
                <Typography.Text data-testid="table-total" underline style={{ cursor: 'help', whiteSpace: 'nowrap' }}>
                  {totalText}
                </Typography.Text>
              </Tooltip>
            ) : (
              <Typography.Text data-testid="table-total" style={{ whiteSpace: 'nowrap' }}>{totalText}</Typography.Text>
            ))}
          {iconButton(az.table.refresh, <ReloadOutlined spin={props.isFetching} />, props.onRefresh)}
          {iconButton(az.table.reset, <ClearOutlined />, props.onReset)}
          <Popover trigger="click" placement="bottomRight" title={az.table.columns} content={columnPicker}>
            <span>{iconButton(az.table.columns, <SettingOutlined />)}</span>
          </Popover>
        </Flex>
      </Flex>
      {activeFilters.length > 0 && (
        <Flex wrap gap={4} data-testid="active-filters">
          {activeFilters.map((tag) => (
            <Tag
              key={tag.key}
              color="processing"
              closable={tag.isClosable}
              onClose={(event) => {
                event.preventDefault();
                props.onClearFilter(tag.key);
              }}
            >
              {tag.text}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
