"""The shell examples in clients/shell run against the binary under test and
print what they promise (CI runs them through this file). They need bash and
jq; a missing jq fails here rather than skipping, so the examples never go
untested silently."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from typing import Dict, List

import pytest

from _support import REPO_ROOT

SHELL_DIR = REPO_ROOT / "clients" / "shell"

EXPECTED: Dict[str, List[str]] = {
    "pipe.sh": [
        r"1 checkoutd \S+, clock 2026-11-21T10:00:00Z, \d+ methods",
        "2 4111 1111 1111 1111 ",
        "3 amex validationSuccess=true",
        "4 320 USD at 3.2",
        "5 3056 930902 5904 (diners)",
        "6 error -32601 METHOD_NOT_FOUND",
    ],
    "call.sh": [
        "mask.apply: 12- (cursor 3)",
        "card.validate: visa, validationSuccess=true",
        "card.format: 5555 5555 5555 4444",
        "session.get: exit status 1, 1001 SESSION_NOT_FOUND",
        "mask.apply: exit status 1",
        "mask.apply: /value must be a string, not integer",
        "mask.apply: /mask is required",
    ],
    "coproc.sh": [
        "session cs_shell for 2999 EUR, expires 2026-11-21T11:00:00Z",
        "card visa (product 1): validationSuccess=true",
        "encrypted: 5 JWE parts, alg RSA-OAEP, enc A256CBC-HS512",
        "error 1201 VALIDATION_FAILED: cardNumber/luhn, expiryDate/expirationDate, cvv/length, cvv/regularExpression",
        "closed: true",
        "session.get: SESSION_NOT_FOUND",
        "checkoutd exited with status 0",
    ],
}


@pytest.fixture(scope="module")
def tools():
    missing = [tool for tool in ("bash", "jq") if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"the shell examples need {', '.join(missing)} (apt-get install -y jq)", pytrace=False)


def run_example(name: str, env: Dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SHELL_DIR / name)], env=env, capture_output=True, text=True,
                          timeout=60, cwd=str(SHELL_DIR))


def environment(**changes: str) -> Dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "CHECKOUTD_BIN"}
    env.update(changes)
    return env


def assert_output(name: str, result: subprocess.CompletedProcess) -> None:
    assert result.returncode == 0, f"{name} exited {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    lines = result.stdout.splitlines()
    expected = EXPECTED[name]
    assert len(lines) == len(expected), result.stdout
    for line, pattern in zip(lines, expected):
        if pattern.startswith("1 checkoutd"):
            assert re.fullmatch(pattern, line), (line, pattern)
        else:
            assert line == pattern


def test_every_example_is_tested():
    assert sorted(path.name for path in SHELL_DIR.glob("*.sh")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_is_strict_bash(name):
    text = (SHELL_DIR / name).read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "\nset -euo pipefail\n" in text
    assert os.access(SHELL_DIR / name, os.X_OK), f"chmod +x clients/shell/{name}"
    subprocess.run(["bash", "-n", str(SHELL_DIR / name)], check=True)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_prints_what_it_promises(name, binary, tools):
    assert_output(name, run_example(name, environment(CHECKOUTD_BIN=binary)))


def test_examples_find_checkoutd_on_path(binary, tools, tmp_path):
    (tmp_path / "checkoutd").symlink_to(binary)
    env = environment(PATH=f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    assert_output("pipe.sh", run_example("pipe.sh", env))


def test_a_missing_binary_is_a_clear_failure(tools, tmp_path):
    result = run_example("call.sh", environment(CHECKOUTD_BIN=str(tmp_path / "nope")))
    assert result.returncode == 2
    assert "set CHECKOUTD_BIN or put checkoutd on PATH" in result.stderr
