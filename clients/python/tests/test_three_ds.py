"""3-D Secure through the binary (API.md section 4 "3-D Secure simulation"), judged by
the normative test-card table of reference/3ds-test-cards.md (copied below as facts),
its ECI rule, and the 30.00 EUR limit worked out with exact fractions over the
embedded rates file. Challenge expiry needs a clock that moves: the engine tests
cover it (Tests/CheckoutServiceTests/ThreeDSMethodTests.swift)."""

from __future__ import annotations

import base64
import json
import math
import re
from fractions import Fraction

import pytest

from checkoutd import ChallengeNotFound, InvalidParams, ThreeDSDisabled, TokenNotFound, UnknownCurrency

from _support import REPO_ROOT

# reference/3ds-test-cards.md, "Frictionless (no challenge)": number, brand, transStatus, status, version.
FRICTIONLESS = [
    ("4000000000002701", "visa", "Y", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("5200000000002235", "mastercard", "Y", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("340000000002708", "amex", "Y", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("6011000000002117", "discover", "Y", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("4000000000001000", "visa", "Y", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("5200000000001005", "mastercard", "Y", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("4000000000002925", "visa", "N", "AUTHENTICATION_FAILED", "2.2.0"),
    ("5200000000002276", "mastercard", "N", "AUTHENTICATION_FAILED", "2.2.0"),
    ("340000000002096", "amex", "N", "AUTHENTICATION_FAILED", "2.2.0"),
    ("4000000000001018", "visa", "N", "AUTHENTICATION_FAILED", "2.2.0"),
    ("4000000000002719", "visa", "A", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("5200000000002482", "mastercard", "A", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("340000000002872", "amex", "A", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("4000000000001026", "visa", "A", "AUTHENTICATION_SUCCEEDED", "2.2.0"),
    ("4000000000002313", "visa", "U", "AUTHENTICATION_UNAVAILABLE", "2.2.0"),
    ("4000000000001034", "visa", "U", "AUTHENTICATION_UNAVAILABLE", "2.2.0"),
    ("4000000000001042", "visa", "R", "AUTHENTICATION_FAILED", "2.2.0"),
    ("4000000000001059", "visa", None, "AUTHENTICATION_UNAVAILABLE", "2.2.0"),
    ("4000000000001067", "visa", None, "THREE_DS_ERROR", "2.2.0"),
    ("4000000000001075", "visa", None, "THREE_DS_ERROR", "2.2.0"),
    ("4000000000001083", "visa", None, "AUTHENTICATION_BYPASSED", "2.2.0"),
    ("4000000000000002", "visa", None, "CARD_NOT_SUPPORTED", "1.0.2"),
]

SUCCEEDED, FAILED = ("AUTHENTICATION_SUCCEEDED", "Y"), ("AUTHENTICATION_FAILED", "N")
BYPASSED, UNAVAILABLE, ERROR = ("AUTHENTICATION_BYPASSED", None), ("AUTHENTICATION_UNAVAILABLE", "U"), ("THREE_DS_ERROR", None)
CANCELED = ("AUTHENTICATION_CANCELED", None)

# "Challenge": number, brand, after code 1234, after any other code (cancel is always CANCELED).
CHALLENGES = [
    ("4000000000001091", "visa", SUCCEEDED, FAILED),
    ("4000000000002503", "visa", SUCCEEDED, FAILED),
    ("5200000000002151", "mastercard", SUCCEEDED, FAILED),
    ("4000000000001109", "visa", FAILED, FAILED),
    ("4000000000002370", "visa", FAILED, FAILED),
    ("5200000000002490", "mastercard", FAILED, FAILED),
    ("4000000000001133", "visa", BYPASSED, BYPASSED),
    ("4000000000001117", "visa", UNAVAILABLE, UNAVAILABLE),
    ("4000000000001125", "visa", ERROR, ERROR),
]

UUID4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
VISA = "4111 1111 1111 1111"


def eci(trans_status, brand):
    """The reference's ECI rule: Mastercard 02/01/00, every other brand 05/06/07."""
    values = ("02", "01", "00") if brand == "mastercard" else ("05", "06", "07")
    return {"Y": values[0], "A": values[1], "N": values[2], "U": values[2], "R": values[2]}.get(trans_status)


def check_final(result, status, trans_status, brand, version="2.2.0"):
    """Everything API.md and the reference fix about a final result."""
    assert result["status"] == status
    assert result.get("transStatus") == trans_status
    assert result.get("eci") == eci(trans_status, brand)
    shifts = trans_status in ("Y", "A")
    assert result["liabilityShift"] is shifts
    if shifts:
        assert len(base64.b64decode(result["authenticationValue"], validate=True)) == 20
    else:
        assert "authenticationValue" not in result
    assert UUID4.fullmatch(result["dsTransId"])
    assert result["threeDSVersion"] == version
    assert "challenge" not in result


def open_session(client, amount=5000, currency="EUR", **options):
    context = {"amountOfMoney": {"amount": amount, "currencyCode": currency}, "countryCode": "NL"}
    return client.session_init(context, **options)["clientSessionId"]


# -- the test-card table ------------------------------------------------------------

@pytest.mark.parametrize("number, brand, trans_status, status, version", FRICTIONLESS, ids=[r[0] for r in FRICTIONLESS])
def test_every_frictionless_card_whatever_the_amount_and_bypass(client, number, brand, trans_status, status, version):
    for three_ds in ({}, {"bypass": True}):
        session = open_session(client, three_ds=three_ds)
        for amount in (100, 10_000_000):
            result = client.three_ds_authenticate(session, card_number=number,
                                                  amount_of_money={"amount": amount, "currencyCode": "EUR"})
            check_final(result, status, trans_status, brand, version)


@pytest.mark.parametrize("number, brand, after_correct, after_other", CHALLENGES, ids=[r[0] for r in CHALLENGES])
def test_every_challenge_card_ends_as_the_reference_says(client, number, brand, after_correct, after_other):
    session = open_session(client, amount=100)   # a challenge card is challenged whatever the amount
    for answer, (status, trans_status) in [({"code": "1234"}, after_correct), ({"code": "0000"}, after_other),
                                           ({"code": "12345"}, after_other), ({"cancel": True}, CANCELED)]:
        started = client.three_ds_authenticate(session, card_number=number)
        assert started["status"] == "CHALLENGE_REQUIRED" and started["transStatus"] == "C"
        assert started["liabilityShift"] is False and "eci" not in started and "authenticationValue" not in started
        assert started["challenge"]["expiresAt"] == "2026-11-21T10:10:00Z"
        assert UUID4.fullmatch(started["challenge"]["challengeId"])
        final = client.three_ds_challenge(started["challenge"]["challengeId"], **answer)
        check_final(final, status, trans_status, brand)
        assert final["dsTransId"] == started["dsTransId"]


def test_random_values_differ_between_authentications(client):
    session = open_session(client)
    results = [client.three_ds_authenticate(session, card_number="4000000000002701") for _ in range(20)]
    assert len({result["dsTransId"] for result in results}) == 20
    assert len({result["authenticationValue"] for result in results}) == 20


# -- default rules ----------------------------------------------------------------------

@pytest.mark.parametrize("number, brand", [
    ("4242424242424242", "visa"), ("5555555555554444", "mastercard"), ("378282246310005", "amex"),
    ("6011111111111117", "discover"), ("3566002020360505", "jcb"), ("30569309025904", "diners"),
    ("6200000000000005", "unionpay"),
])
def test_brands_with_three_ds_2_are_authenticated_by_the_amount(client, number, brand):
    small, large = open_session(client, amount=2999), open_session(client, amount=3001)
    check_final(client.three_ds_authenticate(small, card_number=number), *SUCCEEDED, brand)
    started = client.three_ds_authenticate(large, card_number=number)
    assert started["status"] == "CHALLENGE_REQUIRED"
    final = client.three_ds_challenge(started["challenge"]["challengeId"], code="1234")
    check_final(final, *SUCCEEDED, brand)


@pytest.mark.parametrize("number", [
    "6759649826438453",     # maestro
    "5066991111111118",     # elo
    "2200000000000004",     # mir
    "6062821086773091",     # hipercard
    "9792000000000001",     # troy
    "9999999999999995",     # no brand
])
def test_brands_without_three_ds_2_and_unknown_cards_are_not_supported(client, number):
    for three_ds in ({}, {"bypass": True}):
        session = open_session(client, amount=10_000, three_ds=three_ds)
        result = client.three_ds_authenticate(session, card_number=number)
        check_final(result, "CARD_NOT_SUPPORTED", None, None)


def test_the_session_bypass_skips_authentication(client):
    for amount in (100, 10_000_000):
        session = open_session(client, amount=amount, three_ds={"bypass": True})
        check_final(client.three_ds_authenticate(session, card_number=VISA), *BYPASSED, "visa")


def test_the_default_challenge(client):
    session = open_session(client, amount=5000)
    for answer, expected in [({"code": "1234"}, SUCCEEDED), ({"code": "4321"}, FAILED), ({"cancel": True}, CANCELED)]:
        started = client.three_ds_authenticate(session, card_number="5555 5555 5555 4444")
        check_final(client.three_ds_challenge(started["challenge"]["challengeId"], **answer), *expected, "mastercard")


RATES = json.loads((REPO_ROOT / "Data" / "rates.json").read_text(encoding="utf-8"))
RATE = {currency["code"]: Fraction(currency["rate"]) for currency in RATES["currencies"]}
ISO_ZERO = {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
            "XAF", "XOF", "XPF"}
ISO_THREE = {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"}


def minor_units(code):
    return 0 if code in ISO_ZERO else 3 if code in ISO_THREE else 2


def euro_cents(amount, code):
    """``amount`` in whole euro cents, as currency.convert gives it: exact, then half up."""
    exact = Fraction(amount, 10 ** minor_units(code)) * RATE["EUR"] / RATE[code] * 100
    whole, rest = divmod(exact.numerator, exact.denominator)
    return whole + (1 if 2 * rest >= exact.denominator else 0)


def largest_frictionless_amount(code):
    """The largest amount of ``code`` that is at most 30.00 EUR in whole cents."""
    bound = Fraction(6001, 2) * 10 ** minor_units(code) * RATE[code] / RATE["EUR"] / 100   # 3000.5 cents
    amount = math.ceil(bound) - 1
    assert euro_cents(amount, code) <= 3000 < euro_cents(amount + 1, code)
    return amount


def test_the_limit_is_30_eur_in_whole_cents_in_every_currency(client):
    session = open_session(client)
    for code in RATE:
        limit = largest_frictionless_amount(code)
        for amount, status in [(limit, "AUTHENTICATION_SUCCEEDED"), (limit + 1, "CHALLENGE_REQUIRED")]:
            result = client.three_ds_authenticate(session, card_number=VISA,
                                                  amount_of_money={"amount": amount, "currencyCode": code})
            assert result["status"] == status, (amount, code)


def test_the_limit_at_its_edges_as_documented(client):
    session = open_session(client)
    for amount, code, status in [(3000, "EUR", "AUTHENTICATION_SUCCEEDED"), (3001, "EUR", "CHALLENGE_REQUIRED"),
                                 (3750, "USD", "AUTHENTICATION_SUCCEEDED"), (3751, "USD", "CHALLENGE_REQUIRED"),
                                 (5860, "JPY", "AUTHENTICATION_SUCCEEDED"), (5861, "JPY", "CHALLENGE_REQUIRED")]:
        assert euro_cents(amount, code) == (3000 if status == "AUTHENTICATION_SUCCEEDED" else 3001)
        result = client.three_ds_authenticate(session, card_number=VISA,
                                              amount_of_money={"amount": amount, "currencyCode": code})
        assert result["status"] == status, (amount, code)


def test_the_amount_defaults_to_the_sessions_in_its_current_currency(client):
    session = open_session(client, amount=3001)
    assert client.three_ds_authenticate(session, card_number=VISA)["status"] == "CHALLENGE_REQUIRED"
    session = open_session(client, amount=3000)
    assert client.three_ds_authenticate(session, card_number=VISA)["status"] == "AUTHENTICATION_SUCCEEDED"
    client.session_change_currency(session, "JPY")    # 30.00 EUR shown in yen converts back to 30.00 EUR
    assert client.three_ds_authenticate(session, card_number=VISA)["status"] == "AUTHENTICATION_SUCCEEDED"


# -- errors ---------------------------------------------------------------------------------

def test_switched_off_for_the_session_it_is_three_ds_disabled(client):
    session = open_session(client, three_ds={"enabled": False})
    for kwargs in ({"card_number": "4000000000002701"}, {"card_number": VISA}, {"token": "tok_unknown"}):
        with pytest.raises(ThreeDSDisabled) as raised:
            client.three_ds_authenticate(session, **kwargs)
        assert raised.value.code == 1401 and raised.value.data["clientSessionId"] == session


def test_a_challenge_is_answered_once(client):
    session = open_session(client)
    challenge_id = client.three_ds_authenticate(session, card_number=VISA)["challenge"]["challengeId"]
    client.three_ds_challenge(challenge_id, code="1234")
    for answer in ({"code": "1234"}, {"cancel": True}):
        with pytest.raises(ChallengeNotFound) as raised:
            client.three_ds_challenge(challenge_id, **answer)
        assert raised.value.code == 1402 and raised.value.data["challengeId"] == challenge_id
    with pytest.raises(ChallengeNotFound):
        client.three_ds_challenge("00000000-0000-4000-8000-000000000000", code="1234")


def test_a_challenge_outlives_its_session(client):
    session = open_session(client)
    challenge_id = client.three_ds_authenticate(session, card_number=VISA)["challenge"]["challengeId"]
    client.session_close(session)
    check_final(client.three_ds_challenge(challenge_id, cancel=True), *CANCELED, "visa")


def test_tokens_are_looked_up_for_the_sessions_customer(client):
    session = open_session(client)
    with pytest.raises(TokenNotFound) as raised:
        client.three_ds_authenticate(session, token="tok_unknown")
    assert raised.value.code == 1301 and raised.value.data["token"] == "tok_unknown"


def test_unknown_currencies_name_the_member(client):
    session = open_session(client)
    with pytest.raises(UnknownCurrency) as raised:
        client.three_ds_authenticate(session, card_number=VISA, amount_of_money={"amount": 1, "currencyCode": "XAU"})
    assert raised.value.data["path"] == "/amountOfMoney/currencyCode"


@pytest.mark.parametrize("method, params, paths", [
    ("threeDS.authenticate", {"clientSessionId": "cs"}, ["/cardNumber"]),
    ("threeDS.authenticate", {"clientSessionId": "cs", "cardNumber": VISA, "token": "tok"}, ["/token"]),
    ("threeDS.authenticate", {"clientSessionId": "cs", "cardNumber": "4111-1111-1111-1111"}, ["/cardNumber"]),
    ("threeDS.authenticate", {"clientSessionId": "cs", "cardNumber": "4111 1111 111"}, ["/cardNumber"]),
    ("threeDS.authenticate", {"clientSessionId": "cs", "cardNumber": VISA,
                              "amountOfMoney": {"amount": -5, "currencyCode": "EUR"}}, ["/amountOfMoney/amount"]),
    ("threeDS.challenge", {"challengeId": "c"}, ["/code"]),
    ("threeDS.challenge", {"challengeId": "c", "code": "1234", "cancel": True}, ["/cancel"]),
    ("threeDS.challenge", {"challengeId": "c", "cancel": False}, ["/cancel"]),
])
def test_malformed_params_name_the_member(client, method, params, paths):
    with pytest.raises(InvalidParams) as raised:
        client.call(method, params)
    assert [problem["path"] for problem in raised.value.errors] == paths


def test_the_card_number_never_appears_in_the_output_or_the_log(make_client):
    service = make_client("--log-level", "debug")
    session = open_session(service)
    service.three_ds_authenticate(session, card_number="4000000000002701")
    started = service.three_ds_authenticate(session, card_number="4000000000001091")
    service.three_ds_challenge(started["challenge"]["challengeId"], code="1234")
    service.shutdown()
    service.wait(timeout=5)
    assert "4000000000002701" not in service.stderr and "4000000000001091" not in service.stderr
