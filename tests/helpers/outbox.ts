/** Outbox records for tests that put one on the device directly (as another tab or an earlier start would). */
import type { OutboxItem } from '../../src-worker/outbox/outbox-item.ts';

let seq = 0;

export function outboxItem(fields: Partial<OutboxItem> & Pick<OutboxItem, 'routeId'>): OutboxItem {
  const createdAt = fields.createdAt ?? Date.now();
  return {
    id: `item-${++seq}-${createdAt}`,
    owner: 'driver:0',
    projectId: 1,
    stopId: 1,
    stop: { number: 1, name: 'Test stop' },
    seq: createdAt * 1000 + seq,
    createdAt,
    body: { status: 'skipped', completion_note: null, recipient_note: null },
    images: null,
    signature: undefined,
    state: 'queued',
    attempts: 0,
    parked: null,
    ...fields,
  };
}
