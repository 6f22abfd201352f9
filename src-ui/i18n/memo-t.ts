/**
 * Texts resolved once per language (issue 47). i18next resolves a key afresh on every call (its options copied, the
 * resources walked, the values interpolated), and a screen's render asks for the same few strings again and again.
 * Each `t` that react-i18next takes from getFixedT answers from one table per language, keyed by the key and its
 * options when these are plain values; anything else goes to i18next as before. A part of the messages added (the
 * route part, a language's chunk) empties the tables: a key asked for before it arrived resolves again.
 */
import type { i18n } from 'i18next';

type Translate = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

/** The table's key for a call, or null when its options are not plain values (or a default text). */
export function textKey(key: unknown, options: unknown, rest: readonly unknown[]): string | null {
  if (typeof key !== 'string' || rest.length > 0) return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  for (const value of Object.values(options)) if (typeof value === 'object' || typeof value === 'function') return null;
  return `${key}\u0000${JSON.stringify(options)}`;
}

const memoised = new WeakSet<i18n>();

/** Makes the instance's getFixedT answer from the tables; once per instance. */
export function memoiseTexts(instance: i18n): void {
  if (memoised.has(instance)) return;
  memoised.add(instance);
  const tables = new Map<string, Map<string, string>>();
  instance.store.on('added', () => tables.clear());
  instance.store.on('removed', () => tables.clear());
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => Translate;
  instance.getFixedT = ((...args: unknown[]) => {
    const fixed = getFixedT(...args);
    const [lng, ns, keyPrefix] = args;
    const tableId = `${String(lng)}|${String(ns)}|${String(keyPrefix)}`;
    const t: Translate = (key, options, ...rest) => {
      const id = textKey(key, options, rest);
      if (id === null) return fixed(key, options, ...rest);
      let table = tables.get(tableId);
      if (!table) {
        table = new Map();
        tables.set(tableId, table);
      }
      const known = table.get(id);
      if (known !== undefined) return known;
      const text = fixed(key, options);
      if (typeof text === 'string') table.set(id, text);
      return text;
    };
    // react-i18next and callers read the language and namespace the function was made for.
    return Object.assign(t, fixed);
  }) as unknown as i18n['getFixedT'];
}
