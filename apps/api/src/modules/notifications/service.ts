import type { CountersReply } from '@app/contract/auth';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../platform/access';
import { partnerScopeOf } from '../../platform/partner-scope';
import { countHandoverQueue } from '../warehouse/service';
import { countUnreadDeclarations } from './queries';

/**
 * Sidebar badges (spec §3 "Counters"). Domains that are not built yet (orders, couriers, tickets,
 * unknown declarations) report 0, the spec's default, until their issue lands.
 */
export async function countBadges(db: Db, user: RequestUser, timeZone: string): Promise<CountersReply> {
  const declaration = await countUnreadDeclarations(db, partnerScopeOf(user));
  const queue = await countHandoverQueue(db, user, timeZone);
  return {
    data: {
      courier: 0,
      order: 0,
      declaration,
      conflicted_declaration: 0,
      ticket: 0,
      ...queue,
    },
  };
}
