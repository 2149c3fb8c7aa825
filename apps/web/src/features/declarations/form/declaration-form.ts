import type { DeclarationCombineReply, DeclarationDetail } from '@app/contract/declarations';
import {
  DECLARATION_MEASURE,
  DECLARATION_TYPE,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  STANDARD_TARIFF_CATEGORY_ID,
  isSpecialTariffCategory,
} from '@app/contract/declarations-constants';
import { COUNTRY } from '@app/contract/countries';
import { DECLARATION_STATUS } from '@app/contract/statuses-constants';
import { az } from '@app/contract/texts/az';
import type { FormValue } from '../../../shared/http/http-client';

/** What the create/edit form holds (numbers as typed text, selects as ids, the document as picked files). */
export interface DeclarationFormValues {
  country_id: number | null;
  branch_id: number | null;
  user_id: number | null;
  global_track_code: string;
  shop_name: string;
  product_type_id: number | null;
  wardrobe_number: string;
  quantity: string;
  weight: string;
  price: string;
  delivery_price: string;
  container_id: number | null;
  document: File[];
  is_special: boolean;
  is_liquid: boolean;
  is_commercial: boolean;
  tariff_category_id: number | null;
  descr: string;
}

/** The gates of spec §2: weight needs changeweightdeclaration; price and tariff need changedeliveryprice. */
export interface DeclarationFormGates {
  canEditWeight: boolean;
  canChangeDeliveryPrice: boolean;
}

export function buildCreateDefaults(branchId: number | null = null): DeclarationFormValues {
  return {
    country_id: COUNTRY.turkey,
    branch_id: branchId,
    user_id: null,
    global_track_code: '',
    shop_name: '',
    product_type_id: null,
    wardrobe_number: '',
    quantity: '1',
    weight: '',
    price: '',
    delivery_price: '',
    container_id: null,
    document: [],
    is_special: false,
    is_liquid: false,
    is_commercial: false,
    tariff_category_id: null,
    descr: '',
  };
}

const textOf = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function buildEditValues(detail: DeclarationDetail): DeclarationFormValues {
  const tariffId = detail.tariff_category_id;
  return {
    country_id: detail.country_id,
    branch_id: detail.branch_id,
    user_id: detail.user_id,
    global_track_code: textOf(detail.global_track_code),
    shop_name: textOf(detail.shop_name),
    product_type_id: detail.product_type_id,
    wardrobe_number: textOf(detail.wardrobe_number),
    quantity: textOf(detail.quantity),
    weight: textOf(detail.weight),
    price: textOf(detail.price),
    delivery_price: textOf(detail.delivery_price),
    container_id: detail.container_id,
    document: [],
    is_special: isSpecialTariffCategory(tariffId),
    is_liquid: detail.type === DECLARATION_TYPE.liquid,
    is_commercial: detail.is_commercial === 1,
    tariff_category_id: isSpecialTariffCategory(tariffId) ? tariffId : null,
    descr: textOf(detail.descr),
  };
}

/** GET combine prefills a new declaration that replaces the combined ones. */
export function buildCombinedValues(combined: DeclarationCombineReply['data'], base: DeclarationFormValues): DeclarationFormValues {
  return {
    ...base,
    country_id: combined.country_id,
    branch_id: combined.branch_id ?? base.branch_id,
    user_id: combined.user_id ?? base.user_id,
    global_track_code: textOf(combined.global_track_code),
    shop_name: textOf(combined.shop_name),
    product_type_id: combined.product_type_id,
    quantity: textOf(combined.quantity),
    weight: textOf(combined.weight),
    price: textOf(combined.price),
    is_liquid: combined.type === DECLARATION_TYPE.liquid,
  };
}

interface WireOptions {
  /** Absent: create. */
  declarationId?: number;
  /** Ids of the declarations a combined create replaces. */
  combinedIds?: number[];
}

const trimmed = (value: string | undefined) => value?.trim() ?? '';

/**
 * Form values → the wire form of declaration/create and /edit (spec §3 "Declaration form payload").
 * Fields behind a permission the user lacks are left out, so the server keeps (or computes) them;
 * the box is only sent for an existing declaration; the document only when one was picked.
 */
export function toDeclarationWireForm(
  values: Partial<DeclarationFormValues>,
  gates: DeclarationFormGates,
  options: WireOptions = {},
): Record<string, FormValue> {
  const isUpdate = options.declarationId !== undefined;
  const form: Record<string, FormValue> = {
    measure_id: DECLARATION_MEASURE,
    user_id: values.user_id ?? '',
    country_id: values.country_id ?? '',
    branch_id: values.branch_id ?? '',
    global_track_code: trimmed(values.global_track_code),
    shop_name: trimmed(values.shop_name),
    product_type_id: values.product_type_id ?? '',
    wardrobe_number: trimmed(values.wardrobe_number),
    quantity: trimmed(values.quantity),
    price: trimmed(values.price),
    type: values.is_liquid ? DECLARATION_TYPE.liquid : DECLARATION_TYPE.other,
    is_commercial: values.is_commercial ?? false,
    descr: trimmed(values.descr),
  };
  if (isUpdate) {
    form.declaration_id = options.declarationId;
    form.container_id = values.container_id ?? '';
  } else {
    form.state_id = DECLARATION_STATUS.foreignWarehouse;
  }
  if (gates.canEditWeight) form.weight = trimmed(values.weight);
  if (gates.canChangeDeliveryPrice) {
    const tariffId = values.is_special ? values.tariff_category_id ?? null : STANDARD_TARIFF_CATEGORY_ID;
    form.is_special = isSpecialTariffCategory(tariffId);
    form.tariff_category_id = tariffId ?? '';
    const deliveryPrice = trimmed(values.delivery_price);
    if (deliveryPrice) form.delivery_price = deliveryPrice;
  }
  const [document] = values.document ?? [];
  if (document) form.document_file = document;
  if (!isUpdate && options.combinedIds && options.combinedIds.length > 0) form.combined_id = options.combinedIds.join(','); // 'a,b': the form parser takes no 'combined_id[]'
  return form;
}

/** design: a document is at most 10 MB and a PDF, JPEG or PNG; the server checks again by content. */
export function checkDocument(file: File | undefined): string | null {
  if (!file) return null;
  if (file.size > DOCUMENT_MAX_BYTES) return az.declarations.documentTooLarge;
  if (file.type && !(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return az.declarations.documentWrongType;
  return null;
}
