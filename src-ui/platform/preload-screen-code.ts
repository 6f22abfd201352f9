/**
 * The first screen's code asked for before the main module has run: on a cold start the route list's two files
 * then come over the line beside React and the shell, not one round trip after the shell has arrived and
 * evaluated. The build names the files in `<meta name="droplane-screen-code">` (scripts/start-early.ts); the links
 * are the ones the screen's own import() would add (a module preload, a style preload), so nothing downloads twice.
 * In development there is no meta and nothing to do.
 */
import { type RouteScreenKind, routeScreenAt, SCREEN_CODE_META, type ScreenCodeFiles } from '../app/first-screen.ts';

/** The files the build named for the screen, or none. */
export function screenCodeFiles(
  doc: Pick<Document, 'querySelector'>,
  screen: RouteScreenKind,
): { js: string[]; css: string[] } {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${SCREEN_CODE_META}"]`)?.content;
  if (!content) return { js: [], css: [] };
  try {
    const files = JSON.parse(content) as Partial<ScreenCodeFiles>;
    return { js: files[screen]?.js ?? [], css: files[screen]?.css ?? [] };
  } catch {
    return { js: [], css: [] };
  }
}

/** Adds the preload links for the screen a start on `pathname` opens; returns how many. */
export function preloadScreenCode(doc: Document, pathname: string): number {
  const screen = routeScreenAt(pathname);
  if (!screen) return 0;
  const { js, css } = screenCodeFiles(doc, screen);
  const link = (attrs: Record<string, string>) => {
    const element = doc.createElement('link');
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    doc.head.append(element);
  };
  for (const href of js) link({ rel: 'modulepreload', crossorigin: '', href });
  for (const href of css) link({ rel: 'preload', as: 'style', crossorigin: '', href });
  return js.length + css.length;
}
