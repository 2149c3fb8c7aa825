import { MODEL } from '@app/contract/models';
import { HANDOVER_STATUS } from '@app/contract/statuses-constants';
import { buildListLink } from '../model/stat-query';

/**
 * "Bu gün təhvil verildi": queue entries that reached 43 (handed over) today. Each such entry wrote
 * one status change to 43 of the handover model (7) at that moment, and an entry at 43 never
 * changes again, so the status archive of model 7, status 43, on the office's today lists exactly them.
 */
export function handedOverTodayLink(today: string): string {
  return buildListLink('archive/state', { model_id: MODEL.handover, state_id: HANDOVER_STATUS.handedOver, created: `${today}~${today}` });
}
