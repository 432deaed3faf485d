"""Every bound a params schema states is enforced (API.md 9.9): the walk finds each
``maxItems``, ``minItems``, ``maxLength``, ``minLength``, ``minimum`` and
``maximum`` in ``Schemas/methods`` (and the lengths of ``{m,n}`` patterns such as
ClientIdentifier's), sends a value one past it — -32602 naming that member — and
one at it, which no -32602 names. ``acceptedBrands`` kept 100,000 codes where its
schema said 50: 300 such sessions took 662 MiB.

The flags are bounded too: no size overflows and no timestamp passes 9999-12-31.
"""

from __future__ import annotations

import json
import re
import subprocess
from typing import Any, Dict, List, Optional, Tuple

import pytest

from _schema_walk import ParamsWalker, pointer, types_of, with_value
from _support import CLOCK, request

BOUNDS = ("maxItems", "minItems", "maxLength", "minLength", "minimum", "maximum")
_LENGTH_PATTERN = re.compile(r"^\^(\[[^\]]+\])\{(\d+),(\d+)\}\$$")


def filler(schema: Dict[str, Any], example: Any) -> Any:
    """A value of the member's type: its example, or the first of its enum, or a plain one."""
    if example is not None:
        return example
    if "enum" in schema:
        return schema["enum"][0]
    kinds = types_of(schema)
    if "string" in kinds:
        return "a"
    if "integer" in kinds or "number" in kinds:
        return schema.get("minimum", 0)
    if "boolean" in kinds:
        return True
    if "array" in kinds:
        return []
    return {}


def items(item: Any, count: int, unique: bool) -> List[Any]:
    """``count`` copies of ``item``; numbered (``cvv0``, ``cvv1``…) where the items must differ."""
    if unique and isinstance(item, str):
        return [f"{item}{index}" for index in range(count)]
    return [item] * count


def example_at(params: Any, path) -> Any:
    for token in path:
        if isinstance(token, int):
            if not isinstance(params, list) or len(params) <= token:
                return None
        elif not isinstance(params, dict) or token not in params:
            return None
        params = params[token]
    return params


def string_of(length: int, example: Any, character_class: Optional[str] = None) -> str:
    if character_class:
        # The first character the class names: [A-Za-z0-9_-] gives A, [0-9 ] gives 0.
        character = character_class[1]
    elif isinstance(example, str) and example:
        character = example[0]
    else:
        character = "a"
    return character * length


def cases(schemas) -> List[Tuple[str, str, str, Dict[str, Any], Dict[str, Any]]]:
    """(method, pointer, bound, params one past it, params at it) for every bound."""
    found = []
    for method in sorted(schemas.methods):
        walker = ParamsWalker(schemas, method)
        base = walker.example_params()
        for path, schema in walker.members():
            if path[-1] == "k":
                continue
            example = example_at(base, path)
            bounds = {name: schema[name] for name in BOUNDS if name in schema}
            match = _LENGTH_PATTERN.match(schema.get("pattern", ""))
            if match:
                bounds.setdefault("minLength", int(match.group(2)))
                bounds.setdefault("maxLength", int(match.group(3)))
            for bound, limit in bounds.items():
                character_class = match.group(1) if match else None
                if bound in ("maxItems", "minItems"):
                    item_schema = walker.resolve(schema.get("items", {}))
                    item = filler(item_schema, example_at(base, path + (0,)))
                    past = items(item, limit + 1 if bound == "maxItems" else limit - 1, schema.get("uniqueItems"))
                    at = items(item, limit, schema.get("uniqueItems"))
                elif bound in ("maxLength", "minLength"):
                    past = string_of(limit + 1 if bound == "maxLength" else limit - 1, example, character_class)
                    at = string_of(limit, example, character_class)
                else:
                    past = limit + 1 if bound == "maximum" else limit - 1
                    at = limit
                if bound in ("minItems", "minLength") and limit == 0:
                    continue   # nothing is one below 0 items or characters
                found.append((method, pointer(path), bound, with_value(base, path, past), with_value(base, path, at)))
    return found


#: Members whose value at the bound breaks another rule of theirs: how to make it
#: meet that rule.
AT_THE_BOUND = {
    # The tax may not exceed the amount: at the tax's maximum, so is the amount.
    ("session.init", "/taxAmount"): lambda params: with_value(
        params, ("context", "amountOfMoney", "amount"), params["taxAmount"]),
    # A payment has exactly one source, and a CVC session goes with a token.
    ("payments.create", "/encryptedCustomerInput"): lambda params: without(params, "cardSession"),
    ("payments.create", "/cvcSession"): lambda params: with_value(without(params, "cardSession"), ("token",), "tok_1"),
    # An amount needs its currency.
    ("payments.create", "/amountOfMoney/amount"): lambda params: with_value(
        params, ("amountOfMoney", "currencyCode"), "EUR"),
    # A token is made from a card or a card session, not both.
    ("tokens.create", "/cardSession"): lambda params: without(params, "card"),
}


def without(params: Dict[str, Any], member: str) -> Dict[str, Any]:
    return {key: value for key, value in params.items() if key != member}


def invalid_paths(response: Dict[str, Any]) -> List[str]:
    error = response.get("error") or {}
    if error.get("code") != -32602:
        return []
    return [problem.get("path", "") for problem in error.get("data", {}).get("errors", [])]


def test_every_schema_bound_is_enforced_one_past_it_and_accepted_at_it(raw, schemas):
    found = cases(schemas)
    named = {(method, at, bound) for method, at, bound, _, _ in found}
    # The walk sees the bounds this test was written for, and so the new ones too.
    assert {("session.init", "/acceptedBrands", "maxItems"), ("card.validate", "/acceptedBrands", "maxItems"),
            ("session.init", "/acceptedBrands/0", "maxLength"), ("session.init", "/accountsOnFile", "maxItems"),
            ("session.init", "/appIdentifier", "maxLength"), ("tokens.create", "/card/cardholderName", "maxLength"),
            ("session.init", "/clientSessionId", "maxLength"), ("iin.details", "/bin", "maxLength"),
            ("currency.convert", "/amountOfMoney/amount", "maximum"), ("mask.apply", "/cursor", "minimum")} <= named
    problems = []
    for number, (method, at, bound, past, within) in enumerate(found):
        refused = raw.request(request(f"past-{number}", method, past))
        if at not in invalid_paths(refused):
            problems.append(f"{method} {at} one past its {bound}: {json.dumps(refused)[:300]}")
        if (method, at) in AT_THE_BOUND:
            within = AT_THE_BOUND[(method, at)](within)
        taken = raw.request(request(f"at-{number}", method, within))
        if any(path == at or path.startswith(at + "/") for path in invalid_paths(taken)):
            problems.append(f"{method} {at} at its {bound}: {json.dumps(taken)[:300]}")
    assert not problems, f"{len(problems)} of {len(found)} bounds:\n" + "\n".join(problems)


# -- flags ---------------------------------------------------------------------------------


def start(binary: str, *flags: str, requests: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([binary, *flags], input=requests.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=60)


@pytest.mark.parametrize("flags, named", [
    (["--session-ttl", "9223372036854775807"], "--session-ttl"),
    (["--session-ttl", "31622401"], "--session-ttl"),
    (["--max-line-bytes", "9223372036854775807"], "--max-line-bytes"),
    (["--max-line-bytes", "1073741825"], "--max-line-bytes"),
    (["--clock", "9999-12-31T23:00:00Z"], "--clock"),
    (["--clock", "9999-12-31T23:59:59Z", "--session-ttl", "1"], "--clock"),
    (["--clock", "9998-12-31T23:00:00Z", "--session-ttl", "31622400"], "--clock"),
], ids=["ttl-int64-max", "ttl-over-a-year", "line-int64-max", "line-over-1gib", "clock-late-for-the-default-ttl",
        "clock-last-second", "clock-late-for-a-year"])
def test_a_flag_out_of_bounds_exits_2_with_a_message(binary, flags, named):
    done = start(binary, *flags, requests=json.dumps(request(1, "service.info")) + "\n")
    assert done.returncode == 2, (done.returncode, done.stderr.decode()[-500:])
    assert named in done.stderr.decode() and done.stdout == b""


def test_flags_at_their_bounds_are_taken_and_no_timestamp_passes_9999(binary, validator):
    session = request(1, "session.init", {"context": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"},
                                                      "countryCode": "NL"}})
    done = start(binary, "--clock", "9999-12-31T22:59:59Z", "--max-line-bytes", "1073741824",
                 requests=json.dumps(session) + "\n")
    assert done.returncode == 0, done.stderr.decode()
    response = json.loads(done.stdout)
    assert not validator.check(response, ["session.init"], "flag bounds")
    assert response["result"]["expiresAt"] == "9999-12-31T23:59:59Z"
    done = start(binary, "--clock", CLOCK, "--session-ttl", "31622400", requests=json.dumps(session) + "\n")
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout)["result"]["expiresAt"] == "2027-11-22T10:00:00Z"
