/**
 * Scenario 4 with and without the core's User Timing measures (issue 33; src-worker/base/tracing.ts): the same 20
 * stops worked with the core in its worker, once as shipped and once untraced (`?trace=off`), alternating which goes
 * first so any drift of the machine falls on both. The measures are meant to cost nothing the bench can see.
 */
import type { BrowserContext } from '@playwright/test';
import { installMetrics } from '../metrics.ts';
import { signedInContext } from '../session.ts';
import type { ScenarioEnv } from './common.ts';
import { cacheApp } from './start.ts';
import { type WorkStopsFigures, workStops } from './work-stops.ts';

export interface TraceCostRuns {
  traced: WorkStopsFigures[];
  untraced: WorkStopsFigures[];
}

/** `runs` pairs of scenario 4, each on a route of `routeIds` (two per pair: each run works a route's next stops). */
export async function traceCost(
  env: ScenarioEnv,
  runs: number,
  routeIds: readonly number[],
  photoFile: string,
): Promise<TraceCostRuns> {
  const results: TraceCostRuns = { traced: [], untraced: [] };
  let route = 0;
  for (let run = 0; run < runs; run++) {
    const kinds = run % 2 === 0 ? (['traced', 'untraced'] as const) : (['untraced', 'traced'] as const);
    for (const kind of kinds) {
      console.log(`Run ${run + 1}/${runs}, worker ${kind}: working 20 stops…`);
      const context: BrowserContext = await signedInContext(env.browser, env.baseUrl, env.session);
      try {
        await installMetrics(context);
        await cacheApp(env, context);
        const routeId = routeIds[route++ % routeIds.length]!;
        results[kind].push(
          await workStops(env, context, 'worker', routeId, photoFile, { untraced: kind === 'untraced' }),
        );
      } finally {
        await context.close();
      }
    }
  }
  return results;
}
