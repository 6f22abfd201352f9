import { describe, expect, it } from 'vitest';
import type { ActionBlock } from '../../src-shared/domain/stops.ts';
import type { Translate } from '../i18n/format.ts';
import { initI18n, loadRouteMessages } from '../i18n/index.ts';
import { blockText } from './block-text.ts';

const english = async (): Promise<Translate> => {
  const i18n = await initI18n('en');
  await loadRouteMessages(i18n);
  return i18n.t;
};

describe('driver alerts', () => {
  it.each<[ActionBlock, string]>([
    [{ kind: 'not_started' }, 'You need to start the route first.'],
    [{ kind: 'route_finished' }, "You've already completed the route."],
    [{ kind: 'break_first' }, 'You need to complete your break first.'],
    [{ kind: 'earlier_stop', number: 3 }, 'You need to complete stop 3 first.'],
    [{ kind: 'complete_all_first' }, 'Complete all stops before arriving at your final destination.'],
  ])('%j says %s', async (block, text) => {
    expect(blockText(block, await english())).toBe(text);
  });

  it('a kind it does not know says the stop cannot be completed yet', async () => {
    expect(blockText({ kind: 'newer_rule' } as unknown as ActionBlock, await english())).toBe(
      'This stop cannot be completed yet.',
    );
  });
});
