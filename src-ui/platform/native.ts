/**
 * The native wrappers (docs/native-bridge.md), as the rest of the UI sees them: whether the app runs inside one,
 * and the handful of hand-offs a screen makes (an external link, directions, a call, the camera, the route's start
 * and end), each of which falls back to the web way when there is no wrapper.
 *
 * Tiny on purpose: it is on the critical path. The bridge itself (transport, validation, the session handshake)
 * is ./native-bridge.ts and ./native-session.ts, loaded only when a wrapper is detected at start-up.
 */
import type { NavigationApp } from '../../src-shared/domain/settings.ts';
import type { AppToWrapper, ExternalLinkPurpose } from '../../src-shared/protocol/native-bridge.ts';

export type WrapperPlatform = 'android' | 'ios';

/** The object an Android wrapper adds with addJavascriptInterface(obj, "DroplaneAndroid"). */
export const ANDROID_INTERFACE = 'DroplaneAndroid';
/** The handler an iOS wrapper adds with userContentController.add(handler, name: "droplane"). */
export const IOS_HANDLER = 'droplane';
/** The one global function a wrapper calls to reach the app: window.droplaneReceive(message). */
export const ENTRY_POINT = 'droplaneReceive';

export interface NativeBridge {
  readonly platform: WrapperPlatform;
  /** Checks the message against its type and posts it; false (and logged) when it does not fit or cannot go. */
  send(message: AppToWrapper): boolean;
  /** Asks the wrapper for one photo: the File, or null when the driver cancelled. */
  takePhoto(): Promise<File | null>;
}

type Scope = Record<string, unknown> & { webkit?: { messageHandlers?: Record<string, unknown> } };

const hasMethod = (value: unknown, name: string) =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[name] === 'function';

/** Which wrapper installed its bridge before the app's scripts ran, or null in a browser. */
export function detectWrapper(scope: object = window): WrapperPlatform | null {
  const s = scope as Scope;
  if (hasMethod(s[ANDROID_INTERFACE], 'postMessage')) return 'android';
  if (hasMethod(s.webkit?.messageHandlers?.[IOS_HANDLER], 'postMessage')) return 'ios';
  return null;
}

let current: NativeBridge | null = null;

/** The wrapper's bridge once it is up, else null (a browser: every hand-off takes the web way). */
export const nativeBridge = (): NativeBridge | null => current;

export function setNativeBridge(bridge: NativeBridge | null): void {
  current = bridge;
}

/**
 * Until the bridge has loaded, what a wrapper sends waits here (a wrapper may answer before the app's chunk is in);
 * the bridge takes the queue over and replaces the entry point.
 */
export function queueEarlyMessages(scope: object = window): unknown[] {
  const queue: unknown[] = [];
  (scope as Scope)[ENTRY_POINT] = (message: unknown) => {
    queue.push(message);
  };
  return queue;
}

/**
 * An external link's click (terms, privacy, help, a note's link): inside a wrapper it goes to the wrapper and the
 * browser's own navigation is cancelled; in a browser the link opens as it is (a new tab).
 */
export function handOffLink(event: { preventDefault(): void }, url: string, purpose: ExternalLinkPurpose): void {
  if (current?.send({ type: 'open_url', url, purpose })) event.preventDefault();
}

/** Directions' click: inside a wrapper it opens the navigation app; in a browser the link opens as it is. */
export function handOffMap(
  event: { preventDefault(): void },
  url: string,
  app: NavigationApp,
  to: { lat: number; lng: number },
): void {
  if (current?.send({ type: 'open_map', url, app, lat: to.lat, lng: to.lng })) event.preventDefault();
}

/** A call: true when the wrapper took it; else the caller dials the web way (tel:). */
export const handOffCall = (number: string): boolean => current?.send({ type: 'call', number }) ?? false;

/** Reports the route's start or end to the wrapper (it tracks the driver in the background meanwhile). */
export function reportRoute(kind: 'route_started' | 'route_finished', route: { id: number; project_id: number }) {
  current?.send({ type: kind, routeId: route.id, projectId: route.project_id });
}
