/**
 * The API client's token source before the session exists. The client is made first (every service is handed it
 * as a value) and the session, which both uses the client and is its token source, is connected once it is made:
 * one late binding here instead of an API getter in every service. Nothing calls the client while the
 * root builds, so a call before `connect` is a bug in the root's order and throws.
 */
import type { RefreshOutcome, TokenSource } from './api-client.ts';

export interface TokenRelay extends TokenSource {
  /** Hands every later token question to `source` (the session); called once, by the root. */
  connect(source: TokenSource): void;
}

export function createTokenRelay(): TokenRelay {
  let source: TokenSource | null = null;
  const connected = (): TokenSource => {
    if (!source) throw new Error('The API client was called before its token source was connected');
    return source;
  };
  return {
    connect(next) {
      source = next;
    },
    accessToken: () => connected().accessToken(),
    linkToken: () => connected().linkToken(),
    refresh: (): Promise<RefreshOutcome> => connected().refresh(),
    expired: (which) => connected().expired(which),
  };
}
