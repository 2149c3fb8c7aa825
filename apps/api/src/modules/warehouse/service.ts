import type { Db } from '../../db/client';
import { findContainerOptions } from './queries';

/** Boxes to pick from (declaration form, box picker); the warehouse issue adds the box screens. */
export async function listContainerOptions(db: Db, branchId?: number) {
  return { data: await findContainerOptions(db, branchId) };
}

/** For other domains: the handover finishes queue entries; the sidebar counts them. */
export { completeHandoverTasks, countHandoverQueue } from './handover';
