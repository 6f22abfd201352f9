/** Where the core runs: its dedicated worker (the default), or inline on the main thread (`?core=inline`). */
export type CoreMode = 'worker' | 'inline';

export function coreModeFrom(search: string): CoreMode {
  const flag = new URLSearchParams(search).get('core') ?? import.meta.env.VITE_CORE;
  return flag === 'inline' ? 'inline' : 'worker';
}
