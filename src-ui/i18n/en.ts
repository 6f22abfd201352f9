/**
 * All English messages: the source of truth for every key, and the shape Dutch and German must fill. The app
 * loads them in two parts (en-core.ts at start, en-route.ts with the route screens) to keep the first screen light.
 */
import { enCore } from './en-core.ts';
import { enRoute } from './en-route.ts';

/**
 * The two parts as one tree: a key both have at the top (`errors`) keeps the nested keys of each, as the app's
 * i18next merges them (deep) when the route part loads.
 */
export function mergeMessages<C extends object, R extends object>(core: C, route: R): C & R {
  const merged: Record<string, unknown> = { ...(core as Record<string, unknown>) };
  for (const [key, value] of Object.entries(route)) {
    const mine = merged[key];
    merged[key] =
      typeof value === 'object' && value !== null && typeof mine === 'object' && mine !== null
        ? mergeMessages(mine, value)
        : value;
  }
  return merged as C & R;
}

export const en = mergeMessages(enCore, enRoute);

/** Every literal string of `T` widened to `string`: the shape Dutch and German must fill, key for key. */
type DeepStringWiden<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : DeepStringWiden<T[K]>;
};

/** The shape of a language's messages: missing or extra keys in nl.ts or de.ts are compile errors. */
export type Messages = DeepStringWiden<typeof en>;
export type CoreMessages = DeepStringWiden<typeof enCore>;
export type RouteMessages = DeepStringWiden<typeof enRoute>;
