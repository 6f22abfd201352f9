/**
 * The number the Call action dials (spec section 5 "Call"): the recipient's phone as E.164 (+31612345678), or null
 * when the app must say "You are not able to call the customer".
 *
 * The spec's "a plus sign is prefixed when missing" is only right for a number that is already international:
 * prefixing a local 0612345678 dials +0612345678, a number that does not exist. So the phone is read with the
 * country it is local to (libphonenumber-js with its small "min" metadata, which checks lengths and prefixes):
 * - "+31 6 ..." and "0031 6 ..." are international as written;
 * - "06 ...", with the trunk 0, is local to the country;
 * - bare digits are international when they start with the country's own calling code ("31 6 ..." in the
 *   Netherlands, "49 151 ..." in Germany) and that is a valid number, else local when that is valid, else
 *   international when that is valid ("44 20 ..." written in the Netherlands);
 * - anything else (letters, too short, too long) is not called.
 *
 * Which country: the stop's own (information.country, a name such as "Netherlands" or an ISO code), because a
 * recipient's number is local to where they live; the organisation carries no country (entities.ts), so failing
 * that the Netherlands, where the demo and the app's first customers are. Kept out of links.ts so the metadata
 * (~20 KB gzip) loads only with the stop screens that call, never with the first screen.
 */
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import type { OrganisationConfig } from '../protocol/entities.ts';

/** When the stop names no country this app knows. */
export const FALLBACK_COUNTRY: CountryCode = 'NL';

const COUNTRIES: ReadonlySet<string> = new Set(getCountries());
/** The languages whose country names a dispatcher is likely to type (the app's own). */
const NAME_LANGUAGES = ['en', 'nl', 'de'] as const;

let byName: Map<string, CountryCode> | null = null;

/** "The Netherlands", "nederland", "Deutschland", "Österreich": lower case, no accents, no leading "the". */
const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Country names in English, Dutch and German to ISO codes, built once, the first time a name is looked up. */
function namesToCodes(): Map<string, CountryCode> {
  if (byName) return byName;
  byName = new Map();
  for (const language of NAME_LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const code of getCountries()) {
      const name = names.of(code);
      if (name && !byName.has(nameKey(name))) byName.set(nameKey(name), code);
    }
  }
  byName.set('holland', 'NL');
  return byName;
}

/** The ISO 3166 code of a country given as a code ("nl", "NL") or a name in en/nl/de; null when unknown. */
export function countryCode(country: string | null | undefined): CountryCode | null {
  const text = country?.trim();
  if (!text) return null;
  const upper = text.toUpperCase();
  if (upper.length === 2 && COUNTRIES.has(upper)) return upper as CountryCode;
  return namesToCodes().get(nameKey(text)) ?? null;
}

/** A valid number as E.164, or null. `extract: false`: the whole text must be the number, not contain one. */
function e164(text: string, country?: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return parsed?.isValid() ? parsed.number : null;
}

/** A phone number as E.164 for a country's local numbers; null when it is not a number that can be dialled. */
export function toE164(phone: string | null | undefined, country: CountryCode = FALLBACK_COUNTRY): string | null {
  const text = phone?.trim() ?? '';
  // Separators people write (spaces, dashes, dots, slashes, brackets) go; anything else stays and fails the parse.
  const compact = text.replace(/[\s\-./()]/g, '');
  if (!/\d/.test(compact)) return null;
  if (compact.startsWith('+')) return e164(text);
  if (compact.startsWith('00')) return e164(`+${compact.slice(2)}`);
  if (compact.startsWith('0')) return e164(compact, country);
  if (!/^\d+$/.test(compact)) return null;
  const international = e164(`+${compact}`);
  const ownCode = international && compact.startsWith(getCountryCallingCode(country)) ? international : null;
  return ownCode ?? e164(compact, country) ?? international;
}

/**
 * The number to call, as E.164; null when the organisation does not allow calling, the stop has no phone, or the
 * phone is not a number (then the app says "You are not able to call the customer").
 */
export function callNumber(
  config: Pick<OrganisationConfig, 'allowed_to_call_recipient'>,
  phone: string | null,
  stopCountry: string | null = null,
): string | null {
  if (!config.allowed_to_call_recipient) return null;
  return toE164(phone, countryCode(stopCountry) ?? FALLBACK_COUNTRY);
}
