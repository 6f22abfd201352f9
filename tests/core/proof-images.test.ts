/**
 * Stored proof images through the core (issue 11, item 1): an <img> cannot send the bearer token, so the core
 * fetches `/v1/images/{id}` with the session's token and hands the UI the Blob. A driver and a shared link see the
 * images of their own route only; the core fetches nothing but the server's image paths.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoreOptions } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { makeDriver, PASSWORD } from '../helpers/fixtures.ts';
import { jpegUrl, PHOTO_PNG, pngUrl, TINY_JPEG } from '../helpers/images.ts';
import {
  makeLink,
  type RouteSession,
  routeSession,
  startRoute,
  stopInAnswer,
  updateStop,
} from '../helpers/sessions.ts';

const suite = coreSuite();
let mine: RouteSession;
let theirs: RouteSession;
/** The stored URLs of the first delivery's photo and signature on each route. */
let myPhoto: string;
let mySignature: string;
let theirPhoto: string;

async function deliverWithProofs(s: RouteSession) {
  await startRoute(suite.t, s);
  const res = await updateStop(suite.t, s, 1, {
    status: 'finished',
    images: { '0': jpegUrl(TINY_JPEG) },
    signature: pngUrl(PHOTO_PNG),
    signature_name: 'R. Ecipient',
  });
  expect(res.status).toBe(200);
  const stop = stopInAnswer(res, s, 1);
  return { photo: stop.images[0]!, signature: stop.signature! };
}

const bytesOf = async (blob: unknown) => Buffer.from(await (blob as Blob).arrayBuffer());

beforeAll(async () => {
  mine = await routeSession(suite.t);
  theirs = await routeSession(suite.t);
  ({ photo: myPhoto, signature: mySignature } = await deliverWithProofs(mine));
  ({ photo: theirPhoto } = await deliverWithProofs(theirs));
});

const core = (init: CoreOptions['init'] = {}) => suite.core({ init });

describe('loadImage', () => {
  it('gives a signed-in driver the photo and signature of their own route, byte for byte', async () => {
    expect(myPhoto).toMatch(/^\/v1\/images\/\d+$/);
    const c = await core();
    await c.api.signIn(mine.driver.email, PASSWORD);
    const photo = await c.api.loadImage(myPhoto);
    expect(photo.ok).toBe(true);
    if (!photo.ok) return;
    expect(photo.value.type).toBe('image/jpeg');
    expect((await bytesOf(photo.value)).equals(TINY_JPEG)).toBe(true);
    const signature = await c.api.loadImage(mySignature);
    expect(signature.ok && signature.value.type).toBe('image/png');
  });

  it('refuses another route’s image as not found, for a driver and for a shared link', async () => {
    const c = await core();
    await c.api.signIn(mine.driver.email, PASSWORD);
    expect(await c.api.loadImage(theirPhoto)).toMatchObject({ ok: false, error: 'not_found' });

    const token = await makeLink(suite.t, mine.routeId);
    const link = await core({ link: { projectId: mine.projectId, routeId: mine.routeId, webView: false, token } });
    expect((await link.api.loadImage(myPhoto)).ok).toBe(true);
    expect(await link.api.loadImage(theirPhoto)).toMatchObject({ ok: false, error: 'not_found' });
  });

  it('a driver of another organisation cannot probe image ids', async () => {
    const stranger = await makeDriver(suite.t);
    const c = await core();
    await c.api.signIn(stranger.email, PASSWORD);
    expect(await c.api.loadImage(myPhoto)).toMatchObject({ ok: false, error: 'not_found' });
  });

  it('fetches nothing but the server’s image paths, so the token never leaves for another address', async () => {
    const asked: string[] = [];
    const c = await suite.core({
      fetch: (input, init) => {
        asked.push(String(input));
        return fetch(input, init);
      },
    });
    await c.api.signIn(mine.driver.email, PASSWORD);
    asked.length = 0;
    for (const url of ['https://evil.example/v1/images/1', '/v1/projects/routes', '/v1/images/1/../../drivers/1', '']) {
      expect(await c.api.loadImage(url)).toMatchObject({ ok: false, error: 'not_found' });
    }
    expect(asked).toEqual([]);
  });

  it('keeps a loaded image, so reopening a stop fetches it once; sign-out forgets it', async () => {
    let imageFetches = 0;
    const c = await suite.core({
      fetch: (input, init) => {
        if (String(input).includes('/v1/images/')) imageFetches += 1;
        return fetch(input, init);
      },
    });
    await c.api.signIn(mine.driver.email, PASSWORD);
    expect((await c.api.loadImage(myPhoto)).ok).toBe(true);
    expect((await c.api.loadImage(myPhoto)).ok).toBe(true);
    expect(imageFetches).toBe(1);
    await c.api.signOut();
    // Signed out, the cache is gone and the server refuses the call without a token.
    expect((await c.api.loadImage(myPhoto)).ok).toBe(false);
    expect(imageFetches).toBe(2);
  });
});
