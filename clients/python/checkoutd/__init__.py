"""Python client for checkoutd, the line-delimited JSON-RPC 2.0 checkout service.

    from checkoutd import Checkoutd, InvalidParams

    with Checkoutd(args=["--clock", "2026-11-21T10:00:00Z"]) as service:
        service.mask_apply("1234567890", "{{99}} {{99}} {{99}} {{99}} {{99}}")
        try:
            service.call("mask.apply", {"value": 1})
        except InvalidParams as error:
            print(error.errors)   # [{"path": "/value", "message": ...}, ...]

:class:`AsyncCheckoutd` is the same for asyncio (``async with``, ``await``);
both send up to 1000 calls as one batch with ``call_batch()``.
:mod:`checkoutd.params` builds the params of every method for both;
:mod:`checkoutd.schemas` is the contract (``Schemas/``) as data, with validators.
"""

from . import params, schemas
from ._locate import ENV_VAR, find_binary, packaged_binary
from ._protocol import ResponseHook
from ._types import (AmountOfMoney, Brand, BrandImage, CardBrands, CardValidation, Conversion, CurrencyList,
                     CurrencyRate, FieldState, FormattedCard, ListedBrand, MaskedValue, ServiceInfo,
                     ThreeDSChallenge, ThreeDSResult, UnmaskedValue)
from .aio import AsyncCheckoutd
from .client import Checkoutd
from .errors import (REASON_CLASSES, BatchTooLarge, BinaryNotFound, CallTimeout,
                     ChallengeNotFound, CheckoutdError, ConnectionClosed, EncryptionFailed, StoreUnavailable, CurrencyChangeNotAllowed,
                     UnknownProductGroup, SessionCompleted, AccessSessionNotFound, PaymentNotFound, DecryptionFailed, ReplayedRequest, PaymentNotCompletable,
                     InternalError, InvalidParams, InvalidRequest, InvalidUTF8, LineTooLong,
                     MethodNotFound, ParseError, ProcessExited, ProductNotAvailable,
                     ProtocolViolation, RequestCancelled, SessionExpired, SessionNotFound,
                     ThreeDSDisabled, TokenNotFound, TransportError, UnknownAccountOnFile,
                     UnknownCurrency, UnknownProduct, ValidationFailed)

__version__ = "0.1.0"

__all__ = [
    "Checkoutd", "AsyncCheckoutd", "params", "schemas", "find_binary", "packaged_binary", "ENV_VAR",
    "ResponseHook", "ServiceInfo",
    "MaskedValue", "UnmaskedValue", "Brand", "BrandImage", "ListedBrand", "CardBrands", "FieldState",
    "CardValidation", "FormattedCard",
    "AmountOfMoney", "CurrencyRate", "CurrencyList", "Conversion", "ThreeDSChallenge", "ThreeDSResult",
    "CheckoutdError", "REASON_CLASSES", "ParseError", "InvalidUTF8",
    "InvalidRequest", "LineTooLong", "BatchTooLarge", "MethodNotFound", "InvalidParams",
    "InternalError", "RequestCancelled", "SessionNotFound", "SessionExpired",
    "UnknownProduct", "ProductNotAvailable", "UnknownAccountOnFile", "ValidationFailed",
    "TokenNotFound", "ThreeDSDisabled", "ChallengeNotFound", "UnknownCurrency",
    "EncryptionFailed", "StoreUnavailable", "CurrencyChangeNotAllowed", "UnknownProductGroup", "SessionCompleted", "AccessSessionNotFound", "PaymentNotFound", "DecryptionFailed", "ReplayedRequest", "PaymentNotCompletable", "TransportError", "ProcessExited", "ConnectionClosed", "CallTimeout",
    "ProtocolViolation", "BinaryNotFound",
]
