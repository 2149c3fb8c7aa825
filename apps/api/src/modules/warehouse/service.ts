import type { Db } from '../../db/client';
import { findContainerOptions } from './queries';

/** Boxes to pick from (declaration form, box picker): a bare array, as clients read it (issue 14). */
export async function listContainerOptions(db: Db, branchId?: number) {
  return findContainerOptions(db, branchId);
}

/** For other domains: the handover finishes queue entries; the sidebar counts them. */
export { completeHandoverTasks, countHandoverQueue } from './handover';
