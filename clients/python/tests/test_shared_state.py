"""Shared platform state through the binary (API.md section 9.1), on SQLite and
on a real PostgreSQL server (``scripts/with-postgres`` starts one and sets
``CHECKOUTD_TEST_POSTGRES``): several processes on one store act as one
platform, state survives restarts and kill -9, a challenge and a close are
consumed once, a store that goes away is STORE_UNAVAILABLE until it is back,
and no table holds card data."""

from __future__ import annotations

import concurrent.futures
import json
import os
import shlex
import signal
import subprocess
import time
import uuid

import pytest

from checkoutd import Checkoutd, CheckoutdError

CONTEXT = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"}
CARDS = ["4242424242424242", "5555555555554444", "378282246310005"]
POSTGRES = os.environ.get("CHECKOUTD_TEST_POSTGRES")
KINDS = ["sqlite", "postgresql"]


def psql(uri, sql):
    return subprocess.run(["psql", "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", uri, "-c", sql],
                          check=True, capture_output=True, text=True).stdout


class Store:
    """One test's store: the flags that open it, and a way to read it as the database sees it."""

    def __init__(self, kind, tmp_path):
        self.kind = kind
        if kind == "sqlite":
            self.flags = ["--data", str(tmp_path / "shared.db")]
            self.uri = None
        else:
            if not POSTGRES:
                pytest.fail("CHECKOUTD_TEST_POSTGRES is not set: run the tests through ./scripts/test", pytrace=False)
            name = "e2e_" + uuid.uuid4().hex
            psql(POSTGRES, f"CREATE DATABASE {name}")
            self.name = name
            self.uri = POSTGRES.replace("///checkoutd?", f"///{name}?")
            self.flags = ["--data", self.uri, "--store-key", str(tmp_path / "store.key")]

    def drop(self):
        if self.uri:
            psql(POSTGRES, f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")


@pytest.fixture(params=KINDS)
def store(request, tmp_path):
    store = Store(request.param, tmp_path)
    yield store
    store.drop()


def open_session(service, **options):
    return service.session_init(CONTEXT, requirements={"withEmail": False}, **options)["clientSessionId"]


def test_two_processes_are_one_platform(make_client, store):
    first, second = make_client(*store.flags), make_client(*store.flags)
    sid = open_session(first, app_identifier="shop")
    assert second.session_get(sid)["appIdentifier"] == "shop"
    usd = second.session_change_currency(sid, "USD")
    assert usd["context"]["amountOfMoney"]["currencyCode"] == "USD"
    assert first.session_get(sid)["context"]["amountOfMoney"] == usd["context"]["amountOfMoney"]
    back = first.session_change_currency(sid, "EUR")
    assert back["context"]["amountOfMoney"] == CONTEXT["amountOfMoney"], "converted from the original amount"
    challenge = first.three_ds_authenticate(sid, card_number="4000000000001091")
    assert challenge["status"] == "CHALLENGE_REQUIRED"
    challenge_id = challenge["challenge"]["challengeId"]
    assert second.three_ds_challenge(challenge_id, code="1234")["status"] == "AUTHENTICATION_SUCCEEDED"
    with pytest.raises(CheckoutdError) as again:
        first.three_ds_challenge(challenge_id, code="1234")
    assert again.value.reason == "CHALLENGE_NOT_FOUND"
    assert second.session_close(sid) == {"closed": True}
    for service in (first, second):
        with pytest.raises(CheckoutdError) as gone:
            service.session_get(sid)
        assert gone.value.reason == "SESSION_NOT_FOUND"
    info = first.service_info()["store"]
    assert info == {"kind": store.kind, "schemaVersion": 4}


def test_a_restart_keeps_sessions_and_tokens(make_client, store):
    first = make_client(*store.flags)
    sid = open_session(first, customer_id="cus_keep")
    token = first.tokens_create(sid, {"cardNumber": CARDS[0], "expiryDate": "12/28", "cvv": "123"})["token"]
    assert first.close() == 0
    second = make_client(*store.flags)
    assert second.session_get(sid)["customerId"] == "cus_keep"
    assert [t["id"] for t in second.tokens_list("cus_keep")["tokens"]] == [token]


def test_kill_9_in_a_pipeline_loses_no_acknowledged_session(binary, store):
    process = subprocess.Popen([binary, *store.flags], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    lines = "".join(json.dumps({"jsonrpc": "2.0", "id": n, "method": "session.init",
                                "params": {"clientSessionId": f"cs_kill_{n}", "context": CONTEXT}}) + "\n"
                    for n in range(400))
    process.stdin.write(lines.encode())
    process.stdin.flush()
    acknowledged = []
    while len(acknowledged) < 60:
        response = json.loads(process.stdout.readline())
        assert "result" in response, response
        acknowledged.append(response["result"]["clientSessionId"])
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    survivor = Checkoutd(binary, store.flags, timeout=10)
    try:
        for sid in acknowledged:
            assert survivor.session_get(sid)["clientSessionId"] == sid
    finally:
        survivor.close(timeout=5)


def test_two_processes_tokenizing_one_card_at_once_agree_on_one_token(make_client, store):
    services = [make_client(*store.flags) for _ in range(2)]
    sessions = [open_session(service, customer_id="cus_race") for service in services]

    def tokenize(index):
        service = services[index % 2]
        return service.tokens_create(sessions[index % 2], {"cardNumber": CARDS[1], "expiryDate": "11/29",
                                                           "cvv": "456"})["token"]

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        tokens = set(pool.map(tokenize, range(16)))
    assert len(tokens) == 1
    assert [t["id"] for t in services[0].tokens_list("cus_race")["tokens"]] == list(tokens)


def test_no_table_holds_card_data(make_client, store, tmp_path):
    service = make_client(*store.flags)
    sid = open_session(service, customer_id="cus_secret")
    for number, cvv in zip(CARDS, ["123", "456", "7890"]):
        service.tokens_create(sid, {"cardNumber": number, "expiryDate": "12/28", "cvv": cvv,
                                    "cardholderName": "Wile E. Coyote"})
    service.three_ds_authenticate(sid, card_number="4000000000001091")
    service.payment_request_encrypt(sid, 1, {"cardNumber": CARDS[0], "expiryDate": "12/28", "cvv": "123"})
    if store.kind == "sqlite":
        assert service.close() == 0
        dump = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("shared.db")
                        and not p.name.endswith(".key"))
        text = dump.decode("latin-1")
    else:
        text = psql(store.uri, "SELECT string_agg(t::text, E'\\n') FROM (SELECT * FROM session) t") + \
            psql(store.uri, "SELECT string_agg(t::text, E'\\n') FROM (SELECT * FROM token) t") + \
            psql(store.uri, "SELECT string_agg(t::text, E'\\n') FROM (SELECT * FROM challenge) t") + \
            psql(store.uri, "SELECT string_agg(encode(sealed_pem, 'hex'), '') FROM platform_key")
        assert "cus_secret" in text, "the query sees the rows"
    for number in CARDS + ["4000000000001091"]:
        assert number not in text
    assert "PRIVATE KEY" not in text


@pytest.mark.skipif(not POSTGRES, reason="needs scripts/with-postgres")
def test_a_stopped_server_is_store_unavailable_until_it_returns(make_client, tmp_path):
    store = Store("postgresql", tmp_path)
    pg_ctl = shlex.split(os.environ["CHECKOUTD_TEST_PGCTL"])
    try:
        service = make_client(*store.flags)
        sid = open_session(service)
        subprocess.run(pg_ctl + ["-m", "fast", "stop"], check=True, capture_output=True)
        try:
            for call in (lambda: service.session_get(sid), lambda: open_session(service),
                         lambda: service.tokens_list("cus_x")):
                with pytest.raises(CheckoutdError) as failure:
                    call()
                assert failure.value.code == 1601
                assert failure.value.reason == "STORE_UNAVAILABLE"
                assert failure.value.data["retryable"] is True
            assert service.mask_apply("1234", "{{9999}}")["value"] == "1234", "stateless methods keep working"
        finally:
            subprocess.run(pg_ctl + ["start"], check=True, capture_output=True)
        deadline = time.monotonic() + 20
        while True:
            try:
                assert service.session_get(sid)["clientSessionId"] == sid
                break
            except CheckoutdError as error:
                assert error.reason == "STORE_UNAVAILABLE"
                assert time.monotonic() < deadline, "no reconnection within 20 s"
                time.sleep(0.2)
    finally:
        store.drop()


@pytest.mark.skipif(not POSTGRES, reason="needs scripts/with-postgres")
def test_start_up_faults_exit_2_with_the_password_masked(binary, tmp_path):
    unreachable = subprocess.run([binary, "--data", "postgresql://shop:hunter2@/x?host=/nonexistent",
                                  "--store-key", str(tmp_path / "k")], input=b"", capture_output=True, timeout=30)
    assert unreachable.returncode == 2
    assert b"postgresql://shop:***@/x?host=/nonexistent: cannot reach the database" in unreachable.stderr
    assert b"hunter2" not in unreachable.stderr
    no_key = subprocess.run([binary, "--data", POSTGRES], input=b"", capture_output=True, timeout=30)
    assert no_key.returncode == 2 and b"--store-key" in no_key.stderr
    for location in ["file:shop.db", "mysql://u:pw@h/db"]:
        refused = subprocess.run([binary, "--data", location], input=b"", capture_output=True, timeout=30)
        assert refused.returncode == 2 and b"neither a file path nor a PostgreSQL URI" in refused.stderr
        assert b"pw@" not in refused.stderr
    store = Store("postgresql", tmp_path)
    try:
        first = subprocess.run([binary, *store.flags], input=b"", capture_output=True, timeout=60)
        assert first.returncode == 0, first.stderr
        psql(store.uri, "INSERT INTO checkoutd_migration (version, name) VALUES (99, 'future')")
        newer = subprocess.run([binary, *store.flags], input=b"", capture_output=True, timeout=30)
        assert newer.returncode == 2 and b"was last changed by a newer checkoutd" in newer.stderr
        psql(store.uri, "DELETE FROM checkoutd_migration WHERE version = 99")
        (tmp_path / "other.key").write_bytes(b"\x07" * 32)
        (tmp_path / "other.key").chmod(0o600)
        wrong = subprocess.run([binary, "--data", store.uri, "--store-key", str(tmp_path / "other.key")],
                               input=b"", capture_output=True, timeout=30)
        assert wrong.returncode == 2 and b"does not open this database" in wrong.stderr
    finally:
        store.drop()


@pytest.mark.parametrize("accident", ["wal deleted", "database moved"])
def test_a_sqlite_file_accident_loses_nothing_acknowledged(binary, make_client, tmp_path, accident):
    """A deleted -wal or a moved database file, then kill -9: every token
    acknowledged before the accident is in the store checkoutd reopens, and
    every write after it is refused with a clear error, not acknowledged."""
    path = tmp_path / "accident.db"
    process = subprocess.Popen([binary, "--clock", "2026-11-21T10:00:00Z", "--data", str(path)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def call(id_, method, params):
        process.stdin.write((json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": params}) + "\n").encode())
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    sid = call(0, "session.init", {"context": CONTEXT, "customerId": "cus_acc",
                                   "requirements": {"withEmail": False}})["result"]["clientSessionId"]
    tokens = [call(n, "tokens.create", {"clientSessionId": sid, "card": {"cardNumber": number, "expiryDate": "12/28",
                                                                      "cvv": cvv}})["result"]["token"]
              for n, (number, cvv) in enumerate(zip(CARDS, ["123", "456", "7890"]), start=1)]
    if accident == "wal deleted":
        (tmp_path / "accident.db-wal").unlink()
    else:
        path.rename(tmp_path / "elsewhere.db")
        (tmp_path / "accident.db.key").rename(tmp_path / "elsewhere.db.key")
    refused = call(9, "tokens.create", {"clientSessionId": sid, "card": {"cardNumber": "4000000000001091",
                                                                       "expiryDate": "12/28", "cvv": "123"}})
    assert refused["error"]["data"]["reason"] == "STORE_UNAVAILABLE", refused
    assert ("write-ahead log" if accident == "wal deleted" else "moved, replaced or deleted") in \
        refused["error"]["data"]["detail"]
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    reopened = path if accident == "wal deleted" else tmp_path / "elsewhere.db"
    survivor = make_client("--data", str(reopened))
    assert [t["id"] for t in survivor.tokens_list("cus_acc")["tokens"]] == tokens


def test_an_outside_write_lock_is_store_unavailable_and_blocks_nothing_else(make_raw, tmp_path):
    """Another program holding the SQLite write lock past the busy timeout: the
    write waits on a worker, so requests that need no lock are answered
    meanwhile, and the write then fails as STORE_UNAVAILABLE, changing nothing."""
    import sqlite3
    path = tmp_path / "locked.db"
    raw = make_raw("--data", str(path))
    sid = raw.request({"jsonrpc": "2.0", "id": 1, "method": "session.init",
                       "params": {"context": CONTEXT}})["result"]["clientSessionId"]
    outsider = sqlite3.connect(path, isolation_level=None)
    outsider.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        raw.send_json({"jsonrpc": "2.0", "id": 2, "method": "session.close", "params": {"clientSessionId": sid}})
        echo = raw.request({"jsonrpc": "2.0", "id": 3, "method": "mask.apply",
                            "params": {"value": "1234", "mask": "{{9999}}"}})
        assert echo["result"]["value"] == "1234"
        assert time.monotonic() - started < 2, "the reading thread did not wait for the lock"
        refused = raw.read_json(timeout=30)
        assert refused["id"] == 2 and refused["error"]["data"]["reason"] == "STORE_UNAVAILABLE"
        assert "locked" in refused["error"]["data"]["detail"]
    finally:
        outsider.execute("ROLLBACK")
        outsider.close()
    again = raw.request({"jsonrpc": "2.0", "id": 4, "method": "session.get", "params": {"clientSessionId": sid}})
    assert again["result"]["clientSessionId"] == sid, "the failed close changed nothing"


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs of the test's own (mounting one needs root, as CI runs)."""
    mount_point = tmp_path / "small"
    mount_point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount_point)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.fail(f"cannot mount a small tmpfs for the disk-full test: {mounted.stderr.strip()}", pytrace=False)
    yield mount_point
    subprocess.run(["umount", "-l", str(mount_point)], check=True)


def test_a_full_disk_is_store_unavailable_loses_nothing_acknowledged_and_passes(binary, make_client, small_disk):
    """SQLite on a disk that fills up: the write that does not fit is refused
    as STORE_UNAVAILABLE naming the full disk, requests that need no room are
    still answered, writing works again once there is room, and every token
    acknowledged before is in the store a new process opens."""
    path = small_disk / "full.db"
    service = make_client("--data", str(path))
    sid = open_session(service, customer_id="cus_full")
    filler = small_disk / "filler"
    with open(filler, "wb") as handle:  # leave less room than a few more sessions take
        free = os.statvfs(small_disk).f_bavail * os.statvfs(small_disk).f_frsize
        handle.write(b"\0" * max(0, free - 24 * 1024))
    acknowledged, refused = [], None
    for n in range(400):
        try:
            acknowledged.append(open_session(service, customer_id="cus_full", client_session_id=f"cs_full_{n}"))
        except CheckoutdError as error:
            refused = error
            break
    assert refused is not None, "the disk never filled up"
    assert refused.reason == "STORE_UNAVAILABLE" and refused.data.get("retryable") is True, refused.data
    assert "full" in refused.data["detail"], refused.data
    assert service.mask_apply(value="1234", mask="{{9999}}")["value"] == "1234"
    filler.unlink()
    after = open_session(service, customer_id="cus_full", client_session_id="cs_after_room")
    reopened = make_client("--data", str(path))
    for known in [sid, *acknowledged, after]:
        assert reopened.session_get(known)["clientSessionId"] == known
