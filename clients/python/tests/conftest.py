"""Fixtures for the end-to-end suite: the real checkoutd binary, spawned by the
client or by the raw-protocol helper, with every response validated against
JSON-RPC 2.0 and ``Schemas/`` (a violation fails the test that saw it).

Every response the validator sees and the stderr of every process these
fixtures start also go to the leak log (``_leaks.py``), which
``test_zz_leaks.py`` checks at the end of the run."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # clients/python: the package

from checkoutd import AsyncCheckoutd, Checkoutd  # noqa: E402

from _leaks import LEAKS  # noqa: E402
from _support import (CLOCK, RawServer, ResponseValidator, SchemaStore,  # noqa: E402
                      binary_path)

_validator: Optional[ResponseValidator] = None
_clients: List[Any] = []   # Checkoutd and AsyncCheckoutd


class _LeakCheckingValidator(ResponseValidator):
    """The response validator that also hands each response to the leak log."""

    def check(self, response, methods, origin):
        LEAKS.response(response, methods)
        return super().check(response, methods, origin)


def shared_validator() -> ResponseValidator:
    global _validator
    if _validator is None:
        _validator = _LeakCheckingValidator(SchemaStore())
    return _validator


def _violations() -> List[str]:
    violations = shared_validator().take()
    for client in _clients:
        violations += [f"client stdout: {error}" for error in client.protocol_errors]
        violations += [f"client response hook: {error!r}" for error in client.hook_errors]
        client.protocol_errors.clear()
        client.hook_errors.clear()
    return violations


def _report(violations: List[str]) -> str:
    return (f"{len(violations)} response(s) violate JSON-RPC 2.0 or Schemas/:\n"
            + "\n".join(violations))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    shared_validator().begin()
    LEAKS.current = item.nodeid
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    try:
        result = yield
    except BaseException as error:
        violations = _violations()
        if violations and hasattr(error, "add_note"):
            error.add_note(_report(violations))
        raise
    violations = _violations()
    if violations:
        pytest.fail(_report(violations), pytrace=False)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    result = yield
    violations = _violations()
    _clients.clear()
    if violations:
        pytest.fail(_report(violations), pytrace=False)
    return result


@pytest.fixture(scope="session")
def binary() -> str:
    path = binary_path()
    if not os.access(path, os.X_OK):
        pytest.fail(f"checkoutd binary not found at {path}: run `swift build` or set CHECKOUTD_BIN",
                    pytrace=False)
    return path


@pytest.fixture(scope="session")
def validator() -> ResponseValidator:
    return shared_validator()


@pytest.fixture(scope="session")
def schemas(validator) -> SchemaStore:
    return validator.store


@pytest.fixture
def make_client(binary, validator) -> Callable[..., Checkoutd]:
    """``make_client(*flags, clock=True, **options)``: a Checkoutd whose
    responses all go through the validator; closed at teardown."""
    started: List[Checkoutd] = []

    def on_response(method: Optional[str], response: Any) -> None:
        validator.check(response, [method] if method else None, "client")

    def make(*flags: str, clock: bool = True, **options: Any) -> Checkoutd:
        args: Sequence[str] = (["--clock", CLOCK] if clock else []) + list(flags)
        options.setdefault("timeout", 10)
        client = Checkoutd(binary, args, on_response=on_response, **options)
        started.append(client)
        _clients.append(client)
        return client

    yield make
    for client in started:
        client.close(timeout=5)
        LEAKS.stderr(client.stderr, f"checkoutd {' '.join(client.args)}")


@pytest.fixture
def make_async_client(binary, validator) -> Callable[..., AsyncCheckoutd]:
    """``make_async_client(*flags, clock=True, **options)``: an AsyncCheckoutd (not
    started: ``async with`` it) whose responses all go through the validator;
    a process the test left running is killed at teardown."""
    made: List[AsyncCheckoutd] = []

    def on_response(method: Optional[str], response: Any) -> None:
        validator.check(response, [method] if method else None, "async client")

    def make(*flags: str, clock: bool = True, **options: Any) -> AsyncCheckoutd:
        args: Sequence[str] = (["--clock", CLOCK] if clock else []) + list(flags)
        options.setdefault("timeout", 10)
        client = AsyncCheckoutd(binary, args, on_response=on_response, **options)
        made.append(client)
        _clients.append(client)
        return client

    yield make
    for client in made:
        if client.pid is not None and client.returncode is None:
            try:
                os.kill(client.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        LEAKS.stderr(client.stderr, f"checkoutd {' '.join(client.args)} (asyncio)")


@pytest.fixture
def client(make_client) -> Checkoutd:
    """checkoutd started with ``--clock 2026-11-21T10:00:00Z``."""
    return make_client()


@pytest.fixture
def make_raw(binary, validator) -> Callable[..., RawServer]:
    """``make_raw(*flags, clock=True)``: a raw-protocol server; closed at teardown."""
    started: List[RawServer] = []

    def make(*flags: str, clock: bool = True) -> RawServer:
        args = (["--clock", CLOCK] if clock else []) + list(flags)
        server = RawServer(binary, args, validator)
        started.append(server)
        return server

    yield make
    for server in started:
        server.close()
        LEAKS.stderr(server.stderr_text(), f"checkoutd {' '.join(server.process.args[1:])} (raw)")


@pytest.fixture
def raw(make_raw) -> RawServer:
    return make_raw()
