/** For unit tests: the app's `t` in one language, with the route's messages loaded, as the screens have it. */
import type { Language } from '../../src-shared/domain/settings.ts';
import type { Translate } from './format.ts';
import { initI18n, loadRouteMessages } from './index.ts';

export async function translator(language: Language): Promise<Translate> {
  const i18n = await initI18n(language);
  await loadRouteMessages(i18n);
  return i18n.t;
}
