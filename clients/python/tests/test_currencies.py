"""Currencies through the binary (API.md section 4 "Currencies" and session.changeCurrency,
section 7 --rates), judged by exact fractions over the rates file and the ISO 4217
reference, not by what the service answered before."""

from __future__ import annotations

import copy
import json
import re
import subprocess
from fractions import Fraction
from itertools import product

import jsonschema
import pytest

from checkoutd import InvalidParams, UnknownCurrency

from _support import REPO_ROOT, request

RATES = json.loads((REPO_ROOT / "Data" / "rates.json").read_text(encoding="utf-8"))
RATES_SCHEMA = json.loads((REPO_ROOT / "Schemas" / "files" / "rates.json").read_text(encoding="utf-8"))
CODES = [currency["code"] for currency in RATES["currencies"]]
RATE = {currency["code"]: Fraction(currency["rate"]) for currency in RATES["currencies"]}

# reference/iso4217-minor-units.json (list A.1, version 2026-01-01), copied as facts.
ISO_ZERO = {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
            "XAF", "XOF", "XPF"}
ISO_THREE = {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"}
ISO_FOUR = {"CLF", "UYW"}


def minor_units(code):
    return 0 if code in ISO_ZERO else 3 if code in ISO_THREE else 4 if code in ISO_FOUR else 2


def rounded(value: Fraction, mode: str) -> int:
    """``value`` (never negative) rounded to an integer, half up or half to even."""
    whole, rest = divmod(value.numerator, value.denominator)
    twice = 2 * rest
    if twice > value.denominator or (twice == value.denominator and (mode == "HALF_UP" or whole % 2 == 1)):
        whole += 1
    return whole


def exact_conversion(amount, source, target, mode, rates=RATE):
    value = Fraction(amount, 10 ** minor_units(source)) * rates[target] / rates[source] * 10 ** minor_units(target)
    return rounded(value, mode)


def terminates_within(value: Fraction, digits: int) -> bool:
    denominator, twos, fives = value.denominator, 0, 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    if denominator != 1:
        return False
    places = max(twos, fives)
    return len(str(value.numerator * 10 ** places // value.denominator).lstrip("0")) <= digits


def check_reading(reading: str, value: Fraction):
    """API rule for rates: exact when the quotient ends within 18 significant digits,
    otherwise within half a unit of the 10th significant digit."""
    assert re.fullmatch(r"[0-9]+(\.[0-9]*[1-9])?", reading), reading
    if terminates_within(value, 18):
        assert Fraction(reading) == value
    else:
        digits = reading.replace(".", "").lstrip("0")
        whole = reading.split(".")[0]
        assert len(digits) <= max(10, len(whole)), reading
        leading = 0   # 10^leading <= value < 10^(leading + 1)
        while Fraction(10) ** leading > value:
            leading -= 1
        while Fraction(10) ** (leading + 1) <= value:
            leading += 1
        unit = Fraction(10) ** min(leading - 9, 0)
        assert abs(Fraction(reading) - value) <= unit / 2, (reading, value)


def money(amount, code):
    return {"amount": amount, "currencyCode": code}


# -- the embedded table -------------------------------------------------------------------

def test_the_embedded_rates_file_matches_its_schema_and_the_brief():
    jsonschema.Draft202012Validator.check_schema(RATES_SCHEMA)
    assert list(jsonschema.Draft202012Validator(RATES_SCHEMA).iter_errors(RATES)) == []
    assert RATES["base"] == "USD" and RATE["USD"] == 1
    assert "not market rates" in RATES["source"]
    assert {"USD", "EUR", "GBP", "JPY", "CNY", "CHF", "ILS", "BRL", "INR", "KWD", "BHD"} <= set(CODES)
    assert 28 <= len(CODES) <= 40 and len(set(CODES)) == len(CODES)


def test_currency_list_is_the_table_by_name_with_the_base_at_one(client):
    listed = client.currency_list()
    assert (listed["base"], listed["asOf"]) == ("USD", RATES["asOf"])
    by_name = sorted(RATES["currencies"], key=lambda c: (c["name"].encode("utf-8"), c["code"]))
    assert [c["code"] for c in listed["currencies"]] == [c["code"] for c in by_name]
    for entry, source in zip(listed["currencies"], by_name):
        assert entry["name"] == source["name"]
        assert entry["minorUnits"] == minor_units(source["code"])
        assert Fraction(entry["rate"]) == Fraction(source["rate"])
    assert next(c for c in listed["currencies"] if c["code"] == "USD")["rate"] == "1"


@pytest.mark.parametrize("base", CODES)
def test_rates_per_any_base_are_crossed_through_the_table_base(client, base):
    listed = client.currency_list(base)
    assert listed["base"] == base
    assert len(listed["currencies"]) == len(CODES)
    for entry in listed["currencies"]:
        check_reading(entry["rate"], RATE[entry["code"]] / RATE[base])
    assert next(c for c in listed["currencies"] if c["code"] == base)["rate"] == "1"


def test_every_pair_converts_exactly_in_both_rounding_modes(make_raw):
    raw = make_raw()
    amounts = [0, 1, 5, 8, 999, 2999, 123_456_789]
    cases = [(amount, source, target, mode) for source, target in product(CODES, CODES)
             for amount in amounts for mode in ("HALF_UP", "HALF_EVEN")]
    raw.send("".join(json.dumps(request(index, "currency.convert", {
        "amountOfMoney": money(amount, source), "targetCurrencyCode": target, "rounding": mode})) + "\n"
        for index, (amount, source, target, mode) in enumerate(cases)))
    seen = {}
    for _ in cases:
        response = json.loads(raw.read_line(timeout=30))
        seen[response["id"]] = response["result"]
    for index, (amount, source, target, mode) in enumerate(cases):
        result = seen[index]
        assert result["amountOfMoney"] == money(exact_conversion(amount, source, target, mode), target), cases[index]
        assert result["asOf"] == RATES["asOf"]
    for index in range(0, len(cases), len(amounts) * 2):
        _, source, target, _ = cases[index]
        check_reading(seen[index]["rate"], RATE[target] / RATE[source])


# Worked out by hand from Data/rates.json (USD 1, EUR 0.8, JPY 156.25, KWD 0.3125):
# (amount, from, to, HALF_UP, HALF_EVEN).
HAND_WORKED = [
    (1000, "JPY", "USD", 640, 640),      # 1000 JPY / 156.25 = 6.40 USD: 0 to 2 minor units
    (1000, "KWD", "USD", 320, 320),      # 1.000 KWD / 0.3125 = 3.20 USD: 3 to 2 minor units
    (1000, "EUR", "USD", 1250, 1250),    # 10.00 EUR / 0.8 = 12.50 USD
    (1000, "EUR", "JPY", 1953, 1953),    # 10.00 / 0.8 x 156.25 = 1953.125 JPY
    (1000, "EUR", "KWD", 3906, 3906),    # 10.00 / 0.8 x 0.3125 = 3.90625 KWD
    (8, "USD", "JPY", 13, 12),           # 12.5 yen: a tie
    (24, "USD", "JPY", 38, 38),          # 37.5 yen: a tie, to even upwards
    (4, "USD", "KWD", 13, 12),           # 12.5 fils: a tie
    (32, "EUR", "JPY", 63, 62),          # 0.32 / 0.8 x 156.25 = 62.5 yen
]


@pytest.mark.parametrize("amount, source, target, half_up, half_even", HAND_WORKED)
def test_hand_worked_conversions_and_ties(client, amount, source, target, half_up, half_even):
    assert client.currency_convert(money(amount, source), target)["amountOfMoney"] == money(half_up, target)
    assert client.currency_convert(money(amount, source), target, "HALF_UP")["amountOfMoney"]["amount"] == half_up
    assert client.currency_convert(money(amount, source), target, "HALF_EVEN")["amountOfMoney"]["amount"] == half_even


def test_unknown_currencies_name_the_code_and_the_member(client):
    cases = [
        (lambda: client.currency_convert(money(100, "XAU"), "USD"), "XAU", "/amountOfMoney/currencyCode"),
        (lambda: client.currency_convert(money(100, "USD"), "VND"), "VND", "/targetCurrencyCode"),
        (lambda: client.currency_list("ZZZ"), "ZZZ", "/base"),
        (lambda: client.session_init(
            {"amountOfMoney": money(100, "XXX"), "countryCode": "US"}), "XXX", "/context/amountOfMoney/currencyCode"),
    ]
    for call, code, path in cases:
        with pytest.raises(UnknownCurrency) as raised:
            call()
        assert raised.value.code == 1501
        assert (raised.value.data["currencyCode"], raised.value.data["path"]) == (code, path)


def test_malformed_params_and_results_beyond_the_wire_limit_are_invalid(client):
    with pytest.raises(InvalidParams) as raised:
        client.currency_convert(money(-1, "usd"), "EURO", "ROUND_DOWN")
    assert sorted(e["path"] for e in raised.value.errors) == [
        "/amountOfMoney/amount", "/amountOfMoney/currencyCode", "/rounding", "/targetCurrencyCode"]
    with pytest.raises(InvalidParams) as raised:
        client.currency_convert(money(2 ** 53 - 1, "USD"), "KRW")
    assert [e["path"] for e in raised.value.errors] == ["/amountOfMoney/amount"]


# -- session.changeCurrency -----------------------------------------------------------------

def test_changing_the_session_currency_converts_from_the_original_amounts(client):
    session = client.session_init({"amountOfMoney": money(2999, "EUR"), "countryCode": "NL"},
                                  client_session_id="cs_fx", tax_amount=500)
    ideal = 809   # iDEAL: NL and EUR only
    assert ideal in [p["id"] for p in client.products_list("cs_fx")["paymentProducts"]]
    in_dollars = client.session_change_currency("cs_fx", "USD")
    assert in_dollars["context"]["amountOfMoney"] == money(exact_conversion(2999, "EUR", "USD", "HALF_UP"), "USD")
    assert in_dollars["context"]["amountOfMoney"] == money(3749, "USD")       # 3748.75 cents
    assert in_dollars["taxAmount"] == 625
    assert {k: v for k, v in in_dollars.items() if k not in ("context", "taxAmount")} == \
        {k: v for k, v in session.items() if k not in ("context", "taxAmount")}
    assert client.session_get("cs_fx") == in_dollars
    assert ideal not in [p["id"] for p in client.products_list("cs_fx")["paymentProducts"]]
    for code in ["JPY", "KWD", "BHD", "CLP", "GBP"]:
        changed = client.session_change_currency("cs_fx", code)
        assert changed["context"]["amountOfMoney"] == money(exact_conversion(2999, "EUR", code, "HALF_UP"), code)
        assert changed["taxAmount"] == exact_conversion(500, "EUR", code, "HALF_UP")
    assert client.session_change_currency("cs_fx", "EUR") == session
    assert ideal in [p["id"] for p in client.products_list("cs_fx")["paymentProducts"]]


def test_an_unknown_currency_leaves_the_session_unchanged(client):
    session = client.session_init({"amountOfMoney": money(100, "USD"), "countryCode": "US"}, client_session_id="cs_u")
    with pytest.raises(UnknownCurrency) as raised:
        client.session_change_currency("cs_u", "XAU")
    assert raised.value.data["path"] == "/currencyCode"
    assert client.session_get("cs_u") == session


# -- --rates ------------------------------------------------------------------------------------

BLUESNAP = {"base": "USD", "asOf": "2026-11-01T12:00:00+02:00", "source": "BlueSnap SDK test rates",
            "currencies": [{"code": "USD", "name": "US Dollar", "rate": "1"},
                           {"code": "EUR", "name": "Euro", "rate": "0.5"},
                           {"code": "ILS", "name": "Israeli New Shekel", "rate": "4"}]}
# 100/10 USD = 50/5 EUR = 400/40 ILS, in minor units.
BLUESNAP_AMOUNTS = {"USD": (10_000, 1000), "EUR": (5000, 500), "ILS": (40_000, 4000)}


@pytest.fixture
def bluesnap(tmp_path, make_client):
    path = tmp_path / "bluesnap-rates.json"
    path.write_text(json.dumps(BLUESNAP), encoding="utf-8")
    return make_client("--rates", str(path))


def test_a_rates_file_replaces_the_embedded_table(bluesnap):
    assert bluesnap.service_info()["ratesAsOf"] == "2026-11-01T10:00:00Z"
    assert bluesnap.currency_list() == {"base": "USD", "asOf": "2026-11-01T10:00:00Z", "currencies": [
        {"code": "EUR", "name": "Euro", "minorUnits": 2, "rate": "0.5"},
        {"code": "ILS", "name": "Israeli New Shekel", "minorUnits": 2, "rate": "4"},
        {"code": "USD", "name": "US Dollar", "minorUnits": 2, "rate": "1"}]}
    assert [c["rate"] for c in bluesnap.currency_list("ILS")["currencies"]] == ["0.125", "1", "0.25"]
    with pytest.raises(UnknownCurrency):
        bluesnap.currency_convert(money(100, "USD"), "JPY")


@pytest.mark.parametrize("source, target", list(product(BLUESNAP_AMOUNTS, BLUESNAP_AMOUNTS)))
def test_bluesnaps_table_converts_amount_and_tax_between_every_pair(bluesnap, source, target):
    for value, expected in zip(BLUESNAP_AMOUNTS[source], BLUESNAP_AMOUNTS[target]):
        for mode in ("HALF_UP", "HALF_EVEN"):
            assert bluesnap.currency_convert(money(value, source), target, mode)["amountOfMoney"] == money(expected, target)


def test_bluesnaps_session_round_trip_usd_eur_ils_usd(bluesnap):
    opened = bluesnap.session_init({"amountOfMoney": money(10_000, "USD"), "countryCode": "US"},
                                   client_session_id="cs_bs", tax_amount=1000)
    for code in ["EUR", "ILS", "USD"]:
        changed = bluesnap.session_change_currency("cs_bs", code)
        assert (changed["context"]["amountOfMoney"], changed["taxAmount"]) == (
            money(BLUESNAP_AMOUNTS[code][0], code), BLUESNAP_AMOUNTS[code][1])
    assert changed == opened


def broken_rate_files():
    def edit(change):
        rates = copy.deepcopy(BLUESNAP)
        change(rates)
        return rates
    yield "not JSON", "{", "is not JSON"
    yield "base missing", edit(lambda r: r.pop("base")), "/base: is required"
    yield "rate as a number", edit(lambda r: r["currencies"][1].update(rate=0.5)), "/currencies/1/rate"
    yield "rate with an exponent", edit(lambda r: r["currencies"][1].update(rate="5e-1")), "/currencies/1/rate"
    yield "rate of zero", edit(lambda r: r["currencies"][2].update(rate="0")), "/currencies/2/rate"
    yield "13 decimal places", edit(lambda r: r["currencies"][2].update(rate="4.0000000000001")), "/currencies/2/rate"
    yield "gold", edit(lambda r: r["currencies"][2].update(code="XAU")), "/currencies/2/code"
    yield "twice the same code", edit(lambda r: r["currencies"][2].update(code="EUR")), "/currencies/2/code"
    yield "lower-case code", edit(lambda r: r["currencies"][1].update(code="eur")), "/currencies/1/code"
    yield "base not listed", edit(lambda r: r.update(base="GBP")), "/base"
    yield "base rate not 1", edit(lambda r: r["currencies"][0].update(rate="2")), "/currencies/0/rate"
    yield "unknown member", edit(lambda r: r["currencies"][0].update(symbol="$")), "/currencies/0/symbol"
    yield "bad asOf", edit(lambda r: r.update(asOf="yesterday")), "/asOf"


@pytest.mark.parametrize("name, content, problem", list(broken_rate_files()), ids=[b[0] for b in broken_rate_files()])
def test_a_bad_rates_file_stops_start_up(binary, tmp_path, name, content, problem):
    path = tmp_path / "bad-rates.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    if not isinstance(content, str) and name not in ("base not listed", "base rate not 1", "rate of zero",
                                                     "twice the same code", "gold", "13 decimal places"):
        # what the schema alone can tell is also told by the schema
        assert list(jsonschema.Draft202012Validator(RATES_SCHEMA).iter_errors(content)) != []
    done = subprocess.run([binary, "--rates", str(path)], input=b"", capture_output=True, timeout=10)
    assert done.returncode == 2
    assert done.stdout == b""
    message = done.stderr.decode()
    assert str(path) in message and problem in message


def test_a_missing_rates_file_stops_start_up(binary, tmp_path):
    done = subprocess.run([binary, "--rates", str(tmp_path / "absent.json")], input=b"", capture_output=True, timeout=10)
    assert done.returncode == 2
    assert "--rates" in done.stderr.decode() and "absent.json" in done.stderr.decode()
