/**
 * A completion queued offline for a stop the dispatcher then removed (issue 30), the core against the real server:
 * the server keeps it against the removed stop and answers it marked `stop_removed`; the outbox takes that as
 * delivered, exactly once, and the driver is told "This stop was removed by your dispatcher; your completion was
 * kept".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Notice } from '../../src-shared/state/app-state.ts';
import { en } from '../../src-ui/i18n/en.ts';
import { noticeText } from '../../src-ui/i18n/errors.ts';
import type { Translate } from '../../src-ui/i18n/format.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeRoute, PASSWORD, stopsAroundUtrecht } from '../helpers/fixtures.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t);
});

/** A tiny t() over the English messages, enough for a notice's key. */
const translate: Translate = (key) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node);
};

const kept = (notices: Notice[]) => notices.filter((n) => n.kind === 'completion_kept_removed_stop');

describe('a completion for a stop removed while it waited on the phone', () => {
  it('is delivered once, kept against the removed stop, and the driver is told so', async () => {
    const faults = faultyFetch();
    const { t } = suite;
    const c = await suite.core({ fetch: faults.fetch });
    await c.api.signIn(driver.email, PASSWORD);
    const { routeId } = await makeRoute(t, driver, { date: localDate(new Date()), stops: stopsAroundUtrecht(3) });
    expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
    await c.until((s) => s.route?.status === 'ready');
    expect(await c.api.startRoute(null)).toEqual({ ok: true });
    const state = await c.until((s) => s.route?.route?.status === 'in_progress');
    const stop = state.route!.route!.stops.find((s) => s.type === 'delivery')!;

    // Done on the phone with no connection, then taken off the route by the dispatcher before it was sent.
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    expect(
      await c.api.completeStop(stop.id, { status: 'finished', completion_note: 'Left with the neighbour' }),
    ).toEqual({ ok: true });
    await c.until((s) => s.outbox.unsent === 1);
    const removal = await t.dispatch('DELETE', `/v1/dispatch/routes/${routeId}/stops/${stop.id}`);
    expect(removal.status).toBe(200);

    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    const after = await c.until((s) => s.outbox.unsent === 0 && kept(s.notices).length === 1);
    expect(after.outbox.parked).toEqual([]);
    expect(noticeText(kept(after.notices)[0]!, translate)).toBe(
      'This stop was removed by your dispatcher; your completion was kept',
    );
    // The route as the server has it now: without the removed stop.
    await c.until((s) => s.route?.route?.stops.every((x) => x.id !== stop.id) === true);

    // Back online once more: nothing is sent again, and the driver is not told twice.
    await c.api.setConnectivity({ online: false });
    await c.api.setConnectivity({ online: true });
    await c.api.refreshRoute();
    expect(faults.passed.filter(isCompletion)).toHaveLength(1);
    expect(kept(c.state().notices)).toHaveLength(1);
    const rows = await t.server.ctx.db.selectFrom('completions').selectAll().where('stop_id', '=', stop.id).execute();
    expect(rows.map((r) => [r.status, JSON.parse(r.body).completion_note])).toEqual([
      ['finished', 'Left with the neighbour'],
    ]);
  });
});
