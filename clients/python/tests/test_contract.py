"""Contract tests: Schemas/ against itself, against OpenRPC and against the binary.

(Every response of every other test is validated against Schemas/ as well; see
conftest.py.)

Besides ``setup`` and ``abbreviated``, an example (and a setup step, from the
steps before it) may carry ``fromSetup``
(``{params pointer: "/<setup step>/<pointer into its result>"}``: the params show a
sample, the run uses the value the setup produced) and ``unpredictable`` (result
pointers of random members: the example shows a sample, the run needs the member
with a value of the same JSON type)."""

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
        for index, step in enumerate(example.get("setup", [])):
            assert set(step) <= {"method", "params", "fromSetup"} and step["method"] in STORE.methods, step
            for target, source in step.get("fromSetup", {}).items():
                assert pointer_get(step["params"], target) is not MISSING, target
                assert 0 <= int(source.split("/")[1]) < index, source
        for target, source in example.get("fromSetup", {}).items():
            assert pointer_get(example["params"], target) is not MISSING, target
            step = int(source.split("/")[1])
            assert 0 <= step < len(example.get("setup", [])), source
        for pointer in example.get("unpredictable", []):
            assert pointer_get(example["result"], pointer) is not MISSING, pointer


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


MISSING = object()


def _tokens(pointer: str):
    return [token.replace("~1", "/").replace("~0", "~") for token in pointer.split("/")[1:]]


def pointer_get(value, pointer: str):
    """The value at an RFC 6901 JSON Pointer, or ``MISSING``."""
    for token in _tokens(pointer):
        if isinstance(value, dict) and token in value:
            value = value[token]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            return MISSING
    return value


def pointer_replaced(value, pointer: str, replacement):
    """A copy of ``value`` with the existing member at ``pointer`` replaced (order kept)."""
    tokens = _tokens(pointer)
    if not tokens:
        return replacement
    copy = json.loads(json.dumps(value))
    parent = pointer_get(copy, "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens[:-1]))
    key = int(tokens[-1]) if isinstance(parent, list) else tokens[-1]
    assert pointer_get(copy, pointer) is not MISSING, pointer
    parent[key] = replacement
    return copy


def json_type(value) -> str:
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "array", dict: "object",
            type(None): "null"}[type(value)]


def test_pointer_helpers():
    value = {"a": [1, {"b": "x"}], "d": True}
    assert pointer_get(value, "/a/1/b") == "x" and pointer_get(value, "") == value
    assert pointer_get(value, "/a/2") is MISSING and pointer_get(value, "/e") is MISSING
    assert pointer_replaced(value, "/a/1/b", "y") == {"a": [1, {"b": "y"}], "d": True}
    assert value == {"a": [1, {"b": "x"}], "d": True}


def test_abbreviation_check():
    assert abbreviates({"a": 1, "l": []}, {"a": 1, "b": 2, "l": [1]})
    assert not abbreviates({"a": 2}, {"a": 1})
    assert not abbreviates({"l": [2]}, {"l": [1, 2]})
    assert not abbreviates({"c": 1}, {"a": 1})


@pytest.mark.parametrize("item", EXAMPLES, ids=example_id)
def test_example_against_the_binary(item, make_client):
    method, _, example = item
    service = make_client()          # a fresh service per example: --clock 2026-11-21T10:00:00Z
    setup_results = []
    for step in example.get("setup", []):
        step_params = step.get("params")
        for target, source in step.get("fromSetup", {}).items():     # a step may use earlier steps' results
            value = pointer_get(setup_results, source)
            assert value is not MISSING, source
            step_params = pointer_replaced(step_params, target, value)
        setup_results.append(service.call(step["method"], step_params))
    params = example.get("params")
    for target, source in example.get("fromSetup", {}).items():   # params taken from setup results
        value = pointer_get(setup_results, source)
        assert value is not MISSING, source
        params = pointer_replaced(params, target, value)
    if "result" in example:
        actual = service.call(method, params)
        for pointer in example.get("unpredictable", []):          # random members: present, any value
            sample, value = pointer_get(example["result"], pointer), pointer_get(actual, pointer)
            assert value is not MISSING and json_type(value) == json_type(sample), pointer
            actual = pointer_replaced(actual, pointer, sample)
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
