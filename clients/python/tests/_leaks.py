"""The leak check (API.md section 2, section 7): no full card number or CVC in a
log line, an error message, the vault, or any response other than the few that
echo what the host sent.

The card numbers are the test cards of this suite: every 13–19 digit string
that passes Luhn in ``tests/*.py`` and in the examples of ``Schemas/methods``
(groups of digits separated by single spaces count too). The CVCs are the
``cvv``/``cvc`` values of the test files.

During the run the conftest feeds every response the validator sees, and the
stderr of every client and raw server the fixtures started, into :data:`LEAKS`;
``test_zz_leaks.py`` (last in the run) adds the vault files under pytest's
temporary directory and asserts that nothing was found.

Responses that echo the host's input by design are not scanned: the *results*
of ``card.format`` (the number as typed, formatted), ``mask.apply`` (the value
given, masked) and ``mask.remove`` (the value given, unmasked). API.md names
the first two; ``mask.remove`` returns its input's placeholder characters, so a
host that unmasks a card number gets it back. Their *errors* are scanned like
every other error. Nor is the result of ``rpc.discover`` when it is the shipped
``Schemas/openrpc.json``: a static document whose method examples use test
cards (test_contract.py checks that it is that file).
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set

from _support import luhn_complete

TESTS_DIR = Path(__file__).resolve().parent
SCHEMAS_DIR = TESTS_DIR.parent.parent.parent / "Schemas"

#: The OpenRPC document rpc.discover returns (see the module docstring).
OPENRPC = json.loads((SCHEMAS_DIR / "openrpc.json").read_text(encoding="utf-8"))
#: Methods whose results echo the host's input (see the module docstring).
ECHO_METHODS = {"card.format", "mask.apply", "mask.remove"}
#: The members of those results.
ECHO_RESULT_MEMBERS = {"formatted", "cursor", "cardBrand", "value"}


def luhn_valid(digits: str) -> bool:
    return len(digits) > 1 and luhn_complete(digits[:-1]) == digits


def _sources() -> Iterable[str]:
    for path in sorted(TESTS_DIR.glob("*.py")):
        yield path.read_text(encoding="utf-8")
    for path in sorted((SCHEMAS_DIR / "methods").glob("*.json")):
        yield json.dumps(json.loads(path.read_text(encoding="utf-8")).get("examples", []))


def card_numbers_of_the_suite() -> Set[str]:
    """Every Luhn-valid 13–19 digit number written in the suite or the schema examples."""
    numbers = set()
    for text in _sources():
        for match in re.finditer(r"(?<![0-9])[0-9](?: ?[0-9]){12,18}(?![0-9])", text):
            digits = match.group().replace(" ", "")
            if 13 <= len(digits) <= 19 and luhn_valid(digits):
                numbers.add(digits)
    return numbers


_CVC_LITERAL = re.compile(r"""["'](?:cvv|cvc)["']\s*:\s*["']([0-9]{3,4})["']"""
                          r"""|\b(?:cvv|cvc)=["']([0-9]{3,4})["']|CVCS\s*=\s*\[([^\]]*)\]""")
#: CVCs that are also common numbers elsewhere (an id, the 3-D Secure code
#: 1234): looked for only next to a cvv/cvc key, never on their own.
_COMMON_NUMBERS = {"123", "1234", "0000", "000", "100", "200", "300"}


def cvcs_of_the_suite() -> Set[str]:
    """The 3–4 digit CVCs the suite sends with cards."""
    cvcs = set()
    for text in _sources():
        for match in _CVC_LITERAL.finditer(text):
            if match.group(3) is not None:
                cvcs.update(re.findall(r"""["']([0-9]{3,4})["']""", match.group(3)))
            else:
                cvcs.add(match.group(1) or match.group(2))
    return cvcs


#: A CVC written next to its key, in a log line or a stored record.
CVC_BY_KEY = re.compile(r"""(?i)\b(?:cvv2?|cvc2?|security_?code)\b["'\s:=]{1,4}([0-9]{3,4})\b""")
_LOGGED_ID = re.compile(r"\bid=\S+")
_DIGIT_SEPARATOR = re.compile(r"(?<=[0-9])[ \-](?=[0-9])")
_DIGIT_SEPARATOR_BYTES = re.compile(rb"(?<=[0-9])[ \-](?=[0-9])")


class LeakLog:
    """Scans what the suite saw; keeps findings, never the scanned data."""

    def __init__(self, card_numbers: Set[str], cvcs: Set[str]):
        self.card_numbers = sorted(card_numbers)
        self.cvcs = sorted(cvcs)
        self.distinctive_cvcs = sorted(c for c in cvcs if c not in _COMMON_NUMBERS)
        self._bare_cvc = re.compile(r"(?<![0-9A-Za-z_.:/-])(?:%s)(?![0-9A-Za-z_.:/-])"
                                    % "|".join(map(re.escape, self.distinctive_cvcs))) if self.distinctive_cvcs else None
        self._pans_utf16 = [number.encode("utf-16-le") for number in self.card_numbers]
        self.findings: List[str] = []
        self.responses = 0
        self.echoed_results = 0
        self.stderr_texts = 0
        self.files = 0
        self.current = "(no test)"
        self._lock = threading.Lock()

    # -- what is looked for

    def numbers_in(self, text: str) -> List[str]:
        joined = _DIGIT_SEPARATOR.sub("", text)
        return [number for number in self.card_numbers if number in joined]

    def numbers_in_bytes(self, data: bytes) -> List[str]:
        joined = _DIGIT_SEPARATOR_BYTES.sub(b"", data)
        found = [number for number in self.card_numbers if number.encode() in joined]
        found += [number for number, wide in zip(self.card_numbers, self._pans_utf16)
                  if wide in data and number not in found]
        return found

    def cvcs_in_log(self, text: str) -> List[str]:
        found = [f"{match.group(0)!r}" for match in CVC_BY_KEY.finditer(text)]
        if self._bare_cvc is not None:
            without_ids = _LOGGED_ID.sub("id=…", text)   # request ids are the host's numbers, logged on purpose
            found += [f"bare {match.group(0)!r}" for match in self._bare_cvc.finditer(without_ids)]
        return found

    def cvcs_in_file(self, data: bytes) -> List[str]:
        found = [f"{match.group(0)!r}" for match in CVC_BY_KEY.finditer(data.decode("latin-1"))]
        found += [f'"{cvc}"' for cvc in self.cvcs if f'"{cvc}"'.encode() in data]
        return found

    # -- what the suite feeds in

    def _record(self, where: str, what: Sequence[str], excerpt: str = "") -> None:
        with self._lock:
            self.findings.append(f"{self.current}: {where}: {', '.join(what)}"
                                 + (f"\n    {excerpt[:300]}" if excerpt else ""))

    def response(self, response: Any, methods: Optional[Sequence[str]]) -> None:
        """A response as the validator sees it, with the methods of the
        request(s) that had its id."""
        with self._lock:
            self.responses += 1
        result = response.get("result") if isinstance(response, dict) else None
        if isinstance(result, dict) and (
                (ECHO_METHODS & set(methods or ()) and set(result) <= ECHO_RESULT_MEMBERS)
                or ("rpc.discover" in (methods or ()) and result == OPENRPC)):
            with self._lock:
                self.echoed_results += 1
            return
        text = json.dumps(response, ensure_ascii=False)
        found = self.numbers_in(text)
        if found:
            self._record("card number in a response", found, text)

    def stderr(self, text: str, origin: str) -> None:
        if not text:
            return
        with self._lock:
            self.stderr_texts += 1
        found = self.numbers_in(text) + self.cvcs_in_log(text)
        if found:
            self._record(f"stderr of {origin}", found)

    def output(self, data: bytes, origin: str) -> None:
        """Raw stdout bytes (tests that drive the binary without the validator).
        Results of the echo methods must not be in it."""
        found = self.numbers_in_bytes(data)
        if found:
            self._record(f"stdout of {origin}", found)

    def vault_file(self, path: Path) -> None:
        data = path.read_bytes()
        with self._lock:
            self.files += 1
        found = self.numbers_in_bytes(data) + self.cvcs_in_file(data)
        if found:
            self._record(f"vault file {path}", found)

    def summary(self) -> Dict[str, int]:
        return {"responses": self.responses, "echoed results skipped": self.echoed_results,
                "stderr texts": self.stderr_texts, "vault files": self.files,
                "card numbers": len(self.card_numbers), "cvcs": len(self.cvcs)}


LEAKS = LeakLog(card_numbers_of_the_suite(), cvcs_of_the_suite())


def vault_files(root: Path) -> List[Path]:
    """The SQLite databases under ``root`` (by their header), with the files
    beside them that share their name (``-wal``, ``-shm``, ``-journal``, ``.key``),
    and any ``*.log`` file."""
    found: Dict[Path, None] = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        if path.suffix == ".log":
            found[path] = None
            continue
        try:
            with open(path, "rb") as handle:
                header = handle.read(16)
        except OSError:
            continue
        if header == b"SQLite format 3\x00":
            found[path] = None
            for sibling in sorted(path.parent.glob(path.name + "*")):
                if sibling.is_file():
                    found[sibling] = None
    return list(found)
