/** Joins class names, skipping empty ones (CSS module lookups may be undefined under noUncheckedIndexedAccess). */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
