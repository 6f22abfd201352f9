/**
 * A recipient's delivery code as the server keeps it (issue 34, docs/delivery-outcomes.md): the dispatcher sets it in
 * clear, the server stores a salted SHA-256 of its normal form and nothing else, and no answer ever carries either.
 *
 * Why a fast hash: the hash never leaves the server, and a code of 4 to 8 letters or digits is no harder to try
 * against a slow hash than a fast one once a database is stolen, so a slow one would only cost every route import
 * (hundreds of stops in one request) its speed. What protects a code is that nobody outside the server can try one
 * without the server counting it (repo/delivery-codes.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isDeliveryCodeShape, normaliseDeliveryCode } from '../../src-shared/domain/outcomes/code.ts';
import { DELIVERY_CODE_MAX_LENGTH } from '../../src-shared/limits.ts';
import { badRequest } from './errors.ts';

const SCHEME = 'sha256';

const digest = (salt: string, code: string) =>
  createHash('sha256')
    .update(`${salt}:${normaliseDeliveryCode(code)}`)
    .digest('hex');

/**
 * The hash to store for a code the dispatcher sent: undefined (left out) changes nothing, null or an empty text takes
 * the code off the stop, anything else must be 4 to DELIVERY_CODE_MAX_LENGTH letters or digits (spaces and dashes
 * ignored, any case), else a 400 naming `field`.
 */
export function deliveryCodeHash(sent: string | null | undefined, field: string): string | null | undefined {
  if (sent === undefined) return undefined;
  if (sent === null || sent.trim() === '') return null;
  if (!isDeliveryCodeShape(sent))
    throw badRequest(
      `${field} must be 4 to ${DELIVERY_CODE_MAX_LENGTH} letters or digits (spaces and dashes are left out)`,
      field,
    );
  const salt = randomBytes(12).toString('base64url');
  return `${SCHEME}:${salt}:${digest(salt, sent)}`;
}

/** Whether `typed` is the code `stored` (a deliveryCodeHash) was made from, in constant time. */
export function deliveryCodeMatches(typed: string, stored: string): boolean {
  const [scheme, salt, hex] = stored.split(':');
  if (scheme !== SCHEME || !salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = Buffer.from(digest(salt, typed), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
