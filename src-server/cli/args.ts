/**
 * Command-line parsing of `npm run dispatch -- <command> [args]`: pure, so it is tested without a server.
 * `key=value` pairs are typed by the field they name, because the API checks types strictly (no coercion).
 */

import { timeZoneName } from '../../src-shared/domain/time-zone.ts';
import type {
  CreateDriverRequest,
  CreateOrganisationRequest,
  PublicationSettingsRequest,
  UpdateOrganisationRequest,
  UpdateStopRequest,
} from '../../src-shared/protocol/dispatch.ts';
import { PLAN_FLAGS } from '../../src-shared/protocol/entities.ts';

export type CliCommand =
  | { name: 'help' }
  | { name: 'orgs'; json: boolean }
  | { name: 'org-create'; body: CreateOrganisationRequest }
  | { name: 'org-set'; id: number; body: UpdateOrganisationRequest }
  | { name: 'drivers'; organisationId?: number; json: boolean }
  | { name: 'driver-create'; body: CreateDriverRequest }
  | { name: 'routes'; date?: string; organisationId?: number; json: boolean }
  | { name: 'route'; routeId: number }
  | { name: 'route-create'; source: string }
  | { name: 'stop'; routeId: number; stopId: number; body: UpdateStopRequest }
  | { name: 'reorder'; routeId: number; stopIds: number[] }
  | { name: 'publication'; routeId: number; changes: Partial<PublicationSettingsRequest> }
  | { name: 'republish'; routeId: number }
  | { name: 'reassign'; routeId: number; driverId: number | null }
  | { name: 'link'; routeId: number }
  | { name: 'unlink'; routeId: number; linkId: string };

export type CommandName = CliCommand['name'];

/** Synopsis and one line of help each, in the order `help` prints them. */
export const COMMANDS: Record<CommandName, [synopsis: string, summary: string]> = {
  help: ['help', 'this list'],
  orgs: ['orgs [--json]', 'list organisations'],
  'org-create': [
    'org-create <name> [--customer-id X] [--time-zone Z]',
    'create an organisation (every plan flag on; time zone: TIME_ZONE by default)',
  ],
  'org-set': ['org-set <id> key=value...', 'change name, customer_id, subscription_status, time_zone, plan, config'],
  drivers: ['drivers [--org ID] [--json]', 'list drivers'],
  'driver-create': ['driver-create <email> <password> <first> <last> --org ID', 'create a driver'],
  routes: ['routes [--date YYYY-MM-DD] [--org ID] [--json]', 'list routes, newest date first'],
  route: ['route <routeId>', 'the route as stored, with completions, locations, events, links'],
  'route-create': ['route-create <file.json|->', 'create a route from a CreateRouteRequest (- reads stdin)'],
  stop: ['stop <routeId> <stopId> key=value...', 'change a stop (sends stop_update)'],
  reorder: ['reorder <routeId> <stopId...>', 'put the stops in this order (sends route_reorder)'],
  publication: ['publication <routeId> key=value...', 'change publication settings (sends publication_settings)'],
  republish: ['republish <routeId>', 'republish the route (sends republish)'],
  reassign: ['reassign <routeId> <driverId|none>', 'give the route to another driver (sends driver_change)'],
  link: ['link <routeId>', 'make a shared link: prints url, token, linkId'],
  unlink: ['unlink <routeId> <linkId>', 'revoke a shared link'],
};

export class UsageError extends Error {}

export function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map(([synopsis]) => synopsis.length));
  const lines = Object.values(COMMANDS).map(([synopsis, summary]) => `  ${synopsis.padEnd(width)}  ${summary}`);
  return ['Usage: npm run dispatch -- <command> [args]', '', ...lines].join('\n');
}

type Kind =
  | 'text'
  | 'nullable-text'
  | 'nullable-time-zone'
  | 'number'
  | 'integer'
  | 'nullable-integer'
  | 'boolean'
  | 'json';

const ORG_KEYS: Record<string, Kind> = {
  name: 'text',
  customer_id: 'nullable-text',
  subscription_status: 'text',
  time_zone: 'nullable-time-zone',
  'plan.name': 'text',
  ...Object.fromEntries(PLAN_FLAGS.map((flag) => [`plan.${flag}`, 'boolean' as const])),
  'config.allowed_to_call_recipient': 'boolean',
  'config.require_name_with_signature': 'boolean',
};

const STOP_KEYS: Record<string, Kind> = {
  type: 'text',
  status: 'text',
  lat: 'number',
  lng: 'number',
  street: 'nullable-text',
  city: 'nullable-text',
  country: 'nullable-text',
  recipient_name: 'nullable-text',
  recipient_phone: 'nullable-text',
  notes: 'nullable-text',
  arr_time: 'nullable-integer',
  end_time: 'nullable-integer',
  service_time: 'integer',
  duration: 'integer',
  days_on_the_road: 'integer',
  time_windows: 'json',
  units: 'json',
  requirements: 'json',
  ...Object.fromEntries(
    ['picture', 'signature', 'signature_name', 'age_verification', 'barcode'].map((r) => [
      `requirements.${r}`,
      'boolean' as const,
    ]),
  ),
  completion_note: 'nullable-text',
  recipient_note: 'nullable-text',
  cleaning_status: 'nullable-text',
};

const PUBLICATION_KEYS: Record<string, Kind> = {
  project_date: 'text',
  fulfill_stops_in_any_order: 'boolean',
  photo_collection: 'boolean',
  completion_notes: 'boolean',
  signature_capture: 'boolean',
  age_verification: 'boolean',
  barcode_scanning: 'boolean',
};

const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  on: true,
  1: true,
  false: false,
  no: false,
  off: false,
  0: false,
};

function typed(key: string, raw: string, kind: Kind): unknown {
  const bad = (what: string) => new UsageError(`${key} must be ${what}, got "${raw}"`);
  const nullable = kind === 'nullable-text' || kind === 'nullable-integer' || kind === 'nullable-time-zone';
  if (nullable && (raw === 'null' || raw === 'none')) return null;
  switch (kind) {
    case 'text':
    case 'nullable-text':
      return raw;
    case 'nullable-time-zone':
      return timeZone(raw, key);
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw bad('a number');
      return n;
    }
    case 'integer':
    case 'nullable-integer': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isInteger(n)) throw bad('a whole number');
      return n;
    }
    case 'boolean': {
      const value = BOOLEANS[raw.toLowerCase()];
      if (value === undefined) throw bad('true or false');
      return value;
    }
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        throw bad('JSON');
      }
    default: {
      const unhandled: never = kind;
      throw new Error(`unknown kind ${String(unhandled)}`);
    }
  }
}

/**
 * `a=1 b.c=true` to `{a: 1, b: {c: true}}`. A key may drop its prefix when that is unambiguous
 * (`ft_photo_collection=false` means `plan.ft_photo_collection`).
 */
export function assignments(pairs: string[], keys: Record<string, Kind>): Record<string, unknown> {
  if (pairs.length === 0) throw new UsageError(`Give at least one key=value; keys: ${Object.keys(keys).join(', ')}`);
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`Expected key=value, got "${pair}"`);
    const given = pair.slice(0, eq);
    const key = given in keys ? given : Object.keys(keys).find((k) => k.endsWith(`.${given}`));
    if (!key) throw new UsageError(`Unknown key "${given}"; keys: ${Object.keys(keys).join(', ')}`);
    const value = typed(given, pair.slice(eq + 1), keys[key]!);
    const path = key.split('.');
    let target = result;
    for (const part of path.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return result;
}

/** Splits `--name value` and `--name=value` options (and bare `--json`) from the positional arguments. */
function options(args: string[], allowed: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!allowed.includes(name)) throw new UsageError(`Unknown option --${name}`);
    if (name === 'json') flags.set(name, 'true');
    else {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    }
  }
  return { positional, flags };
}

/** Checked here too, so a typo is told before anything is sent. */
function timeZone(raw: string, what: string): string {
  const name = timeZoneName(raw);
  if (!name) throw new UsageError(`${what} must be an IANA time zone name such as Europe/Amsterdam, got "${raw}"`);
  return name;
}

function id(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || !/^[0-9]+$/.test(value) || n < 1)
    throw new UsageError(`${what} must be a positive whole number`);
  return n;
}

function exactly(positional: string[], count: number, name: CommandName): void {
  if (positional.length !== count) throw new UsageError(`Usage: ${COMMANDS[name][0]}`);
}

const isCommandName = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

/** The options each command takes; any other is a usage error rather than silently ignored. */
const OPTIONS: Partial<Record<CommandName, string[]>> = {
  orgs: ['json'],
  'org-create': ['customer-id', 'time-zone'],
  drivers: ['org', 'json'],
  'driver-create': ['org'],
  routes: ['date', 'org', 'json'],
};

export function parseArgs(argv: string[]): CliCommand {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') return { name: 'help' };
  if (!isCommandName(name)) throw new UsageError(`Unknown command "${name}"`);
  const { positional: p, flags } = options(rest, OPTIONS[name] ?? []);
  const json = flags.has('json');
  const org = flags.has('org') ? id(flags.get('org'), '--org') : undefined;
  switch (name) {
    case 'help':
      return { name };
    case 'orgs':
      exactly(p, 0, name);
      return { name, json };
    case 'org-create':
      exactly(p, 1, name);
      return {
        name,
        body: {
          name: p[0]!,
          ...(flags.has('customer-id') ? { customer_id: flags.get('customer-id')! } : {}),
          ...(flags.has('time-zone') ? { time_zone: timeZone(flags.get('time-zone')!, '--time-zone') } : {}),
        },
      };
    case 'org-set':
      return { name, id: id(p[0], 'id'), body: assignments(p.slice(1), ORG_KEYS) as UpdateOrganisationRequest };
    case 'drivers':
      exactly(p, 0, name);
      return { name, organisationId: org, json };
    case 'driver-create': {
      exactly(p, 4, name);
      if (org === undefined) throw new UsageError('driver-create needs --org ID');
      const [email, password, first_name, last_name] = p as [string, string, string, string];
      return { name, body: { email, password, first_name, last_name, organisation_id: org } };
    }
    case 'routes': {
      exactly(p, 0, name);
      const date = flags.get('date');
      if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UsageError('--date must be YYYY-MM-DD');
      return { name, date, organisationId: org, json };
    }
    case 'route':
    case 'republish':
    case 'link':
      exactly(p, 1, name);
      return { name, routeId: id(p[0], 'routeId') };
    case 'route-create':
      exactly(p, 1, name);
      return { name, source: p[0]! };
    case 'stop':
      return {
        name,
        routeId: id(p[0], 'routeId'),
        stopId: id(p[1], 'stopId'),
        body: assignments(p.slice(2), STOP_KEYS) as UpdateStopRequest,
      };
    case 'reorder':
      if (p.length < 2) throw new UsageError(`Usage: ${COMMANDS[name][0]}`);
      return { name, routeId: id(p[0], 'routeId'), stopIds: p.slice(1).map((s) => id(s, 'stopId')) };
    case 'publication':
      return {
        name,
        routeId: id(p[0], 'routeId'),
        changes: assignments(p.slice(1), PUBLICATION_KEYS) as Partial<PublicationSettingsRequest>,
      };
    case 'reassign':
      exactly(p, 2, name);
      return { name, routeId: id(p[0], 'routeId'), driverId: p[1] === 'none' ? null : id(p[1], 'driverId') };
    case 'unlink':
      exactly(p, 2, name);
      return { name, routeId: id(p[0], 'routeId'), linkId: p[1]! };
    default: {
      const unhandled: never = name;
      throw new UsageError(`Unknown command "${String(unhandled)}"`);
    }
  }
}
