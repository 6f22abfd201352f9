/**
 * Loads the route list when the screen opens (the core shows its stored copy first) and refreshes it on request
 * (pull-to-refresh, the refresh button). A failure becomes the spec's alert (route-text.ts); the last failure is
 * kept so a first load that found nothing can say why.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure, Result } from '../../../src-shared/api/worker-api.ts';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
import { listFailureAlert } from './route-text.ts';

export interface RouteListLoad {
  /** Reloads the list while it stays on screen; resolves when the answer is in. */
  refresh: () => Promise<void>;
  /** The last load's failure, or null after a success (and before the first answer). */
  failure: Failure | null;
}

export function useRouteList(signedIn: boolean): RouteListLoad {
  const { api } = useCore();
  const { alert } = useFeedback();
  const { t } = useTranslation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const mounted = useRef(true);
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  });

  const settle = useCallback(
    (res: Result) => {
      if (!mounted.current) return;
      setFailure(res.ok ? null : res);
      if (res.ok) return;
      const request = listFailureAlert(res, tRef.current);
      if (request) alert(request);
    },
    [alert],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void api.loadRouteList().then((res) => {
      if (live) settle(res);
    });
    return () => {
      live = false;
    };
  }, [api, signedIn, settle]);

  const refresh = useCallback(async () => {
    setFailure(null);
    settle(await api.loadRouteList({ refresh: true }));
  }, [api, settle]);

  return { refresh, failure };
}
