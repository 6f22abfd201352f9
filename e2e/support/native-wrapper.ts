/**
 * The app inside a simulated native wrapper (scripts/simulated-wrapper, docs/native-bridge.md): the wrapper's init
 * script runs before the app's own, installs the Android interface or the iOS message handler, answers as a wrapper
 * would (tokens on `ready`, a photo from its camera) and records every message both ways.
 *
 *   await inWrapper(page, 'android', { tokens: await wrapperSignIn(server, DEMO.driver) });
 *   await page.goto('/');
 *   await expect.poll(() => toWrapper(page, 'call')).toEqual([{ type: 'call', number: '+31612345678' }]);
 */
import type { Page } from '@playwright/test';
import {
  type SimulatedWrapperOptions,
  simulatedWrapperScript,
  type WrapperPlatform,
} from '../../scripts/simulated-wrapper/index.mjs';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { AppToWrapper } from '../../src-shared/protocol/native-bridge.ts';
import { DEMO, expect, type ServerInfo } from './fixtures.ts';

export type { WrapperPlatform };
export const PLATFORMS: readonly WrapperPlatform[] = ['android', 'ios'];

/** Every page this page opens from now on (reloads too) runs inside the simulated wrapper. */
export async function inWrapper(page: Page, platform: WrapperPlatform, options: SimulatedWrapperOptions = {}) {
  await page.addInitScript({ content: simulatedWrapperScript(platform, options) });
}

/** A sign-in as the wrapper makes it natively (POST /v1/drivers/signin): the tokens it hands over. */
export async function wrapperSignIn(server: ServerInfo, email: string = DEMO.driver): Promise<TokenPair> {
  const res = await fetch(`${server.url}/v1/drivers/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO.password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenPair;
}

type Recorded = { direction: 'to-wrapper' | 'to-app' | 'error'; message: unknown };
type WrapperGlobal = {
  log: Recorded[];
  windowOpens: unknown[];
  send(message: unknown): void;
  sendRaw(raw: unknown): void;
  keychain(): TokenPair | null;
};
/** Written inside each page function: they run in the page, where nothing of this file exists. */
type InPage = Window & { __wrapper: WrapperGlobal };

/** The app's messages to the wrapper since the page loaded, of one type or all. */
export async function toWrapper<T extends AppToWrapper['type']>(
  page: Page,
  type?: T,
): Promise<Extract<AppToWrapper, { type: T }>[]> {
  const log = await page.evaluate(() => (window as unknown as InPage).__wrapper.log);
  return log
    .filter((e) => e.direction === 'to-wrapper' && (!type || (e.message as AppToWrapper).type === type))
    .map((e) => e.message as Extract<AppToWrapper, { type: T }>);
}

/** What went wrong at the wrapper's end: a message it could not read, a window.open. */
export async function wrapperErrors(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as InPage).__wrapper.log.filter((e) => e.direction === 'error'));
}

/** Anything at all to the entry point, unchecked (malformed messages). */
export async function rawFromWrapper(page: Page, raw: unknown): Promise<void> {
  await page.evaluate((r) => (window as unknown as InPage).__wrapper.sendRaw(r), raw);
}

/** The tokens the wrapper holds now (what it would hand over at its next start). */
export async function wrapperKeychain(page: Page): Promise<TokenPair | null> {
  return page.evaluate(() => (window as unknown as InPage).__wrapper.keychain());
}
