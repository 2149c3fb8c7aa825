/*
 * The Azerbaijan customs e-carrier protocol (v2 "carriers"), as /work/shared/integrations/customs-ecarrier.md
 * describes it. Field names keep the service's own odd capitalisation. Shared by the client and the simulator.
 */

export const CUSTOMS_PATHS = {
  ping: '/api/v2/carriers/Ping',
  add: '/api/v2/carriers',
  addCommercial: '/api/v2/carriers/commercial',
  update: '/api/v2/carriers',
  delete: (trackingNumber: string) => `/api/v2/carriers/${encodeURIComponent(trackingNumber)}`,
  carriersPosts: (offset: number, limit: number) => `/api/v2/carriers/carriersposts/${offset}/${limit}`,
  declarations: (offset: number, limit: number) => `/api/v2/carriers/declarations/${offset}/${limit}`,
  deletedDeclarations: (offset: number, limit: number) => `/api/v2/carriers/deleteddeclarations/${offset}/${limit}`,
  approveSearch: '/api/v2/carriers/approvesearch',
  addToBoxes: '/api/v2/carriers/addtoboxes',
  depesh: '/api/v2/carriers/depesh',
  goodsGroups: '/api/v2/carriers/goodsgroupslist',
} as const;

/** The calls, as stored in customs tasks (`action`). */
export const CUSTOMS_ACTIONS = [
  'ping', 'add', 'add_commercial', 'update', 'delete', 'carriersposts', 'declarations', 'deleteddeclarations',
  'approvesearch', 'addtoboxes', 'depesh', 'goodsgroups',
] as const;
export type CustomsAction = (typeof CUSTOMS_ACTIONS)[number];

/** Every answer: `code` other than 200 is a failure even with HTTP 200. */
export interface CustomsEnvelope<T = unknown> {
  code: number;
  data: T;
  exception: { errorMessage?: string | null; validationError?: Record<string, string> | null } | null;
}

export interface CustomsGoodsItem {
  goods_id: number;
  name_of_goods: string;
}

/** A parcel as the carrier adds it (commercial ones also carry voen, airwaybill, depesH_NUMBER). */
export interface CustomsParcel {
  direction: 1;
  trackinG_NO: string;
  transP_COSTS: number;
  weighT_GOODS: number;
  quantitY_OF_GOODS: number;
  invoyS_PRICE: number;
  currencY_TYPE: string;
  fin: string;
  document_type: string;
  idxaL_NAME: string;
  idxaL_ADRESS: string;
  phone: string;
  ixraC_NAME: string;
  ixraC_ADRESS: string;
  goodS_TRAFFIC_FR: string;
  goodS_TRAFFIC_TO: string;
  goodslist: CustomsGoodsItem[];
  voen?: string;
  airwaybill?: string;
  depesH_NUMBER?: string;
}

export interface CustomsUpdateItem {
  trackinG_NO: string;
  airwaybill: string;
  depesH_NUMBER: string;
}

/** Search body of the paged calls. packagE_TYPE "1" individual, "2" commercial. */
export interface CustomsSearch {
  trackingNumber?: string;
  packagE_TYPE: '1' | '2';
  status?: number;
  dateFrom?: string;
  dateTo?: string;
}

/** A carrier post: what the carrier has sent, with the parcel's own fields. status 0/1/3/4 (spec §4). */
export interface CustomsPost extends Partial<Omit<CustomsParcel, 'airwaybill' | 'depesH_NUMBER'>> {
  trackinG_NO: string;
  inserT_DATE: string;
  airwaybill: string | null;
  depesH_NUMBER: string | null;
  depesH_DATE: string | null;
  status: number;
  ecoM_REGNUMBER: string | null;
  weighT_GOODS: number;
  packagE_TYPE?: string;
}

export interface CustomsDeclarationGoods {
  currencyType: string;
  invoicePrice: number;
  invoicePriceUsdNumber: number;
  goodsName?: string;
  quantity?: number;
}

/** A declaration a citizen wrote for a carrier parcel. */
export interface CustomsDeclaration {
  trackingNumber: string;
  regNumber: string;
  payStatus_Id: number;
  insertDate: string;
  goodsList: CustomsDeclarationGoods[];
  fin?: string;
  importerName?: string;
}

export interface CustomsBoxItem {
  regNumber: string;
  trackingNumber: string;
}

export interface CustomsDepeshItem {
  regNumber: string;
  trackingNumber: string;
  airWaybill: string;
  depeshNumber: string;
}

/** Per-parcel answer of add to boxes and depesh (a package run's output). */
export interface CustomsItemResult {
  trackingNumber: string;
  code: number;
  message?: string | null;
}

/** spec §9: customs accepts a package item with code '200' or '048' (numbers or strings on the wire). */
export const ACCEPTED_ITEM_CODES: ReadonlySet<number> = new Set([200, 48]);
export const isAcceptedItemCode = (code: number | string | null | undefined): boolean =>
  code !== null && code !== undefined && ACCEPTED_ITEM_CODES.has(Number(code));

export interface CustomsGoodsGroup {
  id: number;
  parentId: number | null;
  goodsNameAz: string;
  goodsNameEn: string;
  goodsNameRu: string;
  isDeleted: boolean;
}

/** Customs post statuses of the spec (posts screen filter). */
export const POST_STATUS = { inCustoms: 0, declared: 1, inBox: 3, dispatched: 4 } as const;
