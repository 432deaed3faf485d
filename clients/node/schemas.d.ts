// Types of schemas.js: checkoutd's Schemas/ as data, for contract tests.

/** A JSON document (a schema, or the OpenRPC document). */
export type JsonDocument = { [key: string]: unknown };

/** The folder of the schema files (the package's copy, or a checkout's Schemas/); null when missing. */
export const SCHEMAS_DIR: string | null;
/** The OpenRPC document (openrpc.json), as rpc.discover returns it. */
export function document(): JsonDocument;
/** The shared definitions (definitions.json). */
export function definitions(): JsonDocument;
/** Every method with a schema, sorted. */
export function methodNames(): string[];
/** The whole schema document of one method (summary, description, errors, definitions, examples); RangeError when unknown. */
export function method(name: string): JsonDocument;
/** The JSON Schema of a method's params object (its `$ref`s are relative to the method document's `$id`). */
export function paramsSchema(name: string): JsonDocument;
/** The JSON Schema of a method's result. */
export function resultSchema(name: string): JsonDocument;
/** The schema of a data file: 'catalog', 'iin-table', 'rates' or 'card-brands'. */
export function fileSchema(name: 'catalog' | 'iin-table' | 'rates' | 'card-brands'): JsonDocument;
/** Every schema document by its `$id`, to register with a JSON Schema validator. */
export function documentsById(): Record<string, JsonDocument>;
