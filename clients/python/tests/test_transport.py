"""API.md section 1 (Transport), end to end over raw pipes."""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from _support import CLOCK, dumps, notification, raw_member, request

INFO = "service.info"


def error_of(response, code, reason):
    assert "error" in response, response
    assert response["error"]["code"] == code, response
    assert response["error"]["data"]["reason"] == reason, response
    return response["error"]


# -- ids ---------------------------------------------------------------------

@pytest.mark.parametrize("raw_id", [
    '"abc"',
    '""',
    '7',
    '0',
    '-5',
    '2.50',
    '-0.25',
    '1.0',
    '12345678901234567890',
    '-98765432109876543210',
    'null',
    '"caf\u00e9 \u6f22\u5b57 \U0001f642"',
    '"with spaces and \\"quotes\\""',
], ids=lambda raw_id: raw_id)
def test_ids_of_every_json_rpc_type_are_echoed_exactly(raw, raw_id):
    raw.send('{"jsonrpc":"2.0","id":%s,"method":"service.info"}\n' % raw_id)
    line = raw.read_line()
    assert raw_member(line, "id") == raw_id
    response = json.loads(line)
    assert response["id"] == json.loads(raw_id)
    assert response["result"]["name"] == "checkoutd"


def test_escaped_string_ids_are_echoed_as_the_same_string(raw):
    raw.send('{"jsonrpc":"2.0","id":"\\u00e9\\n\\t\\ud83d\\ude42","method":"service.info"}\n')
    response = raw.read_json()
    assert response["id"] == "\u00e9\n\t\U0001f642"


def test_ids_that_differ_only_in_type_are_kept_apart(raw):
    raw.send(dumps(request("1", INFO)) + "\n" + dumps(request(1, INFO)) + "\n")
    ids = {raw_member(raw.read_line(), "id") for _ in range(2)}
    assert ids == {'"1"', "1"}


# -- notifications -----------------------------------------------------------

@pytest.mark.parametrize("message", [
    notification(INFO),
    notification("service.info", {}),
    notification("no.suchMethod"),
    notification("mask.apply", {"value": 1, "mask": "{{99"}),
    notification("mask.apply", [1, 2]),
    notification("$/cancelRequest", {"id": 424242}),
    notification("$/cancelRequest"),
], ids=["valid", "valid-with-params", "unknown-method", "invalid-params",
        "params-array", "cancel-unknown-id", "cancel-without-id"])
def test_notifications_are_never_answered(raw, message):
    raw.send_json(message)
    raw.send_json(request(1, INFO))
    response = raw.read_json()
    assert response["id"] == 1 and "result" in response
    raw.send_json(request(2, INFO))
    assert raw.read_json()["id"] == 2
    raw.expect_silence(0.2)


def test_cancelling_an_unknown_id_does_nothing_and_service_keeps_serving(raw):
    raw.send_json(notification("$/cancelRequest", {"id": 99}))
    raw.send_json(notification("$/cancelRequest", {"id": "nope"}))
    response = raw.request(request(99, "mask.apply", {"value": "12", "mask": "{{99}}-{{99}}", "cursor": 2}))
    assert response == {"jsonrpc": "2.0", "id": 99, "result": {"value": "12-", "cursor": 3}}
    raw.expect_silence(0.2)


def test_a_request_cancelled_right_away_gets_exactly_one_response(raw):
    # Nothing runs long yet, so the request may complete before the cancel
    # arrives; either way it is answered exactly once (API.md section 1).
    raw.send(dumps(request(5, INFO)) + "\n" + dumps(notification("$/cancelRequest", {"id": 5})) + "\n")
    response = raw.read_json()
    assert response["id"] == 5
    if "error" in response:
        error_of(response, -32800, "REQUEST_CANCELLED")
    raw.send_json(request(6, INFO))
    assert raw.read_json()["id"] == 6
    raw.expect_silence(0.2)


def test_requests_reusing_an_id_are_each_answered(raw):
    raw.send(dumps(request(1, "mask.remove", {"value": "1-2", "mask": "{{9}}-{{9}}"})) + "\n"
             + dumps(request(1, "mask.remove", {"value": "3-4", "mask": "{{9}}-{{9}}"})) + "\n")
    values = sorted(raw.read_json()["result"]["value"] for _ in range(2))
    assert values == ["12", "34"]


# -- batches -----------------------------------------------------------------

def test_batch_answers_each_request_once_and_no_notification(raw):
    batch = [
        request(1, INFO),
        notification(INFO),
        request("two", "mask.apply", {"value": "1234", "mask": "{{99}}-{{99}}"}),
        notification("no.such"),
        request(3, "no.such"),
        request(4, "mask.remove", {"value": "12-34", "mask": "{{99}}-{{99}}"}),
    ]
    line = (raw.send_json(batch), raw.read_line())[1]
    responses = json.loads(line)
    assert isinstance(responses, list)
    by_id = {response["id"]: response for response in responses}
    assert len(responses) == 4 and set(by_id) == {1, "two", 3, 4}
    assert by_id[1]["result"]["name"] == "checkoutd"
    assert by_id["two"]["result"] == {"value": "12-34", "cursor": 5}
    error_of(by_id[3], -32601, "METHOD_NOT_FOUND")
    assert by_id[4]["result"] == {"value": "1234"}
    raw.expect_silence(0.2)


def test_batch_of_one_request_is_answered_with_an_array(raw):
    raw.send_json([request(1, INFO)])
    responses = raw.read_json()
    assert isinstance(responses, list) and len(responses) == 1 and responses[0]["id"] == 1


def test_empty_batch_is_one_invalid_request_object_not_an_array(raw):
    raw.send("[]\n")
    response = raw.read_json()
    assert isinstance(response, dict)
    assert response["id"] is None
    error_of(response, -32600, "INVALID_REQUEST")
    assert raw.request(request(1, INFO))["id"] == 1


def test_all_notification_batch_writes_no_line(raw):
    raw.send_json([notification(INFO), notification("no.such"), notification("mask.apply", {"value": 1})])
    raw.send_json(request(1, INFO))
    assert raw.read_json()["id"] == 1
    raw.expect_silence(0.2)


def test_nested_arrays_and_non_objects_in_a_batch_are_invalid_request_entries(raw):
    raw.send_json([[request(1, INFO)], 5, "x", request(2, INFO)])
    responses = raw.read_json()
    assert isinstance(responses, list) and len(responses) == 4
    errors = [r for r in responses if "error" in r]
    assert len(errors) == 3
    for response in errors:
        assert response["id"] is None
        error_of(response, -32600, "INVALID_REQUEST")
    assert [r["id"] for r in responses if "result" in r] == [2]


def test_a_batch_that_is_not_valid_json_is_one_parse_error(raw):
    raw.send(b'[{"jsonrpc":"2.0","id":1,"method":"service.info"},\n')
    response = raw.read_json()
    assert isinstance(response, dict) and response["id"] is None
    error_of(response, -32700, "PARSE_ERROR")


def test_a_batch_of_1000_entries_is_served(raw):
    raw.send_json([request(i, "mask.apply", {"value": str(i), "mask": "{{9999}}"}) for i in range(1000)])
    responses = raw.read_json(timeout=20)
    assert isinstance(responses, list) and len(responses) == 1000
    assert sorted(r["id"] for r in responses) == list(range(1000))
    assert all(r["result"]["value"] == str(r["id"]) for r in responses)


def test_a_batch_of_1001_entries_is_one_batch_too_large_error_then_service_keeps_serving(raw):
    raw.send_json([request(i, INFO) for i in range(1001)])
    response = raw.read_json(timeout=20)
    assert isinstance(response, dict), "one error object, not an array"
    assert response["id"] is None
    error = error_of(response, -32600, "BATCH_TOO_LARGE")
    assert error["data"]["entries"] == 1001
    assert error["data"]["maxBatchEntries"] == 1000
    assert raw.request(request("after", INFO))["id"] == "after"
    raw.expect_silence(0.2)


# -- parse errors ------------------------------------------------------------

@pytest.mark.parametrize("line", [
    b'{"jsonrpc":',
    b'{"jsonrpc":"2.0","id":1,"method":"service.info"',
    b'{"jsonrpc":"2.0","id":1,"method":"service.info"} trailing',
    b"{'jsonrpc':'2.0'}",
    b'{"jsonrpc":"2.0","id":01,"method":"service.info"}',
    b'{"jsonrpc":"2.0","id":NaN,"method":"service.info"}',
    b'not json at all',
    b'\x00',
], ids=["truncated", "unterminated", "trailing", "single-quotes", "leading-zero", "nan",
        "words", "nul"])
def test_invalid_json_is_a_parse_error_with_null_id_then_service_keeps_serving(raw, line):
    raw.send(line + b"\n")
    response = raw.read_json()
    assert response["id"] is None
    error = error_of(response, -32700, "PARSE_ERROR")
    assert isinstance(error["data"]["offset"], int)
    assert raw.request(request(1, INFO))["id"] == 1


@pytest.mark.parametrize("line", [
    b'{"jsonrpc":"2.0","id":1,"method":"\xff"}',
    b'{"jsonrpc":"2.0","id":"\xc3","method":"service.info"}',
    b'{"jsonrpc":"2.0","id":1,"method":"service.info","params":{"x":"\xed\xa0\x80"}}',
    b'\xef\xbb\xbf\xc0\xaf',
], ids=["ff-byte", "truncated-sequence", "encoded-surrogate", "overlong"])
def test_invalid_utf8_is_a_parse_error_with_null_id_then_service_keeps_serving(raw, line):
    raw.send(line + b"\n")
    response = raw.read_json()
    assert response["id"] is None
    assert response["error"]["code"] == -32700
    assert response["error"]["data"]["reason"] == "INVALID_UTF8"
    assert raw.request(request(1, INFO))["id"] == 1


# -- invalid requests ----------------------------------------------------------

@pytest.mark.parametrize("message, path", [
    ({"id": 5, "method": INFO}, "/jsonrpc"),
    ({"jsonrpc": "1.0", "id": 5, "method": INFO}, "/jsonrpc"),
    ({"jsonrpc": 2.0, "id": 5, "method": INFO}, "/jsonrpc"),
    ({"jsonrpc": "2.0", "id": 5}, "/method"),
    ({"jsonrpc": "2.0", "id": 5, "method": 1}, "/method"),
    ({"jsonrpc": "2.0", "id": 5, "method": None}, "/method"),
    ({"jsonrpc": "2.0", "id": 5, "method": INFO, "params": 3}, "/params"),
    ({"jsonrpc": "2.0", "id": 5, "method": INFO, "params": "x"}, "/params"),
    ({"jsonrpc": "2.0", "id": 5, "method": INFO, "params": True}, "/params"),
    ({"jsonrpc": "2.0", "id": 5, "method": INFO, "extra": 1}, "/extra"),
], ids=["missing-jsonrpc", "wrong-version", "version-not-string", "missing-method",
        "method-number", "method-null", "params-integer", "params-string", "params-bool",
        "unknown-member"])
def test_malformed_envelopes_are_invalid_request(raw, message, path):
    response = raw.request(message)
    assert response["id"] in (5, None)
    error = error_of(response, -32600, "INVALID_REQUEST")
    assert path in [problem["path"] for problem in error["data"]["errors"]]
    assert raw.request(request(1, INFO))["id"] == 1


@pytest.mark.parametrize("bad_id", [{}, {"a": 1}, [], [1], True, False],
                         ids=["empty-object", "object", "empty-array", "array", "true", "false"])
def test_ids_that_are_not_json_rpc_ids_are_invalid_request_with_null_id(raw, bad_id):
    response = raw.request({"jsonrpc": "2.0", "id": bad_id, "method": INFO})
    assert response["id"] is None
    error = error_of(response, -32600, "INVALID_REQUEST")
    assert "/id" in [problem["path"] for problem in error["data"]["errors"]]


@pytest.mark.parametrize("line", [b"5", b'"request"', b"null", b"true"])
def test_a_line_that_is_not_an_object_or_array_is_invalid_request(raw, line):
    raw.send(line + b"\n")
    response = raw.read_json()
    assert response["id"] is None
    error_of(response, -32600, "INVALID_REQUEST")


def test_invalid_request_lists_every_envelope_problem(raw):
    response = raw.request({"jsonrpc": "1.0", "id": 5, "method": 1, "params": 3, "extra": True})
    error = error_of(response, -32600, "INVALID_REQUEST")
    paths = {problem["path"] for problem in error["data"]["errors"]}
    assert {"/jsonrpc", "/method", "/params", "/extra"} <= paths


def test_params_by_position_are_invalid_params(raw):
    response = raw.request(request(8, "mask.apply", ["12", "{{99}}"]))
    assert response["id"] == 8
    error_of(response, -32602, "INVALID_PARAMS")


def test_missing_params_means_an_empty_object(raw):
    response = raw.request(request(1, INFO))
    assert response["result"]["name"] == "checkoutd"
    response = raw.request(request(2, "mask.apply"))
    error = error_of(response, -32602, "INVALID_PARAMS")
    assert {p["path"] for p in error["data"]["errors"]} == {"/value", "/mask"}


# -- method not found / invalid params ----------------------------------------

@pytest.mark.parametrize("method", ["no.such", "", "rpc.Discover", "service.info ", "mask", "\u00e9.x"])
def test_unknown_method_is_method_not_found_naming_it(raw, method):
    response = raw.request(request(11, method))
    assert response["id"] == 11
    error = error_of(response, -32601, "METHOD_NOT_FOUND")
    assert error["data"]["method"] == method


def test_invalid_params_lists_every_problem_with_its_path(raw):
    response = raw.request(request(9, "mask.apply",
                                   {"value": 1, "mask": "{{99", "cursor": -1, "bogus": True}))
    assert response["id"] == 9
    error = error_of(response, -32602, "INVALID_PARAMS")
    problems = error["data"]["errors"]
    assert all(isinstance(p["message"], str) and p["message"] for p in problems)
    paths = [p["path"] for p in problems]
    # API.md section 1: unknown names, wrong types and out-of-range values are
    # -32602 "with error.data.errors listing each problem": all four of them.
    assert {"/value", "/bogus"} <= set(paths), paths
    assert {"/value", "/mask", "/cursor", "/bogus"} == set(paths), (
        f"every problem must be listed in one -32602, got only {paths}")


def test_invalid_params_list_range_and_format_problems_together(raw):
    response = raw.request(request(1, "mask.apply", {"value": "12", "mask": "{{9x}}", "cursor": 3}))
    error = error_of(response, -32602, "INVALID_PARAMS")
    assert {p["path"] for p in error["data"]["errors"]} == {"/mask", "/cursor"}


def test_invalid_params_list_type_problems_and_unknown_members_together(raw):
    response = raw.request(request(1, "mask.apply", {"value": [], "mask": 7, "cursor": "1", "x": 1, "y": 2}))
    error = error_of(response, -32602, "INVALID_PARAMS")
    assert {p["path"] for p in error["data"]["errors"]} == {"/value", "/mask", "/cursor", "/x", "/y"}


@pytest.mark.parametrize("method", ["service.info", "service.shutdown", "rpc.discover", "mask.remove"])
def test_unknown_parameter_names_are_invalid_params(raw, method):
    params = {"value": "1", "mask": "{{9}}", "verbose": True} if method == "mask.remove" else {"verbose": True}
    response = raw.request(request(1, method, params))
    error = error_of(response, -32602, "INVALID_PARAMS")
    assert [p["path"] for p in error["data"]["errors"]] == ["/verbose"]
    assert raw.request(request(2, INFO))["id"] == 2   # shutdown with bad params did not stop it


# -- line limits -------------------------------------------------------------

def test_an_oversized_line_gets_one_line_too_long_error_then_the_next_line_is_served(make_raw):
    raw = make_raw("--max-line-bytes", "1024")
    raw.send(b"x" * 5000 + b"\n")
    raw.send_json(request(1, INFO))
    response = raw.read_json()
    assert response["id"] is None
    error = error_of(response, -32600, "LINE_TOO_LONG")
    assert error["data"]["maxLineBytes"] == 1024
    assert raw.read_json()["id"] == 1
    raw.expect_silence(0.2)


def test_an_oversized_line_arriving_in_several_writes_gets_exactly_one_error(make_raw):
    raw = make_raw("--max-line-bytes", "1024")
    padding = " " * 6000
    line = ('{"jsonrpc":"2.0","id":1,"method":"service.info"%s}' % padding).encode()
    for start in range(0, len(line), 700):
        raw.send(line[start:start + 700])
        time.sleep(0.01)
    raw.send(b"\n")
    raw.send_json(request(2, INFO))
    first = raw.read_json()
    assert first["id"] is None
    error_of(first, -32600, "LINE_TOO_LONG")
    second = raw.read_json()
    assert second["id"] == 2 and "result" in second
    raw.expect_silence(0.2)


def test_oversized_line_ending_with_the_input_still_gets_its_error(make_raw):
    raw = make_raw("--max-line-bytes", "1024")
    raw.send_json(request(1, INFO))
    raw.send(b"y" * 3000)
    raw.close_stdin()
    lines = [json.loads(line) for line in raw.read_until_eof()]
    assert lines[0]["id"] == 1
    assert len(lines) == 2
    error_of(lines[1], -32600, "LINE_TOO_LONG")
    assert raw.wait() == 0


def test_lines_up_to_the_limit_are_served_and_longer_ones_are_not(make_raw):
    raw = make_raw("--max-line-bytes", "1024")
    template = '{"jsonrpc":"2.0","id":%d,"method":"service.info"%s}'
    fits = template % (1, " " * (1023 - len(template % (1, ""))))
    assert len(fits) == 1023
    too_long = template % (2, " " * (1025 - len(template % (2, ""))))
    assert len(too_long) == 1025
    raw.send(fits + "\n")
    assert raw.read_json()["id"] == 1
    raw.send(too_long + "\n")
    response = raw.read_json()
    assert response["id"] is None
    error_of(response, -32600, "LINE_TOO_LONG")


def test_a_line_of_about_a_mebibyte_is_accepted_by_default(raw):
    value = "1" * (1000 * 1000)
    response = raw.request(request(1, "mask.remove", {"value": value, "mask": "{{9999}}"}), timeout=20)
    assert response["result"] == {"value": "1111"}


def test_the_default_limit_is_one_mebibyte(raw):
    raw.send(b'"' + b"z" * (1 << 20) + b'"\n')
    response = raw.read_json(timeout=20)
    assert response["id"] is None
    error = error_of(response, -32600, "LINE_TOO_LONG")
    assert error["data"]["maxLineBytes"] == 1 << 20
    assert raw.request(request(1, INFO))["id"] == 1


# -- framing ---------------------------------------------------------------------

def test_crlf_line_endings_and_blank_lines_are_tolerated(raw):
    raw.send(b"\r\n\n" + dumps(request(1, INFO)).encode() + b"\r\n\r\n\n\n"
             + dumps(request(2, INFO)).encode() + b"\r\n")
    ids = sorted(raw.read_json()["id"] for _ in range(2))
    assert ids == [1, 2]
    raw.expect_silence(0.2)


def test_whitespace_only_lines_are_blank(raw):
    raw.send(b"   \n\t\n \r\n")
    raw.send_json(request(1, INFO))
    assert raw.read_json()["id"] == 1
    raw.expect_silence(0.2)


def test_two_requests_in_one_write_get_two_responses(raw):
    raw.send(dumps(request(1, INFO)) + "\n" + dumps(request(2, "mask.remove",
                                                             {"value": "1-2", "mask": "{{9}}-{{9}}"})) + "\n")
    responses = {r["id"]: r for r in (raw.read_json(), raw.read_json())}
    assert set(responses) == {1, 2}
    assert responses[2]["result"] == {"value": "12"}


def test_a_request_split_across_writes_is_one_request(raw):
    line = (dumps(request("\u6f22", "mask.apply", {"value": "\u00e9", "mask": "{{*}}"})) + "\n").encode()
    cut = line.index("\u00e9".encode()) + 1        # inside a multi-byte character
    raw.send(line[:cut])
    raw.expect_silence(0.1)
    raw.send(line[cut:])
    response = raw.read_json()
    assert response == {"jsonrpc": "2.0", "id": "\u6f22", "result": {"value": "\u00e9", "cursor": 1}}


def test_a_request_written_byte_by_byte_is_served(raw):
    for byte in (dumps(request(3, INFO)) + "\n").encode():
        raw.send(bytes([byte]))
    assert raw.read_json()["id"] == 3


def test_responses_never_contain_a_raw_newline(raw):
    raw.send_json(request("a\nb", "mask.apply", {"value": "x\ny\u2028", "mask": "{{****}}"}))
    line = raw.read_line()
    assert "\n" not in line and "\r" not in line
    assert json.loads(line)["result"]["value"] == "x\ny\u2028"


# -- end of input --------------------------------------------------------------

def run_binary(binary, stdin: bytes, *flags: str, timeout: float = 10):
    return subprocess.run([binary, "--clock", CLOCK, *flags], input=stdin,
                          capture_output=True, timeout=timeout)


def check_lines(validator, stdout: bytes, methods):
    lines = stdout.decode("utf-8").splitlines()
    responses = [json.loads(line) for line in lines]
    for response in responses:
        validator.check(response, methods, "subprocess")
    return responses


def test_eof_after_one_request_prints_its_response_and_exits_0(binary, validator):
    done = run_binary(binary, (dumps(request(1, INFO)) + "\n").encode())
    assert done.returncode == 0
    responses = check_lines(validator, done.stdout, [INFO])
    assert [r["id"] for r in responses] == [1]
    assert responses[0]["result"]["now"] == CLOCK


def test_a_final_line_without_newline_is_still_answered(binary, validator):
    done = run_binary(binary, dumps(request(7, "mask.apply", {"value": "12", "mask": "{{99}}-{{99}}", "cursor": 2})).encode())
    assert done.returncode == 0
    responses = check_lines(validator, done.stdout, ["mask.apply"])
    assert responses == [{"jsonrpc": "2.0", "id": 7, "result": {"value": "12-", "cursor": 3}}]


def test_eof_finishes_every_request_already_read(binary, validator):
    body = "".join(dumps(request(i, "mask.apply", {"value": str(i), "mask": "{{999}}"})) + "\n"
                   for i in range(300))
    done = run_binary(binary, body.encode())
    assert done.returncode == 0
    responses = check_lines(validator, done.stdout, ["mask.apply"])
    assert sorted(r["id"] for r in responses) == list(range(300))


def test_empty_input_exits_0_without_output(binary):
    done = run_binary(binary, b"")
    assert done.returncode == 0 and done.stdout == b""


def test_pipelined_requests_are_all_answered(raw):
    raw.send("".join(dumps(request(i, "mask.apply", {"value": f"{i:04d}", "mask": "{{99}}/{{99}}"})) + "\n"
                     for i in range(200)))
    responses = [raw.read_json() for _ in range(200)]
    assert sorted(r["id"] for r in responses) == list(range(200))
    for response in responses:
        digits = f"{response['id']:04d}"
        assert response["result"]["value"] == digits[:2] + "/" + digits[2:]
    raw.expect_silence(0.2)


# -- shutdown ----------------------------------------------------------------------

def test_shutdown_answers_empty_object_then_exits_0_and_ignores_later_lines(raw):
    raw.send(dumps(request(1, "service.shutdown")) + "\n" + dumps(request(2, INFO)) + "\n")
    lines = raw.read_until_eof()
    assert [json.loads(line) for line in lines] == [{"jsonrpc": "2.0", "id": 1, "result": {}}]
    assert raw.wait() == 0


def test_shutdown_then_later_writes_get_no_answer(raw):
    assert raw.request(request("bye", "service.shutdown")) == {"jsonrpc": "2.0", "id": "bye", "result": {}}
    assert raw.wait() == 0
    try:
        raw.send_json(request(2, INFO))
    except BrokenPipeError:
        pass
    assert raw.read_until_eof() == []


def test_shutdown_inside_a_batch_answers_the_whole_batch(raw):
    raw.send_json([request(1, INFO), request(2, "service.shutdown"), request(3, INFO)])
    responses = raw.read_json()
    assert sorted(r["id"] for r in responses) == [1, 2, 3]
    assert raw.read_until_eof() == []
    assert raw.wait() == 0


@pytest.mark.parametrize("stop_at", [500, 3500])
def test_shutdown_in_a_long_pipeline_leaves_every_later_line_unanswered(raw, stop_at):
    """About 540 KB, so the pipeline takes several reads of up to 256 KiB, read
    in turns by checkoutd's two threads: the shutdown falls in the first read or
    in a later one, and the thread waiting to read more is woken either way."""
    validations = [request(n, "card.validate", {"pan": "4111 1111 1111 1111"}) for n in range(6000)]
    lines = validations[:stop_at] + [request("bye", "service.shutdown")] + validations[stop_at:]
    text = "".join(dumps(line) + "\n" for line in lines)
    assert 2 * 262_144 < len(text) < 1 << 20
    raw.send(text)
    answered = [json.loads(line)["id"] for line in raw.read_until_eof(timeout=30)]
    assert answered == list(range(stop_at)) + ["bye"]
    assert raw.wait() == 0


# -- a long pipeline ----------------------------------------------------------

def mixed_pipeline(blocks: int):
    """Requests that do not depend on each other (validations, masks, conversions)
    around ones that do: each block opens a session that accepts only Visa,
    validates an Amex number in it, closes it and validates in it again."""
    lines = []
    for block in range(blocks):
        session = f"cs_pipe{block}"
        def add(method, params):
            lines.append(request(len(lines), method, params))
        for n in range(12):
            add("card.validate", {"pan": f"4111 1111 1111 {block % 10}{n:03d}", "expiryDate": "12/30", "cvc": "123"})
        add("session.init", {"context": {"amountOfMoney": {"amount": 100 + block, "currencyCode": "EUR"},
                                         "countryCode": "NL"},
                             "clientSessionId": session, "customerId": f"cus_{block}", "acceptedBrands": ["visa"],
                             "fraudSessionId": f"fs_{block}"})
        add("card.validate", {"pan": "3782 822463 10005", "clientSessionId": session})
        add("mask.apply", {"value": f"{block:04d}", "mask": "{{99}}-{{99}}"})
        add("currency.convert", {"amountOfMoney": {"amount": block, "currencyCode": "EUR"}, "targetCurrencyCode": "USD"})
        add("session.close", {"clientSessionId": session})
        add("card.validate", {"pan": "4111", "clientSessionId": session})
        add("card.format", {"pan": f"3782822463{block:05d}"})
    return lines


def test_a_long_pipeline_is_answered_as_one_request_at_a_time_would_be(make_raw):
    """A long pipeline, read in reads of up to 256 KiB: requests that read a
    session see exactly the requests before them (README, Ordering), and as
    every request here is answered on the reading thread, the answers come
    back in line order."""
    lines = mixed_pipeline(500)
    text = "".join(dumps(line) + "\n" for line in lines)
    assert len(text) > 3 * 262_144
    pipelined = make_raw()
    pipelined.send(text)
    pipelined.close_stdin()
    answers = [json.loads(line) for line in pipelined.read_until_eof(timeout=30)]
    lockstep = make_raw()
    expected = [lockstep.request(line) for line in lines]
    assert [answer["id"] for answer in answers] == list(range(len(lines)))
    assert answers == expected
    in_session = [answer for line, answer in zip(lines, answers)
                  if line["method"] == "card.validate" and "clientSessionId" in line["params"]]
    assert {answer["result"]["pan"]["errors"][0] for answer in in_session[0::2]} == {"allowedInContext"}
    assert {answer["error"]["data"]["reason"] for answer in in_session[1::2]} == {"SESSION_NOT_FOUND"}


# -- stdout is protocol only ------------------------------------------------------

def test_stdout_has_only_protocol_lines_while_debug_logs_go_to_stderr(binary, validator):
    lines = [
        dumps(request(1, INFO)),
        dumps(notification(INFO)),
        "{bad json",
        dumps(request(2, "no.such")),
        dumps(request(3, "mask.apply", {"value": 1})),
        dumps([request(4, "mask.remove", {"value": "1 2", "mask": "{{9}} {{9}}"}), notification("x")]),
        "[]",
        dumps(request(5, "rpc.discover")),
    ]
    done = subprocess.run([binary, "--clock", CLOCK, "--log-level", "debug"],
                          input=("\n".join(lines) + "\n").encode(), capture_output=True, timeout=10)
    assert done.returncode == 0
    assert done.stderr.strip(), "--log-level debug logs something on stderr"
    stdout_lines = done.stdout.decode("utf-8").split("\n")
    assert stdout_lines[-1] == ""
    methods = {1: INFO, 2: "no.such", 3: "mask.apply", 4: "mask.remove", 5: "rpc.discover"}
    seen = []
    for line in stdout_lines[:-1]:
        message = json.loads(line)
        for response in (message if isinstance(message, list) else [message]):
            assert not validator.check(response, [methods.get(response["id"])], "debug-run"), response
            seen.append(response["id"])
    assert sorted(seen, key=str) == sorted([1, None, 2, 3, 4, None, 5], key=str)


def test_default_log_level_keeps_stderr_quiet_on_success(binary):
    done = run_binary(binary, (dumps(request(1, INFO)) + "\n").encode())
    assert done.returncode == 0
    assert done.stderr == b""


# -- pipes -------------------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipe buffer sizes are Linux's")
def test_the_pipes_get_a_mebibyte_buffer_for_a_pipelining_host(raw):
    raw.send_json(request(1, INFO))
    assert raw.read_json()["result"]["name"] == "checkoutd"   # serving: the pipes are set up
    grantable = min(1 << 20, int(Path("/proc/sys/fs/pipe-max-size").read_text()))
    for pipe in (raw.process.stdin, raw.process.stdout):
        assert fcntl.fcntl(pipe.fileno(), fcntl.F_GETPIPE_SZ) == grantable


# -- one answer however the envelope is spelled --------------------------------

SPELLED_REQUESTS = [
    ("card.validate", {"pan": "4111 1111 1111 1111", "expiryDate": "12/30", "cvc": "123"}),
    ("card.validate", {"pan": "4111 1111", "expiryDate": "13/20", "cvc": 12}),
    ("card.validate", {"pan": "4111", "surprise": True, "pan ": "x"}),
    ("card.validate", {"pan": "4111", "clientSessionId": "cs_missing"}),
    ("card.format", {"pan": "378282246310005"}),
    ("iin.details", {"pan": "41111111"}),
    ("mask.apply", {"value": "1234567890", "mask": "{{99}} {{99}} {{99}} {{99}} {{99}}"}),
    ("service.info", {}),
    ("no.such.method", {}),
]


@pytest.mark.parametrize("raw_id", ['7', '-3', '0', '2.5', '"abc"', '""', '"caf\u00e9"', '"a\\"b"'],
                         ids=lambda raw_id: raw_id)
@pytest.mark.parametrize("method,params", SPELLED_REQUESTS, ids=lambda value: dumps(value))
def test_a_request_gets_the_same_answer_however_its_envelope_is_spelled(raw, raw_id, method, params):
    # checkoutd answers the compact form members in the usual order without
    # parsing the envelope (README, Performance); the answer must not tell.
    compact = '{"jsonrpc":"2.0","id":%s,"method":%s,"params":%s}' % (raw_id, dumps(method), dumps(params))
    spaced = '{ "params": %s, "method": %s, "jsonrpc": "2.0", "id": %s }' % (
        json.dumps(params), json.dumps(method), raw_id)
    raw.send(compact + "\n" + spaced + "\n")
    assert raw.read_line() == raw.read_line()
