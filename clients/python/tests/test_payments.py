"""Payments on the simulated platform and Access Checkout sessions through the
binary (API.md 9.5 and 9.7): a whole checkout per seed, every card of the
decline table and every 3-D Secure outcome as it reaches a payment (both tables
parsed from the reference tables in tests/reference), replay, idempotency, JWEs made by jwcrypto,
and two processes on one store racing for one access session."""

from __future__ import annotations

import base64
import concurrent.futures
import json
import re
import uuid
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from jwcrypto import jwe as jose_jwe
from jwcrypto import jwk as jose_jwk

from checkoutd import CheckoutdError

from _support import REPO_ROOT
from test_shared_state import Store, psql  # noqa: F401  (the store fixture's helpers)

# The project's reference tables of test cards (copied, as facts, into
# tests/reference/; see the README there for where they come from).
REFERENCE = Path(__file__).resolve().parent / "reference"
EUR_2999 = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"}
EUR_5000 = {"amountOfMoney": {"amount": 5000, "currencyCode": "EUR"}, "countryCode": "NL"}
VISA = "4242424242424242"
CHALLENGE_VISA = "4000000000001091"
PAYMENT_ID = re.compile(r"^pay_[0-9a-f]{32}$")


def table_rows(name):
    """The rows of every Markdown table of reference/NAME, as lists of cells (header and rule rows left out)."""
    path = REFERENCE / name
    assert path.exists(), f"{path} is missing"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] in ("card number",) or set(cells[0]) <= {"-", ":"}:
            continue
        rows.append(cells)
    return rows


DECLINES = [(number, status, code) for number, status, code, _ in table_rows("payment-test-cards.md")]


def three_ds_rows():
    """(card, brand, frictionless status or None, challenge outcomes or None) from reference/3ds-test-cards.md."""
    frictionless, challenges = [], []
    for row in table_rows("3ds-test-cards.md"):
        if len(row) == 4:
            frictionless.append((row[0], row[1], row[3].split(" ")[0]))
        elif len(row) == 5:
            challenges.append((row[0], row[1], row[2].split(" ")[0], row[3].split(" ")[0], row[4].split(" ")[0]))
    return frictionless, challenges


FRICTIONLESS, CHALLENGES = three_ds_rows()
FULL = {"SUCCEEDED": "AUTHENTICATION_SUCCEEDED", "FAILED": "AUTHENTICATION_FAILED", "BYPASSED": "AUTHENTICATION_BYPASSED",
        "UNAVAILABLE": "AUTHENTICATION_UNAVAILABLE", "CANCELED": "AUTHENTICATION_CANCELED", "THREE_DS_ERROR": "THREE_DS_ERROR"}
CVC_LENGTH = {"amex": 4}


def reason_of(call):
    with pytest.raises(CheckoutdError) as raised:
        call()
    return raised.value


def open_session(service, context=EUR_2999, **options):
    options.setdefault("requirements", {"withEmail": False})
    return service.call("session.init", {"context": context, **options})


def card_session(service, sid, number, cvc=None, brand="visa"):
    cvc = cvc or ("1234" if CVC_LENGTH.get(brand) == 4 else "123")
    card = {"cardNumber": number, "expiryDate": "12/30", "cvc": cvc}
    return service.call("accessSessions.create", {"clientSessionId": sid, "card": card})["card"]["session"]


def expected_outcome(number, three_ds_status):
    """What the contract says a card payment ends as, after the 3-D Secure status (None: no 3-D Secure)."""
    if three_ds_status == "AUTHENTICATION_CANCELED":
        return "CANCELLED", "AUTHENTICATION_CANCELED"
    if three_ds_status not in (None, "AUTHENTICATION_SUCCEEDED", "AUTHENTICATION_BYPASSED"):
        return "REJECTED", three_ds_status
    for declined, status, code in DECLINES:
        if declined == number:
            return status, code
    return "CAPTURED", None


def assert_outcome(payment, status, code):
    assert payment["status"] == status
    assert payment["statusOutput"]["isAuthorized"] is (status == "CAPTURED")
    assert [error["code"] for error in payment["statusOutput"]["errors"]] == ([code] if code else [])


# -- the reference tables -----------------------------------------------------------------------


def test_the_reference_tables_were_read():
    assert len(DECLINES) == 8 and all(status == "REJECTED" for _, status, _ in DECLINES)
    assert len(FRICTIONLESS) == 22 and len(CHALLENGES) == 9


@pytest.mark.parametrize("number,status,code", DECLINES, ids=[row[2] for row in DECLINES])
def test_every_card_of_the_decline_table(make_client, number, status, code):
    service = make_client()
    sid = open_session(service, customerId="cus_declines")["clientSessionId"]
    payment = service.call("payments.create", {"clientSessionId": sid, "cardSession": card_session(service, sid, number)})
    assert_outcome(payment, status, code)
    assert payment["statusOutput"]["errors"][0]["message"] and number not in json.dumps(payment)
    assert "threeDS" not in payment, "29.99 EUR in a session that does not require it: no 3-D Secure"
    # A token of the same card is decided the same way (by its keyed fingerprint).
    token = service.call("tokens.create", {"clientSessionId": sid,
                                           "card": {"cardNumber": number, "expiryDate": "12/30"}})["token"]
    cvc = service.call("accessSessions.create", {"clientSessionId": sid, "cvc": "123"})["cvc"]["session"]
    again = service.call("payments.create", {"clientSessionId": sid, "token": token, "cvcSession": cvc})
    assert_outcome(again, status, code)
    assert again["token"] == token


def test_a_decline_message_is_in_the_session_locale(make_client):
    service = make_client()
    sid = open_session(service, context=dict(EUR_2999, locale="zh_CN"))["clientSessionId"]
    payment = service.call("payments.create", {"clientSessionId": sid,
                                               "cardSession": card_session(service, sid, DECLINES[1][0])})
    assert payment["statusOutput"]["errors"][0]["message"] == "卡内余额不足。"


@pytest.mark.parametrize("number,brand,status", FRICTIONLESS, ids=[row[0] for row in FRICTIONLESS])
def test_every_frictionless_3ds_outcome_as_it_reaches_a_payment(make_client, number, brand, status):
    service = make_client()
    sid = open_session(service, threeDS={"required": True})["clientSessionId"]
    payment = service.call("payments.create", {"clientSessionId": sid,
                                               "cardSession": card_session(service, sid, number, brand=brand)})
    assert payment["threeDS"]["status"] == status
    assert_outcome(payment, *expected_outcome(number, status))
    assert "merchantAction" not in payment


@pytest.mark.parametrize("answer", ["1234", "0000", "cancel"])
@pytest.mark.parametrize("number,brand,right,wrong,cancelled", CHALLENGES, ids=[row[0] for row in CHALLENGES])
def test_every_challenge_outcome_decides_the_waiting_payment(make_client, number, brand, right, wrong, cancelled, answer):
    service = make_client()
    sid = open_session(service, context=EUR_5000)["clientSessionId"]
    pending = service.call("payments.create", {"clientSessionId": sid,
                                               "cardSession": card_session(service, sid, number, brand=brand)})
    assert pending["status"] == "PENDING_CHALLENGE" and pending["statusOutput"] == {"isAuthorized": False, "errors": []}
    action = pending["merchantAction"]
    assert action["actionType"] == "CHALLENGE" and action["challengeId"] == pending["threeDS"]["challenge"]["challengeId"]
    response = {"cancel": True} if answer == "cancel" else {"code": answer}
    final = service.call("threeDS.challenge", {"challengeId": action["challengeId"], **response})
    expected = FULL[{"1234": right, "0000": wrong, "cancel": cancelled}[answer]]
    assert final["status"] == expected
    decided = service.call("payments.get", {"paymentId": pending["id"]})
    assert decided["threeDS"] == final and "merchantAction" not in decided
    assert_outcome(decided, *expected_outcome(number, expected))


def test_a_successful_authentication_earlier_in_the_session_counts_for_the_same_card_only(make_client):
    service = make_client()
    sid = open_session(service, context=EUR_5000)["clientSessionId"]
    started = service.call("threeDS.authenticate", {"clientSessionId": sid, "cardNumber": CHALLENGE_VISA})
    final = service.call("threeDS.challenge", {"challengeId": started["challenge"]["challengeId"], "code": "1234"})
    payment = service.call("payments.create", {"clientSessionId": sid,
                                               "cardSession": card_session(service, sid, CHALLENGE_VISA)})
    assert payment["status"] == "CAPTURED" and payment["threeDS"] == final
    other = service.call("payments.create", {"clientSessionId": sid, "cardSession": card_session(service, sid, VISA)})
    assert other["status"] == "PENDING_CHALLENGE", "another card is not authenticated by it"
    fresh = open_session(service, context=EUR_5000)["clientSessionId"]
    elsewhere = service.call("payments.create", {"clientSessionId": fresh,
                                                 "cardSession": card_session(service, fresh, CHALLENGE_VISA)})
    assert elsewhere["status"] == "PENDING_CHALLENGE", "nor does it count in another session"


def test_the_30_eur_limit_converts_other_currencies(make_client):
    service = make_client()
    sid = open_session(service, context={"amountOfMoney": {"amount": 5860, "currencyCode": "JPY"}, "countryCode": "JP"})
    sid = sid["clientSessionId"]
    within = service.call("payments.create", {"clientSessionId": sid, "cardSession": card_session(service, sid, VISA)})
    assert within["status"] == "CAPTURED" and "threeDS" not in within
    above = service.call("payments.create", {"clientSessionId": sid, "cardSession": card_session(service, sid, VISA),
                                             "amountOfMoney": {"amount": 5861, "currencyCode": "JPY"}})
    assert above["status"] == "PENDING_CHALLENGE" and above["amountOfMoney"] == {"amount": 5861, "currencyCode": "JPY"}


# -- a whole checkout per seed ------------------------------------------------------------------


def test_online_payments_checkout_with_tokenize_then_the_account_on_file(make_client):
    service = make_client()
    first = open_session(service, customerId="cus_op", context=EUR_2999)["clientSessionId"]
    products = service.call("products.list", {"clientSessionId": first})
    assert 1 in [product["id"] for product in products["paymentProducts"]]
    values = {"cardNumber": "4242 4242 4242 4242", "expiryDate": "12/30", "cvv": "123", "cardholderName": "Wile E. Coyote"}
    assert service.call("paymentRequest.validate", {"clientSessionId": first, "paymentProductId": 1, "values": values})["valid"]
    encrypted = service.call("paymentRequest.encrypt", {"clientSessionId": first, "paymentProductId": 1,
                                                        "values": values, "tokenize": True})
    payment = service.call("payments.create", {"clientSessionId": first,
                                               "encryptedCustomerInput": encrypted["encryptedCustomerInput"]})
    assert payment["status"] == "CAPTURED" and PAYMENT_ID.match(payment["id"])
    assert payment["card"] == {"brand": "visa", "bin": "424242", "last4Digits": "4242", "expiryDate": "1230"}
    assert payment["amountOfMoney"] == EUR_2999["amountOfMoney"] and payment["paymentProductId"] == 1
    token = payment["token"]
    assert [account["id"] for account in service.call("tokens.list", {"customerId": "cus_op"})["tokens"]] == [token]
    # A new session offers the account on file; paying with it needs only the CVV.
    second = open_session(service, customerId="cus_op", accountsOnFile=[token], context=EUR_2999)["clientSessionId"]
    offered = service.call("products.list", {"clientSessionId": second})["accountsOnFile"]
    assert [account["id"] for account in offered] == [token]
    with_account = service.call("paymentRequest.encrypt", {"clientSessionId": second, "paymentProductId": 1,
                                                           "accountOnFileId": token, "values": {"cvv": "321"}})
    again = service.call("payments.create", {"clientSessionId": second,
                                             "encryptedCustomerInput": with_account["encryptedCustomerInput"]})
    assert again["status"] == "CAPTURED" and again["token"] == token and again["card"]["last4Digits"] == "4242"


def test_bluesnap_checkout_token_challenge_payment_one_result_with_everything(make_client):
    service = make_client()
    session = open_session(service, customerId="cus_bs", context=EUR_2999, taxAmount=500, fraudSessionId="fs_bluesnap",
                           threeDS={"required": True}, endOnPayment=True)
    sid = session["clientSessionId"]
    billing = {"name": "Road Runner", "address": "1 Desert Road", "city": "Phoenix", "zip": "85001", "country": "US",
               "state": "AZ", "email": "road.runner@example.com"}
    shipping = {"name": "Road Runner", "address": "2 Canyon Way", "city": "Tucson", "zip": "85701", "country": "US",
                "state": "AZ"}
    tokenized = service.call("tokens.create", {"clientSessionId": sid, "card": {
        "cardNumber": CHALLENGE_VISA, "expiryDate": "11/29", "cvv": "123", "cardholderName": "Road Runner"},
        "billingDetails": billing, "shippingDetails": shipping})
    token = tokenized["token"]
    assert tokenized["accountOnFile"]["billingDetails"] == billing
    started = service.call("threeDS.authenticate", {"clientSessionId": sid, "token": token})
    assert started["status"] == "CHALLENGE_REQUIRED"
    final = service.call("threeDS.challenge", {"challengeId": started["challenge"]["challengeId"], "code": "1234"})
    assert final["status"] == "AUTHENTICATION_SUCCEEDED"
    cvc = service.call("accessSessions.create", {"clientSessionId": sid, "cvc": "123"})["cvc"]["session"]
    payment = service.call("payments.create", {"clientSessionId": sid, "token": token, "cvcSession": cvc})
    assert payment == {
        "id": payment["id"], "status": "CAPTURED", "statusOutput": {"isAuthorized": True, "errors": []},
        "amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "taxAmount": 500, "paymentProductId": 1,
        "card": {"brand": "visa", "bin": CHALLENGE_VISA[:6], "last4Digits": CHALLENGE_VISA[-4:], "expiryDate": "1129"},
        "threeDS": final, "token": token, "billingDetails": billing, "shippingDetails": shipping,
        "fraudSessionId": "fs_bluesnap", "createdAt": "2026-11-21T10:00:00Z"}
    # endOnPayment: the session is over for everything but session.get.
    assert service.call("session.get", {"clientSessionId": sid})["completed"] is True
    for method, params in [("products.list", {}), ("session.update", {"taxAmount": 0}), ("session.close", {}),
                           ("accessSessions.create", {"cvc": "123"}), ("payments.create", {"token": token})]:
        error = reason_of(lambda: service.call(method, {"clientSessionId": sid, **params}))
        assert (error.reason, error.code) == ("SESSION_COMPLETED", 1003), method
    assert service.call("payments.get", {"paymentId": payment["id"]}) == payment


def test_access_checkout_card_and_cvc_sessions_then_a_stored_token(make_client):
    service = make_client()
    sid = open_session(service, customerId="cus_ac", acceptedBrands=["visa", "mastercard"])["clientSessionId"]
    created = service.call("accessSessions.create", {"clientSessionId": sid, "cvc": "123", "card": {
        "cardNumber": "5555 5555 5555 4444", "expiryDate": "12/30", "cvc": "123"}})
    card = created["card"]
    assert card["session"].startswith("acs_card_") and created["cvc"]["session"].startswith("acs_cvc_")
    assert (card["brand"], card["bin"], card["last4Digits"], card["expiryDate"]) == ("mastercard", "555555", "4444", "1230")
    assert card["expiresAt"] == created["cvc"]["expiresAt"] == "2026-11-21T10:10:00Z"
    token = service.call("tokens.create", {"clientSessionId": sid, "cardSession": card["session"]})
    assert token["card"]["last4Digits"] == "4444" and token["paymentProductId"] == 3
    error = reason_of(lambda: service.call("tokens.create", {"clientSessionId": sid, "cardSession": card["session"]}))
    assert (error.reason, error.code, error.data["path"]) == ("ACCESS_SESSION_NOT_FOUND", 1302, "/cardSession")
    payment = service.call("payments.create", {"clientSessionId": sid, "token": token["token"],
                                               "cvcSession": created["cvc"]["session"]})
    assert payment["status"] == "CAPTURED" and payment["token"] == token["token"] and payment["paymentProductId"] == 3
    used = reason_of(lambda: service.call("payments.create", {"clientSessionId": sid, "token": token["token"],
                                                              "cvcSession": created["cvc"]["session"]}))
    assert used.reason == "ACCESS_SESSION_NOT_FOUND" and used.data["path"] == "/cvcSession"
    needs_cvc = reason_of(lambda: service.call("payments.create", {"clientSessionId": sid, "token": token["token"]}))
    assert needs_cvc.reason == "VALIDATION_FAILED"
    assert [(e["fieldId"], e["errorMessageId"]) for e in needs_cvc.data["errors"]] == [("cvcSession", "required")]


def test_paypal_redirect_complete_and_invoice_id(make_client):
    service = make_client()
    sid = open_session(service, context={"amountOfMoney": {"amount": 4500, "currencyCode": "USD"}, "countryCode": "US"})
    sid = sid["clientSessionId"]
    encrypted = service.call("paymentRequest.encrypt", {"clientSessionId": sid, "paymentProductId": 840,
                                                        "values": {"emailAddress": "wile@acme.example"}})
    payment = service.call("payments.create", {"clientSessionId": sid,
                                               "encryptedCustomerInput": encrypted["encryptedCustomerInput"]})
    assert payment["status"] == "REDIRECTED" and "threeDS" not in payment and "card" not in payment
    assert payment["merchantAction"]["actionType"] == "REDIRECT" and payment["merchantAction"]["redirectUrl"].startswith("https://")
    assert "payPalInvoiceId" not in payment
    done = service.call("payments.complete", {"paymentId": payment["id"], "outcome": "approve"})
    assert done["status"] == "CAPTURED" and re.fullmatch(r"[0-9A-F]{17}", done["payPalInvoiceId"])
    assert "merchantAction" not in done and service.call("payments.get", {"paymentId": payment["id"]}) == done
    twice = reason_of(lambda: service.call("payments.complete", {"paymentId": payment["id"], "outcome": "cancel"}))
    assert (twice.reason, twice.code) == ("PAYMENT_NOT_COMPLETABLE", 1704)


@pytest.mark.parametrize("outcome,status,code", [("cancel", "CANCELLED", "CANCELLED_BY_CUSTOMER"),
                                                 ("fail", "REJECTED", "DECLINED_BY_PROVIDER")])
def test_an_ideal_return_that_does_not_approve(make_client, outcome, status, code):
    service = make_client()
    sid = open_session(service)["clientSessionId"]
    issuer = service.call("products.get", {"clientSessionId": sid, "paymentProductId": 809})["fields"][0]
    value = issuer["displayHints"]["formElement"]["valueMapping"][0]["value"]
    encrypted = service.call("paymentRequest.encrypt", {"clientSessionId": sid, "paymentProductId": 809,
                                                        "values": {issuer["id"]: value}})
    payment = service.call("payments.create", {"clientSessionId": sid,
                                               "encryptedCustomerInput": encrypted["encryptedCustomerInput"]})
    done = service.call("payments.complete", {"paymentId": payment["id"], "outcome": outcome})
    assert_outcome(done, status, code)
    assert "payPalInvoiceId" not in done


def test_mobile_payments_are_captured(make_client):
    service = make_client()
    sid = open_session(service)["clientSessionId"]
    for product in (302, 320):
        payment = service.call("payments.create", {"clientSessionId": sid, "mobilePaymentData": "opaque-wallet-token",
                                                   "paymentProductId": product})
        assert payment["status"] == "CAPTURED" and payment["paymentProductId"] == product and "card" not in payment
    refused = reason_of(lambda: service.call("payments.create", {"clientSessionId": sid, "mobilePaymentData": "x",
                                                                 "paymentProductId": 1}))
    assert refused.reason == "INVALID_PARAMS" and refused.data["errors"][0]["path"] == "/paymentProductId"


def test_a_card_session_is_refused_with_every_problem_and_never_echoes_the_card(make_client):
    service = make_client()
    sid = open_session(service, acceptedBrands=["mastercard"])["clientSessionId"]
    error = reason_of(lambda: service.call("accessSessions.create", {"clientSessionId": sid, "cvc": "12345", "card": {
        "cardNumber": VISA, "expiryDate": "01/20", "cvc": "12"}}))
    assert error.reason == "VALIDATION_FAILED"
    assert [(e["fieldId"], e["errorMessageId"]) for e in error.data["errors"]] == [
        ("card.cardNumber", "allowedInContext"), ("card.expiryDate", "expirationDate"), ("card.cvc", "length"),
        ("cvc", "length")]
    assert VISA not in json.dumps(error.data)
    missing = reason_of(lambda: service.call("accessSessions.create", {"clientSessionId": sid}))
    assert missing.reason == "INVALID_PARAMS"


# -- encrypted input: replay, idempotency, foreign JWEs -----------------------------------------


def encrypt_for(service, sid, values=None, product=1):
    values = values or {"cardNumber": VISA, "expiryDate": "12/30", "cvv": "123"}
    return service.call("paymentRequest.encrypt", {"clientSessionId": sid, "paymentProductId": product,
                                                   "values": values})["encryptedCustomerInput"]


def test_an_encrypted_input_pays_once(make_client):
    service = make_client()
    sid = open_session(service)["clientSessionId"]
    jwe = encrypt_for(service, sid)
    assert service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": jwe})["status"] == "CAPTURED"
    replay = reason_of(lambda: service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": jwe}))
    assert (replay.reason, replay.code) == ("REPLAYED_REQUEST", 1703)


def test_the_same_idempotency_key_returns_the_first_payment(make_client):
    service = make_client()
    sid = open_session(service)["clientSessionId"]
    first = service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": encrypt_for(service, sid),
                                             "idempotencyKey": "order-42"})
    # The same key returns the first payment without using anything up: not the JWE, not the card session.
    card = card_session(service, sid, DECLINES[0][0])
    again = service.call("payments.create", {"clientSessionId": sid, "cardSession": card, "idempotencyKey": "order-42"})
    assert again == first
    other = service.call("payments.create", {"clientSessionId": sid, "cardSession": card, "idempotencyKey": "order-43"})
    assert other["id"] != first["id"] and other["status"] == "REJECTED"
    elsewhere = open_session(service)["clientSessionId"]
    fresh = service.call("payments.create", {"clientSessionId": elsewhere, "mobilePaymentData": "w", "paymentProductId": 302,
                                             "idempotencyKey": "order-42"})
    assert fresh["id"] != first["id"], "keys are per session"


def jwcrypto_jwe(public_key_der_b64, plaintext, alg="RSA-OAEP", kid=None):
    der = base64.b64decode(public_key_der_b64)
    pem = b"-----BEGIN PUBLIC KEY-----\n" + base64.encodebytes(der) + b"-----END PUBLIC KEY-----\n"
    key = jose_jwk.JWK.from_pem(pem)
    header = {"alg": alg, "enc": "A256CBC-HS512"}
    if kid:
        header["kid"] = kid
    token = jose_jwe.JWE(json.dumps(plaintext).encode(), protected=json.dumps(header))
    token.add_recipient(key)
    return token.serialize(compact=True)


def customer_input(sid, **extra):
    return {"clientSessionId": sid, "nonce": str(uuid.uuid4()), "paymentProductId": 1,
            "paymentValues": [{"key": "cardNumber", "value": VISA}, {"key": "expiryDate", "value": "1230"},
                              {"key": "cvv", "value": "123"}], **extra}


@pytest.mark.parametrize("alg", ["RSA-OAEP", "RSA-OAEP-256"])
def test_a_jwe_made_by_jwcrypto_with_the_public_key_is_accepted(make_client, alg):
    service = make_client()
    sid = open_session(service)["clientSessionId"]
    public = service.call("encryption.publicKey", {"clientSessionId": sid})
    jwe = jwcrypto_jwe(public["publicKey"], customer_input(sid), alg=alg, kid=public["keyId"])
    payment = service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": jwe})
    assert payment["status"] == "CAPTURED" and payment["card"]["last4Digits"] == VISA[-4:]
    no_kid = jwcrypto_jwe(public["publicKey"], customer_input(sid, tokenize=True), alg=alg)
    tokenized = service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": no_kid})
    assert tokenized["status"] == "CAPTURED" and tokenized["token"].startswith("tok_")


def test_foreign_and_altered_jwes_are_decryption_failed_without_their_content(make_client):
    service = make_client("--log-level", "debug")
    sid = open_session(service)["clientSessionId"]
    other_sid = open_session(service)["clientSessionId"]
    public = service.call("encryption.publicKey", {"clientSessionId": sid})
    other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048).public_key()
    from cryptography.hazmat.primitives import serialization
    other_der = base64.b64encode(other_key.public_bytes(serialization.Encoding.DER,
                                                        serialization.PublicFormat.SubjectPublicKeyInfo)).decode()
    good = encrypt_for(service, sid)
    parts = good.split(".")
    cut_tag = ".".join(parts[:4] + [parts[4][:-6]])
    flipped = ".".join(parts[:3] + [parts[3][:-2] + ("A" if parts[3][-2] != "A" else "B") + parts[3][-1], parts[4]])
    cases = {
        "wrong key": jwcrypto_jwe(other_der, customer_input(sid)),
        "cut tag": cut_tag,
        "altered ciphertext": flipped,
        "another session": encrypt_for(service, other_sid),
        "not a JWE": "not.a.jwe",
        "not a customer input": jwcrypto_jwe(public["publicKey"], {"clientSessionId": sid}),
    }
    for name, jwe in cases.items():
        error = reason_of(lambda: service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": jwe}))
        assert (error.reason, error.code) == ("DECRYPTION_FAILED", 1702), name
        assert VISA not in json.dumps(error.data) and "nonce" not in json.dumps(error.data), name
    # The session's own JWE still pays: none of those used it up.
    assert service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": good})["status"] == "CAPTURED"
    service.close()
    assert VISA not in service.stderr and VISA[:6] + "XXXXXX" not in service.stderr


def test_values_that_break_the_product_rules_are_validation_failed_and_use_nothing_up(make_client):
    service = make_client()
    sid = open_session(service)["clientSessionId"]
    public = service.call("encryption.publicKey", {"clientSessionId": sid})
    bad = customer_input(sid)
    bad["paymentValues"][0]["value"] = "4242424242424241"
    jwe = jwcrypto_jwe(public["publicKey"], bad)
    error = reason_of(lambda: service.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": jwe}))
    assert error.reason == "VALIDATION_FAILED" and [e["fieldId"] for e in error.data["errors"]] == ["cardNumber"]


def test_payments_get_and_complete_of_unknown_payments(make_client):
    service = make_client()
    assert reason_of(lambda: service.call("payments.get", {"paymentId": "pay_unknown"})).reason == "PAYMENT_NOT_FOUND"
    assert reason_of(lambda: service.call("payments.complete", {"paymentId": "pay_unknown", "outcome": "approve"})).reason \
        == "PAYMENT_NOT_FOUND"


# -- two processes on one store -----------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_store(request, tmp_path):
    store = Store(request.param, tmp_path)
    yield store
    store.drop()


def test_two_processes_paying_with_one_access_session_succeed_once(make_client, shared_store):
    first, second = make_client(*shared_store.flags), make_client(*shared_store.flags)
    for round_ in range(4):
        sid = open_session(first)["clientSessionId"]
        card = card_session(second, sid, VISA)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = [pool.submit(service.call, "payments.create", {"clientSessionId": sid, "cardSession": card})
                       for service in (first, second)]
            outcomes = []
            for future in futures:
                try:
                    outcomes.append(future.result()["status"])
                except CheckoutdError as error:
                    outcomes.append(error.reason)
        assert sorted(outcomes) == ["ACCESS_SESSION_NOT_FOUND", "CAPTURED"], round_
    # A JWE paid in one process is a replay in the other; a payment is visible to both.
    jwe = encrypt_for(first, sid)
    paid = second.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": jwe})
    assert reason_of(lambda: first.call("payments.create", {"clientSessionId": sid, "encryptedCustomerInput": jwe})).reason \
        == "REPLAYED_REQUEST"
    assert first.call("payments.get", {"paymentId": paid["id"]}) == paid
