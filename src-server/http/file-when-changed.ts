/**
 * A built file read through `derive`, and read again only when a build replaced it (its size or modification time
 * changed): the pages and their script hashes follow a `npm run build` while the server runs, without a read per
 * request. Null while the file is missing.
 */
import { readFile, stat } from 'node:fs/promises';

export function fileWhenChanged<T>(file: string, derive: (text: string) => T): () => Promise<T | null> {
  let known: { version: string; value: T } | null = null;
  return async () => {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const version = `${info.size}:${info.mtimeMs}`;
    if (known?.version !== version) {
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text === null) return null;
      known = { version, value: derive(text) };
    }
    return known.value;
  };
}
