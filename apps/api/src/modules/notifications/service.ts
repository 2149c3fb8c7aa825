import type { CountersReply } from '@app/contract/auth';
import type { Db } from '../../db/client';
import { countUnreadDeclarations } from './queries';

/**
 * Sidebar badges (spec §3 "Counters"). Domains that are not built yet (orders, couriers, tickets,
 * unknown declarations, handover queue) report 0, the spec's default, until their issue lands.
 */
export async function countBadges(db: Db): Promise<CountersReply> {
  const declaration = await countUnreadDeclarations(db);
  return {
    data: {
      courier: 0,
      order: 0,
      declaration,
      conflicted_declaration: 0,
      ticket: 0,
      waiting_tasks: 0,
      executing_tasks: 0,
      executed_tasks: 0,
    },
  };
}
