/**
 * The Ajv instances that check the driver's and the dispatcher's requests, HTTP and socket alike. The schemas are
 * defined once in src-shared/schemas (TypeBox: each is a JSON schema in Ajv's dialect and its TypeScript type); the
 * formats they name beyond JSON Schema's own are src-shared/schemas/formats.ts.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { FORMATS } from '../../src-shared/schemas/formats.ts';

/**
 * Bodies and socket data are checked strictly: no type coercion, no silent removal of unknown fields. Paths and
 * queries are text on the wire and are coerced to the numbers their schemas ask for (validation.ts first makes sure
 * such text is plain decimal digits).
 */
export function createAjv(coerceTypes: boolean): Ajv {
  // allowUnionTypes: nullable fields are also written as {type: ['string', 'null']}.
  const ajv = new Ajv({
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    allowUnionTypes: true,
    coerceTypes,
    // {$data: ...} lets one field's bound be another's value (a time window's latest is not before its earliest).
    $data: true,
  });
  addFormats.default(ajv);
  for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}
