// A whole Access Checkout checkout through the Node client and the real
// binary (API.md 9.5, 9.7): card and CVC sessions, a token from the card
// session, a payment with the token and the CVC session, each used once.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { AccessSessionNotFound, SessionCompleted } from '../index.js';
import { startService } from './_support.js';

describe('payments through the Node client', () => {
  test('card and CVC sessions, a stored token, one captured payment that ends the session', async () => {
    const service = startService();
    try {
      const session = await service.sessionInit({
        context: { amountOfMoney: { amount: 2999, currencyCode: 'EUR' }, countryCode: 'NL' },
        requirements: { withEmail: false }, endOnPayment: true,
      });
      const sid = session.clientSessionId;
      const created = await service.accessSessionsCreate({
        clientSessionId: sid, card: { cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvc: '123' }, cvc: '123',
      });
      assert.deepEqual([created.card.brand, created.card.last4Digits, created.card.expiryDate], ['visa', '4242', '1230']);
      const token = await service.tokensCreate({ clientSessionId: sid, cardSession: created.card.session });
      await assert.rejects(service.tokensCreate({ clientSessionId: sid, cardSession: created.card.session }),
        (error) => error instanceof AccessSessionNotFound && error.code === 1302);
      const payment = await service.paymentsCreate({
        clientSessionId: sid, token: token.token, cvcSession: created.cvc.session, idempotencyKey: 'order-1',
      });
      assert.equal(payment.status, 'CAPTURED');
      assert.deepEqual(payment.statusOutput, { isAuthorized: true, errors: [] });
      assert.equal(payment.token, token.token);
      assert.deepEqual(await service.paymentsGet({ paymentId: payment.id }), payment);
      assert.equal((await service.sessionGet({ clientSessionId: sid })).completed, true);
      await assert.rejects(service.productsList({ clientSessionId: sid }),
        (error) => error instanceof SessionCompleted && error.code === 1003);
    } finally {
      await service.close();
    }
  });
});
