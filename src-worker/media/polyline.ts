/** The planned line from `/v1/osrmb`: an encoded polyline (precision 5), decoded here into [lng, lat] pairs. */
import polyline from '@mapbox/polyline';

export function decodeLine(encoded: string): [number, number][] {
  return polyline.decode(encoded, 5).map(([lat, lng]) => [lng, lat]);
}
