/** The demo sign-ins (README, Demo data); every account has the same password. fixtures.ts exports them to specs. */
export const DEMO = {
  password: 'demo-password',
  /** Demo Logistics: every feature on; two routes today (12 and 40 stops), and routes on other days. */
  driver: 'driver@example.com',
  /** Clean Bins: the cleaning variant. */
  cleaning: 'cleaning@example.com',
  /** Notes Only: the internal-notes variant. */
  notes: 'notes@example.com',
  /** Basic Couriers: no `ft_` feature flag. */
  basic: 'basic@example.com',
} as const;
