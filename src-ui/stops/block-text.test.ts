import { describe, expect, it } from 'vitest';
import type { ActionBlock } from '../../src-shared/domain/stops.ts';
import { translator } from '../i18n/testing.ts';
import { blockText } from './block-text.ts';

describe('driver alerts', () => {
  it.each<[ActionBlock, string]>([
    [{ kind: 'not_started' }, 'You need to start the route first.'],
    [{ kind: 'route_finished' }, "You've already completed the route."],
    [{ kind: 'break_first' }, 'You need to complete your break first.'],
    [{ kind: 'earlier_stop', number: 3 }, 'You need to complete stop 3 first.'],
    [{ kind: 'complete_all_first' }, 'Complete all stops before arriving at your final destination.'],
  ])('%j says %s', async (block, text) => {
    expect(blockText(block, await translator('en'))).toBe(text);
  });

  it('a kind it does not know says the stop cannot be completed yet', async () => {
    expect(blockText({ kind: 'newer_rule' } as unknown as ActionBlock, await translator('en'))).toBe(
      'This stop cannot be completed yet.',
    );
  });
});
