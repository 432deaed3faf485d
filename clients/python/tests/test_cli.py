"""The command line (API.md section 7): flags, usage errors, `checkoutd call`."""

from __future__ import annotations

import json
import subprocess

import pytest

from _support import CLOCK


def run(binary, *args, stdin: bytes = b"", timeout: float = 10):
    return subprocess.run([binary, *args], input=stdin, capture_output=True, timeout=timeout)


def test_version_prints_a_version_and_exits_0(binary):
    done = run(binary, "--version")
    assert done.returncode == 0
    assert done.stdout.decode().strip()
    assert done.stdout.decode().strip()[0].isdigit()


def test_help_exits_0_and_describes_usage(binary):
    done = run(binary, "--help")
    assert done.returncode == 0
    text = done.stdout.decode() + done.stderr.decode()
    assert "checkoutd" in text and "call" in text


@pytest.mark.parametrize("args", [
    ["--bogus"],
    ["--clock", "yesterday"],
    ["--clock", "2026-13-01T00:00:00Z"],
    ["--clock"],
    ["--log-level", "loud"],
    ["--max-line-bytes", "lots"],
    ["call"],
    ["call", "service.info", "{}", "extra"],
    ["serve", "extra"],
    ["help", "nothing"],
], ids=["unknown-flag", "clock-words", "clock-month-13", "clock-without-value", "bad-log-level",
        "max-line-bytes-not-a-number", "call-without-method", "call-extra-argument", "serve-extra-argument",
        "help-unknown-command"])
def test_usage_errors_exit_2_with_a_message_on_stderr(binary, args):
    done = run(binary, *args)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.strip(), "a usage error explains itself on stderr"
    assert done.stdout == b"", "nothing but protocol lines on stdout"


@pytest.mark.parametrize("args, usage", [
    (["help", "call"], "checkoutd call METHOD"),
    (["call", "--help"], "checkoutd call METHOD"),
    (["serve", "-h"], "checkoutd [serve]"),
    (["help"], "checkoutd [serve]"),
])
def test_help_of_a_command_goes_to_stdout_and_lists_every_flag(binary, args, usage):
    done = run(binary, *args)
    assert done.returncode == 0 and done.stderr == b""
    text = done.stdout.decode()
    assert usage in text
    for flag in ["--clock", "--log-level", "--max-line-bytes", "--session-ttl", "--catalog", "--iin", "--rates",
                 "--private-key", "--data"]:
        assert flag in text


def test_a_flag_takes_its_value_after_an_equals_sign_too(binary):
    done = run(binary, "call", "service.info", f"--clock={CLOCK}")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["now"] == CLOCK


def test_call_prints_the_result_on_stdout_and_exits_0(binary, validator):
    done = run(binary, "call", "mask.apply", '{"value":"12","mask":"{{99}}-{{99}}","cursor":2}')
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert not validator.check_result("mask.apply", result, "cli")
    assert result == {"value": "12-", "cursor": 3}
    assert done.stdout.endswith(b"\n") and done.stdout.count(b"\n") == 1


def test_call_without_params_uses_an_empty_object(binary, validator):
    done = run(binary, "call", "service.info", "--clock", CLOCK)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert not validator.check_result("service.info", result, "cli")
    assert result["startedAt"] == CLOCK and result["now"] == CLOCK


def test_call_takes_params_then_service_flags(binary):
    done = run(binary, "call", "service.info", "{}", "--clock", CLOCK)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["now"] == CLOCK


@pytest.mark.parametrize("args, code, reason", [
    (["call", "no.such"], -32601, "METHOD_NOT_FOUND"),
    (["call", "mask.apply", '{"value":1}'], -32602, "INVALID_PARAMS"),
    (["call", "mask.apply", '[1]'], -32602, "INVALID_PARAMS"),
])
def test_call_error_prints_the_error_object_on_stderr_and_exits_1(binary, validator, args, code, reason):
    done = run(binary, *args)
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert done.stdout == b""
    error = json.loads(done.stderr.decode().strip().splitlines()[-1])
    assert not validator.check_error(error, "cli")
    assert error["code"] == code
    assert error["data"]["reason"] == reason


def test_call_error_names_the_unknown_method(binary):
    done = run(binary, "call", "no.such")
    assert json.loads(done.stderr.decode().strip().splitlines()[-1])["data"]["method"] == "no.such"
