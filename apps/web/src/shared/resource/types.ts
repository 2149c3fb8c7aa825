import type { AuthUser } from '@app/contract/auth';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { DataTableColumn } from '../data-table/column-types';
import type { TableSort } from '../data-table/table-state';
import type { SelectOption } from '../form/search-select';

/*
 * The one pattern of spec §2 "Settings-type lists" on the screen: a list declares its calls,
 * columns, fields, permission codes and rules; ResourceListPage and the form/details routes give
 * it the table, toolbar, row menu, create/update (768 px modal or full page), details and delete.
 */

export type FormValues = Record<string, unknown>;
export type FormMode = 'create' | 'update';

/** What a field's rule functions see. */
export interface FieldContext<V extends FormValues = FormValues> {
  values: V;
  mode: FormMode;
  form: FormInstance<V>;
}

export type FieldKind = 'text' | 'textarea' | 'integer' | 'decimal' | 'select' | 'switch' | 'radio' | 'json' | 'time' | 'date' | 'custom';

export interface FieldSpec<V extends FormValues = FormValues> {
  name: string;
  label: string;
  kind: FieldKind;
  /** Grid width of 24 (12 unless told). */
  span?: number;
  /** select/radio options, the key of an option list the definition's useOptions returns, or a function of the form. */
  options?: readonly SelectOption[] | string | ((ctx: FieldContext<V>, all: Record<string, readonly SelectOption[]>) => readonly SelectOption[]);
  isMultiple?: boolean;
  maxLength?: number;
  placeholder?: string;
  extra?: ReactNode;
  /** A value that never changes (tariff units): shown, not editable. */
  isReadOnly?: boolean;
  isHidden?: (ctx: FieldContext<V>) => boolean;
  isDisabled?: (ctx: FieldContext<V>) => boolean;
  /** Runs after the user changes this field (the infinity toggle clears weight_to). */
  onChange?: (value: unknown, ctx: FieldContext<V>) => void;
  /** Not sent to the server (the infinity toggle itself). */
  isLocal?: boolean;
  render?: (ctx: FieldContext<V>) => ReactNode;
}

export interface DetailItem<Row> {
  label: string;
  render: (row: Row) => ReactNode;
  span?: number;
}

export interface ResourcePermissions {
  read: string;
  create?: string;
  update?: string;
  delete?: string;
}

export interface ResourceDefinition<Row extends { id: number }, V extends FormValues = FormValues> {
  /** Table id (stored preferences) and cache key. */
  id: string;
  /** Route under /@next: `branches` → branches/create, branches/{id}/update, branches/{id}. */
  path: string;
  title: string;
  api: {
    list: string;
    info: string;
    create?: string;
    update?: string;
    remove?: string;
    removeMethod?: 'GET' | 'POST';
    /** The key's wire name: branch_id. */
    key: string;
    /** Extra query of info/delete (statuses: model_id). */
    keyExtra?: (row: Row) => Record<string, number>;
  };
  permissions: ResourcePermissions;
  columns: (ctx: { options: Record<string, readonly SelectOption[]>; isLoading: boolean }) => DataTableColumn<Row>[];
  defaultSort?: TableSort;
  fields?: readonly FieldSpec<V>[];
  /** Validation of the whole form (the contract's schemas). */
  schema?: { create?: z.ZodType; update?: z.ZodType };
  /** Defaults of a new row. */
  defaults?: Partial<V>;
  /** A stored row → form values (default: the fields' names picked from the row). */
  toValues?: (row: Row) => V;
  /** Lookup options the columns and fields pick from (a hook: called once per screen). */
  useOptions?: () => { options: Record<string, readonly SelectOption[]>; isLoading: boolean };
  details?: (ctx: { options: Record<string, readonly SelectOption[]> }) => DetailItem<Row>[];
  /** 'page' for lists whose create/update/info are full pages (countries). */
  layout?: 'modal' | 'page';
  modalWidth?: number;
  /** The delete question (tariffs: 'Tarifi silməyə əminsinizmi?'). */
  deleteConfirm?: string;
  /** Whether a row may be deleted or edited at all (a decided refund). */
  canEditRow?: (row: Row) => boolean;
  /** Extra toolbar buttons (plans: Xüsusi tariflər). */
  toolbarExtra?: ReactNode;
  /**
   * Extra row menu items (approve, reject, turn off): the list page asks `confirm` first when given,
   * then runs `run`, shows success or the server's error, and refreshes the table.
   */
  rowActions?: (row: Row, ctx: { user: AuthUser }) => RowAction[];
}

export interface RowAction {
  key: string;
  label: string;
  /** A plain step (open a page): runs as it is. */
  onClick?: () => void;
  /** A server call: confirmed when `confirm` is given, then toasted and the table refreshed. */
  run?: () => Promise<unknown>;
  confirm?: string;
  isDanger?: boolean;
}
