// The transport: timeouts and AbortSignal (with $/cancelRequest), a process
// that exits or is killed, write backpressure, close(), stderr, locating the
// binary. Against the real binary, except where a misbehaving peer is needed
// (a stub: a few lines of Node passed with -e).
//
// Nothing here waits a fixed time for something to happen: an unanswered call
// is made deterministic by stopping the process (SIGSTOP) or by a stub that
// never answers; a timeout is only used where the timeout is what is tested.

import assert from 'node:assert/strict';
import {
  chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import {
  BinaryNotFound, CallAborted, CallTimeout, Checkoutd, ProcessExited, ProtocolViolation, findBinary, wrapperName,
} from '../index.js';
import {
  CLIENT_DIR, binaryPath, settle, startService, startStub, untilResponse, untilStderr, whileStopped,
} from './_support.js';

// Writes every line it receives to stderr ("got <line>") and never answers.
const SILENT_LOGGER = `
  require('readline').createInterface({ input: process.stdin })
    .on('line', (line) => process.stderr.write('got ' + line + '\\n'));
`;

function receivedLines(service) {
  return service.stderr.split('\n').filter((line) => line.startsWith('got ')).map((line) => JSON.parse(line.slice(4)));
}

describe('timeouts', () => {
  test('a call that times out rejects with CallTimeout, and the service still serves', async () => {
    const service = startService();
    try {
      let late;
      const outcome = await whileStopped(service, async () => {
        late = untilResponse(service, 1);
        return settle(service.serviceInfo({ timeout: 100 }));
      });
      assert.ok(outcome.error instanceof CallTimeout, String(outcome.error));
      assert.equal(outcome.error.method, 'service.info');
      assert.equal(outcome.error.id, 1);
      assert.equal(outcome.error.timeout, 100);
      assert.equal(service.pendingCount, 0);

      // Continued, the service reads the request and the cancellation: it answers
      // once (cancelled, or the result if it got there first); the client drops it.
      const answer = await late;
      if ('error' in answer) assert.equal(answer.error.data.reason, 'REQUEST_CANCELLED');
      else assert.equal(answer.result.name, 'checkoutd');
      assert.equal((await service.serviceInfo({ timeout: 10_000 })).name, 'checkoutd');
      assert.deepEqual(service.unmatched, []);
      assert.deepEqual(service.stats, { requests: 2, notifications: 1, drainWaits: 0 });
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('the timed-out request is followed by $/cancelRequest with its id', async () => {
    const service = startStub(SILENT_LOGGER);
    try {
      await assert.rejects(service.call('service.info', undefined, { timeout: 50 }), CallTimeout);
      await untilStderr(service, '$/cancelRequest');
      assert.deepEqual(receivedLines(service), [
        { jsonrpc: '2.0', id: 1, method: 'service.info' },
        { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } },
      ]);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('the client-wide timeout applies unless a call overrides it', async () => {
    const service = startStub(SILENT_LOGGER, { timeout: 50 });
    try {
      await assert.rejects(service.call('a.b', { x: 1 }), (error) => {
        assert.ok(error instanceof CallTimeout);
        assert.equal(error.timeout, 50);
        return true;
      });
      await assert.rejects(service.call('a.b', { x: 2 }, { timeout: 20 }), (error) => error.timeout === 20);
    } finally {
      await service.close();
    }
  });

  test('a bad timeout is a TypeError', async () => {
    const service = startStub(SILENT_LOGGER);
    try {
      await assert.rejects(service.call('a.b', {}, { timeout: -1 }), TypeError);
      await assert.rejects(service.call('a.b', {}, { timeout: 'soon' }), TypeError);
      assert.throws(() => new Checkoutd({ bin: process.execPath, timeout: Number.NaN }), TypeError);
      assert.equal(service.stats.requests, 0);
    } finally {
      await service.close();
    }
  });
});

describe('AbortSignal', () => {
  test('aborting a sent call rejects with CallAborted and cancels it; the service still serves', async () => {
    const service = startService();
    try {
      const controller = new AbortController();
      const reason = new Error('the customer left');
      let late;
      const outcome = await whileStopped(service, async () => {
        late = untilResponse(service, 1);
        const call = settle(service.cardFormat({ pan: '4111111111111111' }, { signal: controller.signal }));
        // Wait until the line has been handed to stdin (the queue is empty then).
        assert.equal(service.stats.requests, 1);
        controller.abort(reason);
        return call;
      });
      assert.ok(outcome.error instanceof CallAborted, String(outcome.error));
      assert.equal(outcome.error.id, 1);
      assert.equal(outcome.error.method, 'card.format');
      assert.equal(outcome.error.cause, reason);
      const answer = await late;
      assert.ok('error' in answer ? answer.error.data.reason === 'REQUEST_CANCELLED' : answer.result.formatted);
      assert.equal((await service.cardFormat({ pan: '4111' })).formatted, '4111');
      assert.equal(service.stats.notifications, 1);
      assert.deepEqual(service.unmatched, []);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a signal aborted before the call rejects at once and sends nothing', async () => {
    const service = startService();
    try {
      const signal = AbortSignal.abort('too late');
      await assert.rejects(service.serviceInfo({ signal }), (error) => {
        assert.ok(error instanceof CallAborted);
        assert.equal(error.id, null);
        assert.equal(error.cause, 'too late');
        return true;
      });
      assert.deepEqual(service.stats, { requests: 0, notifications: 0, drainWaits: 0 });
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a call aborted while still queued is never written', async () => {
    const service = startService();
    try {
      const controller = new AbortController();
      const outcome = await whileStopped(service, async () => {
        // The stopped process reads nothing: 50 KB requests fill the pipe until
        // stdin.write() returns false; the queue then waits for 'drain' and
        // the next call stays in it.
        const bigs = [];
        while (service.stats.drainWaits === 0) {
          bigs.push(service.maskRemove({ value: `${bigs.length % 10}${'x'.repeat(50_000)}`, mask: '{{9}}' }));
        }
        const queued = settle(service.maskRemove({ value: '1', mask: '{{9}}' }, { signal: controller.signal }));
        assert.deepEqual(service.stats, { requests: bigs.length, notifications: 0, drainWaits: 1 });
        controller.abort();
        return { bigs, queued: await queued };
      });
      const { bigs, queued } = outcome;
      assert.ok(queued.error instanceof CallAborted);
      assert.equal(queued.error.id, bigs.length + 1);
      assert.deepEqual(await Promise.all(bigs), bigs.map((_, i) => ({ value: String(i % 10) })));
      assert.deepEqual(await service.maskRemove({ value: '3', mask: '{{9}}' }), { value: '3' });
      // The aborted request was dropped from the queue: no line, no cancellation.
      assert.deepEqual(service.stats, { requests: bigs.length + 1, notifications: 0, drainWaits: 1 });
    } finally {
      assert.equal(await service.close(), 0);
    }
  });
});

describe('a process that goes away', () => {
  test('after service.shutdown the next call rejects with ProcessExited (exit code 0)', async () => {
    const service = startService();
    assert.deepEqual(await service.serviceShutdown(), {});
    await assert.rejects(service.serviceInfo(), (error) => {
      assert.ok(error instanceof ProcessExited, String(error));
      assert.equal(error.exitCode, 0);
      return true;
    });
    assert.equal(await service.wait(), 0);
    assert.equal(service.alive, false);
    await assert.rejects(service.maskApply({ value: '1', mask: '{{9}}' }), ProcessExited);
    assert.throws(() => service.notify('$/cancelRequest', { id: 1 }), ProcessExited);
    assert.equal(await service.close(), 0);
  });

  test('killing the process rejects every pending call with ProcessExited', async () => {
    const service = startService();
    const outcomes = await whileStopped(service, async () => {
      const calls = [];
      for (let i = 0; i < 5; i += 1) calls.push(settle(service.maskApply({ value: String(i), mask: '{{9}}' })));
      assert.equal(service.pendingCount, 5);
      process.kill(service.pid, 'SIGKILL');
      return Promise.all(calls);
    });
    outcomes.forEach(({ error }, i) => {
      assert.ok(error instanceof ProcessExited, String(error));
      assert.equal(error.exitCode, null);
      assert.equal(error.signal, 'SIGKILL');
      assert.equal(error.method, 'mask.apply');
      assert.equal(error.id, i + 1);
    });
    assert.equal(service.pendingCount, 0);
    assert.equal(service.signalCode, 'SIGKILL');
    await assert.rejects(service.serviceInfo(), ProcessExited);
    assert.equal(await service.close(), null);
  });

  test('ProcessExited carries the exit code and the tail of stderr', async () => {
    const service = startStub(`
      process.stdin.once('data', () => {
        process.stderr.write('stub: fatal problem\\n');
        process.exit(3);
      });
    `);
    await assert.rejects(service.serviceInfo(), (error) => {
      assert.ok(error instanceof ProcessExited);
      assert.equal(error.exitCode, 3);
      assert.equal(error.signal, null);
      assert.match(error.stderr, /stub: fatal problem/);
      assert.match(error.message, /exit code 3/);
      assert.match(error.message, /stub: fatal problem/);
      return true;
    });
    assert.equal(await service.close(), 3);
  });

  test('a process that stops reading (EPIPE) fails the calls when it is gone, without crashing', async () => {
    const service = startStub(`
      process.stdin.destroy();
      process.stderr.write('stdin closed\\n');
      setInterval(() => {}, 1000);
    `);
    await untilStderr(service, 'stdin closed');
    const calls = [
      settle(service.call('a.b', { padding: 'x'.repeat(50_000) })),
      settle(service.call('c.d')),
    ];
    assert.equal(await service.close({ timeout: 200 }), null);
    assert.equal(service.signalCode, 'SIGTERM');
    for (const { error } of await Promise.all(calls)) {
      assert.ok(error instanceof ProcessExited, String(error));
      assert.equal(error.signal, 'SIGTERM');
      assert.match(error.stderr, /stdin closed/);
    }
  });

  test('an executable that cannot start fails its calls with ProcessExited', async (t) => {
    const directory = mkdtempSync(path.join(tmpdir(), 'checkoutd-node-'));
    t.after(() => rmSync(directory, { recursive: true, force: true }));
    const broken = path.join(directory, 'checkoutd');
    writeFileSync(broken, '#!/nonexistent/interpreter\n');
    chmodSync(broken, 0o755);
    const service = new Checkoutd({ bin: broken });
    await assert.rejects(service.serviceInfo(), (error) => {
      assert.ok(error instanceof ProcessExited);
      assert.equal(error.cause.code, 'ENOENT');
      return true;
    });
    await assert.rejects(service.serviceInfo(), ProcessExited);
    assert.equal(await service.close(), null);
  });
});

describe('backpressure', () => {
  test('2,000 calls with 50 KB params each are written as stdin drains and all answered', { timeout: 120_000 },
    async () => {
      const service = startService();
      try {
        const padding = 'x'.repeat(50_000);
        const calls = [];
        for (let i = 0; i < 2000; i += 1) {
          const digits = String(i).padStart(4, '0');
          calls.push(service.maskRemove({ value: digits + padding, mask: '{{9999}}' }));
        }
        const results = await Promise.all(calls);
        results.forEach((result, i) => assert.deepEqual(result, { value: String(i).padStart(4, '0') }));
        const { requests, drainWaits } = service.stats;
        assert.equal(requests, 2000);
        assert.ok(drainWaits > 0, 'writing waited for drain');
      } finally {
        assert.equal(await service.close(), 0);
      }
    });
});

describe('close()', () => {
  test('resolves to 0, is idempotent, and later calls reject', async () => {
    const service = startService();
    assert.equal((await service.serviceInfo()).name, 'checkoutd');
    const first = service.close();
    const second = service.close();
    assert.equal(first, second);
    assert.equal(await first, 0);
    assert.equal(await service.close(), 0);
    assert.equal(service.exitCode, 0);
    assert.equal(service.alive, false);
    await assert.rejects(service.serviceInfo(), ProcessExited);
  });

  test('answers every call made before it', async () => {
    const service = startService();
    const calls = [];
    for (let i = 0; i < 50; i += 1) calls.push(service.maskApply({ value: String(i), mask: '{{99}}' }));
    const closed = service.close();
    await assert.rejects(service.serviceInfo(), ProcessExited); // after close(): refused at once
    const results = await Promise.all(calls);
    results.forEach((result, i) => assert.equal(result.value, String(i)));
    assert.equal(await closed, 0);
  });

  test('terminates a process that ignores the end of its input', async () => {
    const service = startStub('setInterval(() => {}, 1000);');
    assert.equal(await service.close({ timeout: 200 }), null);
    assert.equal(service.signalCode, 'SIGTERM');
  });

  test('kills a process that also ignores SIGTERM', async () => {
    const service = startStub(`
      process.on('SIGTERM', () => {});
      setInterval(() => {}, 1000);
      process.stderr.write('ready\\n');
    `);
    await untilStderr(service, 'ready');
    assert.equal(await service.close({ timeout: 200 }), null);
    assert.equal(service.signalCode, 'SIGKILL');
  });

  test('Symbol.asyncDispose closes the process', async () => {
    const service = startService();
    assert.equal(typeof service[Symbol.asyncDispose], 'function');
    await service[Symbol.asyncDispose]();
    assert.equal(service.exitCode, 0);
  });
});

describe('notifications, stdout and stderr', () => {
  test('notify() sends a line that gets no answer', async () => {
    const service = startService();
    try {
      service.notify('$/cancelRequest', { id: 12345 });
      service.notify('mask.apply', { value: '1', mask: '{{9}}' });
      assert.deepEqual(await service.maskRemove({ value: '1', mask: '{{9}}' }), { value: '1' });
      assert.deepEqual(service.unmatched, []);
      assert.deepEqual(service.stats, { requests: 1, notifications: 2, drainWaits: 0 });
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a line on stdout that is not a response is recorded, not fatal', async () => {
    const service = startStub(`
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const request = JSON.parse(line);
        process.stdout.write('this is not json\\n');
        process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error', data: { reason: 'PARSE_ERROR' } } }) + '\\n');
        process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { ok: 1 } }) + '\\n');
      });
    `);
    try {
      const violations = [];
      service.on('protocolError', (error) => violations.push(error));
      assert.deepEqual(await service.call('x.y'), { ok: 1 });
      assert.equal(violations.length, 1);
      assert.ok(violations[0] instanceof ProtocolViolation);
      assert.equal(violations[0].line, 'this is not json');
      assert.deepEqual(service.protocolErrors, violations);
      assert.equal(service.unmatched.length, 1);
      assert.equal(service.unmatched[0].error.data.reason, 'PARSE_ERROR');
    } finally {
      await service.close();
    }
  });

  test("the service's stderr is drained into the stderr buffer", async () => {
    const service = startService(['--log-level', 'debug']);
    try {
      await service.serviceInfo();
      await untilStderr(service, 'method=service.info');
      assert.match(service.stderr, /serving/);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('the stderr buffer keeps only the most recent stderrLimit characters', async () => {
    const service = startStub(`
      process.stderr.write('a'.repeat(100000) + 'END\\n');
      process.stdin.resume();
    `, { stderrLimit: 100 });
    try {
      await untilStderr(service, 'END');
      assert.equal(service.stderr.length, 100);
      assert.ok(service.stderr.endsWith('aaaEND\n'));
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a request with a value JSON cannot carry is refused before it is sent', async () => {
    const service = startService();
    try {
      await assert.rejects(service.call('mask.apply', { value: 1n }), TypeError);
      assert.equal(service.pendingCount, 0);
      assert.equal(service.stats.requests, 0);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });
});

describe('locating the binary', () => {
  test('the bin option, then $CHECKOUTD_BIN, then PATH, then the checkout', async (t) => {
    const saved = { CHECKOUTD_BIN: process.env.CHECKOUTD_BIN, PATH: process.env.PATH };
    const directory = mkdtempSync(path.join(tmpdir(), 'checkoutd-node-'));
    t.after(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(directory, { recursive: true, force: true });
    });
    const real = binaryPath();
    const linked = path.join(directory, 'checkoutd');
    symlinkSync(real, linked);

    assert.equal(findBinary(real), path.resolve(real));
    process.env.CHECKOUTD_BIN = real;
    assert.equal(findBinary(), path.resolve(real));
    assert.equal(findBinary(linked), linked, 'the option wins over the environment');

    delete process.env.CHECKOUTD_BIN;
    process.env.PATH = directory;
    assert.equal(findBinary(), linked);
    assert.equal(findBinary('checkoutd'), linked, 'a bare name is looked up on PATH');

    process.env.PATH = '';
    let expected = null; // .build/{release,debug}/checkoutd in the nearest directory above the module
    for (let dir = CLIENT_DIR; expected === null; dir = path.dirname(dir)) {
      for (const configuration of ['release', 'debug']) {
        const candidate = path.join(dir, '.build', configuration, 'checkoutd');
        if (expected === null && existsSync(candidate)) expected = candidate;
      }
      if (path.dirname(dir) === dir) break;
    }
    if (expected === null) assert.throws(() => findBinary(), BinaryNotFound);
    else assert.equal(findBinary(), expected);
  });

  test('the binary the package carries comes after $CHECKOUTD_BIN and before PATH', async (t) => {
    // A copy of the module with bin/checkoutd beside it, as the npm package has it.
    const saved = { CHECKOUTD_BIN: process.env.CHECKOUTD_BIN, PATH: process.env.PATH };
    const directory = mkdtempSync(path.join(tmpdir(), 'checkoutd-node-'));
    t.after(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(directory, { recursive: true, force: true });
    });
    const copy = path.join(directory, 'package');
    mkdirSync(path.join(copy, 'bin'), { recursive: true });
    for (const file of ['index.js', 'methods.js', 'schemas.js', 'package.json']) {
      copyFileSync(path.join(CLIENT_DIR, file), path.join(copy, file));
    }
    const onPath = path.join(directory, 'checkoutd');
    symlinkSync(binaryPath(), onPath);
    delete process.env.CHECKOUTD_BIN;
    process.env.PATH = directory;
    const copied = await import(pathToFileURL(path.join(copy, 'index.js')).href);
    assert.equal(copied.packagedBinary(), null);
    assert.equal(copied.findBinary(), onPath);
    const packaged = path.join(copy, 'bin', 'checkoutd');
    copyFileSync(binaryPath(), packaged);
    chmodSync(packaged, 0o755);
    assert.equal(copied.packagedBinary(), packaged);
    assert.equal(copied.findBinary(), packaged);
    const service = new copied.Checkoutd({ args: ['--version'] });
    assert.equal(service.bin, packaged);
    assert.equal(await service.wait(), 0);
    process.env.CHECKOUTD_BIN = onPath;
    assert.equal(copied.findBinary(), onPath);
  });

  test('a missing or non-executable binary is BinaryNotFound, thrown by the constructor', async (t) => {
    const directory = mkdtempSync(path.join(tmpdir(), 'checkoutd-node-'));
    t.after(() => rmSync(directory, { recursive: true, force: true }));
    const plain = path.join(directory, 'not-executable');
    writeFileSync(plain, '');
    chmodSync(plain, 0o644);
    assert.throws(() => new Checkoutd({ bin: path.join(directory, 'absent') }), BinaryNotFound);
    assert.throws(() => findBinary(plain), /not executable/);
    assert.throws(() => findBinary(directory), /not a file/);
  });

  test('wrapperName: the dot removed and the next letter upper-cased', () => {
    assert.equal(wrapperName('session.init'), 'sessionInit');
    assert.equal(wrapperName('threeDS.authenticate'), 'threeDSAuthenticate');
    assert.equal(wrapperName('rpc.discover'), 'rpcDiscover');
    assert.equal(wrapperName('paymentRequest.encrypt'), 'paymentRequestEncrypt');
  });
});
