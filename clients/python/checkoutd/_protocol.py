"""Pieces of the JSON-RPC conversation shared by the sync and the asyncio client:
framing one message as a line, turning a response into a result or an
exception, the bounded stderr buffer, and the memory of abandoned requests."""

from __future__ import annotations

import collections
import json
import threading
from typing import Any, Callable, Deque, Dict, List, Mapping, Optional

from .errors import CheckoutdError, ProtocolViolation

#: Called with (request method or None, response object) for every response
#: the client receives, before the waiting call is woken (from the reader thread
#: of :class:`Checkoutd`, from the reader task of :class:`AsyncCheckoutd`).
ResponseHook = Callable[[Optional[str], Dict[str, Any]], None]


def request_message(method: str, params: Optional[Mapping[str, Any]], request_id: Any = None,
                    *, notification: bool = False) -> Dict[str, Any]:
    message: Dict[str, Any] = {"jsonrpc": "2.0"}
    if not notification:
        message["id"] = request_id
    message["method"] = method
    if params is not None:
        message["params"] = params
    return message


def encode_line(message: Mapping[str, Any]) -> bytes:
    """One compact JSON text in UTF-8, terminated by ``\\n`` (JSON never holds a raw newline)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8") + b"\n"


def decode_line(line: bytes) -> List[Any]:
    """The messages of one line read from stdout (several for a batch answer,
    none for an empty line). Raises :class:`ProtocolViolation` for anything
    that is not JSON in UTF-8."""
    line = line.rstrip(b"\r\n")
    if not line:
        return []
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise ProtocolViolation(f"not a JSON line on stdout: {line[:200]!r} ({error})") from None
    return message if isinstance(message, list) else [message]


def result_of(response: Mapping[str, Any]) -> Any:
    """The ``result`` of a response, or the typed exception of its ``error``."""
    if "error" in response:
        raise CheckoutdError.from_error(response["error"])
    return response.get("result")


def client_id(value: Any) -> bool:
    """Whether ``value`` can be an id this client sent (a positive int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


class AbandonedRequests:
    """Ids of requests the caller stopped waiting for (timeout, cancellation),
    with their method, so the late response can still be attributed. Bounded:
    the oldest are forgotten first."""

    def __init__(self, limit: int = 1000):
        self._methods: "collections.OrderedDict[int, str]" = collections.OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def add(self, request_id: int, method: str) -> None:
        with self._lock:
            self._methods[request_id] = method
            while len(self._methods) > self._limit:
                self._methods.popitem(last=False)

    def take(self, request_id: Any) -> Optional[str]:
        """The method of an abandoned request, forgotten from now on; ``None`` if unknown."""
        with self._lock:
            return self._methods.pop(request_id, None) if client_id(request_id) else None


class StderrBuffer:
    """The most recent stderr lines, at most ``limit`` bytes of them (the newest
    line is always kept). Thread-safe; :meth:`wait_for` is for threads."""

    def __init__(self, limit: int):
        self._limit = limit
        self._lines: Deque[str] = collections.deque()
        self._size = 0
        self._dropped = 0
        self._cond = threading.Condition()

    def append(self, line: str) -> None:
        with self._cond:
            self._lines.append(line)
            self._size += len(line)
            while self._size > self._limit and len(self._lines) > 1:
                self._size -= len(self._lines.popleft())
                self._dropped += 1
            self._cond.notify_all()

    def lines(self) -> List[str]:
        with self._cond:
            return list(self._lines)

    def text(self) -> str:
        with self._cond:
            return "".join(self._lines)

    @property
    def dropped(self) -> int:
        """How many lines were dropped to stay within the limit."""
        with self._cond:
            return self._dropped

    def wait_for(self, predicate: Callable[[str], bool], timeout: Optional[float]) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: predicate("".join(self._lines)), timeout)

    def notify(self) -> None:
        with self._cond:
            self._cond.notify_all()


def route_response(client: Any, response: Any, take_pending: Callable[[Any], Any]) -> Any:
    """The waiting call ``response`` answers, taken with ``take_pending(id)``, or
    None. Both clients route responses this way: a non-object is a protocol
    violation; the ``on_response`` hook sees every response with its method (a
    late answer to a timed-out call keeps its method, then is dropped); an answer
    to nothing is kept in ``unmatched``."""
    if not isinstance(response, dict):
        client.protocol_errors.append(ProtocolViolation(f"not a response object: {response!r}"))
        return None
    request_id = response.get("id")
    pending = take_pending(request_id) if client_id(request_id) else None
    late_method = None if pending else client._abandoned.take(request_id)
    if client._on_response is not None:
        try:
            client._on_response(pending.method if pending else late_method, response)
        except BaseException as error:  # the reader must survive a faulty hook
            client.hook_errors.append(error)
    if pending is None and late_method is None:
        client.unmatched.append(response)
    return pending
