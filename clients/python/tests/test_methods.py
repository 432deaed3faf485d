"""The methods that exist so far (API.md section 4 "Service", mask.* and section 8)."""

from __future__ import annotations

import re

import pytest

from checkoutd import InvalidParams
from checkoutd import params as P

from _support import CLOCK

PAIRS = "{{99}} {{99}} {{99}} {{99}} {{99}}"
LETTERS = "{{aa}} {{aa}} {{aa}} {{aa}} {{aa}}"
#: Every method the client has a wrapper for (generated from Schemas/ by scripts/generate).
EXISTING = set(P.METHODS)


# -- API.md section 8 seed vectors ---------------------------------------------------

def test_mask_apply_digits_in_pairs(client):
    assert client.mask_apply("1234567890", PAIRS)["value"] == "12 34 56 78 90"


def test_mask_apply_letters_with_cursor_at_the_end(client):
    assert client.mask_apply("abcdefghij", LETTERS, cursor=10) == {"value": "ab cd ef gh ij", "cursor": 14}


def test_mask_apply_appends_the_literal_run_when_input_runs_out(client):
    assert client.mask_apply("12", "{{99}}-{{99}}", cursor=2) == {"value": "12-", "cursor": 3}


def test_mask_remove_keeps_placeholder_characters(client):
    assert client.mask_remove("12 34 56 78 90", PAIRS) == {"value": "1234567890"}


# -- more of the section 8 algorithm -------------------------------------------------

def test_mask_apply_without_cursor_puts_it_at_the_end_of_the_value(client):
    assert client.mask_apply("1234567890", PAIRS) == {"value": "12 34 56 78 90", "cursor": 14}


def test_mask_apply_drops_characters_a_placeholder_does_not_accept(client):
    assert client.mask_apply("1a2b3c4", "{{9999}}")["value"] == "1234"
    assert client.mask_apply("aB", "{{aa}}")["value"] == "a"
    assert client.mask_apply("Ab", "{{AA}}")["value"] == "A"


def test_mask_apply_star_accepts_any_character(client):
    assert client.mask_apply("a1-\u00e9", "{{****}}")["value"] == "a1-\u00e9"


def test_mask_apply_consumes_a_typed_literal(client):
    assert client.mask_apply("12-34", "{{99}}-{{99}}")["value"] == "12-34"
    # the input runs out before the literal run " ": it is written once (section 8)
    assert client.mask_apply("12 34", PAIRS) == {"value": "12 34 ", "cursor": 6}


def test_mask_apply_drops_input_beyond_the_capacity(client):
    assert client.mask_apply("123456", "{{99}}-{{99}}")["value"] == "12-34"


def test_mask_apply_inserted_literal_moves_a_cursor_at_or_after_it(client):
    # '-' is inserted at input position 2; a cursor at 2 (or after) moves right.
    assert client.mask_apply("1234", "{{99}}-{{99}}", cursor=4) == {"value": "12-34", "cursor": 5}
    assert client.mask_apply("1234", "{{99}}-{{99}}", cursor=2) == {"value": "12-34", "cursor": 3}
    assert client.mask_apply("1234", "{{99}}-{{99}}", cursor=1) == {"value": "12-34", "cursor": 1}


def test_mask_remove_of_an_unmasked_value_keeps_its_placeholder_characters(client):
    assert client.mask_remove("1234567890", PAIRS) == {"value": "1234567890"}
    assert client.mask_remove("4111 1111 1111 1111", "{{9999}} {{9999}} {{9999}} {{9999}}") == {
        "value": "4111111111111111"}


@pytest.mark.parametrize("mask", ["{{99", "99}}", "{{9x}}", "{{{{9}}}}", "{{}}"])
def test_an_invalid_mask_is_invalid_params_at_mask(client, mask):
    with pytest.raises(InvalidParams) as raised:
        client.mask_apply("12", mask)
    assert "/mask" in [problem["path"] for problem in raised.value.errors]
    with pytest.raises(InvalidParams) as raised:
        client.mask_remove("12", mask)
    assert "/mask" in [problem["path"] for problem in raised.value.errors]


@pytest.mark.parametrize("cursor", [-1, 3, 1000])
def test_a_cursor_outside_the_value_is_invalid_params_at_cursor(client, cursor):
    with pytest.raises(InvalidParams) as raised:
        client.mask_apply("12", "{{99}}", cursor=cursor)
    assert [problem["path"] for problem in raised.value.errors] == ["/cursor"]


# -- service.info ---------------------------------------------------------------------

def test_service_info_reports_the_frozen_clock_and_the_sorted_methods(client):
    info = client.service_info()
    assert info["name"] == "checkoutd"
    assert re.match(r"^\d+\.\d+\.\d+", info["version"])
    assert info["startedAt"] == CLOCK
    assert info["now"] == CLOCK
    methods = info["methods"]
    assert methods == sorted(methods)
    assert len(set(methods)) == len(methods)
    assert EXISTING <= set(methods)
    assert "$/cancelRequest" not in methods


def test_service_info_methods_are_the_methods_with_schemas(client, schemas):
    assert set(client.service_info()["methods"]) == set(schemas.methods)


def test_service_info_without_clock_reports_a_current_utc_timestamp(make_client):
    info = make_client(clock=False).service_info()
    pattern = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$"
    assert re.match(pattern, info["startedAt"]) and re.match(pattern, info["now"])
    assert info["now"] >= info["startedAt"]


def test_service_info_with_a_clock_offset_reports_it_in_utc(make_client):
    info = make_client("--clock", "2026-11-21T11:30:00+01:30", clock=False).service_info()
    assert info["startedAt"] == CLOCK and info["now"] == CLOCK


def test_version_flag_matches_service_info(client, binary):
    import subprocess
    done = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10)
    assert done.stdout.strip() == client.service_info()["version"]


@pytest.mark.parametrize("mask", ["no placeholder", "", "+31 (0)"])
def test_a_mask_without_groups_is_all_literals(client, mask):
    """As the seed's formatter treats it (API.md 9.3): applying gives the
    literals, removing leaves nothing."""
    assert client.mask_apply("12", mask) == {"value": mask, "cursor": len(mask)}
    assert client.mask_remove(mask, mask) == {"value": ""}
