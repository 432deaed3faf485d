// callBatch (API.md 9.8): up to 1000 calls in one batch line, outcomes in
// order, each error as its typed error object in its place. Against the real
// binary, except where a stub must record lines or refuse a batch.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  BatchTooLarge, CallAborted, CallTimeout, CheckoutdError, InvalidParams, LineTooLong, MAX_BATCH, MethodNotFound,
  ProcessExited, SessionNotFound, ValidationFailed,
} from '../index.js';
import { settle, startService, startStub, untilStderr } from './_support.js';

const MASK = '{{99}}-{{99}}';
const NL_EUR = { amountOfMoney: { amount: 2999, currencyCode: 'EUR' }, countryCode: 'NL' };

// Writes every line it receives to stderr ("got <line>") and never answers.
const SILENT_LOGGER = `
  require('readline').createInterface({ input: process.stdin })
    .on('line', (line) => process.stderr.write('got ' + line + '\\n'));
`;

function receivedLines(service) {
  return service.stderr.split('\n').filter((line) => line.startsWith('got ')).map((line) => JSON.parse(line.slice(4)));
}

function maskCalls(count) {
  return Array.from({ length: count }, (_, n) => ({
    method: 'mask.apply', params: { value: String(n % 10000).padStart(4, '0'), mask: MASK },
  }));
}

function masked(n) {
  const digits = String(n % 10000).padStart(4, '0');
  return { value: `${digits.slice(0, 2)}-${digits.slice(2)}`, cursor: 5 };
}

describe('callBatch against the real binary', () => {
  test('outcomes come in the order of the calls', async () => {
    const service = startService();
    try {
      const outcomes = await service.callBatch([
        { method: 'mask.apply', params: { value: '1234', mask: MASK } },
        { method: 'card.format', params: { pan: '378282246310005' } },
        { method: 'currency.convert', params: { amountOfMoney: { amount: 1000, currencyCode: 'EUR' }, targetCurrencyCode: 'JPY' } },
        { method: 'service.info' },
      ]);
      assert.deepEqual(outcomes[0], { value: '12-34', cursor: 5 });
      assert.equal(outcomes[1].formatted, '3782 822463 10005');
      assert.deepEqual(outcomes[2].amountOfMoney, { amount: 1953, currencyCode: 'JPY' });
      assert.equal(outcomes[3].name, 'checkoutd');
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('errors are typed error objects in their place; the batch does not reject', async () => {
    const service = startService();
    try {
      await service.sessionInit({ clientSessionId: 'cs_batch', context: NL_EUR });
      const values = { cardNumber: '4242 4242 4242 4241', expiryDate: '12/28', cvv: '123' };
      const outcomes = await service.callBatch([
        { method: 'mask.apply', params: { value: '12', mask: MASK } },
        { method: 'no.such', params: {} },
        { method: 'mask.apply', params: { value: 1, nope: 2 } },
        { method: 'products.list', params: { clientSessionId: 'cs_missing' } },
        { method: 'paymentRequest.encrypt', params: { clientSessionId: 'cs_batch', paymentProductId: 1, values } },
        { method: 'session.get', params: { clientSessionId: 'cs_batch' } },
      ]);
      assert.deepEqual(outcomes[0], { value: '12-', cursor: 3 });
      assert.ok(outcomes[1] instanceof MethodNotFound && outcomes[1].method === 'no.such');
      assert.ok(outcomes[2] instanceof InvalidParams);
      assert.deepEqual(new Set(outcomes[2].errors.map((problem) => problem.path)), new Set(['/value', '/mask', '/nope']));
      assert.ok(outcomes[3] instanceof SessionNotFound && outcomes[3].code === 1001);
      assert.ok(outcomes[4] instanceof ValidationFailed);
      assert.ok(outcomes[4].errors.some((problem) => problem.errorMessageId === 'luhn'));
      assert.equal(outcomes[5].clientSessionId, 'cs_batch');
      assert.ok(outcomes.slice(1, 5).every((outcome) => outcome instanceof CheckoutdError));
      assert.equal(service.pendingCount, 0);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a batch of 1000 calls, and batches beside calls', async () => {
    const service = startService();
    try {
      assert.equal(MAX_BATCH, 1000);
      assert.deepEqual(await service.callBatch(maskCalls(1000)), Array.from({ length: 1000 }, (_, n) => masked(n)));
      const [big, single, small] = await Promise.all([
        service.callBatch(maskCalls(300)), service.maskApply({ value: '99', mask: MASK }), service.callBatch(maskCalls(7)),
      ]);
      assert.deepEqual(big, Array.from({ length: 300 }, (_, n) => masked(n)));
      assert.deepEqual(single, { value: '99-', cursor: 3 });
      assert.deepEqual(small, Array.from({ length: 7 }, (_, n) => masked(n)));
      assert.deepEqual(service.stats, { requests: 1308, notifications: 0, drainWaits: service.stats.drainWaits });
      assert.deepEqual(service.unmatched, []);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('notifications in a batch get undefined and no answer', async () => {
    const service = startService();
    try {
      const outcomes = await service.callBatch([
        { method: 'mask.apply', params: { value: '12', mask: MASK } },
        { method: 'service.info', notification: true },
        { method: 'no.such', params: { x: 1 }, notification: true },
        { method: 'mask.remove', params: { value: '12-34', mask: MASK } },
      ]);
      assert.deepEqual(outcomes, [{ value: '12-', cursor: 3 }, undefined, undefined, { value: '1234' }]);
      const only = await service.callBatch([{ method: 'service.info', notification: true }, { method: 'service.info', notification: true }]);
      assert.deepEqual(only, [undefined, undefined]);
      assert.equal((await service.maskApply({ value: '34', mask: MASK })).value, '34-');
      assert.deepEqual(service.stats, { requests: 3, notifications: 4, drainWaits: 0 });
      assert.deepEqual(service.unmatched, []);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a batch line over --max-line-bytes rejects with LineTooLong; the service goes on', async () => {
    const service = startService(['--max-line-bytes', '4096']);
    try {
      await assert.rejects(service.callBatch(maskCalls(100)), (error) => {
        assert.ok(error instanceof LineTooLong);
        assert.equal(error.data.maxLineBytes, 4096);
        return true;
      });
      assert.deepEqual(await service.callBatch(maskCalls(3)), [masked(0), masked(1), masked(2)]);
      assert.deepEqual(service.unmatched, []);
      assert.equal(service.pendingCount, 0);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });
});

describe('callBatch refusals and failures', () => {
  test('over 1000 calls, or a malformed call, rejects before anything is sent', async () => {
    const service = startStub(SILENT_LOGGER);
    try {
      await assert.rejects(service.callBatch(maskCalls(1001)), (error) => {
        assert.ok(error instanceof RangeError);
        assert.match(error.message, /at most 1000 calls.*1001/);
        return true;
      });
      await assert.rejects(service.callBatch('mask.apply'), TypeError);
      await assert.rejects(service.callBatch([{ params: {} }]), TypeError);
      await assert.rejects(service.callBatch([{ method: 'a.b', params: [1] }]), TypeError);
      assert.deepEqual(await service.callBatch([]), []);
      assert.deepEqual(service.stats, { requests: 0, notifications: 0, drainWaits: 0 });
      service.notify('marker');
      await untilStderr(service, 'marker');
      assert.deepEqual(receivedLines(service), [{ jsonrpc: '2.0', method: 'marker' }]);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a batch is one line; on timeout its calls are cancelled in one line', async () => {
    const service = startStub(SILENT_LOGGER);
    try {
      const outcome = await settle(service.callBatch([
        { method: 'a.b', params: { x: 1 } }, { method: 'c.d', notification: true }, { method: 'e.f' },
      ], { timeout: 100 }));
      assert.ok(outcome.error instanceof CallTimeout);
      assert.deepEqual(outcome.error.id, [1, 2]);
      await untilStderr(service, '$/cancelRequest');
      assert.deepEqual(receivedLines(service), [
        [{ jsonrpc: '2.0', id: 1, method: 'a.b', params: { x: 1 } }, { jsonrpc: '2.0', method: 'c.d' },
          { jsonrpc: '2.0', id: 2, method: 'e.f' }],
        [{ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } },
          { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 2 } }],
      ]);
      const controller = new AbortController();
      const aborted = settle(service.callBatch([{ method: 'g.h' }], { signal: controller.signal }));
      controller.abort('gone');
      assert.ok((await aborted).error instanceof CallAborted);
      assert.equal(service.pendingCount, 0);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a batch the service refuses as too large rejects with BatchTooLarge', async () => {
    // A service whose batch limit is 2: the whole line gets one error with id null.
    const service = startStub(`
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const batch = JSON.parse(line);
        const answer = batch.length > 2
          ? { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request',
              data: { reason: 'BATCH_TOO_LARGE', entries: batch.length, maxBatchEntries: 2 } } }
          : batch.map((m) => ({ jsonrpc: '2.0', id: m.id, result: m.method }));
        process.stdout.write(JSON.stringify(answer) + '\\n');
      });
    `, { timeout: 5000 });
    try {
      assert.deepEqual(await service.callBatch([{ method: 'a.b' }, { method: 'c.d' }]), ['a.b', 'c.d']);
      await assert.rejects(service.callBatch([{ method: 'a' }, { method: 'b' }, { method: 'c' }]), (error) => {
        assert.ok(error instanceof BatchTooLarge);
        assert.equal(error.data.entries, 3);
        return true;
      });
      assert.deepEqual(await service.callBatch([{ method: 'g.h' }]), ['g.h']);
      assert.deepEqual(service.unmatched, []);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a process that exits mid-batch rejects it with ProcessExited', async () => {
    const service = startStub(`
      require('readline').createInterface({ input: process.stdin }).on('line', () => process.exit(3));
    `);
    const outcome = await settle(service.callBatch(maskCalls(5)));
    assert.ok(outcome.error instanceof ProcessExited);
    assert.equal(outcome.error.exitCode, 3);
    await service.close();
  });
});

// A long batch answer comes in parts, each but the last ending with ',' and a TAB.
describe('a batch answer in parts', () => {
  test('the real service answers 1000 stateless calls in parts, and the client reads them', async () => {
    const service = startService();
    try {
      const seen = [];
      service.on('response', (response) => seen.push(response.id));
      const outcomes = await service.callBatch(maskCalls(1000));
      assert.deepEqual(outcomes.map((outcome) => outcome.value),
        Array.from({ length: 1000 }, (_, n) => { const d = String(n).padStart(4, '0'); return `${d.slice(0, 2)}-${d.slice(2)}`; }));
      assert.equal(seen.length, 1000);
      assert.deepEqual(service.unmatched, []);
    } finally {
      await service.close();
    }
  });

  // Writes a batch's answers as parts of 40, the line in pieces of `piece` bytes.
  const PIECES = (piece) => `
    require('readline').createInterface({ input: process.stdin }).on('line', async (line) => {
      const calls = JSON.parse(line);
      const answers = calls.map((call, n) => JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { text: 'é\\t' + n } }));
      const parts = [];
      for (let start = 0; start < answers.length; start += 40) parts.push(answers.slice(start, start + 40).join(','));
      const bytes = Buffer.from('[' + parts.join(',\\t') + ']\\n{"jsonrpc":"2.0","id":null,"result":"after"}\\n');
      for (let start = 0; start < bytes.length; start += ${piece}) {
        process.stdout.write(bytes.subarray(start, start + ${piece}));
        if (start % 4096 < ${piece}) await new Promise((resolve) => setImmediate(resolve));
      }
    });
  `;

  for (const piece of [1, 3, 64, 5000]) {
    test(`the answers are the same in order however the line is cut (${piece} bytes a piece)`, async () => {
      const service = startStub(PIECES(piece), { timeout: 10000 });
      try {
        const calls = Array.from({ length: 300 }, (_, n) => ({ method: 'a.b', params: { n } }));
        const outcomes = await service.callBatch(calls);
        assert.deepEqual(outcomes, Array.from({ length: 300 }, (_, n) => ({ text: `é\t${n}` })));
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.deepEqual(service.unmatched, [{ jsonrpc: '2.0', id: null, result: 'after' }]);
      } finally {
        await service.close();
      }
    });
  }

  test('a line whose marked part does not decode is read whole, as it was written', async () => {
    // A raw TAB after a ',' inside an answer (no checkoutd writes one) looks like a part's end.
    const service = startStub(`
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const [first, second] = JSON.parse(line).map((call) => call.id);
        process.stdout.write('[{"jsonrpc":"2.0","id":' + first + ',"result":[1,\\t');
        setTimeout(() => process.stdout.write('2]},{"jsonrpc":"2.0","id":' + second + ',"result":"é"}]\\n'), 50);
      });
    `, { timeout: 5000 });
    try {
      const outcomes = await service.callBatch([{ method: 'a.b' }, { method: 'a.b' }]);
      assert.deepEqual(outcomes, [[1, 2], 'é']);
      assert.deepEqual(service.protocolErrors, []);
    } finally {
      await service.close();
    }
  });

  test("a part's answers are handed on before the rest of the line is written", async () => {
    // The stub writes the rest only once the client has seen the first part's answers
    // (it says so with a notification): without reading parts, the batch would time out.
    const service = startStub(`
      let rest = null;
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const message = JSON.parse(line);
        if (Array.isArray(message)) {
          const answers = message.map((call, n) => JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { n } }));
          const half = answers.length >> 1;
          process.stdout.write('[' + answers.slice(0, half).join(',') + ',\\t');
          rest = answers.slice(half).join(',') + ']\\n';
        } else if (rest !== null) {
          process.stdout.write(rest);
          rest = null;
        }
      });
    `, { timeout: 5000 });
    try {
      let told = false;
      service.on('response', () => {
        if (!told) service.notify('first.part.seen');
        told = true;
      });
      const outcomes = await service.callBatch(Array.from({ length: 10 }, (_, n) => ({ method: 'a.b', params: { n } })));
      assert.deepEqual(outcomes, Array.from({ length: 10 }, (_, n) => ({ n })));
    } finally {
      await service.close();
    }
  });
});
