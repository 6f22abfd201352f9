/**
 * A Vite build plugin: the sign-in's first paint (issue 32). After the build has written index.html, it renders the
 * sign-in's email step (src-ui/screens/login/first-paint.tsx) with react-dom/server in each language, through a
 * Vite server of the same root so the components, their CSS module class names and the strings are the app's own,
 * and writes `first-paint/sign-in.<language>.html`: index.html with that markup in #root in place of the splash.
 * The server sends one of them to a visitor without a session (src-server/http/first-paint.ts); the service worker
 * never precaches them (vite.config.ts), so an installed app starts on index.html as before.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { LANGUAGES, type Language } from '../src-shared/domain/settings.ts';
import { FIRST_PAINT_END, FIRST_PAINT_START, firstPaintPage } from '../src-shared/protocol/first-paint.ts';

const RENDERER = '/src-ui/screens/login/first-paint.tsx';

/** index.html with `markup` between the first-paint markers and the page's language set. */
function pageWithFirstPaint(html: string, markup: string, language: Language): string {
  const start = html.indexOf(FIRST_PAINT_START);
  const end = html.indexOf(FIRST_PAINT_END);
  if (start < 0 || end < start) throw new Error('sign-in-first-paint: index.html has no first-paint markers in #root');
  const page = html.slice(0, start + FIRST_PAINT_START.length) + markup + html.slice(end);
  const withLanguage = page.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  if (withLanguage === page && language !== 'en') throw new Error('sign-in-first-paint: no <html lang> to set');
  return withLanguage;
}

/** Each language's markup, rendered by the app's own modules. */
async function renderMarkup(root: string): Promise<Record<Language, string>> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const renderer = await server.ssrLoadModule(RENDERER);
    const render = renderer.renderSignInFirstPaint as (language: Language) => Promise<string>;
    const out = {} as Record<Language, string>;
    // One after the other: each render sets the i18n instance the components read.
    for (const language of LANGUAGES) out[language] = await render(language);
    return out;
  } finally {
    await server.close();
  }
}

export function signInFirstPaint(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'droplane:sign-in-first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const html = await readFile(resolve(outDir, 'index.html'), 'utf8');
      const markup = await renderMarkup(root);
      for (const language of LANGUAGES) {
        const file = resolve(outDir, firstPaintPage(language));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, pageWithFirstPaint(html, markup[language], language));
      }
    },
  };
}
