import type { ConflictedDeclarationDetail } from '@app/contract/conflicted-declarations';
import type { FormValue } from '../../../shared/http/http-client';

/** The unknown declaration form's values (spec §3 "Unknown declaration"; create, edit and accept). */
export interface UnknownFormValues {
  track_code?: string;
  global_track_code?: string;
  country_id?: number;
  user_id?: number | null;
  branch_id?: number | null;
  basket_id?: string;
  product_type_id?: number | null;
  shop_name?: string;
  weight?: string;
  price?: string;
  quantity?: string;
  type?: number;
  descr?: string;
  document?: File[];
}

export function buildUnknownDefaults(branchId: number | null): UnknownFormValues {
  return { country_id: 1, type: 2, branch_id: branchId, document: [] };
}

export function buildUnknownEditValues(u: ConflictedDeclarationDetail): UnknownFormValues {
  return {
    track_code: u.track_code,
    global_track_code: u.global_track_code,
    country_id: u.country_id,
    user_id: u.user_id,
    branch_id: u.branch_id,
    basket_id: u.basket_id ?? '',
    product_type_id: u.product_type_id,
    shop_name: u.shop_name ?? '',
    weight: u.weight ?? '',
    price: u.price ?? '',
    quantity: u.quantity === null ? '' : String(u.quantity),
    type: u.type,
    descr: u.descr ?? '',
    document: [],
  };
}

const text = (v: string | undefined) => (v === undefined ? undefined : v.trim());

/**
 * Values → the form call's fields. Blank fields are sent as '' (the server reads '' as "not given",
 * i.e. unchanged on edit). The weight goes only when the user may change it (changeweightdeclaration)
 * or creates without one; the document only when one was picked.
 */
export function toUnknownWireForm(values: UnknownFormValues, opts: { id?: number; canEditWeight: boolean }): Record<string, FormValue> {
  const form: Record<string, FormValue> = {
    track_code: text(values.track_code),
    global_track_code: text(values.global_track_code),
    country_id: values.country_id,
    user_id: values.user_id ?? '',
    branch_id: values.branch_id ?? '',
    basket_id: text(values.basket_id),
    product_type_id: values.product_type_id ?? '',
    shop_name: text(values.shop_name),
    price: text(values.price),
    quantity: text(values.quantity),
    type: values.type,
    descr: text(values.descr),
  };
  if (opts.id) form.conflicted_declaration_id = opts.id;
  if (opts.canEditWeight) form.weight = text(values.weight);
  const file = values.document?.[0];
  if (file) form.document_file = file;
  return Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined));
}
