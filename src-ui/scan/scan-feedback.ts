/**
 * What the Scan screen says about a code (issue 19): a parcel of this stop ticked off, one already ticked, the wrong
 * parcel (naming the stop it belongs to), or a code no parcel of the route has.
 */
import { countToShow } from '../../src-shared/domain/stops.ts';
import type { ScanMatch } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { Translate } from '../i18n/format.ts';
import { stopName, unitName } from '../stops/stop-display.ts';

export interface ScanFeedback {
  tone: 'success' | 'info' | 'danger';
  text: string;
}

export function scanFeedback(
  match: ScanMatch,
  code: string,
  route: Pick<Route, 'stops'>,
  stop: Pick<Stop, 'units'>,
  t: Translate,
): ScanFeedback {
  if (match.kind === 'unit') {
    const name = unitName(stop.units.find((u) => u.id === match.unitId)?.name ?? '');
    return match.already
      ? { tone: 'info', text: t('scan.already', { name }) }
      : { tone: 'success', text: t('scan.matched', { name }) };
  }
  if (match.kind === 'other_stop') {
    const index = route.stops.findIndex((s) => s.id === match.stopId);
    const other = route.stops[index]!;
    const number = countToShow(route.stops)[index] ?? null;
    return {
      tone: 'danger',
      text:
        number === null
          ? t('scan.otherStopUnnumbered', { name: stopName(other) })
          : t('scan.otherStop', { number, name: stopName(other) }),
    };
  }
  return { tone: 'danger', text: t('scan.unknown', { code: code.trim() }) };
}
