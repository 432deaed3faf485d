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


# -- a long answer in parts ------------------------------------------------------------------

def answer_line(ids, part_size):
    """A batch answer as the service writes a long one: parts of ``part_size``
    answers, each part but the last ending with ``,`` and a TAB."""
    answers = [json.dumps({"jsonrpc": "2.0", "id": i, "result": {"text": f"é\t{i}", "n": i}},
                          ensure_ascii=False, separators=(",", ":")) for i in ids]
    parts = [",".join(answers[start:start + part_size]) for start in range(0, len(answers), part_size)]
    return ("[" + ",\t".join(parts) + "]\n").encode("utf-8")


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1000, 1 << 16])
def test_the_reader_gives_the_same_answers_in_order_however_the_line_is_cut(chunk):
    from checkoutd._protocol import ResponseReader
    violations = []
    reader = ResponseReader(violations)
    data = b'{"jsonrpc":"2.0","id":0,"result":1}\n' + answer_line(range(1, 301), 40) + b'{"jsonrpc":"2.0","id":9,"result":2}\n'
    messages = []
    for start in range(0, len(data), chunk):
        messages.extend(reader.feed(data[start:start + chunk]))
    assert [message["id"] for message in messages] == [0, *range(1, 301), 9]
    assert [message["result"]["text"] for message in messages[1:301]] == [f"é\t{i}" for i in range(1, 301)]
    assert violations == [] and reader.pending_bytes == 0


def test_the_reader_gives_a_parts_answers_before_the_line_ends():
    from checkoutd._protocol import ResponseReader
    reader = ResponseReader([])
    line = answer_line(range(1, 101), 30)
    first_mark = line.index(b"\t")
    assert [message["id"] for message in reader.feed(line[:first_mark])] == []
    assert [message["id"] for message in reader.feed(line[first_mark:first_mark + 1])] == list(range(1, 31))
    rest = reader.feed(line[first_mark + 1:-1])
    assert [message["id"] for message in rest] == list(range(31, 91))
    assert [message["id"] for message in reader.feed(b"\n")] == list(range(91, 101))


@pytest.mark.parametrize("line, messages, violations", [
    # A part that is whole is given; the rest of the line is not JSON.
    (b'[{"a":1},\t{"b":', [{"a": 1}], 1),
    # A first part that is not JSON: the line is read whole when it ends, and is not JSON either.
    (b'[{"a":1} x,\t{"b":2}]', [], 1),
    # A TAB in a line that is no batch answer, which is JSON: read whole.
    (b'{"a":[1,\t2]}', [{"a": [1, 2]}], 0),
    (b'[1,\t2]', [1, 2], 0),
])
def test_a_line_whose_parts_are_not_answers_is_read_whole_when_it_ends(line, messages, violations):
    from checkoutd._protocol import ResponseReader
    recorded = []
    reader = ResponseReader(recorded)
    assert reader.feed(line) + reader.feed(b"\n") == messages
    assert len(recorded) == violations


def test_the_reader_drops_a_line_over_its_limit_and_goes_on():
    from checkoutd._protocol import ResponseReader
    violations = []
    reader = ResponseReader(violations, line_limit=10_000)
    line = answer_line(range(1, 1001), 10)
    messages = []
    for start in range(0, len(line), 4096):
        messages.extend(reader.feed(line[start:start + 4096]))
    messages.extend(reader.feed(b'{"jsonrpc":"2.0","id":7,"result":0}\n'))
    ids = [message["id"] for message in messages]
    # What its parts gave before it went over stays given; the rest of it is dropped.
    assert ids[-1] == 7 and ids[:-1] == list(range(1, len(ids)))
    assert len(ids) - 1 < 1000
    assert len(violations) == 1 and "longer than line_limit (10000 bytes)" in str(violations[0])


def test_a_long_batch_answer_comes_in_parts_marked_by_a_tab(binary):
    """The real service: a long batch answer comes in parts, each but the last
    ending with a comma and a TAB, with a call that touches state in its place."""
    import subprocess
    calls = [{"jsonrpc": "2.0", "id": i, "method": "mask.apply", "params": P.params_for_mask_apply(f"{i:04d}", MASK)}
             for i in range(1000)]
    stateful = calls[:300] + [{"jsonrpc": "2.0", "id": 300, "method": "session.init", "params": {"context": NL_EUR}}]
    lines = (json.dumps(calls) + "\n" + json.dumps(stateful) + "\n").encode()
    out = subprocess.run([binary, "--clock", "2026-11-21T10:00:00Z"], input=lines, capture_output=True,
                         timeout=60, check=True).stdout.split(b"\n")
    assert len(out) == 3 and out[2] == b""
    parts = out[0].split(b"\t")
    assert len(parts) > 2 and all(part.endswith(b",") for part in parts[:-1])
    assert [answer["id"] for answer in json.loads(out[0])] == list(range(1000))
    assert [answer["result"] for answer in json.loads(out[0])] == [masked(n) for n in range(1000)]
    assert out[1].count(b"\t") >= 1 and all(part.endswith(b",") for part in out[1].split(b"\t")[:-1])
    mixed = json.loads(out[1])
    assert [answer["id"] for answer in mixed] == list(range(301))
    assert mixed[300]["result"]["clientSessionId"].startswith("cs_")


PARTED_STUB = """
flag = sys.argv[1]
for line in sys.stdin:
    calls = json.loads(line)
    if not isinstance(calls, list):
        print(json.dumps({"jsonrpc": "2.0", "id": calls["id"], "result": {}}), flush=True)
        continue
    answers = [json.dumps({"jsonrpc": "2.0", "id": call["id"], "result": {"n": n}}) for n, call in enumerate(calls)]
    half = len(answers) // 2
    sys.stdout.write("[" + ",".join(answers[:half]) + ",\\t")
    sys.stdout.flush()
    # The rest only once the client has handed the first part's answers on.
    while not os.path.exists(flag):
        time.sleep(0.01)
    sys.stdout.write(",".join(answers[half:]) + "]\\n")
    sys.stdout.flush()
"""


def test_both_clients_hand_on_a_parts_answers_before_the_rest_is_written(tmp_path):
    from checkoutd import AsyncCheckoutd, Checkoutd
    stub = write_stub(tmp_path, PARTED_STUB)
    for name in ("sync", "async"):
        flag = tmp_path / f"first-part-seen-{name}"

        def on_response(method, response, flag=flag):
            if response.get("id") == 1:
                flag.touch()

        calls = [("a.b", {"k": n}) for n in range(10)]
        if name == "sync":
            with Checkoutd(stub, [str(flag)], on_response=on_response, timeout=10) as service:
                outcomes = service.call_batch(calls)
        else:
            async def main():
                async with AsyncCheckoutd(stub, [str(flag)], on_response=on_response, timeout=10) as service:
                    return await service.call_batch(calls)
            outcomes = run(main())
        assert outcomes == [{"n": n} for n in range(10)], name
