"""--data PATH (API.md section 7): the SQLite store that keeps the platform key (and
tokens) across restarts, its PATH.key sidecar, and the start-up failures that stop
checkoutd with exit 2 and a message naming PATH and the problem."""

from __future__ import annotations

import json
import shutil
import sqlite3
import stat
import subprocess

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

INFO = b'{"jsonrpc":"2.0","id":1,"method":"service.info"}\n'


def start(binary, *args):
    return subprocess.run([binary, *args], input=b"", capture_output=True, timeout=30)


def key_id(make_client, *flags):
    service = make_client(*flags)
    try:
        return service.service_info()["keyId"]
    finally:
        service.close(timeout=5)


@pytest.fixture
def store(tmp_path):
    return tmp_path / "checkoutd.db"


def test_the_platform_key_outlives_a_restart(make_client, store):
    first = key_id(make_client, "--data", str(store))
    assert key_id(make_client, "--data", str(store)) == first
    assert key_id(make_client) != first, "without --data each start generates its own key"


def test_the_store_is_a_database_and_a_key_file_only_its_owner_reads(make_client, store):
    key_id(make_client, "--data", str(store))
    key_file = store.with_name(store.name + ".key")
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert key_file.stat().st_size == 32
    db = sqlite3.connect(store)
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA application_id").fetchone()[0] != 0
    finally:
        db.close()


def test_a_private_key_file_wins_over_the_stored_key(make_client, store, tmp_path):
    stored = key_id(make_client, "--data", str(store))
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = tmp_path / "platform.pem"
    pem.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()))
    given = key_id(make_client, "--data", str(store), "--private-key", str(pem))
    assert given != stored
    assert key_id(make_client, "--data", str(store)) == stored, "the stored key is kept"


def test_call_uses_the_same_store(binary, make_client, store):
    served = key_id(make_client, "--data", str(store))
    run = subprocess.run([binary, "call", "--data", str(store), "service.info"], capture_output=True, timeout=30)
    assert run.returncode == 0, run.stderr.decode()
    assert json.loads(run.stdout)["keyId"] == served


def test_two_processes_starting_on_a_new_path_share_one_key(binary, validator, store):
    processes = [subprocess.Popen([binary, "--data", str(store)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    key_ids = []
    for process in processes:
        out, err = process.communicate(INFO, timeout=60)
        assert process.returncode == 0, err.decode()
        response = json.loads(out)
        validator.check(response, ["service.info"], "raw")
        key_ids.append(response["result"]["keyId"])
    assert key_ids[0] == key_ids[1]


# -- start-up failures -------------------------------------------------------------------

def assert_stops(run, path, problem):
    assert run.returncode == 2
    assert run.stdout == b""
    message = run.stderr.decode()
    assert message.startswith(f"checkoutd: --data {path}: "), message
    assert problem in message


def test_a_directory_that_does_not_exist_stops_start_up(binary, tmp_path):
    path = tmp_path / "missing" / "checkoutd.db"
    assert_stops(start(binary, "--data", str(path)), path, f"the directory {tmp_path / 'missing'} does not exist")


def test_a_text_file_stops_start_up_and_is_left_alone(binary, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("remember the milk\n" * 50, encoding="utf-8")
    assert_stops(start(binary, "--data", str(path)), path, "is not a SQLite database")
    assert path.read_text(encoding="utf-8") == "remember the milk\n" * 50
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_another_programs_sqlite_database_stops_start_up_and_is_left_alone(binary, tmp_path):
    path = tmp_path / "shop.db"
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total INTEGER)")
        db.execute("INSERT INTO orders (total) VALUES (2999)")
    db.close()
    assert_stops(start(binary, "--data", str(path)), path, "is a SQLite database that checkoutd did not create")
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert db.execute("SELECT total FROM orders").fetchall() == [(2999,)]
    finally:
        db.close()
    assert not (tmp_path / "shop.db.key").exists()


def test_a_deleted_key_file_stops_start_up(binary, make_client, store):
    key_id(make_client, "--data", str(store))
    key_file = store.with_name(store.name + ".key")
    key_file.unlink()
    assert_stops(start(binary, "--data", str(store)), store, f"the key file {key_file} is missing")
    assert not key_file.exists(), "a new key is not made for a database sealed with another"


def test_another_stores_key_file_stops_start_up(binary, make_client, store, tmp_path):
    other = tmp_path / "other.db"
    key_id(make_client, "--data", str(store))
    key_id(make_client, "--data", str(other))
    key_file = store.with_name(store.name + ".key")
    shutil.copyfile(other.with_name(other.name + ".key"), key_file)
    assert_stops(start(binary, "--data", str(store)), store, f"the key file {key_file} does not open this database")


def test_a_damaged_key_file_stops_start_up(binary, make_client, store):
    key_id(make_client, "--data", str(store))
    key_file = store.with_name(store.name + ".key")
    key_file.write_bytes(b"0123456789abcdef\n")
    assert_stops(start(binary, "--data", str(store)), store, f"the key file {key_file} is not a checkoutd key file")
