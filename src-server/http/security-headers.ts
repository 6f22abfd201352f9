/**
 * Security headers on every answer (issue 16, item 4), and the endpoint the browser reports CSP violations to.
 *
 * The Content-Security-Policy lets the built app run and nothing else: its own scripts, workers (the core's
 * Comlink worker, maplibre's worker file or a blob: one, the service worker), pica's WebAssembly resizer, styles
 * (React and maplibre set inline styles; index.html has its boot splash inline), proof images as data: and blob:
 * URLs, the map's style, tile, glyph and sprite hosts (MAP_STYLE_* origins and MAP_HOSTS), the country lookup
 * (TRACE_URL) and the socket on our own origin. The page's one inline script, its early start, is allowed by its hash
 * (page-scripts.ts), on the HTML answers. frame-ancestors 'none' keeps the app out of other sites' frames.
 * Shared links carry a token in the URL, so no Referer ever leaves the app. Token and authenticated JSON answers
 * are no-store unless a route said otherwise (proof images are immutable and keep their own header).
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { CspReport, ServerContext } from '../context.ts';
import { REFERENCE_PATH } from './openapi.ts';
import { pageScriptHashes } from './page-scripts.ts';

const CSP_REPORT_PATH = '/v1/csp-reports';
/** Reports kept in memory for GET /v1/dispatch/csp-reports (the browser tests fail on any). */
const KEPT_REPORTS = 100;

/** The origin of a configured URL, or null when it is unset or not a URL. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(
  config: Pick<Config, 'mapStyles' | 'mapHosts' | 'traceUrl'>,
  reportPath = CSP_REPORT_PATH,
  scriptHashes: readonly string[] = [],
): string {
  const styleHosts = Object.values(config.mapStyles).map(originOf);
  const mapHosts = [...new Set([...styleHosts, ...config.mapHosts.map(originOf)].filter((o) => o !== null))];
  const trace = originOf(config.traceUrl);
  const connect = [...new Set(["'self'", ...mapHosts, ...(trace ? [trace] : [])])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // pica resizes photos with WebAssembly in the core's worker.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...scriptHashes],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mapHosts],
    'font-src': ["'self'", 'data:', ...mapHosts],
    'connect-src': connect,
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [reportPath],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The fields of a report as Chromium sends it (report-uri: application/csp-report). */
function readReport(body: unknown, now: string): CspReport | null {
  const report = (body as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
  if (!report || typeof report !== 'object') return null;
  const text = (value: unknown) => String(value ?? '').slice(0, 300);
  return {
    receivedAt: now,
    directive: text(report['effective-directive'] ?? report['violated-directive']),
    blocked: text(report['blocked-uri']),
    document: text(report['document-uri']),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, ctx: ServerContext): void {
  const { config, cspReports: reports } = ctx;
  const csp = contentSecurityPolicy(config);
  // The API reference (issue 48) loads nothing from the map's or the country lookup's hosts: its policy names none.
  const referenceCsp = contentSecurityPolicy({
    mapStyles: { light: null, dark: null, standard: null },
    mapHosts: [],
    traceUrl: null,
  });
  const pageHashes = pageScriptHashes(join(config.staticDir, 'index.html'));
  let pageCsp = { hashes: '', csp };
  /** The policy of an HTML answer: with the built page's inline script hashes (remade only when they change). */
  const htmlCsp = async () => {
    const hashes = await pageHashes();
    if (hashes.join(' ') !== pageCsp.hashes)
      pageCsp = { hashes: hashes.join(' '), csp: contentSecurityPolicy(config, CSP_REPORT_PATH, hashes) };
    return pageCsp.csp;
  };
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    const reference = request.url === REFERENCE_PATH || request.url.startsWith(`${REFERENCE_PATH}/`);
    reply.header('content-security-policy', reference ? referenceCsp : html ? await htmlCsp() : csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (https) reply.header('strict-transport-security', 'max-age=15552000');
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, null);
      }
    },
  );
  // Anyone may report, so reports are few per address and the list is short: a flood fills neither log nor memory.
  const rateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.post(CSP_REPORT_PATH, { bodyLimit: 16 * 1024, config: rateLimit }, async (request, reply) => {
    const report = readReport(request.body, new Date(ctx.now()).toISOString());
    if (report) {
      request.log.warn({ csp: report }, 'content security policy violation');
      reports.push(report);
      if (reports.length > KEPT_REPORTS) reports.splice(0, reports.length - KEPT_REPORTS);
    }
    return reply.status(204).send();
  });
}
