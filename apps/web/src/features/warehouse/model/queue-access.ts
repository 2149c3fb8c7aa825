import { HANDOVER_STATUS } from '@app/contract/statuses-constants';

/** spec §2 "Handover queues": which buttons a queue card shows for this user. Role 1 holds every code. */
export function queueActions(user: { admin: number; permissions: readonly string[] }, statusId: number) {
  const holds = (code: string) => user.admin === 1 || user.permissions.includes(code);
  const isOpen = statusId === HANDOVER_STATUS.waiting || statusId === HANDOVER_STATUS.inProgress;
  return {
    canExecute: statusId === HANDOVER_STATUS.waiting && holds('local_warehouse_execute'),
    canCancel: isOpen && holds('local_warehouse_delete'),
    canHandOver: statusId === HANDOVER_STATUS.inProgress && holds('declarations_handover'),
  };
}

const PRINT_KEY = 'warehouse.handover.printReceipt';
export function readPrintReceipt(): boolean {
  try { return localStorage.getItem(PRINT_KEY) !== '0'; } catch { return true; }
}
export function savePrintReceipt(value: boolean): void {
  try { localStorage.setItem(PRINT_KEY, value ? '1' : '0'); } catch { /* ignore */ }
}
/** The receipt prints once per entry when it is opened (spec §2). */
export function takeFirstOpening(taskId: number): boolean {
  const key = `warehouse.handover.printed.${taskId}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
    return true;
  } catch {
    return false;
  }
}
