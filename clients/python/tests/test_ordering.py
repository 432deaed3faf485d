"""Line order at the binary level: every request sees the effects of every line
before it, whether it runs on the reading thread or on a worker (encryption),
and however many lines a host pipes at once (README, "Ordering").

The first two cases are the regressions of the engine issue: encrypting and
then closing the session, or encrypting and then re-opening it with another
`appIdentifier`, piped together, once answered the encryption with
SESSION_NOT_FOUND or with the later meta info."""

from __future__ import annotations

import base64
import json
import random

import pytest

CARD = {"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123"}


def session_init(id_, session, app="app-1", amount=2999, currency="EUR"):
    return {"jsonrpc": "2.0", "id": id_, "method": "session.init",
            "params": {"clientSessionId": session, "appIdentifier": app,
                       "context": {"amountOfMoney": {"amount": amount, "currencyCode": currency},
                                   "countryCode": "NL"}}}


def encrypt(id_, session):
    return {"jsonrpc": "2.0", "id": id_, "method": "paymentRequest.encrypt",
            "params": {"clientSessionId": session, "paymentProductId": 1, "values": CARD}}


def close(id_, session):
    return {"jsonrpc": "2.0", "id": id_, "method": "session.close", "params": {"clientSessionId": session}}


def get(id_, session):
    return {"jsonrpc": "2.0", "id": id_, "method": "session.get", "params": {"clientSessionId": session}}


def lines(*messages):
    return "".join(json.dumps(message, separators=(",", ":")) + "\n" for message in messages)


def answers_by_id(server, count):
    answers = {}
    for _ in range(count):
        line = json.loads(server.read_line(timeout=30))
        for response in line if isinstance(line, list) else [line]:
            answers[response["id"]] = response
    return answers


def send_all(raw, messages, as_batch):
    """Pipes `messages` as lines or as one batch, and returns the answers by id."""
    if as_batch:
        raw.send(json.dumps(messages, separators=(",", ":")) + "\n")
        return answers_by_id(raw, 1)
    raw.send(lines(*messages))
    return answers_by_id(raw, len(messages))


def meta_app(response):
    meta = json.loads(base64.b64decode(response["result"]["encodedClientMetaInfo"]))
    return meta.get("appIdentifier")


@pytest.mark.parametrize("as_batch", [False, True], ids=["lines", "batch"])
def test_encrypt_then_close_piped_together_encrypts_every_time(raw, as_batch):
    messages = []
    for round_ in range(40):
        session = f"cs_close_{round_}"
        messages += [session_init(f"i{round_}", session), encrypt(f"e{round_}", session), close(f"c{round_}", session)]
    answers = send_all(raw, messages, as_batch)
    for round_ in range(40):
        assert "result" in answers[f"e{round_}"], answers[f"e{round_}"]
        assert answers[f"c{round_}"]["result"] == {"closed": True}


def test_a_hundred_encrypts_then_a_close_in_one_batch_all_encrypt(raw):
    assert "result" in raw.request(session_init(1, "cs_many"))
    batch = [encrypt(f"e{n}", "cs_many") for n in range(100)] + [close("c", "cs_many"), get("g", "cs_many")]
    raw.send(json.dumps(batch, separators=(",", ":")) + "\n")
    answers = answers_by_id(raw, 1)
    assert all("result" in answers[f"e{n}"] for n in range(100))
    assert answers["c"]["result"] == {"closed": True}
    assert answers["g"]["error"]["data"]["reason"] == "SESSION_NOT_FOUND"


@pytest.mark.parametrize("as_batch", [False, True], ids=["lines", "batch"])
def test_encrypt_then_reinit_carries_the_earlier_app_identifier(raw, as_batch):
    messages = [session_init("i0", "cs_re", app="app-0")]
    for round_ in range(1, 30):
        messages += [encrypt(f"e{round_}", "cs_re"), session_init(f"i{round_}", "cs_re", app=f"app-{round_}")]
    answers = send_all(raw, messages, as_batch)
    for round_ in range(1, 30):
        assert meta_app(answers[f"e{round_}"]) == f"app-{round_ - 1}"


@pytest.mark.parametrize("seed", [7, 8])
def test_a_random_mix_of_session_writes_and_reads_sees_line_order(raw, seed):
    """A model of the sessions, advanced in line order, predicts every answer:
    whether a session exists, its amount and currency, and the meta info an
    encryption carries."""
    rng = random.Random(seed)
    sessions = [f"cs_m{n}" for n in range(4)]
    model = {}      # session -> (app, amount, currency)
    messages, expected = [], {}
    for n in range(600):
        session = rng.choice(sessions)
        kind = rng.choice(["init", "init", "close", "change", "get", "get", "encrypt", "products", "validate"])
        id_ = f"{kind}{n}"
        if kind == "init":
            app, amount = f"app{n}", rng.randint(100, 99_999)
            messages.append(session_init(id_, session, app=app, amount=amount))
            model[session] = (app, amount, "EUR")
            expected[id_] = ("session", model[session])
            continue
        if kind == "close":
            messages.append(close(id_, session))
        elif kind == "change":
            messages.append({"jsonrpc": "2.0", "id": id_, "method": "session.changeCurrency",
                             "params": {"clientSessionId": session, "currencyCode": rng.choice(["USD", "EUR", "GBP"])}})
        elif kind == "get":
            messages.append(get(id_, session))
        elif kind == "encrypt":
            messages.append(encrypt(id_, session))
        elif kind == "products":
            messages.append({"jsonrpc": "2.0", "id": id_, "method": "products.list",
                             "params": {"clientSessionId": session}})
        else:
            messages.append({"jsonrpc": "2.0", "id": id_, "method": "card.validate",
                             "params": {"pan": "4111 1111 1111 1111", "clientSessionId": session}})
        if session not in model:
            expected[id_] = ("missing", None)
            continue
        if kind == "close":
            del model[session]
            expected[id_] = ("closed", None)
        elif kind == "change":
            app, amount, _ = model[session]
            expected[id_] = ("changed", None)
            model[session] = (app, None, messages[-1]["params"]["currencyCode"])
        elif kind == "get":
            expected[id_] = ("session", model[session])
        elif kind == "encrypt":
            expected[id_] = ("encrypted", model[session][0])
        else:
            expected[id_] = ("found", None)
    raw.send(lines(*messages))
    answers = answers_by_id(raw, len(messages))
    for id_, (outcome, value) in expected.items():
        answer = answers[id_]
        if outcome == "missing":
            assert answer["error"]["data"]["reason"] == "SESSION_NOT_FOUND", (id_, answer)
            continue
        assert "result" in answer, (id_, answer)
        result = answer["result"]
        if outcome == "closed":
            assert result == {"closed": True}
        elif outcome == "session":
            app, amount, currency = value
            assert result["appIdentifier"] == app, id_
            assert result["context"]["amountOfMoney"]["currencyCode"] == currency, id_
            if amount is not None:
                assert result["context"]["amountOfMoney"]["amount"] == amount, id_
        elif outcome == "encrypted":
            assert meta_app(answer) == value, id_
