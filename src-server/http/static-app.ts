/**
 * Serves the built app (vite's output in STATIC_DIR) at `/`. Files are served as they are, or as the brotli or
 * gzip copy the build wrote beside them; any other GET outside `/v1/` answers index.html so the app's own router
 * handles deep links such as /routes/12; a visitor without a session gets the sign-in's first paint instead
 * (first-paint.ts). Until the app is built, those paths answer a small page saying how to
 * build it, while the API keeps working.
 */
import { stat } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { firstPaintLanguage, firstPaintPages, opensOnSignIn } from './first-paint.ts';

/** Vite puts content-hashed files under /assets/: a new build means new names, so they may be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, icons) is revalidated so a new build reaches devices. */
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Droplane</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Droplane</h1>
<p>The server is running, but the app is not built yet.</p>
<p>Build it with <code>npm run build</code> and reload this page (<code>npm start</code> builds it for you),
or run <code>npm run dev</code> for the development server.</p>
<p>The API answers under <code>/v1/</code>; the app's settings are at <a href="/app-config.json">/app-config.json</a>.</p>
</body>
</html>
`;

const isApiPath = (path: string) => path === 'v1' || path.startsWith('v1/');
/** The suffix of a copy written by scripts/precompress.mjs. */
const PRECOMPRESSED = /\.(?:br|gz)$/;

/** The file under root that a URL path names, or null; never anything outside root. */
async function fileUnder(root: string, urlPath: string): Promise<string | null> {
  const full = resolve(root, `.${sep}${urlPath}`);
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    return (await stat(full)).isFile() ? relative(root, full).split(sep).join('/') : null;
  } catch {
    return null;
  }
}

export async function registerStaticApp(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const root = ctx.config.staticDir;
  // serve: false: only reply.sendFile. The wildcard route below decides what each path answers, so the plugin's
  // own wildcard route (which would clash with it) is not wanted. The folder may appear later (a build while the
  // server runs), hence no warning when it is missing now. preCompressed: sendFile picks the x.br or x.gz that
  // scripts/precompress.mjs wrote beside x when Accept-Encoding allows, with x's Content-Type and Vary; without
  // them it sends x, and compression.ts compresses it per request.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    suppressWarning: true,
    dotfiles: 'ignore',
    index: false,
    preCompressed: true,
  });

  const signInPages = firstPaintPages(root);

  /** The sign-in's first paint when this navigation opens on it and the build has it; else null. */
  async function signInPage(request: FastifyRequest, path: string): Promise<string | null> {
    const query = new URL(request.url, 'http://app.invalid').searchParams;
    const cookie = request.headers.cookie;
    if (!opensOnSignIn({ path, query, cookie })) return null;
    const language = firstPaintLanguage({ cookie, acceptLanguage: request.headers['accept-language'] });
    return signInPages(language, ctx.config.termsUrl);
  }

  async function answer(request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) {
    const path = request.params['*'] ?? '';
    // Unknown API calls keep the JSON 404 of errors.ts rather than getting the app's HTML.
    if (isApiPath(path)) return reply.callNotFound();

    const file = await fileUnder(root, path);
    // The precompressed copies are served only in place of their original, never as files of their own.
    if (file && PRECOMPRESSED.test(file) && (await fileUnder(root, file.replace(PRECOMPRESSED, ''))))
      return reply.callNotFound();
    if (file) {
      reply.header('cache-control', file.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      return reply.sendFile(file, { cacheControl: false });
    }
    // A missing file (it has an extension, or sits under /assets/) is a 404: answering index.html would hand a
    // browser HTML where it expects a script or an image.
    if (extname(path) !== '' || path.startsWith('assets/')) return reply.callNotFound();

    if (await fileUnder(root, 'index.html')) {
      reply.header('cache-control', REVALIDATE);
      // The page depends on these for / and /login (first-paint.ts): a shared cache must keep them apart.
      reply.header('vary', 'Cookie, Accept-Language');
      const signIn = await signInPage(request, path);
      if (signIn !== null) return reply.type('text/html; charset=utf-8').send(signIn);
      return reply.sendFile('index.html', { cacheControl: false });
    }
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  }

  app.get('/', answer);
  app.get('/*', answer);
}
