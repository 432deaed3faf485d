"""Test support: locating the binary, the schema store, the response validator
and a raw-protocol helper that writes arbitrary bytes to the service.

Every response a test sees, through the client or the raw helper, goes through
:class:`ResponseValidator`: the envelope is checked against JSON-RPC 2.0, errors
against ``definitions/Error`` and results against the result schema of the
method of the request with that id.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

TESTS_DIR = Path(__file__).resolve().parent
CLIENT_DIR = TESTS_DIR.parent                      # clients/python
REPO_ROOT = CLIENT_DIR.parent.parent               # the checkout (/work/main)
SCHEMAS_DIR = REPO_ROOT / "Schemas"
CLOCK = "2026-11-21T10:00:00Z"

#: data.reason → code (API.md section 3 and the transport rules of section 1).
REASON_CODES = {
    "PARSE_ERROR": -32700, "INVALID_UTF8": -32700,
    "INVALID_REQUEST": -32600, "LINE_TOO_LONG": -32600, "BATCH_TOO_LARGE": -32600,
    "METHOD_NOT_FOUND": -32601, "INVALID_PARAMS": -32602, "INTERNAL_ERROR": -32603,
    "REQUEST_CANCELLED": -32800,
    "SESSION_NOT_FOUND": 1001, "SESSION_EXPIRED": 1002, "CURRENCY_CHANGE_NOT_ALLOWED": 1004, "UNKNOWN_PRODUCT": 1101,
    "PRODUCT_NOT_AVAILABLE": 1102, "UNKNOWN_ACCOUNT_ON_FILE": 1103, "UNKNOWN_PRODUCT_GROUP": 1104, "VALIDATION_FAILED": 1201,
    "TOKEN_NOT_FOUND": 1301, "THREE_DS_DISABLED": 1401, "CHALLENGE_NOT_FOUND": 1402,
    "UNKNOWN_CURRENCY": 1501, "ENCRYPTION_FAILED": 1502, "STORE_UNAVAILABLE": 1601,
    "SESSION_COMPLETED": 1003, "ACCESS_SESSION_NOT_FOUND": 1302, "PAYMENT_NOT_FOUND": 1701, "DECRYPTION_FAILED": 1702, "REPLAYED_REQUEST": 1703, "PAYMENT_NOT_COMPLETABLE": 1704,
}


def binary_path() -> str:
    """``$CHECKOUTD_BIN``, else the checkout's ``.build/debug/checkoutd``."""
    return os.environ.get("CHECKOUTD_BIN") or str(REPO_ROOT / ".build" / "debug" / "checkoutd")


# ---------------------------------------------------------------------------
# Raw JSON text helpers


def raw_member(text: str, name: str) -> str:
    """The exact source text of member ``name`` of the top-level JSON object
    in ``text`` (for byte-for-byte comparisons of ids and results)."""
    decoder = json.JSONDecoder()
    index = _skip_ws(text, 0)
    if text[index:index + 1] != "{":
        raise ValueError(f"not a JSON object: {text[:80]!r}")
    index = _skip_ws(text, index + 1)
    while index < len(text) and text[index] != "}":
        key, index = decoder.raw_decode(text, index)
        index = _skip_ws(text, index)
        if text[index] != ":":
            raise ValueError(f"expected ':' at {index} in {text[:80]!r}")
        start = _skip_ws(text, index + 1)
        _, end = decoder.raw_decode(text, start)
        if key == name:
            return text[start:end]
        index = _skip_ws(text, end)
        if text[index:index + 1] == ",":
            index = _skip_ws(text, index + 1)
    raise KeyError(name)


def _skip_ws(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def id_key(value: Any) -> Tuple[Any, ...]:
    """A hashable key under which a request id and its echo compare equal."""
    if value is None:
        return ("null",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, str):
        return ("str", value)
    if isinstance(value, (int, float)):
        return ("num", value)
    return ("other", json.dumps(value, sort_keys=True))


# ---------------------------------------------------------------------------
# Schemas


class SchemaStore:
    """``Schemas/``: the definitions, one document per method, a registry of all
    of them by ``$id``, and cached Draft 2020-12 validators."""

    def __init__(self, root: Path = SCHEMAS_DIR):
        from jsonschema import Draft202012Validator
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012

        self.root = root
        self._validator_class = Draft202012Validator
        self.definitions_path = root / "definitions.json"
        self.definitions = _load(self.definitions_path)
        self.method_paths: Dict[str, Path] = {}
        self.methods: Dict[str, Dict[str, Any]] = {}
        for path in sorted((root / "methods").glob("*.json")):
            document = _load(path)
            name = path.name[:-len(".json")]
            self.method_paths[name] = path
            self.methods[name] = document
        documents = [self.definitions, *self.methods.values()]
        self.registry = Registry().with_resources(
            (document["$id"], DRAFT202012.create_resource(document))
            for document in documents if isinstance(document.get("$id"), str))
        self._validators: Dict[str, Any] = {}
        self._lock = threading.Lock()

    @property
    def definitions_id(self) -> str:
        return self.definitions["$id"]

    def validator(self, uri: str):
        with self._lock:
            if uri not in self._validators:
                self._validators[uri] = self._validator_class({"$ref": uri}, registry=self.registry)
            return self._validators[uri]

    def params_validator(self, method: str):
        return self.validator(self.methods[method]["$id"] + "#/definitions/params")

    def result_validator(self, method: str):
        return self.validator(self.methods[method]["$id"] + "#/definitions/result")

    def error_validator(self):
        return self.validator(self.definitions_id + "#/definitions/Error")

    def examples(self) -> Iterable[Tuple[str, int, Dict[str, Any]]]:
        for method, document in self.methods.items():
            for index, example in enumerate(document.get("examples") or []):
                yield method, index, example


def _load(path: Path) -> Dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def schema_errors(validator, instance: Any) -> List[str]:
    return [f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message}"
            for error in validator.iter_errors(instance)]


# ---------------------------------------------------------------------------
# Response validation


class ResponseValidator:
    """Checks every response against JSON-RPC 2.0 and ``Schemas/``, and keeps
    the violations so the test that saw them can be failed (see conftest)."""

    def __init__(self, store: SchemaStore):
        self.store = store
        self.seen = 0
        self._violations: List[str] = []
        self._lock = threading.Lock()

    def begin(self) -> None:
        with self._lock:
            self._violations = []

    def take(self) -> List[str]:
        with self._lock:
            violations, self._violations = self._violations, []
            return violations

    def check(self, response: Any, methods: Optional[Sequence[str]], origin: str) -> List[str]:
        """Validates one response; ``methods``: the method(s) of the request(s)
        with its id (``None``/empty when no request had that id)."""
        problems = self.problems(response, methods)
        with self._lock:
            self.seen += 1
            if problems:
                shown = json.dumps(response, ensure_ascii=False)[:600]
                self._violations.append(f"{origin}: {shown}\n    " + "\n    ".join(problems))
        return problems

    def check_result(self, method: str, result: Any, origin: str) -> List[str]:
        return self.check({"jsonrpc": "2.0", "id": 1, "result": result}, [method], origin)

    def check_error(self, error: Any, origin: str) -> List[str]:
        return self.check({"jsonrpc": "2.0", "id": 1, "error": error}, None, origin)

    def problems(self, response: Any, methods: Optional[Sequence[str]]) -> List[str]:
        """What is wrong with ``response`` (nothing recorded)."""
        if not isinstance(response, dict):
            return [f"a response must be a JSON object, not {type(response).__name__}"]
        problems = []
        extra = set(response) - {"jsonrpc", "id", "result", "error"}
        if extra:
            problems.append(f"unexpected members {sorted(extra)}")
        if response.get("jsonrpc") != "2.0":
            problems.append('"jsonrpc" must be "2.0"')
        if "id" not in response:
            problems.append('"id" is missing')
        elif isinstance(response["id"], (bool, dict, list)):
            problems.append(f'"id" has a type no request id can have: {response["id"]!r}')
        if ("result" in response) == ("error" in response):
            problems.append('exactly one of "result" and "error" must be present')
        if "error" in response:
            error = response["error"]
            problems += ["error " + p for p in schema_errors(self.store.error_validator(), error)]
            if isinstance(error, dict) and isinstance(error.get("data"), dict):
                reason, code = error["data"].get("reason"), error.get("code")
                if reason in REASON_CODES and REASON_CODES[reason] != code:
                    problems.append(f"reason {reason} goes with code {REASON_CODES[reason]}, not {code}")
                if reason == "INTERNAL_ERROR" or code == -32603:
                    problems.append("-32603 INTERNAL_ERROR is never expected (API.md section 3)")
        elif "result" in response:
            candidates = [m for m in (methods or []) if m]
            if not candidates:
                problems.append("a result for an id no request of this test used")
            else:
                outcomes = []
                for method in dict.fromkeys(candidates):
                    if method not in self.store.methods:
                        outcomes.append([f"{method} has no schema in Schemas/methods"])
                        continue
                    outcomes.append([f"result of {method} {p}" for p in
                                     schema_errors(self.store.result_validator(method), response["result"])])
                if all(outcomes):
                    problems += [p for outcome in outcomes for p in outcome]
        return problems


# ---------------------------------------------------------------------------
# Raw protocol helper


class RawServer:
    """checkoutd on pipes, driven with raw bytes. Lines read from stdout are
    parsed and validated as they arrive; a line that is not a valid response
    fails the test at once."""

    def __init__(self, binary: str, args: Sequence[str], validator: ResponseValidator):
        self.validator = validator
        self.process = subprocess.Popen([binary, *args], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self._lines: "queue.Queue[Optional[bytes]]" = queue.Queue()
        self._stderr_chunks: List[bytes] = []
        self._sent = b""
        self._methods_by_id: Dict[Tuple[Any, ...], List[str]] = {}
        self._eof = False
        self._out = threading.Thread(target=self._pump_stdout, daemon=True)
        self._err = threading.Thread(target=self._pump_stderr, daemon=True)
        self._out.start()
        self._err.start()

    # writing

    def send(self, data: Union[bytes, str]) -> None:
        """Writes ``data`` as is (one write)."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        self._remember_requests(data)
        assert self.process.stdin is not None
        view = memoryview(data)
        while view:
            written = os.write(self.process.stdin.fileno(), view)
            view = view[written:]

    def send_json(self, message: Any) -> None:
        self.send(dumps(message) + "\n")

    def close_stdin(self) -> None:
        assert self.process.stdin is not None
        if self._sent:
            self._remember_line(self._sent)
            self._sent = b""
        self.process.stdin.close()

    def _remember_requests(self, data: bytes) -> None:
        self._sent += data
        *lines, self._sent = self._sent.split(b"\n")
        for line in lines:
            self._remember_line(line)

    def _remember_line(self, line: bytes) -> None:
        try:
            message = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):   # deeper than Python parses: no request
            return
        for entry in (message if isinstance(message, list) else [message]):
            if isinstance(entry, dict) and "id" in entry and isinstance(entry.get("method"), str):
                self._methods_by_id.setdefault(id_key(entry["id"]), []).append(entry["method"])

    # reading

    def read_line(self, timeout: float = 5.0) -> str:
        """The next stdout line (without its newline), validated."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no response line within {timeout}s; stderr: {self.stderr_text()[-1000:]}")
        if line is None:
            self._lines.put(None)
            raise AssertionError(f"stdout closed (exit code {self.process.poll()}); "
                                 f"stderr: {self.stderr_text()[-1000:]}")
        return self._validated(line)

    def read_json(self, timeout: float = 5.0) -> Any:
        return json.loads(self.read_line(timeout))

    def request(self, message: Any, timeout: float = 5.0) -> Any:
        self.send_json(message)
        return self.read_json(timeout)

    def expect_silence(self, duration: float = 0.3) -> None:
        """Asserts that nothing is written on stdout for ``duration`` seconds."""
        try:
            line = self._lines.get(timeout=duration)
        except queue.Empty:
            return
        if line is None:
            self._lines.put(None)
            return
        raise AssertionError(f"unexpected output line: {line[:500]!r}")

    def read_until_eof(self, timeout: float = 10.0) -> List[str]:
        """Every remaining stdout line until the service closes stdout."""
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"stdout still open after {timeout}s")
            if line is None:
                self._lines.put(None)
                return lines
            lines.append(self._validated(line))

    def _validated(self, line: bytes) -> str:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise AssertionError(f"stdout line is not UTF-8: {line[:200]!r} ({error})")
        try:
            message = json.loads(text)
        except ValueError as error:
            raise AssertionError(f"stdout line is not JSON: {text[:200]!r} ({error})")
        responses = message if isinstance(message, list) else [message]
        if isinstance(message, list) and not message:
            raise AssertionError("an empty array is never a valid response line")
        problems = []
        for response in responses:
            methods = (self._methods_by_id.get(id_key(response.get("id")))
                       if isinstance(response, dict) else None)
            problems += self.validator.check(response, methods, "raw")
        if problems:
            raise AssertionError(f"invalid response line {text[:300]!r}:\n  " + "\n  ".join(problems))
        return text

    def _pump_stdout(self) -> None:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        buffer = b""
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                self._lines.put(line)
        if buffer:
            self._lines.put(buffer)   # an unterminated last line is still reported
        self._lines.put(None)

    def _pump_stderr(self) -> None:
        assert self.process.stderr is not None
        fd = self.process.stderr.fileno()
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            self._stderr_chunks.append(chunk)

    def stderr_text(self) -> str:
        return b"".join(self._stderr_chunks).decode("utf-8", errors="replace")

    # lifecycle

    def wait(self, timeout: float = 5.0) -> int:
        code = self.process.wait(timeout)
        self._err.join(timeout)
        return code

    def close(self) -> Optional[int]:
        try:
            if self.process.stdin and not self.process.stdin.closed:
                self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._out.join(5)
        self._err.join(5)
        for stream in (self.process.stdout, self.process.stderr):
            if stream:
                stream.close()
        return self.process.returncode


def dumps(message: Any) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def request(id_: Any, method: str, params: Any = None) -> Dict[str, Any]:
    message: Dict[str, Any] = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return message


def notification(method: str, params: Any = None) -> Dict[str, Any]:
    message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return message


def luhn_complete(body: str) -> str:
    """body + the check digit that makes the number pass Luhn."""
    total = 0
    for index, char in enumerate(reversed(body)):
        digit = int(char)
        if index % 2 == 0:
            digit *= 2
            digit -= 9 if digit > 9 else 0
        total += digit
    return body + str((10 - total % 10) % 10)


def line(message: Any) -> bytes:
    """A request as one protocol line."""
    return (dumps(message) + "\n").encode()


def send(process: subprocess.Popen, data: bytes) -> bool:
    """Writes ``data`` to the process's stdin; False once the pipe is broken."""
    view = memoryview(data)
    try:
        while view:
            view = view[os.write(process.stdin.fileno(), view):]
    except (BrokenPipeError, OSError, ValueError):
        return False
    return True
