"""No full card number or CVC in a log line, an error message, a response (but
the results that echo the host's input) or the vault (API.md sections 2 and 7).

This file runs last: its final test checks what the whole run fed into the
leak log (see ``_leaks.py``) plus every vault file under pytest's temporary
directory. The test before it makes sure there is something to look at: card
data through every method that takes it, valid and invalid, with debug logs
and a vault.
"""

from __future__ import annotations

import pytest

from checkoutd import CheckoutdError

from _leaks import LEAKS, LeakLog, luhn_valid, vault_files

CARDS = [("4111111111111111", "7890"), ("5555555555554444", "987"), ("378282246310005", "4560"),
         ("3566002020360505", "321"), ("4000000000001091", "456")]
CONTEXT = {"amountOfMoney": {"amount": 5000, "currencyCode": "EUR"}, "countryCode": "NL"}


def spaced(number: str) -> str:
    return " ".join(number[i:i + 4] for i in range(0, len(number), 4))


def attempt(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except CheckoutdError as error:
        return error


def test_the_leak_log_knows_the_suites_cards():
    assert {number for number, _ in CARDS} <= set(LEAKS.card_numbers)
    assert all(luhn_valid(number) for number in LEAKS.card_numbers)
    assert {"7890", "987", "321", "456"} <= set(LEAKS.distinctive_cvcs)


def test_the_leak_log_finds_what_it_looks_for(tmp_path):
    log = LeakLog({"4111111111111111"}, {"123", "7890"})
    log.response({"jsonrpc": "2.0", "id": 1, "result": {"formatted": "4111 1111 1111 1111", "cursor": 19,
                                                        "cardBrand": None}}, ["card.format"])
    log.response({"jsonrpc": "2.0", "id": 2, "result": {"value": "4111111111111111"}}, ["mask.remove"])
    assert not log.findings and log.echoed_results == 2
    log.response({"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": "Invalid params", "data": {
        "reason": "INVALID_PARAMS", "errors": [{"path": "/pan", "message": "4111-1111-1111-1111 is bad"}]}}},
        ["card.format"])
    log.response({"jsonrpc": "2.0", "id": 4, "result": {"value": "4111111111111111", "extra": 1}}, ["mask.apply"])
    log.response({"jsonrpc": "2.0", "id": 5, "result": {"alias": "411111XXXXXX1111"}}, ["tokens.create"])
    assert len(log.findings) == 2
    log.stderr("2026-11-21T10:00:00+0000 debug checkoutd: id=7890 method=x [JSONRPC] request\n", "ids")
    assert len(log.findings) == 2, "a request id is not a CVC"
    log.stderr("warn checkoutd: card=4111 1111 1111 1111\n", "pan")
    log.stderr("warn checkoutd: cvv=123\n", "cvv by key")
    log.stderr("warn checkoutd: values=[7890]\n", "bare cvc")
    assert len(log.findings) == 5
    (tmp_path / "a.db").write_bytes(b"SQLite format 3\x00" + "4111111111111111".encode("utf-16-le"))
    (tmp_path / "a.db-wal").write_bytes(b'..{"cvv":"7890"}..')
    (tmp_path / "other.bin").write_bytes(b"4111111111111111")
    for path in vault_files(tmp_path):
        log.vault_file(path)
    assert log.files == 2 and len(log.findings) == 7, log.findings
    for path in list(tmp_path.iterdir()):
        path.unlink()   # planted: not for the final check


def test_card_data_through_every_method_that_takes_it(make_client, tmp_path):
    service = make_client("--data", str(tmp_path / "vault.db"), "--log-level", "debug")
    sid = service.session_init(CONTEXT, customer_id="cus_leak", requirements={"withEmail": False})["clientSessionId"]
    tokens = []
    for number, cvc in CARDS:
        for form in (number, spaced(number)):
            created = attempt(service.tokens_create, sid, {"cardNumber": form, "expiryDate": "12/28", "cvv": cvc,
                                                          "cardholderName": "Wile E. Coyote"})
            if isinstance(created, dict):
                tokens.append(created["token"])
        for card in ({"cardNumber": number[:-1] + str((int(number[-1]) + 1) % 10), "expiryDate": "12/28", "cvv": cvc},
                     {"cardNumber": number, "expiryDate": "01/20", "cvv": cvc + "9"},
                     {"cardNumber": number + "x", "expiryDate": "13/99", "cvv": "x" + cvc}):
            assert isinstance(attempt(service.tokens_create, sid, card), CheckoutdError)
        service.card_validate(pan=number, expiry_date="12/28", cvc=cvc)
        service.card_validate(pan=number + "1", expiry_date="12/28", cvc=cvc + "1", client_session_id=sid)
        attempt(service.iin_details, sid, number)
        attempt(service.three_ds_authenticate, sid, card_number=number)
        attempt(service.call, "threeDS.authenticate", {"clientSessionId": sid, "cardNumber": number + "x"})
        attempt(service.call, "threeDS.authenticate", {"clientSessionId": sid, "cardNumber": number, "token": "t"})
        values = {"cardNumber": spaced(number), "expiryDate": "12/28", "cvv": cvc, "cardholderName": "W Coyote"}
        for product in (1, 2, 3, 125):
            service.payment_request_validate(sid, product, values)
            attempt(service.payment_request_encrypt, sid, product, values)
            attempt(service.payment_request_encrypt, sid, product, dict(values, cvv=cvc + "12"))
        service.card_format(spaced(number))     # echoes by design: only the response may hold the number
        service.mask_apply(number, "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
        for params in ({"pan": int(number)}, {"pan": number, "cursor": 99}, {"pan": [number]}):
            attempt(service.call, "card.format", params)
        for method in ("mask.apply", "mask.remove"):
            attempt(service.call, method, {"value": number, "mask": "{{9999"})
            attempt(service.call, method, {"value": number, "mask": "{{9999}}", "cursor": 99})
        attempt(service.call, "card.validate", {"pan": number, "cvc": int(cvc)})
        attempt(service.call, "tokens.create", {"clientSessionId": sid, "card": {"cardNumber": number, "cvv": cvc}})
        attempt(service.call, "tokens.create", {"clientSessionId": sid, "card": {"cardNumber": int(number),
                                                                               "expiryDate": "1228", "cvv": int(cvc)}})
        attempt(service.call, "tokens.create", {"clientSessionId": "cs_none", "card": {"cardNumber": number,
                                                                                      "expiryDate": "1228"}})
        attempt(service.call, "paymentRequest.validate", {"clientSessionId": sid, "paymentProductId": 1,
                                                          "values": {"cardNumber": int(number), "cvv": int(cvc)}})
    assert len(tokens) >= len(CARDS)
    for token in tokens:
        service.three_ds_authenticate(sid, token=token)
    assert service.close() == 0


def test_no_card_number_or_cvc_leaked_anywhere(tmp_path_factory):
    for path in vault_files(tmp_path_factory.getbasetemp()):
        LEAKS.vault_file(path)
    summary = LEAKS.summary()
    print(f"leak check: {summary}")
    if LEAKS.responses == 0:
        pytest.skip("nothing was collected: run this file with the rest of the suite")
    assert LEAKS.files > 0, "the vault written by the test above was not found"
    assert not LEAKS.findings, (f"{len(LEAKS.findings)} leak(s) of card data ({summary}):\n"
                                + "\n".join(LEAKS.findings[:50]))
