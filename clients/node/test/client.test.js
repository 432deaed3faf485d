// Calls of every namespace through the typed wrappers, against the real
// binary; pipelining and correlation by id.

import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { after, before, describe, test } from 'node:test';

import {
  CLOCK, SCHEMAS_DIR, openrpcMethodNames, readJSON, startService, startStub,
} from './_support.js';

describe('the typed wrappers against the real binary', () => {
  let service;

  before(() => {
    service = startService();
  });

  after(async () => {
    assert.equal(await service.close(), 0);
  });

  test('service.info: the frozen clock and every method of the OpenRPC document', async () => {
    const info = await service.serviceInfo();
    assert.equal(info.name, 'checkoutd');
    assert.equal(info.startedAt, CLOCK);
    assert.equal(info.now, CLOCK);
    assert.match(info.keyId, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual([...info.methods].sort(), openrpcMethodNames().sort());
  });

  test('rpc.discover: the OpenRPC document shipped in Schemas/', async () => {
    assert.deepEqual(await service.rpcDiscover(), readJSON(SCHEMAS_DIR, 'openrpc.json'));
  });

  test('mask.apply and mask.remove', async () => {
    assert.deepEqual(await service.maskApply({ value: '12', mask: '{{99}}-{{99}}', cursor: 2 }),
      { value: '12-', cursor: 3 });
    assert.deepEqual(await service.maskRemove({ value: '12-34', mask: '{{99}}-{{99}}' }), { value: '1234' });
  });

  test('non-ASCII text and U+2028 round-trip', async () => {
    const value = '\u00e9\u6f22\u{1f642}\u2028x';
    assert.deepEqual(await service.maskApply({ value, mask: '{{*****}}' }), { value, cursor: 5 });
  });

  test('card.format and card.validate', async () => {
    const formatted = await service.cardFormat({ pan: '378282246310005' });
    assert.equal(formatted.formatted, '3782 822463 10005');
    assert.equal(formatted.cursor, 17);
    assert.equal(formatted.cardBrand.code, 'amex');

    const complete = await service.cardValidate({ pan: '4111 1111 1111 1111', expiryDate: '12/30', cvc: '123' });
    assert.equal(complete.validationSuccess, true);
    assert.equal(complete.cardBrand.code, 'visa');
    assert.deepEqual(complete.pan, { state: 'valid', errors: [] });

    const typing = await service.cardValidate({ pan: '4111' });
    assert.deepEqual(typing.pan, { state: 'incomplete', errors: ['length'] });
    assert.equal(typing.validationSuccess, false);
    assert.equal('expiryDate' in typing, false);
  });

  test('card.brands: the brand table with prefixes, images and what is accepted', async () => {
    const { brands } = await service.cardBrands({ acceptedBrands: ['AMEX', 'visa'] });
    assert.equal(brands.length, 13);
    assert.deepEqual(brands.filter((brand) => brand.accepted).map((brand) => brand.code), ['amex', 'visa']);
    const amex = brands[0];
    assert.deepEqual(amex.prefixes, ['34', '37']);
    assert.deepEqual(amex.images, [
      { type: 'image/svg+xml', url: 'https://assets.checkoutd.invalid/brands/amex.svg' },
      { type: 'image/png', url: 'https://assets.checkoutd.invalid/brands/amex.png' },
    ]);
    const { cardBrand } = await service.cardValidate({ pan: '3782' });
    const { prefixes, accepted, ...brand } = amex; // a Brand as every method reports it
    assert.deepEqual(cardBrand, brand);
    assert.equal(accepted, true);
    assert.equal(prefixes.length, 2);
  });

  test('sessions, products, IIN details and payment requests', async () => {
    const session = await service.sessionInit({
      clientSessionId: 'cs_node_nl',
      customerId: 'cus_node',
      context: { amountOfMoney: { amount: 2999, currencyCode: 'EUR' }, countryCode: 'NL', locale: 'nl_NL' },
    });
    assert.equal(session.clientSessionId, 'cs_node_nl');
    assert.equal(session.createdAt, CLOCK);
    assert.equal(session.expiresAt, '2026-11-21T11:00:00Z');
    assert.deepEqual(session.context,
      { amountOfMoney: { amount: 2999, currencyCode: 'EUR' }, countryCode: 'NL', isRecurring: false, locale: 'nl_NL' });
    assert.deepEqual(session.requirements, { withEmail: true, withShipping: false, fullBilling: false });

    const clientSessionId = session.clientSessionId;
    assert.deepEqual(await service.sessionGet({ clientSessionId }), session);

    const { paymentProducts } = await service.productsList({ clientSessionId });
    const ids = paymentProducts.map((product) => product.id);
    assert.ok(ids.includes(809), 'iDEAL is offered in NL for EUR');
    assert.ok(!ids.includes(3012), 'Bancontact is not offered in NL');
    assert.equal(paymentProducts.find((product) => product.id === 771).displayHints.label, 'SEPA-incasso');

    const visa = await service.productsGet({ clientSessionId, paymentProductId: 1 });
    assert.deepEqual(visa.fields.map((field) => field.id), ['cardNumber', 'expiryDate', 'cvv', 'cardholderName']);
    assert.equal(visa.fields[0].dataRestrictions.isRequired, true);

    assert.deepEqual(await service.iinDetails({ clientSessionId, bin: '4242 42' }), {
      status: 'SUPPORTED', paymentProductId: 1, countryCode: 'US', cardType: 'CREDIT',
      isAllowedInContext: true, coBrands: [],
    });

    assert.deepEqual(await service.paymentRequestValidate({
      clientSessionId, paymentProductId: 809, values: { issuerId: 'INGBNL2A' },
    }), { valid: true, errors: [] });
    const invalid = await service.paymentRequestValidate({
      clientSessionId, paymentProductId: 1, values: { cardNumber: '4242 4242 4242 4241', expiryDate: '12/28', cvv: '123' },
    });
    assert.equal(invalid.valid, false);
    assert.deepEqual(invalid.errors.map((error) => [error.fieldId, error.errorMessageId]), [['cardNumber', 'luhn']]);

    const converted = await service.sessionChangeCurrency({ clientSessionId, currencyCode: 'USD' });
    assert.deepEqual(converted.context.amountOfMoney, { amount: 3749, currencyCode: 'USD' });
    const back = await service.sessionChangeCurrency({ clientSessionId, currencyCode: 'EUR' });
    assert.deepEqual(back.context.amountOfMoney, { amount: 2999, currencyCode: 'EUR' });

    assert.deepEqual(await service.sessionClose({ clientSessionId }), { closed: true });
  });

  test('encryption.publicKey and paymentRequest.encrypt', async () => {
    const { keyId } = await service.serviceInfo();
    await service.sessionInit({
      clientSessionId: 'cs_node_pay',
      appIdentifier: 'node-tests/1.0',
      context: { amountOfMoney: { amount: 2999, currencyCode: 'EUR' }, countryCode: 'NL' },
    });
    const key = await service.encryptionPublicKey({ clientSessionId: 'cs_node_pay' });
    assert.equal(key.keyId, keyId);
    assert.ok(Buffer.from(key.publicKey, 'base64').length > 256);

    const encrypted = await service.paymentRequestEncrypt({
      clientSessionId: 'cs_node_pay',
      paymentProductId: 1,
      alg: 'RSA-OAEP-256',
      values: { cardNumber: '4242 4242 4242 4242', expiryDate: '12/28', cvv: '123' },
    });
    const parts = encrypted.encryptedCustomerInput.split('.');
    assert.equal(parts.length, 5);
    assert.deepEqual(JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')),
      { alg: 'RSA-OAEP-256', enc: 'A256CBC-HS512', kid: keyId });
    const meta = JSON.parse(Buffer.from(encrypted.encodedClientMetaInfo, 'base64').toString('utf8'));
    assert.equal(meta.sdkCreator, 'checkoutd');
    assert.match(meta.sdkIdentifier, /^checkoutd\//);
    assert.equal(meta.appIdentifier, 'node-tests/1.0');
  });

  test('currency.list and currency.convert', async () => {
    const list = await service.currencyList({ base: 'EUR' });
    assert.equal(list.base, 'EUR');
    assert.equal(list.currencies.find((currency) => currency.code === 'EUR').rate, '1');
    const names = list.currencies.map((currency) => currency.name);
    assert.deepEqual(names, [...names].sort());

    assert.deepEqual(await service.currencyConvert({
      amountOfMoney: { amount: 1000, currencyCode: 'EUR' }, targetCurrencyCode: 'JPY',
    }), { amountOfMoney: { amount: 1953, currencyCode: 'JPY' }, rate: '195.3125', asOf: '2026-11-20T16:00:00Z' });
    const halfEven = await service.currencyConvert({
      amountOfMoney: { amount: 8, currencyCode: 'USD' }, targetCurrencyCode: 'JPY', rounding: 'HALF_EVEN',
    });
    assert.deepEqual(halfEven.amountOfMoney, { amount: 12, currencyCode: 'JPY' });
  });

  test('address.validate', async () => {
    assert.deepEqual(await service.addressValidate({
      billingDetails: { name: 'Jane Doe', zip: '02101', country: 'us', state: 'ma' },
      email: 'jane.doe@example.com',
    }), { valid: true, errors: [] });
    const invalid = await service.addressValidate({
      billingDetails: { name: 'Jane', zip: '1', country: 'FR' }, email: 'jane@example',
    });
    assert.equal(invalid.valid, false);
    assert.deepEqual(invalid.errors.map((error) => error.fieldId), ['billingDetails.name', 'billingDetails.zip', 'email']);
  });

  test('tokens, accounts on file and 3-D Secure', async () => {
    await service.sessionInit({
      clientSessionId: 'cs_node_tok',
      customerId: 'cus_node_wile',
      context: { amountOfMoney: { amount: 5000, currencyCode: 'EUR' }, countryCode: 'NL' },
    });
    const created = await service.tokensCreate({
      clientSessionId: 'cs_node_tok',
      card: { cardNumber: '4242 4242 4242 4242', expiryDate: '12/28', cvv: '123', cardholderName: 'Wile E. Coyote' },
      billingDetails: { name: 'Wile E. Coyote', zip: '1011 AB', country: 'NL' },
      email: 'wile@acme.example',
    });
    assert.match(created.token, /^tok_[0-9a-f]{32}$/);
    assert.deepEqual(created.card, {
      brand: 'visa', bin: '424242', last4Digits: '4242', issuingCountry: 'US', cardType: 'CREDIT', expiryDate: '1228',
    });
    assert.equal(created.accountOnFile.label, '4242 42XX XXXX 4242');

    const { tokens } = await service.tokensList({ customerId: 'cus_node_wile' });
    assert.deepEqual(tokens.map((account) => account.id), [created.token]);

    const session = await service.sessionInit({
      clientSessionId: 'cs_node_tok',
      customerId: 'cus_node_wile',
      context: { amountOfMoney: { amount: 5000, currencyCode: 'EUR' }, countryCode: 'NL' },
      accountsOnFile: [created.token],
    });
    assert.deepEqual(session.accountsOnFile.map((account) => account.id), [created.token]);

    const byToken = await service.threeDSAuthenticate({ clientSessionId: 'cs_node_tok', token: created.token });
    assert.equal(byToken.status, 'CHALLENGE_REQUIRED');
    const challenged = await service.threeDSAuthenticate({
      clientSessionId: 'cs_node_tok', cardNumber: '4111 1111 1111 1111',
    });
    assert.equal(challenged.status, 'CHALLENGE_REQUIRED');
    assert.equal(challenged.transStatus, 'C');
    assert.equal(challenged.challenge.expiresAt, '2026-11-21T10:10:00Z');
    const final = await service.threeDSChallenge({ challengeId: challenged.challenge.challengeId, code: '1234' });
    assert.equal(final.status, 'AUTHENTICATION_SUCCEEDED');
    assert.equal(final.liabilityShift, true);
    assert.equal(final.dsTransId, challenged.dsTransId);

    const frictionless = await service.threeDSAuthenticate({
      clientSessionId: 'cs_node_tok', cardNumber: '4000000000002701',
    });
    assert.equal(frictionless.status, 'AUTHENTICATION_SUCCEEDED');
    assert.equal(frictionless.eci, '05');
    assert.equal('errorDescription' in frictionless, false);

    const failed = await service.threeDSAuthenticate({ clientSessionId: 'cs_node_tok', cardNumber: '4000000000001075' });
    assert.equal(failed.status, 'THREE_DS_ERROR');
    assert.equal(failed.errorDescription, '3-D Secure server error: the lookup timed out.');

    assert.deepEqual(await service.tokensDelete({ customerId: 'cus_node_wile', token: created.token }), { deleted: true });
    assert.deepEqual(await service.tokensList({ customerId: 'cus_node_wile' }), { tokens: [] });
  });

  test('tokens for a returning shopper: details kept, offered, updated and removed', async () => {
    const context = { amountOfMoney: { amount: 2999, currencyCode: 'EUR' }, countryCode: 'NL' };
    await service.sessionInit({ clientSessionId: 'cs_node_shopper', customerId: 'cus_node_shopper', context });
    const billingDetails = { name: 'Wile E. Coyote', zip: '1011 AB', country: 'NL', email: 'wile@acme.example' };
    const shippingDetails = {
      name: 'Wile E. Coyote', address: 'Damrak 1', city: 'Amsterdam', zip: '1012 LG', country: 'NL',
    };
    const created = await service.tokensCreate({
      clientSessionId: 'cs_node_shopper', card: { cardNumber: '5555 5555 5555 4444', expiryDate: '11/29' },
      billingDetails, shippingDetails,
    });
    assert.deepEqual(created.accountOnFile.billingDetails, billingDetails, 'the e-mail stands for the missing email');
    assert.deepEqual(created.accountOnFile.shippingDetails, shippingDetails);
    const session = await service.sessionInit({
      clientSessionId: 'cs_node_shopper', customerId: 'cus_node_shopper', context, accountsOnFile: [created.token],
    });
    assert.deepEqual(session.accountsOnFile, [created.accountOnFile]);

    const moved = {
      name: 'Wile E. Coyote', address: '1 Desert Road', city: 'Phoenix', zip: '85001', country: 'US', state: 'AZ',
    };
    const updated = await service.tokensUpdate({
      customerId: 'cus_node_shopper', token: created.token, expiryDate: '03/31', shippingDetails: moved,
    });
    assert.equal(updated.id, created.token);
    assert.equal(updated.attributes.find((attribute) => attribute.key === 'expiryDate').value, '0331');
    assert.deepEqual(updated.billingDetails, billingDetails);
    assert.deepEqual(updated.shippingDetails, moved);
    assert.deepEqual(await service.tokensList({ customerId: 'cus_node_shopper' }), { tokens: [updated] });

    const removed = await service.tokensUpdate({
      customerId: 'cus_node_shopper', token: created.token, billingDetails: null,
    });
    assert.equal('billingDetails' in removed, false);
    assert.deepEqual(removed.shippingDetails, moved);

    await assert.rejects(service.tokensUpdate({
      customerId: 'cus_node_shopper', token: created.token, billingDetails: { ...billingDetails, email: 'wile@acme' },
    }), (error) => error.reason === 'VALIDATION_FAILED'
      && error.data.errors.map((problem) => problem.fieldId).join() === 'billingDetails.email');
    await assert.rejects(service.tokensUpdate({ customerId: 'cus_node_other', token: created.token }),
      (error) => error.reason === 'TOKEN_NOT_FOUND' && error.code === 1301);
  });

  test('call() reaches any method by name', async () => {
    assert.deepEqual(await service.call('mask.remove', { value: '12-34', mask: '{{99}}-{{99}}' }), { value: '1234' });
    assert.equal((await service.call('service.info')).name, 'checkoutd');
  });
});

describe('pipelining', () => {
  test('500 concurrent calls each resolve with their own response', async () => {
    const service = startService();
    try {
      const answered = new Map();
      service.on('response', (response, method) => answered.set(response.id, method));
      const calls = [];
      for (let i = 0; i < 500; i += 1) {
        calls.push(i % 2 === 0
          ? service.maskApply({ value: String(i), mask: '{{9999}}' })
          : service.currencyConvert({ amountOfMoney: { amount: i, currencyCode: 'EUR' }, targetCurrencyCode: 'EUR' }));
      }
      assert.equal(service.pendingCount, 500);
      const results = await Promise.all(calls);
      results.forEach((result, i) => {
        if (i % 2 === 0) assert.deepEqual(result, { value: String(i), cursor: String(i).length });
        else assert.deepEqual(result.amountOfMoney, { amount: i, currencyCode: 'EUR' });
      });
      assert.equal(answered.size, 500);
      // Ids are 1…500 in call order: call i had id i + 1.
      for (let i = 0; i < 500; i += 1) {
        assert.equal(answered.get(i + 1), i % 2 === 0 ? 'mask.apply' : 'currency.convert');
      }
      assert.equal(service.pendingCount, 0);
      assert.deepEqual(service.unmatched, []);
      assert.deepEqual(service.protocolErrors, []);
    } finally {
      await service.close();
    }
  });

  test('responses in reverse order are matched by id', async () => {
    // Answers nothing until it holds three requests, then answers them last first.
    const service = startStub(`
      const lines = require('readline').createInterface({ input: process.stdin });
      const held = [];
      lines.on('line', (line) => {
        held.push(JSON.parse(line));
        if (held.length === 3) {
          for (const request of held.reverse()) {
            process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: request.params }) + '\\n');
          }
        }
      });
    `);
    try {
      const order = [];
      service.on('response', (response) => order.push(response.id));
      const results = await Promise.all([
        service.call('echo', { n: 1 }), service.call('echo', { n: 2 }), service.call('echo', { n: 3 }),
      ]);
      assert.deepEqual(results, [{ n: 1 }, { n: 2 }, { n: 3 }]);
      assert.deepEqual(order, [3, 2, 1]);
    } finally {
      assert.equal(await service.close(), 0);
    }
  });

  test('a batch line of responses is taken apart', async () => {
    const service = startStub(`
      const lines = require('readline').createInterface({ input: process.stdin });
      const held = [];
      lines.on('line', (line) => {
        held.push(JSON.parse(line));
        if (held.length === 2) {
          process.stdout.write(JSON.stringify(held.map((r) => ({ jsonrpc: '2.0', id: r.id, result: r.method }))) + '\\n');
        }
      });
    `);
    try {
      assert.deepEqual(await Promise.all([service.call('a.b'), service.call('c.d')]), ['a.b', 'c.d']);
    } finally {
      await service.close();
    }
  });
});
