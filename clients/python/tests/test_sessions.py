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
    assert session["threeDS"] == {"enabled": False, "bypass": False}
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
