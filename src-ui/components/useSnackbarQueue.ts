import { useCallback, useMemo, useReducer } from 'react';
import { emptySnackbarQueue, type SnackbarItem, type SnackbarQueueState, snackbarReducer } from './snackbar-queue.ts';

export interface SnackbarControls {
  show: (item: SnackbarItem) => void;
  dismiss: (id: string) => void;
  clear: () => void;
}

/** Local queue state for SnackbarHost (an app-wide store can use snackbarReducer the same way). */
export function useSnackbarQueue(): [SnackbarQueueState, SnackbarControls] {
  const [state, dispatch] = useReducer(snackbarReducer, emptySnackbarQueue);
  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);
  const controls = useMemo<SnackbarControls>(
    () => ({
      show: (item) => dispatch({ type: 'show', item }),
      dismiss,
      clear: () => dispatch({ type: 'clear' }),
    }),
    [dismiss],
  );
  return [state, controls];
}
