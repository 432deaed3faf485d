"""An asyncio client that runs checkoutd as a child process.

    import asyncio
    from checkoutd import AsyncCheckoutd

    async def main():
        async with AsyncCheckoutd(args=["--clock", "2026-11-21T10:00:00Z"], timeout=10) as service:
            results = await asyncio.gather(*(service.mask_apply(str(n), "{{99}}-{{99}}")
                                             for n in range(1000, 1500)))

    asyncio.run(main())

Request lines made in one turn of the event loop go out together, in one
write at the end of the turn. One reader task takes what stdout has buffered
(up to 1 MiB at a time), decodes every complete line of it in one go (and
the finished parts of a long batch answer as they come) and resolves the
future of the call with each id, so any number of coroutines
share one process (pipelining). A second task drains stderr into a bounded
buffer. A response line may be up to ``line_limit`` bytes (64 MiB by
default), so long responses (``rpc.discover``, big values) are read in one
piece.

The typed wrappers take the same arguments as :class:`checkoutd.Checkoutd`'s
and return awaitables (both are generated from ``Schemas/`` into
:mod:`checkoutd._methods` and build their params with :mod:`checkoutd.params`).
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import os
from asyncio.subprocess import PIPE
from typing import Any, Deque, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ._locate import find_binary
from ._methods import AsyncMethodWrappers
from ._protocol import (AbandonedRequests, BatchCalls, ResponseHook, ResponseReader, StderrBuffer,
                        batch_entries, batch_ids, batch_messages, call_method, encode_line,
                        refused_entry, request_message, route_response, widen_pipes)
from .errors import CallTimeout, CheckoutdError, ProcessExited, ProtocolViolation, TransportError

__all__ = ["AsyncCheckoutd", "DEFAULT_LINE_LIMIT"]

#: Longest line read from the process (``asyncio``'s own default is 64 KiB).
DEFAULT_LINE_LIMIT = 64 * 1024 * 1024

#: Bytes taken per read from what the stream has buffered (asyncio reads the pipe itself).
STREAM_CHUNK = 1 << 20


class _Pending:
    """A call waiting for its response: ``future`` gets the response object."""

    __slots__ = ("method", "future", "line_bytes")

    def __init__(self, method: str, future: "asyncio.Future[Any]", line_bytes: int):
        self.method = method
        self.future = future
        self.line_bytes = line_bytes

    def answer(self, response: Dict[str, Any], pending: Dict[Any, Any]) -> None:
        if not self.future.done():
            self.future.set_result(response)

    def fail(self, error: BaseException) -> None:
        if not self.future.done():
            self.future.set_exception(error)


class _Batch(_Pending):
    """A :meth:`AsyncCheckoutd.call_batch` waiting for its calls' responses
    (``calls``, each call's id mapping to the batch in the pending table);
    ``future`` gets the list of outcomes once none is missing."""

    __slots__ = ("calls",)

    def __init__(self, future: "asyncio.Future[Any]", calls: BatchCalls, line_bytes: int):
        super().__init__("batch", future, line_bytes)
        self.calls = calls

    def answer(self, response: Dict[str, Any], pending: Dict[Any, Any]) -> None:
        request_id = response.get("id")
        if request_id is None:
            self.fail(self.calls.refused(response, pending))
        elif not self.future.done() and self.calls.record(request_id, response):
            self.future.set_result(self.calls.outcomes)


class _Expired(Exception):
    """Set on a call's future by its timer."""


def _expire(future: "asyncio.Future[Any]") -> None:
    if not future.done():
        future.set_exception(_Expired())


async def _read_line(reader: asyncio.StreamReader) -> Tuple[Optional[bytes], bool]:
    """``(data, complete)``: the next line with its ``\\n`` and ``True``; a piece
    of a line longer than the reader's limit and ``False`` (the rest follows);
    ``(None, True)`` at the end of the stream."""
    try:
        return await reader.readuntil(b"\n"), True
    except asyncio.IncompleteReadError as error:  # end of stream
        return (error.partial or None), True
    except asyncio.LimitOverrunError as error:    # the bytes are still buffered: take them
        return await reader.readexactly(max(error.consumed, 1)), False


def _signal(send) -> None:
    try:
        send()
    except ProcessLookupError:
        pass


class AsyncCheckoutd(AsyncMethodWrappers):
    """checkoutd speaking JSON-RPC 2.0 over its stdio, for asyncio.

    Use it as ``async with AsyncCheckoutd(...) as service:``, or
    ``service = await AsyncCheckoutd(...).start()`` and ``await service.aclose()``.
    The arguments are those of :class:`checkoutd.Checkoutd`, plus ``line_limit``
    (bytes; a response line longer than that is dropped and recorded in
    :attr:`protocol_errors`, and its call is left to its timeout). The client
    belongs to the event loop it was started in. The typed wrappers are those of
    :class:`checkoutd.Checkoutd`, awaited (:class:`checkoutd._methods.AsyncMethodWrappers`).
    """

    def __init__(self, binary: Union[str, "os.PathLike[str]", None] = None,
                 args: Sequence[str] = (), *, timeout: Optional[float] = None,
                 env: Optional[Mapping[str, str]] = None, cwd: Optional[str] = None,
                 stderr_limit: int = 1 << 20, on_response: Optional[ResponseHook] = None,
                 close_timeout: float = 5.0, line_limit: int = DEFAULT_LINE_LIMIT):
        self.binary = find_binary(binary)
        self.args = [str(arg) for arg in args]
        self.timeout = timeout
        self.close_timeout = close_timeout
        self.line_limit = line_limit
        self._env = env
        self._cwd = cwd
        self._on_response = on_response
        self._ids = itertools.count(1)
        self._pending: Dict[int, _Pending] = {}
        self._failure: Optional[TransportError] = None
        self._stderr = StderrBuffer(stderr_limit)
        self._stderr_done = False
        self._abandoned = AbandonedRequests()
        self._closed = False
        # Made in start(), inside the running loop (Python 3.9 binds these at creation).
        self.process: Optional[asyncio.subprocess.Process] = None
        self._starting: Optional["asyncio.Future[None]"] = None
        self._write_lock: Optional[asyncio.Lock] = None
        self._stderr_changed: Optional[asyncio.Condition] = None
        self._stdout_task: Optional["asyncio.Task[None]"] = None
        self._stderr_task: Optional["asyncio.Task[None]"] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._outgoing: List[bytes] = []   # lines made in this turn of the loop, written at its end
        #: Responses that matched no call (e.g. errors with ``id: null``).
        self.unmatched: Deque[Dict[str, Any]] = collections.deque(maxlen=100)
        #: Exceptions raised by ``on_response`` (the reader task survives them).
        self.hook_errors: List[BaseException] = []
        #: Lines on stdout that were not JSON-RPC responses, or were too long.
        self.protocol_errors: List[ProtocolViolation] = []
        self._responses = ResponseReader(self.protocol_errors, line_limit)

    # -- lifecycle ---------------------------------------------------------

    async def start(self) -> "AsyncCheckoutd":
        """Spawns the process (once; later calls return at once). Returns ``self``."""
        if self._closed:
            raise RuntimeError("this AsyncCheckoutd was closed; make a new one")
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._spawn())
        await asyncio.shield(self._starting)
        return self

    async def _spawn(self) -> None:
        full_env = dict(os.environ)
        if self._env:
            full_env.update(self._env)
        self._loop = asyncio.get_running_loop()
        self._write_lock = asyncio.Lock()
        self._stderr_changed = asyncio.Condition()
        self.process = await asyncio.create_subprocess_exec(
            self.binary, *self.args, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=full_env,
            cwd=self._cwd, limit=self.line_limit)
        transport = getattr(self.process, "_transport", None)  # the subprocess transport holds the pipes
        if transport is not None:
            widen_pipes(*(pipe.get_extra_info("pipe") for pipe in
                          (transport.get_pipe_transport(0), transport.get_pipe_transport(1)) if pipe is not None))
        self._stderr_task = asyncio.ensure_future(self._read_stderr())
        self._stdout_task = asyncio.ensure_future(self._read_stdout())

    async def __aenter__(self) -> "AsyncCheckoutd":
        return await self.start()

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.aclose()

    @property
    def pid(self) -> Optional[int]:
        return self.process.pid if self.process else None

    @property
    def returncode(self) -> Optional[int]:
        return self.process.returncode if self.process else None

    @property
    def alive(self) -> bool:
        return self.process is not None and self._failure is None and self.process.returncode is None

    async def wait(self, timeout: Optional[float] = None) -> int:
        """Waits for the process to exit on its own; returns its exit code.
        Raises ``asyncio.TimeoutError`` after ``timeout`` seconds."""
        process = self._started()
        code = await asyncio.wait_for(process.wait(), timeout)
        if self._stdout_task is not None:
            await asyncio.wait({self._stdout_task}, timeout=timeout)
        return code

    async def aclose(self, timeout: Optional[float] = None) -> Optional[int]:
        """Ends the process: close stdin (the service finishes what it read and
        exits 0), wait, then terminate, then kill, each wait ``timeout`` seconds
        (``close_timeout`` by default). Returns the exit code (``None`` if it
        never started). Calls still waiting fail with :class:`ProcessExited`.
        Idempotent."""
        self._closed = True
        if self._starting is not None and not self._starting.done():
            await asyncio.wait({self._starting})
        process = self.process
        if process is None:
            return None
        timeout = self.close_timeout if timeout is None else timeout
        self._flush()
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), timeout)
        except asyncio.TimeoutError:
            _signal(process.terminate)
            try:
                await asyncio.wait_for(process.wait(), timeout)
            except asyncio.TimeoutError:
                _signal(process.kill)
                await process.wait()
        tasks = {task for task in (self._stdout_task, self._stderr_task) if task is not None}
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)
        self._fail_all(ProcessExited("checkoutd connection closed", process.returncode,
                                     self._stderr.text()))
        return process.returncode

    def _started(self) -> asyncio.subprocess.Process:
        if self.process is None:
            raise RuntimeError("AsyncCheckoutd is not started: use `async with` or `await service.start()`")
        return self.process

    # -- stderr ------------------------------------------------------------

    @property
    def stderr(self) -> str:
        """The most recent stderr output (bounded by ``stderr_limit``)."""
        return self._stderr.text()

    def stderr_lines(self) -> List[str]:
        return [line.rstrip("\r\n") for line in self._stderr.lines()]

    async def wait_for_stderr(self, text: str, timeout: Optional[float] = 5.0) -> bool:
        """Waits until ``text`` appears in the buffered stderr; returns whether it did."""
        self._started()
        condition = self._stderr_changed
        assert condition is not None

        async def appears() -> None:
            async with condition:
                await condition.wait_for(lambda: self._stderr_done or text in self._stderr.text())

        try:
            await asyncio.wait_for(appears(), timeout)
        except asyncio.TimeoutError:
            pass
        return text in self._stderr.text()

    # -- calls -------------------------------------------------------------

    async def call(self, method: str, params: Optional[Mapping[str, Any]] = None,
                   timeout: Optional[float] = None) -> Any:
        """Sends a request and returns its ``result``.

        Raises the :class:`CheckoutdError` subclass matching ``error.data.reason``,
        :class:`CallTimeout` after ``timeout`` seconds (the request is then
        cancelled with ``$/cancelRequest``), or :class:`ProcessExited`.
        Cancelling the awaiting task also sends ``$/cancelRequest``.
        """
        timeout = self.timeout if timeout is None else timeout
        self._check_usable()
        request_id = next(self._ids)
        line = encode_line(request_message(method, params, request_id))
        loop = self._loop
        assert loop is not None
        future = loop.create_future()
        self._pending[request_id] = _Pending(method, future, len(line) - 1)
        self._write(line)
        # No drain: the answer cannot come before the service has read the line.
        timer = None if timeout is None else loop.call_later(timeout, _expire, future)
        try:
            response = await future
        except _Expired:
            self._abandon([request_id], method)
            raise CallTimeout(method, request_id, timeout) from None  # type: ignore[arg-type]
        except asyncio.CancelledError:
            self._abandon([request_id], method)
            raise
        finally:
            if timer is not None:
                timer.cancel()
        if "error" in response:
            raise CheckoutdError.from_error(response["error"])
        return response.get("result")

    async def call_batch(self, calls: Iterable[Any], timeout: Optional[float] = None) -> List[Any]:
        """Sends up to 1000 calls as one JSON-RPC batch line and returns their
        outcomes in order: each call's ``result``, or the
        :class:`CheckoutdError` of its error *in its place* (returned, not
        raised), or ``None`` for a notification. The calls are those of
        :meth:`checkoutd.Checkoutd.call_batch`, and so are the errors raised
        (``ValueError`` over 1000 calls, :class:`CallTimeout` after ``timeout``
        seconds with the missing calls cancelled, :class:`LineTooLong`,
        :class:`ProcessExited`); cancelling the awaiting task cancels the
        calls not answered yet.
        """
        entries = batch_entries(calls)
        if not entries:
            return []
        timeout = self.timeout if timeout is None else timeout
        self._check_usable()
        ids = batch_ids(entries, self._ids)
        line = encode_line(batch_messages(entries, ids))
        loop = self._loop
        assert loop is not None
        calls = BatchCalls(entries, ids)
        batch = _Batch(loop.create_future(), calls, len(line) - 1)
        self._pending.update(dict.fromkeys(calls.ids, batch))
        self._write(line)
        if not calls.ids:  # notifications only: nothing comes back
            return calls.outcomes
        timer = None if timeout is None else loop.call_later(timeout, _expire, batch.future)
        try:
            return await batch.future
        except _Expired:
            missing = self._abandon(calls.ids, "batch")
            raise CallTimeout(f"a batch of {len(entries)} calls", missing, timeout) from None  # type: ignore[arg-type]
        except asyncio.CancelledError:
            self._abandon(calls.ids, "batch")
            raise
        finally:
            if timer is not None:
                timer.cancel()

    async def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no id, never answered); waits until the pipe has room."""
        self._check_usable()
        self._write(encode_line(request_message(method, params, notification=True)))
        self._flush()
        process = self._started()
        assert self._write_lock is not None and process.stdin is not None
        async with self._write_lock:  # concurrent drain() is not safe before Python 3.10
            try:
                await process.stdin.drain()
            except (ConnectionError, OSError) as error:
                raise ProcessExited(f"cannot write to checkoutd: {error}", process.returncode,
                                    self._stderr.text()) from error

    def _check_usable(self) -> None:
        self._started()
        if self._failure is not None:
            raise self._failure

    def _write(self, line: bytes) -> None:
        """Queues a line; the lines of one turn of the event loop go out in one write."""
        process = self._started()
        stdin = process.stdin
        if self._failure is not None:
            raise self._failure
        if stdin is None or stdin.is_closing():
            raise ProcessExited("checkoutd stdin is closed", process.returncode, self._stderr.text())
        if not self._outgoing:
            assert self._loop is not None
            self._loop.call_soon(self._flush)
        self._outgoing.append(line)

    def _flush(self) -> None:
        if not self._outgoing:
            return
        data = self._outgoing[0] if len(self._outgoing) == 1 else b"".join(self._outgoing)
        self._outgoing = []
        process = self.process
        if process is None or process.stdin is None or process.stdin.is_closing():
            return  # closed since: the calls fail when the process is gone
        try:
            process.stdin.write(data)
        except (ConnectionError, OSError, RuntimeError):
            pass  # the process is gone: its end fails every waiting call

    def _abandon(self, request_ids: List[int], method: str) -> List[int]:
        """The caller stopped waiting: forget the calls, cancel their requests.
        Returns the ids that were still waiting."""
        missing = []
        for request_id in request_ids:
            entry = self._pending.pop(request_id, None)
            if entry is not None:
                missing.append(request_id)
                self._abandoned.add(request_id, call_method(entry, request_id))
        if missing and self._failure is None:
            cancels = [request_message("$/cancelRequest", {"id": request_id}, notification=True)
                       for request_id in missing]
            try:
                self._write(encode_line(cancels[0] if len(cancels) == 1 else cancels))
            except TransportError:
                pass
        return missing

    # -- reader tasks ------------------------------------------------------

    async def _read_stdout(self) -> None:
        process = self._started()
        stdout = process.stdout
        assert stdout is not None
        try:
            try:
                while True:
                    data = await stdout.read(STREAM_CHUNK)
                    if not data:
                        break
                    responses = self._responses.feed(data)
                    if responses:
                        self._route(responses)
            except (ConnectionError, OSError):
                pass
            try:
                await asyncio.wait_for(process.wait(), self.close_timeout)
            except asyncio.TimeoutError:
                pass
            if self._stderr_task is not None:
                await asyncio.wait({self._stderr_task}, timeout=1.0)
        finally:
            self._fail_all(ProcessExited("checkoutd exited", process.returncode, self._stderr.text()))

    def _route(self, responses: List[Any]) -> None:
        pending = self._pending
        for response in responses:
            entry = route_response(self, response, self._take_pending, self._take_refused)
            if entry is not None:
                entry.answer(response, pending)

    def _take_pending(self, request_id: Any) -> Any:
        return self._pending.pop(request_id, None)

    def _take_refused(self, reason: str, number: int) -> Any:
        """The call or batch a ``LINE_TOO_LONG``/``BATCH_TOO_LARGE`` answer is about."""
        entry = refused_entry(self._pending.values(), reason, number)
        if entry is not None and not isinstance(entry, _Batch):
            self._pending.pop(next(request_id for request_id, value in self._pending.items() if value is entry))
        return entry

    async def _read_stderr(self) -> None:
        process = self._started()
        assert process.stderr is not None and self._stderr_changed is not None
        try:
            while True:
                data, _ = await _read_line(process.stderr)
                if data is None:
                    break
                self._stderr.append(data.decode("utf-8", errors="replace"))
                async with self._stderr_changed:
                    self._stderr_changed.notify_all()
        except (ConnectionError, OSError):
            pass
        finally:
            self._stderr_done = True
            self._stderr.notify()
        async with self._stderr_changed:
            self._stderr_changed.notify_all()

    def _fail_all(self, failure: TransportError) -> None:
        if self._failure is None:
            self._failure = failure
        pending, self._pending = list(self._pending.values()), {}
        for entry in pending:
            entry.fail(self._failure)
