/**
 * Completing a stop: the completion is checked by the rules the screen shows, stored in the outbox (from then on it
 * reaches the server once), shown as done at once, and sent in the background.
 */

import { type Failure, fail, okVoid, type Result, type StopCompletion } from '../../src-shared/api/worker-api.ts';
import { isDeliveryCodeShape } from '../../src-shared/domain/outcomes/code.ts';
import { actionBlock, allWorkDone, countToShow, nextActiveStop, stopName } from '../../src-shared/domain/stops.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ActiveRouteState } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
import { isPhotoHandle } from '../media/prepared-photos.ts';
import { checkCompletionInCore, deliveryCodeToSend } from './completion-check.ts';
import { tryDeliveryCode } from './delivery-code-try.ts';
import type { OpenRouteDeps } from './open-route-deps.ts';
import type { RouteEvent } from './route-events.ts';
import { type ShownRoute, withCompletion } from './shown-route.ts';
import { stopUpdateBody, withinRouteTime } from './stop-update-body.ts';

/** `StopCompletion` is the contract's completion (worker-api.ts): this is what takes one. */
export interface StopCompleter {
  /**
   * Checks a completion by the rules the screen shows (and its delivery code online, issue 34), stores it in the
   * outbox, shows the stop done at once and sends it in the background.
   */
  complete(stopId: number, completion: StopCompletion): Promise<Result>;
}

/**
 * Tries the code online first (delivery-code-try.ts; not at all when the core knows it is offline): a wrong one is
 * refused here, nothing queued, and the stop shows the tries it has left; right or unanswered, null, and the
 * completion goes on to the outbox.
 */
async function codeRefusal(
  core: CoreContext,
  shown: ShownRoute,
  code: string,
  route: Route,
  stopId: number,
): Promise<Failure | null> {
  if (!isDeliveryCodeShape(code)) return fail('invalid_completion', 'delivery_code_invalid', 'delivery_code');
  // Locked as last heard: no try would be taken, online or later.
  if (route.stops.find((s) => s.id === stopId)?.delivery_code_tries_left === 0)
    return fail('wrong_delivery_code', '0', 'delivery_code');
  const verdict = await tryDeliveryCode(core.api, route, stopId, code, core.store.get().connectivity.online);
  if (verdict.kind !== 'wrong') return null;
  const current = shown.current()?.route;
  if (current?.id === route.id) {
    const triesLeft = verdict.triesLeft;
    const stops = current.stops.map((s) => (s.id === stopId ? { ...s, delivery_code_tries_left: triesLeft } : s));
    shown.patch({ route: { ...current, stops } });
  }
  return fail('wrong_delivery_code', String(verdict.triesLeft), 'delivery_code');
}

/**
 * The rules the screen shows, checked again here (nothing they refuse is ever queued, issue 21), and the delivery
 * code tried: a failure, or the stop and the code to send with it.
 */
async function refusal(
  core: CoreContext,
  open: OpenRouteDeps,
  route: Route,
  stopId: number,
  completion: StopCompletion,
) {
  const block = actionBlock(route, stopId);
  if (block) return fail('blocked', block.kind);
  const stop = route.stops.find((s) => s.id === stopId);
  if (!stop) return fail('stop_not_found');
  const { organisation, appConfig } = core.store.get();
  const check = { route, stop, completion, organisation, appConfig, variant: completion.variant, nowMs: core.now() };
  const problems = checkCompletionInCore(check);
  if (problems.length > 0) return fail('invalid_completion', problems.join(','));
  const images = completion.proofs?.images ?? [];
  if (images.some((image) => isPhotoHandle(image) && !open.photos.get(image)))
    return fail('invalid_completion', 'photo_missing');
  const code = deliveryCodeToSend(check);
  return (code === null ? null : await codeRefusal(core, open.shown, code, route, stopId)) ?? { stop, code };
}

export function createStopCompleter(core: CoreContext<RouteEvent>, open: OpenRouteDeps): StopCompleter {
  const { store } = core;
  const { shown, photos, outbox } = open;

  /**
   * The flow moves on at once, without waiting for the server: the stop shows what the driver entered (done, its
   * notes and time), marked unsent until the server has it, and the live channel hears of it.
   */
  function showDone(active: ActiveRouteState, route: Route, stopId: number, body: StopUpdateRequest) {
    const stops = route.stops.map((s) => (s.id === stopId ? withCompletion(s, body) : s));
    shown.patch({
      route: { ...route, stops },
      unsentStopIds: [...new Set([...active.unsentStopIds, stopId])],
      activeStopId: nextActiveStop(stops, stopId),
      finishing: allWorkDone(stops),
    });
    core.emit({ type: 'route/stopChanged', route: { ...route, stops }, stopId, body });
  }

  return {
    async complete(stopId, completion) {
      const active = shown.current();
      const route = active?.route;
      if (!active || !route) return fail('not_found');
      const checked = await refusal(core, open, route, stopId, completion);
      if (!('stop' in checked)) return checked;
      const { stop, code } = checked;
      const timeZone = store.get().organisation?.time_zone;
      const built = { ...stopUpdateBody(completion, core.now(), timeZone, photos.capturedAt) };
      // The code as typed waits in the outbox until sent, like the rest of what the driver entered at the door.
      if (code !== null) built.delivery_code = code;
      const body = withinRouteTime(built, route, timeZone, core.now());
      const index = route.stops.indexOf(stop);
      const label = { id: stopId, number: countToShow(route.stops)[index] ?? null, name: stopName(stop) };
      // Stored on the device (strict durability) before anything else: from here on it reaches the server once.
      const queued = await outbox.sessionItems.add(route.id, route.project_id, label, body, photos.get);
      if (!queued) return fail('unauthorized');
      showDone(active, route, stopId, body);
      // Sent in the background, after the stop shows done: the server's answer then lands on top of it.
      void outbox.flushes.flush(route.id);
      return okVoid;
    },
  };
}
