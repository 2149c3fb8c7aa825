import { MODEL } from '@app/contract/models';
import { STATUS_SEEDS } from '@app/contract/statuses-constants';

/** A declaration status name as seeded (the menus name 9 and 88 before any lookup has loaded). */
export function describeDeclarationStatus(statusId: number): string {
  return STATUS_SEEDS.find((seed) => seed.model === MODEL.declarations && seed.id === statusId)?.name ?? String(statusId);
}
