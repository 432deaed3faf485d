#!/usr/bin/env python3
"""One timed run of a Python host calling checkoutd's card.validate, printed as JSON.

    python3 bench/clients.py CASE --binary PATH --count N [--warmup N] [--clients DIR] [--window 64]

CASE is one of:
  raw-pipelined    the reference: a plain loop over the pipes (json.dumps each
                   request, os.write, os.read, json.loads each response line),
                   keeping --window requests in flight
  raw-lockstep     the same loop with one request at a time
  async-pipelined  AsyncCheckoutd, --window coroutines each awaiting card_validate()
  sync-lockstep    Checkoutd.card_validate(), one call at a time
  sync-batch       Checkoutd.call_batch() with --batch calls per batch, one batch at a time
  async-batch      AsyncCheckoutd.call_batch() with --batch calls per batch, --in-flight
                   batches awaited at a time

Every case starts checkoutd itself, answers one untimed call first (so no
start-up is timed), makes --warmup calls (default: a tenth of --count) the way
it times them, untimed, then times --count calls and checks each outcome is a
result. --clients names the folder that holds the checkoutd package (default:
this checkout's clients/python), so an older copy of the client can be measured
beside the current one. scripts/bench runs the cases and takes their ratios.
"""

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLOCK = "2026-11-21T10:00:00Z"
PARAMS = {"pan": "4111 1111 1111 1111", "expiryDate": "12/30", "cvc": "123"}
METHOD = "card.validate"


def request(request_id):
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": METHOD, "params": PARAMS},
                      separators=(",", ":")).encode() + b"\n"


def checked(response):
    if "result" not in response:
        raise SystemExit(f"an error response: {response}")


def raw_pipelined(binary, args, count, window, warmup):
    process = subprocess.Popen([binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    stdin, stdout = process.stdin.fileno(), process.stdout.fileno()
    raw_lockstep_call(stdin, stdout, 0)
    started = time.perf_counter()
    total = warmup + count
    sent = min(window, total)
    os.write(stdin, b"".join(request(i) for i in range(1, sent + 1)))
    received, rest = 0, b""
    while received < total:
        lines = (rest + os.read(stdout, 1 << 16)).split(b"\n")
        rest = lines.pop()
        more = []
        for line in lines:
            checked(json.loads(line))
            received += 1
            if received == warmup:
                started = time.perf_counter()
            if sent < total:
                sent += 1
                more.append(request(sent))
        if more:
            os.write(stdin, b"".join(more))
    elapsed = time.perf_counter() - started
    process.stdin.close()
    process.wait()
    return elapsed


def raw_lockstep_call(stdin, stdout, request_id, rest=b""):
    os.write(stdin, request(request_id))
    while b"\n" not in rest:
        rest += os.read(stdout, 1 << 16)
    line, _, rest = rest.partition(b"\n")
    checked(json.loads(line))
    return rest


def raw_lockstep(binary, args, count, window, warmup):
    process = subprocess.Popen([binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    stdin, stdout = process.stdin.fileno(), process.stdout.fileno()
    rest = raw_lockstep_call(stdin, stdout, 0)
    for i in range(1, warmup + 1):
        rest = raw_lockstep_call(stdin, stdout, i, rest)
    started = time.perf_counter()
    for i in range(warmup + 1, warmup + count + 1):
        rest = raw_lockstep_call(stdin, stdout, i, rest)
    elapsed = time.perf_counter() - started
    process.stdin.close()
    process.wait()
    return elapsed


def sync_lockstep(binary, args, count, window, warmup):
    from checkoutd import Checkoutd
    with Checkoutd(binary, args) as service:
        for _ in range(1 + warmup):
            service.card_validate(**SNAKE)
        started = time.perf_counter()
        for _ in range(count):
            service.card_validate(**SNAKE)
        return time.perf_counter() - started


def sync_batch(binary, args, count, window, warmup, batch):
    from checkoutd import Checkoutd
    calls = [(METHOD, PARAMS)] * batch

    def run(service, count):
        done = 0
        while done < count:
            for outcome in service.call_batch(calls[:min(batch, count - done)]):
                checked({"result": outcome} if isinstance(outcome, dict) else {"error": outcome})
            done += min(batch, count - done)

    with Checkoutd(binary, args) as service:
        service.card_validate(**SNAKE)
        run(service, warmup)
        started = time.perf_counter()
        run(service, count)
        return time.perf_counter() - started


async def async_pipelined_run(binary, args, count, window, warmup):
    from checkoutd import AsyncCheckoutd
    async with AsyncCheckoutd(binary, args) as service:
        await service.card_validate(**SNAKE)
        remaining = warmup

        async def worker():
            nonlocal remaining
            while remaining > 0:
                remaining -= 1
                await service.card_validate(**SNAKE)

        await asyncio.gather(*(worker() for _ in range(window)))
        remaining = count
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(window)))
        return time.perf_counter() - started


async def async_batch_run(binary, args, count, in_flight, warmup, batch):
    from checkoutd import AsyncCheckoutd
    calls = [(METHOD, PARAMS)] * batch
    async with AsyncCheckoutd(binary, args) as service:
        await service.card_validate(**SNAKE)
        remaining = warmup

        async def worker():
            nonlocal remaining
            while remaining > 0:
                size = min(batch, remaining)
                remaining -= size
                for outcome in await service.call_batch(calls[:size]):
                    checked({"result": outcome} if isinstance(outcome, dict) else {"error": outcome})

        await asyncio.gather(*(worker() for _ in range(in_flight)))
        remaining = count
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(in_flight)))
        return time.perf_counter() - started


SNAKE = {"pan": PARAMS["pan"], "expiry_date": PARAMS["expiryDate"], "cvc": PARAMS["cvc"]}

CASES = {
    "raw-pipelined": raw_pipelined,
    "raw-lockstep": raw_lockstep,
    "sync-lockstep": sync_lockstep,
    "sync-batch": sync_batch,
    "async-pipelined": lambda b, a, c, w, u: asyncio.run(async_pipelined_run(b, a, c, w, u)),
    "async-batch": lambda b, a, c, w, u, batch: asyncio.run(async_batch_run(b, a, c, w, u, batch)),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("case", choices=sorted(CASES))
    parser.add_argument("--binary", required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--window", type=int, default=64)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--in-flight", type=int, default=1, help="batches at a time (async-batch)")
    parser.add_argument("--warmup", type=int, help="untimed calls before the timed ones (default: count / 10)")
    parser.add_argument("--clients", default=str(ROOT / "clients/python"))
    parser.add_argument("--private-key")
    options = parser.parse_args()
    sys.path.insert(0, options.clients)
    args = ["--clock", CLOCK] + (["--private-key", options.private_key] if options.private_key else [])
    case = CASES[options.case]
    warmup = options.count // 10 if options.warmup is None else options.warmup
    if options.case == "async-batch":
        elapsed = case(options.binary, args, options.count, options.in_flight, warmup, options.batch)
    elif options.case.endswith("batch"):
        elapsed = case(options.binary, args, options.count, options.window, warmup, options.batch)
    else:
        elapsed = case(options.binary, args, options.count, options.window, warmup)
    print(json.dumps({"case": options.case, "calls": options.count, "warmup": warmup, "seconds": elapsed,
                      "callsPerSecond": options.count / elapsed}))


if __name__ == "__main__":
    main()
