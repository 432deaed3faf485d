"""Pieces of the JSON-RPC conversation shared by the sync and the asyncio client:
framing one message as a line, cutting what is read from stdout into lines and
decoding many at once, turning a response into a result or an exception, the
entries of a batch, the bounded stderr buffer, and the memory of abandoned
requests."""

from __future__ import annotations

import collections
import itertools
import json
import threading

try:
    import fcntl
except ImportError:  # not on POSIX
    fcntl = None  # type: ignore[assignment]
from collections import abc
from typing import Any, Callable, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple

from .errors import CheckoutdError, ProtocolViolation

#: The most calls :meth:`call_batch` sends in one batch line (API.md: a batch
#: has at most 1000 entries).
MAX_BATCH = 1000

#: Bytes asked of stdout per read by the sync client: every response the pipe
#: holds, up to 64 KiB (a larger request costs more than it saves: Python
#: allocates the whole size for each read).
READ_CHUNK = 1 << 16

#: The capacity asked for the pipes to and from the process (Linux; the
#: default is 64 KiB): a batch line then goes out in one write, and the
#: service writes a batch's answer without waiting for the client to read.
PIPE_SIZE = 1 << 20


def widen_pipes(*files: Any) -> None:
    """Asks for ``PIPE_SIZE`` on each pipe (where the system allows; else keeps what it has)."""
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if set_size is None:
        return
    for file in files:
        try:
            if fcntl.fcntl(file.fileno(), fcntl.F_GETPIPE_SZ) < PIPE_SIZE:
                fcntl.fcntl(file.fileno(), set_size, PIPE_SIZE)
        except (OSError, ValueError, AttributeError):
            pass

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


_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode
_decode = json.JSONDecoder().decode


def encode_line(message: Any) -> bytes:
    """One compact JSON text in UTF-8, terminated by ``\\n`` (JSON never holds a raw newline)."""
    return _encode(message).encode("utf-8") + b"\n"


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


class ResponseReader:
    """Turns the bytes read from stdout into the messages they complete, in
    order (a batch answer's elements in its place): complete lines, decoded
    together with one ``json.loads``; and, of a batch answer still coming, the
    parts the service marked finished, so its first answers are routed while
    the service works out the rest. The service ends every part of a long
    batch answer but the last with ``,`` and a TAB: JSON whitespace that never
    appears raw anywhere else in its output (strings escape it).

    A line that is not JSON is recorded in ``violations`` and skipped; so is a
    line over ``line_limit`` bytes, if given (the answers of its parts decoded
    before it went over stay delivered), and the rest of it is discarded."""

    __slots__ = ("violations", "line_limit", "_pieces", "_length", "_continued", "_whole", "_discarding")

    def __init__(self, violations: List[ProtocolViolation], line_limit: Optional[int] = None) -> None:
        self.violations = violations
        self.line_limit = line_limit
        self._pieces: List[bytes] = []   # the unfinished line's bytes not decoded yet
        self._length = 0                 # the unfinished line's length so far, decoded parts included
        self._continued = False          # its start (and some parts) were decoded already
        self._whole = False              # its parts are not to be decoded: it waits to be whole
        self._discarding = False         # inside a line over line_limit

    def feed(self, data: bytes) -> List[Any]:
        """The messages that ``data`` completes."""
        if self._discarding:
            end = data.find(b"\n")
            if end < 0:
                return []
            self._discarding = False
            data = data[end + 1:]
        newline = data.rfind(b"\n")
        if newline < 0:
            self._add(data)
            return self._parts() if b"\t" in data and not self._whole else []
        head, tail = data[:newline], data[newline + 1:]
        if self._pieces:
            self._pieces.append(head)
            head = b"".join(self._pieces)
            self._pieces = []
        lines = head.split(b"\n")
        if self._continued:
            lines[0] = b"[" + lines[0]
        messages = self._decode(lines, self._length + newline)
        self._length, self._continued, self._whole = 0, False, False
        if tail:
            self._add(tail)
            if b"\t" in tail and not self._whole:
                messages.extend(self._parts())
        return messages

    @property
    def pending_bytes(self) -> int:
        """The length of the unfinished line so far."""
        return self._length

    def _add(self, data: bytes) -> None:
        self._pieces.append(data)
        self._length += len(data)
        if self.line_limit is not None and self._length > self.line_limit:
            self.violations.append(ProtocolViolation(
                f"a line on stdout is longer than line_limit ({self.line_limit} bytes); "
                f"dropped after {self._length} bytes"))
            self._pieces, self._length, self._continued, self._whole = [], 0, False, False
            self._discarding = True

    def _parts(self) -> List[Any]:
        """The answers of the unfinished line's parts that are complete (up to its last TAB)."""
        if not self._pieces:  # dropped over line_limit
            return []
        data = b"".join(self._pieces) if len(self._pieces) > 1 else self._pieces[0]
        self._pieces = [data]
        mark = data.rfind(b"\t")
        start = 0 if self._continued else 1
        if mark < 1 or data[mark - 1:mark] != b"," or not (self._continued or data[:1] == b"["):
            self._whole = not self._continued
            return []
        try:
            messages = _decode((b"[" + data[start:mark - 1] + b"]").decode("utf-8"))
        except ValueError:  # not parts after all: the line is read when it ends
            self._whole = True
            return []
        rest = data[mark + 1:]
        self._pieces = [rest] if rest else []
        self._continued = True
        return messages

    def _decode(self, lines: List[bytes], length: int) -> List[Any]:
        limit = self.line_limit
        if limit is not None and length > limit and any(len(line) > limit for line in lines):
            for line in lines:
                if len(line) > limit:
                    self.violations.append(ProtocolViolation(
                        f"a line on stdout is longer than line_limit ({limit} bytes); dropped after {len(line)} bytes"))
            lines = [line for line in lines if len(line) <= limit]
        return decode_lines(lines, self.violations)


def decode_lines(lines: List[bytes], violations: List[ProtocolViolation]) -> List[Any]:
    """The messages of complete stdout lines, in order (a batch answer's
    elements in its place), decoded with one ``json.loads`` for all of them
    when they are all JSON; a line that is not is recorded in ``violations``
    and skipped."""
    if len(lines) == 1:
        try:
            message = _decode(lines[0].decode("utf-8"))
        except ValueError:  # UnicodeDecodeError included
            pass
        else:
            return message if isinstance(message, list) else [message]
    elif lines:
        try:
            messages = _decode((b"[" + b",".join(lines) + b"]").decode("utf-8"))
        except ValueError:
            pass
        else:
            if not any(isinstance(message, list) for message in messages):
                return messages
            flat: List[Any] = []
            for message in messages:
                if isinstance(message, list):
                    flat.extend(message)
                else:
                    flat.append(message)
            return flat
    # Some line is blank or not JSON: one at a time, to find it.
    out: List[Any] = []
    for line in lines:
        try:
            out.extend(decode_line(line))
        except ProtocolViolation as violation:
            violations.append(violation)
    return out


def batch_entries(calls: Iterable[Any]) -> List[Tuple[str, Optional[Mapping[str, Any]], bool]]:
    """``(method, params, is_notification)`` of each call of a batch: a
    ``(method, params)`` pair (or ``(method,)``), or a mapping with ``method``,
    optional ``params`` and ``notification: True`` for a notification."""
    entries = []
    for index, call in enumerate(calls):
        if type(call) is tuple and len(call) == 2 and type(call[0]) is str and (
                call[1] is None or type(call[1]) is dict):  # the common case, checked fast
            entries.append((call[0], call[1], False))
            continue
        if isinstance(call, abc.Mapping):
            method, params, notification = call.get("method"), call.get("params"), bool(call.get("notification"))
            unknown = set(call) - {"method", "params", "notification"}
            if unknown:
                raise TypeError(f"call {index} of the batch has unknown keys {sorted(unknown)}")
        elif isinstance(call, (tuple, list)) and 1 <= len(call) <= 2:
            method, params, notification = call[0], (call[1] if len(call) == 2 else None), False
        else:
            raise TypeError(f"call {index} of the batch is neither (method, params) nor a mapping: {call!r}")
        if not isinstance(method, str):
            raise TypeError(f"call {index} of the batch: method must be a string, not {method!r}")
        if params is not None and not isinstance(params, abc.Mapping):
            raise TypeError(f"call {index} of the batch: params must be a mapping or None")
        entries.append((method, params, notification))
    if len(entries) > MAX_BATCH:
        raise ValueError(f"a batch holds at most {MAX_BATCH} calls (the service's limit); this one has "
                         f"{len(entries)}: send them as several batches")
    return entries


def refused_line(response: Any) -> Optional[Tuple[str, int]]:
    """For the ``id: null`` error the service sends for a whole line it would
    not parse (so the id is not known): ``("LINE_TOO_LONG", maxLineBytes)`` or
    ``("BATCH_TOO_LARGE", entries)``; otherwise ``None``."""
    if not isinstance(response, dict) or response.get("id", 0) is not None:
        return None
    error = response.get("error")
    data = error.get("data") if isinstance(error, dict) else None
    if not isinstance(data, dict):
        return None
    reason = data.get("reason")
    number = data.get("maxLineBytes") if reason == "LINE_TOO_LONG" else \
        data.get("entries") if reason == "BATCH_TOO_LARGE" else None
    return (reason, number) if client_id(number) else None


def refused_entry(entries: Iterable[Any], reason: str, number: int) -> Any:
    """The pending entry (a call, or a batch) that a :func:`refused_line`
    answer is about: the oldest one whose line is longer than
    ``maxLineBytes``, or the oldest batch of exactly ``entries`` entries."""
    for entry in entries:
        calls = getattr(entry, "calls", None)
        if reason == "LINE_TOO_LONG" and entry.line_bytes > number:
            return entry
        if reason == "BATCH_TOO_LARGE" and calls is not None and len(calls.outcomes) == number:
            return entry
    return None


def call_method(entry: Any, request_id: Any) -> str:
    """The method of the call ``request_id`` that ``entry`` waits for: a batch's call's own."""
    calls = getattr(entry, "calls", None)
    return calls.method_of(request_id) if calls is not None and client_id(request_id) else entry.method


class BatchCalls:
    """The calls of one ``call_batch`` and their outcomes, each filled in its
    place as its response comes (both clients' batches keep them here). Every
    call's id maps to the batch in the pending table; a call's place is its id
    less the first id when the ids are consecutive (as one thread takes them),
    else looked up."""

    __slots__ = ("outcomes", "ids", "missing", "_methods", "_first", "_places")

    def __init__(self, entries: List[Tuple[str, Optional[Mapping[str, Any]], bool]], ids: List[Optional[int]]):
        self.outcomes: List[Any] = [None] * len(entries)
        self._methods = [method for method, _, _ in entries]
        self.ids: List[int] = [request_id for request_id in ids if request_id is not None]
        self.missing = len(self.ids)
        consecutive = len(self.ids) == len(ids) and self.ids[-1] - self.ids[0] == len(ids) - 1
        self._first = self.ids[0] if consecutive else None
        self._places = None if consecutive else {request_id: place for place, request_id in enumerate(ids)
                                                 if request_id is not None}

    def refused(self, response: Mapping[str, Any], pending: Dict[Any, Any]) -> CheckoutdError:
        """The service refused the whole line (``id: null``, e.g. ``LINE_TOO_LONG``):
        takes every call out of ``pending`` and answers the error to raise."""
        for request_id in self.ids:
            pending.pop(request_id, None)
        return CheckoutdError.from_error(response.get("error"))

    def method_of(self, request_id: int) -> str:
        places = self._places
        return self._methods[request_id - self._first if places is None else places[request_id]]  # type: ignore[operator]

    def record(self, request_id: int, response: Mapping[str, Any]) -> bool:
        """Puts the outcome of the call ``request_id`` in its place: the
        response's ``result``, or its typed error (returned, not raised). True
        when it was the last one missing."""
        places = self._places
        self.outcomes[request_id - self._first if places is None else places[request_id]] = (  # type: ignore[operator]
            CheckoutdError.from_error(response["error"]) if "error" in response else response.get("result"))
        self.missing -= 1
        return self.missing == 0


def batch_ids(entries: List[Tuple[str, Optional[Mapping[str, Any]], bool]], ids: Iterator[int]) -> List[Optional[int]]:
    """An id from ``ids`` for each call of a batch, None for a notification;
    consecutive when no other thread takes ids at the same time."""
    if not any(notification for _, _, notification in entries):
        return list(itertools.islice(ids, len(entries)))
    return [None if notification else next(ids) for _, _, notification in entries]


def batch_messages(entries: List[Tuple[str, Optional[Mapping[str, Any]], bool]],
                   ids: List[Optional[int]]) -> List[Dict[str, Any]]:
    """The request objects of a batch line."""
    return [request_message(method, params, request_id, notification=notification)
            for (method, params, notification), request_id in zip(entries, ids)]


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


def route_response(client: Any, response: Any, take_pending: Callable[[Any], Any],
                   take_refused: Optional[Callable[[str, int], Any]] = None) -> Any:
    """The waiting call ``response`` answers, taken with ``take_pending(id)``, or
    None. Both clients route responses this way: a non-object is a protocol
    violation; a ``LINE_TOO_LONG`` or ``BATCH_TOO_LARGE`` error (``id: null``)
    goes to the call or batch it refused, taken with ``take_refused(reason,
    number)`` (see :func:`refused_line`); the ``on_response`` hook sees every
    response with its method (a late answer to a timed-out call keeps its
    method, then is dropped); an answer to nothing is kept in ``unmatched``."""
    if not isinstance(response, dict):
        client.protocol_errors.append(ProtocolViolation(f"not a response object: {response!r}"))
        return None
    request_id = response.get("id")
    if client_id(request_id):
        pending = take_pending(request_id)
    elif request_id is None and take_refused is not None:
        refused = refused_line(response)
        pending = take_refused(*refused) if refused is not None else None
    else:
        pending = None
    late_method = None if pending else client._abandoned.take(request_id)
    if client._on_response is not None:
        try:
            client._on_response(call_method(pending, request_id) if pending else late_method, response)
        except BaseException as error:  # the reader must survive a faulty hook
            client.hook_errors.append(error)
    if pending is None and late_method is None:
        client.unmatched.append(response)
    return pending
