import { useSyncExternalStore } from 'react';

const QUERY = '(orientation: landscape)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPortrait = () => !window.matchMedia?.(QUERY).matches;

/** Whether the screen is in portrait orientation (taller than wide), following rotations. */
export function usePortrait(): boolean {
  return useSyncExternalStore(subscribe, isPortrait, () => true);
}
