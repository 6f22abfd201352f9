/**
 * What the open route's services share besides the core's context (route-features.ts makes them in this order):
 * what shows, its fetch and line, the outbox its completions go through, the complete screen's photos, and the
 * session's way to end a shared link. Here, so no service imports the file that composes them.
 */
import type { PreparedPhotos } from '../media/prepared-photos.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { RouteFetch } from './route-fetch.ts';
import type { RouteLine } from './route-line.ts';
import type { ShownRoute } from './shown-route.ts';

export interface OpenRouteDeps {
  /** The route as the route view shows it. */
  shown: ShownRoute;
  /** The route fetched from the server, or the device's copy. */
  fetch: RouteFetch;
  /** The planned line on the map. */
  line: RouteLine;
  /** Every completion goes through it: stored first, then sent once. */
  outbox: Outbox;
  /** Photos resized for the complete screen: a completion names its new ones by handle. */
  photos: PreparedPhotos;
  /** Ends the shared link's session (section 8: other 404/400 clear the link data). */
  closeLink: () => void;
}
