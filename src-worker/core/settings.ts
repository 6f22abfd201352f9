/** The driver's settings as the page's cookies hold them: a change is checked, then kept in the state. */
import { fail, ok, type Result } from '../../src-shared/api/worker-api.ts';
import { isSettingValue, type SettingKey, type Settings } from '../../src-shared/domain/settings.ts';
import type { Store } from '../base/store.ts';

/** `changed` is false when the value was already the current one (then nothing happens). */
export function changeSetting<K extends SettingKey>(
  store: Store,
  key: K,
  value: Settings[K],
): Result<{ changed: boolean }> {
  if (!isSettingValue(key, value)) return fail('unknown', `${String(value)} is not a value of ${key}`);
  if (store.get().settings[key] === value) return ok({ changed: false });
  store.set(['settings', key], value);
  return ok({ changed: true });
}
