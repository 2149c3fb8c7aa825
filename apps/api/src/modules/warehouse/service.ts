import type { Db } from '../../db/client';
import type { BoxOptionsQuery, BoxOptionsReply } from '@app/contract/warehouse';
import { findBoxOptions, findContainerOptions } from './queries';

/** Boxes to pick from (declaration form, box picker): a bare array, as clients read it (issue 14). */
export async function listContainerOptions(db: Db, branchId?: number) {
  return findContainerOptions(db, branchId);
}

/** GET boxes/options: parcels (koli) to pick from, one page (clients ask per_page=10000), with the total. */
export async function listBoxOptions(db: Db, query: BoxOptionsQuery): Promise<BoxOptionsReply> {
  const { rows, total } = await findBoxOptions(db, query.per_page, (query.page - 1) * query.per_page);
  return { data: rows, total };
}

/** For other domains: the handover finishes queue entries; the sidebar counts them. */
export { completeHandoverTasks, countHandoverQueue } from './handover';
