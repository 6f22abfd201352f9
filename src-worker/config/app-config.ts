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

export async function loadAppConfig(api: ApiClient, storage: AppStorage): Promise<AppConfig | null> {
  const res = await api.request<AppConfig>('GET', '/app-config.json', { auth: 'none' });
  if (res.ok) {
    await storage.putCache(CACHE_KEY, res.data);
    return res.data;
  }
  return (await storage.getCache<AppConfig>(CACHE_KEY)) ?? null;
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
