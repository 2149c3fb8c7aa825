import type { ReturnDetailsReply } from '@app/contract/declarations';
import { RETURN_ORDER_PERCENT } from '@app/contract/declarations-constants';
import type { FormValue } from '../../../shared/http/http-client';

export interface ReturnFormValues {
  return_reason_id: number | null;
  isOrderPercent: boolean;
  isDeclarationPrice: boolean;
  isDeliveryPrice: boolean;
}

type ReturnDetails = ReturnDetailsReply['data'];

/** spec §5 "Return": which choices are open for these details and the choices made so far. */
export function describeReturnChoices(details: ReturnDetails, values: Partial<ReturnFormValues>) {
  return {
    // The 5% order refund needs an order; returning the value is off while 5% is on; the delivery price only when paid.
    canOrderPercent: details.order !== null,
    canDeclarationPrice: !values.isOrderPercent && Boolean(details.money_back_price),
    canDeliveryPrice: details.paid && details.money_back && Boolean(details.delivery_price),
  };
}

/** Form values → POST returns/run (spec §3 "Return payload"); amounts come from the server's details. */
export function toReturnWireForm(details: ReturnDetails, values: Partial<ReturnFormValues>): Record<string, FormValue> {
  const choices = describeReturnChoices(details, values);
  return {
    declaration_id: details.declaration_id,
    return_reason_id: values.return_reason_id ?? '',
    return_percent: choices.canOrderPercent && values.isOrderPercent ? RETURN_ORDER_PERCENT : 0,
    return_declaration_price: choices.canDeclarationPrice && values.isDeclarationPrice ? details.money_back_price : undefined,
    return_delivery_price: choices.canDeliveryPrice && values.isDeliveryPrice ? details.delivery_price : undefined,
  };
}
