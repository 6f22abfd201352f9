/**
 * The map's two controls, fit all stops and follow the driver (use-map-camera.ts does both). They are what a driver
 * taps: no snackbar covers them (snackbar-guard.ts).
 */
import { Locate, LocateFixed, Maximize } from 'lucide-react';
import { memo } from 'react';
import { IconButton } from '../components/index.ts';
import { useSnackbarGuard } from '../components/snackbar-guard.ts';
import styles from './RouteMap.module.css';
import type { RouteMapProps } from './types.ts';

export interface MapControlsProps {
  tracking: boolean;
  onFitAll(): void;
  onToggleTracking(): void;
  labels: Pick<RouteMapProps['labels'], 'fitBounds' | 'trackLocation'>;
}

/** Memoized: the map's renders for a new position or data do not reach the buttons (issue 47). */
export const MapControls = memo(function MapControls({
  tracking,
  onFitAll,
  onToggleTracking,
  labels,
}: MapControlsProps) {
  const guardControls = useSnackbarGuard();
  return (
    <div ref={guardControls} className={styles.controls}>
      <IconButton variant="raised" icon={Maximize} label={labels.fitBounds} onClick={onFitAll} />
      <IconButton
        variant="raised"
        icon={tracking ? LocateFixed : Locate}
        label={labels.trackLocation}
        aria-pressed={tracking}
        className={tracking ? styles.tracking : undefined}
        onClick={onToggleTracking}
      />
    </div>
  );
});
