/**
 * Work the route list does ahead while the page is idle, so it is not part of a later long task: each hook one
 * idle job, cancelled when the screen goes or its input changes.
 */
import { useEffect } from 'react';
import type { Language, MapView } from '../../../src-shared/domain/settings.ts';
import { formatWeekdayDayMonth } from '../../i18n/format.ts';
import { prefetchMapCode } from '../../map/prefetch-code.ts';
import { whenIdle } from '../../platform/idle.ts';

/**
 * The date headings' formatter costs far more to build than to use (the first Intl use loads locale data): built
 * while the list is still on its way, it is not part of the long task that renders the list.
 */
export function useDateFormatWarmUp(language: Language): void {
  useEffect(
    () =>
      whenIdle(() => {
        formatWeekdayDayMonth(new Date(), language);
      }, 2000),
    [language],
  );
}

/** With map view on, the map's code comes ahead while the driver looks at the list (prefetch-code.ts). */
export function useMapCodeAhead(mapView: MapView): void {
  useEffect(() => (mapView === 'on' ? whenIdle(prefetchMapCode, 5000) : undefined), [mapView]);
}
