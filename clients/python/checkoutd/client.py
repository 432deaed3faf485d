"""A thread-safe client that runs checkoutd as a child process.

One writer lock serialises request lines on the child's stdin; one reader
thread parses the child's stdout and hands each response to the call waiting
for its id, so calls made from several threads are pipelined over the same
process. A second thread drains stderr into a bounded buffer (logs).
"""

from __future__ import annotations

import collections
import itertools
import os
import subprocess
import threading
from typing import Any, Deque, Dict, List, Mapping, Optional, Sequence, Union

from . import params as P
from ._locate import find_binary
from ._protocol import (AbandonedRequests, ResponseHook, StderrBuffer, decode_line,
                        encode_line, request_message, result_of, route_response)
from ._types import (AmountOfMoney, Brand, CardValidation, Conversion, CurrencyList, CurrencyRate,
                     FieldState, FormattedCard, MaskedValue, ServiceInfo, ThreeDSChallenge,
                     ThreeDSResult, UnmaskedValue)
from .errors import CallTimeout, ProcessExited, ProtocolViolation, TransportError

__all__ = ["Checkoutd", "ResponseHook", "ServiceInfo", "MaskedValue", "UnmaskedValue", "Brand",
           "FieldState", "CardValidation", "FormattedCard", "AmountOfMoney", "CurrencyRate", "CurrencyList",
           "Conversion", "ThreeDSChallenge", "ThreeDSResult"]

#: Kept for code that imported it from here.
_StderrBuffer = StderrBuffer


class _Pending:
    __slots__ = ("method", "event", "response", "exception")

    def __init__(self, method: str):
        self.method = method
        self.event = threading.Event()
        self.response: Optional[Dict[str, Any]] = None
        self.exception: Optional[BaseException] = None


class Checkoutd:
    """A running checkoutd process speaking JSON-RPC 2.0 over its stdio.

    >>> with Checkoutd(args=["--clock", "2026-11-21T10:00:00Z"]) as service:
    ...     service.mask_apply("12", "{{99}}-{{99}}", cursor=2)
    {'value': '12-', 'cursor': 3}

    ``binary``: path of the executable (else ``$CHECKOUTD_BIN``, ``PATH``, or the
    repository's ``.build`` directory). ``args``: extra command-line flags.
    ``timeout``: default seconds a call waits for its response (``None``: forever).
    ``stderr_limit``: bytes of stderr kept in :attr:`stderr`.
    ``on_response``: see :data:`ResponseHook`.
    """

    def __init__(self, binary: Union[str, "os.PathLike[str]", None] = None,
                 args: Sequence[str] = (), *, timeout: Optional[float] = None,
                 env: Optional[Mapping[str, str]] = None, cwd: Optional[str] = None,
                 stderr_limit: int = 1 << 20, on_response: Optional[ResponseHook] = None,
                 close_timeout: float = 5.0):
        self.binary = find_binary(binary)
        self.args = [str(arg) for arg in args]
        self.timeout = timeout
        self.close_timeout = close_timeout
        self._on_response = on_response
        self._ids = itertools.count(1)
        self._lock = threading.Lock()          # guards _pending and _failure
        self._write_lock = threading.Lock()    # one line at a time on stdin
        self._pending: Dict[int, _Pending] = {}
        self._failure: Optional[TransportError] = None
        self._stderr = StderrBuffer(stderr_limit)
        self._abandoned = AbandonedRequests()
        #: Responses that matched no pending call (e.g. errors with ``id: null``).
        self.unmatched: Deque[Dict[str, Any]] = collections.deque(maxlen=100)
        #: Exceptions raised by ``on_response`` (the reader thread survives them).
        self.hook_errors: List[BaseException] = []
        #: Lines on stdout that were not JSON-RPC responses (should stay empty).
        self.protocol_errors: List[ProtocolViolation] = []

        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        self.process = subprocess.Popen(
            [self.binary, *self.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=full_env, cwd=cwd)
        self._stdout_thread = threading.Thread(
            target=self._read_stdout, name=f"checkoutd-stdout-{self.process.pid}", daemon=True)
        self._stderr_thread = threading.Thread(
            target=self._read_stderr, name=f"checkoutd-stderr-{self.process.pid}", daemon=True)
        self._stdout_thread.start()
        self._stderr_thread.start()

    # -- lifecycle ---------------------------------------------------------

    def __enter__(self) -> "Checkoutd":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def returncode(self) -> Optional[int]:
        return self.process.poll()

    @property
    def alive(self) -> bool:
        return self._failure is None and self.process.poll() is None

    def wait(self, timeout: Optional[float] = None) -> int:
        """Waits for the process to exit on its own; returns its exit code."""
        code = self.process.wait(timeout)
        self._stdout_thread.join(timeout)
        return code

    def close(self, timeout: Optional[float] = None) -> Optional[int]:
        """Ends the process: close stdin (the service finishes what it read
        and exits 0), wait, then terminate, then kill. Returns the exit code.
        Calls still waiting fail with :class:`ProcessExited`. Idempotent."""
        timeout = self.close_timeout if timeout is None else timeout
        with self._write_lock:
            try:
                if self.process.stdin and not self.process.stdin.closed:
                    self.process.stdin.close()
            except OSError:
                pass
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._stdout_thread.join(timeout)
        self._stderr_thread.join(timeout)
        for stream in (self.process.stdout, self.process.stderr):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        self._fail_all(ProcessExited("checkoutd connection closed", self.process.returncode,
                                     self._stderr.text()))
        return self.process.returncode

    # -- stderr ------------------------------------------------------------

    @property
    def stderr(self) -> str:
        """The most recent stderr output (bounded by ``stderr_limit``)."""
        return self._stderr.text()

    def stderr_lines(self) -> List[str]:
        return [line.rstrip("\r\n") for line in self._stderr.lines()]

    def wait_for_stderr(self, text: str, timeout: Optional[float] = 5.0) -> bool:
        """Waits until ``text`` appears in the buffered stderr; returns whether it did."""
        return self._stderr.wait_for(lambda current: text in current, timeout)

    # -- calls -------------------------------------------------------------

    def call(self, method: str, params: Optional[Mapping[str, Any]] = None,
             timeout: Optional[float] = None) -> Any:
        """Sends a request and returns its ``result``.

        Raises the :class:`CheckoutdError` subclass matching ``error.data.reason``,
        :class:`CallTimeout` after ``timeout`` seconds (the request is then
        cancelled with ``$/cancelRequest``), or :class:`ProcessExited`.
        """
        timeout = self.timeout if timeout is None else timeout
        pending = _Pending(method)
        with self._lock:
            if self._failure is not None:
                raise self._failure
            request_id = next(self._ids)
            self._pending[request_id] = pending
        try:
            self._send(request_message(method, params, request_id))
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        if not pending.event.wait(timeout):
            with self._lock:
                still_pending = self._pending.pop(request_id, None) is not None
            if still_pending:
                self._abandoned.add(request_id, method)
                try:
                    self.notify("$/cancelRequest", {"id": request_id})
                except TransportError:
                    pass
                raise CallTimeout(method, request_id, timeout)  # type: ignore[arg-type]
        pending.event.wait()  # set at once when the reader took it during our timeout
        if pending.exception is not None:
            raise pending.exception
        return result_of(pending.response or {})

    def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no id, never answered)."""
        with self._lock:
            if self._failure is not None:
                raise self._failure
        self._send(request_message(method, params, notification=True))

    def _send(self, message: Mapping[str, Any]) -> None:
        line = encode_line(message)
        with self._write_lock:
            stdin = self.process.stdin
            if stdin is None or stdin.closed:
                raise self._failure or ProcessExited("checkoutd stdin is closed",
                                                     self.process.poll(), self._stderr.text())
            try:
                stdin.write(line)
                stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as error:
                failure = ProcessExited(f"cannot write to checkoutd: {error}",
                                        self.process.poll(), self._stderr.text())
                raise failure from error

    # -- reader threads ----------------------------------------------------

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        try:
            for raw in self.process.stdout:
                try:
                    messages = decode_line(raw)
                except ProtocolViolation as violation:
                    self.protocol_errors.append(violation)
                    continue
                for response in messages:
                    self._deliver(response)
        except (OSError, ValueError):
            pass
        finally:
            try:
                returncode = self.process.wait(self.close_timeout)
            except subprocess.TimeoutExpired:
                returncode = None
            self._stderr_thread.join(1.0)
            self._fail_all(ProcessExited("checkoutd exited", returncode, self._stderr.text()))

    def _deliver(self, response: Any) -> None:
        pending = route_response(self, response, self._take_pending)
        if pending is not None:
            pending.response = response
            pending.event.set()

    def _take_pending(self, request_id: Any) -> Optional[_Pending]:
        with self._lock:
            return self._pending.pop(request_id, None)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        try:
            for raw in self.process.stderr:
                self._stderr.append(raw.decode("utf-8", errors="replace"))
        except (OSError, ValueError):
            pass
        finally:
            self._stderr.notify()

    def _fail_all(self, failure: TransportError) -> None:
        with self._lock:
            if self._failure is None:
                self._failure = failure
            pending, self._pending = list(self._pending.values()), {}
        for entry in pending:
            entry.exception = self._failure
            entry.event.set()

    # -- typed wrappers ------------------------------------------------------

    def discover(self, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``rpc.discover``: the OpenRPC 1.3 document describing every method."""
        return self.call("rpc.discover", P.params_for_discover(), timeout=timeout)

    def service_info(self, timeout: Optional[float] = None) -> ServiceInfo:
        """``service.info``: name, version, clock and the method list."""
        return self.call("service.info", P.params_for_service_info(), timeout=timeout)

    def shutdown(self, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``service.shutdown``: the service answers ``{}``, finishes in-flight
        work and exits 0 (use :meth:`wait` or :meth:`close` afterwards)."""
        return self.call("service.shutdown", P.params_for_shutdown(), timeout=timeout)

    def mask_apply(self, value: str, mask: str, cursor: Optional[int] = None,
                   timeout: Optional[float] = None) -> MaskedValue:
        """``mask.apply``: ``value`` formatted with ``mask`` (API.md section 8)
        and where the caret ends up."""
        return self.call("mask.apply", P.params_for_mask_apply(value, mask, cursor), timeout=timeout)

    def mask_remove(self, value: str, mask: str, timeout: Optional[float] = None) -> UnmaskedValue:
        """``mask.remove``: the characters of a masked value at placeholder positions."""
        return self.call("mask.remove", P.params_for_mask_remove(value, mask), timeout=timeout)

    def card_validate(self, pan: Optional[str] = None, expiry_date: Optional[str] = None,
                      cvc: Optional[str] = None, accepted_brands: Optional[Sequence[str]] = None,
                      client_session_id: Optional[str] = None,
                      timeout: Optional[float] = None) -> CardValidation:
        """``card.validate``: the brand and the state of each field given
        (``valid`` / ``incomplete`` / ``invalid``); only given fields are sent.
        ``accepted_brands`` replaces the session's list for this call."""
        params = P.params_for_card_validate(pan, expiry_date, cvc, accepted_brands, client_session_id)
        return self.call("card.validate", params, timeout=timeout)

    def card_format(self, pan: str, cursor: Optional[int] = None,
                    timeout: Optional[float] = None) -> FormattedCard:
        """``card.format``: the number grouped for its brand, with the caret kept in place."""
        return self.call("card.format", P.params_for_card_format(pan, cursor), timeout=timeout)

    # -- sessions and products ------------------------------------------------------

    def session_init(self, context: Mapping[str, Any], *, client_session_id: Optional[str] = None,
                     customer_id: Optional[str] = None, app_identifier: Optional[str] = None,
                     tax_amount: Optional[int] = None, requirements: Optional[Mapping[str, bool]] = None,
                     accepted_brands: Optional[Sequence[str]] = None,
                     accounts_on_file: Optional[Sequence[str]] = None,
                     three_ds: Optional[Mapping[str, bool]] = None,
                     timeout: Optional[float] = None) -> Dict[str, Any]:
        """``session.init``: open (or replace) a session for ``context``
        (``{"amountOfMoney": {"amount", "currencyCode"}, "countryCode", "isRecurring"?, "locale"?}``);
        ids are minted when not given. Returns the ``Session``."""
        params = P.params_for_session_init(context, client_session_id=client_session_id,
                                           customer_id=customer_id, app_identifier=app_identifier,
                                           tax_amount=tax_amount, requirements=requirements,
                                           accepted_brands=accepted_brands, accounts_on_file=accounts_on_file,
                                           three_ds=three_ds)
        return self.call("session.init", params, timeout=timeout)

    def session_get(self, client_session_id: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``session.get``: the session as it stands (``SessionExpired`` / ``SessionNotFound`` otherwise)."""
        return self.call("session.get", P.params_for_session_get(client_session_id), timeout=timeout)

    def session_close(self, client_session_id: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``session.close``: end the session; returns ``{"closed": True}``."""
        return self.call("session.close", P.params_for_session_close(client_session_id), timeout=timeout)

    def products_list(self, client_session_id: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``products.list``: ``{"paymentProducts": [...], "accountsOnFile": [...]}`` offered in the session."""
        return self.call("products.list", P.params_for_products_list(client_session_id), timeout=timeout)

    def products_get(self, client_session_id: str, payment_product_id: int,
                     timeout: Optional[float] = None) -> Dict[str, Any]:
        """``products.get``: one product with its fields, as the session sees it."""
        params = P.params_for_products_get(client_session_id, payment_product_id)
        return self.call("products.get", params, timeout=timeout)

    def iin_details(self, client_session_id: str, bin: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``iin.details``: status, product, country, card type and co-brands of the
        digits typed so far (``bin`` may contain spaces)."""
        return self.call("iin.details", P.params_for_iin_details(client_session_id, bin), timeout=timeout)

    def payment_request_validate(self, client_session_id: str, payment_product_id: int,
                                 values: Mapping[str, str], account_on_file_id: Optional[str] = None,
                                 timeout: Optional[float] = None) -> Dict[str, Any]:
        """``paymentRequest.validate``: ``{"valid", "errors": [ValidationError]}`` for the
        values (masked or not) of the product's fields."""
        params = P.params_for_payment_request_validate(client_session_id, payment_product_id, values,
                                                       account_on_file_id)
        return self.call("paymentRequest.validate", params, timeout=timeout)

    def payment_request_encrypt(self, client_session_id: str, payment_product_id: int,
                                values: Mapping[str, str], account_on_file_id: Optional[str] = None,
                                tokenize: bool = False, alg: Optional[str] = None,
                                timeout: Optional[float] = None) -> Dict[str, Any]:
        """``paymentRequest.encrypt``: ``{"encryptedCustomerInput", "encodedClientMetaInfo"}``
        (a JWE for the platform key, after the values pass ``paymentRequest.validate``)."""
        params = P.params_for_payment_request_encrypt(client_session_id, payment_product_id, values,
                                                      account_on_file_id, tokenize, alg)
        return self.call("paymentRequest.encrypt", params, timeout=timeout)

    def encryption_public_key(self, client_session_id: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``encryption.publicKey``: ``{"keyId", "publicKey"}`` (base64 DER SubjectPublicKeyInfo)."""
        params = P.params_for_encryption_public_key(client_session_id)
        return self.call("encryption.publicKey", params, timeout=timeout)

    # -- currencies ------------------------------------------------------------------------

    def currency_list(self, base: Optional[str] = None, timeout: Optional[float] = None) -> CurrencyList:
        """``currency.list``: every currency of the rates table with its rate per unit of
        ``base`` (``USD`` when not given), sorted by English name."""
        return self.call("currency.list", P.params_for_currency_list(base), timeout=timeout)

    def currency_convert(self, amount_of_money: Mapping[str, Any], target_currency_code: str,
                         rounding: Optional[str] = None, timeout: Optional[float] = None) -> Conversion:
        """``currency.convert``: ``amount_of_money`` (``{"amount", "currencyCode"}``) in
        ``target_currency_code``, computed exactly and rounded once (``"HALF_UP"``, the
        default, or ``"HALF_EVEN"``); returns ``{"amountOfMoney", "rate", "asOf"}``."""
        params = P.params_for_currency_convert(amount_of_money, target_currency_code, rounding)
        return self.call("currency.convert", params, timeout=timeout)

    def session_change_currency(self, client_session_id: str, currency_code: str,
                                timeout: Optional[float] = None) -> Dict[str, Any]:
        """``session.changeCurrency``: the session with its amount and tax converted from
        the amounts it was opened with; returns the ``Session``."""
        params = P.params_for_session_change_currency(client_session_id, currency_code)
        return self.call("session.changeCurrency", params, timeout=timeout)

    # -- addresses ---------------------------------------------------------------------------

    def address_validate(self, *, billing_details: Optional[Mapping[str, str]] = None,
                         shipping_details: Optional[Mapping[str, str]] = None, email: Optional[str] = None,
                         requirements: Optional[Mapping[str, bool]] = None, locale: Optional[str] = None,
                         timeout: Optional[float] = None) -> Dict[str, Any]:
        """``address.validate``: ``{"valid", "errors": [ValidationError]}`` for the addresses
        (``{"name", "address", "city", "zip", "country", "state", "phone"}``, each member
        optional) and the e-mail by BlueSnap's rules, against ``requirements``
        (``{"withEmail", "withShipping", "fullBilling"}``; left out, an e-mail is required).
        Only the arguments given are sent; messages are in ``locale`` (``en_US`` by default)."""
        params = P.params_for_address_validate(billing_details=billing_details,
                                               shipping_details=shipping_details, email=email,
                                               requirements=requirements, locale=locale)
        return self.call("address.validate", params, timeout=timeout)

    # -- tokens ----------------------------------------------------------------------------

    def tokens_create(self, client_session_id: str, card: Mapping[str, str], *,
                      billing_details: Optional[Mapping[str, str]] = None,
                      shipping_details: Optional[Mapping[str, str]] = None, email: Optional[str] = None,
                      timeout: Optional[float] = None) -> Dict[str, Any]:
        """``tokens.create``: keep ``card`` (``{"cardNumber", "expiryDate", "cvv"?, "cardholderName"?}``)
        for the session's customer after checking it and the address data against the
        session; returns ``{"token", "paymentProductId", "card", "accountOnFile"}``. The
        same card and expiry give back the same token."""
        params = P.params_for_tokens_create(client_session_id, card, billing_details=billing_details,
                                            shipping_details=shipping_details, email=email)
        return self.call("tokens.create", params, timeout=timeout)

    def tokens_list(self, customer_id: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``tokens.list``: ``{"tokens": [AccountOnFile]}``, oldest first."""
        return self.call("tokens.list", P.params_for_tokens_list(customer_id), timeout=timeout)

    def tokens_delete(self, customer_id: str, token: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``tokens.delete``: ``{"deleted": true}``; ``TokenNotFound`` for a token the customer lacks."""
        return self.call("tokens.delete", P.params_for_tokens_delete(customer_id, token), timeout=timeout)

    # -- 3-D Secure ------------------------------------------------------------------------

    def three_ds_authenticate(self, client_session_id: str, *, card_number: Optional[str] = None,
                              token: Optional[str] = None, amount_of_money: Optional[Mapping[str, Any]] = None,
                              timeout: Optional[float] = None) -> ThreeDSResult:
        """``threeDS.authenticate``: 3-D Secure for exactly one of ``card_number`` and
        ``token``, for ``amount_of_money`` (``{"amount", "currencyCode"}``; the session's
        amount when not given). Returns a final ``ThreeDSResult``, or one with status
        ``CHALLENGE_REQUIRED`` whose ``challenge`` :meth:`three_ds_challenge` answers."""
        params = P.params_for_three_ds_authenticate(client_session_id, card_number=card_number, token=token,
                                                    amount_of_money=amount_of_money)
        return self.call("threeDS.authenticate", params, timeout=timeout)

    def three_ds_challenge(self, challenge_id: str, *, code: Optional[str] = None, cancel: bool = False,
                           timeout: Optional[float] = None) -> ThreeDSResult:
        """``threeDS.challenge``: answer a challenge with the one-time ``code``
        (``"1234"`` passes) or ``cancel=True``; returns the final ``ThreeDSResult``.
        A challenge is answered once, within 10 minutes (``ChallengeNotFound`` otherwise)."""
        params = P.params_for_three_ds_challenge(challenge_id, code=code, cancel=cancel)
        return self.call("threeDS.challenge", params, timeout=timeout)
