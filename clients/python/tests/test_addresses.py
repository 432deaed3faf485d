"""address.validate through the binary (API.md section 4 "Addresses", section 6): the
reference tables row by row, names, e-mails judged by the pattern itself with Python's
``re``, the requirement combinations, messages per locale, and malformed params."""

from __future__ import annotations

import re

import pytest

from checkoutd import InvalidParams

# reference/states.json and reference/countries-without-postal-code.json (BlueSnap iOS SDK
# BSCountryManager.swift), copied as facts.
STATES = {
    "US": ["AK", "AL", "AR", "AS", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "GU", "HI", "IA", "ID", "IL",
           "IN", "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ",
           "NM", "NV", "NY", "OH", "OK", "OR", "PA", "PR", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VI", "VT",
           "WA", "WI", "WV", "WY"],
    "CA": ["AB", "BC", "MB", "NB", "NF", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"],
    "BR": ["AC", "AM", "BA", "CE", "DF", "ES", "GO", "MG", "PB", "PI", "RJ", "RN", "RO", "RR", "RS", "SE", "SP",
           "TO", "XA", "XB", "XC", "XD", "XE", "XF", "XG", "XH", "XI"],
}
WITHOUT_POSTAL_CODE = [
    "AC", "AE", "AG", "AN", "AO", "AW", "BF", "BI", "BJ", "BO", "BS", "BW", "BZ", "CD", "CF", "CG", "CK", "CM",
    "CW", "DJ", "DM", "ER", "FJ", "GD", "GH", "GM", "GQ", "GY", "HK", "HM", "KI", "KM", "KN", "KP", "LY", "ML",
    "MO", "MR", "MW", "NR", "NU", "QA", "RW", "SB", "SC", "SL", "SR", "ST", "SY", "TF", "TG", "TK", "TL", "TO",
    "TP", "TV", "UG", "VU", "YE", "ZW",
]
NOT_ISO_ASSIGNED = {"AC", "AN", "TP"}   # the file's _non_iso_or_obsolete
EMAIL_PATTERN = re.compile(r"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}")   # API.md section 6

NO_EMAIL = {"withEmail": False}
FULL_BILLING = {"withEmail": False, "fullBilling": True}
WITH_SHIPPING = {"withEmail": False, "withShipping": True}
MEMBERS = ["name", "address", "city", "zip", "country", "state"]


def complete(country, state=None, zip="12345", **members):
    address = {"name": "Jane Doe", "address": "1 Main Street", "city": "Springfield", "country": country}
    if zip is not None:
        address["zip"] = zip
    if state is not None:
        address["state"] = state
    address.update(members)
    return address


def problems(result):
    assert result["valid"] is (result["errors"] == [])
    assert all(error["message"] for error in result["errors"])
    return [(error["fieldId"], error["errorMessageId"]) for error in result["errors"]]


def billing(client, address, requirements=NO_EMAIL):
    return problems(client.address_validate(billing_details=address, requirements=requirements))


def shipping(client, address, requirements=NO_EMAIL):
    return problems(client.address_validate(shipping_details=address, requirements=requirements))


def errors_in(prefix, *members):
    return [(f"{prefix}.{member}", member) for member in members]


# -- the reference tables ----------------------------------------------------------------------

def test_every_state_of_the_reference_is_accepted_in_either_case(client):
    for country, codes in STATES.items():
        for code in codes:
            assert shipping(client, complete(country, code)) == [], (country, code)
            assert billing(client, complete(country.lower(), code.lower()), FULL_BILLING) == [], (country, code)


def test_a_state_of_another_country_is_refused(client):
    for country, codes in STATES.items():
        foreign = {code for other, others in STATES.items() if other != country for code in others} - set(codes)
        assert foreign, country
        for code in sorted(foreign):
            assert shipping(client, complete(country, code)) == errors_in("shippingDetails", "state"), (country, code)


@pytest.mark.parametrize("country", sorted(STATES))
def test_the_state_is_required_only_where_the_whole_address_is(client, country):
    assert shipping(client, complete(country)) == errors_in("shippingDetails", "state")
    assert billing(client, complete(country), FULL_BILLING) == errors_in("billingDetails", "state")
    assert billing(client, complete(country)) == []


@pytest.mark.parametrize("country", ["FR", "GB", "JP", "MX", "AU"])
def test_other_countries_take_no_state(client, country):
    assert shipping(client, complete(country)) == []
    assert shipping(client, complete(country, "NY")) == errors_in("shippingDetails", "state")
    assert billing(client, complete(country, "IDF")) == errors_in("billingDetails", "state")


def test_countries_without_postal_codes_need_no_zip(client):
    for country in WITHOUT_POSTAL_CODE:
        expected = errors_in("billingDetails", "country") if country in NOT_ISO_ASSIGNED else []
        assert billing(client, complete(country, zip=None), FULL_BILLING) == expected, country
        assert billing(client, complete(country.lower(), zip="1"), FULL_BILLING) == expected, country


@pytest.mark.parametrize("zip_code, ok", [("123", True), ("SW1A 1AA", True), ("  123  ", True), ("12", False),
                                          (" 12 ", False), ("", False), ("   ", False)])
def test_other_countries_need_a_zip_of_three_characters(client, zip_code, ok):
    assert billing(client, complete("GB", zip=zip_code)) == ([] if ok else errors_in("billingDetails", "zip"))
    assert billing(client, complete("GB", zip=None)) == errors_in("billingDetails", "zip")


@pytest.mark.parametrize("country, ok", [
    ("US", True), ("us", True), (" gb ", True), ("SS", True), ("AX", True), ("BQ", True), ("CW", True),
    ("UK", False), ("EU", False), ("XK", False), ("ZZ", False), ("USA", False), ("U", False), ("", False),
    ("\u0131t", False), ("ＵＳ", False),
])
def test_the_country_is_an_assigned_iso_code_in_either_case(client, country, ok):
    state = "NY" if country.strip().upper() == "US" else None
    assert shipping(client, complete(country, state)) == ([] if ok else errors_in("shippingDetails", "country"))


# -- names and e-mails ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, ok", [
    ("Jane Doe", True), ("  Jane Doe  ", True), ("Jean-Luc Picard", True), ("Иван Петров", True),
    ("山田 太郎", True), ("山田\u3000太郎", True),
    ("王小明", True), ("やまだ", True), ("ヤマダ", True), ("김민준", True),
    ("Jane", False), ("  Jane  ", False), ("Иван", False), ("王Smith", False), ("", False), ("   ", False),
])
def test_a_name_is_first_and_last_unless_written_in_cjk_script(client, name, ok):
    assert billing(client, complete("FR", name=name)) == ([] if ok else errors_in("billingDetails", "name"))


EMAILS = [
    "jane@example.com", "JANE.DOE+tag@mail.example.co.uk", "a_b%c-d@e-f.gh", "j@e.co", "jane@example.museum",
    "jane@example." + "a" * 64, "jane@example." + "a" * 65, ".jane@example..com", "jane@.com", "jane@example",
    "jane@example.c", "jane@example.c0m", "jane@example.com.", "@example.com", "jane@@example.com",
    "jane doe@example.com", " jane@example.com", "jane@example.com ", "josé@example.com", "用户@例子.中国",
    "jane@exa_mple.com", "jane!@example.com",
]


@pytest.mark.parametrize("email", EMAILS)
def test_an_email_matches_the_pattern_as_a_whole(client, email):
    ok = EMAIL_PATTERN.fullmatch(email) is not None
    expected = [] if ok else [("email", "email")]
    assert problems(client.address_validate(email=email, requirements=NO_EMAIL)) == expected
    assert problems(client.address_validate(email=email)) == expected


def test_an_email_is_required_only_with_with_email(client):
    assert problems(client.address_validate()) == [("email", "email")]
    assert problems(client.address_validate(email="")) == [("email", "email")]
    assert problems(client.address_validate(requirements={"withEmail": True})) == [("email", "email")]
    assert problems(client.address_validate(requirements=NO_EMAIL)) == []
    assert problems(client.address_validate(email="", requirements=NO_EMAIL)) == []


# -- requirements ------------------------------------------------------------------------------------

def test_requirements_decide_which_addresses_are_checked(client):
    five = ["name", "address", "city", "zip", "country"]
    assert shipping(client, None, WITH_SHIPPING) == errors_in("shippingDetails", *five)
    assert billing(client, None, FULL_BILLING) == errors_in("billingDetails", *five)
    assert billing(client, {}) == errors_in("billingDetails", "name", "zip", "country")
    assert shipping(client, {}) == errors_in("shippingDetails", *five)
    assert billing(client, {"name": "Jane Doe", "zip": "10001", "country": "US"}) == []
    assert billing(client, {"name": "Jane Doe", "zip": "10001", "country": "US"}, FULL_BILLING) == errors_in(
        "billingDetails", "address", "city", "state")
    # Not required without fullBilling, but checked when given.
    assert billing(client, {"name": "Jane Doe", "zip": "10001", "country": "US", "address": "x", "city": "y"}) == \
        errors_in("billingDetails", "address", "city")


def test_errors_come_billing_then_shipping_then_email_one_per_field(client):
    bad = {"name": "Jane", "address": "x", "city": "y", "zip": "1", "country": "US", "state": "ZZ", "phone": ""}
    result = client.address_validate(billing_details=bad, shipping_details=bad, email="jane@",
                                      requirements={"withShipping": True, "fullBilling": True})
    members = [m for m in MEMBERS if m != "country"]
    assert problems(result) == errors_in("billingDetails", *members) + errors_in("shippingDetails", *members) + [
        ("email", "email")]


def test_a_complete_checkout_is_valid(client):
    result = client.address_validate(
        billing_details={"name": "王小明", "address": "1 Queen's Road Central", "city": "Hong Kong", "country": "hk"},
        shipping_details=complete("BR", "sp", phone="+55 11 5555 0100"),
        email="wang@example.hk", requirements={"withEmail": True, "withShipping": True, "fullBilling": True})
    assert result == {"valid": True, "errors": []}


def test_messages_follow_the_locale_and_fall_back_to_english(client):
    def messages(locale=None):
        result = client.address_validate(billing_details={"name": "Jane", "zip": "10001", "country": "US"},
                                          requirements=NO_EMAIL, locale=locale)
        return [error["message"] for error in result["errors"]]

    english = messages()
    assert english == messages("en_US") == messages("ja_JP") == messages("pt_BR")
    assert len(english) == 1
    for locale in ["zh_CN", "nl_NL", "de_DE", "fr_FR"]:
        translated = messages(locale)
        assert len(translated) == 1 and translated != english, locale


# -- malformed params ----------------------------------------------------------------------------

@pytest.mark.parametrize("params, paths", [
    ({"billingDetails": {"name": "Jane Doe", "street": "1 Main St"}}, ["/billingDetails/street"]),
    ({"shippingDetails": {"zip": 10001, "country": "US", "state": ["NY"]}}, ["/shippingDetails/state", "/shippingDetails/zip"]),
    ({"billingDetails": "Jane Doe, 1 Main St"}, ["/billingDetails"]),
    ({"email": 42, "locale": "en-US"}, ["/email", "/locale"]),
    ({"requirements": {"withEmail": "yes", "withBilling": True}}, ["/requirements/withBilling", "/requirements/withEmail"]),
    ({"billing": {}}, ["/billing"]),
])
def test_malformed_params_are_invalid_with_their_paths(client, params, paths):
    with pytest.raises(InvalidParams) as raised:
        client.call("address.validate", params)
    assert sorted(error["path"] for error in raised.value.errors) == paths
