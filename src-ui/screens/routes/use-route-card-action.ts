/**
 * What a route card's button does: Open route and Continue route go to the route; a closed route's View opens the
 * preview drawer, which this hook keeps (the route being previewed, or null).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { routeAction } from '../../../src-shared/domain/route-list.ts';
import type { RouteSummary } from '../../../src-shared/protocol/entities.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { useNav } from '../shared/navigation.ts';

export interface RouteCardAction {
  /** Stable for the screen's life. */
  onAction: (route: RouteSummary) => void;
  previewing: RouteSummary | null;
  /** The drawer has gone. */
  closePreview: () => void;
}

export function useRouteCardAction(): RouteCardAction {
  const { api } = useCore();
  const nav = useNav();
  const [previewing, setPreviewing] = useState<RouteSummary | null>(null);

  // Cards keep one callback, so a list patch re-renders only the cards whose route changed.
  const navRef = useRef(nav);
  useEffect(() => {
    navRef.current = nav;
  });
  const onAction = useCallback((route: RouteSummary) => {
    if (routeAction(route) === 'view') setPreviewing(route);
    else navRef.current.go(PATHS.route(route.id));
  }, []);

  // The preview belongs to this screen: leaving it closes the core's preview too.
  useEffect(
    () => () => {
      void api.previewRoute(null);
    },
    [api],
  );

  return { onAction, previewing, closePreview: () => setPreviewing(null) };
}
