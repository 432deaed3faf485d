"""The process as an operator sees it (API.md 9.9, README "Security"):

- a crash, or SIGQUIT, ends checkoutd by the signal and prints nothing: the Swift
  runtime's backtracer printed each register with the memory it points to, card
  numbers and CVCs of requests in flight included, and after a SIGQUIT the
  process sometimes went on serving; no core file is written either, whatever
  core size limit it was started with;
- SIGTERM, SIGINT and SIGHUP act like ``service.shutdown``: checkoutd stops
  reading, answers what it read and exits 0 (they killed it at once: a host read
  412 responses while 668 tokens were stored); one the process was started with
  ignored (``nohup``) stays ignored;
- closed standard descriptors: with stderr closed, log lines went to stdout
  between the responses; with stdout closed, start-up failed a precondition
  (exit 132). Now stdout closed is one line on stderr and exit 2, and a closed
  stdin or stderr is /dev/null.
"""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import threading
import time
from typing import Dict, List

import pytest

from _leaks import LEAKS
from _support import CLOCK, line, luhn_complete, request, send

CONTEXT = {"amountOfMoney": {"amount": 5000, "currencyCode": "EUR"}, "countryCode": "NL"}
CARDS = [("4111111111111111", "8462"), ("5555555555554444", "7391"), ("378282246310005", "6028")]
CRASH_MARKS = ["Backtracing", "Program crashed", "Registers", "Thread 0", "Fatal error"]



def allow_core_files() -> None:
    """In the child before exec: the largest core file size the hard limit allows,
    and SIGQUIT at its default action (a shell's background job starts with it
    ignored, and checkoutd keeps a signal it was started with ignored)."""
    _, hard = resource.getrlimit(resource.RLIMIT_CORE)
    resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)



def default_stop_signals() -> None:
    """The stop signals at their default action in the child, whatever the test
    run inherited (under nohup SIGHUP is ignored, and checkoutd keeps a signal it
    was started with ignored ignored)."""
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


def spawn(binary: str, *flags: str, **options) -> subprocess.Popen:
    options.setdefault("preexec_fn", default_stop_signals)
    return subprocess.Popen([binary, "--clock", CLOCK, *flags], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, **options)



def card_data_requests(count: int) -> bytes:
    """Requests carrying card numbers and CVCs, for a process to hold in memory."""
    lines = [line(request("s", "session.init", {"clientSessionId": "cs_sig", "customerId": "cus_sig",
                                                "context": CONTEXT, "requirements": {"withEmail": False}}))]
    for index in range(count):
        number, cvc = CARDS[index % len(CARDS)]
        lines.append(line(request(f"v{index}", "card.validate", {"pan": number, "cvc": cvc, "expiryDate": "12/28"})))
        lines.append(line(request(f"e{index}", "paymentRequest.encrypt", {
            "clientSessionId": "cs_sig", "paymentProductId": 1 if number[0] == "4" else 3,
            "values": {"cardNumber": number, "expiryDate": "12/28", "cvv": cvc}})))
    return b"".join(lines)


def no_card_data(text: str) -> List[str]:
    found = [number for number, _ in CARDS if number in text.replace(" ", "")]
    return found + [f"cvc {cvc}" for _, cvc in CARDS if cvc in text]


# -- crashes ---------------------------------------------------------------------------


@pytest.mark.parametrize("crash", [signal.SIGQUIT, signal.SIGSEGV, signal.SIGABRT, signal.SIGILL, signal.SIGBUS,
                                   signal.SIGFPE, signal.SIGTRAP], ids=lambda s: signal.Signals(s).name)
def test_a_crash_or_sigquit_ends_the_process_printing_no_memory(binary, crash, tmp_path):
    """Core files allowed by the limits checkoutd starts with, in a directory of its own."""
    process = spawn(binary, "--log-level", "debug", cwd=tmp_path, preexec_fn=allow_core_files)
    assert send(process, card_data_requests(200))
    assert process.stdout.readline().startswith(b'{"jsonrpc":"2.0","id":')
    time.sleep(0.1)   # card data read, in buffers and on the way through the handlers
    process.send_signal(crash)
    try:
        code = process.wait(15)
    finally:
        if process.poll() is None:
            process.kill()
    stderr = process.stderr.read().decode("utf-8", errors="replace")
    process.stdout.read()
    LEAKS.stderr(stderr, f"checkoutd ({signal.Signals(crash).name})")
    assert code == -crash, f"exit status {code}, not killed by {signal.Signals(crash).name}"
    assert not [mark for mark in CRASH_MARKS if mark in stderr], stderr[-3000:]
    assert not no_card_data(stderr)
    assert list(tmp_path.iterdir()) == [], "a core file holds the process's memory"


# -- SIGTERM, SIGINT, SIGHUP -------------------------------------------------------------


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_while_waiting_for_input_exits_0_after_answering_everything(binary, stop):
    process = spawn(binary, "--log-level", "info")
    assert send(process, b"".join(line(request(i, "mask.apply", {"value": "12", "mask": "{{99}}-{{99}}"}))
                                  for i in range(5)))
    answered = [json.loads(process.stdout.readline())["id"] for _ in range(5)]
    assert answered == list(range(5))
    time.sleep(0.1)   # waiting for input again
    started = time.monotonic()
    process.send_signal(stop)
    code = process.wait(10)
    assert code == 0, f"exit status {code} after {signal.Signals(stop).name}"
    assert time.monotonic() - started < 5
    assert process.stdout.read() == b""
    stderr = process.stderr.read().decode()
    assert f"signal={signal.Signals(stop).name}" in stderr and "reason=stopRequested" in stderr, stderr


def test_sigterm_in_a_pipeline_of_tokens_create_answers_every_token_it_stored(binary, validator, tmp_path):
    store = tmp_path / "store.db"
    count = 1500
    numbers = [luhn_complete(f"400000{i:09d}") for i in range(count)]
    process = spawn(binary, "--data", str(store))
    assert send(process, line(request("s", "session.init", {"clientSessionId": "cs_t", "customerId": "cus_t",
                                                            "context": CONTEXT, "requirements": {"withEmail": False}})))
    assert json.loads(process.stdout.readline())["id"] == "s"
    requests = b"".join(line(request(i, "tokens.create", {"clientSessionId": "cs_t", "card": {
        "cardNumber": number, "expiryDate": "1228"}})) for i, number in enumerate(numbers))
    writer = threading.Thread(target=send, args=(process, requests), daemon=True)
    writer.start()
    answered: Dict[int, str] = {}
    while len(answered) < count // 10:
        response = json.loads(process.stdout.readline())
        answered[response["id"]] = response["result"]["token"]
    process.send_signal(signal.SIGTERM)
    rest = process.stdout.read()   # until checkoutd closes its stdout
    code = process.wait(30)
    writer.join(30)
    LEAKS.stderr(process.stderr.read().decode(errors="replace"), "checkoutd (SIGTERM)")
    LEAKS.output(rest, "checkoutd (SIGTERM)")
    assert code == 0, f"exit status {code} after SIGTERM"
    assert rest.endswith(b"\n") or rest == b"", "the last response line is cut short"
    for raw in rest.splitlines():
        response = json.loads(raw)
        assert not validator.check(response, ["tokens.create"], "SIGTERM test")
        answered[response["id"]] = response["result"]["token"]
    assert len(answered) < count, "SIGTERM came after the last request: make the pipeline longer"

    restarted = spawn(binary, "--data", str(store))
    output, stderr = restarted.communicate(line(request(1, "tokens.list", {"customerId": "cus_t"})), timeout=60)
    assert restarted.returncode == 0, stderr.decode()
    stored = {account["id"] for account in json.loads(output)["result"]["tokens"]}
    unanswered = stored - set(answered.values())
    assert not unanswered, f"{len(unanswered)} stored tokens were never answered"
    assert set(answered.values()) <= stored


def test_a_signal_ignored_at_start_stays_ignored(binary):
    process = spawn(binary, preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    try:
        assert send(process, line(request(1, "service.info")))
        assert json.loads(process.stdout.readline())["id"] == 1
        process.send_signal(signal.SIGHUP)
        time.sleep(0.2)
        assert send(process, line(request(2, "service.info")))
        assert json.loads(process.stdout.readline())["id"] == 2
    finally:
        process.stdin.close()
        assert process.wait(10) == 0
        process.stdout.close()
        process.stderr.close()


# -- closed standard descriptors -----------------------------------------------------------


def run_with(binary: str, redirections: str, *flags: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """checkoutd started by a shell with `redirections` (``2>&-``: stderr closed)."""
    command = 'exec "$0" "$@" ' + redirections
    return subprocess.run(["sh", "-c", command, binary, "--clock", CLOCK, *flags], input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)


def test_with_stderr_closed_stdout_has_only_protocol_lines(binary, validator):
    requests = line(request(1, "service.info")) + line(request(2, "no.such.method")) + b"{oops\n"
    done = run_with(binary, "2>&-", "--log-level", "debug", stdin=requests)
    assert done.returncode == 0
    responses = [json.loads(raw) for raw in done.stdout.splitlines()]
    assert [response["id"] for response in responses] == [1, 2, None]
    for response in responses:
        assert not validator.check(response, ["service.info"] if response["id"] == 1 else None, "2>&-")


def test_with_stdout_closed_start_up_fails_with_one_line_and_exit_2(binary):
    done = run_with(binary, ">&-", stdin=line(request(1, "service.info")))
    assert done.returncode == 2
    stderr = done.stderr.decode()
    assert stderr.count("\n") == 1 and "standard output is closed" in stderr, stderr


def test_with_stdin_closed_the_service_sees_the_end_of_input_and_exits_0(binary):
    done = run_with(binary, "<&-", "--log-level", "info")
    assert done.returncode == 0 and done.stdout == b""
    assert "reason=endOfInput" in done.stderr.decode()


def test_with_every_standard_descriptor_closed_it_exits_2_without_writing_anywhere(binary, tmp_path):
    done = subprocess.run(["sh", "-c", 'cd "$1" && exec "$0" <&- >&- 2>&-', binary, str(tmp_path)], timeout=60)
    assert done.returncode == 2
    assert list(tmp_path.iterdir()) == []
