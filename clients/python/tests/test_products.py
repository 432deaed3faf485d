"""Payment products and IIN details through the binary (API.md section 4),
checked against the catalog and IIN data files themselves."""

from __future__ import annotations

import json

import pytest

from checkoutd import ProductNotAvailable, SessionNotFound, UnknownProduct

from _support import REPO_ROOT

CATALOG = json.loads((REPO_ROOT / "Data" / "catalog.json").read_text(encoding="utf-8"))
PRODUCTS = {product["id"]: product for product in CATALOG["paymentProducts"]}
IIN = json.loads((REPO_ROOT / "Data" / "iin-table.json").read_text(encoding="utf-8"))


def context(country, currency, amount=1000, recurring=False, locale=None):
    value = {"amountOfMoney": {"amount": amount, "currencyCode": currency}, "countryCode": country,
             "isRecurring": recurring}
    if locale:
        value["locale"] = locale
    return value


def expected_offer(ctx, accepted=()):
    """An independent reading of the availability rules over the catalog file."""
    brand_of_product = {1: "visa", 2: "amex", 3: "mastercard", 56: "unionpay", 117: "maestro", 125: "jcb",
                        128: "discover", 130: "cartesbancaires", 132: "diners"}
    offered = []
    for product in CATALOG["paymentProducts"]:
        restrictions = product.get("restrictions", {})
        if "countries" in restrictions and ctx["countryCode"] not in restrictions["countries"]:
            continue
        if "currencies" in restrictions and ctx["amountOfMoney"]["currencyCode"] not in restrictions["currencies"]:
            continue
        amount = ctx["amountOfMoney"]["amount"]
        if amount < product.get("minAmount", amount) or amount > product.get("maxAmount", amount):
            continue
        if ctx["isRecurring"] and not product["allowsRecurring"]:
            continue
        brand = brand_of_product.get(product["id"])
        if accepted and product["paymentMethod"] == "card" and brand and brand not in accepted:
            continue
        offered.append(product)
    offered.sort(key=lambda product: (product["displayHints"]["displayOrder"], product["id"]))
    return [product["id"] for product in offered]


CONTEXTS = [
    (context("NL", "EUR"), ()),
    (context("NL", "EUR", amount=6_000_000), ()),
    (context("NL", "USD"), ()),
    (context("BE", "EUR"), ()),
    (context("BE", "EUR", amount=0), ()),
    (context("FR", "EUR"), ()),
    (context("FR", "EUR", recurring=True), ()),
    (context("US", "USD"), ()),
    (context("US", "USD", recurring=True), ()),
    (context("DE", "EUR"), ("visa", "mastercard")),
    (context("JP", "JPY"), ("jcb",)),
    (context("IN", "INR"), ()),
]


def test_paypal_is_offered_only_in_its_currencies_also_after_a_change(client):
    session = client.session_init(context("US", "USD"))["clientSessionId"]
    assert 840 in [p["id"] for p in client.products_list(session)["paymentProducts"]]
    client.session_change_currency(session, "INR")
    assert 840 not in [p["id"] for p in client.products_list(session)["paymentProducts"]]
    client.session_update(session, amount_of_money={"amount": 500, "currencyCode": "EUR"})
    assert 840 in [p["id"] for p in client.products_list(session)["paymentProducts"]]


def test_a_maestro_card_is_offered_validated_and_tokenized(client):
    session = client.session_init(context("GB", "GBP"), requirements={"withEmail": False})["clientSessionId"]
    maestro = client.products_get(session, 117)
    assert maestro["displayHints"]["label"] == "Maestro" and maestro["autoTokenized"] is False
    values = {"cardNumber": "6759649826438453", "expiryDate": "12/30", "cvv": "123"}
    assert client.payment_request_validate(session, 117, values)["valid"] is True
    token = client.tokens_create(session, {"cardNumber": "6759649826438453", "expiryDate": "12/30", "cvv": "123"})
    assert token["accountOnFile"]["paymentProductId"] == 117


@pytest.mark.parametrize("ctx, accepted", CONTEXTS)
def test_products_offered_follow_the_rules(client, ctx, accepted):
    session = client.session_init(ctx, accepted_brands=list(accepted))
    listed = client.products_list(session["clientSessionId"])
    assert [product["id"] for product in listed["paymentProducts"]] == expected_offer(ctx, accepted)
    assert listed["accountsOnFile"] == []
    for product in listed["paymentProducts"]:
        assert "fields" not in product
        assert product["accountsOnFile"] == []


@pytest.mark.parametrize("country, currency, available", [
    ("NL", "EUR", True), ("BE", "EUR", False), ("NL", "USD", False)])
def test_ideal_only_for_the_netherlands_in_euro(client, country, currency, available):
    session = client.session_init(context(country, currency))["clientSessionId"]
    if available:
        assert client.products_get(session, 809)["fields"][0]["id"] == "issuerId"
    else:
        with pytest.raises(ProductNotAvailable) as raised:
            client.products_get(session, 809)
        assert raised.value.code == 1102 and raised.value.data["paymentProductId"] == 809


def test_an_unknown_product_is_reported(client):
    session = client.session_init(context("NL", "EUR"))["clientSessionId"]
    with pytest.raises(UnknownProduct) as raised:
        client.products_get(session, 99999)
    assert raised.value.code == 1101


@pytest.mark.parametrize("locale", ["en_US", "zh_CN", "nl_NL", "de_DE", "fr_FR", "xx_XX"])
def test_labels_follow_the_locale_with_english_as_fallback(client, locale):
    session = client.session_init(context("NL", "EUR", locale=locale))["clientSessionId"]
    for basic in client.products_list(session)["paymentProducts"]:
        source = PRODUCTS[basic["id"]]
        assert basic["displayHints"]["label"] == source.get("labels", {}).get(locale, source["displayHints"]["label"])
        product = client.products_get(session, basic["id"])
        for field, source_field in zip(product["fields"], source["fields"]):
            label = source_field.get("labels", {}).get(locale, source_field["displayHints"]["label"])
            assert field["displayHints"]["label"] == label
            assert "labels" not in field


def test_card_products_have_the_four_card_fields(client):
    session = client.session_init(context("BE", "EUR"))["clientSessionId"]
    for basic in client.products_list(session)["paymentProducts"]:
        if basic["paymentMethod"] != "card":
            continue
        fields = {field["id"]: field for field in client.products_get(session, basic["id"])["fields"]}
        for required in ("cardNumber", "expiryDate", "cvv"):
            assert fields[required]["dataRestrictions"]["isRequired"] is True
        assert fields["cardholderName"]["dataRestrictions"]["isRequired"] is False
        assert fields["cvv"]["displayHints"]["obfuscate"] is True


# -- iin.details ---------------------------------------------------------------------------

REFERENCE_ROWS = [  # reference/card-brands.md: BIN, products in order, country, card type, test number
    ("40000025", [130, 1], "FR", "DEBIT", "4000002500001001"),
    ("55555525", [130, 3], "FR", "CREDIT", "5555552500001001"),
    ("424242", [1], "US", "CREDIT", "4242424242424242"),
    ("400005", [1], "US", "DEBIT", "4000056655665556"),
    ("555555", [3], "US", "CREDIT", "5555555555554444"),
    ("520082", [3], "US", "DEBIT", "5200828282828210"),
    ("510510", [3], "US", "PREPAID", "5105105105105100"),
    ("378282", [2], "US", "CREDIT", "378282246310005"),
    ("601111", [128], "US", "CREDIT", "6011111111111117"),
    ("356600", [125], "JP", "CREDIT", "3566002020360505"),
    ("620000", [56], "CN", "CREDIT", "6200000000000005"),
    ("401200", [1], "BE", "CREDIT", "4012000033330026"),
]


@pytest.mark.parametrize("bin_, products, country, card_type, number", REFERENCE_ROWS)
def test_reference_bins_in_france(client, bin_, products, country, card_type, number):
    session = client.session_init(context("FR", "EUR"))["clientSessionId"]
    details = client.iin_details(session, number)
    assert details["status"] == "SUPPORTED"
    assert details["paymentProductId"] == products[0]
    assert details["countryCode"] == country and details["cardType"] == card_type
    assert details["isAllowedInContext"] is True
    if len(products) > 1:
        assert [brand["paymentProductId"] for brand in details["coBrands"]] == products
    else:
        assert details["coBrands"] == []


def test_co_badged_top_level_is_the_first_allowed_brand(client):
    session = client.session_init(context("NL", "EUR"))["clientSessionId"]
    details = client.iin_details(session, "5555 5525 0000 1001")
    assert details["paymentProductId"] == 3
    assert [(b["paymentProductId"], b["isAllowedInContext"]) for b in details["coBrands"]] == [(130, False), (3, True)]


@pytest.mark.parametrize("typed, status", [
    ("", "NOT_ENOUGH_DIGITS"), ("4", "NOT_ENOUGH_DIGITS"), ("42424", "NOT_ENOUGH_DIGITS"),
    ("4242 4", "NOT_ENOUGH_DIGITS"), ("424242", "SUPPORTED"), ("999999", "UNKNOWN"),
])
def test_statuses_by_number_of_digits(client, typed, status):
    session = client.session_init(context("US", "USD"))["clientSessionId"]
    assert client.iin_details(session, typed)["status"] == status


def test_six_or_seven_digits_use_only_the_first_six(client):
    session = client.session_init(context("FR", "EUR"))["clientSessionId"]
    for typed in ("400000", "4000002"):   # 40000025 is co-badged, but only at 8 digits
        details = client.iin_details(session, typed)
        assert details["paymentProductId"] == 1 and details["coBrands"] == [] and "countryCode" not in details
    assert client.iin_details(session, "40000025")["paymentProductId"] == 130


def test_accepted_brands_make_a_card_not_allowed(client):
    session = client.session_init(context("US", "USD"), accepted_brands=["mastercard"])["clientSessionId"]
    details = client.iin_details(session, "4242424242424242")
    assert details["status"] == "EXISTING_BUT_NOT_ALLOWED" and details["isAllowedInContext"] is False


def test_iin_details_needs_a_live_session(client):
    with pytest.raises(SessionNotFound):
        client.iin_details("cs_none", "424242")


def test_every_entry_of_the_embedded_table_is_reported_as_listed(client):
    session = client.session_init(context("FR", "EUR"))["clientSessionId"]
    for entry in IIN["entries"]:
        details = client.iin_details(session, entry["bin"])
        first = entry["brands"][0]
        assert details.get("countryCode") == entry.get("countryCode"), entry
        products = [brand["paymentProductId"] for brand in entry["brands"]]
        if len(products) > 1:
            assert [brand["paymentProductId"] for brand in details["coBrands"]] == products, entry
        allowed = [b for b in details["coBrands"] if b["isAllowedInContext"]] if len(products) > 1 else []
        if len(products) == 1 or not allowed:
            assert details["paymentProductId"] == first["paymentProductId"], entry


def test_grouping_offers_the_card_products_as_one_group(client):
    """Online Payments groupPaymentProducts (API.md 9.3): the products that share a
    group leave the list and come as one entry, in the session's locale."""
    ctx = context("NL", "EUR", locale="fr_FR")
    session = client.session_init(ctx)["clientSessionId"]
    grouped = client.products_list(session, group_payment_products=True)
    cards = [pid for pid in expected_offer(ctx) if PRODUCTS[pid].get("paymentProductGroup") == "cards"]
    assert [p["id"] for p in grouped["paymentProducts"]] == [pid for pid in expected_offer(ctx) if pid not in cards]
    [group] = grouped["paymentProductGroups"]
    assert group["id"] == "cards" and group["paymentProductIds"] == cards
    assert group["displayHints"] == {"displayOrder": min(PRODUCTS[pid]["displayHints"]["displayOrder"] for pid in cards),
                                     "label": "Cartes",
                                     "logo": "https://assets.checkoutd.invalid/pp_group_cards.png"}
    assert "paymentProductGroups" not in client.products_list(session)


def test_a_groups_fields_take_any_card_of_the_group(client):
    from checkoutd import UnknownProductGroup
    session = client.session_init(context("US", "USD"), accepted_brands=["visa", "amex"])["clientSessionId"]
    group = client.product_groups_get(session, "cards")
    assert group["paymentProductIds"] == [1, 2]
    fields = {field["id"]: field for field in group["fields"]}
    assert list(fields) == ["cardNumber", "expiryDate", "cvv", "cardholderName"]
    assert fields["cardNumber"]["dataRestrictions"]["validators"] == {"luhn": {}, "length": {"minLength": 12, "maxLength": 19}}
    assert fields["cvv"]["dataRestrictions"]["validators"]["length"] == {"minLength": 3, "maxLength": 4}
    # The typed number then names the product to switch to.
    assert client.iin_details(session, "3782 8224")["paymentProductId"] == 2
    with pytest.raises(UnknownProductGroup):
        client.product_groups_get(session, "wallets")
