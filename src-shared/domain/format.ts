/** Numbers as the driver reads them (spec section 9): distances in km or miles, durations in hours and minutes. */
import type { DistanceUnit } from './settings.ts';

const KM_PER_MILE = 1.60934;

/** Metres in the driver's unit: one decimal under 1, whole numbers from 1 up. */
export function formatDistance(metres: number, unit: DistanceUnit): { value: string; unit: DistanceUnit } {
  const km = metres / 1000;
  const amount = unit === 'mi' ? km / KM_PER_MILE : km;
  const value = amount < 1 ? (Math.round(amount * 10) / 10).toFixed(1) : String(Math.round(amount));
  return { value, unit };
}

/** Seconds as whole hours and minutes (rounded to the nearest minute). */
export function hoursAndMinutes(seconds: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.round(seconds / 60));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
