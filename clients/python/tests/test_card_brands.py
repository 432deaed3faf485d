"""Card brands through the binary (API.md section 9.4): ``card.brands``, the images of
every Brand and the product logos under ``--asset-url``, ``--card-brands`` with the
shipped ``Data/brands-access-checkout.json`` judged row by row by the Access Checkout
seed, and ``errorDescription`` on ``THREE_DS_ERROR``. The facts are copied below from
reference/card-brands.md and from the seed (seeds/003_…, "Validation rules" and
"Currently supported card brands") as they are written there."""

from __future__ import annotations

import json
import subprocess

import jsonschema
import pytest

from checkoutd import SessionNotFound

from _support import REPO_ROOT, luhn_complete

DEFAULT_BASE = "https://assets.checkoutd.invalid/"
ACCESS_CHECKOUT = REPO_ROOT / "Data" / "brands-access-checkout.json"
BRANDS_SCHEMA = REPO_ROOT / "Schemas" / "files" / "card-brands.json"
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

# The seed's "Validation rules": Card Name | BIN Range | PAN Length | CVC Length, as written.
SEED_RULES = [
    ("Amex", "34, 37", "15", "4"),
    ("Diners", "300-305, 3095, 36, 38, 39", "14, 16, 19", "3"),
    ("Discover", "6011, 644 - 649, 65", "16, 19", "3"),
    ("JCB", "2131, 1800, 3088 - 3094, 3096 - 3102, 3112 - 3120, 3158 - 3159, 3337 - 3349, 3528 - 3589",
     "16, 17, 18, 19", "3"),
    ("Maestro", "493698, 500000 - 506698, 506779 - 508999, 56 - 59, 63, 67, 6", "12, 13, 14, 15, 16, 17, 18, 19", "3"),
    ("MasterCard", "51 - 55, 2221 - 2229, 223 - 229, 23 - 26, 270 - 271, 2720: optimized using 22 - 27", "16", "3"),
    ("Visa", "4", "13, 16, 18, 19", "3"),
]
# The seed's "Currently supported card brands": Brand | Code, in the same order.
SEED_CODES = [("American Express", "amex"), ("Diners", "diners"), ("Discover", "discover"), ("JCB", "jcb"),
              ("Maestro", "maestro"), ("Mastercard", "mastercard"), ("Visa", "visa")]


def split_prefixes(text):
    return [item.strip() for item in text.split(",")] if text else []


def seed_ranges(text):
    """The ranges a seed row lists, and those the SDK detects with: an "optimized using"
    range replaces the listed ones whose bounds it covers (MasterCard's 2221-2229 … 2720
    become 22-27)."""
    listed_text, _, optimized = text.partition(":")
    listed = ["-".join(part.strip() for part in item.split("-")) for item in listed_text.split(",")]
    if not optimized:
        return listed, listed
    wide = "-".join(part.strip() for part in optimized.split("optimized using")[1].split("-"))
    low, high = wide.split("-")

    def covered(item):
        return all(low <= bound[:len(low)] <= high for bound in item.split("-"))
    return listed, [item for item in listed if not covered(item)] + [wide]


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
# --card-brands and the Access Checkout table


def test_the_shipped_brand_file_matches_its_schema():
    schema = json.loads(BRANDS_SCHEMA.read_text(encoding="utf-8"))
    data = json.loads(ACCESS_CHECKOUT.read_text(encoding="utf-8"))
    for validator in (jsonschema.Draft202012Validator, jsonschema.Draft7Validator):
        validator.check_schema(schema)
        assert list(validator(schema).iter_errors(data)) == []


@pytest.fixture
def access_checkout(make_client):
    return make_client("--card-brands", str(ACCESS_CHECKOUT))


def test_the_access_checkout_table_is_the_seed_table_to_the_letter(access_checkout):
    brands = access_checkout.card_brands()["brands"]
    assert [(brand["name"], brand["code"]) for brand in brands] == SEED_CODES
    for brand, (_, ranges, lengths, cvc) in zip(brands, SEED_RULES):
        assert brand["prefixes"] == seed_ranges(ranges)[1]
        assert brand["panLengths"] == [int(n) for n in lengths.split(",")]
        assert brand["cvcLength"] == int(cvc)
        assert brand["images"] == images(DEFAULT_BASE, brand["code"])
    assert next(b for b in brands if b["code"] == "mastercard")["prefixes"] == ["51-55", "22-27"]
    assert next(b for b in brands if b["code"] == "maestro")["prefixes"][-1] == "6"


def test_every_range_of_every_seed_row_is_detected_as_the_seed_says(make_raw):
    raw = make_raw("--card-brands", str(ACCESS_CHECKOUT))
    table = [(code, seed_ranges(ranges)[1]) for (_, ranges, _, _), (_, code) in zip(SEED_RULES, SEED_CODES)]
    listed = [(code, seed_ranges(ranges)[0]) for (_, ranges, _, _), (_, code) in zip(SEED_RULES, SEED_CODES)]
    numbers = sorted(set(probes(table) + probes(listed)))
    expected = [oracle(table)(number) for number in numbers]
    assert detected(raw, numbers) == expected
    # Every range the seed lists, Mastercard's included, is its row's brand from its lower bound on.
    for code, items in listed:
        for item in items:
            number = luhn_complete((item.split("-")[0] + "1" * 15)[:15])
            assert oracle(table)(number) == code and detected(raw, [number]) == [code], (code, item)


@pytest.mark.parametrize("number, seven, embedded", [
    ("2200000000000004", "mastercard", "mir"),
    ("2799990000000008", "mastercard", None),
    ("6200000000000005", "maestro", "unionpay"),
    ("6062821086773091", "maestro", "hipercard"),
    ("4011780000000009", "visa", "elo"),
    ("6011111111111117", "discover", "discover"),
    ("9792000000000001", None, "troy"),
])
def test_the_seven_brand_table_detects_as_the_sdk_does(client, access_checkout, number, seven, embedded):
    assert (access_checkout.card_validate(pan=number)["cardBrand"] or {}).get("code") == seven
    assert (client.card_validate(pan=number)["cardBrand"] or {}).get("code") == embedded


@pytest.mark.parametrize("row", range(len(SEED_RULES)), ids=[row[0] for row in SEED_RULES])
def test_pan_and_cvc_lengths_follow_the_seed_row(access_checkout, row):
    _, ranges, lengths, cvc = SEED_RULES[row]
    prefix = seed_ranges(ranges)[1][0].split("-")[0]
    allowed = [int(n) for n in lengths.split(",")]
    for length in range(12, 21):
        number = luhn_complete((prefix + "0" * length)[:length - 1])
        state = access_checkout.card_validate(pan=number)["pan"]["state"]
        assert (state == "valid") == (length in allowed), (number, state)
    for digits in (3, 4):
        state = access_checkout.card_validate(pan=prefix, cvc="1" * digits)["cvc"]["state"]
        assert (state == "valid") == (digits == int(cvc))


def test_a_card_brands_answer_is_a_valid_brand_file(make_client, tmp_path, client):
    listed = client.card_brands()["brands"]
    path = tmp_path / "brands.json"
    path.write_text(json.dumps({"brands": [{k: v for k, v in brand.items() if k not in ("images", "accepted")}
                                           for brand in listed]}), encoding="utf-8")
    assert make_client("--card-brands", str(path)).card_brands()["brands"] == listed


def broken_brand_files():
    def edit(change):
        data = json.loads(ACCESS_CHECKOUT.read_text(encoding="utf-8"))
        change(data["brands"])
        return data
    yield "not JSON", "{", "is not JSON"
    yield "brands missing", {}, "/brands: is required"
    yield "unknown member", edit(lambda b: b[0].update(colour="red")), "/brands/0/colour"
    yield "unknown code", edit(lambda b: b[1].update(code="rupay")), "/brands/1/code: must be one of"
    yield "code twice", edit(lambda b: b[2].update(code="amex")), "/brands/2/code"
    yield "spaced range", edit(lambda b: b[2].update(prefixes=["6011", "644 - 649"])), "/brands/2/prefixes/1"
    yield "descending range", edit(lambda b: b[5].update(prefixes=["55-51"])), "/brands/5/prefixes/0"
    yield "length 20", edit(lambda b: b[6].update(panLengths=[16, 20])), "/brands/6/panLengths/1"
    yield "CVC of 5", edit(lambda b: b[0].update(cvcLength=5)), "/brands/0/cvcLength"
    yield "mask too short", edit(lambda b: b[6].update(mask="{{9999}} {{9999}}")), "/brands/6/mask"
    yield "prefix of two brands", edit(lambda b: b[6]["prefixes"].append("34")), "/brands/6/prefixes/1"


@pytest.mark.parametrize("name, content, problem", list(broken_brand_files()), ids=[b[0] for b in broken_brand_files()])
def test_a_bad_brand_file_stops_start_up(binary, tmp_path, name, content, problem):
    path = tmp_path / "bad-brands.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    done = start(binary, "--card-brands", str(path))
    assert done.returncode == 2 and done.stdout == b""
    message = done.stderr.decode()
    assert "--card-brands" in message and str(path) in message and problem in message


def test_a_missing_brand_file_stops_start_up(binary, tmp_path):
    done = start(binary, "--card-brands", str(tmp_path / "absent.json"))
    assert done.returncode == 2 and "absent.json" in done.stderr.decode() and "No such file" in done.stderr.decode()


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
