"""A thread-safe client that runs checkoutd as a child process.

One writer lock serialises request lines on the child's stdin. stdout has no
thread of its own: a call waiting for its response reads stdout itself, in
chunks of up to 64 KiB, whenever no other thread is reading, decodes every
complete line of the chunk in one go (and the finished parts of a long batch
answer as they come) and hands each response to the call waiting for its id;
then it passes the reading on to a call still waiting. So
a lone caller reads its answer straight off the pipe (no thread switch per
call), and calls made from several threads are pipelined over the same
process. A thread drains stderr into a bounded buffer (logs).
"""

from __future__ import annotations

import collections
import itertools
import math
import os
import select
import subprocess
import threading
import time
from typing import Any, Deque, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from ._locate import find_binary
from ._methods import MethodWrappers
from ._protocol import (READ_CHUNK, AbandonedRequests, BatchCalls, ResponseHook, ResponseReader, StderrBuffer,
                        batch_entries, batch_ids, batch_messages, call_method, encode_line,
                        refused_entry, request_message, result_of, route_response, widen_pipes)
from ._types import (AmountOfMoney, Brand, CardValidation, Conversion, CurrencyList, CurrencyRate,
                     FieldState, FormattedCard, MaskedValue, ServiceInfo, ThreeDSChallenge,
                     ThreeDSResult, UnmaskedValue)
from .errors import CallTimeout, ProcessExited, ProtocolViolation, TransportError

__all__ = ["Checkoutd", "ResponseHook", "ServiceInfo", "MaskedValue", "UnmaskedValue", "Brand",
           "FieldState", "CardValidation", "FormattedCard", "AmountOfMoney", "CurrencyRate", "CurrencyList",
           "Conversion", "ThreeDSChallenge", "ThreeDSResult"]

#: Kept for code that imported it from here.
_StderrBuffer = StderrBuffer


class _Pending:
    """One call waiting for its response. ``done`` is set (with ``response``
    or ``exception``) by the thread that took it out of the pending table;
    ``event``, made only when the caller has to block, wakes it, either
    because it is done or because it may now read stdout itself."""

    __slots__ = ("method", "event", "response", "exception", "done", "line_bytes")

    def __init__(self, method: str, line_bytes: int = 0):
        self.method = method
        self.event: Optional[threading.Event] = None
        self.response: Optional[Dict[str, Any]] = None
        self.exception: Optional[BaseException] = None
        self.done = False
        self.line_bytes = line_bytes

    def answer(self, response: Dict[str, Any], pending: Dict[Any, Any]) -> Optional["_Pending"]:
        """Takes the response; returns the waiter it finished."""
        self.response = response
        self.done = True
        return self

    def fail(self, error: BaseException) -> Optional["_Pending"]:
        if self.done:
            return None
        self.exception = error
        self.done = True
        return self

    def wake(self) -> None:
        event = self.event
        if event is not None:
            event.set()


class _Batch(_Pending):
    """A :meth:`Checkoutd.call_batch` waiting for the responses of its calls
    (``calls``, each call's id mapping to the batch in the pending table);
    done when none is missing."""

    __slots__ = ("calls",)

    def __init__(self, calls: BatchCalls, line_bytes: int):
        super().__init__("batch", line_bytes)
        self.calls = calls

    def answer(self, response: Dict[str, Any], pending: Dict[Any, Any]) -> Optional[_Pending]:
        request_id = response.get("id")
        if request_id is None:
            return self.fail(self.calls.refused(response, pending))
        if self.done or not self.calls.record(request_id, response):
            return None
        self.done = True
        return self


class Checkoutd(MethodWrappers):
    """A running checkoutd process speaking JSON-RPC 2.0 over its stdio.

    >>> with Checkoutd(args=["--clock", "2026-11-21T10:00:00Z"]) as service:
    ...     service.mask_apply("12", "{{99}}-{{99}}", cursor=2)
    {'value': '12-', 'cursor': 3}

    ``binary``: path of the executable (else ``$CHECKOUTD_BIN``, ``PATH``, or the
    repository's ``.build`` directory). ``args``: extra command-line flags.
    ``timeout``: default seconds a call waits for its response (``None``: forever).
    ``stderr_limit``: bytes of stderr kept in :attr:`stderr`.
    ``on_response``: see :data:`ResponseHook`.

    Every method has a typed wrapper (``mask_apply()``, ``session_init()``, …),
    generated from ``Schemas/`` into :class:`checkoutd._methods.MethodWrappers`.
    """

    def __init__(self, binary: Union[str, "os.PathLike[str]", None] = None,
                 args: Sequence[str] = (), *, timeout: Optional[float] = None,
                 env: Optional[Mapping[str, str]] = None, cwd: Optional[str] = None,
                 stderr_limit: int = 1 << 20, on_response: Optional[ResponseHook] = None,
                 close_timeout: float = 5.0):
        self.binary = find_binary(binary)
        self.args = [str(arg) for arg in args]
        self.timeout = timeout
        self.close_timeout = close_timeout
        self._on_response = on_response
        self._ids = itertools.count(1)
        self._lock = threading.Lock()          # guards _pending, _waiters, _failure and every `done`
        self._write_lock = threading.Lock()    # one line at a time on stdin
        self._read_lock = threading.Lock()     # held by the one thread reading stdout
        self._pending: Dict[int, Any] = {}     # id → _Pending, or the _Batch of a batch's call
        self._waiters: Dict[_Pending, None] = {}  # calls waiting, in order (an ordered set)
        self._failure: Optional[TransportError] = None
        self._stdout_done = False
        self._stderr = StderrBuffer(stderr_limit)
        self._abandoned = AbandonedRequests()
        #: Responses that matched no pending call (e.g. errors with ``id: null``).
        self.unmatched: Deque[Dict[str, Any]] = collections.deque(maxlen=100)
        #: Exceptions raised by ``on_response`` (the reading thread survives them).
        self.hook_errors: List[BaseException] = []
        #: Lines on stdout that were not JSON-RPC responses (should stay empty).
        self.protocol_errors: List[ProtocolViolation] = []
        self._responses = ResponseReader(self.protocol_errors)

        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        self.process = subprocess.Popen(
            [self.binary, *self.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=full_env, cwd=cwd)
        assert self.process.stdin is not None and self.process.stdout is not None
        # Lines go straight to the descriptors (the file objects only close them).
        # Our end of the stdin pipe is non-blocking, so a writer whose line does
        # not fit can read stdout meanwhile instead of waiting on a service that
        # is itself waiting for its answers to be read.
        widen_pipes(self.process.stdin, self.process.stdout)
        self._stdin_fd = self.process.stdin.fileno()
        self._stdout_fd = self.process.stdout.fileno()
        os.set_blocking(self._stdin_fd, False)
        self._stdout_poll = select.poll()
        self._stdout_poll.register(self._stdout_fd, select.POLLIN)
        self._stderr_thread = threading.Thread(
            target=self._read_stderr, name=f"checkoutd-stderr-{self.process.pid}", daemon=True)
        self._stderr_thread.start()

    # -- lifecycle ---------------------------------------------------------

    def __enter__(self) -> "Checkoutd":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def returncode(self) -> Optional[int]:
        return self.process.poll()

    @property
    def alive(self) -> bool:
        return self._failure is None and self.process.poll() is None

    def wait(self, timeout: Optional[float] = None) -> int:
        """Waits for the process to exit on its own; returns its exit code.
        What it still writes on stdout is read (and routed) meanwhile.
        Raises ``subprocess.TimeoutExpired`` after ``timeout`` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        self._read_to_end(deadline)
        return self.process.wait(_remaining(deadline))

    def close(self, timeout: Optional[float] = None) -> Optional[int]:
        """Ends the process: close stdin (the service finishes what it read
        and exits 0), wait, then terminate, then kill. Returns the exit code.
        Calls still waiting fail with :class:`ProcessExited`. Idempotent."""
        timeout = self.close_timeout if timeout is None else timeout
        with self._write_lock:
            try:
                if self.process.stdin and not self.process.stdin.closed:
                    self.process.stdin.close()
            except OSError:
                pass
        # Read what it still answers, so it is never stuck writing to a full pipe.
        deadline = time.monotonic() + timeout
        self._read_to_end(deadline)
        try:
            self.process.wait(_remaining(deadline))
        except subprocess.TimeoutExpired:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self._read_to_end(time.monotonic() + timeout)
        self._stderr_thread.join(timeout)
        if self._read_lock.acquire(timeout=timeout):
            try:
                self._stdout_done = True
                for stream in (self.process.stdout, self.process.stderr):
                    try:
                        if stream:
                            stream.close()
                    except OSError:
                        pass
            finally:
                self._read_lock.release()
        self._fail_all(ProcessExited("checkoutd connection closed", self.process.returncode,
                                     self._stderr.text()))
        return self.process.returncode

    # -- stderr ------------------------------------------------------------

    @property
    def stderr(self) -> str:
        """The most recent stderr output (bounded by ``stderr_limit``)."""
        return self._stderr.text()

    def stderr_lines(self) -> List[str]:
        return [line.rstrip("\r\n") for line in self._stderr.lines()]

    def wait_for_stderr(self, text: str, timeout: Optional[float] = 5.0) -> bool:
        """Waits until ``text`` appears in the buffered stderr; returns whether it did."""
        return self._stderr.wait_for(lambda current: text in current, timeout)

    # -- calls -------------------------------------------------------------

    def call(self, method: str, params: Optional[Mapping[str, Any]] = None,
             timeout: Optional[float] = None) -> Any:
        """Sends a request and returns its ``result``.

        Raises the :class:`CheckoutdError` subclass matching ``error.data.reason``,
        :class:`CallTimeout` after ``timeout`` seconds (the request is then
        cancelled with ``$/cancelRequest``), or :class:`ProcessExited`.
        """
        timeout = self.timeout if timeout is None else timeout
        request_id = next(self._ids)
        line = encode_line(request_message(method, params, request_id))
        pending = _Pending(method, len(line) - 1)
        self._register({request_id: pending})
        try:
            self._send(line)
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        if not self._wait(pending, timeout):
            with self._lock:
                still_pending = self._pending.pop(request_id, None) is not None
            if still_pending:
                self._abandoned.add(request_id, method)
                try:
                    self.notify("$/cancelRequest", {"id": request_id})
                except TransportError:
                    pass
                raise CallTimeout(method, request_id, timeout)  # type: ignore[arg-type]
            self._wait(pending, None)  # answered while it timed out: it is done
        if pending.exception is not None:
            raise pending.exception
        return result_of(pending.response or {})

    def call_batch(self, calls: Iterable[Any], timeout: Optional[float] = None) -> List[Any]:
        """Sends up to 1000 calls as one JSON-RPC batch line and returns their
        outcomes in order: each call's ``result``, or the
        :class:`CheckoutdError` of its error *in its place* (returned, not
        raised), or ``None`` for a notification.

        A call is a ``(method, params)`` pair (``params`` may be ``None``), or
        a mapping ``{"method": …, "params": …, "notification": True}`` for a
        notification (sent in the batch, never answered). More than 1000
        calls raise ``ValueError`` before anything is sent; none return ``[]``.
        Raises :class:`CallTimeout` when the outcomes are not all in after
        ``timeout`` seconds (the missing calls are then cancelled), a
        :class:`CheckoutdError` when the service refuses the whole line (e.g.
        :class:`LineTooLong`), or :class:`ProcessExited`.
        """
        entries = batch_entries(calls)
        if not entries:
            return []
        timeout = self.timeout if timeout is None else timeout
        ids = batch_ids(entries, self._ids)
        line = encode_line(batch_messages(entries, ids))
        calls = BatchCalls(entries, ids)
        batch = _Batch(calls, len(line) - 1)
        self._register(dict.fromkeys(calls.ids, batch))
        if not calls.ids:  # notifications only: nothing comes back
            self._send(line)
            return calls.outcomes
        try:
            self._send(line)
        except BaseException:
            self._forget(batch)
            raise
        if not self._wait(batch, timeout):
            missing = self._forget(batch)
            if missing:
                for request_id in missing:
                    self._abandoned.add(request_id, calls.method_of(request_id))
                try:
                    self._send(encode_line([request_message("$/cancelRequest", {"id": request_id},
                                                            notification=True) for request_id in missing]))
                except TransportError:
                    pass
                raise CallTimeout(f"a batch of {len(entries)} calls", missing, timeout)  # type: ignore[arg-type]
            self._wait(batch, None)
        if batch.exception is not None:
            raise batch.exception
        return calls.outcomes

    def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no id, never answered)."""
        with self._lock:
            if self._failure is not None:
                raise self._failure
        self._send(encode_line(request_message(method, params, notification=True)))

    def _register(self, entries: Mapping[int, Any]) -> None:
        """Enters calls in the pending table, or raises the failure that ended
        the conversation (under one lock, so none is entered after it failed)."""
        with self._lock:
            if self._failure is not None:
                raise self._failure
            self._pending.update(entries)

    def _forget(self, batch: _Batch) -> List[int]:
        """Takes a batch's calls out of the pending table; returns the ids still missing."""
        with self._lock:
            return [request_id for request_id in batch.calls.ids if self._pending.pop(request_id, None) is not None]

    def _send(self, line: bytes) -> None:
        with self._write_lock:
            stdin = self.process.stdin
            if stdin is None or stdin.closed:
                raise self._failure or ProcessExited("checkoutd stdin is closed",
                                                     self.process.poll(), self._stderr.text())
            try:
                written = os.write(self._stdin_fd, line)
                if written < len(line):
                    self._send_rest(memoryview(line)[written:])
            except (BrokenPipeError, OSError, ValueError) as error:
                failure = ProcessExited(f"cannot write to checkoutd: {error}",
                                        self.process.poll(), self._stderr.text())
                raise failure from error

    def _send_rest(self, rest: memoryview) -> None:
        """Writes the rest of a line the pipe had no room for; while it waits,
        reads stdout if no other thread does (the service may be waiting for
        its answers to be read before it reads more)."""
        poller = select.poll()
        poller.register(self._stdin_fd, select.POLLOUT)
        while rest:
            if not self._stdout_done and self._read_lock.acquire(blocking=False):
                try:
                    poller.register(self._stdout_fd, select.POLLIN)
                    ready = dict(poller.poll())
                    poller.unregister(self._stdout_fd)
                    if ready.get(self._stdout_fd):
                        self._read_chunk()
                finally:
                    self._read_lock.release()
                    self._hand_over()
            else:
                poller.poll(50)
            try:
                rest = rest[os.write(self._stdin_fd, rest):]
            except BlockingIOError:
                pass

    # -- reading stdout ------------------------------------------------------
    #
    # No thread of its own reads stdout: a call waiting for its answer reads it
    # itself when no other thread is reading, hands every response it reads to
    # the call it answers, and on getting its own passes the reading on to a
    # call still waiting. A lone caller thus reads its own answer straight off
    # the pipe, and many threads share one reader at a time.

    def _wait(self, waiter: _Pending, timeout: Optional[float]) -> bool:
        """Waits until ``waiter`` is done, reading stdout when no other thread
        does; False when ``timeout`` seconds passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        registered = False
        try:
            while not waiter.done:
                if self._read_lock.acquire(blocking=False):
                    try:
                        while not waiter.done and self._read_chunk(deadline):
                            pass
                    finally:
                        self._read_lock.release()
                    if not waiter.done and self._stdout_done:
                        with self._lock:  # entered just as stdout ended
                            waiter.fail(self._failure or ProcessExited(
                                "checkoutd exited", self.process.poll(), self._stderr.text()))
                    if not waiter.done and _expired(deadline):
                        return False
                elif not registered:
                    # Another thread reads: be one it may hand the reading to,
                    # then try once more (it may have stopped in between).
                    waiter.event = threading.Event()
                    with self._lock:
                        self._waiters[waiter] = None
                    registered = True
                else:
                    remaining = _remaining(deadline)
                    if remaining is not None and remaining <= 0:
                        return False
                    event = waiter.event
                    assert event is not None
                    event.clear()
                    if not waiter.done:
                        event.wait(remaining)
            return True
        finally:
            if registered:
                with self._lock:
                    del self._waiters[waiter]
            if self._waiters:
                self._hand_over()

    def _hand_over(self) -> None:
        """Wakes one call still waiting, to read in its turn, when no thread reads."""
        if self._read_lock.locked():
            return
        with self._lock:
            for waiter in self._waiters:
                if not waiter.done:
                    waiter.wake()
                    return

    def _read_chunk(self, deadline: Optional[float] = None) -> bool:
        """Reads what stdout has (up to READ_CHUNK bytes, waiting until
        ``deadline``) and routes the responses it completes. Called
        holding the read lock. False at the deadline or the end of stdout."""
        if self._stdout_done:
            return False
        if deadline is not None:
            milliseconds = math.ceil(max(0.0, deadline - time.monotonic()) * 1000)
            if not self._stdout_poll.poll(milliseconds):
                return False
        try:
            data = os.read(self._stdout_fd, READ_CHUNK)
        except OSError:
            data = b""
        if not data:
            self._stdout_done = True
            self._at_end_of_stdout()
            return False
        responses = self._responses.feed(data)
        if responses:
            self._route(responses)
        return True

    def _route(self, responses: List[Any]) -> None:
        """Hands each response to the call waiting for its id (a batch's call
        to its place in the batch), after the ``on_response`` hook saw it."""
        with self._lock:
            pop = self._pending.pop
            entries = [pop(response["id"], None) if type(response) is dict and type(response.get("id")) is int
                       else None for response in responses]
        hook = self._on_response
        pending = self._pending
        for response, entry in zip(responses, entries):
            if entry is None:  # not a response, an id: null error, late or unmatched
                entry = route_response(self, response, _nothing, self._take_refused)
                if entry is None:
                    continue
            elif hook is not None:
                try:
                    hook(call_method(entry, response["id"]), response)
                except BaseException as error:  # the reading thread must survive a faulty hook
                    self.hook_errors.append(error)
            finished = entry.answer(response, pending)
            if finished is not None:
                finished.wake()

    def _read_to_end(self, deadline: Optional[float]) -> None:
        """Reads stdout up to its end (or ``deadline``), routing what comes."""
        if not self._read_lock.acquire(timeout=-1 if deadline is None else max(0.0, deadline - time.monotonic())):
            return
        try:
            while self._read_chunk(deadline):
                pass
        finally:
            self._read_lock.release()
            self._hand_over()

    def _at_end_of_stdout(self) -> None:
        try:
            returncode = self.process.wait(self.close_timeout)
        except subprocess.TimeoutExpired:
            returncode = None
        self._stderr_thread.join(1.0)
        self._fail_all(ProcessExited("checkoutd exited", returncode, self._stderr.text()))

    def _take_refused(self, reason: str, number: int) -> Any:
        """The call or batch a ``LINE_TOO_LONG``/``BATCH_TOO_LARGE`` answer is about."""
        with self._lock:
            entry = refused_entry(self._pending.values(), reason, number)
            if entry is not None and not isinstance(entry, _Batch):
                self._pending.pop(next(request_id for request_id, value in self._pending.items()
                                       if value is entry))
            return entry

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        try:
            for raw in self.process.stderr:
                self._stderr.append(raw.decode("utf-8", errors="replace"))
        except (OSError, ValueError):
            pass
        finally:
            self._stderr.notify()

    def _fail_all(self, failure: TransportError) -> None:
        with self._lock:
            if self._failure is None:
                self._failure = failure
            entries, self._pending = list(self._pending.values()), {}
            finished = [entry.fail(self._failure) for entry in entries]
            waiting = list(self._waiters)
        for waiter in [*finished, *waiting]:
            if waiter is not None:
                waiter.wake()


def _nothing(request_id: Any) -> None:
    return None


def _remaining(deadline: Optional[float]) -> Optional[float]:
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def _expired(deadline: Optional[float]) -> bool:
    return deadline is not None and time.monotonic() >= deadline
