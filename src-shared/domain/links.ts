/** Links the route view hands to the phone: navigation apps and phone calls (spec sections 5, 9; field research). */
import type { OrganisationConfig } from '../protocol/entities.ts';
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

/**
 * The number to call, with a plus prefixed when missing; null when the organisation does not allow calling or the
 * stop has no phone (then the app says "You are not able to call the customer").
 */
export function callNumber(
  config: Pick<OrganisationConfig, 'allowed_to_call_recipient'>,
  phone: string | null,
): string | null {
  if (!config.allowed_to_call_recipient || !phone) return null;
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.replace(/\+/g, '') === '') return null;
  return digits.startsWith('+') ? digits : `+${digits}`;
}
