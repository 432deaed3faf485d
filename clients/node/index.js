// A client that runs checkoutd as a child process and speaks line-delimited
// JSON-RPC 2.0 with it over its stdin/stdout (API.md section 1).
//
// Requests go out through one write queue that respects backpressure (a line
// is handed to stdin only while stdin.write() returns true; otherwise the
// queue waits for 'drain'); stdin is corked while a burst of calls is made and
// uncorked on the next tick, so the lines of one burst leave in one write.
// stdout is read in the chunks the pipe delivers: each chunk's complete lines
// are parsed and every response goes to the Promise waiting for its id, so any
// number of calls are pipelined over the same process and may be answered in
// any order. stderr (the service's logs) is drained into a bounded buffer.
// Only Node built-ins are used.

import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { MethodWrappers } from './methods.js';

export * as schemas from './schemas.js';

export const ENV_VAR = 'CHECKOUTD_BIN';

const STDERR_TAIL = 4096; // characters of stderr carried by ProcessExited
const MAX_TIMER_MS = 2 ** 31 - 1; // setTimeout's limit; longer timeouts mean "none"
const KEEP_UNMATCHED = 100;
const NEWLINE = 0x0a;
const TAB = 0x09;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
/** The most calls callBatch() sends in one batch line (the service's batch limit). */
export const MAX_BATCH = 1000;

// ---------------------------------------------------------------------------
// Errors

/**
 * A JSON-RPC error object returned by the service. The concrete class is
 * chosen from `error.data.reason` (see REASON_CLASSES); a reason this client
 * does not know maps to this base class, which still carries everything.
 * `message` is the JSON-RPC `error.message` exactly as sent.
 */
export class CheckoutdError extends Error {
  /** The `data.reason` this class stands for (`null` on the base class). */
  static REASON = null;

  constructor(code, message, data) {
    super(typeof message === 'string' ? message : '');
    /** The JSON-RPC error code (an integer, e.g. -32602 or 1001). */
    this.code = Number.isInteger(code) ? code : -32603;
    /** `error.data` (always an object). */
    this.data = isObject(data) ? data : {};
    /** `error.data.reason`, or `null`. */
    this.reason = typeof this.data.reason === 'string' ? this.data.reason : null;
  }

  /** The error object as it came over the wire. */
  get error() {
    const error = { code: this.code, message: this.message };
    if (Object.keys(this.data).length > 0) error.data = this.data;
    return error;
  }

  /** Builds the error matching a JSON-RPC `error` member. */
  static fromError(error) {
    if (!isObject(error)) {
      return new CheckoutdError(-32603, `malformed error object: ${safeJSON(error)}`, {});
    }
    const data = isObject(error.data) ? error.data : {};
    const reason = typeof data.reason === 'string' ? data.reason : undefined;
    const Class = (reason !== undefined && Object.hasOwn(REASON_CLASSES, reason))
      ? REASON_CLASSES[reason] : CheckoutdError;
    return new Class(error.code, error.message, data);
  }
}

function errorList(data) {
  return Array.isArray(data.errors) ? data.errors : [];
}

// Protocol errors (-32700 … -32800).

/** -32700: the line was not valid JSON (`data.offset`, `data.detail`). */
export class ParseError extends CheckoutdError {
  static REASON = 'PARSE_ERROR';
}

/** -32700: the line was not valid UTF-8. */
export class InvalidUTF8 extends ParseError {
  static REASON = 'INVALID_UTF8';
}

/** -32600: not a valid JSON-RPC 2.0 request; `errors` lists why (`[{path, message}]`). */
export class InvalidRequest extends CheckoutdError {
  static REASON = 'INVALID_REQUEST';

  constructor(code, message, data) {
    super(code, message, data);
    this.errors = errorList(this.data);
  }
}

/** -32600: the line exceeded `--max-line-bytes` (`data.maxLineBytes`). */
export class LineTooLong extends InvalidRequest {
  static REASON = 'LINE_TOO_LONG';
}

/** -32600: the batch had more entries than allowed. */
export class BatchTooLarge extends InvalidRequest {
  static REASON = 'BATCH_TOO_LARGE';
}

/** -32601: no such method (`method`). */
export class MethodNotFound extends CheckoutdError {
  static REASON = 'METHOD_NOT_FOUND';

  constructor(code, message, data) {
    super(code, message, data);
    this.method = typeof this.data.method === 'string' ? this.data.method : null;
  }
}

/** -32602: the params did not fit the method; `errors` = `[{path, message}]` (JSON Pointers). */
export class InvalidParams extends CheckoutdError {
  static REASON = 'INVALID_PARAMS';

  constructor(code, message, data) {
    super(code, message, data);
    this.errors = errorList(this.data);
  }
}

/** -32603: a bug in the service. */
export class InternalError extends CheckoutdError {
  static REASON = 'INTERNAL_ERROR';
}

/** -32800: the request was cancelled with `$/cancelRequest`. */
export class RequestCancelled extends CheckoutdError {
  static REASON = 'REQUEST_CANCELLED';
}

// Domain errors (1000 and up).

/** 1001: no session with that `clientSessionId`. */
export class SessionNotFound extends CheckoutdError {
  static REASON = 'SESSION_NOT_FOUND';
}

/** 1002: the session's life is over. */
export class SessionExpired extends CheckoutdError {
  static REASON = 'SESSION_EXPIRED';
}

/** 1101: no such payment product in the catalog. */
export class UnknownProduct extends CheckoutdError {
  static REASON = 'UNKNOWN_PRODUCT';
}

/** 1102: the product exists but not for this session's context. */
export class ProductNotAvailable extends CheckoutdError {
  static REASON = 'PRODUCT_NOT_AVAILABLE';
}

/** 1103: no such account on file in this session. */
export class UnknownAccountOnFile extends CheckoutdError {
  static REASON = 'UNKNOWN_ACCOUNT_ON_FILE';
}

/** 1201: well-formed but invalid input; `errors` is the list of ValidationErrors. */
export class ValidationFailed extends CheckoutdError {
  static REASON = 'VALIDATION_FAILED';

  constructor(code, message, data) {
    super(code, message, data);
    this.errors = errorList(this.data);
  }
}

/** 1301: no such token for this customer. */
export class TokenNotFound extends CheckoutdError {
  static REASON = 'TOKEN_NOT_FOUND';
}

/** 1401: 3-D Secure is switched off for the session. */
export class ThreeDSDisabled extends CheckoutdError {
  static REASON = 'THREE_DS_DISABLED';
}

/** 1402: unknown, expired or already completed challenge. */
export class ChallengeNotFound extends CheckoutdError {
  static REASON = 'CHALLENGE_NOT_FOUND';
}

/** 1501: a currency code not in the rates table. */
export class UnknownCurrency extends CheckoutdError {
  static REASON = 'UNKNOWN_CURRENCY';
}

/** 1502: the payload could not be encrypted. */
export class EncryptionFailed extends CheckoutdError {
  static REASON = 'ENCRYPTION_FAILED';
}

/** 1004: the session was opened with `allowCurrencyChange: false`. */
export class CurrencyChangeNotAllowed extends CheckoutdError {
  static REASON = 'CURRENCY_CHANGE_NOT_ALLOWED';
}

/** 1104: no such payment product group is offered in this session. */
export class UnknownProductGroup extends CheckoutdError {
  static REASON = 'UNKNOWN_PRODUCT_GROUP';
}

/** 1601: the `--data` store cannot be reached now; nothing was changed, so the call may be retried. */
export class StoreUnavailable extends CheckoutdError {
  static REASON = 'STORE_UNAVAILABLE';
}

/** 1003: the session ended with its captured payment (`endOnPayment`). */
export class SessionCompleted extends CheckoutdError {
  static REASON = 'SESSION_COMPLETED';
}

/** 1302: unknown, expired or already used card or CVC access session. */
export class AccessSessionNotFound extends CheckoutdError {
  static REASON = 'ACCESS_SESSION_NOT_FOUND';
}

/** 1701: no such payment. */
export class PaymentNotFound extends CheckoutdError {
  static REASON = 'PAYMENT_NOT_FOUND';
}

/** 1702: `encryptedCustomerInput` is not a JWE this platform's key opens, or names another session. */
export class DecryptionFailed extends CheckoutdError {
  static REASON = 'DECRYPTION_FAILED';
}

/** 1703: this `encryptedCustomerInput` (its nonce) was already used for a payment. */
export class ReplayedRequest extends CheckoutdError {
  static REASON = 'REPLAYED_REQUEST';
}

/** 1704: `payments.complete` on a payment that is not waiting for the customer. */
export class PaymentNotCompletable extends CheckoutdError {
  static REASON = 'PAYMENT_NOT_COMPLETABLE';
}

const RPC_ERROR_CLASSES = [
  ParseError, InvalidUTF8, InvalidRequest, LineTooLong, BatchTooLarge, MethodNotFound,
  InvalidParams, InternalError, RequestCancelled, SessionNotFound, SessionExpired,
  UnknownProduct, ProductNotAvailable, UnknownAccountOnFile, ValidationFailed, TokenNotFound,
  ThreeDSDisabled, ChallengeNotFound, UnknownCurrency, EncryptionFailed, StoreUnavailable,
  CurrencyChangeNotAllowed, UnknownProductGroup, SessionCompleted, AccessSessionNotFound, PaymentNotFound,
  DecryptionFailed, ReplayedRequest, PaymentNotCompletable,
];

/** `data.reason` → error class. */
export const REASON_CLASSES = Object.freeze(
  Object.fromEntries(RPC_ERROR_CLASSES.map((Class) => [Class.REASON, Class])));

// Transport failures: not JSON-RPC errors.

/** The conversation with the process failed; no JSON-RPC error was received. */
export class TransportError extends Error {}

/**
 * The checkoutd process is gone (or was never started) before answering.
 * `exitCode` is its exit code (`null` when a signal ended it, named by
 * `signal`, or when it is not known yet); `stderr` is the tail of its stderr.
 */
export class ProcessExited extends TransportError {
  constructor(message, { exitCode = null, signal = null, stderr = '', method, id, cause } = {}) {
    let detail = message;
    if (exitCode !== null) detail += ` (exit code ${exitCode})`;
    else if (signal) detail += ` (killed by ${signal})`;
    const tail = stderr.length > STDERR_TAIL ? stderr.slice(-STDERR_TAIL) : stderr;
    if (tail.trim()) detail += `; last stderr:\n${tail.trimEnd()}`;
    super(detail, cause === undefined ? undefined : { cause });
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderr = tail;
    /** The method and id of the call this error ended (absent for other uses). */
    if (method !== undefined) this.method = method;
    if (id !== undefined) this.id = id;
  }
}

/** No response arrived within the timeout; the request was cancelled with `$/cancelRequest`. */
export class CallTimeout extends TransportError {
  constructor(method, id, timeout) {
    super(`${method} (id ${id}) got no response within ${timeout} ms`);
    this.method = method;
    this.id = id;
    /** The timeout, in milliseconds. */
    this.timeout = timeout;
  }
}

/**
 * The call's AbortSignal fired before the response arrived; the request was
 * cancelled with `$/cancelRequest` if it had been sent. `cause` is the
 * signal's reason; `id` is `null` when the signal had fired before the call.
 */
export class CallAborted extends TransportError {
  constructor(method, id, reason) {
    super(`${method}${id === null ? '' : ` (id ${id})`} was aborted`, { cause: reason });
    this.method = method;
    this.id = id;
  }
}

/** The process wrote something on stdout that is not a JSON-RPC response. */
export class ProtocolViolation extends TransportError {
  constructor(message, line) {
    super(message);
    this.line = line;
  }
}

/** No checkoutd executable could be located. */
export class BinaryNotFound extends TransportError {}

for (const Class of [CheckoutdError, ...RPC_ERROR_CLASSES, TransportError, ProcessExited,
  CallTimeout, CallAborted, ProtocolViolation, BinaryNotFound]) {
  Object.defineProperty(Class.prototype, 'name', {
    value: Class.name, writable: true, enumerable: false, configurable: true,
  });
}

// ---------------------------------------------------------------------------
// Finding the binary

const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));

function isExecutableFile(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!directory) continue;
    const candidate = path.join(directory, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

function inCheckout(start) {
  let directory = start;
  for (;;) {
    for (const configuration of ['release', 'debug']) {
      const candidate = path.join(directory, '.build', configuration, 'checkoutd');
      if (isExecutableFile(candidate)) return candidate;
    }
    const parent = path.dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}

function checked(file, origin) {
  if (!file.includes('/') && !file.includes(path.sep)) {
    const found = onPath(file);
    if (found) return found;
  }
  const resolved = path.resolve(file);
  let stats;
  try {
    stats = statSync(resolved);
  } catch {
    throw new BinaryNotFound(`checkoutd not found at ${JSON.stringify(file)} (from ${origin})`);
  }
  if (!stats.isFile()) {
    throw new BinaryNotFound(`${JSON.stringify(file)} (from ${origin}) is not a file`);
  }
  try {
    accessSync(resolved, fsConstants.X_OK);
  } catch {
    throw new BinaryNotFound(`${JSON.stringify(file)} (from ${origin}) is not executable`);
  }
  return resolved;
}

/**
 * The checkoutd this package carries (`bin/checkoutd` beside this module, in
 * the package `scripts/package` builds), or null in a package without one.
 */
export function packagedBinary() {
  const candidate = path.join(MODULE_DIR, 'bin', 'checkoutd');
  return isExecutableFile(candidate) ? candidate : null;
}

/**
 * The path of the checkoutd executable to run: `bin` when given; else
 * `$CHECKOUTD_BIN`; else the binary this package carries; else `checkoutd` on
 * `PATH`; else `.build/release/checkoutd` then `.build/debug/checkoutd` in the
 * nearest directory above this module that has one (a source checkout).
 * Throws BinaryNotFound.
 */
export function findBinary(bin) {
  if (bin instanceof URL) bin = fileURLToPath(bin);
  if (bin !== undefined && bin !== null && bin !== '') return checked(String(bin), 'the bin option');
  const fromEnv = process.env[ENV_VAR];
  if (fromEnv) return checked(fromEnv, `$${ENV_VAR}`);
  const found = packagedBinary() ?? onPath('checkoutd') ?? inCheckout(MODULE_DIR);
  if (found) return found;
  throw new BinaryNotFound(
    `checkoutd not found: pass { bin }, set $${ENV_VAR}, put checkoutd on PATH, `
    + 'or run `swift build` in the repository');
}

/**
 * The naming rule of the typed wrappers: the method name with each dot removed
 * and the letter after it upper-cased (`session.init` → `sessionInit`,
 * `threeDS.authenticate` → `threeDSAuthenticate`, `rpc.discover` → `rpcDiscover`).
 */
export function wrapperName(method) {
  return method.replace(/\.(.)/g, (_, letter) => letter.toUpperCase());
}

// ---------------------------------------------------------------------------
// The client

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeJSON(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function checkTimeout(timeout, what) {
  if (timeout === undefined || timeout === null) return null;
  if (typeof timeout !== 'number' || Number.isNaN(timeout) || timeout < 0) {
    throw new TypeError(`${what} must be a number of milliseconds >= 0, null or Infinity`);
  }
  return timeout > MAX_TIMER_MS ? null : timeout;
}

/**
 * The write queue: a FIFO with O(1) push and shift, plus pushFront for lines
 * that go ahead of it (LIFO among themselves: only cancel notifications,
 * whose relative order does not matter).
 */
class Queue {
  #items = [];
  #head = 0;
  #front = [];

  get length() {
    return this.#items.length - this.#head + this.#front.length;
  }

  push(item) {
    this.#items.push(item);
  }

  pushFront(item) {
    this.#front.push(item);
  }

  shift() {
    if (this.#front.length > 0) return this.#front.pop();
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head] = undefined;
    this.#head += 1;
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  drain() {
    const items = [...this.#front.reverse(), ...this.#items.slice(this.#head)];
    this.#items = [];
    this.#front = [];
    this.#head = 0;
    return items;
  }
}

/**
 * A running checkoutd process speaking JSON-RPC 2.0 over its stdio.
 *
 * Events: `'response'` (response, method | null) for every response received;
 * `'unmatched'` (response) for a response no call is waiting for (e.g. an
 * error with `id: null`); `'protocolError'` (ProtocolViolation) for a line on
 * stdout that is not a response; `'stderr'` (text) for every chunk of stderr;
 * `'exit'` (exitCode, signal) once the process is gone.
 */
export class Checkoutd extends EventEmitter {
  #child;
  #timeout;
  #closeTimeout;
  #stderrLimit;
  #stderrText = '';
  #nextId = 1;
  #pending = new Map();
  #abandoned = new Set();
  #queue = new Queue();
  #waitingForDrain = false;
  #stdinFailed = false;
  #stdinEnded = false;
  #closing = false;
  #closePromise = null;
  #spawnError = null;
  #exited = false;
  #exitCode = null;
  #signalCode = null;
  #exitPromise;
  #resolveExit;
  #stats = { requests: 0, notifications: 0, drainWaits: 0 };
  #corked = false;
  #partial = []; // pieces of an unfinished stdout line not decoded yet
  #continued = false; // that line's start and some of its parts were decoded already
  #whole = false; // that line's parts are not to be decoded: it waits to be whole

  /**
   * @param {object} [options]
   * @param {string|URL} [options.bin] the executable (else $CHECKOUTD_BIN, PATH, the checkout's .build)
   * @param {string[]} [options.args] command-line arguments, e.g. ['--clock', '2026-11-21T10:00:00Z']
   * @param {number|null} [options.timeout] default per-call timeout in ms (null: none, the default)
   * @param {number} [options.closeTimeout] ms close() waits at each step (default 5000)
   * @param {number} [options.stderrLimit] characters of stderr kept (default 1 MiB)
   * @param {object} [options.env] variables added to process.env for the child
   * @param {string} [options.cwd] the child's working directory
   */
  constructor(options = {}) {
    super();
    const {
      bin, args = [], timeout = null, closeTimeout = 5000, stderrLimit = 1 << 20, env, cwd,
    } = options ?? {};
    this.#timeout = checkTimeout(timeout, 'timeout');
    this.#closeTimeout = checkTimeout(closeTimeout, 'closeTimeout') ?? MAX_TIMER_MS;
    if (!Number.isInteger(stderrLimit) || stderrLimit < 0) {
      throw new TypeError('stderrLimit must be an integer >= 0');
    }
    this.#stderrLimit = stderrLimit;
    /** The executable that runs. */
    this.bin = findBinary(bin);
    /** Its arguments. */
    this.args = Array.from(args, String);
    /** Responses that matched no call (the most recent 100). */
    this.unmatched = [];
    /** Lines on stdout that were not JSON-RPC responses (the most recent 100; should stay empty). */
    this.protocolErrors = [];

    this.#exitPromise = new Promise((resolve) => { this.#resolveExit = resolve; });
    const child = spawn(this.bin, this.args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: env ? { ...process.env, ...env } : process.env,
      cwd,
      windowsHide: true,
    });
    this.#child = child;

    child.on('error', (error) => {
      if (child.pid === undefined) {
        // The process never started; 'close' may or may not follow.
        this.#spawnError = error;
        this.#finish(null, null);
      }
      // Otherwise (a failed kill), the process's own events tell the story.
    });
    child.on('close', (code, signal) => this.#finish(code, signal));

    child.stdin.on('error', () => {
      // EPIPE and friends: the process stopped reading. Requests it did read
      // will still be answered; everything else fails with ProcessExited
      // when the process is gone ('close').
      this.#stdinFailed = true;
    });

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => this.#appendStderr(text));
    child.stderr.on('error', () => {});

    child.stdout.on('error', () => {});
    child.stdout.on('data', (chunk) => this.#onData(chunk));
    child.stdout.on('end', () => {
      if (this.#partial.length > 0) this.#onLine(this.#takePartial());
    });
  }

  // -- state -------------------------------------------------------------

  /** The process id (undefined if it could not be started). */
  get pid() {
    return this.#child.pid;
  }

  /** The exit code once the process is gone (null before, or when a signal ended it). */
  get exitCode() {
    return this.#exitCode;
  }

  /** The signal that ended the process, or null. */
  get signalCode() {
    return this.#signalCode;
  }

  /** True while the process runs and close() has not been called. */
  get alive() {
    return !this.#exited && !this.#closing;
  }

  /** Calls waiting for their response. */
  get pendingCount() {
    return this.#pending.size;
  }

  /** Counters: requests and notifications written, and how often writing waited for 'drain'. */
  get stats() {
    return { ...this.#stats };
  }

  /** The most recent stderr output of the process (at most `stderrLimit` characters). */
  get stderr() {
    const text = this.#stderrText;
    return text.length > this.#stderrLimit ? text.slice(text.length - this.#stderrLimit) : text;
  }

  /** Resolves with the exit code once the process is gone (whoever ended it). */
  wait() {
    return this.#exitPromise.then(() => this.#exitCode);
  }

  // -- calls -------------------------------------------------------------

  /**
   * Sends a request and resolves with its `result`. Rejects with the
   * CheckoutdError subclass matching `error.data.reason`, CallTimeout after
   * `timeout` ms, CallAborted when `signal` fires (both send `$/cancelRequest`
   * for a request already written), or ProcessExited.
   */
  call(method, params, options) {
    return new Promise((resolve, reject) => {
      const { timeout: callTimeout, signal } = options ?? {};
      let timeout;
      let line;
      try {
        if (typeof method !== 'string') throw new TypeError('method must be a string');
        timeout = callTimeout === undefined ? this.#timeout : checkTimeout(callTimeout, 'timeout');
        const unusable = this.#unusable(method);
        if (unusable) {
          reject(unusable);
          return;
        }
        if (signal?.aborted) {
          reject(new CallAborted(method, null, signal.reason));
          return;
        }
        const id = this.#nextId;
        const message = params === undefined
          ? { jsonrpc: '2.0', id, method }
          : { jsonrpc: '2.0', id, method, params };
        line = `${JSON.stringify(message)}\n`;
      } catch (error) {
        reject(error);
        return;
      }
      const id = this.#nextId++;
      const entry = {
        id,
        method,
        resolve,
        reject,
        bytes: Buffer.byteLength(line) - 1, // to match a LINE_TOO_LONG error (id null) to it
        timer: null,
        signal,
        onAbort: null,
        written: false,
        settled: false,
      };
      this.#pending.set(id, entry);
      if (timeout !== null) {
        entry.timer = setTimeout(() => this.#abandon(entry, new CallTimeout(method, id, timeout)), timeout);
      }
      if (signal) {
        entry.onAbort = () => this.#abandon(entry, new CallAborted(method, id, signal.reason));
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.#queue.push({ line, entry });
      this.#pump();
    });
  }

  /**
   * Sends up to 1000 calls as one JSON-RPC batch line and resolves with their
   * outcomes in order: each call's `result`, or the CheckoutdError of its error
   * in its place (one failing call does not reject the others), or `undefined`
   * for a notification. A call is `{method, params}`, or `{method, params,
   * notification: true}` for a notification (sent in the batch, never
   * answered). Rejects with a RangeError over 1000 calls (nothing is sent), a
   * TypeError for a malformed call, CallTimeout after `timeout` ms or
   * CallAborted when `signal` fires (the calls not answered yet are then
   * cancelled), a CheckoutdError when the service refuses the whole line
   * (LineTooLong), or ProcessExited. An empty list resolves with `[]`.
   */
  callBatch(calls, options) {
    return new Promise((resolve, reject) => {
      const { timeout: callTimeout, signal } = options ?? {};
      let timeout;
      let line;
      const ids = [];
      try {
        if (!Array.isArray(calls)) throw new TypeError('callBatch takes an array of {method, params}');
        if (calls.length > MAX_BATCH) {
          throw new RangeError(`a batch holds at most ${MAX_BATCH} calls (the service's limit); this one has `
            + `${calls.length}: send them as several batches`);
        }
        calls.forEach((call, index) => {
          if (!isObject(call) || typeof call.method !== 'string') {
            throw new TypeError(`call ${index} of the batch is not {method, params}`);
          }
          if (call.params !== undefined && call.params !== null && !isObject(call.params)) {
            throw new TypeError(`call ${index} of the batch: params must be an object`);
          }
        });
        timeout = callTimeout === undefined ? this.#timeout : checkTimeout(callTimeout, 'timeout');
        if (calls.length === 0) {
          resolve([]);
          return;
        }
        const unusable = this.#unusable('batch');
        if (unusable) {
          reject(unusable);
          return;
        }
        if (signal?.aborted) {
          reject(new CallAborted('batch', null, signal.reason));
          return;
        }
        let next = this.#nextId;
        const messages = calls.map((call) => {
          const message = { jsonrpc: '2.0' };
          if (!call.notification) {
            message.id = next;
            ids.push(next);
            next += 1;
          }
          message.method = call.method;
          if (call.params !== undefined && call.params !== null) message.params = call.params;
          return message;
        });
        line = `${JSON.stringify(messages)}\n`;
      } catch (error) {
        reject(error);
        return;
      }
      this.#nextId += ids.length;
      const batch = {
        id: ids,
        method: 'batch',
        resolve,
        reject,
        bytes: Buffer.byteLength(line) - 1,
        timer: null,
        signal,
        onAbort: null,
        written: false,
        settled: false,
        outcomes: new Array(calls.length).fill(undefined),
        missing: ids.length,
        requests: ids.length,
        notifications: calls.length - ids.length,
        // A call's place is its id less the first id, or, with notifications among the calls, looked up.
        firstId: ids[0],
        places: null,
        methods: calls.map((call) => call.method),
      };
      if (batch.notifications > 0 && ids.length > 0) {
        batch.places = [];
        calls.forEach((call, index) => { if (!call.notification) batch.places.push(index); });
      }
      // Every request of the batch is waited for under its id, by the batch itself.
      for (const id of ids) this.#pending.set(id, batch);
      if (ids.length === 0) {
        batch.settled = true; // nothing comes back
        this.#queue.push({ line, entry: batch });
        this.#pump();
        resolve(batch.outcomes);
        return;
      }
      if (timeout !== null) {
        batch.timer = setTimeout(() => this.#abandon(batch, new CallTimeout('batch', ids, timeout)), timeout);
      }
      if (signal) {
        batch.onAbort = () => this.#abandon(batch, new CallAborted('batch', ids, signal.reason));
        signal.addEventListener('abort', batch.onAbort, { once: true });
      }
      this.#queue.push({ line, entry: batch });
      this.#pump();
    });
  }

  /**
   * Sends a notification (no id, never answered). Throws ProcessExited when
   * the process is gone or close() was called.
   */
  notify(method, params) {
    if (typeof method !== 'string') throw new TypeError('method must be a string');
    const unusable = this.#unusable(method);
    if (unusable) throw unusable;
    const message = params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
    this.#queue.push({ line: `${JSON.stringify(message)}\n`, entry: null });
    this.#pump();
  }

  /**
   * Ends the process: close stdin once every queued line is written (the
   * service answers what it read and exits 0), wait up to `timeout` ms, then
   * SIGTERM, wait again, then SIGKILL. Resolves with the exit code (null when
   * a signal ended the process; see signalCode). Idempotent: every call
   * returns the same Promise.
   */
  close(options) {
    if (this.#closePromise === null) {
      const timeout = options?.timeout === undefined
        ? this.#closeTimeout
        : (checkTimeout(options.timeout, 'timeout') ?? MAX_TIMER_MS);
      this.#closing = true;
      this.#closePromise = this.#shutDown(timeout);
    }
    return this.#closePromise;
  }

  async #shutDown(timeout) {
    if (!this.#exited) {
      this.#pump(); // ends stdin when the queue is empty
      if (!(await this.#exitWithin(timeout))) {
        this.#child.kill('SIGTERM');
        if (!(await this.#exitWithin(timeout))) {
          this.#child.kill('SIGKILL');
          if (!(await this.#exitWithin(timeout))) {
            // Killed, but something still holds its stdio open: stop waiting for it.
            this.#child.stdout.destroy();
            this.#child.stderr.destroy();
            this.#finish(this.#child.exitCode, this.#child.signalCode);
          }
        }
      }
    }
    return this.#exitCode;
  }

  async #exitWithin(ms) {
    let timer;
    const expired = new Promise((resolve) => { timer = setTimeout(resolve, ms, false); });
    try {
      return await Promise.race([this.#exitPromise.then(() => true), expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  // -- internals ---------------------------------------------------------

  #unusable(method) {
    if (this.#exited) {
      return this.#exitedError(this.#spawnError
        ? `could not start ${this.bin}: ${this.#spawnError.message}`
        : 'checkoutd has exited', method);
    }
    if (this.#closing) {
      return new ProcessExited('checkoutd client is closed', {
        exitCode: null, stderr: this.stderr, method,
      });
    }
    return null;
  }

  #exitedError(message, method, id) {
    return new ProcessExited(message, {
      exitCode: this.#exitCode,
      signal: this.#signalCode,
      stderr: this.stderr,
      method,
      id,
      cause: this.#spawnError ?? undefined,
    });
  }

  #pump() {
    if (this.#waitingForDrain || this.#stdinFailed || this.#stdinEnded || this.#exited) return;
    const stdin = this.#child.stdin;
    if (!this.#corked && this.#queue.length > 0) {
      // The lines of this burst of calls leave together, on the next tick.
      this.#corked = true;
      stdin.cork();
      process.nextTick(() => {
        this.#corked = false;
        stdin.uncork();
      });
    }
    while (this.#queue.length > 0) {
      const { line, entry } = this.#queue.shift();
      if (entry !== null && entry.outcomes !== undefined) { // a batch
        if (entry.settled && entry.requests > 0) continue; // timed out or aborted before it was written
        entry.written = true;
        this.#stats.requests += entry.requests;
        this.#stats.notifications += entry.notifications;
      } else if (entry !== null) {
        if (entry.settled) continue; // timed out or aborted before it was written
        entry.written = true;
        this.#stats.requests += 1;
      } else {
        this.#stats.notifications += 1;
      }
      if (!stdin.write(line)) {
        this.#waitingForDrain = true;
        this.#stats.drainWaits += 1;
        stdin.once('drain', () => {
          this.#waitingForDrain = false;
          this.#pump();
        });
        return;
      }
    }
    if (this.#closing) {
      this.#stdinEnded = true;
      stdin.end();
    }
  }

  /** Takes a call or a batch out of the waiting; returns the ids it still waited for. */
  #settle(entry) {
    entry.settled = true;
    let missing;
    if (entry.outcomes !== undefined) {
      missing = entry.id.filter((id) => this.#pending.get(id) === entry);
      for (const id of missing) this.#pending.delete(id);
    } else {
      missing = this.#pending.delete(entry.id) ? [entry.id] : [];
    }
    if (entry.timer !== null) clearTimeout(entry.timer);
    if (entry.onAbort !== null) entry.signal.removeEventListener('abort', entry.onAbort);
    return missing;
  }

  #abandon(entry, error) {
    if (entry.settled) return;
    const missing = this.#settle(entry);
    if (entry.written && !this.#exited) {
      // Their responses (results, or REQUEST_CANCELLED) may still come: drop them quietly.
      for (const id of missing) this.#abandoned.add(id);
      while (this.#abandoned.size > 10000) {
        this.#abandoned.delete(this.#abandoned.values().next().value);
      }
    }
    if (entry.written && missing.length > 0 && !this.#exited && !this.#stdinEnded && !this.#stdinFailed) {
      // Ahead of queued requests: it only concerns a line already written.
      const cancels = missing.map((id) => ({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } }));
      this.#queue.pushFront({
        line: `${JSON.stringify(cancels.length === 1 ? cancels[0] : cancels)}\n`,
        entry: null,
      });
      this.#pump();
    }
    entry.reject(error);
  }

  // stdout arrives as Buffers of what the pipe held. The complete lines of a
  // chunk are decoded to text at once (a newline never falls inside a UTF-8
  // sequence); an unfinished line waits for its end in pieces, joined once.
  // A long batch answer comes in parts as the service works them out: every
  // part but the last ends with ',' and a TAB (JSON whitespace that never
  // appears raw anywhere else in its output), and the answers before the last
  // TAB are delivered while the rest comes.
  #onData(chunk) {
    let end = chunk.lastIndexOf(NEWLINE);
    if (end === -1) {
      this.#partial.push(chunk);
      if (!this.#whole && chunk.indexOf(TAB) !== -1) this.#decodeParts();
      return;
    }
    let data = chunk;
    if (this.#partial.length > 0) {
      this.#partial.push(chunk);
      data = Buffer.concat(this.#partial);
      this.#partial = [];
      end += data.length - chunk.length;
    }
    let text = data.toString('utf8', 0, end);
    if (this.#continued) text = `[${text}`;
    this.#continued = false;
    this.#whole = false;
    if (end + 1 < data.length) {
      const rest = data.subarray(end + 1);
      this.#partial.push(rest);
      if (rest.indexOf(TAB) !== -1) this.#decodeParts(); // after this chunk's lines: it holds later answers
    }
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline === -1) {
        this.#onLine(start === 0 ? text : text.slice(start));
        return;
      }
      this.#onLine(text.slice(start, newline));
      start = newline + 1;
    }
  }

  // Delivers the answers of the unfinished line's parts that are complete (up to its last TAB).
  #decodeParts() {
    const data = this.#partial.length === 1 ? this.#partial[0] : Buffer.concat(this.#partial);
    this.#partial = [data];
    const mark = data.lastIndexOf(TAB);
    if (mark < 1 || data[mark - 1] !== COMMA || !(this.#continued || data[0] === OPEN_BRACKET)) {
      this.#whole = !this.#continued;
      return;
    }
    const text = data.toString('utf8', this.#continued ? 0 : 1, mark - 1);
    let responses;
    try {
      responses = JSON.parse(`[${text}]`);
    } catch {
      this.#whole = true; // not parts after all: the line is read when it ends
      return;
    }
    const rest = data.subarray(mark + 1);
    this.#partial = rest.length > 0 ? [rest] : [];
    this.#continued = true;
    for (const response of responses) this.#deliver(response, text);
  }

  #takePartial() {
    const text = Buffer.concat(this.#partial).toString('utf8');
    this.#partial = [];
    const continued = this.#continued;
    this.#continued = false;
    this.#whole = false;
    return continued ? `[${text}` : text;
  }

  #onLine(line) {
    const text = line.trim();
    if (text === '') return;
    let message;
    try {
      message = JSON.parse(text);
    } catch (error) {
      this.#protocolError(`not a JSON line on stdout: ${text.slice(0, 200)} (${error.message})`, line);
      return;
    }
    if (Array.isArray(message)) {
      for (const response of message) this.#deliver(response, line);
    } else {
      this.#deliver(message, line);
    }
  }

  #deliver(response, line) {
    if (!isObject(response) || !('id' in response) || !('result' in response || 'error' in response)) {
      this.#protocolError(`not a JSON-RPC response: ${line.slice(0, 200)}`, line);
      return;
    }
    const { id } = response;
    const entry = typeof id === 'number' ? this.#pending.get(id) : this.#overlongRequest(response);
    const ofBatch = entry?.outcomes !== undefined && typeof id === 'number'; // one call of a batch
    const place = ofBatch ? (entry.places === null ? id - entry.firstId : entry.places[id - entry.firstId]) : -1;
    if (this.listenerCount('response') > 0) {
      this.emit('response', response, entry ? (ofBatch ? entry.methods[place] : entry.method) : null);
    }
    if (entry === undefined) {
      if (typeof id === 'number' && this.#abandoned.delete(id)) return;
      this.unmatched.push(response);
      if (this.unmatched.length > KEEP_UNMATCHED) this.unmatched.shift();
      this.emit('unmatched', response);
      return;
    }
    if (ofBatch) {
      this.#pending.delete(id);
      entry.outcomes[place] = 'error' in response ? CheckoutdError.fromError(response.error) : response.result;
      entry.missing -= 1;
      if (entry.missing === 0) {
        this.#settle(entry);
        entry.resolve(entry.outcomes);
      }
      return;
    }
    this.#settle(entry);
    if ('error' in response) entry.reject(CheckoutdError.fromError(response.error));
    else entry.resolve(response.result);
  }

  // The service answers a line over its --max-line-bytes, or a batch over its
  // entry limit, with an error whose id is null (it never took the line
  // apart). Each such line gets exactly one, so the error goes to the oldest
  // written request or batch longer than the limit, or batch of that size.
  #overlongRequest(response) {
    const data = response.id === null && isObject(response.error) ? response.error.data : undefined;
    if (!isObject(data)) return undefined;
    const tooLong = data.reason === 'LINE_TOO_LONG' && Number.isInteger(data.maxLineBytes);
    const tooLarge = data.reason === 'BATCH_TOO_LARGE' && Number.isInteger(data.entries);
    if (!tooLong && !tooLarge) return undefined;
    for (const entry of this.#pending.values()) {
      if (!entry.written) continue;
      if (tooLong && entry.bytes > data.maxLineBytes) return entry;
      if (tooLarge && entry.outcomes?.length === data.entries) return entry;
    }
    return undefined;
  }

  #protocolError(message, line) {
    const error = new ProtocolViolation(message, line);
    this.protocolErrors.push(error);
    if (this.protocolErrors.length > KEEP_UNMATCHED) this.protocolErrors.shift();
    this.emit('protocolError', error);
  }

  #appendStderr(text) {
    this.#stderrText += text;
    // Trim lazily: at most twice the limit is held.
    if (this.#stderrText.length > 2 * this.#stderrLimit) {
      this.#stderrText = this.#stderrText.slice(this.#stderrText.length - this.#stderrLimit);
    }
    if (this.listenerCount('stderr') > 0) this.emit('stderr', text);
  }

  #finish(code, signal) {
    if (this.#exited) return;
    this.#exited = true;
    this.#exitCode = code;
    this.#signalCode = signal;
    const entries = [...new Set(this.#pending.values())];
    this.#queue.drain();
    this.#abandoned.clear();
    for (const entry of entries) {
      this.#settle(entry);
      const call = entry.outcomes !== undefined
        ? `a batch of ${entry.outcomes.length} calls`
        : `${entry.method} (id ${entry.id})`;
      const message = this.#spawnError
        ? `could not start ${this.bin} for ${call}: ${this.#spawnError.message}`
        : `checkoutd exited before answering ${call}`;
      entry.reject(this.#exitedError(message, entry.method, entry.id));
    }
    this.#resolveExit();
    this.emit('exit', code, signal);
  }
}

// The typed wrappers, one per method (`maskApply`, `sessionInit`, …): generated
// from Schemas/methods into methods.js by scripts/generate, and defined here on
// the prototype as if written in the class.
for (const name of Object.getOwnPropertyNames(MethodWrappers.prototype)) {
  if (name === 'constructor') continue;
  if (Object.hasOwn(Checkoutd.prototype, name)) {
    throw new Error(`the wrapper ${name} would hide Checkoutd.prototype.${name}`);
  }
  Object.defineProperty(Checkoutd.prototype, name,
    Object.getOwnPropertyDescriptor(MethodWrappers.prototype, name));
}

if (typeof Symbol.asyncDispose === 'symbol') {
  // `await using service = new Checkoutd(...)` closes the process.
  Object.defineProperty(Checkoutd.prototype, Symbol.asyncDispose, {
    value: async function asyncDispose() {
      await this.close();
    },
    writable: true,
    configurable: true,
  });
}

export default Checkoutd;
