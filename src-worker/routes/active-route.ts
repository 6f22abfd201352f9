/**
 * The route open in the route view: fetched (or read from the device's copy), its planned line, starting it,
 * completing stops through the outbox, and finishing it. Rules come from src-shared/domain/stops.ts.
 *
 * This file composes the open route's services: what shows (shown-route.ts), its line (route-line.ts), its fetch
 * (route-fetch.ts), opening and refreshing (route-opening.ts), start and finish (route-status.ts), completing a stop
 * (stop-completion.ts), and what the live channel, the outbox and the session tell it (route-updates.ts).
 */
import type { Emit } from '../base/events.ts';
import type { Store } from '../base/store.ts';
import type { PreparedPhotos } from '../media/prepared-photos.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { AppStorage } from '../storage/app-db.ts';
import type { RouteEvent } from './route-events.ts';
import { createRouteFetch } from './route-fetch.ts';
import { createRouteLine } from './route-line.ts';
import { createRouteOpening } from './route-opening.ts';
import { createRouteStatus } from './route-status.ts';
import { createRouteUpdates } from './route-updates.ts';
import { createShownRoute } from './shown-route.ts';
import { createStopCompletion } from './stop-completion.ts';

export interface ActiveRouteDeps {
  store: Store;
  api: () => ApiClient;
  storage: () => Promise<AppStorage>;
  outbox: Outbox;
  now: () => number;
  /** Photos resized for the complete screen: a completion names its new ones by handle. */
  photos: PreparedPhotos;
  /** Ends the shared link's session (section 8: other 404/400 clear the link data). */
  closeLink: () => void;
  /** What the open route tells the rest of the core (the live channel sends on it; the driver hears of a new list). */
  emit: Emit<RouteEvent>;
}

export function createActiveRoute(deps: ActiveRouteDeps) {
  const shown = createShownRoute(deps);
  const line = createRouteLine({ api: deps.api, shown });
  const fetch = createRouteFetch({ ...deps, shown });
  const opening = createRouteOpening({ ...deps, shown, line, fetch });
  const status = createRouteStatus({ ...deps, shown, fetch });
  const completion = createStopCompletion({ ...deps, shown });
  const updates = createRouteUpdates({ shown, fetch });

  return {
    open: opening.open,
    openEmpty: opening.openEmpty,
    refresh: opening.refresh,
    close: opening.close,
    select: opening.select,
    start: status.start,
    complete: completion.complete,
    finish: status.finish,
    serverRoute: updates.serverRoute,
    showServerChange: updates.showServerChange,
    linkRefused: updates.linkRefused,
    flagChanges: updates.flagChanges,
    dismissChanges: updates.dismissChanges,
    outboxChanged: updates.outboxChanged,
    completionSent: updates.completionSent,
    refetch: updates.refetch,
  };
}

export type ActiveRoute = ReturnType<typeof createActiveRoute>;
