"""Finding the binary: the argument, $CHECKOUTD_BIN, the binary the package
carries (the wheel's checkoutd/_bin/checkoutd), PATH, then a checkout's
.build/release before .build/debug (above the package, then above the current
directory, for a package installed with `pip install clients/python`).
Uses fake executables in a temporary tree; nothing is run."""

from __future__ import annotations

import os

import pytest

from checkoutd import BinaryNotFound, _locate, find_binary, packaged_binary


def executable(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


@pytest.fixture
def nowhere(monkeypatch, tmp_path):
    """No $CHECKOUTD_BIN, an empty PATH, a package outside any checkout, cwd without a build."""
    monkeypatch.delenv("CHECKOUTD_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty-path"))
    monkeypatch.setattr(_locate, "__file__", str(tmp_path / "site-packages" / "checkoutd" / "_locate.py"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_nothing_found_is_binary_not_found(nowhere):
    with pytest.raises(BinaryNotFound):
        find_binary()


def test_release_build_before_debug_build_nearest_checkout_first(nowhere):
    checkout = nowhere / "repo"
    debug = executable(checkout / ".build" / "debug" / "checkoutd")
    assert _locate._find_in_checkout(checkout / "clients" / "python" / "checkoutd") == debug
    release = executable(checkout / ".build" / "release" / "checkoutd")
    assert _locate._find_in_checkout(checkout / "clients" / "python" / "checkoutd") == release
    nested = executable(checkout / "clients" / ".build" / "debug" / "checkoutd")
    assert _locate._find_in_checkout(checkout / "clients" / "python") == nested


def test_a_build_above_the_package_comes_first(nowhere, monkeypatch):
    package_checkout = nowhere / "package-repo"
    from_package = executable(package_checkout / ".build" / "debug" / "checkoutd")
    monkeypatch.setattr(_locate, "__file__", str(package_checkout / "clients" / "python" / "checkoutd" / "_locate.py"))
    cwd_checkout = nowhere / "cwd-repo"
    executable(cwd_checkout / ".build" / "release" / "checkoutd")
    monkeypatch.chdir(cwd_checkout)
    assert find_binary() == from_package


def test_an_installed_package_finds_the_build_of_the_checkout_it_runs_in(nowhere, monkeypatch):
    checkout = nowhere / "repo"
    release = executable(checkout / ".build" / "release" / "checkoutd")
    (checkout / "clients" / "python").mkdir(parents=True)
    monkeypatch.chdir(checkout / "clients" / "python")
    assert find_binary() == release


def test_order_argument_environment_path_checkout(nowhere, monkeypatch):
    checkout = executable(nowhere / ".build" / "release" / "checkoutd")
    assert find_binary() == checkout
    on_path = executable(nowhere / "bin" / "checkoutd")
    monkeypatch.setenv("PATH", str(nowhere / "bin"))
    assert find_binary() == on_path
    from_env = executable(nowhere / "env" / "checkoutd")
    monkeypatch.setenv("CHECKOUTD_BIN", from_env)
    assert find_binary() == from_env
    argument = executable(nowhere / "arg" / "checkoutd")
    assert find_binary(argument) == argument
    assert find_binary(os.fsencode(argument).decode()) == argument


def test_a_file_that_is_not_executable_is_refused(nowhere, monkeypatch):
    plain = nowhere / "plain"
    plain.write_text("")
    with pytest.raises(BinaryNotFound, match="not executable"):
        find_binary(str(plain))


def test_the_binary_the_package_carries_comes_after_the_environment_and_before_path(nowhere, monkeypatch):
    on_path = executable(nowhere / "bin" / "checkoutd")
    monkeypatch.setenv("PATH", str(nowhere / "bin"))
    assert packaged_binary() is None
    assert find_binary() == on_path
    packaged = executable(nowhere / "site-packages" / "checkoutd" / "_bin" / "checkoutd")
    assert packaged_binary() == packaged
    assert find_binary() == packaged
    from_env = executable(nowhere / "env" / "checkoutd")
    monkeypatch.setenv("CHECKOUTD_BIN", from_env)
    assert find_binary() == from_env
    argument = executable(nowhere / "arg" / "checkoutd")
    assert find_binary(argument) == argument


def test_a_packaged_file_that_is_not_executable_is_not_the_packaged_binary(nowhere):
    plain = nowhere / "site-packages" / "checkoutd" / "_bin" / "checkoutd"
    plain.parent.mkdir(parents=True)
    plain.write_text("")
    assert packaged_binary() is None
    with pytest.raises(BinaryNotFound):
        find_binary()
