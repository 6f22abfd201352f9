/**
 * Faults between the core and the real server, for the outbox's tests: a fetch that passes through to the server
 * unless a rule answers first (no connection, a status, a hang), and timers that fire only when a test says so.
 */

/** What a rule does with a request: pass it on, or fail it in one of these ways. */
export type Fault =
  | 'pass'
  | 'offline'
  | 'hang'
  /** The request reaches the server, but its answer is lost on the way back (a dropped connection). */
  | 'lose-answer'
  | { status: number; message?: string; field?: string };

export interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface FaultyFetch {
  fetch: typeof fetch;
  /** The rule for each request; first match wins. */
  rule: (request: Request) => Fault;
  /** Every request that reached the server, in order (those a rule answered are not here). */
  passed: Request[];
  /** Every request and what became of it ("503 by rule", "200", "offline"), for a failing test's report. */
  log: string[];
}

export function faultyFetch(): FaultyFetch {
  const state: FaultyFetch = {
    rule: () => 'pass',
    passed: [],
    log: [],
    fetch: async (input, init) => {
      const headers = Object.fromEntries(
        Object.entries((init?.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      );
      const request: Request = {
        method: init?.method ?? 'GET',
        url: String(input),
        headers,
        body: typeof init?.body === 'string' ? init.body : null,
      };
      const fault = state.rule(request);
      const line = `${request.method} ${new URL(request.url).pathname} ${(request.headers.authorization ?? '').slice(-8)}`;
      state.log.push(`${line} -> ${typeof fault === 'string' ? fault : `${fault.status} by rule`}`);
      if (fault === 'offline') throw new TypeError('Failed to fetch');
      if (fault === 'hang') {
        return new Promise<Response>((_, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () => reject(signal.reason ?? new DOMException('aborted', 'AbortError')));
        });
      }
      if (fault === 'lose-answer') {
        state.passed.push(request);
        const answer = await fetch(input, init);
        state.log.push(`${line} <- ${answer.status} (lost)`);
        throw new TypeError('Failed to fetch');
      }
      if (fault !== 'pass') {
        return new Response(JSON.stringify({ message: fault.message ?? 'fault', field: fault.field }), {
          status: fault.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      state.passed.push(request);
      const answer = await fetch(input, init);
      state.log.push(`${line} <- ${answer.status}`);
      return answer;
    },
  };
  return state;
}

/** Stop completions among the requests: POST .../services/{id}. */
export const isCompletion = (r: Request) => r.method === 'POST' && /\/services\/\d+$/.test(r.url);

export interface ManualTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  /** How many timers wait. */
  readonly pending: number;
  /** Fires every waiting timer now, whatever its delay; returns how many fired. */
  fireAll(): number;
  /** The delays asked for, in order. */
  delays: number[];
}

export function manualTimers(): ManualTimers {
  const waiting = new Map<number, () => void>();
  let next = 0;
  const delays: number[] = [];
  return {
    set(run, ms) {
      delays.push(ms);
      waiting.set(++next, run);
      return next;
    },
    clear(handle) {
      waiting.delete(handle as number);
    },
    get pending() {
      return waiting.size;
    },
    fireAll() {
      const due = [...waiting.values()];
      waiting.clear();
      for (const run of due) run();
      return due.length;
    },
    delays,
  };
}
