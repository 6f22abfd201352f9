/**
 * The core's check of a completion before it is queued (src-worker/routes/completion-check.ts, issues 19 and 21),
 * the core against the real server: what the complete screen refuses (a missing photo, an under-age recipient, a
 * note too long, a parcel neither scanned nor marked) is refused here too, and nothing of it is stored or sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';
import { signedInCore, startedRoute, stopCompletions } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Route Co' }));
});

describe('the rules, checked in the core before anything is queued', () => {
  it('refuses a delivery missing a required photo, an under-age recipient, a 501-character note', async () => {
    const c = await signedInCore(suite, driver);
    const started = await startedRoute(suite.t, c, driver, {
      stops: stopsAroundUtrecht(2, {
        requirements: {
          picture: true,
          signature: false,
          signature_name: false,
          age_verification: false,
          barcode: false,
        },
      }),
    });
    const stop = started.stops[1]!;
    expect(await c.api.completeStop(stop.id, { status: 'finished' })).toEqual({
      ok: false,
      error: 'invalid_completion',
      message: 'photo_required',
    });
    expect(
      await c.api.completeStop(stop.id, {
        status: 'finished',
        proofs: { images: [jpegUrl()], recipient_date_of_birth: localDate(new Date()) },
      }),
    ).toMatchObject({ ok: false, message: 'recipient_under_age' });
    expect(await c.api.completeStop(stop.id, { status: 'skipped', completion_note: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      message: 'note_too_long',
    });
    // A photo handle the core never made (or long since dropped) is refused, not sent without its photo.
    expect(
      await c.api.completeStop(stop.id, { status: 'finished', proofs: { images: ['photo:not-made-here'] } }),
    ).toMatchObject({ ok: false, message: 'photo_missing' });
    expect(await c.api.loadImage('photo:not-made-here')).toMatchObject({ ok: false, error: 'not_found' });
    // Nothing of it was stored on the device or sent.
    expect(c.state().outbox.unsent).toBe(0);
    expect(await stopCompletions(suite.t, stop.id)).toHaveLength(0);
    // The same stop with its photo goes through.
    expect(await c.api.completeStop(stop.id, { status: 'finished', proofs: { images: [jpegUrl()] } })).toEqual({
      ok: true,
    });
  });
});

describe('unit scans (issue 19), in the core', () => {
  it('refuses a delivery before every parcel is scanned or marked, then queues the scans with the completion', async () => {
    const c = await signedInCore(suite, driver);
    const started = await startedRoute(suite.t, c, driver, {
      stops: stopsAroundUtrecht(1, {
        requirements: { barcode: true },
        units: [
          { id: 'p1', name: 'Parcel', quantity: 1, note: null, barcode: '4006381333931' },
          { id: 'p2', name: 'Envelope', quantity: 1, note: null, barcode: 'PKG-2' },
        ],
      }),
    });
    const stop = started.stops[1]!;
    const at = new Date().toISOString();
    const scanned = { id: 'p1', barcode_scanned: true, scan_method: 'camera' as const, scanned_at: at };
    expect(await c.api.completeStop(stop.id, { status: 'finished', units: [scanned] })).toEqual({
      ok: false,
      error: 'invalid_completion',
      message: 'units_unscanned',
    });
    expect(c.state().outbox.unsent).toBe(0);
    const missing = { id: 'p2', barcode_scanned: false, scan_reason: 'missing' as const, scanned_at: at };
    expect(await c.api.completeStop(stop.id, { status: 'finished', units: [scanned, missing] })).toEqual({ ok: true });
    // The stop shows the scans at once (the mirror follows the core's patches); then the server has them too.
    const shown = await c.until((s) => s.route?.route?.stops[1]?.status === 'finished');
    expect(shown.route!.route!.stops[1]!.units.map((u) => [u.id, u.barcode_scanned, u.scan_reason])).toEqual([
      ['p1', true, null],
      ['p2', false, 'missing'],
    ]);
    const stored = async () => {
      const row = await suite.t.server.ctx.db
        .selectFrom('stops')
        .select('units')
        .where('id', '=', stop.id)
        .executeTakeFirst();
      return (JSON.parse(row?.units ?? '[]') as { barcode_scanned: boolean; scan_reason: string | null }[]).map((u) => [
        u.barcode_scanned,
        u.scan_reason,
      ]);
    };
    await expect.poll(stored).toEqual([
      [true, null],
      [false, 'missing'],
    ]);
  });
});
