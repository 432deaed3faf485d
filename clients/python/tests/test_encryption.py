"""paymentRequest.encrypt and encryption.publicKey through the binary (API.md
section 4 "Payment requests", section 7 --private-key): the service is started
with a key made here, and every JWE is opened twice, once step by step with the
`cryptography` package (checking the exact composition) and once with jwcrypto,
a standard JOSE library."""

from __future__ import annotations

import base64
import concurrent.futures
import hashlib
import hmac
import json
import re
import subprocess
import uuid

import pytest
from cryptography.hazmat.primitives import hashes, padding, serialization
from cryptography.hazmat.primitives.asymmetric import padding as asymmetric_padding
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from jwcrypto import jwe as jose_jwe
from jwcrypto import jwk as jose_jwk

from checkoutd import UnknownProduct, ValidationFailed

VISA, SEPA = 1, 771
CARD = {"cardNumber": "4242 4242 4242 4242", "expiryDate": "12/28", "cvv": "123", "cardholderName": "Wile E. Coyote"}
UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


@pytest.fixture(scope="module")
def private_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def pem(key, fmt=serialization.PrivateFormat.PKCS8, encryption=None) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, fmt, encryption or serialization.NoEncryption())


@pytest.fixture(scope="module")
def key_file(private_key, tmp_path_factory):
    path = tmp_path_factory.mktemp("keys") / "platform.pem"
    path.write_bytes(pem(private_key))
    return path


@pytest.fixture
def service(make_client, key_file):
    return make_client("--private-key", str(key_file))


def session(service, app_identifier="acme-shop/2.1", country="NL"):
    context = {"amountOfMoney": {"amount": 2999, "currencyCode": "EUR"}, "countryCode": country}
    return service.session_init(context, app_identifier=app_identifier)["clientSessionId"]


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def thumbprint(private_key) -> str:
    numbers = private_key.public_key().public_numbers()
    as_b64 = lambda n: base64.urlsafe_b64encode(n.to_bytes((n.bit_length() + 7) // 8, "big")).rstrip(b"=").decode()
    jwk = json.dumps({"e": as_b64(numbers.e), "kty": "RSA", "n": as_b64(numbers.n)}, separators=(",", ":"))
    return base64.urlsafe_b64encode(hashlib.sha256(jwk.encode()).digest()).rstrip(b"=").decode()


def open_jwe(compact: str, private_key):
    """Decrypts step by step as RFC 7516/7518 say; returns (header text, plaintext, parts)."""
    parts = compact.split(".")
    assert len(parts) == 5
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", part) for part in parts), "base64url without padding"
    header_text = unb64url(parts[0]).decode()
    header = json.loads(header_text)
    oaep_hash = {"RSA-OAEP": hashes.SHA1(), "RSA-OAEP-256": hashes.SHA256()}[header["alg"]]
    cek = private_key.decrypt(unb64url(parts[1]), asymmetric_padding.OAEP(
        mgf=asymmetric_padding.MGF1(oaep_hash), algorithm=oaep_hash, label=None))
    assert len(cek) == 64
    iv, ciphertext, tag = unb64url(parts[2]), unb64url(parts[3]), unb64url(parts[4])
    assert len(iv) == 16 and len(tag) == 32
    aad = parts[0].encode("ascii")
    mac = hmac.new(cek[:32], aad + iv + ciphertext + (len(aad) * 8).to_bytes(8, "big"), hashlib.sha512).digest()
    assert hmac.compare_digest(mac[:32], tag)
    decryptor = Cipher(algorithms.AES(cek[32:]), modes.CBC(iv)).decryptor()
    unpadder = padding.PKCS7(128).unpadder()
    plaintext = unpadder.update(decryptor.update(ciphertext) + decryptor.finalize()) + unpadder.finalize()
    return header_text, plaintext, parts


def open_with_jose_library(compact: str, private_key, alg: str) -> bytes:
    key = jose_jwk.JWK.from_pem(pem(private_key))
    token = jose_jwe.JWE(algs=[alg, "A256CBC-HS512"])
    token.deserialize(compact, key=key)
    return token.payload


# -- the key ------------------------------------------------------------------------------

def test_public_key_is_the_configured_key(service, private_key):
    result = service.encryption_public_key(session(service))
    der = private_key.public_key().public_bytes(serialization.Encoding.DER,
                                                serialization.PublicFormat.SubjectPublicKeyInfo)
    assert base64.b64decode(result["publicKey"], validate=True) == der
    assert result["keyId"] == thumbprint(private_key)
    assert service.call("service.info")["keyId"] == result["keyId"]


def test_key_id_is_the_rfc7638_thumbprint_a_jose_library_computes(service, private_key):
    key = jose_jwk.JWK.from_pem(pem(private_key))
    assert service.encryption_public_key(session(service))["keyId"] == key.thumbprint()


def test_a_pkcs1_key_file_is_the_same_key(make_client, private_key, tmp_path):
    path = tmp_path / "pkcs1.pem"
    path.write_bytes(pem(private_key, serialization.PrivateFormat.TraditionalOpenSSL))
    assert b"BEGIN RSA PRIVATE KEY" in path.read_bytes()
    service = make_client("--private-key", str(path))
    assert service.call("service.info")["keyId"] == thumbprint(private_key)


def test_without_a_key_file_each_start_generates_its_own_key(make_client):
    first, second = make_client(), make_client()
    a = first.encryption_public_key(session(first))
    b = second.encryption_public_key(session(second))
    assert a["keyId"] != b["keyId"]
    key = serialization.load_der_public_key(base64.b64decode(a["publicKey"]))
    assert key.key_size >= 2048
    assert first.encryption_public_key(session(first)) == a, "stable for the life of the process"


def test_public_key_needs_a_live_session(service):
    with pytest.raises(Exception) as raised:
        service.encryption_public_key("cs_nobody")
    assert raised.value.reason == "SESSION_NOT_FOUND"


# -- the JWE -------------------------------------------------------------------------------

@pytest.mark.parametrize("alg", ["RSA-OAEP", "RSA-OAEP-256"])
def test_encrypted_input_opens_with_the_private_key(service, private_key, alg):
    sid = session(service)
    result = service.payment_request_encrypt(sid, VISA, CARD, alg=None if alg == "RSA-OAEP" else alg)
    header_text, plaintext, _ = open_jwe(result["encryptedCustomerInput"], private_key)
    assert header_text == json.dumps({"alg": alg, "enc": "A256CBC-HS512", "kid": thumbprint(private_key)},
                                     separators=(",", ":"))
    assert open_with_jose_library(result["encryptedCustomerInput"], private_key, alg) == plaintext
    payload = json.loads(plaintext)
    assert list(payload) == ["clientSessionId", "nonce", "paymentProductId", "paymentValues"]
    assert payload["clientSessionId"] == sid
    assert isinstance(payload["nonce"], str) and UUID4.match(payload["nonce"])
    assert type(payload["paymentProductId"]) is int and payload["paymentProductId"] == VISA
    assert payload["paymentValues"] == [
        {"key": "cardNumber", "value": "4242424242424242"},
        {"key": "expiryDate", "value": "1228"},
        {"key": "cvv", "value": "123"},
        {"key": "cardholderName", "value": "Wile E. Coyote"},
    ]
    assert all(set(item) == {"key", "value"} and all(isinstance(v, str) for v in item.values())
               for item in payload["paymentValues"])


def test_payment_values_follow_the_fields_display_order(service, private_key):
    sid = session(service)
    fields = service.products_get(sid, SEPA)["fields"]
    values = {"iban": "NL91 ABNA 0417 1643 00", "accountHolderName": "Wile E. Coyote", "mandateAccepted": "true"}
    assert set(values) <= {field["id"] for field in fields}
    result = service.payment_request_encrypt(sid, SEPA, values)
    payload = json.loads(open_jwe(result["encryptedCustomerInput"], private_key)[1])
    order = [field["id"] for field in sorted(fields, key=lambda f: f["displayHints"]["displayOrder"]) if field["id"] in values]
    assert [item["key"] for item in payload["paymentValues"]] == order
    iban = next(item["value"] for item in payload["paymentValues"] if item["key"] == "iban")
    assert " " not in iban


def test_optional_fields_left_empty_are_not_sent(service, private_key):
    values = dict(CARD, cardholderName="")
    result = service.payment_request_encrypt(session(service), VISA, values)
    payload = json.loads(open_jwe(result["encryptedCustomerInput"], private_key)[1])
    assert [item["key"] for item in payload["paymentValues"]] == ["cardNumber", "expiryDate", "cvv"]


def test_tokenize_is_sent_only_when_true(service, private_key):
    sid = session(service)
    with_token = service.payment_request_encrypt(sid, VISA, CARD, tokenize=True)
    payload = json.loads(open_jwe(with_token["encryptedCustomerInput"], private_key)[1])
    assert payload["tokenize"] is True
    assert list(payload) == ["clientSessionId", "nonce", "paymentProductId", "tokenize", "paymentValues"]
    explicit_false = service.call("paymentRequest.encrypt", {
        "clientSessionId": sid, "paymentProductId": VISA, "values": CARD, "tokenize": False})
    assert "tokenize" not in json.loads(open_jwe(explicit_false["encryptedCustomerInput"], private_key)[1])


def test_every_encryption_is_fresh(service, private_key):
    sid = session(service)
    outputs = [service.payment_request_encrypt(sid, VISA, CARD)["encryptedCustomerInput"] for _ in range(40)]
    opened = [open_jwe(output, private_key) for output in outputs]
    nonces = {json.loads(plaintext)["nonce"] for _, plaintext, _ in opened}
    assert len(nonces) == 40
    for index in (1, 2, 3):   # wrapped key, IV, ciphertext
        assert len({parts[index] for _, _, parts in opened}) == 40
    assert len({parts[0] for _, _, parts in opened}) == 1, "one header for one key"


def test_client_meta_info(service):
    result = service.payment_request_encrypt(session(service), VISA, CARD)
    info = json.loads(base64.b64decode(result["encodedClientMetaInfo"], validate=True))
    version = service.call("service.info")["version"]
    assert list(info) == ["platformIdentifier", "sdkIdentifier", "sdkCreator", "appIdentifier"]
    assert info["sdkIdentifier"] == f"checkoutd/{version}"
    assert info["sdkCreator"] == "checkoutd"
    assert info["appIdentifier"] == "acme-shop/2.1"
    assert isinstance(info["platformIdentifier"], str) and info["platformIdentifier"]
    without_app = service.payment_request_encrypt(session(service, app_identifier=None), VISA, CARD)
    assert "appIdentifier" not in json.loads(base64.b64decode(without_app["encodedClientMetaInfo"]))


def test_invalid_input_is_refused_with_the_errors_validate_reports(service):
    sid = session(service)
    values = {"cardNumber": "4242 4242 4242 4241", "cvv": "12"}
    with pytest.raises(ValidationFailed) as raised:
        service.payment_request_encrypt(sid, VISA, values)
    problems = {(error["fieldId"], error["errorMessageId"]) for error in raised.value.errors}
    assert {("cardNumber", "luhn"), ("expiryDate", "required"), ("cvv", "length")} <= problems
    assert raised.value.errors == service.payment_request_validate(sid, VISA, values)["errors"]


def test_unknown_product_and_bad_params(service):
    sid = session(service)
    with pytest.raises(UnknownProduct):
        service.payment_request_encrypt(sid, 4242, CARD)
    with pytest.raises(Exception) as raised:
        service.call("paymentRequest.encrypt", {"clientSessionId": sid, "paymentProductId": VISA,
                                                "values": CARD, "alg": "RSA1_5"})
    assert raised.value.code == -32602
    assert [problem["path"] for problem in raised.value.data["errors"]] == ["/alg"]


def test_pipelined_encryptions_from_many_threads(service, private_key):
    sid = session(service)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: service.payment_request_encrypt(sid, VISA, CARD), range(64)))
    nonces = {json.loads(open_jwe(r["encryptedCustomerInput"], private_key)[1])["nonce"] for r in results}
    assert len(nonces) == 64


def test_no_card_data_or_key_material_in_debug_logs(make_client, key_file, private_key):
    service = make_client("--private-key", str(key_file), "--log-level", "debug")
    sid = session(service)
    service.payment_request_encrypt(sid, VISA, CARD)
    service.payment_request_validate(sid, VISA, CARD)
    with pytest.raises(ValidationFailed):
        service.payment_request_encrypt(sid, VISA, dict(CARD, cvv="98"))
    service.close()
    log = service.stderr
    assert log, "debug logging writes something"
    for secret in ("4242424242424242", "4242 4242 4242 4242", '"123"', '"98"'):
        assert secret not in log
    key_body = "".join(pem(private_key).decode().splitlines()[1:-1])
    for chunk in (key_body[i:i + 24] for i in range(0, len(key_body) - 24, 24)):
        assert chunk not in log


# -- start-up with a bad key ---------------------------------------------------------------

def start(binary, *args):
    return subprocess.run([binary, *args], input=b"", capture_output=True, timeout=30)


def test_a_missing_key_file_stops_start_up(binary, tmp_path):
    missing = tmp_path / "nope.pem"
    run = start(binary, "--private-key", str(missing))
    assert run.returncode == 2 and run.stdout == b""
    assert f"--private-key {missing}: cannot be read" in run.stderr.decode()


@pytest.mark.parametrize("content, message", [
    (b"not a key\n", "not an unencrypted RSA private key"),
    (b"\xff\xfe", "is not UTF-8 text"),
])
def test_a_file_that_is_not_a_key_stops_start_up(binary, tmp_path, content, message):
    path = tmp_path / "bad.pem"
    path.write_bytes(content)
    run = start(binary, "--private-key", str(path))
    assert run.returncode == 2 and run.stdout == b""
    assert message in run.stderr.decode()


def test_a_public_key_or_an_encrypted_key_stops_start_up(binary, tmp_path, private_key):
    public = tmp_path / "public.pem"
    public.write_bytes(private_key.public_key().public_bytes(serialization.Encoding.PEM,
                                                             serialization.PublicFormat.SubjectPublicKeyInfo))
    encrypted = tmp_path / "encrypted.pem"
    encrypted.write_bytes(pem(private_key, encryption=serialization.BestAvailableEncryption(b"secret")))
    for path in (public, encrypted):
        run = start(binary, "--private-key", str(path))
        assert run.returncode == 2, path
        assert "not an unencrypted RSA private key" in run.stderr.decode()


def test_a_weak_key_stops_start_up(binary, tmp_path):
    weak = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    path = tmp_path / "weak.pem"
    path.write_bytes(pem(weak))
    run = start(binary, "--private-key", str(path))
    assert run.returncode == 2 and run.stdout == b""
    assert "1024 bits; at least 2048 are required" in run.stderr.decode()
