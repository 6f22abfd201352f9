/**
 * Whether the app runs inside a native wrapper (docs/native-bridge.md), decided once at start-up: the wrapper adds
 * its bridge before any script of the page runs. On the critical path, so only this; the bridge itself
 * (./native-session.ts and what it loads) is a chunk of its own that a browser never downloads.
 *
 * The names are NATIVE_NAMES' (src-shared/protocol/native-bridge.ts), spelled here so the critical path stays free
 * of the contract's validators; native-bridge.test.ts checks they agree.
 */

export type WrapperPlatform = 'android' | 'ios';

type Scope = { DroplaneAndroid?: unknown; webkit?: { messageHandlers?: { droplane?: unknown } } };

/** Which wrapper installed its bridge, or null in a browser. */
export const detectWrapper = (scope: object = window): WrapperPlatform | null =>
  (scope as Scope).DroplaneAndroid ? 'android' : (scope as Scope).webkit?.messageHandlers?.droplane ? 'ios' : null;
