"""checkoutd.params: one params builder per method, shared by the sync and the
asyncio client. Checked against Schemas/ (names, required members, the
examples) and against both clients' wrappers (same signature, same params sent).
No process is spawned here."""

from __future__ import annotations

import asyncio
import inspect
import re
from typing import Any, Dict, List, Optional, Tuple

import pytest

from checkoutd import AsyncCheckoutd, Checkoutd
from checkoutd import params as P


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()   # threeDS -> three_ds


def params_schema(schemas, method: str) -> Dict[str, Any]:
    schema = schemas.methods[method]["definitions"]["params"]
    return schema if "properties" in schema else {"properties": {}, "required": []}


def arguments(function) -> List[inspect.Parameter]:
    return [parameter for name, parameter in inspect.signature(function).parameters.items()
            if name not in ("self", "timeout")]


def test_there_is_a_params_function_for_every_method_with_a_schema(schemas):
    assert set(P.PARAMS_FOR) == set(schemas.methods)
    for method, function in P.PARAMS_FOR.items():
        assert function.__name__ == f"params_for_{P.WRAPPER_NAMES[method]}"
        assert getattr(P, function.__name__) is function


@pytest.mark.parametrize("method", sorted(P.PARAMS_FOR))
def test_arguments_are_the_schema_params_in_snake_case(schemas, method):
    schema = params_schema(schemas, method)
    parameters = arguments(P.PARAMS_FOR[method])
    assert {p.name for p in parameters} == {snake(name) for name in schema["properties"]}
    required = {snake(name) for name in schema.get("required", [])}
    assert {p.name for p in parameters if p.default is inspect.Parameter.empty} == required


def _examples(schemas) -> List[Tuple[str, int, Dict[str, Any]]]:
    found = []
    for method, index, example in schemas.examples():
        params, schema = example.get("params", {}), params_schema(schemas, method)
        if (isinstance(params, dict) and set(params) <= set(schema["properties"])
                and set(schema.get("required", [])) <= set(params)):
            found.append((method, index, params))
    return found


def test_every_example_params_can_be_built(schemas):
    built = 0
    for method, index, params in _examples(schemas):
        expected: Optional[Dict[str, Any]] = params or None
        if not params_schema(schemas, method)["properties"]:   # Empty: no params member at all
            assert P.PARAMS_FOR[method]() is None
            continue
        result = P.PARAMS_FOR[method](**{snake(name): value for name, value in params.items()})
        assert result == (expected or {}), f"{method} example {index}"
        built += 1
    assert built > 100


def test_none_means_left_out_and_sequences_are_copied():
    brands = ("visa", "amex")
    assert P.params_for_card_validate(pan="4111", accepted_brands=brands) == {
        "pan": "4111", "acceptedBrands": ["visa", "amex"]}
    assert P.params_for_card_validate() == {}
    assert P.params_for_payment_request_encrypt("cs", 1, {"cvv": "1"}) == {
        "clientSessionId": "cs", "paymentProductId": 1, "values": {"cvv": "1"}}
    assert P.params_for_three_ds_challenge("c", cancel=False) == {"challengeId": "c"}
    context = {"countryCode": "NL"}
    params = P.params_for_session_init(context)
    assert params == {"context": {"countryCode": "NL"}} and params["context"] is not context


@pytest.mark.parametrize("client_class", [Checkoutd, AsyncCheckoutd])
def test_wrappers_have_the_signature_of_their_params_function(client_class):
    for method, function in P.PARAMS_FOR.items():
        wrapper = getattr(client_class, P.WRAPPER_NAMES[method])
        assert arguments(wrapper) == arguments(function), f"{client_class.__name__}.{wrapper.__name__}"
        timeout = inspect.signature(wrapper).parameters["timeout"]
        assert timeout.default is None
        assert wrapper.__doc__ and wrapper.__doc__ == getattr(Checkoutd, wrapper.__name__).__doc__


class _RecordingSync(Checkoutd):
    def __init__(self):  # no process
        self.sent: List[Tuple[str, Any, Any]] = []

    def call(self, method, params=None, timeout=None):
        self.sent.append((method, params, timeout))
        return {"ok": method}


class _RecordingAsync(AsyncCheckoutd):
    def __init__(self):  # no process
        self.sent: List[Tuple[str, Any, Any]] = []

    async def call(self, method, params=None, timeout=None):
        self.sent.append((method, params, timeout))
        return {"ok": method}


def test_wrappers_send_what_their_params_function_builds(schemas):
    sync, asynchronous = _RecordingSync(), _RecordingAsync()
    expected = []
    for method, index, params in _examples(schemas):
        kwargs = {snake(name): value for name, value in params.items()}
        name = P.WRAPPER_NAMES[method]
        assert getattr(sync, name)(**kwargs, timeout=7) == {"ok": method}
        assert asyncio.run(getattr(asynchronous, name)(**kwargs, timeout=7)) == {"ok": method}
        expected.append((method, P.PARAMS_FOR[method](**kwargs), 7))
    assert sync.sent == expected
    assert asynchronous.sent == expected
