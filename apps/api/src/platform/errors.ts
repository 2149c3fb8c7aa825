import { az, fill } from '@app/contract/texts/az';
import type { ErrorReply } from '@app/contract/common';

/** The one error type services throw; the error handler turns it into spec §8's reply. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly code?: string,
    /** Reply headers that go with the error (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toReply(): ErrorReply {
    const reply: ErrorReply = { message: this.message };
    if (this.errors) reply.errors = this.errors;
    if (this.code) reply.error = this.code;
    return reply;
  }
}

/** 422 with field errors; the message joins them with '. ' as the web app shows them (spec §8). */
export function invalid(errors: Record<string, string[]>): AppError {
  return new AppError(422, joinMessages(errors), errors);
}
export function badRequest(message: string, errors?: Record<string, string[]>, code?: string): AppError {
  return new AppError(400, message, errors, code);
}
export function unauthorized(message: string = az.errors.unauthorized): AppError {
  return new AppError(401, message);
}
export function forbidden(message: string = az.errors.forbidden): AppError {
  return new AppError(403, message);
}
export function notFound(field?: string, message: string = az.errors.notFound): AppError {
  return new AppError(404, message, field ? { [field]: [message] } : undefined);
}
export function tooManyRequests(message: string = az.errors.tooManyAttempts): AppError {
  return new AppError(429, message);
}
/** 429 that says when to try again, in the text and in Retry-After (whole seconds). */
export function retryLater(seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, fill(az.errors.loginRetryAfter, { SECONDS: wait }), undefined, undefined, { 'retry-after': String(wait) });
}

export function joinMessages(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  return all.length ? all.join('. ') : az.errors.invalidInput;
}
