// Every method of Schemas/openrpc.json has a typed wrapper on
// Checkoutd.prototype, declared in index.d.ts with its params and result
// types, and each wrapper calls its own method.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { Checkoutd, wrapperName } from '../index.js';
import { CLIENT_DIR, SCHEMAS_DIR, openrpcMethodNames, readJSON } from './_support.js';

const METHODS = openrpcMethodNames();
const DECLARATIONS = readFileSync(path.join(CLIENT_DIR, 'index.d.ts'), 'utf8');

/** The body of `export class Checkoutd … { … }` in index.d.ts. */
function classBody(source, name) {
  const start = source.search(new RegExp(`^export (?:declare )?class ${name}\\b[^{]*\\{`, 'm'));
  assert.ok(start >= 0, `index.d.ts declares class ${name}`);
  const end = source.indexOf('\n}', start);
  assert.ok(end > start);
  return source.slice(start, end);
}

/** Method name → its declaration line, for every method declared in the class body. */
function declaredMethods(body) {
  const methods = new Map();
  for (const match of body.matchAll(/^ {2}(\w+)(?:<[^>]*>)?\(([^\n]*)$/gm)) {
    if (!methods.has(match[1])) methods.set(match[1], match[2]);
  }
  return methods;
}

/** The params schema of a method file: has it any required member? */
function paramsRequired(method) {
  const schema = readJSON(SCHEMAS_DIR, 'methods', `${method}.json`).definitions.params;
  return Array.isArray(schema.required) && schema.required.length > 0;
}

function takesParams(method) {
  const schema = readJSON(SCHEMAS_DIR, 'methods', `${method}.json`).definitions.params;
  return !(schema.$ref && schema.$ref.endsWith('/Empty'));
}

describe('one wrapper per method', () => {
  test('the OpenRPC document lists the method files of Schemas/methods', () => {
    const files = readJSON(SCHEMAS_DIR, 'openrpc.json').methods.map((method) => `${method.name}.json`);
    assert.equal(METHODS.length, 25);
    assert.equal(new Set(files).size, files.length);
    for (const file of files) readJSON(SCHEMAS_DIR, 'methods', file);
  });

  test('every method has a wrapper on Checkoutd.prototype', () => {
    const missing = METHODS.filter((method) => typeof Checkoutd.prototype[wrapperName(method)] !== 'function');
    assert.deepEqual(missing, []);
  });

  test('every wrapper calls its own method with the params and options given', async () => {
    for (const method of METHODS) {
      const seen = [];
      const fake = { call: async (...args) => { seen.push(args); return 'result'; } };
      const wrapper = Checkoutd.prototype[wrapperName(method)];
      const params = { marker: method };
      const options = { timeout: 1234 };
      if (takesParams(method)) {
        assert.equal(await wrapper.call(fake, params, options), 'result');
        assert.deepEqual(seen, [[method, params, options]], method);
      } else {
        assert.equal(await wrapper.call(fake, options), 'result');
        assert.deepEqual(seen, [[method, undefined, options]], method);
      }
    }
  });

  test('every method is declared in index.d.ts with its params and result types', () => {
    const declared = declaredMethods(classBody(DECLARATIONS, 'Checkoutd'));
    const missing = METHODS.filter((method) => !declared.has(wrapperName(method)));
    assert.deepEqual(missing, []);
    for (const method of METHODS) {
      const name = wrapperName(method);
      const type = name[0].toUpperCase() + name.slice(1); // sessionInit → SessionInit
      const line = declared.get(name);
      assert.match(line, new RegExp(`\\): Promise<${type}Result>;$`), `${name} resolves to ${type}Result`);
      assert.match(DECLARATIONS, new RegExp(`^export (?:interface|type) ${type}Result\\b`, 'm'));
      if (takesParams(method)) {
        const optional = !paramsRequired(method);
        assert.ok(line.startsWith(`params${optional ? '?' : ''}: ${type}Params,`),
          `${name}(params${optional ? '?' : ''}: ${type}Params, …) in index.d.ts: ${line}`);
        assert.match(DECLARATIONS, new RegExp(`^export (?:interface|type) ${type}Params\\b`, 'm'));
      } else {
        assert.ok(line.startsWith('options?: CallOptions'), `${name}(options?) in index.d.ts`);
      }
      assert.match(DECLARATIONS, new RegExp(`^ {2}'${method.replace('.', '\\.')}': \\{ params: `, 'm'),
        `${method} in the Methods map`);
    }
  });

  test('index.d.ts declares every error class the module exports', async () => {
    const module = await import('../index.js');
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function' && value.prototype instanceof Error) {
        assert.match(DECLARATIONS, new RegExp(`^export class ${name} extends \\w+`, 'm'), name);
      }
    }
  });
});
