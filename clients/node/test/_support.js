// Shared helpers of the Node client's tests (no tests here: the runner loads
// every .js file under test/, and this one only exports).
//
// The real binary is $CHECKOUTD_BIN, else the checkout's .build/debug/checkoutd,
// always started with --clock 2026-11-21T10:00:00Z. A "stub" is a tiny Node
// program (passed with -e) that plays a misbehaving peer.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Checkoutd } from '../index.js';

export const CLOCK = '2026-11-21T10:00:00Z';
export const TEST_DIR = path.dirname(fileURLToPath(import.meta.url));
export const CLIENT_DIR = path.dirname(TEST_DIR);
export const REPO_ROOT = path.resolve(CLIENT_DIR, '..', '..');
export const SCHEMAS_DIR = path.join(REPO_ROOT, 'Schemas');

export function binaryPath() {
  return process.env.CHECKOUTD_BIN || path.join(REPO_ROOT, '.build', 'debug', 'checkoutd');
}

/** The real service, with the frozen clock and any extra flags. */
export function startService(extraArgs = [], options = {}) {
  return new Checkoutd({ bin: binaryPath(), args: ['--clock', CLOCK, ...extraArgs], ...options });
}

/** A Node program (CommonJS source) standing in for checkoutd. */
export function startStub(source, options = {}) {
  return new Checkoutd({ bin: process.execPath, args: ['-e', source], ...options });
}

export function readJSON(...parts) {
  return JSON.parse(readFileSync(path.join(...parts), 'utf8'));
}

/** The method names of Schemas/openrpc.json. */
export function openrpcMethodNames() {
  return readJSON(SCHEMAS_DIR, 'openrpc.json').methods.map((method) => method.name);
}

/** Resolves once the service's buffered stderr contains `text`. */
export function untilStderr(service, text) {
  return new Promise((resolve) => {
    if (service.stderr.includes(text)) {
      resolve();
      return;
    }
    const listener = () => {
      if (service.stderr.includes(text)) {
        service.off('stderr', listener);
        resolve();
      }
    };
    service.on('stderr', listener);
  });
}

/** Resolves with the first response carrying `id`. */
export function untilResponse(service, id) {
  return new Promise((resolve) => {
    const listener = (response) => {
      if (response.id === id) {
        service.off('response', listener);
        resolve(response);
      }
    };
    service.on('response', listener);
  });
}

/**
 * Runs `body` while the process is stopped (SIGSTOP): it reads nothing and
 * answers nothing until `body` is done, so whatever `body` starts is
 * deterministically unanswered. The process is continued afterwards.
 */
export async function whileStopped(service, body) {
  process.kill(service.pid, 'SIGSTOP');
  try {
    return await body();
  } finally {
    try {
      process.kill(service.pid, 'SIGCONT');
    } catch (error) {
      if (error.code !== 'ESRCH') throw error; // body killed it
    }
  }
}

/** Settles `promise` into {value} or {error} so a test can inspect either. */
export function settle(promise) {
  return promise.then((value) => ({ value }), (error) => ({ error }));
}
