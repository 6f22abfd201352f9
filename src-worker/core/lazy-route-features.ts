/**
 * The route features (src-worker/routes/route-features.ts: the list, the open route, the outbox, the live channel) as
 * the rest of the core reaches them: made on first use, from code that is a chunk of its own, so a start on the
 * sign-in screen does not pay for them. This file only loads: what the features do is theirs, reached by name.
 */
import type { CoreContext } from '../core-context.ts';
import type { CoreEvent } from '../core-events.ts';
import type { RouteFeatureDeps, RouteFeatures } from '../routes/route-features.ts';

/** The route features' code, a chunk of its own (see route-features.ts). */
const loadRouteFeaturesCode = () => import('../routes/route-features.ts');

export interface LazyRouteFeatures {
  /** The route features, made (and their code loaded) on the first call. */
  get(): Promise<RouteFeatures>;
  /** The route features if something made them already, else null: nothing of theirs runs that needs telling. */
  ifLoaded(): Promise<RouteFeatures> | null;
  /**
   * Runs `run` with the route features once they are made, if a load is made or under way; nothing otherwise (an
   * event that reaches them during the chunk's download still lands). Resolves when `run` has run.
   */
  whenLoaded(run: (features: RouteFeatures) => unknown): Promise<void>;
  /** Downloads the route features' code without making them (the start's early list, the email step). */
  code(): Promise<unknown>;
}

export function createLazyRouteFeatures(core: CoreContext<CoreEvent>, deps: RouteFeatureDeps): LazyRouteFeatures {
  let features: Promise<RouteFeatures> | null = null;
  return {
    get() {
      features ??= loadRouteFeaturesCode().then(({ createRouteFeatures }) => createRouteFeatures(core, deps));
      return features;
    },
    ifLoaded: () => features,
    async whenLoaded(run) {
      if (features) await run(await features);
    },
    code: loadRouteFeaturesCode,
  };
}
