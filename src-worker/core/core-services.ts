/**
 * The root's services (create-worker-api.ts makes them): what the intent groups, the start and the reactions across
 * services are made with. The route features are here as their loader: their code is a chunk of its own.
 */
import type { PreparedPhotos } from '../media/prepared-photos.ts';
import type { ListAhead } from '../routes/list-ahead.ts';
import type { Session } from '../session/session.ts';
import type { Connectivity } from './connectivity.ts';
import type { LazyRouteFeatures } from './lazy-route-features.ts';
import type { Notices } from './notices.ts';
import type { ProofMedia } from './proof-media.ts';
import type { ServerOrigin } from './server-origin.ts';
import type { WaitingSends } from './waiting-sends.ts';

export interface CoreServices {
  /** What the driver is told (notices in the state). */
  notices: Notices;
  /** The driver's session and the shared link; the API client's token source. */
  session: Session;
  /** The route features, loaded on first use. */
  routes: LazyRouteFeatures;
  /** What waits on the device, sent. */
  waiting: WaitingSends;
  /** The route list asked for ahead of its screen. */
  listAhead: ListAhead;
  /** Photos, stored proof images, barcodes and the stop code. */
  proofMedia: ProofMedia;
  /** Online or offline, and whether the page shows. */
  connectivity: Connectivity;
  /** Photos resized for the complete screen, by handle. */
  photos: PreparedPhotos;
  /** The API's origin. */
  origin: ServerOrigin;
}
