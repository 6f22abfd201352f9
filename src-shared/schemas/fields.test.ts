/**
 * Every text field of every request schema refuses U+0000 (NUL), which PostgreSQL cannot store: each string (and each
 * record's keys) is checked with the server's Ajv dialect against NUL-holding values that would otherwise pass its
 * format or pattern. A new field written with a bare Type.String() fails here.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import * as dispatch from './dispatch.ts';
import * as driver from './driver.ts';
import * as fields from './fields.ts';
import { FORMATS, NO_NUL_PATTERN, refusalWords } from './formats.ts';
import * as socket from './socket.ts';

const ajv = new Ajv({ allowUnionTypes: true, $data: true, strict: false });
addFormats.default(ajv);
for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate });

/** NULs in values that each format or pattern of the schemas would otherwise take. */
const WITH_NUL = [
  '\u0000',
  'text\u0000',
  '\u0000text',
  '2026-11-27T10:00:00Z\u0000',
  '2026-11-27\u0000',
  '52.0907215\u0000',
  'driver@example.com\u0000',
  '12\u0000',
];

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (node: Node) => node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string'));

/** Every string schema under `node`, and every record's key schema, as [path, schema]. */
function textNodes(node: Node, path: string, out: [string, Node][] = []): [string, Node][] {
  if (isString(node)) out.push([path, node]);
  if (isNode(node.additionalProperties)) {
    out.push([`${path}{keys}`, (node.propertyNames as Node | undefined) ?? { type: 'string' }]);
    textNodes(node.additionalProperties, `${path}{*}`, out);
  }
  for (const [key, child] of Object.entries((node.properties as Record<string, Node> | undefined) ?? {}))
    textNodes(child, `${path}.${key}`, out);
  if (isNode(node.items)) textNodes(node.items, `${path}[]`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, child] of ((node[key] as Node[] | undefined) ?? []).entries()) textNodes(child, `${path}|${i}`, out);
  return out;
}

const modules = { fields, driver, dispatch, socket };
const schemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isNode(value) && 'type' in value)
    .map(([name, value]) => [`${module}.${name}`, value as Node] as const),
);
const texts = schemas.flatMap(([name, schema]) => textNodes(schema, name));

describe('U+0000 in request schemas', () => {
  it('finds the text fields of every request', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['driver.StopUpdateBody', 'dispatch.CreateRouteBody', 'socket.ServiceChangeData']),
    );
    expect(texts.length).toBeGreaterThan(60);
  });

  it.each(texts)('%s refuses a NUL', (_path, node) => {
    const { type: _type, nullable: _nullable, ...rest } = node;
    const validate = ajv.compile({ ...rest, type: 'string' });
    for (const value of WITH_NUL) expect(validate(value), JSON.stringify(value)).toBe(false);
  });

  it('names the NUL in its refusal', () => {
    const validate = ajv.compile(fields.Text(10));
    expect(validate('a\u0000')).toBe(false);
    expect(refusalWords(validate.errors![0]!)).toBe('must not contain the character U+0000 (NUL)');
    expect(new RegExp(NO_NUL_PATTERN, 'u').test('Bel aan \u{1F4E6}\n\t')).toBe(true);
  });
});
