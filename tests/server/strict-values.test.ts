/**
 * Issue 16, items 5, 7 and 8: values the probe got stored or answered with 500 are clear 4xx answers; the plan's
 * flags, the route's publication settings and the stop's requirements are enforced by the server with the app's
 * own rules (src-shared/domain/completion-rules.ts); and images are capped in dimensions, not only in bytes.
 */
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, makePng, noisePng, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startedSession, updateStop, writtenRows } from '../helpers/sessions.ts';

let t: TestServer;
const today = localDate(new Date());

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function started(input = {}, plan?: Record<string, boolean>) {
  const driver = plan ? await makeDriver(t, await makeOrganisation(t, { plan })) : undefined;
  return startedSession(t, { date: today, ...input }, driver);
}

type Refusal = { message: string; field?: string };

describe('item 5: strange values are a clear 4xx', () => {
  it('refuses a leap second, years 0001 and 9999, hex and binary coordinates in a completion', async () => {
    const s = await started();
    const before = await writtenRows(t);
    const cases: [object, string][] = [
      [{ completed_at: '2026-06-30T23:59:60Z' }, 'completed_at'],
      [{ completed_at: '0001-01-01T00:00:00Z' }, 'completed_at'],
      [{ completed_at: '9999-12-31T12:00:00Z' }, 'completed_at'],
      [{ completed_at: '2026-02-30T10:00:00Z' }, 'completed_at'],
      [{ lat: '0x20', lng: '5.1' }, 'lat'],
      [{ lat: '52.1', lng: '0b101' }, 'lng'],
      [{ lat: '1e1', lng: '5.1' }, 'lat'],
    ];
    for (const [body, field] of cases) {
      const res = await updateStop(t, s, 1, { status: 'finished', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as Refusal).field).toBe(field);
    }
    expect(await writtenRows(t)).toEqual(before);
    expect((await updateStop(t, s, 1, { status: 'finished', completed_at: new Date().toISOString() })).status).toBe(
      200,
    );
  });

  it('refuses route dates outside 2000-2099 and a time window that ends before it starts', async () => {
    const driver = await makeDriver(t);
    const route = (input: object) =>
      t.dispatch<Refusal>('POST', '/v1/dispatch/routes', {
        organisation_id: driver.organisationId,
        driver_id: driver.driverId,
        project_name: 'Strict',
        date: '2030-01-01',
        stops: stopsAroundUtrecht(1),
        ...input,
      });
    for (const date of ['0001-01-01', '9999-12-31', '2030-02-30']) {
      const res = await route({ date });
      expect(res.status, date).toBe(400);
      expect(res.body.message).toMatch(/date must be a real date written YYYY-MM-DD, in the years 2000 to 2099/);
    }
    const window = stopsAroundUtrecht(1, { time_windows: [{ earliest: 43_200, latest: 36_000 }] });
    const res = await route({ stops: window });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/latest must be >= 43200/);
    expect((await route({})).status).toBe(201);
  });

  it('refuses forgot-password for what is not an email, and route ids that are not decimal digits', async () => {
    const forgot = await t.request<Refusal>('GET', '/v1/drivers/password/forgot?email=x');
    expect(forgot.status).toBe(400);
    const resets = await t.server.ctx.db.selectFrom('password_resets').selectAll().where('email', '=', 'x').execute();
    expect(resets).toEqual([]);
    const s = await started();
    for (const id of ['0x1c', '0b11100', '1e1', '+28', '%2028']) {
      const res = await t.request<Refusal>('GET', `/v1/projects/routes/${id}`, { token: s.token });
      expect(res.status, id).toBe(400);
    }
    expect((await t.request('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).status).toBe(200);
  });
});

describe('item 7: plan flags, publication settings and requirements on the server', () => {
  it("refuses a Basic plan driver's photo and signature with 403 and stores nothing", async () => {
    const basic = { ft_photo_collection: false, ft_signature_collection: false, ft_age_verification: false };
    const s = await started({}, basic);
    const before = await writtenRows(t);
    const photo = await updateStop(t, s, 1, { status: 'finished', images: { '0': jpegUrl() } });
    expect(photo.status).toBe(403);
    expect(photo.body).toMatchObject({ field: 'images', message: expect.stringMatching(/Photos are not part/) });
    const signature = await updateStop(t, s, 1, { status: 'finished', signature: pngUrl() });
    expect(signature.status).toBe(403);
    const age = await updateStop(t, s, 1, { status: 'finished', recipient_date_of_birth: '1980-01-01' });
    expect(age.status).toBe(403);
    expect(await writtenRows(t)).toEqual(before);
    expect((await updateStop(t, s, 1, { status: 'finished' })).status).toBe(200);
  });

  it("refuses a photo when the route's settings turn photos off, and a required proof that is missing", async () => {
    const off = await started({ publication_settings: { photo_collection: false } });
    expect((await updateStop(t, off, 1, { status: 'finished', images: { '0': jpegUrl() } })).status).toBe(403);
    const required = await started({
      stops: stopsAroundUtrecht(2, { requirements: { picture: true, signature: true, signature_name: true } }),
    });
    // In the order the complete screen lists them: signature (with its name), then photo.
    const cases: [object, string][] = [
      [{}, 'signature'],
      [{ signature: pngUrl() }, 'signature_name'],
      [{ signature: pngUrl(), signature_name: 'A. Jansen' }, 'images'],
    ];
    for (const [body, field] of cases) {
      const res = await updateStop(t, required, 1, { status: 'finished', ...body });
      expect(res.status, field).toBe(400);
      expect((res.body as unknown as Refusal).field).toBe(field);
    }
    // Skipping needs no proof; all proofs given completes.
    expect((await updateStop(t, required, 2, { status: 'skipped' })).status).toBe(200);
    const done = { images: { '0': jpegUrl() }, signature: pngUrl(), signature_name: 'A. Jansen' };
    expect((await updateStop(t, required, 1, { status: 'finished', ...done })).status).toBe(200);
  });

  it('requires a note to skip in the internal-notes variant', async () => {
    const org = await makeOrganisation(t, { customer_id: t.config.internalNotesCustomerId });
    const s = await startedSession(t, { date: today }, await makeDriver(t, org));
    const res = await updateStop(t, s, 1, { status: 'skipped' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'completion_note', message: 'A note is required to skip this stop' });
    expect((await updateStop(t, s, 1, { status: 'skipped', completion_note: 'Nobody home' })).status).toBe(200);
  });
});

/** A PNG that declares any size but holds one row of pixels: small on the wire, huge to decode. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('item 8: image dimensions', () => {
  it('refuses a small PNG declaring 20000x20000, a photo wider than 1200 px and one over 4 megapixels', async () => {
    const s = await started();
    const before = await writtenRows(t);
    const huge = declaredPng(20_000, 20_000);
    expect(huge.length).toBeLessThan(100_000);
    const cases: [object, string, RegExp][] = [
      [{ images: { '0': pngUrl(huge) } }, 'images.0', /20000x20000 pixels: at most 1200 wide/],
      [{ signature: pngUrl(huge) }, 'signature', /20000x20000 pixels: at most 4096 wide/],
      [{ images: { '0': pngUrl(makePng(1300, 2, () => [1, 2, 3])) } }, 'images.0', /1300x2 pixels/],
      [{ images: { '0': pngUrl(declaredPng(1000, 4096)) } }, 'images.0', /4 megapixels/],
    ];
    for (const [body, field, message] of cases) {
      const res = await updateStop(t, s, 1, { status: 'finished', ...body });
      expect(res.status, field).toBe(422);
      expect(res.body).toMatchObject({ field, message: expect.stringMatching(message) });
    }
    expect(await writtenRows(t)).toEqual(before);
    // What the app sends passes: an 800 px photo.
    const photo = await updateStop(t, s, 1, { status: 'finished', images: { '0': pngUrl(noisePng(800, 60)) } });
    expect(photo.status).toBe(200);
  });
});
