// One timed run of a Node host calling checkoutd's card.validate, printed as JSON.
//
//   node bench/clients.mjs CASE --binary PATH --count N [--warmup N] [--client DIR] [--window 64] [--batch 1000]
//
// CASE is one of:
//   raw-pipelined     the reference: a plain loop over the pipes (JSON.stringify
//                     each request, one write per batch of them, JSON.parse each
//                     response line), keeping --window requests in flight
//   client-pipelined  Checkoutd, --window async workers each awaiting cardValidate()
//   client-batch      Checkoutd.callBatch() with --batch calls per batch, --in-flight batches at a time
//
// Every case starts checkoutd itself, answers one untimed call first, makes
// --warmup calls (default: a tenth of --count) the way it times them, untimed,
// so that V8 has compiled the hot paths and both heaps have grown to their
// working size, then times --count calls and checks each outcome is a result.
// --client names the folder holding the client's index.js (default: this
// checkout's clients/node).

import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLOCK = '2026-11-21T10:00:00Z';
const PARAMS = { pan: '4111 1111 1111 1111', expiryDate: '12/30', cvc: '123' };
const METHOD = 'card.validate';

function options(argv) {
  const [kase, ...rest] = argv;
  const parsed = {
    case: kase, window: 64, batch: 1000, inFlight: 1, warmup: null, client: path.join(ROOT, 'clients/node'), privateKey: null,
  };
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i].replace(/^--/, '').replace(/-(.)/g, (_, c) => c.toUpperCase());
    const value = rest[i + 1];
    parsed[name] = ['count', 'window', 'batch', 'inFlight', 'warmup'].includes(name) ? Number(value) : value;
  }
  return parsed;
}

function checked(response) {
  if (!('result' in response)) throw new Error(`an error response: ${JSON.stringify(response)}`);
}

function request(id) {
  return `${JSON.stringify({ jsonrpc: '2.0', id, method: METHOD, params: PARAMS })}\n`;
}

function rawPipelined({ binary, args, count, window, warmup }) {
  const total = warmup + count;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let sent = 0;
    let received = -1; // the first, untimed answer
    let rest = '';
    let started = performance.now();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      let more = '';
      for (const line of lines) {
        checked(JSON.parse(line));
        received += 1;
        if (received === warmup) started = performance.now();
        if (received === 0) {
          sent = Math.min(window, total);
          for (let i = 1; i <= sent; i += 1) more += request(i);
        } else if (sent < total) {
          sent += 1;
          more += request(sent);
        }
      }
      if (more) child.stdin.write(more);
      if (received === total) {
        const elapsed = (performance.now() - started) / 1000;
        child.stdin.end();
        child.on('close', () => resolve(elapsed));
      }
    });
    child.on('error', reject);
    child.stdin.write(request(0));
  });
}

async function clientPipelined({ binary, args, count, window, warmup, client }) {
  const { Checkoutd } = await import(pathToFileURL(path.join(client, 'index.js')).href);
  const service = new Checkoutd({ bin: binary, args });
  await service.cardValidate(PARAMS);
  let remaining;
  async function worker() {
    while (remaining > 0) {
      remaining -= 1;
      await service.cardValidate(PARAMS);
    }
  }
  remaining = warmup;
  await Promise.all(Array.from({ length: window }, worker));
  remaining = count;
  const started = performance.now();
  await Promise.all(Array.from({ length: window }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await service.close();
  return elapsed;
}

async function clientBatch({ binary, args, count, batch, inFlight, warmup, client }) {
  const { Checkoutd } = await import(pathToFileURL(path.join(client, 'index.js')).href);
  const service = new Checkoutd({ bin: binary, args });
  await service.cardValidate(PARAMS);
  const calls = Array.from({ length: batch }, () => ({ method: METHOD, params: PARAMS }));
  let remaining;
  async function worker() {
    while (remaining > 0) {
      const size = Math.min(batch, remaining);
      remaining -= size;
      for (const outcome of await service.callBatch(size === batch ? calls : calls.slice(0, size))) {
        if (outcome instanceof Error) throw outcome;
      }
    }
  }
  remaining = warmup;
  await Promise.all(Array.from({ length: inFlight }, worker));
  remaining = count;
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await service.close();
  return elapsed;
}

const CASES = { 'raw-pipelined': rawPipelined, 'client-pipelined': clientPipelined, 'client-batch': clientBatch };

const parsed = options(process.argv.slice(2));
if (!CASES[parsed.case] || !parsed.binary || !parsed.count) {
  console.error(`usage: node bench/clients.mjs ${Object.keys(CASES).join('|')} --binary PATH --count N`);
  process.exit(2);
}
if (parsed.warmup === null) parsed.warmup = Math.floor(parsed.count / 10);
parsed.args = ['--clock', CLOCK, ...(parsed.privateKey ? ['--private-key', parsed.privateKey] : [])];
const seconds = await CASES[parsed.case](parsed);
console.log(JSON.stringify({ case: parsed.case, calls: parsed.count, warmup: parsed.warmup, seconds, callsPerSecond: parsed.count / seconds }));
