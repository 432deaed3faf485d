"""checkoutd.schemas: Schemas/ as data for a host's own contract tests (the
documents, one method's params and result schemas) and the validators over
jsonschema. Here the module reads the checkout's Schemas/; test_package.py
checks the copy the wheel carries."""

from __future__ import annotations

import json
import subprocess
import sys

import jsonschema
import pytest

from checkoutd import schemas

from _support import CLIENT_DIR, SCHEMAS_DIR


def load(*parts):
    return json.loads(SCHEMAS_DIR.joinpath(*parts).read_text(encoding="utf-8"))


def test_from_a_source_checkout_the_documents_are_the_checkouts_schemas():
    assert schemas.directory() == SCHEMAS_DIR
    assert schemas.document() == load("openrpc.json")
    assert schemas.definitions() == load("definitions.json")
    assert schemas.methods() == tuple(sorted(path.stem for path in (SCHEMAS_DIR / "methods").glob("*.json")))
    assert schemas.methods() == tuple(sorted(method["name"] for method in schemas.document()["methods"]))
    assert schemas.method("mask.apply") == load("methods", "mask.apply.json")
    assert schemas.method_id("mask.apply") == load("methods", "mask.apply.json")["$id"]
    assert schemas.params_schema("card.validate") == load("methods", "card.validate.json")["definitions"]["params"]
    assert schemas.result_schema("card.validate") == load("methods", "card.validate.json")["definitions"]["result"]
    assert schemas.file_schema("rates") == load("files", "rates.json")
    assert schemas.file_schema("card-brands") == load("files", "card-brands.json")


def test_unknown_names_raise_key_error():
    with pytest.raises(KeyError, match="no.such"):
        schemas.method("no.such")
    with pytest.raises(KeyError):
        schemas.params_schema("no.such")
    with pytest.raises(KeyError):
        schemas.file_schema("nope")
    with pytest.raises(ValueError):
        schemas.validator("mask.apply", "errors")


def test_every_call_returns_a_new_object():
    document = schemas.document()
    document["methods"].clear()
    assert schemas.document()["methods"]
    schemas.params_schema("mask.apply")["properties"].clear()
    assert "value" in schemas.params_schema("mask.apply")["properties"]


def test_the_validators_accept_every_example():
    checked = 0
    for name in schemas.methods():
        for example in schemas.method(name).get("examples", []):
            params = example.get("params", {})
            if "result" in example:
                schemas.validate_params(name, params)
                schemas.validate_result(name, example["result"])
                checked += 1
            elif example["error"]["code"] >= 1000:   # domain errors are about well-formed params
                schemas.validate_params(name, params)
                checked += 1
    assert checked >= 100


@pytest.mark.parametrize("method, params, path", [
    ("mask.apply", {"value": 12, "mask": "{{99}}"}, ["value"]),
    ("mask.apply", {"value": "12"}, []),                                   # mask is required
    ("card.validate", {"pan": "4111", "colour": "red"}, []),               # unknown member
    ("session.init", {"context": {"amountOfMoney": {"amount": 1.5, "currencyCode": "EUR"},
                                  "countryCode": "NL"}}, ["context", "amountOfMoney", "amount"]),
    ("currency.convert", {"amountOfMoney": {"amount": 100, "currencyCode": "eur"},
                          "targetCurrencyCode": "USD"}, ["amountOfMoney", "currencyCode"]),
])
def test_the_params_validator_refuses_a_broken_request_where_it_is_broken(method, params, path):
    with pytest.raises(jsonschema.ValidationError) as raised:
        schemas.validate_params(method, params)
    assert list(raised.value.absolute_path) == path
    assert not schemas.validator(method, "params").is_valid(params)


def test_the_result_validator_refuses_a_broken_fixture():
    good = schemas.method("mask.apply")["examples"][0]["result"]
    schemas.validate_result("mask.apply", good)
    with pytest.raises(jsonschema.ValidationError) as raised:
        schemas.validate_result("mask.apply", {**good, "cursor": -1})
    assert list(raised.value.absolute_path) == ["cursor"]
    card = schemas.method("card.validate")["examples"][0]["result"]
    with pytest.raises(jsonschema.ValidationError):
        schemas.validate_result("card.validate", {**card, "validationSuccess": "yes"})


def test_without_jsonschema_the_documents_work_and_the_validators_say_what_is_missing():
    script = (f"import sys; sys.path.insert(0, {str(CLIENT_DIR)!r})\n"
              "sys.modules['jsonschema'] = None; sys.modules['referencing'] = None\n"
              "from checkoutd import schemas\n"
              "assert schemas.method('mask.apply')['title'] == 'mask.apply'\n"
              "try:\n"
              "    schemas.validate_params('mask.apply', {})\n"
              "except ImportError as error:\n"
              "    print(error)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert "pip install jsonschema" in done.stdout
