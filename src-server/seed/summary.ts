/**
 * What the person who started the server needs to try the demo: the sign-ins and a shared link. Read from the
 * database, so it is right after a restart too.
 */
import type { ServerContext } from '../context.ts';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ORGANISATION = 'Demo Logistics';

interface DemoSignIn {
  email: string;
  password: string;
  organisation: string;
  /** What this account is for. */
  purpose: string;
}

interface DemoLink {
  url: string;
  token: string;
  linkId: string;
  routeId: number;
  projectId: number;
}

export interface DemoSummary {
  signIns: DemoSignIn[];
  /** A shared link to one of the demo driver's routes; null when the demo link is gone. */
  sharedLink: DemoLink | null;
}

const DEMO_DRIVERS = [
  { email: 'driver@example.com', organisation: DEMO_ORGANISATION, purpose: 'every feature on' },
  { email: 'cleaning@example.com', organisation: 'Clean Bins', purpose: 'the cleaning variant' },
  { email: 'notes@example.com', organisation: 'Notes Only', purpose: 'the internal-notes-only variant' },
  { email: 'basic@example.com', organisation: 'Basic Couriers', purpose: 'a plan without any ft_ flag' },
] as const;

/**
 * The demo sign-ins that exist in this database and a fresh token for the demo's shared link. Link tokens are
 * stateless signatures over a stored link, so a restart can sign a new one instead of writing another link.
 */
export async function demoSummary(ctx: ServerContext): Promise<DemoSummary> {
  const present = await ctx.db
    .selectFrom('drivers')
    .select('email')
    .where(
      'email',
      'in',
      DEMO_DRIVERS.map((d) => d.email),
    )
    .execute();
  const emails = new Set(present.map((d) => d.email));
  const signIns = DEMO_DRIVERS.filter((d) => emails.has(d.email)).map((d) => ({ ...d, password: DEMO_PASSWORD }));

  const link = await ctx.db
    .selectFrom('links')
    .innerJoin('routes', 'routes.id', 'links.route_id')
    .innerJoin('organisations', 'organisations.id', 'routes.organisation_id')
    .select([
      'links.id as linkId',
      'routes.id as routeId',
      'routes.project_id as projectId',
      'organisations.id as orgId',
    ])
    .where('organisations.name', '=', DEMO_ORGANISATION)
    .where('links.revoked_at', 'is', null)
    .orderBy('links.created_at')
    .orderBy('links.id')
    .executeTakeFirst();
  if (!link) return { signIns, sharedLink: null };
  const token = await ctx.tokens.signLink({
    linkId: link.linkId,
    routeId: link.routeId,
    projectId: link.projectId,
    organisationId: link.orgId,
  });
  const query = new URLSearchParams({ projectId: String(link.projectId), routeId: String(link.routeId), token });
  return {
    signIns,
    sharedLink: {
      url: `${ctx.config.publicUrl}/?${query}`,
      token,
      linkId: link.linkId,
      routeId: link.routeId,
      projectId: link.projectId,
    },
  };
}
