/**
 * The input limits of spec section 9 and of our server's requests, in one leaf module that imports nothing: the
 * request schemas (schemas/), the rules (domain/), the protocol, the screens and the server's refusal texts all read
 * them from here, so a limit is written once and no layer has to import another to learn one.
 */

/** A note (completion, recipient, skip): at most this many characters (code points, domain/text.ts). */
export const NOTE_MAX = 500;

/** At most this many photos on one completion. */
export const MAX_PHOTOS = 3;

/** An email address's maximum length. */
export const EMAIL_MAX_LENGTH = 254;

/** The signer's name under a signature. */
export const SIGNATURE_NAME_MAX_LENGTH = 200;

/** At most this many stops on one route. */
export const MAX_STOPS = 1000;

/** A stored image's URL (…/v1/images/123), what a live event may name; image data travels with the completion. */
export const IMAGE_REFERENCE_MAX_LENGTH = 2048;

/** The device's reason for having no position, in characters (domain/text.ts). */
export const LOCATION_ERROR_MAX = 500;

/** At most this many units in one stop update (a stop's units are a handful; the cap keeps a request bounded). */
export const MAX_UNIT_SCANS = 200;
