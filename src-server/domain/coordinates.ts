/** Coordinates as the driver's calls send them: decimal text (or, on the socket, numbers). */
import { isDecimalCoordinate } from '../../src-shared/schemas/formats.ts';

/** Parses a coordinate sent as decimal text or a number; null when it is not a valid one. */
export function parseCoordinate(value: unknown, limit: 90 | 180): number | null {
  if (typeof value === 'string' && !isDecimalCoordinate(value)) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}
