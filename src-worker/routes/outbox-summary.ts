/**
 * The outbox as the state shows it (`outbox`: how many wait unsent, and the parked ones, oldest first), read again
 * whenever the outbox changes: one read at a time, and one more if something changed meanwhile.
 */
import type { ParkedCompletion } from '../../src-shared/state/app-state.ts';
import type { Store } from '../base/store.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { parkedCompletion } from '../outbox/outbox-item.ts';

export interface OutboxSummary {
  /** Reads the outbox again into the state's counts (one read at a time, one more if asked meanwhile). */
  summarise(): void;
}

export function createOutboxSummary(store: Store, outbox: Pick<Outbox, 'sessionItems'>): OutboxSummary {
  let summarising: Promise<void> | null = null;
  let summariseAgain = false;

  return {
    summarise() {
      if (summarising) {
        summariseAgain = true;
        return;
      }
      summarising = (async () => {
        do {
          summariseAgain = false;
          const items = await outbox.sessionItems.all();
          const parked = items.map(parkedCompletion).filter((p): p is ParkedCompletion => p !== null);
          parked.sort((a, b) => a.parkedAt - b.parkedAt);
          store.replace(['outbox'], { unsent: items.length - parked.length, parked });
        } while (summariseAgain);
      })().finally(() => {
        summarising = null;
      });
    },
  };
}
