/**
 * The runtime settings from `GET /app-config.json`, kept for offline starts, and the country lookup that picks
 * the default language when the driver has chosen none (NL: Dutch; DE, AT, CH: German; else or slow: English).
 */
import { countryFromTrace, type Language, languageForCountry } from '../../src-shared/domain/settings.ts';
import type { AppConfig } from '../../src-shared/protocol/http.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { AppStorage } from '../storage/app-db.ts';

const CACHE_KEY = 'appConfig';
export const TRACE_TIMEOUT_MS = 1500;

/**
 * The runtime settings, stale-while-revalidate: the copy kept on the device is handed to `use` at once, and the
 * server's when it comes. A start never waits for the network for them, not even the very first (then there is no
 * copy, and what needs them shows without them until the answer comes: the first screen does not wait a round
 * trip). The copy is the install's, not the driver's: a sign-out keeps it.
 */
export async function loadAppConfig(
  api: ApiClient,
  storage: AppStorage,
  use: (config: AppConfig) => void,
): Promise<void> {
  // The server's answer can come before the stored copy is read (a fast line, a slow disk): then the copy is older
  // than what is shown and is not used.
  let answered = false;
  void api
    .request<AppConfig>('GET', '/app-config.json', { auth: 'none', timeoutMs: 15_000 })
    .then(async (res) => {
      if (!res.ok) return;
      answered = true;
      use(res.data);
      await storage.putDevice(CACHE_KEY, res.data);
    })
    .catch(() => {
      // Kept for the next start; a failed write loses only this copy.
    });
  const kept = await storage.getDevice<AppConfig>(CACHE_KEY);
  if (kept && !answered) use(kept);
}

/** English unless the trace page answers within the time limit. */
export async function lookUpLanguage(fetchFn: typeof fetch, traceUrl: string | null): Promise<Language> {
  if (!traceUrl) return 'en';
  try {
    const res = await fetchFn(traceUrl, { signal: AbortSignal.timeout(TRACE_TIMEOUT_MS) });
    if (!res.ok) return 'en';
    return languageForCountry(countryFromTrace(await res.text()));
  } catch {
    return 'en';
  }
}
