// Typed errors: one class per data.reason of Schemas/definitions.json, and the
// real binary's errors arriving as those classes with their data.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import * as checkoutd from '../index.js';
import {
  ChallengeNotFound, CheckoutdError, InvalidParams, InvalidRequest, LineTooLong, MethodNotFound,
  ProductNotAvailable, REASON_CLASSES, SessionNotFound, ThreeDSDisabled, TokenNotFound, TransportError,
  UnknownAccountOnFile, UnknownCurrency, UnknownProduct, ValidationFailed,
} from '../index.js';
import { SCHEMAS_DIR, readJSON, startService } from './_support.js';

// API.md section 3 and the transport rules of section 1.
const REASON_CODES = {
  PARSE_ERROR: -32700,
  INVALID_UTF8: -32700,
  INVALID_REQUEST: -32600,
  LINE_TOO_LONG: -32600,
  BATCH_TOO_LARGE: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  REQUEST_CANCELLED: -32800,
  SESSION_NOT_FOUND: 1001,
  SESSION_EXPIRED: 1002,
  UNKNOWN_PRODUCT: 1101,
  PRODUCT_NOT_AVAILABLE: 1102,
  UNKNOWN_ACCOUNT_ON_FILE: 1103,
  VALIDATION_FAILED: 1201,
  TOKEN_NOT_FOUND: 1301,
  THREE_DS_DISABLED: 1401,
  CHALLENGE_NOT_FOUND: 1402,
  UNKNOWN_CURRENCY: 1501,
  ENCRYPTION_FAILED: 1502,
  STORE_UNAVAILABLE: 1601,
  CURRENCY_CHANGE_NOT_ALLOWED: 1004,
  UNKNOWN_PRODUCT_GROUP: 1104,
  SESSION_COMPLETED: 1003,
  ACCESS_SESSION_NOT_FOUND: 1302,
  PAYMENT_NOT_FOUND: 1701,
  DECRYPTION_FAILED: 1702,
  REPLAYED_REQUEST: 1703,
  PAYMENT_NOT_COMPLETABLE: 1704,
};

// The class names of clients/python/checkoutd/errors.py.
const CLASS_NAMES = {
  PARSE_ERROR: 'ParseError',
  INVALID_UTF8: 'InvalidUTF8',
  INVALID_REQUEST: 'InvalidRequest',
  LINE_TOO_LONG: 'LineTooLong',
  BATCH_TOO_LARGE: 'BatchTooLarge',
  METHOD_NOT_FOUND: 'MethodNotFound',
  INVALID_PARAMS: 'InvalidParams',
  INTERNAL_ERROR: 'InternalError',
  REQUEST_CANCELLED: 'RequestCancelled',
  SESSION_NOT_FOUND: 'SessionNotFound',
  SESSION_EXPIRED: 'SessionExpired',
  UNKNOWN_PRODUCT: 'UnknownProduct',
  PRODUCT_NOT_AVAILABLE: 'ProductNotAvailable',
  UNKNOWN_ACCOUNT_ON_FILE: 'UnknownAccountOnFile',
  VALIDATION_FAILED: 'ValidationFailed',
  TOKEN_NOT_FOUND: 'TokenNotFound',
  THREE_DS_DISABLED: 'ThreeDSDisabled',
  CHALLENGE_NOT_FOUND: 'ChallengeNotFound',
  UNKNOWN_CURRENCY: 'UnknownCurrency',
  ENCRYPTION_FAILED: 'EncryptionFailed',
  STORE_UNAVAILABLE: 'StoreUnavailable',
  CURRENCY_CHANGE_NOT_ALLOWED: 'CurrencyChangeNotAllowed',
  UNKNOWN_PRODUCT_GROUP: 'UnknownProductGroup',
  SESSION_COMPLETED: 'SessionCompleted',
  ACCESS_SESSION_NOT_FOUND: 'AccessSessionNotFound',
  PAYMENT_NOT_FOUND: 'PaymentNotFound',
  DECRYPTION_FAILED: 'DecryptionFailed',
  REPLAYED_REQUEST: 'ReplayedRequest',
  PAYMENT_NOT_COMPLETABLE: 'PaymentNotCompletable',
};

describe('error classes', () => {
  const reasons = readJSON(SCHEMAS_DIR, 'definitions.json').definitions.ErrorReason.enum;

  test('every ErrorReason of the schemas has an exported class of that name', () => {
    assert.deepEqual(Object.keys(REASON_CLASSES).sort(), [...reasons].sort());
    assert.deepEqual(Object.keys(CLASS_NAMES).sort(), [...reasons].sort());
    for (const reason of reasons) {
      const Class = REASON_CLASSES[reason];
      assert.equal(Class.name, CLASS_NAMES[reason]);
      assert.equal(checkoutd[CLASS_NAMES[reason]], Class, `${CLASS_NAMES[reason]} is exported`);
      assert.equal(Class.REASON, reason);
      assert.ok(Class.prototype instanceof CheckoutdError);
    }
  });

  test('fromError picks the class by data.reason and keeps code, message and data', () => {
    for (const reason of reasons) {
      const wire = { code: REASON_CODES[reason], message: `a ${reason}`, data: { reason, extra: 1 } };
      const error = CheckoutdError.fromError(wire);
      assert.ok(error instanceof REASON_CLASSES[reason], reason);
      assert.ok(error instanceof Error);
      assert.equal(error.name, CLASS_NAMES[reason]);
      assert.equal(error.code, REASON_CODES[reason]);
      assert.equal(error.message, `a ${reason}`);
      assert.equal(error.reason, reason);
      assert.deepEqual(error.data, { reason, extra: 1 });
      assert.deepEqual(error.error, wire);
    }
  });

  test('the list-carrying classes expose data.errors as errors', () => {
    const problems = [{ path: '/x', message: 'is bad' }];
    for (const Class of [InvalidParams, InvalidRequest, LineTooLong, ValidationFailed]) {
      const error = new Class(-32602, 'm', { reason: Class.REASON, errors: problems });
      assert.deepEqual(error.errors, problems);
      assert.deepEqual(new Class(-32602, 'm', { reason: Class.REASON }).errors, []);
    }
  });

  test('an unknown reason or a malformed error object still gives a CheckoutdError', () => {
    const unknown = CheckoutdError.fromError({ code: 1999, message: 'new', data: { reason: 'SOMETHING_NEW' } });
    assert.equal(unknown.constructor, CheckoutdError);
    assert.equal(unknown.reason, 'SOMETHING_NEW');
    assert.equal(unknown.code, 1999);
    const inherited = CheckoutdError.fromError({ code: 1, message: 'x', data: { reason: 'toString' } });
    assert.equal(inherited.constructor, CheckoutdError);
    const malformed = CheckoutdError.fromError('boom');
    assert.equal(malformed.code, -32603);
    assert.equal(malformed.reason, null);
    assert.deepEqual(malformed.data, {});
  });

  test('JSON-RPC errors are not transport errors and the other way round', () => {
    assert.ok(!(CheckoutdError.prototype instanceof TransportError));
    for (const name of ['ProcessExited', 'CallTimeout', 'CallAborted', 'ProtocolViolation', 'BinaryNotFound']) {
      assert.ok(checkoutd[name].prototype instanceof TransportError, name);
      assert.ok(!(checkoutd[name].prototype instanceof CheckoutdError), name);
      assert.equal(checkoutd[name].prototype.name, name);
    }
  });
});

describe('errors from the real binary', () => {
  let service;

  before(() => {
    service = startService(['--max-line-bytes', '4096']);
  });

  after(async () => {
    assert.equal(await service.close(), 0);
  });

  const session = (clientSessionId, extra = {}) => service.sessionInit({
    clientSessionId,
    customerId: 'cus_node_errors',
    context: { amountOfMoney: { amount: 5000, currencyCode: 'EUR' }, countryCode: 'NL' },
    ...extra,
  });

  test('SessionNotFound', async () => {
    await assert.rejects(service.sessionGet({ clientSessionId: 'cs_missing' }), (error) => {
      assert.ok(error instanceof SessionNotFound);
      assert.ok(error instanceof CheckoutdError);
      assert.equal(error.code, 1001);
      assert.equal(error.message, 'Session not found');
      assert.equal(error.reason, 'SESSION_NOT_FOUND');
      assert.equal(error.data.clientSessionId, 'cs_missing');
      return true;
    });
  });

  test('InvalidParams.errors names every problem by JSON Pointer', async () => {
    await assert.rejects(service.call('session.init', {
      context: { amountOfMoney: { amount: 1.5, currencyCode: 'EUR' }, countryCode: 'nl' },
      bogus: 1,
    }), (error) => {
      assert.ok(error instanceof InvalidParams);
      assert.equal(error.code, -32602);
      assert.deepEqual(error.errors.map((problem) => problem.path).sort(),
        ['/bogus', '/context/amountOfMoney/amount', '/context/countryCode']);
      for (const problem of error.errors) assert.equal(typeof problem.message, 'string');
      return true;
    });
    await assert.rejects(service.maskApply({ value: '12', mask: '{{9x}}' }), (error) => {
      assert.ok(error instanceof InvalidParams);
      assert.deepEqual(error.errors.map((problem) => problem.path), ['/mask']);
      return true;
    });
  });

  test('ValidationFailed.errors lists every ValidationError at once', async () => {
    await session('cs_node_invalid');
    await assert.rejects(service.tokensCreate({
      clientSessionId: 'cs_node_invalid',
      card: { cardNumber: '4242 4242 4242 4241', expiryDate: '13/28' },
      billingDetails: { name: 'Wile', zip: '1', country: 'NL' },
    }), (error) => {
      assert.ok(error instanceof ValidationFailed);
      assert.equal(error.code, 1201);
      assert.deepEqual(error.errors.map((problem) => [problem.fieldId, problem.errorMessageId]), [
        ['card.cardNumber', 'luhn'],
        ['card.expiryDate', 'expirationDate'],
        ['billingDetails.name', 'name'],
        ['billingDetails.zip', 'zip'],
        ['email', 'email'],
      ]);
      return true;
    });
    await assert.rejects(service.paymentRequestEncrypt({
      clientSessionId: 'cs_node_invalid',
      paymentProductId: 1,
      values: { cardNumber: '4242 4242 4242 4241', expiryDate: '12/28', cvv: '123' },
    }), ValidationFailed);
  });

  test('MethodNotFound carries the method', async () => {
    await assert.rejects(service.call('no.such'), (error) => {
      assert.ok(error instanceof MethodNotFound);
      assert.equal(error.code, -32601);
      assert.equal(error.method, 'no.such');
      return true;
    });
  });

  test('the domain errors of products, tokens, 3-D Secure and currencies', async () => {
    await session('cs_node_errors_nl');
    await session('cs_node_no3ds', { threeDS: { enabled: false } });
    await service.sessionInit({
      clientSessionId: 'cs_node_errors_us',
      context: { amountOfMoney: { amount: 5000, currencyCode: 'USD' }, countryCode: 'US' },
    });
    const cases = [
      [service.productsGet({ clientSessionId: 'cs_node_errors_nl', paymentProductId: 4 }), UnknownProduct, 1101],
      [service.productsGet({ clientSessionId: 'cs_node_errors_us', paymentProductId: 809 }), ProductNotAvailable, 1102],
      [service.paymentRequestValidate({
        clientSessionId: 'cs_node_errors_nl', paymentProductId: 1, accountOnFileId: 'tok_unknown', values: { cvv: '123' },
      }), UnknownAccountOnFile, 1103],
      [service.tokensDelete({ customerId: 'cus_node_errors', token: 'tok_0000' }), TokenNotFound, 1301],
      [service.threeDSAuthenticate({ clientSessionId: 'cs_node_no3ds', cardNumber: '4000000000002701' }),
        ThreeDSDisabled, 1401],
      [service.threeDSChallenge({ challengeId: 'b8a1abcd-1a69-46c7-8da4-f9fc3c6da5d7', code: '1234' }),
        ChallengeNotFound, 1402],
      [service.currencyList({ base: 'XAU' }), UnknownCurrency, 1501],
    ];
    // Every rejection gets its handler at once (pipelined calls settle in any order).
    await Promise.all(cases.map(([promise, Class, code]) => assert.rejects(promise, (error) => {
      assert.ok(error instanceof Class, `${error.name} is a ${Class.name}`);
      assert.equal(error.code, code);
      assert.equal(error.reason, Class.REASON);
      return true;
    })));
  });

  test('a request over --max-line-bytes fails with LineTooLong although the error has id null', async () => {
    const tooLong = service.maskRemove({ value: 'x'.repeat(5000), mask: '{{9}}' });
    const fine = service.maskRemove({ value: '1', mask: '{{9}}' });
    await assert.rejects(tooLong, (error) => {
      assert.ok(error instanceof LineTooLong);
      assert.ok(error instanceof InvalidRequest);
      assert.equal(error.code, -32600);
      assert.equal(error.data.maxLineBytes, 4096);
      return true;
    });
    assert.deepEqual(await fine, { value: '1' });
    assert.deepEqual(service.unmatched, []);
  });

  test('the service keeps serving after errors', async () => {
    assert.deepEqual(await service.maskRemove({ value: '12-34', mask: '{{99}}-{{99}}' }), { value: '1234' });
  });
});
