"""paymentRequest.validate through the binary (API.md section 3 ValidationError,
section 4 "Payment requests"): every validator kind of the embedded catalog with
vectors from the seeds and public test data, required/optional, masks, locales."""

from __future__ import annotations

import pytest

from checkoutd import ProductNotAvailable, UnknownAccountOnFile

VISA, JCB, CB, PAYPAL, IDEAL, SEPA = 1, 125, 130, 840, 809, 771


def session(client, country="NL", currency="EUR", locale=None):
    context = {"amountOfMoney": {"amount": 1999, "currencyCode": currency}, "countryCode": country}
    if locale:
        context["locale"] = locale
    return client.session_init(context)["clientSessionId"]


def problems(result):
    assert result["valid"] is (result["errors"] == [])
    return [(error["fieldId"], error["errorMessageId"]) for error in result["errors"]]


CARD = {"cardNumber": "4242424242424242", "expiryDate": "1228", "cvv": "123"}


def card_problems(client, **values):
    return problems(client.payment_request_validate(session(client), VISA, dict(CARD, **values)))


@pytest.mark.parametrize("number, expected", [
    ("4242424242424242", []), ("4242 4242 4242 4242", []), ("4000056655665556", []),
    ("4012000033330026", []), ("4222222222222", []),                    # a 13-digit Visa
    ("4242424242424241", [("cardNumber", "luhn")]),
    ("424242424242", [("cardNumber", "length")]),
    ("4242 4242 4242 4242 4241", [("cardNumber", "luhn"), ("cardNumber", "length")]),   # 20 digits
    ("4242 4242 4242 4242 4242", [("cardNumber", "length")]),                         # 20 digits, Luhn holds
    ("4242-4242-4242-4242", [("cardNumber", "numericString")]),   # "-" is no separator of the mask: not all digits
    ("5555555555554444", [("cardNumber", "allowedInContext")]),                       # a Mastercard on Visa
    ("378282246310005", [("cardNumber", "allowedInContext")]),   # Amex: 15 digits lie within Visa's 13-19
])
def test_card_numbers(client, number, expected):
    digits = number.replace(" ", "")
    if digits.isdigit():
        assert luhn(digits) == (("cardNumber", "luhn") not in expected), "the vector itself"
    assert card_problems(client, cardNumber=number) == expected


def luhn(digits: str) -> bool:
    total = 0
    for index, digit in enumerate(reversed(digits)):
        value = int(digit) * (2 if index % 2 else 1)
        total += value - 9 if value > 9 else value
    return total % 10 == 0


# The service clock is 2026-11-21: valid from 11/26 to 12/51.
@pytest.mark.parametrize("expiry, ok", [
    ("1126", True), ("11/26", True), ("112026", True), ("11/2026", True), ("1026", False), ("10/2026", False),
    ("1251", True), ("12/2051", True), ("0152", False), ("0027", False), ("1327", False), ("12/2", False),
])
def test_expiry_dates_against_the_service_clock(client, expiry, ok):
    assert card_problems(client, expiryDate=expiry) == ([] if ok else [("expiryDate", "expirationDate")])


@pytest.mark.parametrize("cvv, expected", [
    ("123", []), ("12", [("cvv", "length"), ("cvv", "regularExpression")]),
    ("1234", [("cvv", "length"), ("cvv", "regularExpression")]), ("12a", [("cvv", "numericString")]),
    ("", [("cvv", "required")]),
])
def test_cvv_length_and_pattern(client, cvv, expected):
    assert card_problems(client, cvv=cvv) == expected


def test_required_and_optional_fields(client):
    result = client.payment_request_validate(session(client), VISA, {})
    assert problems(result) == [("cardNumber", "required"), ("expiryDate", "required"), ("cvv", "required")]
    assert card_problems(client, cardholderName="") == []
    assert card_problems(client, cardholderName="J") == [("cardholderName", "length")]


def test_length_errors_carry_their_bounds(client):
    result = client.payment_request_validate(session(client), VISA, dict(CARD, cardholderName="J"))
    error = result["errors"][0]
    assert (error["minLength"], error["maxLength"]) == (2, 51)


@pytest.mark.parametrize("installments, error", [("1", None), ("12", None), ("0", "range"), ("13", "range"),
                                                 ("-1", "range"), ("3.5", "integer"), ("six", "integer")])
def test_range_on_jcb_installments(client, installments, error):
    """An integer field: a value that is no integer is `integer` alone (its
    range is not judged, API.md 9.3); an integer outside the range is `range`."""
    values = {"cardNumber": "3566002020360505", "expiryDate": "1228", "cvv": "123", "installments": installments}
    result = client.payment_request_validate(session(client), JCB, values)
    if error is None:
        assert problems(result) == []
    else:
        assert problems(result) == [("installments", error)]
    if error == "range":
        assert (result["errors"][0]["minValue"], result["errors"][0]["maxValue"]) == (1, 12)


@pytest.mark.parametrize("email, ok", [
    ("wile.e.coyote@acme.example", True), ("a@b.co", True), ("first.last+tag@sub.domain.org", True),
    ("no-at-sign.example", False), ("two@@example.com", False), ("dot.@example.com", False),
    ("x@example.c", False), ("x@example", False),
])
def test_email_addresses_on_paypal(client, email, ok):
    result = client.payment_request_validate(session(client, "US", "USD"), PAYPAL, {"emailAddress": email})
    assert (problems(result) == []) is ok
    if not ok:
        assert ("emailAddress", "emailAddress") in problems(result)


@pytest.mark.parametrize("issuer, ok", [("INGBNL2A", True), ("RABONL2U", True), ("ingbnl2a", False), ("DEUTDEFF", False)])
def test_ideal_issuers_are_a_fixed_list(client, issuer, ok):
    result = client.payment_request_validate(session(client), IDEAL, {"issuerId": issuer})
    assert problems(result) == ([] if ok else [("issuerId", "fixedList")])
    if not ok:
        assert "INGBNL2A" in result["errors"][0]["allowedValues"]


IBANS = [  # public examples (ECBS / national banking associations), each valid
    "NL91ABNA0417164300", "DE89370400440532013000", "BE68539007547034", "FR1420041010050500013M02606",
    "GB82WEST12345698765432", "NL91 ABNA 0417 1643 00", "nl91abna0417164300",
]


@pytest.mark.parametrize("iban", IBANS)
def test_valid_ibans(client, iban):
    values = {"iban": iban, "accountHolderName": "A. Holder", "mandateAccepted": "true"}
    assert problems(client.payment_request_validate(session(client), SEPA, values)) == []


@pytest.mark.parametrize("iban", ["NL91ABNA0417164301", "DE89370400440532013001", "NL91ABNA041716430",
                                  "BE68539007547043", "XX00"])
def test_invalid_ibans(client, iban):
    values = {"iban": iban, "accountHolderName": "A. Holder", "mandateAccepted": "true"}
    assert ("iban", "iban") in problems(client.payment_request_validate(session(client), SEPA, values))


@pytest.mark.parametrize("accepted, ok", [("true", True), ("false", False), ("yes", False), ("TRUE", False)])
def test_the_sepa_mandate_must_be_accepted(client, accepted, ok):
    values = {"iban": IBANS[0], "accountHolderName": "A. Holder", "mandateAccepted": accepted}
    expected = [] if ok else [("mandateAccepted", "termsAndConditions")]
    assert problems(client.payment_request_validate(session(client), SEPA, values)) == expected


def test_unknown_fields_come_last(client):
    result = client.payment_request_validate(session(client), VISA, dict(CARD, zeta="1", alpha="2", cvv=""))
    assert problems(result) == [("cvv", "required"), ("alpha", "unknownField"), ("zeta", "unknownField")]


def test_a_co_badged_card_belongs_to_both_of_its_products(client):
    french = session(client, "FR")
    values = dict(CARD, cardNumber="4000 0025 0000 1001")
    assert problems(client.payment_request_validate(french, CB, values)) == []
    assert problems(client.payment_request_validate(french, VISA, values)) == []
    assert problems(client.payment_request_validate(french, 3, values)) == [("cardNumber", "allowedInContext")]


@pytest.mark.parametrize("locale, text", [
    ("en_US", "This field is required."), ("xx_XX", "This field is required.")])
def test_messages_follow_the_session_locale(client, locale, text):
    result = client.payment_request_validate(session(client, locale=locale), VISA, dict(CARD, cvv=""))
    assert result["errors"][0]["message"] == text


def test_messages_are_translated(client):
    english = client.payment_request_validate(session(client), VISA, dict(CARD, cvv=""))["errors"][0]["message"]
    for locale in ("zh_CN", "nl_NL", "de_DE", "fr_FR"):
        message = client.payment_request_validate(session(client, locale=locale), VISA, dict(CARD, cvv=""))["errors"][0]["message"]
        assert message and message != english, locale


def test_no_message_repeats_the_card_number(client):
    result = client.payment_request_validate(session(client), VISA, dict(CARD, cardNumber="5555555555554444"))
    assert all("5555" not in error["message"] for error in result["errors"])


def test_the_product_must_be_offered(client):
    with pytest.raises(ProductNotAvailable):
        client.payment_request_validate(session(client, "US", "USD"), IDEAL, {"issuerId": "INGBNL2A"})


def test_an_unknown_account_on_file_is_reported(client):
    with pytest.raises(UnknownAccountOnFile) as raised:
        client.payment_request_validate(session(client), VISA, {"cvv": "123"}, account_on_file_id="tok_1")
    assert raised.value.code == 1103 and raised.value.data["accountOnFileId"] == "tok_1"


@pytest.mark.parametrize("params, paths", [
    ({"paymentProductId": 1, "values": {"cvv": 123}}, ["/values/cvv"]),
    ({"paymentProductId": "1", "values": []}, ["/paymentProductId", "/values"]),
    ({"values": {}}, ["/paymentProductId"]),
])
def test_malformed_requests_are_invalid_params(client, params, paths):
    from checkoutd import InvalidParams
    with pytest.raises(InvalidParams) as raised:
        client.call("paymentRequest.validate", dict(params, clientSessionId=session(client)))
    assert [problem["path"] for problem in raised.value.errors] == paths


def test_fields_judges_only_the_fields_named_required_included(client):
    """[field validateValue:] (API.md 9.3): a form validates the field the
    customer just left; the empty others are not reported yet."""
    sid = session(client)
    only = client.payment_request_validate(sid, VISA, {"expiryDate": "12/28"}, fields=["expiryDate"])
    assert only == {"valid": True, "errors": []}
    both = client.payment_request_validate(sid, VISA, {"cvv": "12a", "junk": "x"}, fields=["cvv", "cardNumber"])
    assert problems(both) == [("cardNumber", "required"), ("cvv", "numericString")]
    everything = client.payment_request_validate(sid, VISA, {"cvv": "12a"})
    assert problems(everything) == [("cardNumber", "required"), ("expiryDate", "required"), ("cvv", "numericString")]


def test_a_field_the_product_lacks_is_invalid_params_at_its_index(client):
    from checkoutd import InvalidParams
    with pytest.raises(InvalidParams) as raised:
        client.payment_request_validate(session(client), VISA, {}, fields=["cvv", "iban", "cardNumber", "issuerId"])
    assert [p["path"] for p in raised.value.errors] == ["/fields/1", "/fields/3"]
