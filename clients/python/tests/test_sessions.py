"""Sessions through the binary (API.md section 4 "Sessions", section 7 --session-ttl)."""

from __future__ import annotations

import re
import time

import pytest

from checkoutd import InvalidParams, SessionExpired, SessionNotFound

NL_EUR = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"}


def test_a_session_is_opened_read_and_closed(client):
    opened = client.session_init(NL_EUR, client_session_id="cs_1", customer_id="cus_1")
    assert opened["createdAt"] == "2026-11-21T10:00:00Z"
    assert opened["expiresAt"] == "2026-11-21T11:00:00Z"
    assert client.session_get("cs_1") == opened
    assert client.session_close("cs_1") == {"closed": True}
    with pytest.raises(SessionNotFound) as raised:
        client.session_get("cs_1")
    assert raised.value.code == 1001
    assert raised.value.data["clientSessionId"] == "cs_1"


def test_ids_are_minted_when_absent(client):
    first = client.session_init(NL_EUR)
    second = client.session_init(NL_EUR)
    assert re.fullmatch(r"cs_[0-9a-f]{32}", first["clientSessionId"])
    assert re.fullmatch(r"cus_[0-9a-f]{32}", first["customerId"])
    assert first["clientSessionId"] != second["clientSessionId"]
    assert client.session_get(first["clientSessionId"]) == first


def test_session_ttl_flag_sets_the_life(make_client):
    service = make_client("--session-ttl", "600")
    assert service.session_init(NL_EUR)["expiresAt"] == "2026-11-21T10:10:00Z"


def test_an_expired_session_says_so(make_client):
    # The one test that needs time to pass: a real clock and a 1-second life.
    service = make_client("--session-ttl", "1", clock=False)
    opened = service.session_init(NL_EUR, client_session_id="cs_short")
    deadline = time.monotonic() + 5
    while True:
        try:
            service.session_get("cs_short")
        except SessionExpired as expired:
            assert expired.code == 1002
            assert expired.data["expiredAt"] == opened["expiresAt"]
            break
        assert time.monotonic() < deadline, "the session never expired"
        time.sleep(0.2)
    with pytest.raises(SessionExpired):
        service.products_list("cs_short")


def test_reinit_replaces_the_session(client):
    client.session_init(NL_EUR, client_session_id="cs_r", tax_amount=100)
    replaced = client.session_init(dict(NL_EUR, countryCode="BE"), client_session_id="cs_r")
    assert client.session_get("cs_r") == replaced
    assert replaced["taxAmount"] == 0 and replaced["context"]["countryCode"] == "BE"


def test_options_come_back_normalised(client):
    session = client.session_init(dict(NL_EUR, isRecurring=True, locale="zh_CN"), app_identifier="Shop/1.0",
                                  accepted_brands=["Visa", "VISA", "amex"], requirements={"withShipping": True},
                                  three_ds={"enabled": False})
    assert session["acceptedBrands"] == ["visa", "amex"]
    assert session["requirements"] == {"withEmail": True, "withShipping": True, "fullBilling": False}
    assert session["threeDS"] == {"enabled": False, "bypass": False, "required": False}
    assert session["context"]["locale"] == "zh_CN" and session["context"]["isRecurring"] is True
    assert session["appIdentifier"] == "Shop/1.0"


@pytest.mark.parametrize("params, paths", [
    ({}, ["/context"]),
    ({"context": {"amountOfMoney": {"amount": "10", "currencyCode": "EUR"}, "countryCode": "NL"}},
     ["/context/amountOfMoney/amount"]),
    ({"context": {"amountOfMoney": {"amount": 10.5, "currencyCode": "EU"}, "countryCode": "nl"}},
     ["/context/amountOfMoney/amount", "/context/amountOfMoney/currencyCode", "/context/countryCode"]),
    ({"context": NL_EUR, "clientSessionId": "x" * 65}, ["/clientSessionId"]),
    ({"context": NL_EUR, "taxAmount": 3000}, ["/taxAmount"]),
    ({"context": NL_EUR, "colour": "red"}, ["/colour"]),
])
def test_bad_init_params_are_listed_with_their_paths(client, params, paths):
    with pytest.raises(InvalidParams) as raised:
        client.call("session.init", params)
    assert [problem["path"] for problem in raised.value.errors] == paths


@pytest.mark.parametrize("method", ["session.get", "session.close", "products.list"])
def test_a_malformed_session_id_is_invalid_params(client, method):
    with pytest.raises(InvalidParams) as raised:
        client.call(method, {"clientSessionId": "not valid!"})
    assert [problem["path"] for problem in raised.value.errors] == ["/clientSessionId"]


# --- session options and session.update (API.md 9.2) --------------------------------------

def test_session_options_are_kept_and_a_fixed_currency_refuses_changes(client):
    from checkoutd import CurrencyChangeNotAllowed
    session = client.session_init({"amountOfMoney": {"amount": 10000, "currencyCode": "USD"}, "countryCode": "US"},
                                  allow_currency_change=False, fraud_session_id="kount_0042", end_on_payment=True,
                                  three_ds={"required": True})
    assert (session["allowCurrencyChange"], session["fraudSessionId"], session["endOnPayment"],
            session["completed"], session["threeDS"]["required"]) == (False, "kount_0042", True, False, True)
    sid = session["clientSessionId"]
    assert client.session_get(sid) == session
    with pytest.raises(CurrencyChangeNotAllowed):
        client.session_change_currency(sid, "EUR")
    with pytest.raises(CurrencyChangeNotAllowed):
        client.session_update(sid, amount_of_money={"amount": 9000, "currencyCode": "EUR"})
    assert client.session_get(sid) == session, "refused changes change nothing"


@pytest.mark.parametrize("fraud_id", ["", "x" * 33, "has space", "ümlaut"])
def test_a_fraud_session_id_outside_its_alphabet_is_invalid_params(client, fraud_id):
    from checkoutd import InvalidParams
    with pytest.raises(InvalidParams) as error:
        client.session_init({"amountOfMoney": {"amount": 1, "currencyCode": "EUR"}, "countryCode": "NL"},
                            fraud_session_id=fraud_id)
    assert [p["path"] for p in error.value.data["errors"]] == ["/fraudSessionId"]


def test_an_update_rebases_the_amounts_changes_of_currency_convert_from(client):
    sid = client.session_init({"amountOfMoney": {"amount": 10000, "currencyCode": "USD"}, "countryCode": "US"},
                              tax_amount=1000)["clientSessionId"]
    client.session_change_currency(sid, "EUR")
    updated = client.session_update(sid, amount_of_money={"amount": 10725, "currencyCode": "USD"}, tax_amount=725,
                                    country_code="CA", locale="fr_CA")
    assert updated["context"] == {"amountOfMoney": {"amount": 10725, "currencyCode": "USD"}, "countryCode": "CA",
                                  "isRecurring": False, "locale": "fr_CA"}
    assert updated["taxAmount"] == 725
    euros = client.session_change_currency(sid, "EUR")
    back = client.session_change_currency(sid, "USD")
    assert back["context"]["amountOfMoney"] == {"amount": 10725, "currencyCode": "USD"}
    assert back["taxAmount"] == 725 and euros["context"]["amountOfMoney"]["currencyCode"] == "EUR"
