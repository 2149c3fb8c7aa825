import type { AuthUser } from '@app/contract/auth';
import { ROLE } from '@app/contract/roles';

type Viewer = Pick<AuthUser, 'admin' | 'permissions'>;

/** spec §6: admin (1) holds every code. */
const holds = (viewer: Viewer, code: string) => viewer.admin === ROLE.admin || viewer.permissions.includes(code);

/** New, edit (spec §2: cashbox_operations.cud). */
export const canWriteCashflow = (viewer: Viewer) => holds(viewer, 'cashbox_operations.cud');
/** Delete is a cancel: the server asks for cashbox_operations.cancel_cashflow_transaction. */
export const canCancelCashflow = (viewer: Viewer) => holds(viewer, 'cashbox_operations.cancel_cashflow_transaction');
