/**
 * Command-line parsing of `npm run dispatch -- <command> [args]`: pure, so it is tested without a server. Options
 * through node:util's parseArgs; `key=value` pairs are the fields of the request's schema (keys.ts).
 */
import { type ParseArgsConfig, parseArgs as parseNodeArgs } from 'node:util';
import type {
  CreateDriverRequest,
  CreateOrganisationRequest,
  PublicationSettingsRequest,
  UpdateOrganisationRequest,
  UpdateStopRequest,
} from '../../src-shared/protocol/dispatch.ts';
import { PublicationSettingsBody, UpdateOrganisationBody, UpdateStopBody } from '../../src-shared/schemas/dispatch.ts';
import { DECIMAL_DIGITS, INSTANT_YEARS, isDay } from '../../src-shared/schemas/formats.ts';
import { assignments, keysOf, timeZone, UsageError } from './keys.ts';

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

type CommandName = CliCommand['name'];

/** Synopsis and one line of help each, in the order `help` prints them. */
const COMMANDS: Record<CommandName, [synopsis: string, summary: string]> = {
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

export function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map(([synopsis]) => synopsis.length));
  const lines = Object.values(COMMANDS).map(([synopsis, summary]) => `  ${synopsis.padEnd(width)}  ${summary}`);
  // Issue 48: the fields each command's key=value pairs may name are the dispatcher API's, documented there.
  const reference = 'Every field of the dispatcher API: the API reference at <server>/docs/api (/v1/openapi.json).';
  return ['Usage: npm run dispatch -- <command> [args]', '', ...lines, '', reference].join('\n');
}

/** The keys each key=value command takes: the fields of its request's schema. */
const ORG_KEYS = keysOf(UpdateOrganisationBody, { time_zone: { type: 'time-zone', nullable: true } });
const STOP_KEYS = keysOf(UpdateStopBody);
const PUBLICATION_KEYS = keysOf(PublicationSettingsBody);

/** The options each command takes (node:util parseArgs); any other is a usage error rather than silently ignored. */
const OPTIONS = {
  orgs: { json: { type: 'boolean' } },
  'org-create': { 'customer-id': { type: 'string' }, 'time-zone': { type: 'string' } },
  drivers: { org: { type: 'string' }, json: { type: 'boolean' } },
  'driver-create': { org: { type: 'string' } },
  routes: { date: { type: 'string' }, org: { type: 'string' }, json: { type: 'boolean' } },
} satisfies Partial<Record<CommandName, ParseArgsConfig['options']>>;

/**
 * The arguments a command reads as they are, before any option is looked for: values the server made and the
 * dispatcher pastes back. A shared link's id is 16 random bytes in base64url (repo/route-changes.ts) and starts with
 * "--" once in 4096 links; read as an option it would be refused as unknown.
 */
const LEADING_ARGUMENTS = { unlink: 2 } satisfies Partial<Record<CommandName, number>>;

type Flags = { [name: string]: string | boolean | undefined };

/**
 * Splits `--name value` and `--name=value` options (and bare `--json`) from the positional arguments with
 * node:util's parseArgs, in its lenient mode, so each mistake is told in the CLI's own words.
 */
function options(args: string[], allowed: ParseArgsConfig['options'] = {}): { positional: string[]; flags: Flags } {
  const { values, tokens } = parseNodeArgs({
    args,
    options: allowed,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const positional: string[] = [];
  const taken = new Set<number>();
  for (const token of tokens) {
    if (token.kind === 'positional') positional.push(token.value);
    if (token.kind !== 'option') continue;
    // An argument may start with a dash (a password, a name; a link id, "-vX3…", failed the proof's unlink once in 64
    // links before LEADING_ARGUMENTS): no command takes a one-dash option, so a one-dash word longer than a flag is an
    // argument. A lone "-j" is still a mistyped option. A group's flags share their word's index: it is taken once.
    const word = args[token.index]!;
    if (!word.startsWith('--') && word.length > 2) {
      if (!taken.has(token.index)) positional.push(word);
      taken.add(token.index);
      continue;
    }
    const option = allowed[token.name];
    if (!option) throw new UsageError(`Unknown option ${token.rawName}`);
    // Lenient parsing takes "--org --json" as org = "--json".
    const missing = token.value === undefined || (!token.inlineValue && token.value.startsWith('--'));
    if (option.type === 'string' && missing) throw new UsageError(`${token.rawName} needs a value`);
    if (option.type === 'boolean' && token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
  }
  return { positional, flags: values };
}

const text = (flags: Flags, name: string) => (typeof flags[name] === 'string' ? flags[name] : undefined);

/** An id as the server reads one in a path: plain decimal digits, at least 1. */
function id(value: string | undefined, what: string): number {
  if (value === undefined || !DECIMAL_DIGITS.test(value) || Number(value) < 1)
    throw new UsageError(`${what} must be a positive whole number`);
  return Number(value);
}

function exactly(positional: string[], count: number, name: CommandName): void {
  if (positional.length !== count) throw new UsageError(`Usage: ${COMMANDS[name][0]}`);
}

const isCommandName = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

type Command<N extends CommandName> = Extract<CliCommand, { name: N }>;

/**
 * org-create: the organisation's name, and its customer id and time zone when given (the zone checked as the server
 * checks one).
 */
function orgCreate(p: string[], flags: Flags): Command<'org-create'> {
  exactly(p, 1, 'org-create');
  return {
    name: 'org-create',
    body: {
      name: p[0]!,
      ...(text(flags, 'customer-id') === undefined ? {} : { customer_id: text(flags, 'customer-id') }),
      ...(text(flags, 'time-zone') === undefined
        ? {}
        : { time_zone: timeZone(text(flags, 'time-zone')!, '--time-zone') }),
    },
  };
}

/** driver-create: the driver's email, password and names, in the organisation `--org` names (it must). */
function driverCreate(p: string[], org: number | undefined): Command<'driver-create'> {
  exactly(p, 4, 'driver-create');
  if (org === undefined) throw new UsageError('driver-create needs --org ID');
  const [email, password, first_name, last_name] = p as [string, string, string, string];
  return { name: 'driver-create', body: { email, password, first_name, last_name, organisation_id: org } };
}

/** The routes listing's `--date`, if given, held to the server's rule for a route's date (the `day` format). */
function routesDate(flags: Flags): string | undefined {
  const date = text(flags, 'date');
  if (date !== undefined && !isDay(date))
    throw new UsageError(
      `--date must be YYYY-MM-DD, a real date in the years ${INSTANT_YEARS.from} to ${INSTANT_YEARS.to}`,
    );
  return date;
}

export function parseArgs(argv: string[]): CliCommand {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') return { name: 'help' };
  if (!isCommandName(name)) throw new UsageError(`Unknown command "${name}"`);
  const leading = name in LEADING_ARGUMENTS ? LEADING_ARGUMENTS[name as keyof typeof LEADING_ARGUMENTS] : 0;
  // The usual end of options ("unlink 7 -- --xY…") still works: no route id or link id is "--", so one among the
  // leading words is dropped.
  const end = rest.indexOf('--');
  const words = leading > 0 && end >= 0 && end <= leading ? rest.toSpliced(end, 1) : rest;
  const parsed = options(words.slice(leading), name in OPTIONS ? OPTIONS[name as keyof typeof OPTIONS] : {});
  const p = [...words.slice(0, leading), ...parsed.positional];
  const flags = parsed.flags;
  const json = flags.json === true;
  const org = flags.org === undefined ? undefined : id(text(flags, 'org'), '--org');
  switch (name) {
    case 'help':
      return { name };
    case 'orgs':
      exactly(p, 0, name);
      return { name, json };
    case 'org-create':
      return orgCreate(p, flags);
    case 'org-set':
      return { name, id: id(p[0], 'id'), body: assignments(p.slice(1), ORG_KEYS) as UpdateOrganisationRequest };
    case 'drivers':
      exactly(p, 0, name);
      return { name, organisationId: org, json };
    case 'driver-create':
      return driverCreate(p, org);
    case 'routes':
      exactly(p, 0, name);
      return { name, date: routesDate(flags), organisationId: org, json };
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
