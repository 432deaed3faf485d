"""Tokens in the --data store through the binary (API.md section 7, the tokens
issue): they survive a restart and a kill -9 right after tokens.create, two
processes share one database, and no database file holds a card number, a CVC
or the platform's private key."""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import subprocess

import pytest

from checkoutd import Checkoutd

CLOCK = "2026-11-21T10:00:00Z"
CARDS = ["4242424242424242", "5555555555554444", "378282246310005", "4000000000002701"]
CVCS = ["123", "456", "7890", "321"]


def session(service, customer="cus_wile"):
    return service.session_init({"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"},
                                customer_id=customer, requirements={"withEmail": False})["clientSessionId"]


def create(service, number, cvv="123", customer="cus_wile"):
    return service.tokens_create(session(service, customer),
                                 {"cardNumber": number, "expiryDate": "12/28", "cvv": cvv,
                                  "cardholderName": "Wile E. Coyote"})


@pytest.fixture
def store(tmp_path):
    return tmp_path / "vault.db"


def test_tokens_survive_a_restart(make_client, store):
    first = make_client("--data", str(store))
    created = [create(first, number, cvv) for number, cvv in zip(CARDS, CVCS)]
    assert first.close() == 0
    second = make_client("--data", str(store))
    listed = second.tokens_list("cus_wile")["tokens"]
    assert [t["id"] for t in listed] == [c["token"] for c in created]
    assert listed == [c["accountOnFile"] for c in created]
    again = create(second, CARDS[0])
    assert again["token"] == created[0]["token"], "de-duplication by fingerprint survives the restart"
    sid = second.session_init({"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": "NL"},
                              customer_id="cus_wile", accounts_on_file=[created[0]["token"]])["clientSessionId"]
    assert second.payment_request_validate(sid, 1, {"cvv": "123"}, account_on_file_id=created[0]["token"])["valid"]
    by_token = second.three_ds_authenticate(sid, token=created[3]["token"])
    assert by_token["status"] == "AUTHENTICATION_SUCCEEDED" and by_token["transStatus"] == "Y"
    assert second.tokens_delete("cus_wile", created[1]["token"]) == {"deleted": True}
    assert second.close() == 0
    third = make_client("--data", str(store))
    assert [t["id"] for t in third.tokens_list("cus_wile")["tokens"]] == \
        [created[0]["token"], created[2]["token"], created[3]["token"]]


def test_an_acknowledged_token_survives_kill_9(binary, store):
    process = subprocess.Popen([binary, "--clock", CLOCK, "--data", str(store)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    def call(request_id, method, params):
        process.stdin.write((json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method,
                                         "params": params}) + "\n").encode())
        process.stdin.flush()
        return json.loads(process.stdout.readline())["result"]
    call(1, "session.init", {"clientSessionId": "cs_k", "customerId": "cus_k", "requirements": {"withEmail": False},
                             "context": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}, "countryCode": "NL"}})
    token = call(2, "tokens.create", {"clientSessionId": "cs_k",
                                      "card": {"cardNumber": CARDS[0], "expiryDate": "1228"}})["token"]
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL
    with Checkoutd(binary, ["--clock", CLOCK, "--data", str(store)]) as service:
        assert [t["id"] for t in service.tokens_list("cus_k")["tokens"]] == [token]


def test_two_processes_share_one_database(make_client, store):
    first, second = make_client("--data", str(store)), make_client("--data", str(store))
    work = [(service, number) for number in CARDS for service in (first, second)] * 2
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda job: create(job[0], job[1], "", "cus_shared"), work))
    tokens = {}
    for (_, number), result in zip(work, results):
        tokens.setdefault(number, set()).add(result["token"])
    assert all(len(ids) == 1 for ids in tokens.values()), "one card, one customer, one token across processes"
    listed = [t["id"] for t in first.tokens_list("cus_shared")["tokens"]]
    assert sorted(listed) == sorted(next(iter(ids)) for ids in tokens.values())
    assert second.tokens_list("cus_shared") == first.tokens_list("cus_shared")
    assert first.service_info()["keyId"] == second.service_info()["keyId"]


def test_no_card_number_cvc_or_key_material_in_the_database_files(make_client, store, tmp_path):
    service = make_client("--data", str(store))
    for number, cvv in zip(CARDS, CVCS):
        create(service, number, cvv)
        create(service, " ".join(number[i:i + 4] for i in range(0, len(number), 4)), cvv, customer="cus_other")
    def database_bytes():
        files = [path for path in tmp_path.iterdir() if path.name.startswith("vault.db") and path.suffix != ".key"]
        return {path.name for path in files}, b"".join(path.read_bytes() for path in files)
    names, while_running = database_bytes()
    assert "vault.db-wal" in names, "WAL mode"
    service.close()
    _, after_close = database_bytes()
    contents = while_running + after_close
    for number, cvv in zip(CARDS, CVCS):
        for form in (number, " ".join(number[i:i + 4] for i in range(0, len(number), 4))):
            assert form.encode() not in contents
            assert form.encode("utf-16-le") not in contents
        assert f'"{cvv}"'.encode() not in contents
    for marker in (b"PRIVATE KEY", b"BEGIN RSA", b"MII"):
        assert marker not in contents, marker
    assert b"424242XXXXXX4242" in contents, "the masked alias is what is kept"
