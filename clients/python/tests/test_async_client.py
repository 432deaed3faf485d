"""The asyncio client: real calls, pipelining, long lines, typed errors,
timeouts and cancellation, process exit, closing. Against the real binary
(every response validated against Schemas/ by the make_async_client hook),
except where a misbehaving peer is needed (a stub script). Each test runs its
own event loop with asyncio.run (no plugin needed)."""

from __future__ import annotations

import asyncio
import inspect
import json
import stat
import sys
import time

import pytest

from checkoutd import (AsyncCheckoutd, CallTimeout, Checkoutd, CheckoutdError, ConnectionClosed,
                       InvalidParams, MethodNotFound, ProcessExited, SessionNotFound, TransportError,
                       UnknownCurrency, ValidationFailed)
from checkoutd import params as P
from checkoutd.aio import DEFAULT_LINE_LIMIT

from _support import CLOCK, SCHEMAS_DIR

NL_EUR = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"}
LONG = 2_000_000   # characters in the long value: a request line of about 4 MB


def run(coroutine, timeout: float = 60):
    """Runs one test body in a fresh event loop, bounded in time."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def write_stub(tmp_path, body: str) -> str:
    """An executable that plays a broken checkoutd."""
    path = tmp_path / "stub-checkoutd"
    path.write_text(f"#!{sys.executable}\nimport sys, json, time, os\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def logging_stub(tmp_path):
    """A stub that never answers and logs every line it receives."""
    log = tmp_path / "received.jsonl"
    stub = write_stub(tmp_path, f"log = open({str(log)!r}, 'a')\n"
                                "for line in sys.stdin:\n    log.write(line); log.flush()")
    return stub, log


async def logged_messages(log, count: int, within: float = 5.0):
    deadline = time.monotonic() + within
    lines = []
    while time.monotonic() < deadline:
        lines = log.read_text().splitlines() if log.exists() else []
        if len(lines) >= count:
            break
        await asyncio.sleep(0.02)
    return [json.loads(line) for line in lines]


def long_mask_apply_params():
    return P.params_for_mask_apply("x" * LONG, "{{" + "*" * LONG + "}}")


# -- real calls ------------------------------------------------------------------

def test_real_calls_through_the_typed_wrappers(make_async_client):
    async def main():
        async with make_async_client() as service:
            info = await service.service_info()
            assert info["name"] == "checkoutd" and info["now"] == CLOCK
            assert await service.mask_apply("12", "{{99}}-{{99}}", cursor=2) == {"value": "12-", "cursor": 3}
            assert await service.mask_remove("12-34", "{{99}}-{{99}}") == {"value": "1234"}
            card = await service.card_format("378282246310005")
            assert card["formatted"] == "3782 822463 10005" and card["cardBrand"]["code"] == "amex"
            state = await service.card_validate(pan="4111 1111 1111 1111", expiry_date="12/30", cvc="123")
            assert state["validationSuccess"] is True
            session = await service.session_init(NL_EUR, client_session_id="cs_async", customer_id="cus_async")
            assert session["clientSessionId"] == "cs_async"
            products = await service.products_list("cs_async")
            assert 809 in [product["id"] for product in products["paymentProducts"]]
            result = await service.payment_request_validate("cs_async", 809, {"issuerId": "INGBNL2A"})
            assert result == {"valid": True, "errors": []}
            encrypted = await service.payment_request_encrypt(
                "cs_async", 1, {"cardNumber": "4242 4242 4242 4242", "expiryDate": "12/28", "cvv": "123"})
            assert encrypted["encryptedCustomerInput"].count(".") == 4
            assert (await service.session_close("cs_async")) == {"closed": True}
            document = await service.discover()
            assert document == json.loads((SCHEMAS_DIR / "openrpc.json").read_text(encoding="utf-8"))
        assert service.returncode == 0
    run(main())


def test_every_method_with_a_schema_has_an_async_wrapper(schemas):
    from test_client import wrapper_name
    missing = [f"{method} -> AsyncCheckoutd.{wrapper_name(method)}()" for method in schemas.methods
               if not inspect.iscoroutinefunction(getattr(AsyncCheckoutd, wrapper_name(method), None))]
    assert missing == [], "DESIGN.md: every RPC method has a wrapper in each client"


def test_every_method_of_rpc_discover_has_a_wrapper_in_both_clients(make_async_client):
    from test_client import wrapper_name

    async def main():
        async with make_async_client() as service:
            return [method["name"] for method in (await service.discover())["methods"]]
    methods = run(main())
    assert sorted(methods) == list(P.METHODS)
    for method in methods:
        name = wrapper_name(method)
        assert P.WRAPPER_NAMES.get(method) == name, method
        assert callable(getattr(Checkoutd, name, None)), f"Checkoutd.{name}"
        assert inspect.iscoroutinefunction(getattr(AsyncCheckoutd, name, None)), f"AsyncCheckoutd.{name}"


# -- pipelining ------------------------------------------------------------------

def test_500_concurrent_calls_are_pipelined_and_correlated(make_async_client):
    async def main():
        async with make_async_client() as service:
            calls = []
            for n in range(500):
                digits = f"{n:04d}"
                if n % 5 == 0:
                    calls.append(service.card_format("4111" + digits, cursor=2))
                elif n % 5 == 1:
                    calls.append(service.currency_convert({"amount": n, "currencyCode": "EUR"}, "EUR"))
                elif n % 5 == 2:
                    calls.append(service.mask_remove(f"{digits[:2]}-{digits[2:]}", "{{99}}-{{99}}"))
                else:
                    calls.append(service.mask_apply(digits, "{{99}}-{{99}}"))
            tasks = [asyncio.ensure_future(call) for call in calls]
            await asyncio.sleep(0)   # every task has written its request and waits
            in_flight = len(service._pending)
            results = await asyncio.gather(*tasks)
            return in_flight, results

    in_flight, results = run(main())
    assert in_flight > 400, "requests should all be on the wire before the first answer"
    for n, result in enumerate(results):
        digits = f"{n:04d}"
        if n % 5 == 0:
            assert result["formatted"] == "4111 " + digits and result["cursor"] == 2
        elif n % 5 == 1:
            assert result["amountOfMoney"] == {"amount": n, "currencyCode": "EUR"}
        elif n % 5 == 2:
            assert result == {"value": digits}
        else:
            assert result == {"value": f"{digits[:2]}-{digits[2:]}", "cursor": 5}


def test_notifications_are_not_answered(make_async_client):
    async def main():
        async with make_async_client() as service:
            await service.notify("service.info")
            await service.notify("no.such", {"x": 1})
            await service.notify("$/cancelRequest", {"id": 12345})
            assert (await service.service_info())["now"] == CLOCK
            await asyncio.sleep(0.1)
            assert list(service.unmatched) == []
    run(main())


# -- long lines -------------------------------------------------------------------

def test_a_very_long_line_each_way(make_async_client):
    assert DEFAULT_LINE_LIMIT >= 64 * 1024 * 1024

    async def main():
        async with make_async_client("--max-line-bytes", "4194304", timeout=30) as service:
            value = "x" * LONG
            result = await service.call("mask.apply", long_mask_apply_params())
            assert result == {"value": value, "cursor": LONG}
            assert (await service.mask_apply("12", "{{99}}-{{99}}"))["value"] == "12-"
        assert service.protocol_errors == []
    run(main())


def test_a_line_over_line_limit_is_dropped_and_recorded_and_service_goes_on(make_async_client):
    async def main():
        async with make_async_client("--max-line-bytes", "4194304", line_limit=64 * 1024) as service:
            with pytest.raises(CallTimeout):
                await service.call("mask.apply", long_mask_apply_params(), timeout=5)
            assert (await service.mask_apply("12", "{{99}}-{{99}}"))["value"] == "12-"
            assert len(service.protocol_errors) == 1
            assert "longer than line_limit" in str(service.protocol_errors[0])
            service.protocol_errors.clear()   # expected here; conftest fails a test on any
    run(main())


# -- typed errors ----------------------------------------------------------------------

def test_errors_raise_the_class_of_their_reason(make_async_client):
    async def main():
        async with make_async_client() as service:
            with pytest.raises(MethodNotFound) as raised:
                await service.call("no.such")
            assert raised.value.method == "no.such" and raised.value.code == -32601
            with pytest.raises(InvalidParams) as raised:
                await service.call("mask.apply", {"value": 1, "nope": 2})
            assert {problem["path"] for problem in raised.value.errors} == {"/value", "/mask", "/nope"}
            with pytest.raises(SessionNotFound):
                await service.products_list("cs_missing")
            with pytest.raises(UnknownCurrency) as raised:
                await service.currency_convert({"amount": 1, "currencyCode": "USD"}, "XAU")
            assert raised.value.code == 1501
            await service.session_init(NL_EUR, client_session_id="cs_errors")
            with pytest.raises(ValidationFailed) as raised:
                await service.payment_request_encrypt(
                    "cs_errors", 1, {"cardNumber": "4242 4242 4242 4241", "expiryDate": "12/28", "cvv": "123"})
            assert isinstance(raised.value, CheckoutdError) and raised.value.reason == "VALIDATION_FAILED"
            assert "luhn" in [error["errorMessageId"] for error in raised.value.errors]
            assert (await service.service_info())["name"] == "checkoutd"
    run(main())


# -- timeouts and cancellation --------------------------------------------------------

def test_a_timeout_raises_call_timeout_and_the_service_goes_on(make_async_client):
    async def main():
        async with make_async_client("--max-line-bytes", "4194304") as service:
            with pytest.raises(CallTimeout) as raised:
                await service.call("mask.apply", long_mask_apply_params(), timeout=0.01)
            error = raised.value
            assert isinstance(error, TimeoutError) and isinstance(error, TransportError)
            assert error.method == "mask.apply" and error.timeout == 0.01
            assert (await service.service_info())["now"] == CLOCK
            assert (await service.mask_apply("12", "{{99}}-{{99}}"))["value"] == "12-"
        # The late answer (result or REQUEST_CANCELLED) reached the hook with its
        # method, so it was validated, and is not an unmatched response.
        assert list(service.unmatched) == []
        assert service.returncode == 0
    run(main())


def test_a_timeout_sends_cancel_request_for_that_id(tmp_path):
    stub, log = logging_stub(tmp_path)

    async def main():
        service = await AsyncCheckoutd(stub).start()
        try:
            with pytest.raises(CallTimeout) as raised:
                await service.call("service.info", timeout=0.2)
            request_id = raised.value.request_id
            lines = await logged_messages(log, 2)
            assert lines[0] == {"jsonrpc": "2.0", "id": request_id, "method": "service.info"}
            assert lines[1] == {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": request_id}}
        finally:
            assert await service.aclose(timeout=2) == 0
    run(main())


def test_cancelling_the_awaiting_task_cancels_the_request(tmp_path):
    stub, log = logging_stub(tmp_path)

    async def main():
        async with AsyncCheckoutd(stub) as service:
            task = asyncio.ensure_future(service.call("service.info"))
            await logged_messages(log, 1)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            lines = await logged_messages(log, 2)
            assert lines[1] == {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": lines[0]["id"]}}
            assert service._pending == {}
    run(main())


def test_the_default_timeout_applies_to_every_call(tmp_path):
    stub, _ = logging_stub(tmp_path)

    async def main():
        async with AsyncCheckoutd(stub, timeout=0.1) as service:
            started = time.monotonic()
            with pytest.raises(CallTimeout):
                await service.service_info()
            assert time.monotonic() - started < 2
    run(main())


# -- process exit ----------------------------------------------------------------------

def test_a_process_exit_rejects_every_pending_call(tmp_path):
    stub = write_stub(tmp_path, "for _ in range(5): sys.stdin.readline()\n"
                                "sys.stderr.write('stub: fatal problem\\n'); sys.stderr.flush()\nos._exit(3)")

    async def main():
        async with AsyncCheckoutd(stub, timeout=10) as service:
            started = time.monotonic()
            outcomes = await asyncio.gather(*(service.service_info() for _ in range(5)),
                                            return_exceptions=True)
            assert time.monotonic() - started < 5
            assert all(isinstance(outcome, ProcessExited) for outcome in outcomes), outcomes
            assert outcomes[0].returncode == 3 and "fatal problem" in str(outcomes[0])
            with pytest.raises(ProcessExited):
                await service.service_info()
            with pytest.raises(TransportError):
                await service.notify("service.info")
            assert not service.alive
        assert service.returncode == 3
    run(main())


def test_a_killed_service_fails_the_call_in_flight(make_async_client):
    async def main():
        async with make_async_client("--max-line-bytes", "4194304") as service:
            task = asyncio.ensure_future(service.call("mask.apply", long_mask_apply_params()))
            await asyncio.sleep(0.05)
            service.process.kill()
            with pytest.raises(ProcessExited):
                await task
            with pytest.raises(ProcessExited):
                await service.service_info()
        assert service.returncode == -9
    run(main())


def test_shutdown_answers_and_the_process_exits_0(make_async_client):
    async def main():
        async with make_async_client() as service:
            assert await service.shutdown() == {}
            assert await service.wait(5) == 0
            with pytest.raises(ProcessExited) as raised:
                await service.service_info()
            assert raised.value.returncode == 0
    run(main())


# -- closing ----------------------------------------------------------------------------

def test_aclose_is_idempotent(make_async_client):
    async def main():
        service = make_async_client()
        assert await service.aclose() is None        # never started
        with pytest.raises(RuntimeError):
            await service.start()
        service = await make_async_client().start()
        assert (await service.service_info())["name"] == "checkoutd"
        assert await service.aclose() == 0
        assert await service.aclose() == 0
        with pytest.raises(ConnectionClosed):
            await service.call("service.info")
        with pytest.raises(TransportError):
            await service.notify("service.info")
        async with make_async_client() as again:
            await again.aclose()
        assert again.returncode == 0
    run(main())


def test_calls_in_flight_when_closing_are_answered_first(make_async_client):
    async def main():
        service = await make_async_client().start()
        tasks = [asyncio.ensure_future(service.mask_apply(f"{n:04d}", "{{99}}-{{99}}")) for n in range(50)]
        await asyncio.sleep(0)
        assert await service.aclose() == 0
        results = await asyncio.gather(*tasks)
        assert [result["value"] for result in results] == [f"00-{n:02d}" for n in range(50)]
    run(main())


def test_aclose_terminates_a_process_that_ignores_end_of_input(tmp_path):
    stub = write_stub(tmp_path, "sys.stdin.close()\nwhile True: time.sleep(1)")

    async def main():
        service = await AsyncCheckoutd(stub).start()
        started = time.monotonic()
        code = await service.aclose(timeout=0.3)
        assert code is not None and code != 0
        assert time.monotonic() - started < 3
    run(main())


def test_aclose_kills_a_process_that_ignores_sigterm(tmp_path):
    stub = write_stub(tmp_path, "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                                "print('ready', file=sys.stderr, flush=True)\n"
                                "sys.stdin.close()\nwhile True: time.sleep(1)")

    async def main():
        service = await AsyncCheckoutd(stub).start()
        assert await service.wait_for_stderr("ready", timeout=5)
        assert await service.aclose(timeout=0.3) == -9
    run(main())


def test_garbage_on_stdout_is_recorded_not_fatal(tmp_path):
    stub = write_stub(tmp_path, "line = json.loads(sys.stdin.readline())\n"
                                "print('this is not json', flush=True)\n"
                                "print(json.dumps({'jsonrpc': '2.0', 'id': line['id'], 'result': {'ok': 1}}), flush=True)\n"
                                "sys.stdin.read()")

    async def main():
        async with AsyncCheckoutd(stub) as service:
            assert await service.call("x", timeout=5) == {"ok": 1}
            assert len(service.protocol_errors) == 1
    run(main())


def test_using_it_before_start_is_a_clear_error(binary):
    async def main():
        service = AsyncCheckoutd(binary)
        with pytest.raises(RuntimeError, match="not started"):
            await service.service_info()
    run(main())


# -- stderr ----------------------------------------------------------------------------------

def test_stderr_is_drained_into_a_bounded_buffer(make_async_client):
    async def main():
        async with make_async_client("--log-level", "debug", stderr_limit=2000) as service:
            for n in range(300):
                await service.mask_apply(str(n), "{{999}}")
        return service
    service = run(main())
    assert service.stderr.strip()
    assert all(line for line in service.stderr_lines())
    longest = max(len(line) for line in service.stderr_lines())
    assert len(service.stderr) <= 2000 + longest + 1
    assert service._stderr.dropped > 0
