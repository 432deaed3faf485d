"""Fault tests: the host misbehaves or dies, the service does not.

- stdin closed in the middle of a batch line: the service finishes what it
  read, answers the half line (-32700: it is not JSON), writes only complete
  lines and exits 0 (API.md section 1: end of input);
- stdout closed by the host: the next write fails with EPIPE (SIGPIPE is
  ignored, DESIGN.md "Runtime"), which means the host is gone: the service
  stops and exits 0, killed by no signal;
- ``kill -9`` with ``--data``: every token whose ``tokens.create`` response the
  host could read is in the vault after a restart;
- 150,000 sessions: the session table keeps at most 100,000
  (ServiceConfiguration.defaultSessionCapacity), the oldest are SESSION_NOT_FOUND,
  and the memory stays where the cap puts it;
- a host that stops reading stdout: the service blocks in write, idle, without
  dropping or reordering anything, and resumes when the host reads again.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from _leaks import LEAKS
from _support import CLOCK, dumps, line, luhn_complete, request, send

CONTEXT = {"amountOfMoney": {"amount": 5000, "currencyCode": "EUR"}, "countryCode": "NL"}
CARD_VALUES = {"cardNumber": "4242 4242 4242 4242", "expiryDate": "12/28", "cvv": "123"}
SESSION_CAPACITY = 100_000   # ServiceConfiguration.defaultSessionCapacity


def spawn(binary: str, *flags: str, cwd: Optional[Path] = None) -> subprocess.Popen:
    """checkoutd on pipes; write with :func:`send` (unbuffered), read ``stdout`` buffered."""
    return subprocess.Popen([binary, "--clock", CLOCK, *flags], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd)




def check_lines(output: bytes, methods: Dict[Any, str], validator) -> List[Any]:
    """The responses in ``output``: it must end with a newline and every line
    must be a valid response (checked by the suite's validator)."""
    LEAKS.output(output, "checkoutd (fault test)")
    assert output.endswith(b"\n"), f"the last line is incomplete: {output[-200:]!r}"
    messages = []
    for raw_line in output.split(b"\n")[:-1]:
        message = json.loads(raw_line)
        for response in message if isinstance(message, list) else [message]:
            problems = validator.check(response, [methods[response["id"]]] if response.get("id") in methods else None,
                                       "fault test")
            assert not problems, problems
        messages.append(message)
    return messages


def proc_stat(pid: int) -> Dict[str, Any]:
    """State and CPU ticks (user + system, all threads) of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return {"state": fields[0], "ticks": int(fields[11]) + int(fields[12])}


def proc_status(pid: int, key: str) -> int:
    """A ``kB`` value of /proc/PID/status (VmRSS, VmHWM)."""
    with open(f"/proc/{pid}/status") as handle:
        for status_line in handle:
            if status_line.startswith(key + ":"):
                return int(status_line.split()[1])
    raise KeyError(key)


def finish(process: subprocess.Popen, origin: str) -> str:
    stderr = process.stderr.read().decode("utf-8", errors="replace") if process.stderr else ""
    LEAKS.stderr(stderr, origin)
    return stderr


# -- the host dies -------------------------------------------------------------------


def test_stdin_closed_in_the_middle_of_a_batch_line(binary, validator, tmp_path):
    methods: Dict[Any, str] = {"s": "session.init"}
    data = line(request("s", "session.init", {"clientSessionId": "cs_f", "context": CONTEXT}))
    encrypts = [request(f"e{i}", "paymentRequest.encrypt",
                        {"clientSessionId": "cs_f", "paymentProductId": 1, "values": CARD_VALUES}) for i in range(20)]
    validates = [request(f"v{i}", "card.validate", {"pan": "4111 1111 1111 1111", "expiryDate": "12/28"})
                 for i in range(200)]
    for message in encrypts + validates:
        methods[message["id"]] = message["method"]
    data += line(encrypts) + line(validates)
    half = dumps([request(f"h{i}", "card.validate", {"pan": "4111"}) for i in range(50)])
    data += half[:len(half) // 2].encode()

    process = spawn(binary, cwd=tmp_path)
    output, stderr = process.communicate(data, timeout=60)
    assert process.returncode == 0, f"exit status {process.returncode} (negative: killed by that signal)"
    assert not list(tmp_path.glob("core*")), "a core dump"
    LEAKS.stderr(stderr.decode(errors="replace"), "checkoutd (stdin closed mid-batch)")

    messages = check_lines(output, methods, validator)
    by_kind = {"single": [m for m in messages if isinstance(m, dict)], "batch": [m for m in messages if isinstance(m, list)]}
    assert sorted(len(batch) for batch in by_kind["batch"]) == [20, 200]
    answered = [r["id"] for batch in by_kind["batch"] for r in batch]
    assert sorted(answered) == sorted(m["id"] for m in encrypts + validates)
    assert all("result" in r for batch in by_kind["batch"] for r in batch)
    singles = {json.dumps(m["id"]): m for m in by_kind["single"]}
    assert set(singles) == {'"s"', "null"}, by_kind["single"]
    assert singles["null"]["error"]["code"] == -32700, "the half line is not JSON"


def test_stdin_closed_while_a_long_batch_is_still_being_read(binary, validator):
    batch = [request(i, "card.validate", {"pan": "5555555555554444", "cvc": "123"}) for i in range(1000)]
    text = line(batch)
    process = spawn(binary)
    assert send(process, text[:len(text) - 10])   # all but the end of the line, then the host dies
    process.stdin.close()
    output = process.stdout.read()
    assert process.wait(30) == 0
    finish(process, "checkoutd (stdin closed mid-line)")
    [response] = check_lines(output, {}, validator)
    assert response["id"] is None and response["error"]["code"] == -32700


@pytest.mark.parametrize("pending", ["card.validate", "paymentRequest.encrypt"])
@pytest.mark.parametrize("closed", [("stdout",), ("stdout", "stderr")], ids=["stdout", "stdout+stderr"])
def test_a_host_that_closes_stdout_makes_the_service_exit_cleanly(binary, tmp_path, pending, closed):
    """EPIPE, not SIGPIPE (the child starts with SIGPIPE at its default action:
    subprocess restores it), and exit 0 (Connection: outputClosed)."""
    process = spawn(binary, "--log-level", "debug", cwd=tmp_path)
    assert send(process, line(request(0, "session.init", {"clientSessionId": "cs_p", "context": CONTEXT})))
    assert json.loads(process.stdout.readline())["id"] == 0
    for stream in closed:
        getattr(process, stream).close()
    params = ({"pan": "4111111111111111"} if pending == "card.validate"
              else {"clientSessionId": "cs_p", "paymentProductId": 1, "values": CARD_VALUES})
    started = time.monotonic()
    sent = 0
    while time.monotonic() - started < 10 and process.poll() is None:
        if not send(process, line(request(sent + 1, pending, params))):
            break
        sent += 1
        time.sleep(0.005)
    code = process.wait(10)
    elapsed = time.monotonic() - started
    assert code == 0, f"exit status {code} (-{signal.SIGPIPE} would be SIGPIPE)"
    assert elapsed < 5, f"the service noticed the closed stdout only after {elapsed:.1f}s and {sent} requests"
    assert not list(tmp_path.glob("core*"))
    if "stderr" not in closed:
        stderr = finish(process, "checkoutd (stdout closed)")
        assert "reason=outputClosed" in stderr and "Fatal error" not in stderr, stderr[-2000:]


# -- kill -9 -------------------------------------------------------------------------


def test_every_acknowledged_token_survives_kill_9_in_the_middle_of_a_pipeline(binary, validator, tmp_path):
    store = tmp_path / "vault.db"
    count = 1500
    numbers = [luhn_complete(f"411111{i:09d}") for i in range(count)]
    process = spawn(binary, "--data", str(store))
    assert send(process, line(request("s", "session.init", {"clientSessionId": "cs_k", "customerId": "cus_k",
                                                            "context": CONTEXT, "requirements": {"withEmail": False}})))
    assert json.loads(process.stdout.readline())["id"] == "s"
    requests = b"".join(line(request(i, "tokens.create", {"clientSessionId": "cs_k", "card": {
        "cardNumber": number, "expiryDate": "1228", "cvv": "123"}})) for i, number in enumerate(numbers))
    writer = threading.Thread(target=send, args=(process, requests), daemon=True)
    writer.start()
    acknowledged: Dict[int, str] = {}
    reader = process.stdout
    while len(acknowledged) < count // 3:
        response = json.loads(reader.readline())
        acknowledged[response["id"]] = response["result"]["token"]
    process.send_signal(signal.SIGKILL)
    rest = reader.read()   # responses written before the kill are acknowledged too: the host can read them
    assert process.wait(10) == -signal.SIGKILL
    writer.join(10)
    finish(process, "checkoutd (kill -9)")
    for raw_line in rest.split(b"\n"):
        try:
            response = json.loads(raw_line)
        except ValueError:
            continue   # the line the kill cut short
        acknowledged[response["id"]] = response["result"]["token"]
    assert len(acknowledged) < count, "the kill came after the last response: make the pipeline longer"

    restarted = spawn(binary, "--data", str(store))
    output, stderr = restarted.communicate(line(request(1, "tokens.list", {"customerId": "cus_k"})), timeout=60)
    LEAKS.stderr(stderr.decode(errors="replace"), "checkoutd (after kill -9)")
    assert restarted.returncode == 0
    [listed] = check_lines(output, {1: "tokens.list"}, validator)
    kept = {account["id"]: account for account in listed["result"]["tokens"]}
    lost = sorted(set(acknowledged.values()) - set(kept))
    assert not lost, f"{len(lost)} of {len(acknowledged)} acknowledged tokens lost, e.g. {lost[:5]}"
    for index, token in acknowledged.items():
        alias = next(a["value"] for a in kept[token]["attributes"] if a["key"] == "alias")
        assert alias == numbers[index][:6] + "X" * 6 + numbers[index][-4:]


# -- memory ----------------------------------------------------------------------------


def test_150000_sessions_keep_the_newest_100000_in_bounded_memory(binary):
    """Sessions are created in batches of 1,000 (one line each); the resident set
    is read after 100,000 (the table is full) and after 150,000 (50,000 evicted).

    The bound: the table is full at 100,000, so the next 50,000 must cost next to
    nothing (at most 10 % of what the first 100,000 cost, plus 8 MiB for the
    allocator), and 100,000 sessions of this size must stay under 4 KiB each
    (a Session with its context and id is a few hundred bytes; measured ≈ 0.7 KiB
    in a debug build, response buffers included)."""
    total = SESSION_CAPACITY + SESSION_CAPACITY // 2
    per_line = 1000
    process = spawn(binary)
    try:
        assert send(process, line(request("info", "service.info")))
        assert json.loads(process.stdout.readline())["id"] == "info"
        baseline = proc_status(process.pid, "VmRSS")
        template = ('{"jsonrpc":"2.0","id":%d,"method":"session.init","params":{"clientSessionId":"cs_%06d",'
                    '"customerId":"cus_m","context":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"},'
                    '"countryCode":"NL"}}}')
        lines = [("[" + ",".join(template % (i, i) for i in range(start, start + per_line)) + "]\n").encode()
                 for start in range(0, total, per_line)]
        writer = threading.Thread(target=lambda: [send(process, chunk) for chunk in lines], daemon=True)
        writer.start()
        at_capacity = None
        answered = 0
        for index in range(len(lines)):
            batch = process.stdout.readline()
            assert batch.endswith(b"\n") and batch.count(b'"result"') == per_line, batch[:300]
            answered += per_line
            if answered == SESSION_CAPACITY:
                at_capacity = proc_status(process.pid, "VmRSS")
        writer.join(10)
        final = proc_status(process.pid, "VmRSS")
        peak = proc_status(process.pid, "VmHWM")

        def get(sid: str) -> Dict[str, Any]:
            assert send(process, line(request(sid, "session.get", {"clientSessionId": sid})))
            return json.loads(process.stdout.readline())

        evicted = total - SESSION_CAPACITY
        for sid in ("cs_000000", f"cs_{evicted - 1:06d}"):
            assert get(sid)["error"]["data"]["reason"] == "SESSION_NOT_FOUND", sid
        for sid in (f"cs_{evicted:06d}", f"cs_{total - 1:06d}"):
            assert get(sid)["result"]["clientSessionId"] == sid
        assert at_capacity is not None
        cost = at_capacity - baseline
        report = f"VmRSS kB: baseline {baseline}, at 100,000 {at_capacity}, at 150,000 {final}, peak {peak}"
        assert final - at_capacity <= cost // 10 + 8 * 1024, f"memory grows past the session cap: {report}"
        assert cost <= SESSION_CAPACITY * 4, f"more than 4 KiB per session: {report}"
        assert peak - baseline <= SESSION_CAPACITY * 4, f"the peak passed 4 KiB per session: {report}"
    finally:
        process.stdin.close()
        assert process.wait(30) == 0
        finish(process, "checkoutd (150,000 sessions)")


# -- backpressure ----------------------------------------------------------------------


def test_a_host_that_stops_reading_blocks_the_service_without_losing_anything(binary, validator):
    """API.md lets responses of one pipeline come in any order; checkoutd runs
    inline methods such as card.validate on the thread that reads, in the order
    of the lines, and backpressure must not change that."""
    # ~110 bytes a request and ~340 a response: 4.4 MB in and 13.6 MB out, far past
    # the 1 MiB pipe buffers checkoutd asks for on stdin and stdout.
    count = 40_000
    process = spawn(binary)
    requests = b"".join(line(request(i, "card.validate", {"pan": "4111 1111 1111 1111", "expiryDate": "12/28",
                                                          "cvc": "123"})) for i in range(count))
    written = threading.Event()

    def write() -> None:
        if send(process, requests):
            written.set()

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    # Nobody reads stdout: once its pipe is full the service blocks in write,
    # stops reading stdin, and our writer blocks too.
    deadline = time.monotonic() + 20
    previous = None
    while time.monotonic() < deadline:
        time.sleep(0.5)
        stat = proc_stat(process.pid)
        if previous is not None and stat["ticks"] == previous["ticks"] and stat["state"] == "S":
            break
        previous = stat
    else:
        pytest.fail(f"the service did not settle while its stdout was full: {proc_stat(process.pid)}")
    assert process.poll() is None, "the service exited while its stdout was full"
    assert not written.is_set(), "everything was written: the output did not fill the pipe"
    time.sleep(1.0)
    idle = proc_stat(process.pid)
    assert idle["ticks"] - stat["ticks"] <= 2, f"the blocked service is using CPU: {stat} → {idle}"
    assert process.poll() is None

    output = bytearray()
    while output.count(b"\n") < count:
        chunk = os.read(process.stdout.fileno(), 1 << 20)
        assert chunk, "stdout closed before every response came"
        output += chunk
    writer.join(30)
    assert written.is_set()
    process.stdin.close()
    output += process.stdout.read()
    assert process.wait(30) == 0
    finish(process, "checkoutd (stopped reading)")
    responses = check_lines(bytes(output), {i: "card.validate" for i in range(count)}, validator)
    assert [response["id"] for response in responses] == list(range(count)), "lost, repeated or reordered"
    assert all(response["result"]["validationSuccess"] for response in responses)
