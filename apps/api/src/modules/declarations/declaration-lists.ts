import type {
  ArchiveListQuery, ArchiveListReply, DeletedDeclarationListQuery, DeletedDeclarationListReply, PostDeclarationListQuery, PostDeclarationListReply,
} from '@app/contract/declaration-lists';
import type { Db } from '../../db/client';
import { findArchivePage, findDeletedDeclarationPage, findPostDeclarationPage } from './declaration-lists-queries';

/* The declaration list screens beside the main list (spec §2): deleted, post declarations, archive. */

/**
 * GET /api/admin/customs/deleteddeclarations: the declarations customs lists as withdrawn (by the
 * citizen, or with the parcel when we cancelled our declaration), newest withdrawal first, with our
 * declaration's row and who of us cancelled it (null when the citizen withdrew it).
 */
export async function listDeletedDeclarations(db: Db, query: DeletedDeclarationListQuery, timeZone: string): Promise<DeletedDeclarationListReply> {
  const { rows, total } = await findDeletedDeclarationPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET /api/admin/post_declarations (spec §3 "Post declaration"). */
export async function listPostDeclarations(db: Db, query: PostDeclarationListQuery, timeZone: string): Promise<PostDeclarationListReply> {
  const { rows, total } = await findPostDeclarationPage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}

/** GET /api/admin/declaration/archive: finished declarations (handed over or returned) older than the working window. */
export async function listArchivedDeclarations(db: Db, query: ArchiveListQuery, timeZone: string): Promise<ArchiveListReply> {
  const { rows, total } = await findArchivePage(db, query, timeZone);
  return { data: rows, total: total.total, total_kind: total.kind };
}
