/**
 * Asks the core for the previewed route when the drawer opens (the route itself arrives in the core's `preview`
 * slice), and again on Retry. Keeps the last failure, for the drawer's error: the slice says only that it failed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Failure } from '../../../src-shared/api/worker-api.ts';
import { useCore } from '../../app/core-context.tsx';

export interface PreviewLoad {
  /** The last load's failure, or null while loading and after a success. */
  failure: Failure | null;
  load: () => Promise<void>;
}

export function usePreviewLoad(routeId: number): PreviewLoad {
  const { api } = useCore();
  const [failure, setFailure] = useState<Failure | null>(null);
  // An answer that comes after the drawer has gone has no one to tell.
  const mounted = useRef(true);
  const load = useCallback(async () => {
    setFailure(null);
    const res = await api.previewRoute(routeId);
    if (mounted.current) setFailure(res.ok ? null : res);
  }, [api, routeId]);
  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);
  return { failure, load };
}
