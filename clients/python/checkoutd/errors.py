"""Exceptions raised by the checkoutd client.

Every JSON-RPC error response becomes a :class:`CheckoutdError`; the concrete
class is chosen from ``error.data.reason`` (API.md section 3) by
:data:`REASON_CLASSES`, so callers can write ``except SessionExpired:``.
A reason this client does not know yet maps to the base class, which still
carries ``code``, ``message``, ``data`` and ``reason``.

Failures of the transport itself (the process exited, the pipe broke, a call
timed out) are *not* JSON-RPC errors and derive from :class:`TransportError`.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Type


class CheckoutdError(Exception):
    """A JSON-RPC error object returned by the service."""

    #: The ``data.reason`` this class stands for (``None`` on the base class).
    REASON: Optional[str] = None

    def __init__(self, code: int, message: str, data: Optional[Mapping[str, Any]] = None):
        self.code = code
        self.message = message
        self.data: Dict[str, Any] = dict(data) if isinstance(data, Mapping) else {}
        super().__init__(f"{code} {message}" + (f" ({self.reason})" if self.reason else ""))

    @property
    def reason(self) -> Optional[str]:
        """``error.data.reason``: the stable name of the error, or ``None``."""
        reason = self.data.get("reason")
        return reason if isinstance(reason, str) else None

    @property
    def error(self) -> Dict[str, Any]:
        """The error object as it came over the wire."""
        error: Dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data:
            error["data"] = self.data
        return error

    @classmethod
    def from_error(cls, error: Any) -> "CheckoutdError":
        """Builds the exception matching a JSON-RPC ``error`` member."""
        if not isinstance(error, Mapping):
            return CheckoutdError(-32603, f"malformed error object: {error!r}", {})
        data = error.get("data")
        reason = data.get("reason") if isinstance(data, Mapping) else None
        klass = REASON_CLASSES.get(reason, CheckoutdError) if isinstance(reason, str) else CheckoutdError
        code = error.get("code")
        message = error.get("message")
        return klass(code if isinstance(code, int) else -32603,
                     message if isinstance(message, str) else "",
                     data if isinstance(data, Mapping) else {})


class _WithErrors(CheckoutdError):
    @property
    def errors(self) -> List[Dict[str, Any]]:
        """``data.errors``: one entry per problem."""
        errors = self.data.get("errors")
        return list(errors) if isinstance(errors, list) else []


# Protocol errors (-32700 … -32800).

class ParseError(CheckoutdError):
    """-32700: the line was not valid JSON (``data.offset``, ``data.detail``)."""
    REASON = "PARSE_ERROR"


class InvalidUTF8(ParseError):
    """-32700: the line was not valid UTF-8."""
    REASON = "INVALID_UTF8"


class InvalidRequest(_WithErrors):
    """-32600: not a valid JSON-RPC 2.0 request (``errors`` lists why)."""
    REASON = "INVALID_REQUEST"


class LineTooLong(InvalidRequest):
    """-32600: the line exceeded ``--max-line-bytes`` (``data.maxLineBytes``)."""
    REASON = "LINE_TOO_LONG"


class BatchTooLarge(InvalidRequest):
    """-32600: the batch had more entries than allowed."""
    REASON = "BATCH_TOO_LARGE"


class MethodNotFound(CheckoutdError):
    """-32601: no such method (``data.method``)."""
    REASON = "METHOD_NOT_FOUND"

    @property
    def method(self) -> Optional[str]:
        return self.data.get("method")


class InvalidParams(_WithErrors):
    """-32602: params did not fit the method; ``errors`` = ``[{path, message}]``."""
    REASON = "INVALID_PARAMS"


class InternalError(CheckoutdError):
    """-32603: a bug in the service."""
    REASON = "INTERNAL_ERROR"


class RequestCancelled(CheckoutdError):
    """-32800: the request was cancelled with ``$/cancelRequest``."""
    REASON = "REQUEST_CANCELLED"


# Domain errors (1000 and up).

class SessionNotFound(CheckoutdError):
    REASON = "SESSION_NOT_FOUND"


class SessionExpired(CheckoutdError):
    REASON = "SESSION_EXPIRED"


class UnknownProduct(CheckoutdError):
    REASON = "UNKNOWN_PRODUCT"


class ProductNotAvailable(CheckoutdError):
    REASON = "PRODUCT_NOT_AVAILABLE"


class UnknownAccountOnFile(CheckoutdError):
    REASON = "UNKNOWN_ACCOUNT_ON_FILE"


class ValidationFailed(_WithErrors):
    """1201: well-formed but invalid input; ``errors`` is a list of ValidationError."""
    REASON = "VALIDATION_FAILED"


class TokenNotFound(CheckoutdError):
    REASON = "TOKEN_NOT_FOUND"


class ThreeDSDisabled(CheckoutdError):
    REASON = "THREE_DS_DISABLED"


class ChallengeNotFound(CheckoutdError):
    REASON = "CHALLENGE_NOT_FOUND"


class UnknownCurrency(CheckoutdError):
    REASON = "UNKNOWN_CURRENCY"


class EncryptionFailed(CheckoutdError):
    REASON = "ENCRYPTION_FAILED"


class CurrencyChangeNotAllowed(CheckoutdError):
    """1004: the session was opened with ``allowCurrencyChange=False``."""
    REASON = "CURRENCY_CHANGE_NOT_ALLOWED"


class UnknownProductGroup(CheckoutdError):
    """1104: no such payment product group is offered in this session."""
    REASON = "UNKNOWN_PRODUCT_GROUP"


class StoreUnavailable(CheckoutdError):
    """1601: the ``--data`` store cannot be reached now; nothing was changed, so the
    call may be retried (``data["retryable"]`` is true)."""
    REASON = "STORE_UNAVAILABLE"

class SessionCompleted(CheckoutdError):
    """1003: the session ended with its captured payment (``endOnPayment``)."""
    REASON = "SESSION_COMPLETED"

class AccessSessionNotFound(CheckoutdError):
    """1302: unknown, expired or already used card or CVC access session."""
    REASON = "ACCESS_SESSION_NOT_FOUND"

class PaymentNotFound(CheckoutdError):
    """1701: no such payment."""
    REASON = "PAYMENT_NOT_FOUND"

class DecryptionFailed(CheckoutdError):
    """1702: ``encryptedCustomerInput`` is not a JWE this platform's key opens, or names another session."""
    REASON = "DECRYPTION_FAILED"

class ReplayedRequest(CheckoutdError):
    """1703: this ``encryptedCustomerInput`` (its nonce) was already used for a payment."""
    REASON = "REPLAYED_REQUEST"

class PaymentNotCompletable(CheckoutdError):
    """1704: ``payments.complete`` on a payment that is not waiting for the customer."""
    REASON = "PAYMENT_NOT_COMPLETABLE"


#: ``data.reason`` → exception class.
REASON_CLASSES: Dict[str, Type[CheckoutdError]] = {
    klass.REASON: klass
    for klass in (
        ParseError, InvalidUTF8, InvalidRequest, LineTooLong, BatchTooLarge,
        MethodNotFound, InvalidParams, InternalError, RequestCancelled,
        SessionNotFound, SessionExpired, UnknownProduct, ProductNotAvailable,
        UnknownAccountOnFile, ValidationFailed, TokenNotFound, ThreeDSDisabled,
        ChallengeNotFound, UnknownCurrency, EncryptionFailed, StoreUnavailable, CurrencyChangeNotAllowed, UnknownProductGroup,
        SessionCompleted, AccessSessionNotFound, PaymentNotFound, DecryptionFailed, ReplayedRequest, PaymentNotCompletable,
    )
    if klass.REASON is not None
}


# Transport failures (not JSON-RPC errors).

class TransportError(Exception):
    """The conversation with the process failed; no JSON-RPC error was received."""


class ProcessExited(TransportError):
    """The checkoutd process is gone (or its stdout closed) before answering."""

    def __init__(self, message: str, returncode: Optional[int] = None, stderr: str = ""):
        self.returncode = returncode
        self.stderr = stderr
        detail = message
        if returncode is not None:
            detail += f" (exit code {returncode})"
        if stderr.strip():
            detail += "; last stderr:\n" + stderr.rstrip()[-2000:]
        super().__init__(detail)


#: Alias: what the client raises once the connection is closed.
ConnectionClosed = ProcessExited


class CallTimeout(TransportError, TimeoutError):
    """No response arrived within the timeout; the request was cancelled."""

    def __init__(self, method: str, request_id: Any, timeout: float):
        self.method = method
        self.request_id = request_id
        self.timeout = timeout
        super().__init__(f"{method} (id {request_id!r}) got no response within {timeout}s")


class ProtocolViolation(TransportError):
    """The process wrote something on stdout that is not a JSON-RPC response."""


class BinaryNotFound(TransportError, FileNotFoundError):
    """No checkoutd executable could be located."""
