"""The response validator that every other test relies on really rejects bad responses."""

from __future__ import annotations

import pytest

OK_ERROR = {"code": -32601, "message": "Method not found", "data": {"reason": "METHOD_NOT_FOUND", "method": "x"}}


@pytest.mark.parametrize("response, methods", [
    ({"jsonrpc": "2.0", "id": 1, "result": {"value": "1", "cursor": 1}}, ["mask.apply"]),
    ({"jsonrpc": "2.0", "id": None, "error": OK_ERROR}, None),
    ({"jsonrpc": "2.0", "id": "a", "result": {}}, ["service.shutdown"]),
])
def test_valid_responses_pass(validator, response, methods):
    assert validator.problems(response, methods) == []


@pytest.mark.parametrize("response, methods", [
    ({"jsonrpc": "2.0", "id": 1, "result": {"value": "1"}}, ["mask.apply"]),
    ({"jsonrpc": "2.0", "id": 1, "result": {"value": "1", "cursor": 1, "x": 0}}, ["mask.apply"]),
    ({"jsonrpc": "2.0", "id": 1, "result": {"value": "1", "cursor": -1}}, ["mask.apply"]),
    ({"jsonrpc": "2.0", "id": 1, "result": {"x": 1}}, ["service.shutdown"]),
    ({"jsonrpc": "2.0", "id": 1, "result": {}}, None),
    ({"jsonrpc": "2.0", "id": 1, "result": {}}, ["no.schema"]),
    ({"jsonrpc": "1.0", "id": 1, "result": {}}, ["service.shutdown"]),
    ({"id": 1, "result": {}}, ["service.shutdown"]),
    ({"jsonrpc": "2.0", "result": {}}, ["service.shutdown"]),
    ({"jsonrpc": "2.0", "id": 1}, ["service.shutdown"]),
    ({"jsonrpc": "2.0", "id": 1, "result": {}, "error": OK_ERROR}, ["service.shutdown"]),
    ({"jsonrpc": "2.0", "id": 1, "result": {}, "extra": 1}, ["service.shutdown"]),
    ({"jsonrpc": "2.0", "id": True, "result": {}}, ["service.shutdown"]),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "m"}}, None),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "m", "data": {}}}, None),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "m", "data": {"reason": "NEW"}}}, None),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m", "data": {"reason": "METHOD_NOT_FOUND"}}}, None),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "m", "data": {"reason": "INTERNAL_ERROR"}}}, None),
    ({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m", "data": {
        "reason": "INVALID_PARAMS", "errors": [{"path": "/x"}]}}}, None),
    ([], None),
])
def test_invalid_responses_are_caught(validator, response, methods):
    assert validator.problems(response, methods) != []


def test_the_client_fixture_validates_what_it_receives(client, validator):
    before = validator.seen
    client.service_info()
    client.mask_apply("1", "{{9}}")
    assert validator.seen >= before + 2


def test_the_raw_helper_validates_what_it_reads(raw, validator):
    before = validator.seen
    raw.send('{"jsonrpc":"2.0","id":1,"method":"service.info"}\n')
    raw.read_line()
    assert validator.seen == before + 1
