/**
 * The hashes of the built index.html's inline scripts, for the Content-Security-Policy. The early script
 * (scripts/start-early.ts) is inline so that a cold start never waits a round trip for it before the parser goes on
 * (issue 32); the policy allows exactly that text and no other inline script. A build that replaces the file while
 * the server runs is noticed by its size and modification time.
 */
import { createHash } from 'node:crypto';
import { fileWhenChanged } from './file-when-changed.ts';

/** A <script> element without a src attribute, and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source expression (`'sha256-…'`) of each inline script of a page, in the page's order. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((m) => m[1]!)
    .filter((text) => text.trim() !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** The inline script hashes of the page file, read again only when the file changed; none while it is missing. */
export function pageScriptHashes(pageFile: string): () => Promise<string[]> {
  const hashes = fileWhenChanged(pageFile, inlineScriptHashes);
  return async () => (await hashes()) ?? [];
}
