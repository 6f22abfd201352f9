/**
 * Why the server refuses a request, in the domain's words: the rules, the repositories and the auth code throw a
 * Refusal, and only the HTTP layer (http/errors.ts) and the socket decide how it is said on the wire. So the
 * layers go one way: http -> domain -> repo -> db, and nothing below http imports from it.
 */

export type RefusalKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'too_many_requests';

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly field?: string,
    /** How long to wait before trying again (a 429's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new Refusal('bad_request', message, field);
export const unauthorized = (message = 'Authentication required', field?: string) =>
  new Refusal('unauthorized', message, field);
export const forbidden = (message = 'Not allowed', field?: string) => new Refusal('forbidden', message, field);
export const notFound = (message: string, field?: string) => new Refusal('not_found', message, field);
export const conflict = (message: string, field?: string) => new Refusal('conflict', message, field);
export const tooLarge = (message: string, field?: string) => new Refusal('too_large', message, field);
export const unprocessable = (message: string, field?: string) => new Refusal('unprocessable', message, field);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new Refusal('too_many_requests', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
