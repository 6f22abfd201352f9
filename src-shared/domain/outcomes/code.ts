/**
 * A recipient's delivery code as typed (issue 34, docs/delivery-outcomes.md): its shape and its normal form, the same
 * on the phone and the server. Whether a code is the right one is the server's alone (src-server/domain/delivery-code.ts).
 */
import { DELIVERY_CODE_MAX_LENGTH } from '../../limits.ts';

/** The fewest letters or digits a code has. */
const DELIVERY_CODE_MIN_LENGTH = 4;

/** The words a refusal of a code's shape uses: "delivery_code must be ...". */
export const DELIVERY_CODE_SHAPE_WORDS = `${DELIVERY_CODE_MIN_LENGTH} to ${DELIVERY_CODE_MAX_LENGTH} letters A to Z or digits 0 to 9 (spaces and dashes are left out)`;

/** What a code may carry besides its letters and digits, and what the check and the normal form leave out. */
const SEPARATORS = /[\s-]/g;

/**
 * The shape, on the characters as typed (issue 44): ASCII letters in either case and digits only. Checked before
 * upper-casing, because upper-casing makes letters of other characters: `ß` becomes `SS`, `ﬀ` becomes `FF`, and
 * `ı` (dotless i) becomes `I`, so `ßß` would pass as `SSSS`.
 */
const CODE_SHAPE = new RegExp(`^[A-Za-z0-9]{${DELIVERY_CODE_MIN_LENGTH},${DELIVERY_CODE_MAX_LENGTH}}$`);

/** A code as typed, cleaned the same way on the phone and the server (spaces and dashes out, upper case). */
export const normaliseDeliveryCode = (typed: string) => typed.replace(SEPARATORS, '').toUpperCase();

/**
 * A code the dispatcher may set, and a driver may type: DELIVERY_CODE_MIN_LENGTH to DELIVERY_CODE_MAX_LENGTH ASCII
 * letters or digits, spaces and dashes left out.
 */
export const isDeliveryCodeShape = (code: string) => CODE_SHAPE.test(code.replace(SEPARATORS, ''));
