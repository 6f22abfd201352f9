/**
 * Demo stops around Utrecht: real street names at approximate coordinates, and a generator that turns a seed into
 * a plausible route. Deterministic (a seeded PRNG, never Math.random) so every fresh demo database is the same.
 */
import { haversineMetres, type LatLng } from '../../src-shared/domain/geo.ts';
import { planRoute } from '../../src-shared/domain/route-plan.ts';
import type { StopInput } from '../../src-shared/protocol/dispatch.ts';
import type { Requirements, TimeWindow, VehicleProfile } from '../../src-shared/protocol/entities.ts';

interface Street extends LatLng {
  name: string;
}

const s = (name: string, lat: number, lng: number): Street => ({ name, lat, lng });

/** Around the Dom tower (52.0907, 5.1214); coordinates are the street's middle, to about 100 m. */
const STREETS: readonly Street[] = [
  s('Oudegracht', 52.0902, 5.12),
  s('Neude', 52.0925, 5.1186),
  s('Vredenburg', 52.0925, 5.1155),
  s('Lange Viestraat', 52.0937, 5.1164),
  s('Voorstraat', 52.095, 5.1215),
  s('Nobelstraat', 52.0903, 5.127),
  s('Lucasbolwerk', 52.0935, 5.127),
  s('Biltstraat', 52.0955, 5.133),
  s('Maliesingel', 52.088, 5.13),
  s('Nieuwegracht', 52.088, 5.1235),
  s('Twijnstraat', 52.084, 5.124),
  s('Lange Nieuwstraat', 52.086, 5.122),
  s('Springweg', 52.087, 5.118),
  s('Mariaplaats', 52.0895, 5.1175),
  s('Amsterdamsestraatweg', 52.103, 5.102),
  s('Kanaalstraat', 52.092, 5.101),
  s('Damstraat', 52.0905, 5.096),
  s('Vleutenseweg', 52.0935, 5.09),
  s('Croeselaan', 52.084, 5.106),
  s('Wittevrouwenstraat', 52.0965, 5.1245),
  s('Kardinaal de Jongweg', 52.099, 5.136),
  s('Burgemeester Reigerstraat', 52.087, 5.1355),
  s('Nachtegaalstraat', 52.09, 5.133),
  s('Adriaen van Ostadelaan', 52.083, 5.139),
  s('Oudwijkerdwarsstraat', 52.089, 5.132),
  s('Lange Jansstraat', 52.0935, 5.1225),
  s('Zadelstraat', 52.0915, 5.1195),
  s('Steenweg', 52.09, 5.119),
  s('Kromme Nieuwegracht', 52.0895, 5.125),
  s('Catharijnesingel', 52.0855, 5.115),
  s('Van Sijpesteijnkade', 52.088, 5.112),
  s('Leidseweg', 52.087, 5.1),
  s('Balijelaan', 52.078, 5.108),
  s('Vondellaan', 52.0785, 5.12),
  s('Rijnlaan', 52.076, 5.11),
  s('Gansstraat', 52.083, 5.13),
  s('Ondiep', 52.103, 5.112),
  s('Oudenoord', 52.097, 5.118),
  s('Bemuurde Weerd', 52.0975, 5.115),
  s('Tolsteegsingel', 52.083, 5.123),
  s('Hamburgerstraat', 52.088, 5.125),
  s('Jansdam', 52.0905, 5.1195),
  s('Potterstraat', 52.0925, 5.1205),
  s('Herculeslaan', 52.074, 5.14),
  s('Prins Hendriklaan', 52.0855, 5.1445),
  s('Weerdsingel Oostzijde', 52.099, 5.118),
];

/** The demo depot, on the industrial estate north-west of the centre. */
const DEPOT: Street = s('Cartesiusweg 90', 52.1, 5.087);
const CITY = 'Utrecht';
const COUNTRY = 'Netherlands';

const FIRST_NAMES = ['Anna', 'Bram', 'Daan', 'Emma', 'Fleur', 'Jesse', 'Julia', 'Lars', 'Lotte', 'Milan'];
const MORE_FIRST_NAMES = ['Noah', 'Sanne', 'Sophie', 'Thijs', 'Tess', 'Yara', 'Luuk', 'Iris', 'Ruben', 'Eva'];
const SURNAMES = ['de Jong', 'Jansen', 'van den Berg', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer'];
const MORE_SURNAMES = ['Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer'];
const BUSINESSES = ['Café De Zaak', 'Fietsenmaker Oost', 'Tandartspraktijk Wittevrouwen', 'Bloemen aan de Gracht'];
const NOTES = [
  'Ring **twice**; the bell is broken on the left.',
  'Side entrance, through the blue gate.',
  'Leave with the neighbours at number 12 if nobody is home.',
  'Dog on the premises: wait at the door.',
  'Deliver to the *reception*, 2nd floor.',
];
const CLEANING_NOTES = ['Bin is behind the gate.', 'Two bins at the side of the house.', 'Code for the gate: 4711.'];

/** mulberry32: tiny, fast and good enough for demo data. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type StopFlavour = 'parcels' | 'cleaning' | 'notes';

export interface DemoRouteSpec {
  seed: number;
  /** Delivery stops, besides start, end, pickup and break. */
  deliveries: number;
  /** Seconds since midnight at the start stop. */
  startSeconds: number;
  profile: VehicleProfile;
  flavour: StopFlavour;
  /** Positions among the work stops (after the start); omitted means none. */
  pickupAt?: number;
  breakAt?: number;
}

/** Spec section 9: a window of 0..86340 is "no window". */
const NO_WINDOW: TimeWindow = { earliest: 0, latest: 86_340 };
const HALF_HOUR = 1800;

/** Orders points by always driving to the nearest unvisited one: a believable "optimized" order. */
function nearestNeighbourOrder<T extends LatLng>(from: LatLng, points: T[]): T[] {
  const left = [...points];
  const ordered: T[] = [];
  let here: LatLng = from;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++)
      if (haversineMetres(here, left[i]!) < haversineMetres(here, left[best]!)) best = i;
    const next = left.splice(best, 1)[0]!;
    ordered.push(next);
    here = next;
  }
  return ordered;
}

function requirementsFor(roll: number): Partial<Requirements> {
  if (roll < 0.4) return {};
  if (roll < 0.6) return { picture: true };
  if (roll < 0.75) return { signature: true };
  if (roll < 0.85) return { signature: true, signature_name: true };
  if (roll < 0.95) return { age_verification: true, signature: true };
  return { picture: true, signature: true };
}

/** The seeded draws a route's stops are made with, in the order they are made: the same seed, the same route. */
interface Draws {
  rng: () => number;
  /** One of the list. */
  pick: <T>(list: readonly T[]) => T;
  /** `n` decimal digits. */
  digits: (n: number) => string;
}

function drawsFrom(seed: number): Draws {
  const rng = seededRandom(seed);
  return {
    rng,
    pick: <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join(''),
  };
}

/** The stops of one demo route, start and end at the depot, in driving order. */
export function generateStops(spec: DemoRouteSpec): StopInput[] {
  const draws = drawsFrom(spec.seed);
  const places = deliveryPlaces(spec.deliveries, draws);
  const work = nearestNeighbourOrder(DEPOT, places).map((place, i) => deliveryStop(place, i, spec, draws));
  if (spec.pickupAt !== undefined) work.splice(spec.pickupAt, 0, pickupStop(spec.seed));
  if (spec.breakAt !== undefined) work.splice(spec.breakAt, 0, breakStop(work[spec.breakAt - 1]));
  const stops = [{ ...depotStop('start'), arr_time: spec.startSeconds }, ...work, depotStop('end')];
  addTimeWindows(stops, spec, draws.rng);
  return stops;
}

type Place = Pick<StopInput, 'street' | 'lat' | 'lng'>;

/** Where the deliveries are: a house number on each street in a shuffled order, somewhere along its middle. */
function deliveryPlaces(count: number, { rng }: Draws): Place[] {
  const streets = [...STREETS].sort(() => rng() - 0.5);
  return Array.from({ length: count }, (_, i) => {
    const street = streets[i % streets.length]!;
    return {
      street: `${street.name} ${1 + Math.floor(rng() * 180)}`,
      lat: Number((street.lat + (rng() - 0.5) * 0.0012).toFixed(6)),
      lng: Number((street.lng + (rng() - 0.5) * 0.002).toFixed(6)),
    };
  });
}

/** The `i`th delivery in driving order: a person (or now and then a business) and what the variant brings them. */
function deliveryStop(place: Place, i: number, spec: DemoRouteSpec, draws: Draws): StopInput {
  const { rng, pick, digits } = draws;
  const business = rng() < 0.15;
  const name = business
    ? pick(BUSINESSES)
    : `${pick(rng() < 0.5 ? FIRST_NAMES : MORE_FIRST_NAMES)} ${pick(rng() < 0.5 ? SURNAMES : MORE_SURNAMES)}`;
  const stop: StopInput = {
    type: 'delivery',
    ...place,
    city: CITY,
    country: COUNTRY,
    recipient_name: name,
    recipient_phone: rng() < 0.85 ? `+316${digits(8)}` : null,
    service_time: 120 + 60 * Math.floor(rng() * 6),
  };
  const unitId = (j: number) => `u${spec.seed}-${i}-${j}`;
  const work = spec.flavour === 'cleaning' ? binToClean(unitId, draws) : parcelsToDeliver(spec.flavour, unitId, draws);
  return { ...stop, ...work };
}

type StopWork = Pick<StopInput, 'units' | 'notes' | 'requirements'>;

/** The cleaning variant's stop: one bin to empty, by its barcode, sometimes with a photo asked for. */
function binToClean(unitId: (j: number) => string, { rng, pick, digits }: Draws): StopWork {
  const bin = pick(['Bin+GFT 240L', 'Bin+Rest 140L', 'Bin+Paper 240L']);
  return {
    units: [{ id: unitId(0), name: bin, quantity: 1, note: null, barcode: `BIN${digits(7)}` }],
    notes: rng() < 0.4 ? pick(CLEANING_NOTES) : null,
    requirements: rng() < 0.5 ? { picture: true } : {},
  };
}

/** One to three parcel lines and the proofs they need; an age check comes with a wine box. */
function parcelsToDeliver(flavour: StopFlavour, unitId: (j: number) => string, draws: Draws): StopWork {
  const { rng, pick, digits } = draws;
  const requirements = requirementsFor(rng());
  const lines = 1 + Math.floor(rng() * 3);
  const units = Array.from({ length: lines }, (_, j) => ({
    id: unitId(j),
    name:
      requirements.age_verification && j === 0
        ? 'Wine box+18'
        : pick(['Parcel', 'Parcel+Fragile', 'Box+Cooled', 'Envelope', 'Parcel+XL']),
    quantity: 1 + Math.floor(rng() * (j === 0 ? 3 : 2)),
    note: rng() < 0.2 ? pick(['Keep upright', 'Fragile: glass', 'Keep cold']) : null,
    barcode: `3SDRL${digits(10)}`,
  }));
  return {
    units,
    requirements,
    // The notes-only customer's drivers get the dispatcher's internal notes on every stop.
    notes: flavour === 'notes' || rng() < 0.25 ? pick(NOTES) : null,
  };
}

/** The printer's menus collected on the way, at the Neude. */
function pickupStop(seed: number): StopInput {
  return {
    type: 'pickup',
    lat: 52.0926,
    lng: 5.1188,
    street: 'Neude 11',
    city: CITY,
    country: COUNTRY,
    recipient_name: 'Drukkerij Domstad',
    recipient_phone: '+31302345678',
    notes: 'Collect the **printed menus** at the back door.',
    service_time: 600,
    units: [{ id: `u${seed}-pickup`, name: 'Box+Print', quantity: 4, note: 'Ask for order 1182', barcode: null }],
    requirements: { signature: true },
  };
}

/** A break happens where the driver is: at the previous stop (`before`), with no travel to it. */
function breakStop(before: StopInput | undefined): StopInput {
  return {
    type: 'break',
    lat: before?.lat ?? DEPOT.lat,
    lng: before?.lng ?? DEPOT.lng,
    street: before?.street ?? DEPOT.name,
    city: CITY,
    country: COUNTRY,
    service_time: 1800,
  };
}

function depotStop(type: 'start' | 'end'): StopInput {
  return {
    type,
    lat: DEPOT.lat,
    lng: DEPOT.lng,
    street: DEPOT.name,
    city: CITY,
    country: COUNTRY,
    recipient_name: 'Droplane depot',
    // Start and end take no time; given explicitly so the plan and the stored service time agree.
    service_time: 0,
  };
}

/**
 * Windows chosen around the planned arrivals, so the demo shows on-time stops, a few late ones and "no window"
 * ones. A window that holds the arrival, or one that closed before it, never changes the plan itself.
 */
function addTimeWindows(stops: StopInput[], spec: DemoRouteSpec, rng: () => number): void {
  const plan = planRoute(
    stops.map((stop) => ({ lat: stop.lat, lng: stop.lng, service_time: stop.service_time ?? 300, time_windows: [] })),
    spec.startSeconds,
    spec.profile,
  );
  stops.forEach((stop, i) => {
    if (stop.type !== 'delivery') return;
    const arrival = plan.times[i]!.arr_time;
    const roll = rng();
    // A window around the arrival only while it fits in the day: the server refuses a window that ends before it
    // starts, and a long route's last stops arrive after midnight.
    if (roll < 0.35 && arrival < 22 * 3600) {
      const earliest = Math.max(0, Math.floor((arrival - rng() * 3600) / HALF_HOUR) * HALF_HOUR);
      stop.time_windows = [{ earliest, latest: Math.min(86_340, earliest + (rng() < 0.5 ? 2 : 3) * 3600) }];
    } else if (roll < 0.45 && arrival >= 10 * 3600) {
      // A window that closed before the planned arrival: the stop shows as late.
      const latest = Math.max(HALF_HOUR, Math.floor(arrival / HALF_HOUR) * HALF_HOUR - HALF_HOUR);
      stop.time_windows = [{ earliest: Math.max(0, latest - 2 * 3600), latest }];
    } else if (roll < 0.6) {
      stop.time_windows = [NO_WINDOW];
    } else {
      stop.time_windows = [];
    }
  });
}
