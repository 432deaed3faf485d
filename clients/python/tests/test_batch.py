"""call_batch (API.md 9.8) in both Python clients: up to 1000 calls in one
JSON-RPC batch line, outcomes in order, each error as its typed exception
object in its place. Against the real binary (every response validated against
Schemas/ with the method of its call), except where a peer must misbehave or
record what it receives (a stub)."""

from __future__ import annotations

import asyncio
import json
import stat
import sys
import threading
import time

import pytest

from checkoutd import (BatchTooLarge, CallTimeout, CheckoutdError, InvalidParams, LineTooLong,
                       MethodNotFound, ProcessExited, SessionNotFound, ValidationFailed)
from checkoutd import params as P

NL_EUR = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"}
MASK = "{{99}}-{{99}}"


def write_stub(tmp_path, body: str) -> str:
    path = tmp_path / "stub-checkoutd"
    path.write_text(f"#!{sys.executable}\nimport sys, json, time, os\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def logging_stub(tmp_path):
    """A peer that never answers and writes down every line it receives."""
    log = tmp_path / "received.jsonl"
    stub = write_stub(tmp_path, f"log = open({str(log)!r}, 'a')\n"
                                "for line in sys.stdin:\n    log.write(line); log.flush()")
    return stub, log


def received(log, count: int, within: float = 5.0):
    deadline = time.monotonic() + within
    lines = []
    while time.monotonic() < deadline:
        lines = log.read_text().splitlines() if log.exists() else []
        if len(lines) >= count:
            break
        time.sleep(0.02)
    return [json.loads(line) for line in lines]


def mask_calls(count: int):
    return [("mask.apply", P.params_for_mask_apply(f"{n % 10000:04d}", MASK)) for n in range(count)]


def masked(n: int) -> dict:
    digits = f"{n % 10000:04d}"
    return {"value": f"{digits[:2]}-{digits[2:]}", "cursor": 5}


def run(coroutine, timeout: float = 60):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


# -- the sync client ---------------------------------------------------------------------

def test_outcomes_come_in_the_order_of_the_calls(make_client):
    service = make_client()
    outcomes = service.call_batch([("mask.apply", P.params_for_mask_apply("1234", MASK)),
                                   ("card.format", {"pan": "378282246310005"}),
                                   ("currency.convert", {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"},
                                                         "targetCurrencyCode": "JPY"}),
                                   {"method": "mask.remove", "params": {"value": "12-34", "mask": MASK}},
                                   ("service.info", None)])
    assert outcomes[0] == {"value": "12-34", "cursor": 5}
    assert outcomes[1]["formatted"] == "3782 822463 10005"
    assert outcomes[2]["amountOfMoney"] == {"amount": 1953, "currencyCode": "JPY"}
    assert outcomes[3] == {"value": "1234"}
    assert outcomes[4]["name"] == "checkoutd"


def test_errors_are_typed_objects_in_their_place_and_raise_nothing(make_client):
    service = make_client()
    service.session_init(NL_EUR, client_session_id="cs_batch")
    values = {"cardNumber": "4242 4242 4242 4241", "expiryDate": "12/28", "cvv": "123"}
    outcomes = service.call_batch([
        ("mask.apply", P.params_for_mask_apply("12", MASK)),
        ("no.such", {}),
        ("mask.apply", {"value": 1, "nope": 2}),
        ("products.list", {"clientSessionId": "cs_missing"}),
        ("paymentRequest.encrypt", {"clientSessionId": "cs_batch", "paymentProductId": 1, "values": values}),
        ("session.get", {"clientSessionId": "cs_batch"}),
    ])
    assert outcomes[0] == {"value": "12-", "cursor": 3}
    assert isinstance(outcomes[1], MethodNotFound) and outcomes[1].method == "no.such"
    assert isinstance(outcomes[2], InvalidParams)
    assert {problem["path"] for problem in outcomes[2].errors} == {"/value", "/mask", "/nope"}
    assert isinstance(outcomes[3], SessionNotFound) and outcomes[3].code == 1001
    assert isinstance(outcomes[4], ValidationFailed)
    assert "luhn" in [problem["errorMessageId"] for problem in outcomes[4].errors]
    assert outcomes[5]["clientSessionId"] == "cs_batch"
    assert all(isinstance(outcome, CheckoutdError) for outcome in outcomes[1:5])


def test_a_batch_of_1000_calls_gets_every_outcome_in_place(make_client):
    service = make_client()
    outcomes = service.call_batch(mask_calls(1000))
    assert outcomes == [masked(n) for n in range(1000)]
    assert list(service.unmatched) == []


def test_a_batch_is_one_line_on_the_wire_with_notifications_in_it(tmp_path):
    from checkoutd import Checkoutd
    stub, log = logging_stub(tmp_path)
    service = Checkoutd(stub)
    try:
        with pytest.raises(CallTimeout):
            service.call_batch([("a.b", {"x": 1}), {"method": "c.d", "notification": True}, ("e.f", None)],
                               timeout=0.2)
        lines = received(log, 2)
        assert lines[0] == [{"jsonrpc": "2.0", "id": 1, "method": "a.b", "params": {"x": 1}},
                            {"jsonrpc": "2.0", "method": "c.d"},
                            {"jsonrpc": "2.0", "id": 2, "method": "e.f"}]
        # The calls it stopped waiting for are cancelled together, in one line.
        assert lines[1] == [{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1}},
                            {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 2}}]
    finally:
        service.close(timeout=2)


def test_notifications_in_a_batch_get_none_and_no_answer(make_client):
    service = make_client()
    outcomes = service.call_batch([("mask.apply", P.params_for_mask_apply("12", MASK)),
                                   {"method": "service.info", "notification": True},
                                   {"method": "no.such", "params": {"x": 1}, "notification": True},
                                   ("mask.remove", {"value": "12-34", "mask": MASK})])
    assert outcomes == [{"value": "12-", "cursor": 3}, None, None, {"value": "1234"}]
    # Notifications only: nothing comes back, and the service goes on.
    assert service.call_batch([{"method": "service.info", "notification": True}] * 3) == [None, None, None]
    assert service.mask_apply("34", MASK)["value"] == "34-"
    time.sleep(0.1)
    assert service.mask_apply("56", MASK)["value"] == "56-"
    assert list(service.unmatched) == []


def test_over_1000_calls_are_refused_before_anything_is_sent(tmp_path):
    from checkoutd import Checkoutd
    stub, log = logging_stub(tmp_path)
    service = Checkoutd(stub)
    try:
        with pytest.raises(ValueError, match="at most 1000 calls.*1001"):
            service.call_batch(mask_calls(1001))
        assert service.call_batch([]) == []
        service.notify("marker")
        assert received(log, 1) == [{"jsonrpc": "2.0", "method": "marker"}]
    finally:
        service.close(timeout=2)


def test_malformed_calls_are_refused_before_anything_is_sent(make_client):
    service = make_client()
    for calls in ([("mask.apply", {}, "extra")], [42], [(1, {})], [("mask.apply", [1, 2])],
                  [{"method": "mask.apply", "param": {}}]):
        with pytest.raises(TypeError):
            service.call_batch(calls)
    assert service.mask_apply("12", MASK)["value"] == "12-"


def test_a_batch_line_over_the_line_limit_raises_line_too_long_and_the_service_goes_on(make_client):
    service = make_client("--max-line-bytes", "4096")
    with pytest.raises(LineTooLong) as raised:
        service.call_batch(mask_calls(100))   # about 6 KB in one line
    assert raised.value.data["maxLineBytes"] == 4096
    # A single call over the limit gets its LineTooLong too (the answer has id null).
    with pytest.raises(LineTooLong):
        service.mask_apply("x" * 5000, "{{*}}")
    assert service.call_batch(mask_calls(10)) == [masked(n) for n in range(10)]
    assert list(service.unmatched) == []


def test_a_batch_too_large_for_the_service_raises_batch_too_large(tmp_path):
    """A service with a lower batch limit than the client's answers the whole
    line with one BATCH_TOO_LARGE (id null); a stub plays one that takes 2."""
    from checkoutd import Checkoutd
    stub = write_stub(tmp_path, "for line in sys.stdin:\n"
                                "    message = json.loads(line)\n"
                                "    if isinstance(message, list) and len(message) > 2:\n"
                                "        answer = {'jsonrpc': '2.0', 'id': None, 'error': {'code': -32600, "
                                "'message': 'Invalid Request', 'data': {'reason': 'BATCH_TOO_LARGE', "
                                "'entries': len(message), 'maxBatchEntries': 2}}}\n"
                                "    else:\n"
                                "        answer = [{'jsonrpc': '2.0', 'id': m['id'], 'result': m['method']} for m in message]\n"
                                "    print(json.dumps(answer), flush=True)")
    service = Checkoutd(stub, timeout=5)
    try:
        assert service.call_batch([("a.b", None), ("c.d", None)]) == ["a.b", "c.d"]
        with pytest.raises(BatchTooLarge) as raised:
            service.call_batch([("a.b", None), ("c.d", None), ("e.f", None)])
        assert raised.value.data["entries"] == 3
        assert service.call_batch([("g.h", None)]) == ["g.h"]
        assert list(service.unmatched) == []
    finally:
        service.close(timeout=2)


def test_a_process_dying_mid_batch_fails_the_batch(tmp_path):
    from checkoutd import Checkoutd
    stub = write_stub(tmp_path, "sys.stdin.readline()\nos._exit(3)")
    service = Checkoutd(stub, timeout=10)
    try:
        with pytest.raises(ProcessExited) as raised:
            service.call_batch(mask_calls(5))
        assert raised.value.returncode == 3
    finally:
        service.close(timeout=2)


def test_batches_and_calls_from_many_threads_share_one_process(make_client):
    service = make_client()
    failures = []

    def worker(n: int) -> None:
        try:
            for round_ in range(20):
                if (n + round_) % 2:
                    size = 1 + (n * 7 + round_) % 50
                    if service.call_batch(mask_calls(size)) != [masked(i) for i in range(size)]:
                        failures.append((n, round_))
                elif service.mask_apply("1234", MASK) != {"value": "12-34", "cursor": 5}:
                    failures.append((n, round_))
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == []


# -- the asyncio client -------------------------------------------------------------------

def test_async_outcomes_in_order_with_errors_in_place(make_async_client):
    async def main():
        async with make_async_client() as service:
            outcomes = await service.call_batch([("mask.apply", P.params_for_mask_apply("12", MASK)),
                                                 ("products.list", {"clientSessionId": "cs_missing"}),
                                                 {"method": "service.info", "notification": True},
                                                 ("mask.apply", {"value": 1})])
            assert outcomes[0] == {"value": "12-", "cursor": 3}
            assert isinstance(outcomes[1], SessionNotFound)
            assert outcomes[2] is None
            assert isinstance(outcomes[3], InvalidParams)
            assert await service.call_batch(mask_calls(1000)) == [masked(n) for n in range(1000)]
            # Batches and calls side by side, pipelined over the one process.
            results = await asyncio.gather(service.call_batch(mask_calls(300)), service.mask_apply("99", MASK),
                                           service.call_batch(mask_calls(7)))
            assert results == [[masked(n) for n in range(300)], {"value": "99-", "cursor": 3},
                               [masked(n) for n in range(7)]]
            assert await service.call_batch([]) == []
            with pytest.raises(ValueError):
                await service.call_batch(mask_calls(1001))
            assert list(service.unmatched) == []
    run(main())


def test_async_batch_over_the_line_limit_and_timeouts(make_async_client, tmp_path):
    async def main():
        async with make_async_client("--max-line-bytes", "4096") as service:
            with pytest.raises(LineTooLong):
                await service.call_batch(mask_calls(100))
            assert await service.call_batch(mask_calls(3)) == [masked(n) for n in range(3)]
        from checkoutd import AsyncCheckoutd
        stub, log = logging_stub(tmp_path)
        async with AsyncCheckoutd(stub, close_timeout=2) as silent:
            with pytest.raises(CallTimeout):
                await silent.call_batch([("a.b", None), ("c.d", None)], timeout=0.2)
            task = asyncio.ensure_future(silent.call_batch([("e.f", None)]))
            await asyncio.sleep(0.1)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            lines = []
            for _ in range(100):
                lines = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
                if len(lines) >= 4:
                    break
                await asyncio.sleep(0.05)
            assert lines[0] == [{"jsonrpc": "2.0", "id": 1, "method": "a.b"}, {"jsonrpc": "2.0", "id": 2, "method": "c.d"}]
            assert lines[1] == [{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1}},
                                {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 2}}]
            assert lines[2] == [{"jsonrpc": "2.0", "id": 3, "method": "e.f"}]
            assert lines[3] == {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}}
    run(main())
