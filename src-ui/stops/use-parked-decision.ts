/**
 * The driver's decision on a refused completion: send it again or discard it (after a confirmation, since the data
 * is gone then). One request at a time: while one runs, the other choice is held off, so a second tap can never
 * send and discard the same completion at once.
 */
import { useState } from 'react';
import { useCore } from '../app/core-context.tsx';

export type ParkedDecision = 'retry' | 'discard';

export function useParkedDecision(parkedId: string) {
  const { api } = useCore();
  const [busy, setBusy] = useState<ParkedDecision | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(kind: ParkedDecision) {
    setBusy(kind);
    try {
      await (kind === 'retry' ? api.retryCompletion(parkedId) : api.discardCompletion(parkedId));
    } finally {
      // Settled either way: the worker's state now shows what became of it (gone, or refused again).
      setBusy(null);
      setConfirming(false);
    }
  }

  return { busy, confirming, setConfirming, run };
}
