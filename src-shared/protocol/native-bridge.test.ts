import { describe, expect, it } from 'vitest';
import { type AppToWrapper, checkAppMessage, parseWrapperMessage } from './native-bridge.ts';

const tokens = { accessToken: 'a.b.c', refreshToken: 'r', expiresAt: 1_900_000_000_000 };

describe('messages from a wrapper', () => {
  it.each([
    ['a session with tokens', { type: 'session', tokens }],
    ['a session without a driver', { type: 'session', tokens: null }],
    ['a shared link', { type: 'link', projectId: 1, routeId: 2, token: 't' }],
    ['a bare location', { type: 'location', lat: 52.37, lng: 4.89 }],
    ['a location with accuracy and time', { type: 'location', lat: -33.9, lng: 151.2, accuracy: 8, timestamp: 1 }],
    ['a location error', { type: 'location_error', reason: 'denied' }],
    ['a JPEG photo', { type: 'photo', requestId: 'p1', mimeType: 'image/jpeg', base64: '/9j/4AAQ' }],
    ['a cancelled photo', { type: 'photo_cancelled', requestId: 'p1' }],
    ['a field of a later version', { type: 'location', lat: 1, lng: 2, heading: 90 }],
  ])('%s is taken', (_what, message) => {
    expect(parseWrapperMessage(message)).toEqual({ ok: true, message });
  });

  it('JSON text is read as the object it holds', () => {
    const message = { type: 'session', tokens: null };
    expect(parseWrapperMessage(JSON.stringify(message))).toEqual({ ok: true, message });
  });

  it.each([
    ['no object', 42, 'not an object'],
    ['null', null, 'not an object'],
    ['an array', [{ type: 'session' }], 'not an object'],
    ['text that is not JSON', '{type: session}', 'not JSON'],
    ['no type', { tokens: null }, 'unknown type undefined'],
    ['an unknown type', { type: 'vibrate' }, 'unknown type vibrate'],
    ['a type from the prototype', { type: 'toString' }, 'unknown type toString'],
    ['an app message sent back', { type: 'call', number: '+31612345678' }, 'unknown type call'],
    ['a session without tokens', { type: 'session' }, 'session: tokens is neither a token pair nor null'],
    [
      'tokens missing the refresh token',
      { type: 'session', tokens: { accessToken: 'a', expiresAt: 1 } },
      'session: tokens .refreshToken is not a non-empty string',
    ],
    [
      'an expiry as text',
      { type: 'session', tokens: { ...tokens, expiresAt: '1900000000000' } },
      'session: tokens .expiresAt is not a finite number',
    ],
    ['a latitude out of range', { type: 'location', lat: 91, lng: 0 }, 'location: lat is not a latitude'],
    ['a longitude as text', { type: 'location', lat: 1, lng: '4.9' }, 'location: lng is not a longitude'],
    ['a NaN accuracy', { type: 'location', lat: 1, lng: 2, accuracy: Number.NaN }, 'location: accuracy'],
    ['an unknown location error', { type: 'location_error', reason: 'busy' }, 'location_error: reason is not one of'],
    ['a route id of 0', { type: 'link', projectId: 1, routeId: 0, token: 't' }, 'link: routeId'],
    [
      'a GIF',
      { type: 'photo', requestId: 'p', mimeType: 'image/gif', base64: 'R0lG' },
      'photo: mimeType is not one of image/jpeg, image/png',
    ],
    [
      'a data URL for base64',
      { type: 'photo', requestId: 'p', mimeType: 'image/jpeg', base64: 'data:image/jpeg;base64,/9j/' },
      'photo: base64 is not base64',
    ],
    ['a photo without its request', { type: 'photo_cancelled' }, 'photo_cancelled: requestId'],
  ])('%s is refused, saying why', (_what, message, reason) => {
    const checked = parseWrapperMessage(message);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(reason);
  });
});

describe('messages to a wrapper', () => {
  it.each<AppToWrapper>([
    { type: 'ready', protocol: 1 },
    { type: 'tokens', ...tokens },
    { type: 'signed_out' },
    { type: 'route_started', routeId: 3, projectId: 1 },
    { type: 'route_finished', routeId: 3, projectId: 1 },
    { type: 'open_url', url: 'https://example.com/terms', purpose: 'terms' },
    { type: 'open_map', url: 'https://waze.com/ul?ll=1,2&navigate=yes', lat: 1, lng: 2, app: 'waze' },
    { type: 'open_camera', requestId: 'photo-1' },
    { type: 'call', number: '+31612345678' },
  ])('$type fits its type', (message) => {
    expect(checkAppMessage(message)).toEqual({ ok: true, message });
  });

  it.each<[string, AppToWrapper, string]>([
    ['a number without its plus', { type: 'call', number: '0612345678' }, 'call: number is not an E.164 number'],
    ['a javascript: link', { type: 'open_url', url: 'javascript:alert(1)', purpose: 'link' }, 'open_url: url'],
    ['a tel: link for a page', { type: 'open_url', url: 'tel:+31612345678', purpose: 'help' }, 'open_url: url'],
    [
      'an unknown navigation app',
      { type: 'open_map', url: 'https://x.test', lat: 1, lng: 2, app: 'here' as 'google' },
      'open_map: app',
    ],
    ['a route without its project', { type: 'route_started', routeId: 3 } as AppToWrapper, 'route_started: projectId'],
  ])('%s is stopped before it leaves', (_what, message, reason) => {
    const checked = checkAppMessage(message);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(reason);
  });
});
