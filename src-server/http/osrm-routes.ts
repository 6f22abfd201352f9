/**
 * The planned line on the map. With OSRM_URL set the server asks that OSRM server and passes its geometry on;
 * without one, or when it fails, it answers straight lines between the points and says so (`fallback: true`),
 * so the map always has a line to draw.
 */
import polyline from '@mapbox/polyline';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LatLng } from '../../src-shared/domain/geo.ts';
import { legMetres, PROFILE_SPEED } from '../../src-shared/domain/route-plan.ts';
import type { VehicleProfile } from '../../src-shared/protocol/entities.ts';
import type { OsrmAnswer, OsrmRequest } from '../../src-shared/protocol/http.ts';
import { OSRM_MAX_POINTS as MAX_POINTS, type OsrmOptions } from '../../src-shared/schemas/driver.ts';
import { authenticate } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { badRequest } from '../domain/errors.ts';
import { osrmBody, osrmQuery } from './driver-schemas.ts';

const MIN_POINTS = 2;
const OSRM_TIMEOUT_MS = 5000;
/** Polyline precision of OSRM's `geometries=polyline`, which the app decodes. */
const PRECISION = 5;
const OSRM_PROFILE: Record<VehicleProfile, string> = { car: 'driving', bicycle: 'cycling' };
const POINT = /^(-?\d{1,3}(?:\.\d+)?),(-?\d{1,2}(?:\.\d+)?)$/;

function parseCoordinates(text: string): LatLng[] {
  const parts = text.split(';');
  if (parts.length < MIN_POINTS || parts.length > MAX_POINTS)
    throw badRequest(`coordinates must hold ${MIN_POINTS} to ${MAX_POINTS} points, got ${parts.length}`, 'coordinates');
  return parts.map((part, i) => {
    const match = POINT.exec(part.trim());
    const lng = Number(match?.[1]);
    const lat = Number(match?.[2]);
    if (!match || Math.abs(lng) > 180 || Math.abs(lat) > 90)
      throw badRequest(
        `coordinates point ${i + 1} ("${part.slice(0, 40)}") is not a valid lng,lat pair`,
        'coordinates',
      );
    return { lat, lng };
  });
}

function straightLine(points: LatLng[], profile: VehicleProfile): OsrmAnswer {
  let distance = 0;
  for (let i = 1; i < points.length; i++) distance += legMetres(points[i - 1]!, points[i]!);
  return {
    code: 'Ok',
    routes: [
      {
        geometry: polyline.encode(
          points.map((p) => [p.lat, p.lng]),
          PRECISION,
        ),
        distance,
        duration: Math.round(distance / PROFILE_SPEED[profile]),
      },
    ],
    fallback: true,
  };
}

type OsrmRoute = OsrmAnswer['routes'][number];

function isOsrmRoute(value: unknown): value is OsrmRoute {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.geometry === 'string' && typeof r.distance === 'number' && typeof r.duration === 'number';
}

/** OSRM's answer reduced to what the app reads, or null when the server failed or answered no route. */
async function askOsrm(
  baseUrl: string,
  points: LatLng[],
  profile: VehicleProfile,
  log: FastifyBaseLogger,
): Promise<OsrmAnswer | null> {
  // Rebuilt from the parsed numbers, so nothing of the request's text reaches the other server's URL.
  const coordinates = points.map((p) => `${p.lng},${p.lat}`).join(';');
  const url = `${baseUrl.replace(/\/+$/, '')}/route/v1/${OSRM_PROFILE[profile]}/${coordinates}?overview=full&geometries=polyline`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(OSRM_TIMEOUT_MS) });
    const body = (await res.json()) as { code?: unknown; routes?: unknown };
    const routes = Array.isArray(body.routes) ? body.routes : [];
    if (res.ok && body.code === 'Ok' && routes.length > 0 && routes.every(isOsrmRoute))
      return {
        code: 'Ok',
        routes: routes.map(({ geometry, distance, duration }) => ({ geometry, distance, duration })),
      };
    log.warn({ status: res.status, code: body.code }, 'OSRM gave no route; answering straight lines');
  } catch (error) {
    log.warn({ err: error }, 'OSRM unreachable; answering straight lines');
  }
  return null;
}

export function registerOsrmRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: OsrmRequest; Querystring: OsrmOptions }>(
    '/v1/osrmb',
    { schema: { querystring: osrmQuery, body: osrmBody } },
    async (request): Promise<OsrmAnswer> => {
      await authenticate(ctx, request);
      const points = parseCoordinates(request.body.coordinates);
      const profile = request.body.profile ?? 'car';
      const answer = ctx.config.osrmUrl ? await askOsrm(ctx.config.osrmUrl, points, profile, request.log) : null;
      return answer ?? straightLine(points, profile);
    },
  );
}
