/**
 * The native bridge's transport (docs/native-bridge.md): posts the app's messages to the wrapper (Android: the
 * DroplaneAndroid interface takes JSON text; iOS: the droplane message handler takes the object), and receives the
 * wrapper's through window.droplaneReceive. Both ways every message is checked against its type first
 * (src-shared/protocol/native-bridge.ts): one that does not fit is logged and dropped, never thrown into the app.
 * Photos are answered here (by request id); every other message goes to `onMessage`.
 *
 * Loaded only inside a wrapper (./native.ts detects it).
 */
import {
  type AppToWrapper,
  checkAppMessage,
  parseWrapperMessage,
  type WrapperToApp,
} from '../../src-shared/protocol/native-bridge.ts';
import { ANDROID_INTERFACE, ENTRY_POINT, IOS_HANDLER, type NativeBridge, type WrapperPlatform } from './native.ts';

type Poster = { postMessage(message: unknown): void };
type Scope = Record<string, unknown> & { webkit?: { messageHandlers?: Record<string, Poster | undefined> } };

export type OtherWrapperMessage = Exclude<WrapperToApp, { type: 'photo' | 'photo_cancelled' }>;

export interface NativeBridgeDeps {
  platform: WrapperPlatform;
  /** The page's global scope (window; a plain object in tests). */
  scope: object;
  /** Messages the wrapper sent before the bridge loaded (native.ts queueEarlyMessages). */
  early?: unknown[];
  onMessage: (message: OtherWrapperMessage) => void;
  log?: Pick<Console, 'warn'>;
}

export interface NativeBridgeHandle extends NativeBridge {
  /** The entry point's body: what window.droplaneReceive calls. */
  receive(raw: unknown): void;
}

function fileFromBase64(base64: string, mimeType: 'image/jpeg' | 'image/png', name: string): File {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], `${name}.${mimeType === 'image/png' ? 'png' : 'jpg'}`, { type: mimeType });
}

export function createNativeBridge(deps: NativeBridgeDeps): NativeBridgeHandle {
  const scope = deps.scope as Scope;
  const log = deps.log ?? console;
  const photos = new Map<string, (file: File | null) => void>();
  let photoSeq = 0;

  function post(message: AppToWrapper) {
    if (deps.platform === 'android') (scope[ANDROID_INTERFACE] as Poster).postMessage(JSON.stringify(message));
    else scope.webkit?.messageHandlers?.[IOS_HANDLER]?.postMessage(message);
  }

  const bridge: NativeBridgeHandle = {
    platform: deps.platform,
    send(message) {
      const checked = checkAppMessage(message);
      if (!checked.ok) {
        log.warn(`native bridge: not sent (${checked.reason})`);
        return false;
      }
      try {
        post(message);
        return true;
      } catch (error) {
        log.warn('native bridge: the wrapper refused a message', message.type, error);
        return false;
      }
    },
    takePhoto() {
      const requestId = `photo-${++photoSeq}`;
      return new Promise<File | null>((resolve) => {
        photos.set(requestId, resolve);
        if (!bridge.send({ type: 'open_camera', requestId })) {
          photos.delete(requestId);
          resolve(null);
        }
      });
    },
    receive(raw) {
      const checked = parseWrapperMessage(raw);
      if (!checked.ok) {
        log.warn(`native bridge: ignored a message from the wrapper (${checked.reason})`);
        return;
      }
      const message = checked.message;
      try {
        if (message.type === 'photo' || message.type === 'photo_cancelled') {
          const answer = photos.get(message.requestId);
          if (!answer) return log.warn(`native bridge: no camera request ${message.requestId}`);
          photos.delete(message.requestId);
          answer(message.type === 'photo' ? fileFromBase64(message.base64, message.mimeType, message.requestId) : null);
        } else {
          deps.onMessage(message);
        }
      } catch (error) {
        // A message that fits its type but that the app could not act on: logged, the app goes on.
        log.warn(`native bridge: a ${message.type} message failed`, error);
      }
    },
  };

  scope[ENTRY_POINT] = (raw: unknown) => bridge.receive(raw);
  for (const raw of deps.early?.splice(0) ?? []) bridge.receive(raw);
  return bridge;
}
