/**
 * The native bridge's transport (docs/native-bridge.md): posts the app's messages to the wrapper (Android: the
 * DroplaneAndroid interface takes JSON text; iOS: the droplane message handler takes the object), and receives the
 * wrapper's through window.droplaneReceive. Both ways every message is checked against its type first
 * (src-shared/protocol/native-bridge.ts): one that does not fit is logged and dropped, never thrown into the app.
 * Photos are answered here (by request id); every other message goes to `onMessage`.
 *
 * Loaded only inside a wrapper (./native-detect.ts detects it).
 */
import {
  type AppToWrapper,
  checkAppMessage,
  NATIVE_NAMES,
  parseWrapperMessage,
  type WrapperToApp,
} from '../../src-shared/protocol/native-bridge.ts';
import type { WrapperPlatform } from './native-detect.ts';

const { androidInterface, iosHandler, entryPoint } = NATIVE_NAMES;

type Poster = { postMessage(message: unknown): void };
type Scope = Record<string, unknown> & { webkit?: { messageHandlers?: Record<string, Poster | undefined> } };

export interface NativeBridge {
  readonly platform: WrapperPlatform;
  /** Checks the message against its type and posts it; false (and logged) when it does not fit or cannot go. */
  send(message: AppToWrapper): boolean;
  /** Asks the wrapper for one photo: the File, or null when the driver cancelled. */
  takePhoto(): Promise<File | null>;
}

export type OtherWrapperMessage = Exclude<WrapperToApp, { type: 'photo' | 'photo_cancelled' }>;

export interface NativeBridgeDeps {
  platform: WrapperPlatform;
  /** The page's global scope (window; a plain object in tests). */
  scope: object;
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
    if (deps.platform === 'android') (scope[androidInterface] as Poster).postMessage(JSON.stringify(message));
    else scope.webkit?.messageHandlers?.[iosHandler]?.postMessage(message);
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

  scope[entryPoint] = (raw: unknown) => bridge.receive(raw);
  return bridge;
}
