"""Contract tests: Schemas/ against itself, against OpenRPC and against the binary.

(Every response of every other test is validated against Schemas/ as well; see
conftest.py.)"""

from __future__ import annotations

import json
import re

import pytest

from checkoutd import CheckoutdError

from _support import REASON_CODES, SCHEMAS_DIR, SchemaStore, raw_member, request, schema_errors

STORE = SchemaStore()
EXAMPLES = list(STORE.examples())
OPENRPC_PATH = SCHEMAS_DIR / "openrpc.json"
BASE = "https://checkoutd.dev/schemas/v1/"


def example_id(item):
    method, index, example = item
    return f"{method}[{index}]:{example.get('name', '?')}"


# -- the schema files ----------------------------------------------------------------

def test_there_are_method_schemas():
    assert STORE.methods, "Schemas/methods/*.json"


def test_definitions_file_is_a_valid_schema_with_the_error_object():
    STORE._validator_class.check_schema(STORE.definitions)
    assert STORE.definitions["$id"] == BASE + "definitions.json"
    assert "Error" in STORE.definitions["definitions"]
    assert set(STORE.definitions["definitions"]["ErrorReason"]["enum"]) == set(REASON_CODES)


@pytest.mark.parametrize("method", sorted(STORE.methods))
def test_method_schema_file_is_well_formed(method):
    document = STORE.methods[method]
    STORE._validator_class.check_schema(document)
    assert document["$id"] == f"{BASE}methods/{method}.json"
    assert document["title"] == method
    assert re.fullmatch(r"(rpc|[a-z][a-zA-Z0-9]*)\.[a-z][a-zA-Z0-9]*", method)
    assert isinstance(document.get("summary"), str) and document["summary"]
    assert isinstance(document.get("description"), str) and document["description"]
    assert {"params", "result"} <= set(document["definitions"])
    for error in document["errors"]:
        assert set(error) >= {"code", "message", "reason"}
        assert REASON_CODES.get(error["reason"]) == error["code"], error
    assert document["examples"], "at least one example per method"
    for example in document["examples"]:
        assert isinstance(example.get("name"), str) and example["name"]
        assert ("result" in example) != ("error" in example), example
        for step in example.get("setup", []):
            assert set(step) <= {"method", "params"} and step["method"] in STORE.methods, step
        for pointer in example.get("varies", []):
            assert "result" in example and pointer.startswith("/"), pointer


def test_every_ref_resolves():
    def refs(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield node["$ref"]
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    for document in [STORE.definitions, *STORE.methods.values()]:
        resolver = STORE.registry.resolver(base_uri=document["$id"])
        for ref in refs(document):
            resolver.lookup(ref)   # raises when unresolvable


# -- the examples ----------------------------------------------------------------------

@pytest.mark.parametrize("item", EXAMPLES, ids=example_id)
def test_example_is_valid_against_the_method_schema(item):
    method, _, example = item
    params = example.get("params", {})
    if "result" in example:
        assert schema_errors(STORE.params_validator(method), params) == []
        assert schema_errors(STORE.result_validator(method), example["result"]) == []
    else:
        error = example["error"]
        assert REASON_CODES.get(error["reason"]) == error["code"], error
        listed = {(e["code"], e["reason"]) for e in STORE.methods[method]["errors"]}
        assert (error["code"], error["reason"]) in listed, "the example's error is in the method's errors"
        if error["code"] >= 1000:
            # domain errors are about well-formed input
            assert schema_errors(STORE.params_validator(method), params) == []


def abbreviates(part, whole) -> bool:
    """Whether ``part`` is ``whole`` with members left out and arrays cut short
    (what an example marked ``"abbreviated": true`` shows)."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            key in whole and abbreviates(value, whole[key]) for key, value in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and len(part) <= len(whole) and all(
            abbreviates(a, b) for a, b in zip(part, whole))
    return type(part) is type(whole) and part == whole


def replace_varying(actual, expected, pointer: str) -> None:
    """Put the example's sample value at ``pointer`` into ``actual``: members an
    example lists in ``varies`` (random values such as a JWE) must be present but
    are not compared."""
    *parents, last = pointer.strip("/").split("/")
    for token in parents:
        actual, expected = actual[token], expected.get(token, {})
    assert last in actual, f"{pointer} missing"
    if last in expected:
        actual[last] = expected[last]


def test_abbreviation_check():
    assert abbreviates({"a": 1, "l": []}, {"a": 1, "b": 2, "l": [1]})
    assert not abbreviates({"a": 2}, {"a": 1})
    assert not abbreviates({"l": [2]}, {"l": [1, 2]})
    assert not abbreviates({"c": 1}, {"a": 1})


@pytest.mark.parametrize("item", EXAMPLES, ids=example_id)
def test_example_against_the_binary(item, make_client):
    method, _, example = item
    service = make_client()          # a fresh service per example: --clock 2026-11-21T10:00:00Z
    for step in example.get("setup", []):
        service.call(step["method"], step.get("params"))
    params = example.get("params")
    if "result" in example:
        actual = service.call(method, params)
        for pointer in example.get("varies", []):
            replace_varying(actual, example["result"], pointer)
        if example.get("abbreviated") is True:
            assert abbreviates(example["result"], actual)
        else:
            assert actual == example["result"]
    else:
        with pytest.raises(CheckoutdError) as raised:
            service.call(method, params)
        assert raised.value.code == example["error"]["code"]
        assert raised.value.reason == example["error"]["reason"]


# -- OpenRPC ------------------------------------------------------------------------------

def openrpc_text() -> str:
    text = OPENRPC_PATH.read_text(encoding="utf-8")
    return text[:-1] if text.endswith("\n") else text


def test_openrpc_document_is_compact_json_on_one_line():
    text = openrpc_text()
    assert "\n" not in text
    document = json.loads(text)
    assert document["openrpc"].startswith("1.3.")
    assert schema_errors(STORE.result_validator("rpc.discover"), document) == []


def test_openrpc_methods_and_schema_files_are_the_same_set():
    names = [method["name"] for method in json.loads(openrpc_text())["methods"]]
    assert len(names) == len(set(names))
    assert set(names) == set(STORE.methods)


def test_openrpc_methods_carry_the_schema_files_content():
    document = json.loads(openrpc_text())
    for method in document["methods"]:
        schema = STORE.methods[method["name"]]
        assert method.get("summary") == schema["summary"]
        assert method.get("examples"), f"{method['name']}: at least one example"
        assert method.get("errors") is not None


def test_rpc_discover_returns_the_openrpc_file_byte_for_byte(raw):
    raw.send_json(request(1, "rpc.discover"))
    line = raw.read_line()
    response = json.loads(line)
    assert response["result"] == json.loads(openrpc_text())
    assert raw_member(line, "result") == openrpc_text()


def test_discover_through_the_client_equals_the_file(client):
    assert client.discover() == json.loads(openrpc_text())


def test_service_info_methods_equal_the_openrpc_methods(client):
    names = sorted(method["name"] for method in json.loads(openrpc_text())["methods"])
    assert client.service_info()["methods"] == names
