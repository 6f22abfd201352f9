/**
 * Gallery: the route map with a made-up 12-stop route around Utrecht, a planned line and the driver's position.
 * Registered in main.tsx with `...MAP_SCENES` (#map, #map-dark, #map-standard, #map-fallback, #map-drawer, #map-wide,
 * #map-wide-dark, #map-style-unreachable); /gallery.html#map-dark opens one alone.
 * The map loads lazily, as in the route view. Tapping a marker makes it the active stop.
 */
import { lazy, Suspense, useState } from 'react';
import type { MapTheme } from '../../src-shared/domain/settings.ts';
import type { Stop, StopStatus, StopType } from '../../src-shared/protocol/entities.ts';
import type { AppConfig } from '../../src-shared/protocol/http.ts';

const RouteMap = lazy(() => import('../map/RouteMap.tsx'));

type Place = [type: StopType, status: StopStatus, lng: number, lat: number, name: string];

const PLACES: Place[] = [
  ['start', 'finished', 5.0935, 52.0975, 'Depot Cartesiusweg'],
  ['delivery', 'finished', 5.1197, 52.0894, 'Oudegracht 158'],
  ['delivery', 'finished', 5.1305, 52.0955, 'Biltstraat 40'],
  ['delivery', 'skipped', 5.104, 52.0915, 'Kanaalstraat 12'],
  ['delivery', 'finished', 5.096, 52.113, 'Amsterdamsestraatweg 501'],
  ['pickup', 'pending', 5.112, 52.117, 'Vasco da Gamalaan 2'],
  ['delivery', 'pending', 5.128, 52.109, 'Kardinaal de Jongweg 9'],
  ['break', 'pending', 5.135, 52.103, 'Break'],
  ['delivery', 'pending', 5.17, 52.086, 'Heidelberglaan 8'],
  ['delivery', 'pending', 5.138, 52.064, 'Hondsrug 30'],
  ['delivery', 'pending', 5.123, 52.07, 'Hooft Graaflandstraat 5'],
  ['end', 'pending', 5.0935, 52.0975, 'Depot Cartesiusweg'],
];

/** A country-wide route (no planned line): the fit shows the built-in style's sea. */
const WIDE_PLACES: Place[] = [
  ['start', 'finished', 5.1214, 52.0907, 'Utrecht'],
  ['delivery', 'finished', 4.9041, 52.3676, 'Amsterdam'],
  ['delivery', 'pending', 4.7594, 52.9563, 'Den Helder'],
  ['delivery', 'pending', 6.5665, 53.2194, 'Groningen'],
  ['delivery', 'pending', 6.0919, 52.5168, 'Zwolle'],
  ['delivery', 'pending', 3.5736, 51.4427, 'Vlissingen'],
  ['delivery', 'pending', 4.3007, 52.0705, 'Den Haag'],
  ['end', 'pending', 5.1214, 52.0907, 'Utrecht'],
];

const toStops = (places: Place[]): Stop[] =>
  places.map(([type, status, lng, lat, name], i) => ({
    id: 501 + i,
    type,
    status,
    arr_time: 8 * 3600 + i * 900,
    end_time: null,
    finish_time: status === 'pending' ? null : 8 * 3600 + i * 900 + 300,
    service_time: 180,
    duration: type === 'break' ? 1800 : 180,
    count: 1,
    days_on_the_road: 0,
    address: { lat, lng },
    information: {
      street: name,
      city: 'Utrecht',
      country: 'NL',
      recipient_name: null,
      recipient_phone: null,
      notes: null,
    },
    time_windows: [],
    units: [],
    requirements: { picture: false, signature: false, signature_name: false, age_verification: false, barcode: false },
    images: [],
    signature: null,
    signature_name: null,
    age_verified: false,
    recipient_date_of_birth: null,
    recipient_note: null,
    completion_note: null,
    cleaning_status: null,
    cleaning_definition: null,
    sticker: null,
    failure_reason: null,
    delivery_place: null,
    completed_at: null,
    received_at: null,
    updated_at: '2025-01-01T00:00:00Z',
  }));

const DEMO_STOPS = toStops(PLACES);
const WIDE_STOPS = toStops(WIDE_PLACES).map((s) => ({ ...s, id: s.id + 100 }));

/** A road-like planned line: each leg goes along one axis, then the other, with a small bend in between. */
const DEMO_LINE: [number, number][] = PLACES.flatMap(([, , lng, lat], i): [number, number][] => {
  const next = PLACES[i + 1];
  if (!next) return [[lng, lat]];
  const [, , lng2, lat2] = next;
  return [
    [lng, lat],
    [lng + (lng2 - lng) * 0.1, lat + (lat2 - lat) * 0.45],
    [lng + (lng2 - lng) * 0.6, lat + (lat2 - lat) * 0.55],
    [lng2 - (lng2 - lng) * 0.05, lat2 - (lat2 - lat) * 0.1],
  ];
});

const DEMO_POSITION = { lat: 52.1035, lng: 5.1062, accuracy: 60 };

const LABELS = {
  fitBounds: 'Show all stops',
  trackLocation: 'Follow my location',
  stopMarker: (n: string) => `Stop ${n}`,
  map: 'Map',
  mapNote: 'Every stop on this map is also in the stop list.',
  basicMap: 'Street map unavailable, showing a basic map',
};

interface MapSceneProps {
  theme?: MapTheme;
  /** Draw the dashed fallback instead of the planned line. */
  noLine?: boolean;
  /** Part of the height covered by a mock drawer (0-1). */
  drawer?: number;
  /** The country-wide route instead of the one around Utrecht. */
  wide?: boolean;
  styleUrls?: AppConfig['mapStyles'] | null;
}

const buttonStyle = {
  padding: '4px 10px',
  border: '1px solid var(--color-border-strong)',
  borderRadius: 'var(--radius-pill)',
  font: 'var(--type-caption)',
};

function MapScene({
  theme: initialTheme = 'light',
  noLine = false,
  drawer = 0.12,
  wide = false,
  styleUrls = null,
}: MapSceneProps) {
  const [stops, setStops] = useState(wide ? WIDE_STOPS : DEMO_STOPS);
  const [active, setActive] = useState<number | null>(wide ? null : 506);
  const [theme, setTheme] = useState(initialTheme);
  const inset = Math.round(window.innerHeight * drawer);
  const stopName = stops.find((s) => s.id === active)?.information.street ?? 'none';

  /** As the route view would: the active stop is done, the next pending one becomes active. */
  function completeActive() {
    const next = stops.map((s) => (s.id === active ? { ...s, status: 'finished' as const } : s));
    setStops(next);
    setActive(next.find((s) => s.status === 'pending')?.id ?? null);
  }

  return (
    <div style={{ position: 'fixed', inset: 0 }}>
      <Suspense fallback={<p style={{ padding: 16 }}>Loading the map…</p>}>
        <RouteMap
          stops={stops}
          line={noLine || wide ? null : DEMO_LINE}
          activeStopId={active}
          position={DEMO_POSITION}
          theme={theme}
          styleUrls={styleUrls}
          onSelectStop={setActive}
          bottomInset={inset}
          labels={LABELS}
        />
      </Suspense>
      <div
        data-testid="mock-drawer"
        style={{
          position: 'absolute',
          insetInline: 0,
          bottom: 0,
          height: inset,
          padding: 16,
          background: 'var(--color-surface)',
          borderRadius: '16px 16px 0 0',
          boxShadow: 'var(--shadow-sheet)',
          font: 'var(--type-body)',
        }}
      >
        Active stop: <strong data-testid="active-stop">{stopName}</strong>
        <div style={{ display: 'flex', gap: 8, marginTop: 8, flexWrap: 'wrap' }}>
          {(['light', 'dark', 'standard'] as const).map((t) => (
            <button key={t} type="button" style={buttonStyle} aria-pressed={t === theme} onClick={() => setTheme(t)}>
              {t}
            </button>
          ))}
          <button type="button" style={buttonStyle} onClick={completeActive}>
            complete active
          </button>
        </div>
      </div>
    </div>
  );
}

export const MAP_SCENES = {
  map: () => <MapScene />,
  'map-dark': () => <MapScene theme="dark" />,
  'map-standard': () => <MapScene theme="standard" />,
  'map-fallback': () => <MapScene noLine />,
  'map-drawer': () => <MapScene drawer={0.67} />,
  'map-wide': () => <MapScene wide theme="standard" />,
  'map-wide-dark': () => <MapScene wide theme="dark" />,
  // A configured style that cannot load (nothing listens there): the built-in style takes over.
  'map-style-unreachable': () => (
    <MapScene styleUrls={{ light: 'http://127.0.0.1:9/style.json', dark: null, standard: null }} />
  ),
} as const;
