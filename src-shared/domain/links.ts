/**
 * Links the route view hands to the phone: navigation apps (spec sections 5, 9; field research). The number a call
 * dials is phone.ts's.
 */
import type { NavigationApp } from './settings.ts';

/** Directions to a point in the chosen app. Waze needs coordinates plus navigate=yes (it ignores geo: URIs). */
export function directionsUrl(app: NavigationApp, to: { lat: number; lng: number }): string {
  const ll = `${to.lat},${to.lng}`;
  switch (app) {
    case 'google':
      return `https://www.google.com/maps/dir/?api=1&destination=${ll}&travelmode=driving`;
    case 'waze':
      return `https://waze.com/ul?ll=${ll}&navigate=yes`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${ll}&dirflg=d`;
    case 'yandex':
      return `https://yandex.com/maps/?rtext=~${ll}&rtt=auto`;
    default: {
      const never: never = app;
      throw new Error(`unknown navigation app ${String(never)}`);
    }
  }
}
