"""The Python client: correlation, pipelining, typed errors, timeouts, process
lifecycle. Against the real binary, except where a misbehaving peer is needed
(a tiny stub script that never answers or dies mid-call)."""

from __future__ import annotations

import os
import stat
import sys
import threading
import time

import pytest

import checkoutd
from checkoutd import (REASON_CLASSES, BinaryNotFound, CallTimeout, Checkoutd, CheckoutdError,
                       InvalidParams, InvalidRequest, MethodNotFound, ProcessExited,
                       TransportError, ValidationFailed, find_binary)

from _support import CLOCK, REASON_CODES


def write_stub(tmp_path, body: str) -> str:
    """An executable that plays a broken checkoutd."""
    path = tmp_path / "stub-checkoutd"
    path.write_text(f"#!{sys.executable}\nimport sys, json, time, os\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


# -- calls and typed errors ------------------------------------------------------

def test_call_returns_the_result(client):
    assert client.call("mask.apply", {"value": "12", "mask": "{{99}}-{{99}}", "cursor": 2}) == {
        "value": "12-", "cursor": 3}
    assert client.mask_remove("12-34", "{{99}}-{{99}}") == {"value": "1234"}


def test_unicode_round_trips(client):
    value = "\u00e9\u6f22\U0001f642\u2028x"
    assert client.mask_apply(value, "{{*****}}") == {"value": value, "cursor": 5}


def test_method_not_found_is_a_typed_error(client):
    with pytest.raises(MethodNotFound) as raised:
        client.call("no.such")
    error = raised.value
    assert isinstance(error, CheckoutdError)
    assert error.code == -32601 and error.reason == "METHOD_NOT_FOUND"
    assert error.method == "no.such" and error.data["method"] == "no.such"
    assert client.service_info()["name"] == "checkoutd"


def test_invalid_params_carries_every_problem(client):
    with pytest.raises(InvalidParams) as raised:
        client.call("mask.apply", {"value": 1, "nope": 2})
    error = raised.value
    assert error.code == -32602 and error.reason == "INVALID_PARAMS"
    paths = {problem["path"] for problem in error.errors}
    assert {"/value", "/mask", "/nope"} == paths


def test_params_as_a_list_are_rejected_by_the_service(client):
    with pytest.raises(InvalidParams):
        client.call("mask.apply", ["12", "{{99}}"])


def test_reason_table_has_a_class_for_every_reason_of_the_api():
    assert set(REASON_CODES) <= set(REASON_CLASSES)
    for reason, klass in REASON_CLASSES.items():
        assert issubclass(klass, CheckoutdError) and klass.REASON == reason
        error = CheckoutdError.from_error({"code": REASON_CODES[reason], "message": "m",
                                           "data": {"reason": reason, "errors": []}})
        assert type(error) is klass and error.reason == reason and error.code == REASON_CODES[reason]


def test_reason_table_covers_the_schema_reasons(schemas):
    enum = schemas.definitions["definitions"]["ErrorReason"]["enum"]
    assert set(enum) <= set(REASON_CLASSES)


def test_named_exception_classes_exist():
    for name in ["InvalidParams", "MethodNotFound", "ParseError", "InvalidRequest", "RequestCancelled",
                 "InternalError", "SessionNotFound", "SessionExpired", "UnknownProduct",
                 "ProductNotAvailable", "UnknownAccountOnFile", "ValidationFailed", "TokenNotFound",
                 "ThreeDSDisabled", "ChallengeNotFound", "UnknownCurrency", "EncryptionFailed", "StoreUnavailable", "CurrencyChangeNotAllowed", "UnknownProductGroup",
                 "SessionCompleted", "AccessSessionNotFound", "PaymentNotFound", "DecryptionFailed", "ReplayedRequest", "PaymentNotCompletable",
                 "ProcessExited", "ConnectionClosed"]:
        assert hasattr(checkoutd, name), name
    assert not issubclass(ProcessExited, CheckoutdError)


def test_unknown_reasons_and_malformed_errors_become_the_base_class():
    error = CheckoutdError.from_error({"code": 4242, "message": "new", "data": {"reason": "SOMETHING_NEW"}})
    assert type(error) is CheckoutdError and error.reason == "SOMETHING_NEW" and error.code == 4242
    error = CheckoutdError.from_error({"code": -32000, "message": "no data"})
    assert type(error) is CheckoutdError and error.reason is None and error.data == {}
    error = CheckoutdError.from_error("nonsense")
    assert type(error) is CheckoutdError


def test_validation_failed_exposes_its_errors():
    error = CheckoutdError.from_error({"code": 1201, "message": "Validation failed", "data": {
        "reason": "VALIDATION_FAILED",
        "errors": [{"fieldId": "cardNumber", "errorMessageId": "luhn", "message": "x"}]}})
    assert isinstance(error, ValidationFailed)
    assert error.errors[0]["errorMessageId"] == "luhn"
    assert isinstance(CheckoutdError.from_error({"code": -32600, "message": "m", "data": {
        "reason": "LINE_TOO_LONG", "maxLineBytes": 64}}), InvalidRequest)


# -- pipelining ------------------------------------------------------------------

def test_calls_from_many_threads_are_pipelined_and_correlated(client):
    failures = []

    def worker(worker_id: int) -> None:
        try:
            for i in range(100):
                digits = f"{worker_id:02d}{i:02d}"
                result = client.mask_apply(digits, "{{99}}-{{99}}")
                if result != {"value": digits[:2] + "-" + digits[2:], "cursor": 5}:
                    failures.append((digits, result))
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failures == []


def test_notify_is_not_answered_and_the_client_keeps_working(client):
    client.notify("service.info")
    client.notify("no.such", {"x": 1})
    client.notify("$/cancelRequest", {"id": 12345})
    assert client.service_info()["now"] == CLOCK
    time.sleep(0.1)
    assert list(client.unmatched) == []


# -- lifecycle ---------------------------------------------------------------------

def test_context_manager_closes_with_exit_code_0(binary):
    with Checkoutd(binary, ["--clock", CLOCK]) as service:
        assert service.service_info()["startedAt"] == CLOCK
    assert service.returncode == 0
    assert service.close() == 0   # idempotent
    with pytest.raises(ProcessExited):
        service.service_info()


def test_close_then_call_raises_connection_closed(client):
    assert client.close() == 0
    with pytest.raises(checkoutd.ConnectionClosed):
        client.call("service.info")
    with pytest.raises(TransportError):
        client.notify("service.info")


def test_shutdown_answers_empty_object_and_the_process_exits_0(client):
    assert client.shutdown() == {}
    assert client.wait(5) == 0
    with pytest.raises(ProcessExited) as raised:
        client.service_info()
    assert raised.value.returncode == 0


def test_a_killed_process_fails_later_calls_clearly(client):
    client.process.kill()
    client.process.wait(5)
    with pytest.raises(ProcessExited):
        client.service_info(timeout=5)


def test_a_process_dying_mid_call_fails_the_pending_call(tmp_path):
    stub = write_stub(tmp_path, "sys.stdin.readline()\nsys.stderr.write('stub: fatal problem\\n')\n"
                                "sys.stderr.flush()\nos._exit(3)")
    service = Checkoutd(stub, timeout=10)
    try:
        started = time.monotonic()
        with pytest.raises(ProcessExited) as raised:
            service.service_info()
        assert time.monotonic() - started < 5
        assert raised.value.returncode == 3
        assert "fatal problem" in str(raised.value)
    finally:
        service.close()


def test_every_pending_call_fails_when_the_process_dies(tmp_path):
    stub = write_stub(tmp_path, "for _ in range(5): sys.stdin.readline()\nos._exit(1)")
    service = Checkoutd(stub)
    errors = []

    def call():
        try:
            service.call("service.info", timeout=10)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=call) for _ in range(5)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        assert len(errors) == 5 and all(isinstance(e, ProcessExited) for e in errors)
    finally:
        service.close()


def test_a_timeout_raises_and_cancels_the_request(tmp_path):
    log = tmp_path / "received.jsonl"
    stub = write_stub(tmp_path, f"log = open({str(log)!r}, 'a')\n"
                                "for line in sys.stdin:\n    log.write(line); log.flush()")
    service = Checkoutd(stub)
    try:
        with pytest.raises(CallTimeout) as raised:
            service.call("service.info", timeout=0.2)
        assert isinstance(raised.value, TimeoutError)
        request_id = raised.value.request_id
        deadline = time.monotonic() + 5
        import json
        while time.monotonic() < deadline:
            lines = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
            if len(lines) >= 2:
                break
            time.sleep(0.02)
        assert lines[0] == {"jsonrpc": "2.0", "id": request_id, "method": "service.info"}
        assert lines[1] == {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": request_id}}
    finally:
        assert service.close(timeout=2) == 0


def test_close_terminates_a_process_that_ignores_end_of_input(tmp_path):
    stub = write_stub(tmp_path, "sys.stdin.close()\nwhile True: time.sleep(1)")
    service = Checkoutd(stub)
    started = time.monotonic()
    code = service.close(timeout=0.3)
    assert code is not None and code != 0
    assert time.monotonic() - started < 3


def test_close_kills_a_process_that_ignores_sigterm(tmp_path):
    stub = write_stub(tmp_path, "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                                "print('ready', file=sys.stderr, flush=True)\n"
                                "sys.stdin.close()\nwhile True: time.sleep(1)")
    service = Checkoutd(stub)
    assert service.wait_for_stderr("ready", timeout=5)
    code = service.close(timeout=0.3)
    assert code == -9


def test_garbage_on_stdout_is_recorded_not_fatal(tmp_path):
    stub = write_stub(tmp_path, "line = json.loads(sys.stdin.readline())\n"
                                "print('this is not json', flush=True)\n"
                                "print(json.dumps({'jsonrpc': '2.0', 'id': line['id'], 'result': {'ok': 1}}), flush=True)\n"
                                "sys.stdin.read()")
    service = Checkoutd(stub)
    try:
        assert service.call("x", timeout=5) == {"ok": 1}
        assert len(service.protocol_errors) == 1
    finally:
        service.close()


# -- stderr ------------------------------------------------------------------------

def test_stderr_is_drained_into_a_buffer(make_client):
    service = make_client("--log-level", "debug")
    service.service_info()
    service.close()   # joins the stderr thread
    assert service.stderr.strip()
    assert all(line for line in service.stderr_lines())


def test_stderr_buffer_is_bounded(make_client):
    service = make_client("--log-level", "debug", stderr_limit=2000)
    for i in range(300):
        service.mask_apply(str(i), "{{999}}")
    service.close()
    longest = max(len(line) for line in service.stderr_lines())
    assert len(service.stderr) <= 2000 + longest + 1
    assert service._stderr.dropped > 0


# -- locating the binary ---------------------------------------------------------

def test_binary_from_the_environment(monkeypatch, binary):
    monkeypatch.setenv("CHECKOUTD_BIN", binary)
    with Checkoutd(args=["--clock", CLOCK]) as service:
        assert service.binary == binary
        assert service.service_info()["now"] == CLOCK


def test_missing_binary_is_a_clear_error(monkeypatch, tmp_path):
    with pytest.raises(BinaryNotFound):
        Checkoutd(str(tmp_path / "nope"))
    monkeypatch.setenv("CHECKOUTD_BIN", str(tmp_path / "nope"))
    with pytest.raises(FileNotFoundError):
        find_binary()


def test_binary_on_path_then_in_the_checkout(monkeypatch, tmp_path):
    monkeypatch.delenv("CHECKOUTD_BIN", raising=False)
    on_path = tmp_path / "checkoutd"
    on_path.write_text("#!/bin/sh\n")
    on_path.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_binary() == str(on_path)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    found = find_binary()
    assert found.endswith(os.path.join(".build", "release", "checkoutd")) or found.endswith(
        os.path.join(".build", "debug", "checkoutd"))


# -- typed wrappers ------------------------------------------------------------------

def wrapper_name(method: str) -> str:
    """The wrapper of a method, from the table scripts/generate makes from Schemas/
    (snake_case; ``rpc.discover`` is ``discover()``, ``service.shutdown`` ``shutdown()``)."""
    from checkoutd import params
    return params.WRAPPER_NAMES.get(method, f"<no wrapper for {method}>")


def test_every_method_with_a_schema_has_a_typed_wrapper(schemas):
    missing = [f"{method} -> Checkoutd.{wrapper_name(method)}()" for method in schemas.methods
               if not callable(getattr(Checkoutd, wrapper_name(method), None))]
    assert missing == [], "DESIGN.md: every RPC method has a wrapper in each client"


def test_card_format_wrapper(client):
    result = client.card_format("4111111111111111")
    assert result["formatted"] == "4111 1111 1111 1111"
    assert result["cardBrand"]["code"] == "visa"
    amex = client.card_format("378282246310005", cursor=4)
    assert amex["formatted"] == "3782 822463 10005" and amex["cardBrand"]["code"] == "amex"


def test_card_validate_wrapper(client):
    result = client.card_validate(pan="4111 1111 1111 1111", expiry_date="12/30", cvc="123")
    assert result["cardBrand"]["code"] == "visa"
    assert result["pan"] == {"state": "valid", "errors": []}
    assert result["validationSuccess"] is True
    partial = client.card_validate(pan="4111")
    assert partial["pan"]["state"] == "incomplete" and partial["validationSuccess"] is False
    assert "expiryDate" not in partial and "cvc" not in partial
