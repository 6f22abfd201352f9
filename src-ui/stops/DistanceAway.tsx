/**
 * How far the driver is from a stop, from the device's last fix (issue 13: "in list mode the distance to the active
 * stop"): "1.2 km away". Nothing while there is no fix. Reads the position signal itself, so a new fix re-renders
 * this line only, not the list.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Navigation2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../src-shared/domain/format.ts';
import { haversineMetres } from '../../src-shared/domain/geo.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import { useCore } from '../app/core-context.tsx';
import { geoPosition } from '../platform/geolocation.ts';
import styles from './DistanceAway.module.css';

/** One element for every render: React skips an element it already has, so a new fix renders the line alone. */
const ICON = <Navigation2 size={16} strokeWidth={2.25} aria-hidden="true" />;

export function DistanceAway({ stop }: { stop: Pick<Stop, 'address'> }) {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const fix = geoPosition.value;
  if (!fix) return null;
  const { value, unit } = formatDistance(haversineMetres(fix, stop.address), state.settings.value.distanceUnit);
  return (
    <p className={styles.away}>
      {ICON}
      {t('route.distanceAway', { distance: t(`common.distance.${unit}`, { distance: value }) })}
    </p>
  );
}
