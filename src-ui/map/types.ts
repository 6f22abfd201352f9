/**
 * The route map's props, in a module of their own: the route view types its lazy import with them without pulling
 * the map's chunk (maplibre and deck.gl) onto its own path.
 *
 *   const RouteMap = lazy(() => import('../map/RouteMap.tsx'));
 */
import type { AppTheme, MapTheme } from '../../src-shared/domain/settings.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import type { AppConfig } from '../../src-shared/protocol/http.ts';

export interface RouteMapProps {
  /** The route's stops in route order; numbered with countToShow (break, start and end get icons). */
  stops: readonly Stop[];
  /** The planned line as [lng, lat] pairs; null draws dashed straight segments between the stops instead. */
  line: [number, number][] | null;
  /** The line is the server's straight fallback (no OSRM): drawn dashed, as no line is. */
  lineIsFallback?: boolean;
  /** The stop to highlight; the map flies to it (zoom 15) whenever it changes. */
  activeStopId: number | null;
  /**
   * The camera jumps to a new active stop instead of flying: it became active while nobody watched the map (a stop
   * window covered it), so the driver should see where things are now, not an animation of how they got there.
   */
  instant?: boolean;
  /**
   * A stop window covers the map: a camera move under way ends at once where it was going (nobody sees its frames,
   * and each one delays the driver's taps in the window).
   */
  covered?: boolean;
  /** The driver's own position (src-ui/platform/geolocation.ts); accuracy in metres draws a halo. */
  position: { lat: number; lng: number; accuracy?: number } | null;
  theme: MapTheme;
  /** The app's theme: in Sunlight the Light style is drawn in its high-contrast colours (map-data.ts mapLookFor). */
  appTheme?: AppTheme;
  /** Style URLs from the app config; with none for the theme the map draws its built-in style (no network). */
  styleUrls: AppConfig['mapStyles'] | null;
  /** The network is there (the core's connectivity): a street style that failed offline is tried again. */
  online?: boolean;
  /**
   * The street style cannot be had now (offline, and not kept: style-reachable.ts): the built-in style is drawn at
   * once instead, until the network is back. A street style that has drawn already stays.
   */
  styleUnreachable?: boolean;
  /** A marker's hidden button was activated (screen readers, keyboards). */
  onSelectStop(stopId: number): void;
  /** A marker was tapped on the map; onSelectStop when not given. */
  onTapStop?(stopId: number): void;
  /**
   * Tile URLs of the route's area to fetch ahead for offline use, with the street style's own files (`style`: its
   * document, TileJSON, sprite, glyphs); the caller decides whether the network allows.
   */
  onPrefetch?(urls: string[], style: string[]): void;
  /** px hidden under the drawer, for fit/padding */
  bottomInset: number;
  /**
   * Translated by the caller. stopMarker names a marker's hidden button for screen readers: n is the stop's number,
   * or for start, break and end stops (which have none) the stop's name. map names the map itself; mapNote is its
   * text alternative (where the stops are listed).
   */
  labels: {
    fitBounds: string;
    trackLocation: string;
    stopMarker: (n: string) => string;
    map: string;
    mapNote: string;
    basicMap: string;
  };
  /** The map's canvas takes keyboard focus (to pan and zoom with the arrow keys) only while not covered: default true. */
  keyboardFocusable?: boolean;
}
