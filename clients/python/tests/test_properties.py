"""Property tests: params generated from each method's schema in ``Schemas/``,
and mutations of them, sent to the real binary.

For every method but ``service.shutdown`` (tested on its own at the end),
hypothesis-jsonschema draws params from the method's params schema; some draws
get real identifiers spliced in (a live session, its customer, a token, a
fresh 3-D Secure challenge, catalog product ids, table currencies, test card
numbers) so the methods get past their lookups; then a mutation may break them
(drop a member, add an unknown one, change a member's type, a huge string,
odd Unicode, deep nesting, extreme numbers, params that are not an object).

Every response must be a result valid against the method's result schema (the
conftest validator checks that) or an error whose code the method's schema
documents (``errors``) or -32602 / -32600 (-32700 for a line nested deeper
than the parser's limit or carrying an unpaired surrogate escape) — never
-32603 — and the process must still answer ``service.info`` afterwards. Params
that do not match the schema must get an error, never a result.

Runs are reproducible (``derandomize=True``, no example database).
``CHECKOUTD_PROPERTY_EXAMPLES=N`` sets the examples per method (default 60) and
``CHECKOUTD_PROPERTY_RANDOM=1`` draws fresh examples on every run.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import re
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from jsonschema import Draft7Validator

from _leaks import LEAKS
from _support import CLOCK, REPO_ROOT, SCHEMAS_DIR, RawServer, dumps, request

EXAMPLES = int(os.environ.get("CHECKOUTD_PROPERTY_EXAMPLES", "60"))
PROPERTY_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=os.environ.get("CHECKOUTD_PROPERTY_RANDOM") != "1",
    database=None,
    print_blob=False,
    suppress_health_check=list(HealthCheck),
)

#: The JSON parser's nesting limit (JSONParser.maximumDepth): deeper lines are -32700.
MAX_DEPTH = 128
#: The default --max-line-bytes: longer lines are one -32600 LINE_TOO_LONG.
MAX_LINE_BYTES = 1 << 20
RESPONSE_TIMEOUT = 15.0


# ---------------------------------------------------------------------------
# Schemas: each method's params schema with every $ref resolved in place


def _load(path) -> Dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


DEFINITIONS = _load(SCHEMAS_DIR / "definitions.json")["definitions"]
METHOD_DOCUMENTS = {path.name[:-len(".json")]: _load(path)
                    for path in sorted((SCHEMAS_DIR / "methods").glob("*.json"))}
_SCHEMA_MAPS = ("properties", "patternProperties", "definitions", "$defs")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_VALUES = ("additionalProperties", "items", "not", "if", "then", "else", "contains",
                  "propertyNames", "unevaluatedProperties")
_ANNOTATIONS = ("$schema", "$id", "$comment", "title", "description", "examples", "default")


def resolve(schema: Any, document: Dict[str, Any], trail: Tuple[str, ...] = ()) -> Any:
    """``schema`` with every ``$ref`` (``../definitions.json#/definitions/X`` or
    ``#/definitions/X`` of the document it is in) replaced by its target, and
    annotations dropped: one self-contained schema for hypothesis-jsonschema.
    (Schemas/ has no recursive definitions; a cycle would raise.)"""
    if not isinstance(schema, dict):
        return schema
    out: Dict[str, Any] = {}
    target: Optional[Any] = None
    for key, value in schema.items():
        if key == "$ref":
            file_part, _, pointer = value.partition("#")
            if file_part == "../definitions.json" or (file_part == "" and document is DEFINITIONS_DOCUMENT):
                name = pointer.split("/")[-1]
                if name in trail:
                    raise ValueError(f"recursive $ref {value}")
                target = resolve(DEFINITIONS[name], DEFINITIONS_DOCUMENT, trail + (name,))
            elif file_part == "":
                name = pointer.split("/")[-1]
                target = resolve(document["definitions"][name], document, trail + (name,))
            else:
                raise ValueError(f"unexpected $ref {value}")
        elif key in _ANNOTATIONS:
            continue
        elif key in _SCHEMA_MAPS:
            out[key] = {name: resolve(sub, document, trail) for name, sub in value.items()}
        elif key in _SCHEMA_LISTS:
            out[key] = [resolve(sub, document, trail) for sub in value]
        elif key in _SCHEMA_VALUES:
            out[key] = ([resolve(sub, document, trail) for sub in value] if isinstance(value, list)
                        else resolve(value, document, trail))
        else:
            out[key] = value
    if target is None:
        return out
    return target if not out else {"allOf": [target, out]}


DEFINITIONS_DOCUMENT = {"definitions": DEFINITIONS}
PARAMS_SCHEMAS = {method: resolve(document["definitions"]["params"], document)
                  for method, document in METHOD_DOCUMENTS.items()}
PARAMS_VALIDATORS = {method: Draft7Validator(schema) for method, schema in PARAMS_SCHEMAS.items()}
DOCUMENTED_CODES = {method: {error["code"] for error in document.get("errors", [])} | {-32602}
                    for method, document in METHOD_DOCUMENTS.items()}

#: One long-lived binary per group of methods; a method listed in none is in the
#: group named after its namespace (a new ``session.refresh`` in ``session``).
GROUPS = {
    "service": ["rpc.discover", "service.info"],
    "session": ["session.init", "session.get", "session.changeCurrency", "session.close"],
    "products": ["products.list", "products.get", "iin.details", "encryption.publicKey"],
    "card": ["card.validate", "card.format", "mask.apply", "mask.remove"],
    "money": ["currency.list", "currency.convert", "address.validate"],
    "tokens": ["tokens.create", "tokens.update", "tokens.list", "tokens.delete"],
    "threeDS": ["threeDS.authenticate", "threeDS.challenge"],
    "payment": ["paymentRequest.validate", "paymentRequest.encrypt"],
}
METHODS = sorted(m for m in METHOD_DOCUMENTS if m != "service.shutdown")
GROUP_OF = {method: method.split(".")[0] for method in METHODS}
GROUP_OF.update({method: group for group, methods in GROUPS.items() for method in methods})


def test_the_groups_name_only_methods_with_schemas():
    assert set(GROUP_OF) - set(METHODS) == set()


# ---------------------------------------------------------------------------
# Real values to splice in


SESSION_ID = "cs_prop"
AOF_SESSION_ID = "cs_prop_aof"
CUSTOMER_ID = "cus_prop"
TOKEN = "@@TOKEN@@"            # replaced by the current token of CUSTOMER_ID at send time
CHALLENGE = "@@CHALLENGE@@"    # replaced by a fresh challenge id at send time
RAW = "@@RAW:"                 # "@@RAW:<json text>@@": inserted into the line as is

CARD_NUMBERS = ["4111111111111111", "4242424242424242", "5555555555554444", "378282246310005",
                "30569309025904", "3566002020360505", "6011111111111117", "6200000000000005",
                "4000000000001091", "4000000000002701", "5200000000002151", "4111 1111 1111 1111",
                "4111111111111112", "411111", "41111111", "", "9999999999999995", "4" * 19 + "0" * 45]
PRODUCT_IDS = [1, 2, 3, 56, 125, 128, 130, 132, 302, 320, 771, 809, 840, 3012, 0, -1, 99999]
CURRENCIES = [c["code"] for c in _load(REPO_ROOT / "Data" / "rates.json")["currencies"]] + ["XXX"]
COUNTRIES = ["NL", "US", "BE", "FR", "DE", "CA", "BR", "CN", "JP", "GB", "IE", "HK", "ZZ"]
BRANDS = ["visa", "VISA", "mastercard", "amex", "diners", "jcb", "unionpay", "elo", "maestro", "nope"]
EXPIRY_DATES = ["1228", "12/28", "122028", "12/2028", "1", "12/", "01/20", "13/30", "00/30", "12/2052", ""]
FIELD_VALUES = {"cardNumber": st.sampled_from(CARD_NUMBERS), "expiryDate": st.sampled_from(EXPIRY_DATES),
                "cvv": st.sampled_from(["123", "1234", "12", "", "abc"]),
                "cardholderName": st.sampled_from(["Wile E. Coyote", "", "王小明"])}

#: member name → realistic values to put there some of the time.
HINTS: Dict[str, st.SearchStrategy] = {
    "clientSessionId": st.sampled_from([SESSION_ID, SESSION_ID, AOF_SESSION_ID, "cs_gone"]),
    "customerId": st.sampled_from([CUSTOMER_ID, "cus_nobody"]),
    "token": st.sampled_from([TOKEN, "tok_missing"]),
    "accountOnFileId": st.sampled_from([TOKEN, "tok_missing"]),
    "accountsOnFile": st.lists(st.sampled_from([TOKEN, "tok_missing"]), max_size=3),
    "challengeId": st.sampled_from([CHALLENGE, CHALLENGE, "ch_missing"]),
    "paymentProductId": st.sampled_from(PRODUCT_IDS),
    "cardNumber": st.sampled_from(CARD_NUMBERS),
    "pan": st.sampled_from(CARD_NUMBERS),
    "bin": st.sampled_from(["4111 11", "41111111", "4", "", "5555 5555 5555 4444", "62000000", "4" * 64]),
    "currencyCode": st.sampled_from(CURRENCIES),
    "targetCurrencyCode": st.sampled_from(CURRENCIES),
    "base": st.sampled_from(CURRENCIES),
    "countryCode": st.sampled_from(COUNTRIES),
    "country": st.sampled_from(COUNTRIES),
    "acceptedBrands": st.lists(st.sampled_from(BRANDS), max_size=3),
    "expiryDate": st.sampled_from(EXPIRY_DATES),
    "cvc": st.sampled_from(["123", "1234", "12", ""]),
    "cvv": st.sampled_from(["123", "1234", "12", ""]),
    "amount": st.sampled_from([0, 1, 2999, 3000, 3001, 100_000, 10 ** 12, 9007199254740991]),
    "mask": st.sampled_from(["{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "{{99}}/{{99}}", "{{99}}-{{99}}",
                             "{{aa}} {{AA}} {{**}}", "{{", "}}", "{{}}", "{{x}}", "{{9{{9}}}}", "abc", "{", "}"]),
    "values": st.dictionaries(st.sampled_from(sorted(FIELD_VALUES) + ["zz"]), st.just(""), max_size=5).flatmap(
        lambda keys: st.fixed_dictionaries({k: FIELD_VALUES.get(k, st.text(max_size=5)) for k in keys})),
    "code": st.sampled_from(["1234", "0000", ""]),
    "locale": st.sampled_from(["en_US", "zh_CN", "nl_NL", "xx_XX"]),
}

JSON_LEAVES = (st.none() | st.booleans() | st.integers(-(2 ** 70), 2 ** 70)
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
EXTREME_NUMBERS = ["1e400", "-1e400", "-0", "0.0", "1.0", "1.5", "1E2", "-1", "18446744073709551616",
                   "-9223372036854775809", "9007199254740993", "123456789012345678901234567890.5",
                   "0.000000000000000000001", "1e-400"]
ODD_TEXT = st.sampled_from(["\ud800", "\udfff", "a\udc00b", "\x00", "\u2028\u2029", "\ufeff", "\U0001f642" * 50,
                            "e\u0301" * 30, "\u202e4111", "\uffff", "\\", "\"", "\n", "٤١١١"])
UNICODE_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=40) | ODD_TEXT


def _hint_names(schema: Any) -> bool:
    text = json.dumps(schema)
    return any(f'"{name}"' in text for name in HINTS)


def splice(draw, value: Any) -> Any:
    """Walks ``value`` and replaces members named in HINTS by realistic values
    (each one with probability 1/2)."""
    if isinstance(value, dict):
        out = {}
        for key, member in value.items():
            if key in HINTS and draw(st.booleans()):
                out[key] = draw(HINTS[key])
            else:
                out[key] = splice(draw, member)
        return out
    if isinstance(value, list):
        return [splice(draw, item) for item in value]
    return value


def _paths(value: Any, path: Tuple[Any, ...] = ()) -> Iterator[Tuple[Tuple[Any, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, member in value.items():
            yield from _paths(member, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


def _replace(value: Any, path: Tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    value = copy.copy(value)
    value[path[0]] = _replace(value[path[0]], path[1:], new) if len(path) > 1 else new
    return value


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _nest(depth: int, inner: Any, kind: str) -> str:
    text = dumps(inner)
    if kind == "array":
        return "[" * depth + text + "]" * depth
    return '{"a":' * depth + text + "}" * depth


MUTATIONS = ["none", "none", "drop", "unknown", "retype", "retype", "huge", "unicode", "deep", "number", "root"]


@st.composite
def mutated(draw, valid: Any) -> Tuple[str, Any]:
    """(the mutation's name, the params: a JSON value where strings starting
    with RAW carry raw JSON text)."""
    kind = draw(st.sampled_from(MUTATIONS))
    nodes = list(_paths(valid))
    if kind == "none":
        return kind, valid
    if kind == "drop":
        objects = [(path, node) for path, node in nodes if isinstance(node, dict) and node]
        if not objects:
            return kind, valid
        path, node = draw(st.sampled_from(objects))
        key = draw(st.sampled_from(sorted(node)))
        return f"drop {'/'.join(map(str, path + (key,)))}", _replace(valid, path, {k: v for k, v in node.items() if k != key})
    if kind == "unknown":
        objects = [(path, node) for path, node in nodes if isinstance(node, dict)]
        path, node = draw(st.sampled_from(objects))
        key = draw(st.sampled_from(["zz_unknown", "ClientSessionId", "", "__proto__", "constructor"])
                   | st.text(min_size=1, max_size=10))
        if key in node:
            return kind, valid
        return f"unknown {'/'.join(map(str, path + (key,)))}", _replace(valid, path, {**node, key: draw(JSON_VALUES)})
    if kind == "retype":
        members = [(path, node) for path, node in nodes if path]
        if not members:
            return kind, valid
        path, node = draw(st.sampled_from(members))
        new = draw(JSON_VALUES.filter(lambda v: _type_name(v) != _type_name(node)))
        return f"retype {'/'.join(map(str, path))}", _replace(valid, path, new)
    if kind == "huge":
        size = draw(st.sampled_from([1_000, 70_000, 300_000, 2 * MAX_LINE_BYTES]))
        char = draw(st.sampled_from(["4", "x", "é", "\U0001f642", " ", "{"]))
        strings = [(path, node) for path, node in nodes if isinstance(node, str) and path]
        targets = strings or [(path, node) for path, node in nodes if path] or [(("zz_huge",), None)]
        path, _ = draw(st.sampled_from(targets))
        if path == ("zz_huge",) and not isinstance(valid, dict):
            return kind, valid
        return f"huge {'/'.join(map(str, path))} {size}×{char!r}", _replace(valid, path, char * size)
    if kind == "unicode":
        strings = [(path, node) for path, node in nodes if isinstance(node, str)]
        targets = strings or [(path, node) for path, node in nodes if path]
        if not targets:
            return kind, valid
        path, _ = draw(st.sampled_from(targets))
        return f"unicode {'/'.join(map(str, path))}", _replace(valid, path, draw(UNICODE_TEXT))
    if kind == "deep":
        depth = draw(st.sampled_from([10, 100, MAX_DEPTH - 3, MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, 5_000, 100_000]))
        shape = draw(st.sampled_from(["array", "object"]))
        members = [(path, node) for path, node in nodes if path] or [(("zz_deep",), None)]
        path, node = draw(st.sampled_from(members))
        if not isinstance(valid, dict) and path == ("zz_deep",):
            return kind, valid
        return (f"deep {'/'.join(map(str, path))} {depth}×{shape}",
                _replace(valid, path, RAW + _nest(depth, node, shape) + "@@"))
    if kind == "number":
        members = [(path, node) for path, node in nodes if path and not isinstance(node, (dict, list))]
        if not members:
            return kind, valid
        path, _ = draw(st.sampled_from(members))
        return f"number {'/'.join(map(str, path))}", _replace(valid, path, RAW + draw(st.sampled_from(EXTREME_NUMBERS)) + "@@")
    # params that are not an object
    return "root", draw(st.sampled_from([[], [valid], "x", 1, True, None, RAW + "1e400@@"]))


def params_strategy(method: str) -> st.SearchStrategy:
    schema = PARAMS_SCHEMAS[method]
    valid = from_schema(schema)
    if _hint_names(schema):
        valid = valid.flatmap(lambda params: st.composite(lambda draw: splice(draw, params))())
    return valid.flatmap(mutated)


# ---------------------------------------------------------------------------
# The wire


def encode(value: Any) -> Tuple[str, bool]:
    """JSON text of ``value`` with RAW markers expanded; and whether it holds
    an unpaired surrogate (which only a \\u escape can carry)."""
    raws: List[str] = []

    def strip(node: Any) -> Any:
        if isinstance(node, str) and node.startswith(RAW) and node.endswith("@@"):
            raws.append(node[len(RAW):-2])
            return f"@@RAW{len(raws) - 1}@@"
        if isinstance(node, dict):
            return {key: strip(member) for key, member in node.items()}
        if isinstance(node, list):
            return [strip(item) for item in node]
        return node

    stripped = strip(value)
    text = json.dumps(stripped, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
        surrogate = False
    except UnicodeEncodeError:
        text = json.dumps(stripped, ensure_ascii=True, separators=(",", ":"))
        surrogate = True
    for index, raw in enumerate(raws):
        text = text.replace(f'"@@RAW{index}@@"', raw, 1)
    return text, surrogate


def nesting_depth(text: str) -> int:
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def schema_valid(method: str, text: str) -> Optional[bool]:
    """Whether the params text matches the method's params schema (None: Python
    cannot judge it, e.g. numbers beyond float range or nesting beyond its recursion)."""
    try:
        params = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if re.search(r"[0-9][eE]-?[0-9]{3}", text):
        return None
    try:
        return PARAMS_VALIDATORS[method].is_valid(params)
    except RecursionError:
        return None


def without_nulls(value: Any) -> Any:
    """``value`` without the object members whose value is null."""
    if isinstance(value, dict):
        return {key: without_nulls(member) for key, member in value.items() if member is not None}
    if isinstance(value, list):
        return [without_nulls(item) for item in value]
    return value


class Service:
    """One long-lived checkoutd per method group, restarted when a test killed
    it (the death is reported by the example that caused it)."""

    _ids = itertools.count(1)

    def __init__(self, binary: str, validator, group: str):
        self.group = group
        self.binary = binary
        self.validator = validator
        self.server: Optional[RawServer] = None

    def ensure(self) -> RawServer:
        if self.server is None or self.server.process.poll() is not None:
            if self.server is not None:
                self.server.close()
            self.server = RawServer(self.binary, ["--clock", CLOCK, "--log-level", "debug"], self.validator)
        return self.server

    def kill(self) -> None:
        if self.server is not None:
            self.server.process.kill()
            self.server.close()
            LEAKS.stderr(self.server.stderr_text(), f"checkoutd (property tests of {self.group}, killed)")
            self.server = None

    def close(self) -> None:
        if self.server is not None:
            code = self.server.close()
            LEAKS.stderr(self.server.stderr_text(), f"checkoutd (property tests of {self.group})")
            assert code == 0, f"exit code {code}; stderr: {self.server.stderr_text()[-2000:]}"
            self.server = None

    def call(self, method: str, params: Any) -> Dict[str, Any]:
        server = self.ensure()
        request_id = next(self._ids)
        server.send(dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}) + "\n")
        response = server.read_json(RESPONSE_TIMEOUT)
        assert response.get("id") == request_id, response
        return response

    def setup(self, needs: str) -> Dict[str, str]:
        """A live session (and one offering the customer's token as an account
        on file), the customer's token, and a fresh challenge when asked for."""
        context = {"amountOfMoney": {"amount": 5000, "currencyCode": "EUR"}, "countryCode": "NL"}
        self.call("session.init", {"clientSessionId": SESSION_ID, "customerId": CUSTOMER_ID,
                                   "context": context, "requirements": {"withEmail": False}})
        created = self.call("tokens.create", {"clientSessionId": SESSION_ID, "card": {
            "cardNumber": "4242424242424242", "expiryDate": "1228", "cardholderName": "Wile E. Coyote"}})
        token = created["result"]["token"]
        self.call("session.init", {"clientSessionId": AOF_SESSION_ID, "customerId": CUSTOMER_ID,
                                   "context": context, "accountsOnFile": [token]})
        values = {TOKEN: token}
        if CHALLENGE in needs:
            result = self.call("threeDS.authenticate", {"clientSessionId": SESSION_ID,
                                                        "cardNumber": "4111111111111111"})["result"]
            assert result["status"] == "CHALLENGE_REQUIRED", result
            values[CHALLENGE] = result["challenge"]["challengeId"]
        return values


@pytest.fixture(scope="module")
def services(binary, validator):
    made: Dict[str, Service] = {}

    def get(group: str) -> Service:
        if group not in made:
            made[group] = Service(binary, validator, group)
        return made[group]

    yield get
    for service in made.values():
        service.close()


def exchange(service: Service, method: str, params: Any) -> None:
    """Sends one request with ``params`` (then service.info) and checks both responses."""
    params_text, surrogate = encode(params)
    server = service.ensure()
    if any(name in params_text for name in (TOKEN, CHALLENGE, SESSION_ID, CUSTOMER_ID)):
        for marker, real in service.setup(params_text).items():
            params_text = params_text.replace(marker, real)
    request_id = next(Service._ids)
    info_id = next(Service._ids)
    line = '{"jsonrpc":"2.0","id":%d,"method":%s,"params":%s}' % (request_id, json.dumps(method), params_text)
    encoded = line.encode("utf-8")
    too_long = len(encoded) > MAX_LINE_BYTES
    too_deep = nesting_depth(line) > MAX_DEPTH
    valid = None if (too_long or too_deep) else schema_valid(method, params_text)
    note(f"line ({len(encoded)} bytes): {line[:600]}")
    try:
        server.send(encoded + b"\n" + dumps({"jsonrpc": "2.0", "id": info_id, "method": "service.info"}).encode() + b"\n")
        first, second = server.read_json(RESPONSE_TIMEOUT), server.read_json(RESPONSE_TIMEOUT)
    except AssertionError as problem:
        code = server.process.poll()
        stderr = server.stderr_text()[-1500:]
        service.kill()
        raise AssertionError(f"{method}: no valid answer ({problem}); exit code {code}; stderr: {stderr}") from None
    # concurrent methods (paymentRequest.encrypt) may be answered after service.info
    info, response = (first, second) if first.get("id") == info_id else (second, first)
    note(f"response: {json.dumps(response, ensure_ascii=False)[:600]}")
    assert info.get("id") == info_id and "result" in info, f"service.info after {method}: {info}"

    if too_deep:
        assert response["id"] is None and response["error"]["code"] == -32700, response
        return
    if too_long:
        assert response["id"] is None and response["error"]["data"]["reason"] == "LINE_TOO_LONG", response
        return
    if surrogate and response.get("id") is None and "error" in response and response["error"]["code"] == -32700:
        return   # an unpaired surrogate escape may be rejected as not JSON
    assert response.get("id") == request_id, response
    if "result" in response:
        if valid is False and schema_valid(method, dumps(without_nulls(json.loads(params_text)))):
            return   # a null member read as absent: see test_null_for_an_optional_member_is_invalid_params
        assert valid is not False, f"{method} accepted params that do not match its schema: {response}"
        return
    error = response["error"]
    allowed = set(DOCUMENTED_CODES[method])
    if not params_text.startswith(("{", "[")):
        allowed.add(-32600)   # params that are neither an object nor an array: not a valid request
    assert error["code"] != -32603, f"{method}: internal error {error}"
    assert error["code"] in allowed, f"{method}: undocumented error code {error['code']}: {error}"


@pytest.mark.parametrize("method", METHODS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_every_response_is_a_valid_result_or_a_documented_error(services, method, data):
    mutation, params = data.draw(params_strategy(method), label="params")
    note(f"mutation: {mutation}")
    exchange(services(GROUP_OF[method]), method, params)


@PROPERTY_SETTINGS
@given(drawn=from_schema(PARAMS_SCHEMAS["service.shutdown"]).flatmap(mutated))
def test_shutdown_stops_only_on_valid_params(binary, validator, drawn):
    _, params = drawn
    server = RawServer(binary, ["--clock", CLOCK], validator)
    try:
        text, _ = encode(params)
        too_deep = nesting_depth(text) + 1 > MAX_DEPTH
        server.send('{"jsonrpc":"2.0","id":1,"method":"service.shutdown","params":%s}\n' % text)
        response = server.read_json(RESPONSE_TIMEOUT)
        if "result" in response:
            assert response["result"] == {}
            assert schema_valid("service.shutdown", dumps(without_nulls(json.loads(text)))) is not False
            assert server.wait(10) == 0
        else:
            assert response["error"]["code"] in ({-32700} if too_deep else {-32602, -32600}), response
            assert server.request({"jsonrpc": "2.0", "id": 2, "method": "service.info"})["id"] == 2
    finally:
        code = server.close()
        LEAKS.stderr(server.stderr_text(), "checkoutd (service.shutdown property)")
    assert code == 0


@pytest.mark.parametrize("method, params", [
    ("currency.list", {"base": None}),
    ("card.format", {"pan": "4111", "cursor": None}),
    ("session.init", {"context": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}, "countryCode": "NL",
                                  "locale": None}, "taxAmount": None}),
], ids=["currency.list-base", "card.format-cursor", "session.init-nested"])
def test_null_for_an_optional_member_is_invalid_params(raw, method, params):
    assert not PARAMS_VALIDATORS[method].is_valid(params)
    response = raw.request(request(1, method, params))
    assert "error" in response and response["error"]["code"] == -32602, response
