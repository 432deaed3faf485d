// The contract as data: checkoutd's Schemas/, for contract tests in a host.
//
// The installed package carries a copy of Schemas/ byte for byte (the OpenRPC
// document that rpc.discover returns, the shared definitions, one schema per
// method with its examples, and the schemas of the --catalog/--iin/--rates
// files) in its schemas/ folder, also reachable as files:
// `import document from 'checkoutd/schemas/openrpc.json' with { type: 'json' }`.
// Used from a source checkout, this module reads the checkout's Schemas/.
//
//   import { methodNames, method, paramsSchema, document } from 'checkoutd/schemas';
//   paramsSchema('mask.apply');   // the JSON Schema of mask.apply's params
//
// Every function returns a new object. A method's params and result schemas
// are returned as its file has them: their `$ref`s are relative to the method
// document's `$id`. This package validates nothing itself (it has no
// dependencies); hand the documents to a JSON Schema validator (Draft 2020-12),
// registering each by its `$id`.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));

function findDirectory() {
  const packaged = path.join(MODULE_DIR, 'schemas');
  if (existsSync(path.join(packaged, 'openrpc.json'))) return packaged;
  let directory = MODULE_DIR;
  for (;;) {
    const candidate = path.join(directory, 'Schemas');
    if (existsSync(path.join(candidate, 'openrpc.json')) && existsSync(path.join(candidate, 'methods'))) {
      return candidate;
    }
    const parent = path.dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}

/** The folder of the schema files (the package's copy, or a checkout's Schemas/); null when missing. */
export const SCHEMAS_DIR = findDirectory();

const texts = new Map();

function load(relative) {
  if (SCHEMAS_DIR === null) {
    throw new Error("checkoutd's schemas are not here: this copy of the package was installed without them");
  }
  if (!texts.has(relative)) texts.set(relative, readFileSync(path.join(SCHEMAS_DIR, relative), 'utf8'));
  return JSON.parse(texts.get(relative));
}

/** The OpenRPC document (openrpc.json), as rpc.discover returns it. */
export function document() {
  return load('openrpc.json');
}

/** The shared definitions (definitions.json: AmountOfMoney, Session, …). */
export function definitions() {
  return load('definitions.json');
}

/** Every method with a schema, sorted. */
export function methodNames() {
  if (SCHEMAS_DIR === null) return [];
  return readdirSync(path.join(SCHEMAS_DIR, 'methods'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/**
 * The whole schema document of one method: summary, description, errors,
 * definitions.params / definitions.result and the examples. Throws a
 * RangeError for a method without one.
 */
export function method(name) {
  if (!methodNames().includes(name)) throw new RangeError(`no method ${JSON.stringify(name)} in checkoutd's schemas`);
  return load(path.join('methods', `${name}.json`));
}

/** The JSON Schema of a method's params object. */
export function paramsSchema(name) {
  return method(name).definitions.params;
}

/** The JSON Schema of a method's result. */
export function resultSchema(name) {
  return method(name).definitions.result;
}

/** The data files whose schemas are in Schemas/files. */
const FILE_SCHEMAS = ['catalog', 'iin-table', 'rates', 'card-brands'];

/** The schema of a data file: 'catalog', 'iin-table', 'rates' or 'card-brands'. */
export function fileSchema(name) {
  if (!FILE_SCHEMAS.includes(name)) {
    throw new RangeError(`no data file schema ${JSON.stringify(name)} (${FILE_SCHEMAS.join(', ')})`);
  }
  return load(path.join('files', `${name}.json`));
}

/** Every schema document (definitions, OpenRPC, methods, data files), by its `$id`. */
export function documentsById() {
  const documents = [definitions(), document(), ...methodNames().map(method),
    ...FILE_SCHEMAS.map(fileSchema)];
  return Object.fromEntries(documents.filter((doc) => typeof doc.$id === 'string').map((doc) => [doc.$id, doc]));
}
