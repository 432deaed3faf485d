"""The straightforward alternative a user would write: a plain Python JSON-RPC
server over stdin/stdout doing checkoutd's card validation (brand by prefix,
Luhn, lengths, expiry window, CVC) and the same JWE (RSA-OAEP + A256CBC-HS512
with the `cryptography` package). It exists only to be measured beside
checkoutd by scripts/bench."""

import base64
import hashlib
import hmac
import json
import os
import sys
import uuid

from cryptography.hazmat.primitives import hashes, padding
from cryptography.hazmat.primitives.asymmetric import padding as rsa_padding
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

BRANDS = [  # (code, prefixes, lengths, cvc length)
    ("amex", ("34", "37"), (15,), 4),
    ("visa", ("4",), (13, 16, 19), 3),
    ("mastercard", tuple(str(p) for p in range(51, 56)) + tuple(str(p) for p in range(2221, 2721)), (16,), 3),
    ("discover", ("6011", "65"), (16, 19), 3),
    ("jcb", tuple(str(p) for p in range(3528, 3590)), (16, 17, 18, 19), 3),
    ("diners", ("36", "38", "39", "300", "301", "302", "303", "304", "305"), (14, 16, 19), 3),
]
NOW = (2026, 11)
KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
PUBLIC = KEY.public_key()
OAEP = rsa_padding.OAEP(mgf=rsa_padding.MGF1(hashes.SHA1()), algorithm=hashes.SHA1(), label=None)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def brand_of(digits):
    best = None
    for code, prefixes, lengths, cvc in BRANDS:
        for prefix in prefixes:
            if digits.startswith(prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), code, lengths, cvc)
    return best


def luhn(digits):
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def field(valid, incomplete=False, rule="length"):
    if valid:
        return {"state": "valid", "errors": []}
    return {"state": "incomplete" if incomplete else "invalid", "errors": [rule]}


def card_validate(params):
    result = {"cardBrand": None}
    digits = params.get("pan", "").replace(" ", "")
    brand = brand_of(digits)
    lengths = brand[2] if brand else tuple(range(12, 20))
    if brand:
        result["cardBrand"] = {"code": brand[1]}
    if not digits.isdigit():
        result["pan"] = field(False, rule="format")
    elif len(digits) not in lengths:
        result["pan"] = field(False, incomplete=len(digits) < max(lengths))
    else:
        result["pan"] = field(luhn(digits), rule="luhn")
    expiry = params.get("expiryDate", "").replace("/", "")
    month, year = (int(expiry[:2]), 2000 + int(expiry[2:])) if len(expiry) == 4 and expiry.isdigit() else (0, 0)
    result["expiryDate"] = field(1 <= month <= 12 and NOW <= (year, month) <= (NOW[0] + 25, 12), rule="expirationDate")
    cvc = params.get("cvc", "")
    result["cvc"] = field(cvc.isdigit() and len(cvc) == (brand[3] if brand else 3))
    result["validationSuccess"] = all(result[k]["state"] == "valid" for k in ("pan", "expiryDate", "cvc"))
    return result


def encrypt(params):
    plaintext = json.dumps({"clientSessionId": params["clientSessionId"], "nonce": str(uuid.uuid4()),
                            "paymentProductId": params["paymentProductId"],
                            "paymentValues": [{"key": k, "value": v.replace(" ", "").replace("/", "")}
                                              for k, v in params["values"].items()]},
                           separators=(",", ":")).encode()
    header = b64url(json.dumps({"alg": "RSA-OAEP", "enc": "A256CBC-HS512", "kid": "python"},
                               separators=(",", ":")).encode())
    cek, iv = os.urandom(64), os.urandom(16)
    padder = padding.PKCS7(128).padder()
    encryptor = Cipher(algorithms.AES(cek[32:]), modes.CBC(iv)).encryptor()
    ciphertext = encryptor.update(padder.update(plaintext) + padder.finalize()) + encryptor.finalize()
    aad = header.encode()
    tag = hmac.new(cek[:32], aad + iv + ciphertext + (len(aad) * 8).to_bytes(8, "big"), hashlib.sha512).digest()[:32]
    jwe = ".".join([header, b64url(PUBLIC.encrypt(cek, OAEP)), b64url(iv), b64url(ciphertext), b64url(tag[:32])])
    return {"encryptedCustomerInput": jwe, "encodedClientMetaInfo": base64.b64encode(b'{"sdkCreator":"python"}').decode()}


METHODS = {"card.validate": card_validate, "paymentRequest.encrypt": encrypt, "session.init": lambda params: {}}


def main():
    out = sys.stdout
    for line in sys.stdin:
        request = json.loads(line)
        result = METHODS[request["method"]](request.get("params", {}))
        out.write(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}, separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
