"""Card brands through the binary (API.md section 9.4): ``card.brands``, the images of
every Brand and the product logos under ``--asset-url``, and ``errorDescription`` on
``THREE_DS_ERROR``. The facts are copied below from reference/card-brands.md as they
are written there."""

from __future__ import annotations

import json
import subprocess

import pytest

from checkoutd import SessionNotFound

from _support import REPO_ROOT, luhn_complete

DEFAULT_BASE = "https://assets.checkoutd.invalid/"
NL_EUR = {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}, "countryCode": "NL"}

# reference/card-brands.md, in table order: code, name, product, prefixes, PAN lengths, CVC.
REFERENCE = [
    ("amex", "American Express", 2, "34, 37", [15], 4),
    ("diners", "Diners Club", 132, "300-305, 3095, 36, 38, 39", [14, 16, 19], 3),
    ("discover", "Discover", 128, "6011, 644-649, 65", [16, 19], 3),
    ("jcb", "JCB", 125, "2131, 1800, 3088-3094, 3096-3102, 3112-3120, 3158-3159, 3337-3349, 3528-3589",
     [16, 17, 18, 19], 3),
    ("maestro", "Maestro", 117, "493698, 500000-506698, 506779-508999, 56-59, 63, 67, 6", list(range(12, 20)), 3),
    ("mastercard", "Mastercard", 3, "51-55, 2221-2229, 223-229, 23-26, 270-271, 2720", [16], 3),
    ("visa", "Visa", 1, "4", [13, 16, 18, 19], 3),
    ("unionpay", "UnionPay", 56, "620, 62100-62182, 62184-62187, 62185-62197, 62200-62205, 622010-622999, 622018, "
     "62207-62209, 623-626, 6270, 6272, 6276, 627700-627779, 627781-627799, 6282-6289, 6291, 6292, 810, 8110-8131, "
     "8132-8151, 8152-8163, 8164-8171", list(range(14, 20)), 3),
    ("elo", "Elo", None, "401178, 401179, 438935, 457631, 457632, 431274, 451416, 457393, 504175, 506699-506778, "
     "509000-509999, 627780, 636297, 636368, 650031-650033, 650035-650051, 650405-650439, 650485-650538, "
     "650541-650598, 650700-650718, 650720-650727, 650901-650978, 651652-651679, 655000-655019, 655021-655058",
     [16], 3),
    ("mir", "Mir", None, "2200-2204", [16, 17, 18, 19], 3),
    ("hipercard", "Hipercard", None, "606282", [16], 3),
    ("troy", "Troy", None, "9792, 650052, 650082-650083, 650092, 650161, 650170, 650173, 650175, 650268, 650271, "
     "650273-650274, 650456-650457, 650836, 650846-650850, 650923, 650987, 650990, 654997, 657366, 657998, 658758, "
     "658767-658768, 65083700-65083704, 65085800-65085804, 65085900-65085901, 65086000, 65086100-65086105, "
     "65086200-65086203, 65875000-65875003, 65875009, 65875101-65875104, 65875200, 65875501, 65875601, 65875900, "
     "65876000-65876002, 65876100-65876103, 65876110, 65876115-65876116, 65876200-65876201, 65876500, "
     "65876504-65876505, 65876600-65876602, 65877100-65877101, 65877600-65877602, 65877700, 65877801-65877802, "
     "65878200-65878202, 65878300-65878311, 65878400-65878405, 65878500-65878505, 65878600-65878601, 65879800, "
     "65880800, 65880900", [16], 3),
    ("cartesbancaires", "Cartes Bancaires", 130, "", [16], 3),
]

def split_prefixes(text):
    return [item.strip() for item in text.split(",")] if text else []


def oracle(table):
    """Longest-prefix detection (API.md section 5) over ``[(code, [entry, …]), …]``."""
    entries = [(code, *(item.split("-") * 2)[:2], "-" in item) for code, items in table for item in items]

    def brand(digits):
        best = None
        for code, low, high, is_range in entries:
            n = len(low)
            if len(digits) >= n and int(low) <= int(digits[:n]) <= int(high):
                key = (n, not is_range, -(int(high) - int(low)))
                if best is None or key > best[0]:
                    best = (key, code)
        return best[1] if best else None
    return brand


def probes(table):
    """Every bound of every entry, inside and just outside, as 16-digit Luhn-valid numbers."""
    seen = set()
    for _, items in table:
        for item in items:
            for bound in item.split("-"):
                for value in (int(bound) - 1, int(bound), int(bound) + 1):
                    if 0 <= value < 10 ** len(bound):
                        seen.add(str(value).zfill(len(bound)))
    return sorted(luhn_complete((prefix + "0" * 15)[:15]) for prefix in seen)


def detected(raw, numbers):
    reply = raw.request([{"jsonrpc": "2.0", "id": i, "method": "card.validate", "params": {"pan": number}}
                         for i, number in enumerate(numbers)], timeout=30)
    by_id = {response["id"]: response["result"] for response in reply}
    return [(by_id[i]["cardBrand"] or {}).get("code") for i in range(len(numbers))]


def images(base, code):
    return [{"type": "image/svg+xml", "url": f"{base}brands/{code}.svg"},
            {"type": "image/png", "url": f"{base}brands/{code}.png"}]


def start(binary, *args):
    return subprocess.run([binary, *args], input=b"", capture_output=True, timeout=10)


# ---------------------------------------------------------------------------
# card.brands


def test_card_brands_lists_the_reference_table_in_order(client):
    brands = client.card_brands()["brands"]
    assert [brand["code"] for brand in brands] == [row[0] for row in REFERENCE]
    for brand, (code, name, product, prefixes, lengths, cvc) in zip(brands, REFERENCE):
        assert brand == {"code": code, "name": name, "paymentProductId": product, "panLengths": lengths,
                         "cvcLength": cvc, "mask": brand["mask"], "images": images(DEFAULT_BASE, code),
                         "prefixes": split_prefixes(prefixes), "accepted": True}
    masks = {brand["code"]: brand["mask"] for brand in brands}
    assert masks.pop("amex") == "{{9999}} {{999999}} {{99999}}"
    assert set(masks.values()) == {"{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"}


def test_the_brands_listed_are_the_brands_card_validate_and_card_format_report(client, raw):
    brands = client.card_brands()["brands"]
    table = [(brand["code"], brand["prefixes"]) for brand in brands]
    numbers = probes(table)
    assert len(numbers) > 400
    assert detected(raw, numbers) == [oracle(table)(number) for number in numbers]
    by_code = {brand["code"]: {k: v for k, v in brand.items() if k not in ("prefixes", "accepted")} for brand in brands}
    for number in ("378282246310005", "6011111111111117", "6200000000000005", "5066991111111118"):
        validated = client.card_validate(pan=number)["cardBrand"]
        assert validated == by_code[validated["code"]]
        assert client.card_format(number)["cardBrand"] == validated


@pytest.mark.parametrize("accepted, expected", [
    (["VISA", "MasterCard"], {"visa", "mastercard"}),
    (["amex", "nosuchbrand"], {"amex"}),
    (["nosuchbrand"], set()),
    ([], {row[0] for row in REFERENCE}),
])
def test_accepted_follows_the_codes_given(client, accepted, expected):
    brands = client.card_brands(accepted_brands=accepted)["brands"]
    assert {brand["code"] for brand in brands if brand["accepted"]} == expected
    assert len(brands) == len(REFERENCE)


def test_accepted_follows_the_session_unless_codes_are_given(client):
    session = client.session_init(dict(NL_EUR), accepted_brands=["jcb", "Diners"])["clientSessionId"]

    def accepted(**params):
        return [brand["code"] for brand in client.card_brands(**params)["brands"] if brand["accepted"]]
    assert accepted(client_session_id=session) == ["diners", "jcb"]
    assert accepted(client_session_id=session, accepted_brands=["visa"]) == ["visa"]
    assert len(accepted(client_session_id=session, accepted_brands=[])) == len(REFERENCE)
    # What card.brands calls accepted is what card.validate lets through.
    assert client.card_validate(pan="3566002020360505", client_session_id=session)["pan"]["state"] == "valid"
    assert client.card_validate(pan="4111111111111111", client_session_id=session)["pan"]["errors"] == ["allowedInContext"]
    with pytest.raises(SessionNotFound):
        client.card_brands(client_session_id="cs_nobody")


@pytest.mark.parametrize("params, paths", [
    ({"acceptedBrands": "visa"}, ["/acceptedBrands"]),
    ({"acceptedBrands": [1]}, ["/acceptedBrands/0"]),
    ({"clientSessionId": "", "pan": "4"}, ["/clientSessionId", "/pan"]),
])
def test_bad_params_are_named_by_pointer(raw, params, paths):
    response = raw.request({"jsonrpc": "2.0", "id": 1, "method": "card.brands", "params": params})
    assert response["error"]["code"] == -32602
    assert [problem["path"] for problem in response["error"]["data"]["errors"]] == paths


# ---------------------------------------------------------------------------
# --asset-url


@pytest.mark.parametrize("flag, base", [
    ("https://cdn.example.com/checkout", "https://cdn.example.com/checkout/"),
    ("http://localhost:8080/static/", "http://localhost:8080/static/"),
])
def test_the_asset_url_places_brand_images_and_product_logos(make_client, flag, base):
    service = make_client("--asset-url", flag)
    assert all(brand["images"] == images(base, brand["code"]) for brand in service.card_brands()["brands"])
    assert service.card_validate(pan="4111")["cardBrand"]["images"] == images(base, "visa")
    assert service.card_format("3782")["cardBrand"]["images"] == images(base, "amex")
    session = service.session_init(dict(NL_EUR), customer_id="cus_logo")["clientSessionId"]
    token = service.tokens_create(session, {"cardNumber": "4111111111111111", "expiryDate": "12/30"},
                                  email="a@b.example")
    assert token["accountOnFile"]["displayHints"]["logo"] == base + "pp_logo_1.png"
    session = service.session_init(dict(NL_EUR), customer_id="cus_logo", accounts_on_file=[token["token"]])
    assert session["accountsOnFile"][0]["displayHints"]["logo"] == base + "pp_logo_1.png"
    listed = service.products_list(session["clientSessionId"])
    assert [p["displayHints"]["logo"] for p in listed["paymentProducts"]] == [
        f"{base}pp_logo_{p['id']}.png" for p in listed["paymentProducts"]]
    assert service.products_get(session["clientSessionId"], 809)["displayHints"]["logo"] == base + "pp_logo_809.png"
    grouped = service.products_list(session["clientSessionId"], group_payment_products=True)
    assert grouped["paymentProductGroups"][0]["displayHints"]["logo"] == base + "pp_group_cards.png"
    assert service.product_groups_get(session["clientSessionId"], "cards")["displayHints"]["logo"] == \
        base + "pp_group_cards.png"
    assert service.tokens_list("cus_logo")["tokens"][0]["displayHints"]["logo"] == base + "pp_logo_1.png"


def test_a_catalog_logo_that_is_a_url_is_kept(make_client, tmp_path):
    catalog = json.loads((REPO_ROOT / "Data" / "catalog.json").read_text(encoding="utf-8"))
    ideal = next(product for product in catalog["paymentProducts"] if product["id"] == 809)
    ideal["displayHints"]["logo"] = "https://bank.example/ideal.svg"
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps(catalog), encoding="utf-8")
    service = make_client("--catalog", str(path), "--asset-url", "https://cdn.example.com/")
    session = service.session_init(dict(NL_EUR))["clientSessionId"]
    logos = {p["id"]: p["displayHints"]["logo"] for p in service.products_list(session)["paymentProducts"]}
    assert logos[809] == "https://bank.example/ideal.svg"
    assert logos[1] == "https://cdn.example.com/pp_logo_1.png"


@pytest.mark.parametrize("value", ["cdn.example.com/assets", "/assets/", "https://", "https://cdn.example.com/?v=2",
                                   "https://cdn.example.com/#x", "https://cdn.example.com/a b"])
def test_an_asset_url_that_is_no_base_is_a_usage_error(binary, value):
    done = start(binary, "--asset-url", value)
    assert done.returncode == 2 and done.stdout == b""
    assert "--asset-url" in done.stderr.decode() and "absolute URL" in done.stderr.decode()


# ---------------------------------------------------------------------------
# THREE_DS_ERROR


@pytest.mark.parametrize("number, description", [
    ("4000000000001067", "3-D Secure server error: the directory server answered the lookup with an error."),
    ("4000000000001075", "3-D Secure server error: the lookup timed out."),
])
def test_a_lookup_error_says_what_went_wrong(client, number, description):
    session = client.session_init(dict(NL_EUR))["clientSessionId"]
    result = client.three_ds_authenticate(session, card_number=number)
    assert (result["status"], result["errorDescription"]) == ("THREE_DS_ERROR", description)


def test_a_challenge_error_says_what_went_wrong_and_no_other_result_has_a_description(client):
    session = client.session_init(dict(NL_EUR))["clientSessionId"]
    challenge = client.three_ds_authenticate(session, card_number="4000000000001125")
    assert challenge["status"] == "CHALLENGE_REQUIRED" and "errorDescription" not in challenge
    final = client.three_ds_challenge(challenge["challenge"]["challengeId"], code="1234")
    assert final == {**final, "status": "THREE_DS_ERROR",
                     "errorDescription": "3-D Secure internal error: the challenge ended in an error."}
    for number in ("4000000000002701", "4000000000002925", "4000000000001059", "4000000000000002"):
        assert "errorDescription" not in client.three_ds_authenticate(session, card_number=number)
