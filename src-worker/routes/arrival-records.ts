/**
 * A stop's arrival sent to the server (issue 34, docs/delivery-outcomes.md): when the driver answers the arrival
 * prompt with Arrived, or, where the organisation turns on `arrival_auto_record`, when the phone notices it
 * (arrival-offer.ts's `arrival/noticed`). The server keeps the first arrival of a stop, so a repeat is harmless.
 *
 * Why not the outbox: an arrival is when the driver got to the door, a convenience for the office, not what the
 * driver proved. It waits here in memory while offline and goes with the next position report or arrival once the
 * network answers; a tab killed meanwhile loses it, which loses no proof (the completion has its own time). The
 * outbox's exactly-once machinery stays for what must never be lost.
 */
import { arrivalSetup } from '../../src-shared/domain/arrival.ts';
import type { ArrivalBy, Route } from '../../src-shared/protocol/entities.ts';
import type { ArrivalRequest } from '../../src-shared/protocol/http.ts';
import type { CoreContext } from '../core-context.ts';

export interface ArrivalRecords {
  /**
   * The driver arrived at `stopId` of the open route, as `by` says, now. Only where the route has arrival detection
   * (the server would refuse it otherwise), and once per stop.
   */
  record(
    route: Pick<Route, 'id' | 'project_id' | 'publication_settings'>,
    stopId: number,
    by: ArrivalBy,
  ): Promise<void>;
  /** Tries again what waits (a position came: the phone may have a network again). */
  retry(): Promise<void>;
}

interface PendingArrival {
  path: string;
  body: ArrivalRequest;
}

export function createArrivalRecords({ store, api, now }: Pick<CoreContext, 'store' | 'api' | 'now'>): ArrivalRecords {
  /** By stop id: one arrival per stop is all the server keeps. */
  const pending = new Map<number, PendingArrival>();
  const recorded = new Set<number>();
  let sending: Promise<void> | null = null;

  async function sendAll(): Promise<void> {
    for (const [stopId, arrival] of [...pending]) {
      const res = await api.request('POST', arrival.path, { auth: 'route', body: arrival.body });
      // No answer: it waits for the next try. Any answer ends it: taken, or refused for good (the gates went off,
      // the route was finished), which no retry would change.
      if (!res.ok && (res.kind === 'offline' || res.status >= 500)) return;
      pending.delete(stopId);
      recorded.add(stopId);
    }
  }

  /** Sends what waits, one pass at a time (a second call while one runs waits for that one). */
  function flush(): Promise<void> {
    sending ??= sendAll().finally(() => {
      sending = null;
    });
    return sending;
  }

  return {
    record(route, stopId, by) {
      const { organisation } = store.get();
      const setup = arrivalSetup(organisation?.plan ?? null, route.publication_settings, organisation?.config ?? null);
      if (!setup.on || pending.has(stopId) || recorded.has(stopId)) return Promise.resolve();
      pending.set(stopId, {
        path: `/v1/projects/${route.project_id}/routes/${route.id}/services/${stopId}/arrival`,
        body: { arrived_at: new Date(now()).toISOString(), by },
      });
      return flush();
    },
    retry: () => (pending.size > 0 ? flush() : Promise.resolve()),
  };
}
