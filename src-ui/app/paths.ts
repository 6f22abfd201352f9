/** The app's paths (spec section 2, route table). */
export const PATHS = {
  login: '/login',
  resetPassword: '/reset-password',
  account: '/account',
  notSaved: '/account/not-saved',
  settings: '/account/settings',
  setting: (name: SettingPage) => `/account/settings/${name}`,
  about: '/about',
  routes: '/routes',
  routesClosed: '/routes/closed',
  route: (id: number) => `/routes/${id}`,
  singleRoute: (id: number | string) => `/routes/single/${id}`,
} as const;

export const SETTING_PAGES = [
  'language',
  'navigation',
  'distance-units',
  'map-view',
  'theme',
  'high-visibility',
] as const;
export type SettingPage = (typeof SETTING_PAGES)[number];

/** Where an unknown path goes: the account when a driver is known, else the sign-in. */
export const fallbackPath = (driverKnown: boolean) => (driverKnown ? PATHS.account : PATHS.login);
