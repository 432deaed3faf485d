"""A thread-safe client that runs checkoutd as a child process.

One writer lock serialises request lines on the child's stdin; one reader
thread parses the child's stdout and hands each response to the call waiting
for its id, so calls made from several threads are pipelined over the same
process. A second thread drains stderr into a bounded buffer (logs).
"""

from __future__ import annotations

import collections
import itertools
import os
import subprocess
import threading
from typing import Any, Deque, Dict, List, Mapping, Optional, Sequence, Union

from ._locate import find_binary
from ._methods import MethodWrappers
from ._protocol import (AbandonedRequests, ResponseHook, StderrBuffer, decode_line,
                        encode_line, request_message, result_of, route_response)
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
    __slots__ = ("method", "event", "response", "exception")

    def __init__(self, method: str):
        self.method = method
        self.event = threading.Event()
        self.response: Optional[Dict[str, Any]] = None
        self.exception: Optional[BaseException] = None


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
        self._lock = threading.Lock()          # guards _pending and _failure
        self._write_lock = threading.Lock()    # one line at a time on stdin
        self._pending: Dict[int, _Pending] = {}
        self._failure: Optional[TransportError] = None
        self._stderr = StderrBuffer(stderr_limit)
        self._abandoned = AbandonedRequests()
        #: Responses that matched no pending call (e.g. errors with ``id: null``).
        self.unmatched: Deque[Dict[str, Any]] = collections.deque(maxlen=100)
        #: Exceptions raised by ``on_response`` (the reader thread survives them).
        self.hook_errors: List[BaseException] = []
        #: Lines on stdout that were not JSON-RPC responses (should stay empty).
        self.protocol_errors: List[ProtocolViolation] = []

        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        self.process = subprocess.Popen(
            [self.binary, *self.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=full_env, cwd=cwd)
        self._stdout_thread = threading.Thread(
            target=self._read_stdout, name=f"checkoutd-stdout-{self.process.pid}", daemon=True)
        self._stderr_thread = threading.Thread(
            target=self._read_stderr, name=f"checkoutd-stderr-{self.process.pid}", daemon=True)
        self._stdout_thread.start()
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
        """Waits for the process to exit on its own; returns its exit code."""
        code = self.process.wait(timeout)
        self._stdout_thread.join(timeout)
        return code

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
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._stdout_thread.join(timeout)
        self._stderr_thread.join(timeout)
        for stream in (self.process.stdout, self.process.stderr):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
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
        pending = _Pending(method)
        with self._lock:
            if self._failure is not None:
                raise self._failure
            request_id = next(self._ids)
            self._pending[request_id] = pending
        try:
            self._send(request_message(method, params, request_id))
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        if not pending.event.wait(timeout):
            with self._lock:
                still_pending = self._pending.pop(request_id, None) is not None
            if still_pending:
                self._abandoned.add(request_id, method)
                try:
                    self.notify("$/cancelRequest", {"id": request_id})
                except TransportError:
                    pass
                raise CallTimeout(method, request_id, timeout)  # type: ignore[arg-type]
        pending.event.wait()  # set at once when the reader took it during our timeout
        if pending.exception is not None:
            raise pending.exception
        return result_of(pending.response or {})

    def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no id, never answered)."""
        with self._lock:
            if self._failure is not None:
                raise self._failure
        self._send(request_message(method, params, notification=True))

    def _send(self, message: Mapping[str, Any]) -> None:
        line = encode_line(message)
        with self._write_lock:
            stdin = self.process.stdin
            if stdin is None or stdin.closed:
                raise self._failure or ProcessExited("checkoutd stdin is closed",
                                                     self.process.poll(), self._stderr.text())
            try:
                stdin.write(line)
                stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as error:
                failure = ProcessExited(f"cannot write to checkoutd: {error}",
                                        self.process.poll(), self._stderr.text())
                raise failure from error

    # -- reader threads ----------------------------------------------------

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        try:
            for raw in self.process.stdout:
                try:
                    messages = decode_line(raw)
                except ProtocolViolation as violation:
                    self.protocol_errors.append(violation)
                    continue
                for response in messages:
                    self._deliver(response)
        except (OSError, ValueError):
            pass
        finally:
            try:
                returncode = self.process.wait(self.close_timeout)
            except subprocess.TimeoutExpired:
                returncode = None
            self._stderr_thread.join(1.0)
            self._fail_all(ProcessExited("checkoutd exited", returncode, self._stderr.text()))

    def _deliver(self, response: Any) -> None:
        pending = route_response(self, response, self._take_pending)
        if pending is not None:
            pending.response = response
            pending.event.set()

    def _take_pending(self, request_id: Any) -> Optional[_Pending]:
        with self._lock:
            return self._pending.pop(request_id, None)

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
            pending, self._pending = list(self._pending.values()), {}
        for entry in pending:
            entry.exception = self._failure
            entry.event.set()
