"""Tokens for returning shoppers through the binary (API.md 9.6; BlueSnap's shopper
configuration, ``BSTokenizeExistingCCDetails`` and ``BSBillingAddressDetails``):
tokens.create keeps the validated billing and shipping details, every account on
file carries them for a checkout to prefill, tokens.update changes them (and the
expiry date) without the card number, the billing address's e-mail is judged
wherever an address is, and the details survive a restart on SQLite and on
PostgreSQL."""

from __future__ import annotations

import json

import pytest

from checkoutd import InvalidParams, TokenNotFound, ValidationFailed
from checkoutd.params import UNSET, params_for_tokens_update

from test_shared_state import Store

CONTEXT = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"}
CARD = {"cardNumber": "4242 4242 4242 4242", "expiryDate": "12/28", "cardholderName": "Wile E. Coyote"}
EMAIL = "wile@acme.example"
BILLING = {"name": "Wile E. Coyote", "address": "Damrak 1", "city": "Amsterdam", "zip": "1012 LG", "country": "nl",
           "email": EMAIL}
SHIPPING = {"name": "Wile E. Coyote", "address": "Damrak 1", "city": "Amsterdam", "zip": "1012 LG", "country": "NL",
            "phone": "+31 20 555 0100"}
DESERT = {"name": "Wile E. Coyote", "address": "1 Desert Road", "city": "Phoenix", "zip": "85001", "country": "US",
          "state": "AZ"}
VISA = 1


def open_session(service, customer="cus_wile", **options):
    return service.session_init(CONTEXT, customer_id=customer, **options)["clientSessionId"]


def create(service, sid, card=None, **details):
    details.setdefault("billing_details", BILLING)
    details.setdefault("shipping_details", SHIPPING)
    return service.tokens_create(sid, dict(CARD, **(card or {})), **details)


def problems(raised):
    return [(error["fieldId"], error["errorMessageId"]) for error in raised.value.errors]


def expiry_of(account):
    return next(a["value"] for a in account["attributes"] if a["key"] == "expiryDate")


# -- the whole flow ------------------------------------------------------------------------------

def test_a_returning_shoppers_details_are_offered_then_updated(client):
    sid = open_session(client, requirements={"withShipping": True, "fullBilling": True})
    created = create(client, sid)
    token, account = created["token"], created["accountOnFile"]
    assert account["billingDetails"] == BILLING, "kept as sent, the lower-case country and the e-mail too"
    assert account["shippingDetails"] == SHIPPING
    assert client.tokens_list("cus_wile")["tokens"] == [account]

    # The next checkout offers the account with the details to prefill, wherever accounts on file appear.
    before = open_session(client, accounts_on_file=[token])
    assert client.session_get(before)["accountsOnFile"] == [account]
    listed = client.products_list(before)
    assert listed["accountsOnFile"] == [account]
    visa = next(product for product in listed["paymentProducts"] if product["id"] == VISA)
    assert visa["accountsOnFile"] == [account]
    assert client.products_get(before, VISA)["accountsOnFile"] == [account]
    grouped = client.products_list(before, group_payment_products=True)
    assert grouped["paymentProductGroups"][0]["accountsOnFile"] == [account]

    # The shopper moved and renewed the card: no card number needed.
    updated = client.tokens_update("cus_wile", token, expiry_date="03/31", shipping_details=DESERT)
    assert updated["id"] == token and expiry_of(updated) == "0331"
    assert updated["billingDetails"] == BILLING, "left out: kept"
    assert updated["shippingDetails"] == DESERT
    assert updated["label"] == account["label"]
    assert client.tokens_list("cus_wile")["tokens"] == [updated]
    after = open_session(client, accounts_on_file=[token])
    assert client.products_list(after)["accountsOnFile"] == [updated]
    assert client.products_list(before)["accountsOnFile"] == [account], "an open session keeps its copy"

    # A payment with the account takes the renewed expiry as stored.
    assert client.payment_request_validate(after, VISA, {"cvv": "123"}, account_on_file_id=token)["valid"]
    # The card with its renewed expiry is this token now; with the old expiry it is a new one.
    again = create(client, sid, {"expiryDate": "0331"})
    assert again["token"] == token and again["accountOnFile"]["shippingDetails"] == SHIPPING, \
        "the same card again takes the details it gives"
    assert create(client, sid)["token"] != token


def test_null_removes_an_address_and_left_out_keeps_it(client):
    token = create(client, open_session(client))["token"]
    assert params_for_tokens_update("cus_wile", token) == {"customerId": "cus_wile", "token": token}
    assert params_for_tokens_update("cus_wile", token, shipping_details=None) == {
        "customerId": "cus_wile", "token": token, "shippingDetails": None}
    assert repr(UNSET) == "UNSET"
    unchanged = client.tokens_update("cus_wile", token)
    assert unchanged["billingDetails"] == BILLING and unchanged["shippingDetails"] == SHIPPING
    removed = client.tokens_update("cus_wile", token, shipping_details=None)
    assert "shippingDetails" not in removed and removed["billingDetails"] == BILLING
    replaced = client.tokens_update("cus_wile", token, billing_details={"name": "Road Runner", "zip": "85001",
                                                                       "country": "US"})
    assert replaced["billingDetails"] == {"name": "Road Runner", "zip": "85001", "country": "US"}, "whole, not merged"
    cleared = client.call("tokens.update", {"customerId": "cus_wile", "token": token, "billingDetails": None})
    assert "billingDetails" not in cleared and "shippingDetails" not in cleared
    assert client.tokens_list("cus_wile")["tokens"] == [cleared]


def test_the_top_level_email_is_judged_but_not_kept(client):
    sid = open_session(client)
    billing = {key: value for key, value in BILLING.items() if key != "email"}
    created = create(client, sid, billing_details=billing, email=EMAIL)
    assert created["accountOnFile"]["billingDetails"] == billing


# -- tokens.update's problems -------------------------------------------------------------------

def test_unknown_deleted_and_other_customers_tokens_are_not_found(client):
    token = create(client, open_session(client))["token"]
    for customer, candidate in [("cus_road", token), ("cus_wile", "tok_missing")]:
        with pytest.raises(TokenNotFound) as raised:
            client.tokens_update(customer, candidate, expiry_date="03/31")
        assert raised.value.data["token"] == candidate
    client.tokens_delete("cus_wile", token)
    with pytest.raises(TokenNotFound):
        client.tokens_update("cus_wile", token)


def test_every_problem_at_once_and_nothing_changes(client):
    token = create(client, open_session(client))["token"]
    stored = client.tokens_list("cus_wile")["tokens"]
    with pytest.raises(ValidationFailed) as raised:
        client.tokens_update("cus_wile", token, expiry_date="13/30",
                             billing_details={"name": "Wile", "zip": "1", "country": "XX", "email": "wile@acme"},
                             shipping_details={"name": "Wile E. Coyote", "country": "CA", "state": "ZZ"})
    assert problems(raised) == [
        ("expiryDate", "expirationDate"), ("billingDetails.name", "name"), ("billingDetails.zip", "zip"),
        ("billingDetails.country", "country"), ("billingDetails.email", "email"),
        ("shippingDetails.address", "address"), ("shippingDetails.city", "city"), ("shippingDetails.zip", "zip"),
        ("shippingDetails.state", "state"),
    ]
    with pytest.raises(ValidationFailed) as raised:
        client.tokens_update("cus_wile", token, expiry_date="")
    assert problems(raised) == [("expiryDate", "required")]
    with pytest.raises(ValidationFailed):
        client.tokens_update("cus_wile", "tok_missing", expiry_date="10/26")   # validation comes first
    assert client.tokens_list("cus_wile")["tokens"] == stored


def test_an_expiry_another_token_of_the_card_has_is_refused(client):
    sid = open_session(client)
    first = create(client, sid)["token"]
    renewed = create(client, sid, {"expiryDate": "01/30"})["token"]
    stored = client.tokens_list("cus_wile")["tokens"]
    with pytest.raises(ValidationFailed) as raised:
        client.tokens_update("cus_wile", first, expiry_date="0130", shipping_details=None)
    assert problems(raised) == [("expiryDate", "expirationDate")]
    assert raised.value.errors[0]["message"] == "This card is already stored with this expiry date."
    assert client.tokens_list("cus_wile")["tokens"] == stored
    assert expiry_of(client.tokens_update("cus_wile", renewed, expiry_date="01/2030")) == "0130", "its own expiry"


@pytest.mark.parametrize("params, path", [
    ({"expiryDate": None}, "/expiryDate"),
    ({"expiryDate": 330}, "/expiryDate"),
    ({"billingDetails": []}, "/billingDetails"),
    ({"shippingDetails": {"email": EMAIL}}, "/shippingDetails/email"),
    ({"billingDetails": {"name": None}}, "/billingDetails/name"),
    ({"billingDetails": {"zip": "1" * 257}}, "/billingDetails/zip"),
    ({"cardNumber": "4242424242424242"}, "/cardNumber"),
    ({"billingDetails": {"name": "Wile E. Coyote", "phone": "4111 1111 1111 1111"}}, "/billingDetails/phone"),
    ({"shippingDetails": {"name": "Wile E. Coyote", "address": "4111-1111-1111-1111 Main St"}},
     "/shippingDetails/address"),
    ({"billingDetails": {"name": "Wile E. Coyote", "email": "4111111111111111@acme.example"}},
     "/billingDetails/email"),
])
def test_bad_params_name_their_path(client, params, path):
    with pytest.raises(InvalidParams) as raised:
        client.call("tokens.update", {"customerId": "cus_wile", "token": "tok_1", **params})
    assert [problem["path"] for problem in raised.value.data["errors"]] == [path]
    assert "4111" not in json.dumps(raised.value.data)


def test_a_card_number_in_a_kept_address_is_refused_by_tokens_create_too(client):
    sid = open_session(client)
    for member in ["address", "city", "zip", "state", "phone", "email"]:
        with pytest.raises(InvalidParams) as raised:
            create(client, sid, billing_details=dict(BILLING, **{member: "4111 1111 1111 1111"}))
        assert [problem["path"] for problem in raised.value.data["errors"]] == [f"/billingDetails/{member}"]
    with pytest.raises(ValidationFailed) as raised:
        create(client, sid, shipping_details=dict(SHIPPING, name="Wile 4111111111111111"))
    assert problems(raised) == [("shippingDetails.name", "name")]
    assert client.tokens_list("cus_wile")["tokens"] == []
    # address.validate keeps nothing: only the name rule looks for card numbers there.
    assert client.address_validate(billing_details=dict(BILLING, address="4111 1111 1111 1111"))["valid"]


# -- the billing address's e-mail, table-driven --------------------------------------------------

#: (top-level email, billingDetails.email, withEmail) -> the fieldIds of the email errors.
EMAIL_RULES = [
    (None, None, True, ["email"]),
    (None, EMAIL, True, []),
    ("", EMAIL, True, []),
    (EMAIL, None, True, []),
    (None, "", True, ["email"]),
    (None, "wile@acme", True, ["billingDetails.email"]),
    (None, "wile@acme", False, ["billingDetails.email"]),
    (None, " " + EMAIL, False, ["billingDetails.email"]),
    (None, None, False, []),
    (EMAIL, EMAIL, True, []),
    ("WILE@Acme.Example", EMAIL, True, []),
    (EMAIL, "road@acme.example", True, ["billingDetails.email", "email"]),
    (EMAIL, "road@acme.example", False, ["billingDetails.email", "email"]),
    ("wile@acme", EMAIL, True, ["billingDetails.email", "email"]),
    ("wile@acme", "wile@acme", False, ["billingDetails.email", "email"]),
]


def email_ids(email, billing_email, with_email):
    return f"email={email!r}-billing={billing_email!r}-withEmail={with_email}"


def billing_with(billing_email):
    billing = {"name": "Wile E. Coyote", "zip": "1011 AB", "country": "NL"}
    if billing_email is not None:
        billing["email"] = billing_email
    return billing


@pytest.mark.parametrize("email, billing_email, with_email, expected", EMAIL_RULES,
                         ids=[email_ids(*row[:3]) for row in EMAIL_RULES])
def test_email_rules_in_address_validate(client, email, billing_email, with_email, expected):
    result = client.address_validate(billing_details=billing_with(billing_email), email=email,
                                     requirements={"withEmail": with_email})
    assert [(e["fieldId"], e["errorMessageId"]) for e in result["errors"]] == [(f, "email") for f in expected]
    assert result["valid"] is (expected == [])


@pytest.mark.parametrize("email, billing_email, with_email, expected", EMAIL_RULES,
                         ids=[email_ids(*row[:3]) for row in EMAIL_RULES])
def test_email_rules_in_tokens_create(client, email, billing_email, with_email, expected):
    sid = open_session(client, requirements={"withEmail": with_email})
    if expected:
        with pytest.raises(ValidationFailed) as raised:
            create(client, sid, billing_details=billing_with(billing_email), shipping_details=None, email=email)
        assert problems(raised) == [(f, "email") for f in expected]
        assert client.tokens_list("cus_wile")["tokens"] == []
    else:
        created = create(client, sid, billing_details=billing_with(billing_email), shipping_details=None, email=email)
        assert created["accountOnFile"]["billingDetails"] == billing_with(billing_email)


@pytest.mark.parametrize("billing_email, expected", [
    (None, []), ("", []), (EMAIL, []), ("wile@acme", ["billingDetails.email"]), ("wile@", ["billingDetails.email"]),
    ("wile@acme.c", ["billingDetails.email"]), ("wilé@acme.example", ["billingDetails.email"]),
])
def test_email_rules_in_tokens_update(client, billing_email, expected):
    """No session, no requirements and no top-level email: only a given e-mail is judged."""
    token = create(client, open_session(client))["token"]
    if expected:
        with pytest.raises(ValidationFailed) as raised:
            client.tokens_update("cus_wile", token, billing_details=billing_with(billing_email))
        assert problems(raised) == [(f, "email") for f in expected]
    else:
        updated = client.tokens_update("cus_wile", token, billing_details=billing_with(billing_email))
        assert updated["billingDetails"] == billing_with(billing_email)


def test_different_emails_say_they_do_not_match_in_the_sessions_locale(client):
    sid = client.session_init(dict(CONTEXT, locale="de_DE"), customer_id="cus_wile")["clientSessionId"]
    with pytest.raises(ValidationFailed) as raised:
        create(client, sid, billing_details=billing_with("road@acme.example"), shipping_details=None, email=EMAIL)
    assert [e["message"] for e in raised.value.errors] == ["Die E-Mail-Adressen stimmen nicht überein."] * 2


# -- the store -------------------------------------------------------------------------------------

@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    store = Store(request.param, tmp_path)
    yield store
    store.drop()


def test_details_survive_a_restart_and_an_update_is_shared(make_client, store):
    first = make_client(*store.flags)
    sid = open_session(first)
    created = create(first, sid)
    assert first.close() == 0
    second, third = make_client(*store.flags), make_client(*store.flags)
    assert second.service_info()["store"]["schemaVersion"] == 4
    assert second.tokens_list("cus_wile")["tokens"] == [created["accountOnFile"]]
    updated = second.tokens_update("cus_wile", created["token"], expiry_date="03/31", shipping_details=DESERT,
                                   billing_details=None)
    assert third.tokens_list("cus_wile")["tokens"] == [updated], "another process on the store sees it at once"
    later = open_session(third, accounts_on_file=[created["token"]])
    assert second.products_list(later)["accountsOnFile"] == [updated]
    assert second.close() == 0 and third.close() == 0
    fourth = make_client(*store.flags)
    assert fourth.tokens_list("cus_wile")["tokens"] == [updated]
    again = create(fourth, open_session(fourth), {"expiryDate": "03/31"}, billing_details=None, email=EMAIL)
    assert again["token"] == created["token"], "the renewed expiry is the token's in the store"
    assert again["accountOnFile"]["shippingDetails"] == SHIPPING and "billingDetails" not in again["accountOnFile"]
