// checkoutd/schemas: Schemas/ as data for a host's contract tests. From the
// checkout the module reads Schemas/; the Python package test checks the copy
// the npm package carries, byte for byte.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { schemas as fromIndex } from '../index.js';
import { METHODS } from '../methods.js';
import * as schemas from '../schemas.js';
import { SCHEMAS_DIR, readJSON } from './_support.js';

describe('checkoutd/schemas', () => {
  test('from a source checkout the documents are the checkout\'s Schemas/', () => {
    assert.equal(schemas.SCHEMAS_DIR, SCHEMAS_DIR);
    assert.equal(fromIndex.document, schemas.document);
    assert.deepEqual(schemas.document(), readJSON(SCHEMAS_DIR, 'openrpc.json'));
    assert.deepEqual(schemas.definitions(), readJSON(SCHEMAS_DIR, 'definitions.json'));
    const files = readdirSync(path.join(SCHEMAS_DIR, 'methods')).map((name) => name.replace(/\.json$/, '')).sort();
    assert.deepEqual(schemas.methodNames(), files);
    assert.deepEqual(schemas.methodNames(), [...METHODS]);
    assert.deepEqual(schemas.method('mask.apply'), readJSON(SCHEMAS_DIR, 'methods', 'mask.apply.json'));
    const validate = readJSON(SCHEMAS_DIR, 'methods', 'card.validate.json');
    assert.deepEqual(schemas.paramsSchema('card.validate'), validate.definitions.params);
    assert.deepEqual(schemas.resultSchema('card.validate'), validate.definitions.result);
    assert.deepEqual(schemas.fileSchema('iin-table'), readJSON(SCHEMAS_DIR, 'files', 'iin-table.json'));
    assert.deepEqual(schemas.fileSchema('card-brands'), readJSON(SCHEMAS_DIR, 'files', 'card-brands.json'));
  });

  test('documentsById holds every document with an $id, for a validator to register', () => {
    const byId = schemas.documentsById();
    assert.equal(byId[schemas.definitions().$id].title, schemas.definitions().title);
    for (const name of schemas.methodNames()) assert.equal(byId[schemas.method(name).$id].title, name);
    const files = readdirSync(path.join(SCHEMAS_DIR, 'files')).filter((name) => name.endsWith('.json'));
    assert.equal(files.length, 4);
    assert.equal(Object.keys(byId).length, 1 + schemas.methodNames().length + files.length);
  });

  test('unknown names throw RangeError, and every call returns a new object', () => {
    assert.throws(() => schemas.method('no.such'), RangeError);
    assert.throws(() => schemas.paramsSchema('no.such'), RangeError);
    assert.throws(() => schemas.fileSchema('nope'), RangeError);
    schemas.document().methods.length = 0;
    assert.ok(schemas.document().methods.length > 0);
  });
});
