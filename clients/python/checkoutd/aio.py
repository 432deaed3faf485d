"""An asyncio client that runs checkoutd as a child process.

    import asyncio
    from checkoutd import AsyncCheckoutd

    async def main():
        async with AsyncCheckoutd(args=["--clock", "2026-11-21T10:00:00Z"], timeout=10) as service:
            results = await asyncio.gather(*(service.mask_apply(str(n), "{{99}}-{{99}}")
                                             for n in range(1000, 1500)))

    asyncio.run(main())

Requests are written as soon as they are made; one reader task parses stdout
and resolves the future of the call with that id, so any number of coroutines
share one process (pipelining). A second task drains stderr into a bounded
buffer. The stream limit is raised (``line_limit``, 64 MiB by default) so long
responses (``rpc.discover``, big values) are read in one piece.

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
from typing import Any, Deque, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ._locate import find_binary
from ._methods import AsyncMethodWrappers
from ._protocol import (AbandonedRequests, ResponseHook, StderrBuffer, decode_line,
                        encode_line, request_message, result_of, route_response)
from .errors import CallTimeout, ProcessExited, ProtocolViolation, TransportError

__all__ = ["AsyncCheckoutd", "DEFAULT_LINE_LIMIT"]

#: Longest line read from the process (``asyncio``'s own default is 64 KiB).
DEFAULT_LINE_LIMIT = 64 * 1024 * 1024


class _Pending:
    __slots__ = ("method", "future")

    def __init__(self, method: str, future: "asyncio.Future[Dict[str, Any]]"):
        self.method = method
        self.future = future


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
        #: Responses that matched no call (e.g. errors with ``id: null``).
        self.unmatched: Deque[Dict[str, Any]] = collections.deque(maxlen=100)
        #: Exceptions raised by ``on_response`` (the reader task survives them).
        self.hook_errors: List[BaseException] = []
        #: Lines on stdout that were not JSON-RPC responses, or were too long.
        self.protocol_errors: List[ProtocolViolation] = []

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
        self._write_lock = asyncio.Lock()
        self._stderr_changed = asyncio.Condition()
        self.process = await asyncio.create_subprocess_exec(
            self.binary, *self.args, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=full_env,
            cwd=self._cwd, limit=self.line_limit)
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
        :class:`CallTimeout` after ``timeout`` seconds (``asyncio.wait_for``
        semantics; the request is then cancelled with ``$/cancelRequest``), or
        :class:`ProcessExited`. Cancelling the awaiting task also sends
        ``$/cancelRequest``.
        """
        timeout = self.timeout if timeout is None else timeout
        self._check_usable()
        request_id = next(self._ids)
        future: "asyncio.Future[Dict[str, Any]]" = asyncio.get_running_loop().create_future()
        self._pending[request_id] = _Pending(method, future)
        try:
            self._write(encode_line(request_message(method, params, request_id)))
        except BaseException:
            self._pending.pop(request_id, None)
            raise
        # No drain: the answer cannot come before the service has read the line.
        try:
            response = await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            self._abandon(request_id, method)
            raise CallTimeout(method, request_id, timeout) from None  # type: ignore[arg-type]
        except asyncio.CancelledError:
            self._abandon(request_id, method)
            raise
        return result_of(response)

    async def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no id, never answered); waits until the pipe has room."""
        self._check_usable()
        self._write(encode_line(request_message(method, params, notification=True)))
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
        process = self._started()
        stdin = process.stdin
        if self._failure is not None:
            raise self._failure
        if stdin is None or stdin.is_closing():
            raise ProcessExited("checkoutd stdin is closed", process.returncode, self._stderr.text())
        try:
            stdin.write(line)
        except (ConnectionError, OSError, RuntimeError) as error:
            raise ProcessExited(f"cannot write to checkoutd: {error}", process.returncode,
                                self._stderr.text()) from error

    def _abandon(self, request_id: int, method: str) -> None:
        """The caller stopped waiting: forget the call, cancel the request."""
        if self._pending.pop(request_id, None) is None:
            return
        self._abandoned.add(request_id, method)
        try:
            self._write(encode_line(request_message("$/cancelRequest", {"id": request_id},
                                                    notification=True)))
        except TransportError:
            pass

    # -- reader tasks ------------------------------------------------------

    async def _read_stdout(self) -> None:
        process = self._started()
        assert process.stdout is not None
        try:
            discarding = False
            try:
                while True:
                    data, complete = await _read_line(process.stdout)
                    if data is None:
                        break
                    if not complete:
                        if not discarding:
                            self.protocol_errors.append(ProtocolViolation(
                                f"a line on stdout is longer than line_limit ({self.line_limit} bytes);"
                                f" dropped: {data[:200]!r}…"))
                        discarding = True
                    elif discarding:
                        discarding = False  # the end of the line that was too long
                    else:
                        self._handle_line(data)
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

    def _handle_line(self, data: bytes) -> None:
        try:
            messages = decode_line(data)
        except ProtocolViolation as violation:
            self.protocol_errors.append(violation)
            return
        for response in messages:
            self._deliver(response)

    def _deliver(self, response: Any) -> None:
        pending = route_response(self, response, lambda request_id: self._pending.pop(request_id, None))
        if pending is not None and not pending.future.done():
            pending.future.set_result(response)

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
            if not entry.future.done():
                entry.future.set_exception(self._failure)
