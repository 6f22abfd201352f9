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

/** A neighbour's name and house number, and a safe place in the driver's words (issue 34), in characters. */
export const NEIGHBOUR_NAME_MAX_LENGTH = 100;
export const HOUSE_NUMBER_MAX_LENGTH = 20;
export const SAFE_PLACE_MAX_LENGTH = 100;

/** A failure reason's code, as an organisation sets it. */
export const REASON_CODE_MAX_LENGTH = 40;

/** A failure reason's label (an organisation's words for a code of its own), in characters. */
export const REASON_LABEL_MAX_LENGTH = 100;

/** At most this many failure reasons in an organisation's list. */
export const MAX_FAILURE_REASONS = 30;

/** A recipient's delivery code: 4 up to this many letters or digits. */
export const DELIVERY_CODE_MAX_LENGTH = 8;

/** Arrival noticed by the phone: the default radius around the next stop, in metres (per organisation). */
export const ARRIVAL_RADIUS_DEFAULT_M = 50;
/** ...which an organisation may set between these: nearer than GPS can tell, or a whole street. */
export const ARRIVAL_RADIUS_MIN_M = 10;
export const ARRIVAL_RADIUS_MAX_M = 500;

/** Wrong delivery codes a stop takes before it is locked to the outcomes that stand in for its code. */
export const DELIVERY_CODE_MAX_WRONG = 5;
