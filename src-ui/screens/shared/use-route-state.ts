/**
 * The open route's state as the route view and the stop windows read it: narrow signals, each notifying only when
 * what it selects changed (src-ui/bridge/route-state.ts). Read them under useSignals().
 */
import { useCore } from '../../app/core-context.tsx';
import { type RouteState, routeStateOf } from '../../bridge/route-state.ts';

export function useRouteState(): RouteState {
  return routeStateOf(useCore().state);
}
