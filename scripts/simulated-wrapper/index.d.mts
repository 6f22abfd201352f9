/** Types of index.mjs, for the TypeScript that imports it (e2e/support/native-wrapper.ts, vite.config.ts). */
import type { Plugin } from 'vite';

export type WrapperPlatform = 'android' | 'ios';

export interface SimulatedWrapperOptions {
  /** The wrapper's signed-in driver, handed over on `ready` (unless the page's session storage holds newer ones). */
  tokens?: { accessToken: string; refreshToken: string; expiresAt: number } | null;
  /** A shared link handed over on `ready`. */
  link?: { projectId: number; routeId: number; token: string } | null;
  /** false: a wrapper that never answers the handshake. */
  answerReady?: boolean;
  /** What the camera does when asked (default: a photo). */
  camera?: 'photo' | 'cancel';
  /** The photo's size (default 4000x3000). */
  photo?: { width: number; height: number };
  /** A visible message log with buttons (by hand). */
  showLog?: boolean;
}

export declare function simulatedWrapperScript(platform: WrapperPlatform, options?: SimulatedWrapperOptions): string;
export declare function simulatedWrapperPlugin(platform: WrapperPlatform | undefined): Plugin;
