/**
 * Text that shows nothing is empty, and a code is read as typed (issue 44), on the server: a required text of the
 * outcomes and proofs made only of zero-width characters is refused exactly as an empty one (src-shared/domain/text.ts,
 * isFilled), and a code that is only a code once upper-cased (`ßß`, which becomes SSSS) is refused as the dispatcher's
 * code and as the driver's, before it is tried or counted (src-shared/domain/outcomes/code.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Plan, Route } from '../../src-shared/protocol/entities.ts';
import { expectError } from '../helpers/dispatch.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startRoute, updateStop, writtenRows } from '../helpers/sessions.ts';

let t: TestServer;
const today = new Date();
today.setHours(10, 0, 0, 0);

beforeAll(async () => {
  t = await startTestServer({ now: () => today.getTime() });
});
afterAll(() => t.close());

/** A zero-width space, non-joiner, joiner, word joiner and byte order mark: text that shows nothing. */
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';

const PLAN: Partial<Plan> = {
  ft_failure_reasons: true,
  ft_delivery_places: true,
  ft_delivery_codes: true,
  ft_signature_collection: true,
};

/** A started route with every outcome on, whose deliveries ask for a signature with the signer's name. */
async function started(code?: string): Promise<RouteSession> {
  const org = await makeOrganisation(t, { plan: PLAN, config: { require_name_with_signature: true } });
  const stops = stopsAroundUtrecht(2, { requirements: { signature: true } });
  if (code) stops[1] = { ...stops[1]!, delivery_code: code };
  const settings = { failure_reasons: true, delivery_places: true, delivery_codes: true, signature_capture: true };
  const s = await routeSession(
    t,
    { date: localDate(today), stops, publication_settings: settings },
    await makeDriver(t, org),
  );
  await startRoute(t, s);
  return s;
}

const SIGNED = { signature: pngUrl(), signature_name: 'A. de Vries' };
const delivered = (place: object, more: object = {}) => ({
  status: 'finished',
  ...SIGNED,
  delivery_place: place,
  ...more,
});

describe('a required text of zero-width characters is refused as an empty one', () => {
  it.each<[string, (text: string) => object, RegExp, string]>([
    [
      "a neighbour's name",
      (text) => delivered({ place: 'neighbour', neighbour_name: text, neighbour_house_number: '14' }),
      /neighbour's name is required/,
      'delivery_place.neighbour_name',
    ],
    [
      "a neighbour's house number",
      (text) => delivered({ place: 'neighbour', neighbour_name: 'A. Bakker', neighbour_house_number: text }),
      /house number is required/,
      'delivery_place.neighbour_house_number',
    ],
    [
      'a safe place',
      (text) => delivered({ place: 'safe_place', safe_place: text }, { images: { 0: jpegUrl() } }),
      /Say where the safe place is/,
      'delivery_place.safe_place',
    ],
    [
      'the note "other" asks for',
      (text) => ({ status: 'skipped', failure_reason: 'other', completion_note: text }),
      /note is required/,
      'completion_note',
    ],
    [
      "the signer's name",
      (text) => delivered({ place: 'recipient' }, { signature_name: text }),
      /signer's name is required/,
      'signature_name',
    ],
  ])('%s', async (_, body, message, field) => {
    const s = await started();
    const before = await writtenRows(t);
    const empty = await updateStop(t, s, 1, body(''));
    expectError(empty, 400, message, field);
    for (const text of [ZERO_WIDTH, ` ${ZERO_WIDTH}\u00a0`, '\u0301']) {
      const invisible = await updateStop(t, s, 1, body(text));
      expect({ status: invisible.status, body: invisible.body }, JSON.stringify(text)).toEqual({
        status: empty.status,
        body: empty.body,
      });
    }
    expect(await writtenRows(t)).toEqual(before);
    // The same text with something to read is taken.
    const written = await updateStop(t, s, 1, body(`${ZERO_WIDTH}J`));
    expect(written.status, JSON.stringify(written.body)).toBe(200);
  });
});

describe('a code is read on the characters typed, before upper-casing', () => {
  const stopPath = (s: RouteSession) => `/v1/dispatch/routes/${s.routeId}/stops/${s.stopIds[1]}`;
  const triesLeft = async (s: RouteSession) => {
    const route = (await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).body;
    return route.stops.find((stop) => stop.id === s.stopIds[1])?.delivery_code_tries_left;
  };

  it.each(['ßß', 'ﬀﬀ', 'ıııı'])('%s is refused as the code the dispatcher sets', async (code) => {
    const s = await started();
    expectError(
      await t.dispatch('PATCH', stopPath(s), { delivery_code: code }),
      400,
      /letters or digits/,
      'delivery_code',
    );
    const stops = stopsAroundUtrecht(1);
    stops[1] = { ...stops[1]!, delivery_code: code };
    const created = await t.dispatch('POST', '/v1/dispatch/routes', {
      organisation_id: s.driver.organisationId,
      driver_id: s.driver.driverId,
      date: localDate(today),
      stops,
    });
    expectError(created, 400, /letters or digits/, 'stops.1.delivery_code');
    // Spaces and dashes are still left out.
    expect((await t.dispatch('PATCH', stopPath(s), { delivery_code: ' ab-12 ' })).status).toBe(200);
  });

  it('ßß is refused as a typed code, through the try and through a completion, and not counted', async () => {
    // SSSS is what ßß upper-cases to: read after upper-casing, ßß would be this stop's right code.
    const s = await started('SSSS');
    const tried = await t.request('POST', `${s.path}/services/${s.stopIds[1]}/delivery-code`, {
      token: s.token,
      body: { code: 'ßß' },
    });
    expectError(tried, 400, /letters A to Z or digits/, 'code');
    const before = await writtenRows(t);
    const completed = await updateStop(t, s, 1, delivered({ place: 'recipient' }, { delivery_code: 'ßß' }));
    expectError(completed, 400, /letters A to Z or digits/, 'delivery_code');
    expect(await writtenRows(t)).toEqual(before);
    expect(await triesLeft(s)).toBe(5);
    // The code typed as it is, with a dash and in lower case, is right.
    const right = await updateStop(t, s, 1, delivered({ place: 'recipient' }, { delivery_code: 'ss-ss' }));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
  });
});
