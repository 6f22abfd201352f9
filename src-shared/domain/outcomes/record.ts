/**
 * Where a delivered parcel went, as it is kept (issue 34): one function builds the record the complete screen sends,
 * the core queues and the server stores (deliveryPlaceRecord), so the three cannot clean a place differently.
 */
import type { DeliveryPlace, DeliveryPlaceRecord, Stop } from '../../protocol/entities.ts';
import { withoutNul } from '../text.ts';
import { SAFE_PLACES } from './rules.ts';

/** A place as a request or a completion carries it: any field may be left out, and may hold spaces or a NUL. */
export interface SentPlace {
  place: DeliveryPlace;
  neighbour_name?: string | null;
  neighbour_house_number?: string | null;
  safe_place?: string | null;
}

/**
 * The place as it is kept: only the fields of the place chosen (a neighbour's name with a neighbour, a safe place
 * with a safe place), each without NUL (no PostgreSQL stores one; the server refuses it in a request anyway) and
 * trimmed, an empty one as null. Whether what is left says anything is the rules' to judge (isFilled, rules.ts).
 */
export function deliveryPlaceRecord(sent: SentPlace | null | undefined): DeliveryPlaceRecord | null {
  if (!sent) return null;
  const clean = (text: string | null | undefined) => (text == null ? null : withoutNul(text).trim() || null);
  const neighbour = sent.place === 'neighbour';
  return {
    place: sent.place,
    neighbour_name: neighbour ? clean(sent.neighbour_name) : null,
    neighbour_house_number: neighbour ? clean(sent.neighbour_house_number) : null,
    safe_place: sent.place === 'safe_place' ? clean(sent.safe_place) : null,
  };
}

/** Where a delivered parcel went, as the complete screen holds it until Done. */
export interface PlaceDraft {
  place: DeliveryPlace | null;
  neighbourName: string;
  neighbourHouseNumber: string;
  /** One of SAFE_PLACES, `other` (then `safePlaceText` says where), or '' before a choice. */
  safePlace: string;
  safePlaceText: string;
}

/** What a stop already has (editing a delivered stop), or nothing chosen. */
export function placeDraftOf(stop: Pick<Stop, 'delivery_place'>): PlaceDraft {
  const saved = stop.delivery_place;
  const safe = saved?.safe_place ?? '';
  const listed = (SAFE_PLACES as readonly string[]).includes(safe);
  return {
    place: saved?.place ?? null,
    neighbourName: saved?.neighbour_name ?? '',
    neighbourHouseNumber: saved?.neighbour_house_number ?? '',
    safePlace: listed ? safe : safe ? 'other' : '',
    safePlaceText: listed ? '' : safe,
  };
}

/** The screen's draft as the completion carries it: the safe place in the driver's words where they chose `other`. */
export function placeDraftRecord(draft: PlaceDraft): DeliveryPlaceRecord | null {
  if (draft.place === null) return null;
  return deliveryPlaceRecord({
    place: draft.place,
    neighbour_name: draft.neighbourName,
    neighbour_house_number: draft.neighbourHouseNumber,
    safe_place: draft.safePlace === 'other' ? draft.safePlaceText : draft.safePlace,
  });
}
