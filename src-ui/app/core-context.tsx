/** The core as React sees it: the remote API for intents and the mirrored state signals to read. */
import type { Remote } from 'comlink';
import { createContext, useContext } from 'react';
import type { WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { CoreMode } from '../bridge/core-mode.ts';
import type { StateSignals } from '../bridge/mirror.ts';

export interface Core {
  api: Remote<WorkerApi>;
  state: StateSignals;
  mode: CoreMode;
}

const CoreContext = createContext<Core | null>(null);
export const CoreProvider = CoreContext.Provider;

/** Components call useSignals() (from @preact/signals-react/runtime) before reading `state.x.value`. */
export function useCore(): Core {
  const core = useContext(CoreContext);
  if (!core) throw new Error('useCore() outside <CoreProvider>');
  return core;
}
