"""card.validate and card.format through the binary, table-driven from the brand
table of reference/card-brands.md (copied below as facts) and judged by an
independent longest-prefix oracle written here from the rules of API.md section 5."""

from __future__ import annotations

import itertools

import pytest

from _support import luhn_complete

# code: (prefixes and ranges, PAN lengths, CVC length) — reference/card-brands.md.
BRANDS = {
    "amex": ("34, 37", [15], 4),
    "diners": ("300-305, 3095, 36, 38, 39", [14, 16, 19], 3),
    "discover": ("6011, 644-649, 65", [16, 19], 3),
    "jcb": ("2131, 1800, 3088-3094, 3096-3102, 3112-3120, 3158-3159, 3337-3349, 3528-3589", [16, 17, 18, 19], 3),
    "maestro": ("493698, 500000-506698, 506779-508999, 56-59, 63, 67, 6", list(range(12, 20)), 3),
    "mastercard": ("51-55, 2221-2229, 223-229, 23-26, 270-271, 2720", [16], 3),
    "visa": ("4", [13, 16, 18, 19], 3),
    "unionpay": ("620, 62100-62182, 62184-62187, 62185-62197, 62200-62205, 622010-622999, 622018, 62207-62209, "
                 "623-626, 6270, 6272, 6276, 627700-627779, 627781-627799, 6282-6289, 6291, 6292, 810, 8110-8131, "
                 "8132-8151, 8152-8163, 8164-8171", list(range(14, 20)), 3),
    "elo": ("401178, 401179, 438935, 457631, 457632, 431274, 451416, 457393, 504175, 506699-506778, 509000-509999, "
            "627780, 636297, 636368, 650031-650033, 650035-650051, 650405-650439, 650485-650538, 650541-650598, "
            "650700-650718, 650720-650727, 650901-650978, 651652-651679, 655000-655019, 655021-655058", [16], 3),
    "mir": ("2200-2204", [16, 17, 18, 19], 3),
    "hipercard": ("606282", [16], 3),
    "troy": ("9792, 650052, 650082-650083, 650092, 650161, 650170, 650173, 650175, 650268, 650271, 650273-650274, "
             "650456-650457, 650836, 650846-650850, 650923, 650987, 650990, 654997, 657366, 657998, 658758, "
             "658767-658768, 65083700-65083704, 65085800-65085804, 65085900-65085901, 65086000, 65086100-65086105, "
             "65086200-65086203, 65875000-65875003, 65875009, 65875101-65875104, 65875200, 65875501, 65875601, "
             "65875900, 65876000-65876002, 65876100-65876103, 65876110, 65876115-65876116, 65876200-65876201, "
             "65876500, 65876504-65876505, 65876600-65876602, 65877100-65877101, 65877600-65877602, 65877700, "
             "65877801-65877802, 65878200-65878202, 65878300-65878311, 65878400-65878405, 65878500-65878505, "
             "65878600-65878601, 65879800, 65880800, 65880900", [16], 3),
}


def entries():
    for code, (text, _, _) in BRANDS.items():
        for item in text.split(", "):
            low, _, high = item.partition("-")
            yield code, low, high or low, bool(high)


ENTRIES = list(entries())


def oracle_brand(digits: str):
    """Longest matching prefix; on a tie a single prefix beats a range, then the narrower range."""
    best = None
    for code, low, high, is_range in ENTRIES:
        n = len(low)
        if len(digits) < n or not (int(low) <= int(digits[:n]) <= int(high)):
            continue
        key = (n, not is_range, -(int(high) - int(low)))
        if best is None or key > best[0]:
            best = (key, code)
    return best[1] if best else None


def bound_probes():
    """Every bound of every entry, inside and just outside, as 16-digit numbers."""
    for _, low, high, _ in ENTRIES:
        width = len(low)
        for value in {int(low), int(high), int(low) - 1, int(high) + 1}:
            if 0 <= value < 10 ** width:
                yield str(value).zfill(width)


def batch_call(raw, method, params_list):
    responses = []
    for start in range(0, len(params_list), 500):
        chunk = params_list[start:start + 500]
        reply = raw.request([{"jsonrpc": "2.0", "id": start + i, "method": method, "params": p}
                             for i, p in enumerate(chunk)], timeout=30)
        reply.sort(key=lambda response: response["id"])
        responses += [response["result"] for response in reply]
    return responses


def test_every_prefix_and_range_bound_is_detected_as_the_oracle_says(raw):
    prefixes = sorted(set(bound_probes()))
    numbers = [luhn_complete((prefix + "0" * 15)[:15]) for prefix in prefixes]
    results = batch_call(raw, "card.validate", [{"pan": number} for number in numbers])
    mismatches = [(number, (result["cardBrand"] or {}).get("code"), oracle_brand(number))
                  for number, result in zip(numbers, results)
                  if (result["cardBrand"] or {}).get("code") != oracle_brand(number)]
    assert len(numbers) > 400
    assert mismatches == []


def test_partial_numbers_get_the_brand_of_the_longest_prefix_matched_in_full(raw):
    partials = ["".join(digits) for length in range(1, 5) for digits in itertools.product("0123456789", repeat=length)]
    partials += ["40117", "401178", "6011", "60110", "5041", "504175", "62201", "622018", "9792", "65083700"]
    results = batch_call(raw, "card.validate", [{"pan": pan} for pan in partials])
    wrong = [(pan, (result["cardBrand"] or {}).get("code"), oracle_brand(pan))
             for pan, result in zip(partials, results)
             if (result["cardBrand"] or {}).get("code") != oracle_brand(pan)]
    assert wrong == []


@pytest.mark.parametrize("pan, code", [
    ("4242424242424242", "visa"), ("4000056655665556", "visa"), ("5555555555554444", "mastercard"),
    ("5200828282828210", "mastercard"), ("5105105105105100", "mastercard"), ("378282246310005", "amex"),
    ("6011111111111117", "discover"), ("3566002020360505", "jcb"), ("6200000000000005", "unionpay"),
    ("4012000033330026", "visa"), ("2223003122003222", "mastercard"), ("30569309025904", "diners"),
])
def test_public_test_cards_are_valid(client, pan, code):
    result = client.card_validate(pan=pan)
    assert result["cardBrand"]["code"] == code
    assert result["pan"] == {"state": "valid", "errors": []}


def test_luhn_failures_and_the_unionpay_exemption(client):
    assert client.card_validate(pan="4242424242424241")["pan"] == {"state": "incomplete", "errors": ["luhn"]}
    assert client.card_validate(pan="378282246310006")["pan"] == {"state": "invalid", "errors": ["luhn"]}
    assert client.card_validate(pan="6200000000000006")["pan"] == {"state": "valid", "errors": []}


def test_typing_a_visa_number_goes_from_incomplete_to_valid(client):
    number = "4111111111111111"
    states = [client.card_validate(pan=number[:n])["pan"]["state"] for n in range(0, 17)]
    assert states == ["incomplete"] * 16 + ["valid"]
    assert client.card_validate(pan=number + "1")["pan"]["state"] == "incomplete"
    assert client.card_validate(pan="4" * 20)["pan"] == {"state": "invalid", "errors": ["length"]}


@pytest.mark.parametrize("pan, cvc, state", [
    ("378282246310005", "1234", "valid"), ("378282246310005", "123", "incomplete"),
    ("378282246310005", "12345", "invalid"), ("4111111111111111", "123", "valid"),
    ("4111111111111111", "1234", "invalid"), ("", "1234", "valid"), ("", "12a", "invalid"),
])
def test_cvc_length_follows_the_brand(client, pan, cvc, state):
    assert client.card_validate(pan=pan, cvc=cvc)["cvc"]["state"] == state


@pytest.mark.parametrize("clock, expiry, state", [
    ("2026-11-21T10:00:00Z", "11/26", "valid"), ("2026-11-21T10:00:00Z", "10/26", "invalid"),
    ("2026-11-21T10:00:00Z", "1251", "valid"), ("2026-11-21T10:00:00Z", "01/2052", "invalid"),
    ("2026-11-21T10:00:00Z", "122051", "valid"), ("2026-12-01T00:00:00Z", "1126", "invalid"),
    ("2026-11-21T10:00:00Z", "01/20", "invalid"), ("2026-11-21T10:00:00Z", "1", "incomplete"),
    ("2026-11-21T10:00:00Z", "12/", "incomplete"), ("2026-11-21T10:00:00Z", "12/3", "incomplete"),
    ("2026-11-21T10:00:00Z", "12/203", "incomplete"), ("2026-11-21T10:00:00Z", "13/30", "invalid"),
])
def test_expiry_window_follows_the_clock(make_client, clock, expiry, state):
    client = make_client("--clock", clock, clock=False)
    assert client.card_validate(expiry_date=expiry)["expiryDate"]["state"] == state


#: December 2099: the window runs to December 2124, so a two-digit year is read from 2025 to 2124.
LAST_CENTURY_MONTH = "2099-12-15T00:00:00Z"


def test_two_digit_expiry_years_are_read_in_the_window_across_a_century(make_client):
    """`01/00` in December 2099 is January 2100 (it was read as January 2000: expired),
    in card.validate, tokens.create and the expirationDate validator of paymentRequest.*."""
    client = make_client("--clock", LAST_CENTURY_MONTH, clock=False)
    states = {expiry: client.card_validate(expiry_date=expiry)["expiryDate"]["state"]
              for expiry in ("01/00", "0100", "12/99", "11/99", "12/24", "01/25", "01/2100", "01/0", "12/3")}
    assert states == {"01/00": "valid", "0100": "valid", "12/99": "valid", "11/99": "invalid", "12/24": "valid",
                      "01/25": "invalid", "01/2100": "valid", "01/0": "incomplete", "12/3": "invalid"}
    session = client.session_init({"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}, "countryCode": "NL"},
                                  requirements={"withEmail": False})["clientSessionId"]
    card = {"cardNumber": "4242 4242 4242 4242", "expiryDate": "01/00", "cvv": "123"}
    assert client.tokens_create(session, card)["card"]["expiryDate"] == "0100"
    assert client.payment_request_validate(session, 1, card) == {"valid": True, "errors": []}
    expired = client.payment_request_validate(session, 1, dict(card, expiryDate="01/25"))
    assert [(e["fieldId"], e["errorMessageId"]) for e in expired["errors"]] == [("expiryDate", "expirationDate")]


def test_validation_success_needs_every_field_valid(client):
    assert client.card_validate(pan="4111111111111111", expiry_date="12/30", cvc="123")["validationSuccess"] is True
    assert client.card_validate(pan="4111111111111111", expiry_date="12/30")["validationSuccess"] is False
    assert client.card_validate(pan="4111111111111111", expiry_date="12/30", cvc="12")["validationSuccess"] is False


@pytest.mark.parametrize("pan, accepted, state", [
    ("4111111111111111", ["VISA"], "valid"), ("4111111111111111", ["mastercard", "amex"], "invalid"),
    ("9999999999999995", ["visa"], "valid"), ("4", ["elo"], "incomplete"), ("4", ["amex"], "invalid"),
    ("4111111111111111", [], "valid"),
])
def test_accepted_brands_refuse_only_recognised_brands(client, pan, accepted, state):
    result = client.card_validate(pan=pan, accepted_brands=accepted)
    assert result["pan"]["state"] == state
    if state == "invalid":
        assert result["pan"]["errors"] == ["allowedInContext"]


@pytest.mark.parametrize("pan, cursor, formatted, new_cursor", [
    ("378282246310005", None, "3782 822463 10005", 17),
    ("3782822463", 10, "3782 822463", 11),
    ("30569309025904", None, "3056 930902 5904", 16),
    ("3056930902590400", None, "3056 9309 0259 0400", 19),
    ("4111111111111111", None, "4111 1111 1111 1111", 19),
    ("4111111111111111111", None, "4111 1111 1111 1111 111", 23),
    ("41111111111111111119", None, "4111 1111 1111 1111 111", 23),
    ("41111", 5, "4111 1", 6),
    ("4111 1", 4, "4111 1", 4),
    ("4-1-1-1", 7, "4111", 4),
    ("", 0, "", 0),
])
def test_card_format_lays_out_by_brand_and_keeps_the_cursor(client, pan, cursor, formatted, new_cursor):
    result = client.card_format(pan, cursor=cursor)
    assert (result["formatted"], result["cursor"]) == (formatted, new_cursor)
    assert not result["formatted"].endswith(" ")
