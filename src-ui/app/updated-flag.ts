/**
 * The note a reload leaves for itself when it applies a new version of the app (sw-register.ts sets it, the next
 * start takes it and says "App updated successfully"). In sessionStorage: it belongs to this tab's next load only.
 */
const UPDATED_FLAG = 'droplane.updated';

/** Said just before the reload that applies an update. */
export function markUpdated(storage: Storage = sessionStorage): void {
  storage.setItem(UPDATED_FLAG, '1');
}

/** True once, right after the reload that applied an update. */
export function takeUpdatedFlag(storage: Storage = sessionStorage): boolean {
  const updated = storage.getItem(UPDATED_FLAG) === '1';
  storage.removeItem(UPDATED_FLAG);
  return updated;
}
