/**
 * A visually hidden button per located stop, in route order, for screen readers and keyboards (the canvas has no
 * accessible markers): "Stop 3", or the stop's name for start, break and end. Out of the tab order: a keyboard
 * would land on something it cannot see; keyboards use the carousel and the stop list. Memoised: the map re-renders on every
 * new position, these only when the stops or the active stop change.
 */
import { memo, useMemo } from 'react';
import { countToShow, stopName } from '../../src-shared/domain/stops.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import { hasLocation } from './map-data.ts';

export interface HiddenMarkerButtonsProps {
  stops: readonly Stop[];
  activeStopId: number | null;
  onSelect(stopId: number): void;
  /** The button's name from the stop's number, or from its name when it has none. */
  stopMarker(n: string): string;
}

export const HiddenMarkerButtons = memo(function HiddenMarkerButtons({
  stops,
  activeStopId,
  onSelect,
  stopMarker,
}: HiddenMarkerButtonsProps) {
  const items = useMemo(() => {
    const numbers = countToShow(stops);
    return stops.flatMap((stop, i) => {
      if (!hasLocation(stop.address)) return [];
      const number = numbers[i];
      return [{ id: stop.id, label: stopMarker(number != null ? String(number) : stopName(stop)) }];
    });
  }, [stops, stopMarker]);
  return (
    <ul className="visually-hidden">
      {items.map(({ id, label }) => (
        <li key={id}>
          <button
            type="button"
            tabIndex={-1}
            aria-current={id === activeStopId || undefined}
            onClick={() => onSelect(id)}
          >
            {label}
          </button>
        </li>
      ))}
    </ul>
  );
});
