import { HttpError } from './http-error';

/**
 * A failure to reach the server rather than a bug: a lazy chunk that could not load (offline, or a
 * deploy replaced it) or a call that never got an answer (HttpError status 0). Such a page can
 * recover by itself once the connection is back (issue 16).
 */
export function isLoadFailure(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 0;
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk|Failed to fetch/i.test(error.message);
}
