/** Proof images on stop updates: stored and given back byte for byte, kept or added on an edit (never deleted), and
 *  refused when they are not real JPEG or PNG files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { dataUrl, jpegUrl, noisePng, PHOTO_PNG, pngUrl, TINY_JPEG, TINY_PNG } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  makeLink,
  type RouteSession,
  routeSession,
  startedSession,
  startRoute,
  stopInAnswer as stopOf,
  updateStop,
  writtenRows,
} from '../helpers/sessions.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const started = (): Promise<RouteSession> => startedSession(t, { date: localDate(new Date()) });

const update = (s: RouteSession, stop: number, body: unknown, token?: string) => updateStop(t, s, stop, body, token);
const imageId = (url: string) => Number(url.split('/').at(-1));

describe('stored images', () => {
  it('gives the images back byte for byte, for the driver, the route’s link and the dispatcher', async () => {
    const s = await started();
    const res = await update(s, 1, {
      status: 'finished',
      signature: pngUrl(),
      images: { '0': jpegUrl(), '1': pngUrl(PHOTO_PNG) },
    });
    const stop = stopOf(res, s, 1);
    const expected: [string, Buffer, string][] = [
      [stop.images[0]!, TINY_JPEG, 'image/jpeg'],
      [stop.images[1]!, PHOTO_PNG, 'image/png'],
      [stop.signature!, TINY_PNG, 'image/png'],
    ];
    for (const token of [s.token, await makeLink(t, s.routeId), t.config.dispatchToken]) {
      for (const [url, bytes, mime] of expected) {
        const got = await fetch(t.url + url, { headers: { authorization: `Bearer ${token}` } });
        expect(got.status).toBe(200);
        expect(got.headers.get('content-type')).toBe(mime);
        expect(got.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
        expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
      }
    }
    const rows = await t.server.ctx.db
      .selectFrom('images')
      .selectAll()
      .where('stop_id', '=', s.stopIds[1]!)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.mime, r.width, r.height, r.bytes])).toEqual([
      ['signature', 'image/png', 1, 1, TINY_PNG.length],
      ['photo', 'image/jpeg', 2, 2, TINY_JPEG.length],
      ['photo', 'image/png', 185, 185, PHOTO_PNG.length],
    ]);
  });

  it('an edit is a new record: the stop shows kept and new images, and a dropped one stays the old record’s proof', async () => {
    const s = await started();
    const first = stopOf(
      await update(s, 1, { status: 'finished', signature: pngUrl(), images: { '0': jpegUrl(), '1': pngUrl() } }),
      s,
      1,
    );
    const res = await update(s, 1, {
      status: 'finished',
      signature: `${t.url}${first.signature}`,
      images: { '0': first.images[0]!, '1': pngUrl(PHOTO_PNG) },
    });
    expect(res.status).toBe(200);
    const edited = stopOf(res, s, 1);
    expect(edited.signature).toBe(first.signature);
    expect(edited.images[0]).toBe(first.images[0]);
    expect(edited.images[1]).not.toBe(first.images[1]);
    const ids = async () =>
      (
        await t.server.ctx.db
          .selectFrom('images')
          .select('id')
          .where('stop_id', '=', s.stopIds[1]!)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    const every = [first.signature, ...first.images, edited.images[1]].map((u) => imageId(u!));
    expect(await ids()).toEqual(every.sort((a, b) => a - b));
    const dropped = await t.request('GET', first.images[1]!, { token: s.token });
    expect(dropped.status).toBe(200);

    const skipped = stopOf(await update(s, 1, { status: 'skipped' }), s, 1);
    expect(skipped).toMatchObject({ images: [], signature: null, signature_name: null, age_verified: false });
    expect(await ids()).toEqual(every);
    const history = await t.server.ctx.db
      .selectFrom('completions')
      .select('status')
      .where('stop_id', '=', s.stopIds[1]!)
      .execute();
    expect(history.map((h) => h.status)).toEqual(['finished', 'finished', 'skipped']);
  });

  it('keeps only images of this stop, each of its own kind and once', async () => {
    const s = await started();
    const own = stopOf(
      await update(s, 1, { status: 'finished', signature: pngUrl(), images: { '0': jpegUrl() } }),
      s,
      1,
    );
    const other = stopOf(await update(s, 2, { status: 'finished', images: { '0': jpegUrl() } }), s, 2);
    const before = await writtenRows(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ images: { '0': other.images[0] } }, 'images.0'],
      [{ images: { '0': own.signature } }, 'images.0'],
      [{ signature: own.images[0] }, 'signature'],
      [{ images: { '0': own.images[0], '1': own.images[0] } }, 'images.1'],
      [{ images: { '0': 'https://example.test/photo.jpg' } }, 'images.0'],
      [{ signature: 'hello' }, 'signature'],
    ];
    for (const [body, field] of cases) {
      const res = await update(s, 1, { status: 'finished', ...body });
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { field } });
    }
    expect(await writtenRows(t)).toEqual(before);
  });
});

describe('refused images', () => {
  it('refuses what is not a real JPEG or PNG with 422 naming the image, and an oversized one with 413', async () => {
    const s = await started();
    const before = await writtenRows(t);
    const badCrc = Buffer.from(TINY_PNG);
    badCrc[29]! ^= 0xff;
    const cases: [Record<string, unknown>, number, string, RegExp][] = [
      [
        { images: { '0': dataUrl('image/jpeg', Buffer.from('just some text, renamed')) } },
        422,
        'images.0',
        /images\.0 is not a valid JPEG or PNG image/,
      ],
      [
        { images: { '0': jpegUrl(), '1': pngUrl(TINY_PNG.subarray(0, 20)) } },
        422,
        'images.1',
        /images\.1 is not a valid/,
      ],
      [{ images: { '0': jpegUrl(TINY_JPEG.subarray(0, 200)) } }, 422, 'images.0', /not a valid/],
      [{ images: { '0': pngUrl(badCrc) } }, 422, 'images.0', /not a valid/],
      [{ images: { '0': dataUrl('image/jpeg', TINY_PNG) } }, 422, 'images.0', /declared as JPEG but holds a PNG/],
      [{ images: { '0': dataUrl('image/png', TINY_JPEG) } }, 422, 'images.0', /declared as PNG but holds a JPEG/],
      [{ images: { '0': dataUrl('image/gif', TINY_PNG) } }, 422, 'images.0', /JPEG or PNG image, not image\/gif/],
      [{ images: { '0': 'data:image/png;base64,@@@@' } }, 422, 'images.0', /not a valid/],
      [{ images: { '0': 'data:image/png,rawtext' } }, 422, 'images.0', /base64 data URL/],
      [
        { signature: dataUrl('image/png', Buffer.from('<svg/>')) },
        422,
        'signature',
        /signature is not a valid JPEG or PNG image/,
      ],
      [{ images: { '0': pngUrl(noisePng(850, 850)) } }, 413, 'images.0', /images\.0 is larger than the limit of 2 MiB/],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await update(s, 1, { status: 'finished', ...body });
      expect(res.status, field).toBe(status);
      expect(res.body as unknown as { message: string; field: string }).toMatchObject({
        field,
        message: expect.stringMatching(message),
      });
    }
    expect(await writtenRows(t)).toEqual(before);
  });

  it('answers 413 for a body over the server’s limit', async () => {
    const small = await startTestServer({ env: { BODY_LIMIT: '100000' } });
    try {
      const s = await routeSession(small, { date: localDate(new Date()) });
      await startRoute(small, s);
      const before = await writtenRows(small);
      const res = await small.request<{ message: string }>('POST', `${s.path}/services/${s.stopIds[1]}`, {
        token: s.token,
        body: { status: 'finished', images: { '0': pngUrl(PHOTO_PNG) } },
      });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('The request body is larger than the limit of 100000 bytes');
      expect(await writtenRows(small)).toEqual(before);
    } finally {
      await small.close();
    }
  });
});
