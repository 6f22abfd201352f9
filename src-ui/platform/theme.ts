/**
 * The app's theme on the page: <html data-theme="light|dark|sunlight"> picks the colour tokens (tokens.css) and
 * data-visibility="high" the high-visibility ones. System follows the phone's dark-mode setting as it changes.
 * Started at boot, before the first render, so no screen ever paints in the other theme.
 */
import { effect, type ReadonlySignal, signal } from '@preact/signals-core';
import { type AppTheme, resolveTheme, type Settings } from '../../src-shared/domain/settings.ts';

const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
const systemDark = signal(darkQuery?.matches ?? false);
darkQuery?.addEventListener('change', (event) => {
  systemDark.value = event.matches;
});

/** The colours shown now. */
export const appTheme = signal<AppTheme>('light');

/** Keeps <html>'s attributes (and appTheme) in step with the settings. */
export function applyTheme(settings: ReadonlySignal<Settings>): void {
  const root = document.documentElement;
  effect(() => {
    const theme = resolveTheme(settings.value.theme, systemDark.value);
    appTheme.value = theme;
    root.dataset.theme = theme;
    root.dataset.visibility = settings.value.highVisibility === 'on' ? 'high' : 'normal';
  });
}
