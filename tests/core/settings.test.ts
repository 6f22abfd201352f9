/**
 * The driver's settings (src-worker/core/settings.ts): a change is one patch, the current value none, and a value
 * that does not exist is refused.
 */
import { describe, expect, it } from 'vitest';
import { coreSuite } from '../helpers/core-suite.ts';

const suite = coreSuite();

describe('settings', () => {
  it('changes a setting, does nothing for the current value, refuses a value that does not exist', async () => {
    const c = await suite.core();
    // Only patches after the start that touch the settings count: the start's own patches may still be arriving on
    // the listener's port (later on a loaded machine), and the account's load may patch other slices meanwhile.
    const settingsPatches = () =>
      c.patches.filter((p) => p.version > c.startVersion && p.ops.some((op) => op.path[0] === 'settings')).length;
    const before = settingsPatches();
    expect(await c.api.setSetting('distanceUnit', 'mi')).toEqual({ ok: true, value: { changed: true } });
    await c.until((s) => s.settings.distanceUnit === 'mi');
    const after = settingsPatches();
    expect(after).toBe(before + 1);
    expect(await c.api.setSetting('distanceUnit', 'mi')).toEqual({ ok: true, value: { changed: false } });
    await new Promise((r) => setTimeout(r, 20));
    expect(settingsPatches()).toBe(after);
    // biome-ignore lint/suspicious/noExplicitAny: a caller outside TypeScript's reach
    expect(await c.api.setSetting('mapView', 'sideways' as any)).toMatchObject({ ok: false, error: 'unknown' });
  });
});
