/**
 * Organisation settings that cannot lock drivers out (issue 44): a failure reasons list is null (the default list) or
 * holds a reason. A list stored empty before is the default list again (migration 014).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as failureReasonsToChoose } from '../../src-server/db/migrations/014-failure-reasons-to-choose.ts';
import type { Organisation } from '../../src-shared/protocol/entities.ts';
import { expectError } from '../helpers/dispatch.ts';
import { makeOrganisation } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const FIELD = 'config.failure_reasons';
const NO_REASON = /^config\.failure_reasons must hold at least one reason, or be null for the default list/;

const storedConfig = async (id: number) => {
  const row = await t.server.ctx.db
    .selectFrom('organisations')
    .select('config')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.config) as Record<string, unknown>;
};

describe("an organisation's failure reasons", () => {
  it('are refused empty, on create and on change, and the stored list stays', async () => {
    const org = await makeOrganisation(t);
    const path = `/v1/dispatch/organisations/${org}`;
    const kept = [{ code: 'refused' }, { code: 'other', note: true }];
    expect((await t.dispatch('PATCH', path, { config: { failure_reasons: kept } })).status).toBe(200);
    const before = await storedConfig(org);
    expectError(await t.dispatch('PATCH', path, { config: { failure_reasons: [] } }), 400, NO_REASON, FIELD);
    expect(await storedConfig(org)).toEqual(before);
    const created = await t.dispatch('POST', '/v1/dispatch/organisations', {
      name: 'Locked out BV',
      config: { failure_reasons: [] },
    });
    expectError(created, 400, NO_REASON, FIELD);
  });

  it('take null (the default list), one reason, and reasons that all ask for a note', async () => {
    const org = await makeOrganisation(t);
    const path = `/v1/dispatch/organisations/${org}`;
    const one = await t.dispatch<Organisation>('PATCH', path, { config: { failure_reasons: [{ code: 'refused' }] } });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.config.failure_reasons).toEqual([{ code: 'refused', label: null, photo: false, note: false }]);
    const photo = [{ code: 'closed', photo: true }];
    expect((await t.dispatch('PATCH', path, { config: { failure_reasons: photo } })).status).toBe(200);
    const notes = [{ code: 'other', note: true }];
    expect((await t.dispatch('PATCH', path, { config: { failure_reasons: notes } })).status).toBe(200);
    const back = await t.dispatch<Organisation>('PATCH', path, { config: { failure_reasons: null } });
    expect(back.body.config.failure_reasons).toBeNull();
  });

  it('stored empty before are the default list after migration 014, and other configs stay as stored', async () => {
    const empty = await makeOrganisation(t);
    const own = await makeOrganisation(t);
    const { db } = t.server.ctx;
    const emptyConfig = { allowed_to_call_recipient: false, require_name_with_signature: true, failure_reasons: [] };
    await db
      .updateTable('organisations')
      .set({ config: JSON.stringify(emptyConfig) })
      .where('id', '=', empty)
      .execute();
    await t.dispatch('PATCH', `/v1/dispatch/organisations/${own}`, {
      config: { failure_reasons: [{ code: 'refused' }] },
    });
    const ownBefore = await storedConfig(own);
    await failureReasonsToChoose(db);
    expect(await storedConfig(empty)).toEqual({ ...emptyConfig, failure_reasons: null });
    expect(await storedConfig(own)).toEqual(ownBefore);
  });
});
