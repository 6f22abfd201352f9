import { describe, expect, it, vi } from 'vitest';
import { NATIVE_NAMES } from '../../src-shared/protocol/native-bridge.ts';
import { createNativeBridge, type OtherWrapperMessage } from './native-bridge.ts';
import { detectWrapper } from './native-detect.ts';

const ENTRY_POINT = NATIVE_NAMES.entryPoint;

/** A global scope with an Android interface or an iOS handler that records what it is given, as a wrapper would. */
function wrapperScope(platform: 'android' | 'ios') {
  const posted: unknown[] = [];
  const poster = { postMessage: (message: unknown) => posted.push(message) };
  const scope: Record<string, unknown> =
    platform === 'android'
      ? { [NATIVE_NAMES.androidInterface]: poster }
      : { webkit: { messageHandlers: { [NATIVE_NAMES.iosHandler]: poster } } };
  return { scope, posted };
}

function bridgeIn(platform: 'android' | 'ios') {
  const { scope, posted } = wrapperScope(platform);
  const received: OtherWrapperMessage[] = [];
  const log = { warn: vi.fn() };
  const bridge = createNativeBridge({ platform, scope, log, onMessage: (m) => received.push(m) });
  const entry = (raw: unknown) => (scope[ENTRY_POINT] as (raw: unknown) => void)(raw);
  return { bridge, scope, posted, received, log, entry };
}

describe('detecting a wrapper', () => {
  it('finds the Android interface or the iOS handler by the contract’s names, and nothing in a browser', () => {
    expect(detectWrapper(wrapperScope('android').scope)).toBe('android');
    expect(detectWrapper(wrapperScope('ios').scope)).toBe('ios');
    expect(detectWrapper({})).toBeNull();
    expect(detectWrapper({ webkit: { messageHandlers: {} } })).toBeNull();
    expect(detectWrapper({ webkit: {} })).toBeNull();
  });
});

describe('sending', () => {
  it('hands Android JSON text and iOS the object', () => {
    const android = bridgeIn('android');
    expect(android.bridge.send({ type: 'call', number: '+31612345678' })).toBe(true);
    expect(android.posted).toEqual(['{"type":"call","number":"+31612345678"}']);
    const ios = bridgeIn('ios');
    expect(ios.bridge.send({ type: 'call', number: '+31612345678' })).toBe(true);
    expect(ios.posted).toEqual([{ type: 'call', number: '+31612345678' }]);
  });

  it('never posts a message that breaks its type, and says so', () => {
    const { bridge, posted, log } = bridgeIn('android');
    expect(bridge.send({ type: 'call', number: '0612345678' })).toBe(false);
    expect(posted).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('call: number is not an E.164 number'));
  });

  it('a wrapper whose postMessage throws gets false, not a crash', () => {
    const throwing = {
      DroplaneAndroid: {
        postMessage: () => {
          throw new Error('gone');
        },
      },
    };
    const log = { warn: vi.fn() };
    const bridge = createNativeBridge({ platform: 'android', scope: throwing, log, onMessage: () => {} });
    expect(bridge.send({ type: 'signed_out' })).toBe(false);
    expect(log.warn).toHaveBeenCalled();
  });
});

describe('receiving', () => {
  it('passes on what fits, as an object or as JSON text', () => {
    const { received, entry } = bridgeIn('ios');
    entry({ type: 'location', lat: 52, lng: 5 });
    entry('{"type":"session","tokens":null}');
    expect(received).toEqual([
      { type: 'location', lat: 52, lng: 5 },
      { type: 'session', tokens: null },
    ]);
  });

  it.each([
    ['an unknown type', { type: 'vibrate' }],
    ['a malformed location', { type: 'location', lat: 'north' }],
    ['broken JSON', '{"type":'],
    ['nothing', undefined],
    ['a photo nobody asked for', { type: 'photo', requestId: 'x', mimeType: 'image/png', base64: 'iVBO' }],
  ])('logs and ignores %s, never throwing', (_what, raw) => {
    const { received, entry, log } = bridgeIn('android');
    expect(() => entry(raw)).not.toThrow();
    expect(received).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('a message the app fails to act on is logged, not thrown back at the wrapper', () => {
    const { scope } = wrapperScope('android');
    const log = { warn: vi.fn() };
    createNativeBridge({
      platform: 'android',
      scope,
      log,
      onMessage: () => {
        throw new Error('bug');
      },
    });
    expect(() => (scope[ENTRY_POINT] as (raw: unknown) => void)({ type: 'session', tokens: null })).not.toThrow();
    expect(log.warn).toHaveBeenCalledWith('native bridge: a session message failed', expect.any(Error));
  });
});

describe('the camera', () => {
  it('asks with a request id and gets the photo back as a File', async () => {
    const { bridge, posted, entry } = bridgeIn('android');
    const taking = bridge.takePhoto();
    const asked = JSON.parse(posted[0] as string) as { type: string; requestId: string };
    expect(asked.type).toBe('open_camera');
    const bytes = Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]);
    entry({ type: 'photo', requestId: asked.requestId, mimeType: 'image/jpeg', base64: btoa('\xff\xd8\xff\xd9') });
    const file = await taking;
    expect(file?.type).toBe('image/jpeg');
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(bytes);
  });

  it('a cancelled camera answers null', async () => {
    const { bridge, posted, entry } = bridgeIn('ios');
    const taking = bridge.takePhoto();
    entry({ type: 'photo_cancelled', requestId: (posted[0] as { requestId: string }).requestId });
    expect(await taking).toBeNull();
  });
});
