import type { ErrorReply } from '@app/contract/common';
import { az } from '@app/contract/texts/az';

/** A failed call: HTTP status (0 when the network failed), the text to show and the field errors. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly body: unknown;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, body: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

export function isErrorReply(body: unknown): body is ErrorReply {
  return typeof body === 'object' && body !== null && ('message' in body || 'errors' in body);
}

/** All messages of an `errors` object, field by field. */
export function listErrorMessages(errors: Record<string, string[]> | undefined): string[] {
  if (!errors) return [];
  return Object.values(errors).flatMap((list) => (Array.isArray(list) ? list : [String(list)]));
}

/** spec §8: 400/422 messages joined with '. '; other statuses show the server's message or a fixed text. */
export function describeErrorReply(status: number, body: unknown): string {
  const reply = isErrorReply(body) ? body : undefined;
  if (status === 400 || status === 422) {
    const messages = listErrorMessages(reply?.errors);
    if (messages.length > 0) return messages.join('. ');
  }
  if (reply?.message) return reply.message;
  if (status === 401) return az.errors.unauthorized;
  if (status === 403) return az.errors.forbidden;
  if (status === 404) return az.errors.notFound;
  if (status === 429) return az.errors.tooManyAttempts;
  return az.errors.fetchFailed;
}

export function readErrorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return az.errors.fetchFailed;
}
