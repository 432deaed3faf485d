"""tokens.create / tokens.list / tokens.delete and accounts on file through the
binary (API.md section 4 "Accounts on file and tokens", sections 5 and 6), with
the in-memory vault. Persistence with --data is in test_vault_persistence.py."""

from __future__ import annotations

import json
import re

import pytest

from checkoutd import TokenNotFound, ValidationFailed

from _support import luhn_complete

VISA, MASTERCARD, CB = 1, 3, 130
EMAIL = "wile@acme.example"
BILLING = {"name": "Wile E. Coyote", "zip": "1011 AB", "country": "NL"}
CARD = {"cardNumber": "4242 4242 4242 4242", "expiryDate": "12/28", "cvv": "123", "cardholderName": "Wile E. Coyote"}


def session(service, customer="cus_wile", country="NL", currency="EUR", **options):
    context = {"amountOfMoney": {"amount": 2999, "currencyCode": currency}, "countryCode": country}
    return service.session_init(context, customer_id=customer, **options)["clientSessionId"]


def create(service, sid, card=None, **overrides):
    options = {"billing_details": BILLING, "email": EMAIL}
    options.update(overrides)
    return service.tokens_create(sid, dict(CARD, **(card or {})), **options)


def problems(raised):
    return [(error["fieldId"], error["errorMessageId"]) for error in raised.value.errors]


# -- tokens.create --------------------------------------------------------------------------

def test_a_card_becomes_a_token_with_only_its_bin_and_last_four(client):
    result = create(client, session(client))
    assert result["token"].startswith("tok_") and len(result["token"]) == 36
    assert result["paymentProductId"] == VISA
    assert result["card"] == {"brand": "visa", "bin": "424242", "last4Digits": "4242", "issuingCountry": "US",
                              "cardType": "CREDIT", "expiryDate": "1228"}
    account = result["accountOnFile"]
    assert account["id"] == result["token"] and account["paymentProductId"] == VISA
    assert account["attributes"] == [
        {"key": "alias", "value": "424242XXXXXX4242", "status": "READ_ONLY"},
        {"key": "expiryDate", "value": "1228", "status": "CAN_WRITE"},
        {"key": "cardholderName", "value": "Wile E. Coyote", "status": "READ_ONLY"},
        {"key": "cvv", "value": "", "status": "MUST_WRITE"},
    ]
    assert account["label"] == "4242 42XX XXXX 4242"
    assert "4242424242424242" not in json.dumps(result)


def test_an_eight_digit_bin_and_a_co_badged_card_follow_the_iin_table(client):
    number = luhn_complete("40000025".ljust(15, "0"))
    in_france = create(client, session(client, country="FR"), {"cardNumber": number})
    assert in_france["paymentProductId"] == CB
    assert in_france["card"]["brand"] == "cartesbancaires"
    assert in_france["card"]["bin"] == "40000025" and in_france["card"]["issuingCountry"] == "FR"
    assert in_france["card"]["cardType"] == "DEBIT"
    in_the_netherlands = create(client, session(client, customer="cus_other"), {"cardNumber": number})
    assert in_the_netherlands["paymentProductId"] == VISA and in_the_netherlands["card"]["brand"] == "visa"


def test_an_amex_alias_and_label_follow_its_mask(client):
    result = create(client, session(client), {"cardNumber": "3782 822463 10005", "cvv": "1234"})
    assert result["card"]["brand"] == "amex" and result["card"]["bin"] == "378282"
    alias = next(a["value"] for a in result["accountOnFile"]["attributes"] if a["key"] == "alias")
    assert alias == "378282XXXXX0005"
    assert result["accountOnFile"]["label"].replace(" ", "") == alias


def test_the_same_card_and_expiry_for_the_same_customer_is_the_same_token(client):
    sid = session(client)
    first = create(client, sid)
    again = create(client, sid, {"cardNumber": "4242424242424242", "expiryDate": "1228", "cvv": "",
                                 "cardholderName": "W. Coyote"})
    assert again["token"] == first["token"]
    assert again["accountOnFile"] == first["accountOnFile"], "the stored token is returned unchanged"
    renewed = create(client, sid, {"expiryDate": "01/30"})
    assert renewed["token"] != first["token"]
    other_customer = create(client, session(client, customer="cus_road"))
    assert other_customer["token"] not in (first["token"], renewed["token"])
    assert [t["id"] for t in client.tokens_list("cus_wile")["tokens"]] == [first["token"], renewed["token"]]


@pytest.mark.parametrize("card, expected", [
    ({"cardNumber": ""}, [("card.cardNumber", "required")]),
    ({"cardNumber": "4242 4242 4242 4241"}, [("card.cardNumber", "luhn")]),
    ({"cardNumber": "4242-4242-4242-4242"}, [("card.cardNumber", "luhn")]),
    ({"cardNumber": "4242 4242 4242"}, [("card.cardNumber", "length")]),
    ({"cardNumber": luhn_complete("9".ljust(15, "0"))}, [("card.cardNumber", "allowedInContext")]),
    ({"expiryDate": ""}, [("card.expiryDate", "required")]),
    ({"expiryDate": "10/26"}, [("card.expiryDate", "expirationDate")]),
    ({"expiryDate": "13/28"}, [("card.expiryDate", "expirationDate")]),
    ({"expiryDate": "12/"}, [("card.expiryDate", "expirationDate")]),
    ({"cvv": "12"}, [("card.cvv", "length")]),
    ({"cvv": "1234"}, [("card.cvv", "length")]),
])
def test_every_card_problem(client, card, expected):
    with pytest.raises(ValidationFailed) as raised:
        create(client, session(client), card)
    assert problems(raised) == expected
    assert client.tokens_list("cus_wile")["tokens"] == []


def test_a_brand_the_session_does_not_accept_is_not_tokenised(client):
    sid = session(client, accepted_brands=["mastercard"])
    with pytest.raises(ValidationFailed) as raised:
        create(client, sid)
    assert problems(raised) == [("card.cardNumber", "allowedInContext")]
    assert create(client, sid, {"cardNumber": "5555 5555 5555 4444"})["paymentProductId"] == MASTERCARD


def test_card_and_address_problems_come_back_together(client):
    sid = session(client, requirements={"withShipping": True})
    with pytest.raises(ValidationFailed) as raised:
        client.tokens_create(sid, {"cardNumber": "4242 4242 4242 4241", "expiryDate": "12/28"},
                             billing_details={"name": "Wile", "country": "NL", "zip": "1"})
    assert problems(raised) == [
        ("card.cardNumber", "luhn"), ("billingDetails.name", "name"), ("billingDetails.zip", "zip"),
        ("shippingDetails.name", "name"), ("shippingDetails.address", "address"), ("shippingDetails.city", "city"),
        ("shippingDetails.zip", "zip"), ("shippingDetails.country", "country"), ("email", "email"),
    ]


def test_requirements_without_email_need_none(client):
    sid = session(client, requirements={"withEmail": False})
    assert client.tokens_create(sid, {"cardNumber": "4242424242424242", "expiryDate": "1228"})["token"]


@pytest.mark.parametrize("params, path", [
    ({"clientSessionId": "cs_x"}, "/card"),
    ({"clientSessionId": "cs_x", "card": {"cardNumber": 4242, "expiryDate": "1228"}}, "/card/cardNumber"),
    ({"clientSessionId": "cs_x", "card": {"cardNumber": "4242", "expiryDate": "1228", "pin": "1"}}, "/card/pin"),
    ({"clientSessionId": "cs_x", "card": {"cardNumber": "4" * 65, "expiryDate": "1228"}}, "/card/cardNumber"),
    ({"clientSessionId": "cs_x", "card": {"cardNumber": "4242", "expiryDate": "1228"}, "billingDetails": {"zip": 1}},
     "/billingDetails/zip"),
])
def test_bad_params_name_their_path(client, params, path):
    with pytest.raises(Exception) as raised:
        client.call("tokens.create", params)
    assert raised.value.code == -32602
    assert path in [problem["path"] for problem in raised.value.data["errors"]]


# -- tokens.list / tokens.delete -------------------------------------------------------------

def test_list_and_delete_are_scoped_to_the_customer(client):
    token = create(client, session(client))["token"]
    assert client.tokens_list("cus_road")["tokens"] == []
    with pytest.raises(TokenNotFound):
        client.tokens_delete("cus_road", token)
    assert client.tokens_delete("cus_wile", token) == {"deleted": True}
    assert client.tokens_list("cus_wile")["tokens"] == []
    with pytest.raises(TokenNotFound) as raised:
        client.tokens_delete("cus_wile", token)
    assert raised.value.data["token"] == token


# -- accounts on file in sessions ---------------------------------------------------------------

def test_tokens_become_the_sessions_accounts_on_file(client):
    visa = create(client, session(client))
    mastercard = create(client, session(client), {"cardNumber": "5555 5555 5555 4444"})
    sid = session(client, accounts_on_file=[mastercard["token"], visa["token"]])
    assert [a["id"] for a in client.session_get(sid)["accountsOnFile"]] == [mastercard["token"], visa["token"]]
    listed = client.products_list(sid)
    assert [a["id"] for a in listed["accountsOnFile"]] == [mastercard["token"], visa["token"]]
    assert [a["id"] for a in client.products_get(sid, VISA)["accountsOnFile"]] == [visa["token"]]


def test_a_payment_with_an_account_on_file(client, make_client):
    token = create(client, session(client))["token"]
    sid = session(client, accounts_on_file=[token])
    validate = lambda values: client.payment_request_validate(sid, VISA, values, account_on_file_id=token)
    assert [(e["fieldId"], e["errorMessageId"]) for e in validate({})["errors"]] == [("cvv", "required")]
    assert validate({"cvv": "123"})["valid"]
    assert [(e["fieldId"], e["errorMessageId"]) for e in validate({"cvv": "123", "cardholderName": "Road Runner"})["errors"]] \
        == [("cardholderName", "readOnly")]
    assert validate({"cvv": "123", "expiryDate": "01/31"})["valid"], "expiryDate is CAN_WRITE"
    encrypted = client.payment_request_encrypt(sid, VISA, {"cvv": "123"}, account_on_file_id=token)
    assert encrypted["encryptedCustomerInput"].count(".") == 4


def test_session_init_refuses_tokens_the_customer_does_not_have(client):
    token = create(client, session(client))["token"]
    with pytest.raises(TokenNotFound):
        session(client, customer="cus_road", accounts_on_file=[token])
    with pytest.raises(TokenNotFound):
        session(client, accounts_on_file=["tok_unknown"])
    with pytest.raises(Exception) as raised:
        session(client, accounts_on_file=[token] * 11)
    assert raised.value.code == -32602


# -- 3-D Secure by token -------------------------------------------------------------------------

@pytest.mark.parametrize("number, status, trans_status", [
    ("4000000000002701", "AUTHENTICATION_SUCCEEDED", "Y"),
    ("4000000000002925", "AUTHENTICATION_FAILED", "N"),
    ("5200000000002482", "AUTHENTICATION_SUCCEEDED", "A"),
    ("4000000000002313", "AUTHENTICATION_UNAVAILABLE", "U"),
])
def test_a_token_authenticates_as_its_card(client, number, status, trans_status):
    sid = session(client)
    token = create(client, sid, {"cardNumber": number, "cvv": ""})["token"]
    by_token = client.three_ds_authenticate(sid, token=token)
    by_number = client.three_ds_authenticate(sid, card_number=number)
    for result in (by_token, by_number):
        assert (result["status"], result.get("transStatus")) == (status, trans_status)
    assert by_token["eci"] == by_number["eci"]


def test_an_ordinary_token_follows_the_default_rules(client):
    sid = session(client)                                      # 29.99 EUR: frictionless
    token = create(client, sid)["token"]
    assert client.three_ds_authenticate(sid, token=token)["status"] == "AUTHENTICATION_SUCCEEDED"
    above = client.three_ds_authenticate(sid, token=token, amount_of_money={"amount": 5000, "currencyCode": "EUR"})
    assert above["status"] == "CHALLENGE_REQUIRED"
    with pytest.raises(TokenNotFound):
        client.three_ds_authenticate(session(client, customer="cus_road"), token=token)


def test_no_card_number_or_cvv_in_debug_logs(make_client):
    service = make_client("--log-level", "debug")
    sid = session(service)
    create(service, sid, {"cvv": "987"})
    with pytest.raises(ValidationFailed):
        create(service, sid, {"cardNumber": "4242 4242 4242 4241", "cvv": "987"})
    service.close()
    # Token ids and other random hex may hold any run of digits, so a secret
    # counts only where no other hex digit touches it.
    for secret in ("4242424242424242", "4242 4242 4242 4242", "4242424242424241", "987"):
        assert not re.search(rf"(?<![0-9A-Fa-f]){re.escape(secret)}(?![0-9A-Fa-f])", service.stderr), secret
