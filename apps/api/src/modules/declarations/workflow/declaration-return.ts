import { RETURN_ORDER_PERCENT, type ReturnDetailsReply, type ReturnForm } from '@app/contract/declarations';
import { DECLARATION_STATUS } from '@app/contract/statuses';
import { az } from '@app/contract/texts/az';
import type { Db } from '../../../db/client';
import type { RequestUser } from '../../../platform/access';
import { recordAudit } from '../../../platform/audit';
import { badRequest, invalid, notFound } from '../../../platform/errors';
import {
  findDeclarationForUpdate, findListedDeclarations, findReturnReasons, insertDeclarationReturn, insertStatusHistory, returnReasonExists,
  updateDeclaration,
} from '../form/declaration-queries';
import { checkAmounts } from '../form/declaration-form';
import { compareAmounts } from '../form/tariff-price';

/* Returns run (spec §3 "Return details/payload", §5 return rules). The orders domain is not built: no declaration has an order yet. */

const isPositive = (amount: string) => compareAmounts(amount, '0') > 0;
const exceeds = (amount: string, limit: string | null) => isPositive(amount) && (limit === null || compareAmounts(amount, limit) > 0);

/** GET /api/admin/returns/run: what may be given back for this declaration. */
export async function readReturnDetails(db: Db, declarationId: number): Promise<ReturnDetailsReply> {
  const [row] = await findListedDeclarations(db, [declarationId]);
  if (!row) throw notFound('declaration_id');
  return {
    data: {
      declaration_id: row.id,
      delivery_price: row.deliveryPrice,
      money_back_price: row.price,
      money_back: row.payed,
      paid: row.payed,
      returned: row.returned,
      order: null,
      reasons: await findReturnReasons(db),
    },
  };
}

/** POST /api/admin/returns/run: the declaration is returned (status 12) with its reason and amounts. */
export async function returnDeclaration(db: Db, user: RequestUser, form: ReturnForm) {
  checkAmounts({ return_delivery_price: form.return_delivery_price, return_declaration_price: form.return_declaration_price });
  return db.transaction(async (tx) => {
    const row = await findDeclarationForUpdate(tx, form.declaration_id);
    if (!row) throw notFound('declaration_id');
    if (row.returned) throw badRequest(az.declarations.alreadyReturned, { declaration_id: [az.declarations.alreadyReturned] });
    const errors: Record<string, string[]> = {};
    if (!(await returnReasonExists(tx, form.return_reason_id))) errors.return_reason_id = [az.declarations.invalidReference];
    const deliveryBack = form.return_delivery_price ?? '0';
    const valueBack = form.return_declaration_price ?? '0';
    const percent = form.return_percent ?? 0;
    // spec §5: returning the delivery price is disabled when unpaid.
    if (isPositive(deliveryBack) && !row.payed) errors.return_delivery_price = [az.declarations.returnDeliveryUnpaid];
    else if (exceeds(deliveryBack, row.deliveryPrice)) errors.return_delivery_price = [az.declarations.returnAmountTooHigh];
    // spec §5: the 5% order refund needs an order; the declaration value is not returned with it.
    if (percent !== 0 && percent !== RETURN_ORDER_PERCENT) errors.return_percent = [az.declarations.returnPercentOnly];
    else if (percent === RETURN_ORDER_PERCENT) errors.return_percent = [az.declarations.returnPercentNeedsOrder];
    if (percent === RETURN_ORDER_PERCENT && isPositive(valueBack)) errors.return_declaration_price = [az.declarations.returnDeclarationWithPercent];
    else if (exceeds(valueBack, row.price)) errors.return_declaration_price = [az.declarations.returnAmountTooHigh];
    if (Object.keys(errors).length) throw invalid(errors);

    const returnId = await insertDeclarationReturn(tx, {
      declarationId: row.id, returnReasonId: form.return_reason_id, returnDeliveryPrice: deliveryBack, returnDeclarationPrice: valueBack,
      returnPercent: percent, userId: user.id,
    });
    await updateDeclaration(tx, row.id, { returned: true, statusId: DECLARATION_STATUS.returned });
    await insertStatusHistory(tx, { objectId: row.id, from: row.statusId, to: DECLARATION_STATUS.returned, userId: user.id, note: az.declarations.returnedDone });
    await recordAudit(tx, {
      userId: user.id, action: 'declaration.return', entity: 'declaration', entityId: row.id,
      changes: { return_id: returnId, return_reason_id: form.return_reason_id, return_delivery_price: deliveryBack, return_declaration_price: valueBack, return_percent: percent },
    });
    return { data: { id: row.id, return_id: returnId } };
  });
}
