/**
 * The dispatcher CLI reads its key=value keys and their kinds from the requests' own schemas (src-server/cli/keys.ts)
 * and its options with node:util's parseArgs: a field the API takes is a key the CLI takes, and a value the server's
 * rules refuse (an enum, a format, a digits-only id) is refused before anything is sent.
 */
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src-server/cli/args.ts';
import { assignments, keysOf, UsageError } from '../../src-server/cli/keys.ts';
import { PublicationSettingsBody, UpdateOrganisationBody, UpdateStopBody } from '../../src-shared/schemas/dispatch.ts';
import { FORMAT_WORDS } from '../../src-shared/schemas/formats.ts';

describe('keys from the schema', () => {
  it('has a key for every field of the request, and one level down for an object field', () => {
    for (const schema of [UpdateStopBody, UpdateOrganisationBody, PublicationSettingsBody]) {
      const keys = keysOf(schema);
      for (const field of Object.keys(schema.properties)) expect(keys, field).toHaveProperty([field]);
    }
    expect(Object.keys(keysOf(UpdateOrganisationBody))).toEqual(
      expect.arrayContaining(['plan.ft_photo_collection', 'config.require_name_with_signature']),
    );
  });

  it('types a value by its field: a new field in the schema is a new key with no CLI change', () => {
    const schema = Type.Object({
      count: Type.Optional(Type.Integer()),
      when: Type.Optional(Type.Unsafe<number | null>({ type: 'integer', nullable: true })),
      size: Type.Optional(Type.Object({ wide: Type.Boolean(), label: Type.String() })),
      tags: Type.Optional(Type.Array(Type.String())),
    });
    const keys = keysOf(schema);
    expect(assignments(['count=3', 'when=none', 'wide=yes', 'size.label=7', 'tags=["a"]'], keys)).toEqual({
      count: 3,
      when: null,
      size: { wide: true, label: '7' },
      tags: ['a'],
    });
    expect(() => assignments(['count=3.5'], keys)).toThrow(/count must be a whole number/);
    expect(() => assignments(['count=none'], keys)).toThrow(UsageError);
  });

  it('refuses an enum value or a format the server would refuse, in the server’s words', () => {
    expect(() => parseArgs(['stop', '1', '2', 'status=done'])).toThrow(
      /status must be one of pending, finished, skipped, got "done"/,
    );
    expect(parseArgs(['stop', '1', '2', 'cleaning_status=none'])).toMatchObject({ body: { cleaning_status: null } });
    expect(() => parseArgs(['publication', '1', 'project_date=2030-02-30'])).toThrow(
      `project_date must be ${FORMAT_WORDS.day}, got "2030-02-30"`,
    );
    expect(() => parseArgs(['org-set', '1', 'subscription_status=paused'])).toThrow(/one of active, trialing/);
  });
});

describe('options and ids', () => {
  it('reads options with parseArgs and tells each mistake in the CLI’s words', () => {
    expect(parseArgs(['drivers', '--json', '--org', '4'])).toEqual({ name: 'drivers', organisationId: 4, json: true });
    expect(() => parseArgs(['drivers', '--org', '--json'])).toThrow(/--org needs a value/);
    expect(() => parseArgs(['orgs', '--json=yes'])).toThrow(/--json takes no value/);
    expect(() => parseArgs(['orgs', '-j'])).toThrow(/Unknown option -j/);
    // A shared link's id may start with a dash (base64url): it is the argument it stands in for.
    expect(parseArgs(['unlink', '7', '-vX3kQ_9aZ'])).toEqual({ name: 'unlink', routeId: 7, linkId: '-vX3kQ_9aZ' });
    // One in 4096 starts with two dashes: unlink reads its two arguments as they are, before any option.
    expect(parseArgs(['unlink', '7', '--xY3kQ_9aZ'])).toEqual({ name: 'unlink', routeId: 7, linkId: '--xY3kQ_9aZ' });
    expect(() => parseArgs(['unlink', '7', '--xY3kQ_9aZ', '--json'])).toThrow(/Unknown option --json/);
    expect(() => parseArgs(['unlink', '7'])).toThrow(/Usage: unlink <routeId> <linkId>/);
    // The usual end of options still works before or among them.
    expect(parseArgs(['unlink', '7', '--', '--xY3'])).toEqual({ name: 'unlink', routeId: 7, linkId: '--xY3' });
    expect(parseArgs(['unlink', '--', '7', 'x'])).toEqual({ name: 'unlink', routeId: 7, linkId: 'x' });
    expect(() => parseArgs(['unlink', '--json', 'abc'])).toThrow(/routeId must be a positive whole number/);
    expect(() => parseArgs(['routes', '--date', '2030-02-30'])).toThrow(/--date must be YYYY-MM-DD, a real date/);
  });

  it('reads ids by the server’s rule for paths: decimal digits only', () => {
    for (const bad of ['0x1c', '1e3', '+7', '0', ' 7', '007'])
      expect(() => parseArgs(['route', bad]), bad).toThrow(/routeId must be a positive whole number/);
    expect(parseArgs(['route', '17'])).toEqual({ name: 'route', routeId: 17 });
  });
});
