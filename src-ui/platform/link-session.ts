/**
 * A shared link (`?projectId&routeId&token[&webView]`) is kept for the browser session in sessionStorage, so a
 * reload keeps the route open and closing the tab forgets it.
 */
import type { LinkEntry } from '../../src-shared/api/worker-api.ts';

const KEY = 'droplane.link';

/** The link the URL carries, or null when it lacks one of its parts. */
export function linkFromSearch(search: string): LinkEntry | null {
  const q = new URLSearchParams(search);
  const projectId = Number(q.get('projectId'));
  const routeId = Number(q.get('routeId'));
  const token = q.get('token');
  if (!token || !Number.isInteger(projectId) || projectId <= 0 || !Number.isInteger(routeId) || routeId <= 0)
    return null;
  const webView = q.get('webView');
  return { projectId, routeId, token, webView: webView === 'true' || webView === '1' };
}

export function storeLink(link: LinkEntry, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(link));
}

export function loadLink(storage: Storage = sessionStorage): LinkEntry | null {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LinkEntry;
    return typeof parsed.token === 'string' && Number.isInteger(parsed.routeId) ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetLink(storage: Storage = sessionStorage): void {
  storage.removeItem(KEY);
}
