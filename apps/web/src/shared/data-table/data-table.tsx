import type { ListResponse } from '@app/contract/common';
import { FilterFilled } from '@ant-design/icons';
import { az, fill } from '@app/contract/texts/az';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table, type TableColumnType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import type { QueryParams } from '../http/http-client';
import { readErrorMessage } from '../http/http-error';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useMediaQuery } from '../hooks/use-media-query';
import { LazyResult } from '../ui/lazy-result';
import { arrangeColumns, isActionColumn, resolveColumnWidth, type DataTableColumn, type FilterValue } from './column-types';
import { describeFilterValue } from './describe-filter';
import { LazyFilterEditor } from './lazy-filter-editor';
import {
  buildDefaultFilters,
  buildListParams,
  isFilterEmpty,
  listPageSizes,
  resolveDefaultPageSize,
  type TableDefaults,
  type TableSort,
  type TableState,
} from './table-state';
import './data-table.css';
import { TableToolbar, type ActiveFilterTag } from './table-toolbar';
import { useHiddenColumns } from './use-hidden-columns';
import { useTableUrlState } from './use-table-url-state';

/** spec §9: requests wait until the table state has been still for 300 ms. */
const REQUEST_DEBOUNCE_MS = 300;
const SELECTION_COLUMN_WIDTH = 40;
/** Below this width only the selection and the row menu stay in view while scrolling sideways (a phone). */
const COMPACT_QUERY = '(max-width: 767px)';
/** The row menu's 24 px button in a 39 px cell (spec §9): the cell gives up most of its padding. */
const ACTION_CELL = { style: { paddingInline: 4, textAlign: 'center' as const } };

export interface ToolbarContext<Row> {
  selectedRows: Row[];
  selectedKeys: Key[];
  clearSelection: () => void;
  /** Selects every row of the page shown (a toolbar "select all" button). */
  selectPage: () => void;
  params: QueryParams;
}

export interface DataTableProps<Row> {
  /** Names the table for stored preferences (hidden columns). */
  tableId: string;
  columns: readonly DataTableColumn<Row>[];
  queryKey: readonly unknown[];
  fetchPage: (params: QueryParams, signal: AbortSignal) => Promise<ListResponse<Row>>;
  rowKey: (row: Row) => Key;
  defaultSort?: TableSort | null;
  /** 25 unless told; a list defaulting to 50 reads the stored tablePageSize (spec §9). */
  defaultPageSize?: number;
  isSelectable?: boolean;
  onRowDoubleClick?: (row: Row) => void;
  toolbar?: (context: ToolbarContext<Row>) => ReactNode;
}

function toAntdOrder(sort: TableSort | null, column: string | undefined): 'ascend' | 'descend' | null {
  if (!column || sort?.column !== column) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

function isFilterActive(value: FilterValue | undefined): boolean {
  if (isFilterEmpty(value)) return false;
  return !(typeof value === 'object' && !Array.isArray(value) && value.preset === 'all');
}

/** spec §2 "Generic data table": server-driven list with filters, sort, selection and paging. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { tableId, columns, queryKey, fetchPage, rowKey, isSelectable = true } = props;
  const defaults = useMemo<TableDefaults>(
    () => ({
      pageSize: resolveDefaultPageSize(props.defaultPageSize),
      sort: props.defaultSort ?? null,
      filters: buildDefaultFilters(columns),
    }),
    [props.defaultPageSize, props.defaultSort, columns],
  );
  const { state, setState, resetState } = useTableUrlState(columns, defaults);
  const { hidden, toggleColumn, showAllColumns } = useHiddenColumns(tableId, columns);
  const isCompact = useMediaQuery(COMPACT_QUERY);
  // Selected rows are kept across pages (antd only hands over the rows of the current page).
  const [selection, setSelection] = useState<{ keys: Key[]; rows: Map<Key, Row> }>(() => ({ keys: [], rows: new Map() }));
  const selectedKeys = selection.keys;

  // The date presets resolve against today: the key text changes only when the state or the day does.
  const paramsText = JSON.stringify(buildListParams(state, columns));
  const debouncedText = useDebouncedValue(paramsText, REQUEST_DEBOUNCE_MS);
  const params = useMemo(() => JSON.parse(debouncedText) as QueryParams, [debouncedText]);

  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });

  const updateState = (update: (current: TableState) => TableState) => setState(update);
  const setFilter = (key: string, value: FilterValue | undefined) =>
    updateState((current) => {
      const filters = { ...current.filters };
      if (value === undefined) delete filters[key];
      else filters[key] = value;
      return { ...current, filters, pageIndex: 0 };
    });

  const clearSelection = () => setSelection({ keys: [], rows: new Map() });
  const selectPage = () =>
    setSelection((current) => {
      const known = new Map(current.rows);
      (query.data?.data ?? []).forEach((row) => known.set(rowKey(row), row));
      return { keys: [...known.keys()], rows: known };
    });

  const visibleColumns = columns.filter((column) => !column.isFilterOnly && (column.isAlwaysVisible || !hidden.includes(column.key)));
  const toolbarFilters = columns.flatMap((column) =>
    column.isFilterOnly && column.filter
      ? [{ key: column.key, title: column.title, filter: column.filter, value: state.filters[column.key], isActive: isFilterActive(state.filters[column.key]) }]
      : [],
  );
  const arranged = arrangeColumns(visibleColumns, isCompact);
  const antdColumns: TableColumnType<Row>[] = arranged.map(({ column, isFixed }) => {
    const value = state.filters[column.key];
    const filter = column.filter;
    const isActions = isActionColumn(column);
    return {
      key: column.key,
      // the whole title on hover where the column cuts it (issue 16: 'Provay…', 'Doğum …')
      title: column.title ? <span title={column.title}>{column.title}</span> : null,
      width: resolveColumnWidth(column.width, isActions),
      align: isActions ? 'center' : column.align,
      fixed: isFixed ? 'left' : undefined,
      ellipsis: !isActions,
      onCell: isActions ? () => ACTION_CELL : undefined,
      onHeaderCell: isActions ? () => ACTION_CELL : undefined,
      render: (_: unknown, row: Row) => column.render(row),
      sorter: column.sortColumn ? true : undefined,
      sortOrder: toAntdOrder(state.sort, column.sortColumn),
      sortDirections: ['ascend', 'descend'],
      filtered: isFilterActive(value),
      // each filter button is named by its column, not 21 buttons called 'filter' (issue 16)
      filterIcon: filter ? () => <FilterFilled aria-label={fill(az.table.filterBy, { COLUMN: column.title })} /> : undefined,
      filterDropdown: filter
        ? ({ close }) => (
            <LazyFilterEditor
              filter={filter}
              title={column.title}
              value={value}
              onChange={(next) => setFilter(column.key, next)}
              close={close}
            />
          )
        : undefined,
    };
  });

  const activeFilters: ActiveFilterTag[] = columns.flatMap((column) => {
    const value = state.filters[column.key];
    if (!column.filter || value === undefined || isFilterEmpty(value)) return [];
    const isAllTime = column.filter.kind === 'date-range' && !isFilterActive(value);
    return [{ key: column.key, text: `${column.title}: ${describeFilterValue(column.filter, value)}`, isClosable: !isAllTime }];
  });

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      updateState((current) => {
        const pageSize = pagination.pageSize ?? current.pageSize;
        const pageIndex = pageSize !== current.pageSize ? 0 : (pagination.current ?? 1) - 1;
        return { ...current, pageSize, pageIndex };
      });
    } else if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const column = columns.find((c) => c.key === single?.columnKey);
      const sort: TableSort | null =
        single?.order && column?.sortColumn
          ? { column: column.sortColumn, order: single.order === 'ascend' ? 'asc' : 'desc' }
          : defaults.sort;
      updateState((current) => ({ ...current, sort, pageIndex: 0 }));
    }
  };

  const rows = query.data?.data ?? [];
  const isWaiting = paramsText !== debouncedText;
  const isBusy = query.isFetching || isWaiting;
  const scrollWidth =
    visibleColumns.reduce((sum, column) => sum + resolveColumnWidth(column.width, isActionColumn(column)), 0) +
    (isSelectable ? SELECTION_COLUMN_WIDTH : 0);

  return (
    <div className="data-table" data-testid={`table-${tableId}`} aria-busy={isBusy}>
      <TableToolbar
        slot={props.toolbar?.({
          selectedRows: selectedKeys.flatMap((key) => {
            const row = selection.rows.get(key);
            return row === undefined ? [] : [row];
          }),
          selectedKeys,
          clearSelection,
          selectPage,
          params,
        })}
        isCompact={isCompact}
        total={query.isError ? undefined : query.data?.total}
        totalKind={query.data?.total_kind}
        selectedCount={selectedKeys.length}
        activeFilters={activeFilters}
        columns={columns.filter((column) => !column.isFilterOnly)}
        toolbarFilters={toolbarFilters}
        onFilterChange={setFilter}
        hiddenColumns={hidden}
        isFetching={query.isFetching}
        onRefresh={() => void query.refetch()}
        onReset={() => {
          clearSelection();
          resetState();
        }}
        onClearSelection={clearSelection}
        onClearFilter={(key) => {
          const column = columns.find((c) => c.key === key);
          setFilter(key, column?.filter?.kind === 'date-range' ? { preset: 'all' } : undefined);
        }}
        onToggleColumn={toggleColumn}
        onShowAllColumns={showAllColumns}
      />
      {query.isError ? (
        <LazyResult
          status="warning"
          title={readErrorMessage(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {az.table.refresh}
            </Button>
          }
        />
      ) : (
        <Table<Row>
          size="small"
          bordered
          rowKey={rowKey}
          columns={antdColumns}
          dataSource={rows}
          loading={isBusy}
          scroll={{ x: scrollWidth }}
          showSorterTooltip={false}
          locale={{ emptyText: az.table.empty }}
          onChange={onTableChange}
          onRow={(row) => ({ onDoubleClick: () => props.onRowDoubleClick?.(row) })}
          rowSelection={
            isSelectable
              ? {
                  columnWidth: SELECTION_COLUMN_WIDTH,
                  fixed: true,
                  preserveSelectedRowKeys: true,
                  selectedRowKeys: selectedKeys,
                  selections: [Table.SELECTION_ALL, Table.SELECTION_INVERT, Table.SELECTION_NONE],
                  onChange: (keys, selectedRows) =>
                    setSelection((current) => {
                      const known = new Map(current.rows);
                      selectedRows.forEach((row) => {
                        if (row !== undefined) known.set(rowKey(row), row);
                      });
                      return { keys, rows: new Map(keys.flatMap((key) => (known.has(key) ? [[key, known.get(key) as Row]] : []))) };
                    }),
                }
              : undefined
          }
          pagination={{
            current: state.pageIndex + 1,
            pageSize: state.pageSize,
            total: query.data?.total ?? 0,
            pageSizeOptions: listPageSizes(state.pageSize),
            showSizeChanger: true,
            showQuickJumper: true,
            placement: ['bottomEnd'],
          }}
        />
      )}
    </div>
  );
}
