/**
 * Guessing a stop's delivery code in a burst (issue 44): many guesses for one stop sent at once, the right code last,
 * through the try endpoint or through completions each with a fresh Idempotency-Key, spread over one or more server
 * processes. Every answer is sorted into what the server did with the guess, so a test can say how many guesses were
 * judged and whether the right one was taken.
 */
import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { type Db, openDatabase } from '../../src-server/db/database.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { DELIVERY_CODE_MAX_WRONG } from '../../src-shared/limits.ts';
import { IDEMPOTENCY_HEADER } from '../../src-shared/protocol/http.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from './fixtures.ts';
import type { Answer, TestServer } from './server.ts';
import { type RouteSession, routeSession, startRoute } from './sessions.ts';

/** The right code of the route's i-th delivery (1-based): never one of the guesses' four digits. */
export const rightCode = (index: number) => `RIGHT${index}`;

/** A started route whose `deliveries` deliveries each ask for a code of their own (rightCode), all gates on. */
export async function routeWithCodes(t: TestServer, deliveries: number): Promise<RouteSession> {
  const org = await makeOrganisation(t, { plan: { ft_delivery_codes: true, ft_delivery_places: true } });
  const stops = stopsAroundUtrecht(deliveries).map((stop, i) =>
    stop.type === 'delivery' ? { ...stop, delivery_code: rightCode(i) } : stop,
  );
  const settings = { delivery_codes: true, delivery_places: true };
  const input = { date: localDate(new Date()), stops, publication_settings: settings };
  const s = await routeSession(t, input, await makeDriver(t, org));
  await startRoute(t, s);
  return s;
}

/** What the server did with one guess. */
export type GuessOutcome =
  /** Judged right: the try endpoint's `right: true`, or the completion stored. */
  | { kind: 'right' }
  /** Judged wrong, with this many tries left (0: it was the last one, or, from the try endpoint, the stop is locked). */
  | { kind: 'wrong'; triesLeft: number }
  /** Not judged: the stop was locked (a completion's 403). */
  | { kind: 'locked' }
  | { kind: 'unexpected'; status: number; body: unknown };

/** `guesses` wrong codes and then the stop's right one, all sent at once; the i-th goes to `via(i)`. */
async function burst(
  guesses: number,
  index: number,
  send: (code: string, i: number) => Promise<Answer<unknown>>,
): Promise<Answer<unknown>[]> {
  const codes = Array.from({ length: guesses }, (_, n) => String(n).padStart(4, '0'));
  codes.push(rightCode(index));
  return Promise.all(codes.map((code, i) => send(code, i)));
}

/** Guesses through POST .../services/:id/delivery-code. */
export async function tryEndpointBurst(
  via: (i: number) => TestServer,
  s: RouteSession,
  index: number,
  guesses: number,
): Promise<GuessOutcome[]> {
  const path = `${s.path}/services/${s.stopIds[index]}/delivery-code`;
  const answers = await burst(guesses, index, (code, i) =>
    via(i).request('POST', path, { token: s.token, body: { code } }),
  );
  return answers.map(({ status, body }) => {
    const answer = body as { right?: unknown; tries_left?: unknown };
    if (status !== 200 || typeof answer.tries_left !== 'number') return { kind: 'unexpected', status, body };
    return answer.right === true ? { kind: 'right' } : { kind: 'wrong', triesLeft: answer.tries_left };
  });
}

/** Guesses through completions (delivered, handed to the recipient), each with a fresh Idempotency-Key. */
export async function completionBurst(
  via: (i: number) => TestServer,
  s: RouteSession,
  index: number,
  guesses: number,
): Promise<GuessOutcome[]> {
  const path = `${s.path}/services/${s.stopIds[index]}`;
  const answers = await burst(guesses, index, (code, i) =>
    via(i).request('POST', path, {
      token: s.token,
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      body: { status: 'finished', delivery_place: { place: 'recipient' }, delivery_code: code },
    }),
  );
  return answers.map(({ status, body }): GuessOutcome => {
    const message = (body as { message?: unknown }).message;
    const left = typeof message === 'string' ? /not right: (\d+) tr/.exec(message) : null;
    if (status === 200) return { kind: 'right' };
    if (status === 422 && left) return { kind: 'wrong', triesLeft: Number(left[1]) };
    if (status === 403 && typeof message === 'string' && /Too many wrong/.test(message)) return { kind: 'locked' };
    return { kind: 'unexpected', status, body };
  });
}

/**
 * What a burst whose right code came last may show once the count is claimed before a code is judged: every guess
 * judged wrong took one of the stop's DELIVERY_CODE_MAX_WRONG places (tries left 4, 3, 2, 1, 0, each once), the
 * right code found them all taken, and nothing else happened. Today's sum of the burst, for `expect(...).toEqual`.
 */
export function burstSummary(outcomes: GuessOutcome[]) {
  const judgedWrong = outcomes.flatMap((o) => (o.kind === 'wrong' && o.triesLeft > 0 ? [o.triesLeft] : []));
  return {
    rightTaken: outcomes.some((o) => o.kind === 'right'),
    /** The judged wrong guesses that left tries, by tries left (a locked try endpoint answers 0 too). */
    triesLeftAnswered: judgedWrong.sort((x, y) => y - x),
    unexpected: outcomes.filter((o) => o.kind === 'unexpected'),
  };
}

/** What burstSummary says of a burst where the right code, sent last, was not judged past the limit. */
export const HELD_BURST = {
  rightTaken: false,
  triesLeftAnswered: Array.from({ length: DELIVERY_CODE_MAX_WRONG - 1 }, (_, i) => DELIVERY_CODE_MAX_WRONG - 1 - i),
  unexpected: [],
};

/**
 * The moment a burst opens, made certain: `tries` run at once, each on a database connection of its own (as requests
 * on separate pool connections or server processes are), and each is held right after its first statement on the
 * stop's wrong-try count until every try has run that statement. The last try starts only once all the others ran
 * theirs, so it comes after them; whatever they will answer, they have not answered yet.
 */
export async function heldTries<T>(t: TestServer, tries: ((db: Db) => Promise<T>)[]): Promise<T[]> {
  const dbs = await Promise.all(tries.map(() => openDatabase({ ...t.config, databasePoolSize: 1 })));
  let ran = 0;
  let onRan = () => {};
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const countStatements = new WeakSet<object>();
  const hold: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (JSON.stringify(node).includes('delivery_code_wrong')) countStatements.add(queryId);
      return node as RootOperationNode;
    },
    async transformResult({ result, queryId }) {
      if (!countStatements.has(queryId)) return result;
      ran++;
      onRan();
      if (ran === tries.length) release();
      await released;
      return result;
    },
  };
  try {
    const first = tries.slice(0, -1).map((run, i) => run(dbs[i]!.db.withPlugin(hold)));
    const othersRan = new Promise<void>((resolve) => {
      onRan = () => ran >= tries.length - 1 && resolve();
      onRan();
    });
    // A try that fails before its count's statement would leave the others held for good: say so instead.
    const answered = Promise.all(first).then(
      () => 'answered',
      () => 'failed',
    );
    const what = await Promise.race([othersRan.then(() => 'ran'), answered]);
    if (what !== 'ran') throw new Error(`the tries ${what} before each ran a statement on the wrong-try count`);
    const last = tries.at(-1)!(dbs.at(-1)!.db.withPlugin(hold));
    return await Promise.all([...first, last]);
  } finally {
    await Promise.all(dbs.map(({ db }) => db.destroy()));
  }
}
