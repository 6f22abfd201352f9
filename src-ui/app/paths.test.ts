import { describe, expect, it } from 'vitest';
import { fallbackPath, PATHS } from './paths.ts';

describe('paths', () => {
  it('sends unknown paths to the account when a driver is known, else to the sign-in', () => {
    expect(fallbackPath(true)).toBe('/account');
    expect(fallbackPath(false)).toBe('/login');
  });
  it('builds the route table paths', () => {
    expect(PATHS.setting('distance-units')).toBe('/account/settings/distance-units');
    expect(PATHS.singleRoute(12)).toBe('/routes/single/12');
    expect(PATHS.route(3)).toBe('/routes/3');
  });
});
