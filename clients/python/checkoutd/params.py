"""The ``params`` object of every checkoutd method, built from Python arguments.

One pure function per method, ``params_for_<wrapper name>(...)``, shared by the
typed wrappers of :class:`checkoutd.Checkoutd` and
:class:`checkoutd.AsyncCheckoutd`: each wrapper takes the same arguments as its
function here (plus ``timeout``) and sends what it returns. Arguments are the
snake_case names of the method's params in ``Schemas/methods/<method>.json``;
an argument left at ``None`` is not sent, so the service applies its default.
A function returning ``None`` means "no ``params`` member" (the service reads
``{}``).

The functions are also handy to build raw requests (a batch, a shell pipeline):

    >>> params_for_mask_apply("12", "{{99}}-{{99}}", cursor=2)
    {'value': '12', 'mask': '{{99}}-{{99}}', 'cursor': 2}
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Optional, Sequence

__all__ = ["PARAMS_FOR", "WRAPPER_NAMES"]

Params = Dict[str, Any]


def _set(params: Params, **members: Any) -> Params:
    """Adds the members that are not ``None``; mappings and sequences are copied."""
    for name, value in members.items():
        if value is None:
            continue
        if isinstance(value, Mapping):
            value = dict(value)
        elif isinstance(value, (list, tuple)):
            value = list(value)
        params[name] = value
    return params


# -- service -----------------------------------------------------------------------------

def params_for_discover() -> None:
    """``rpc.discover`` takes no params."""
    return None


def params_for_service_info() -> None:
    """``service.info`` takes no params."""
    return None


def params_for_shutdown() -> None:
    """``service.shutdown`` takes no params."""
    return None


# -- masks and card input ----------------------------------------------------------------

def params_for_mask_apply(value: str, mask: str, cursor: Optional[int] = None) -> Params:
    return _set({"value": value, "mask": mask}, cursor=cursor)


def params_for_mask_remove(value: str, mask: str) -> Params:
    return {"value": value, "mask": mask}


def params_for_card_validate(pan: Optional[str] = None, expiry_date: Optional[str] = None,
                             cvc: Optional[str] = None, accepted_brands: Optional[Sequence[str]] = None,
                             client_session_id: Optional[str] = None) -> Params:
    params = _set({}, pan=pan, expiryDate=expiry_date, cvc=cvc, clientSessionId=client_session_id)
    if accepted_brands is not None:
        params["acceptedBrands"] = list(accepted_brands)
    return params


def params_for_card_format(pan: str, cursor: Optional[int] = None) -> Params:
    return _set({"pan": pan}, cursor=cursor)


# -- sessions and products ---------------------------------------------------------------

def params_for_session_init(context: Mapping[str, Any], *, client_session_id: Optional[str] = None,
                            customer_id: Optional[str] = None, app_identifier: Optional[str] = None,
                            tax_amount: Optional[int] = None, requirements: Optional[Mapping[str, bool]] = None,
                            accepted_brands: Optional[Sequence[str]] = None,
                            accounts_on_file: Optional[Sequence[str]] = None,
                            three_ds: Optional[Mapping[str, bool]] = None) -> Params:
    params: Params = {"context": dict(context)}
    _set(params, clientSessionId=client_session_id, customerId=customer_id,
         appIdentifier=app_identifier, taxAmount=tax_amount, requirements=requirements, threeDS=three_ds)
    for name, sequence in (("acceptedBrands", accepted_brands), ("accountsOnFile", accounts_on_file)):
        if sequence is not None:
            params[name] = list(sequence)
    return params


def params_for_session_get(client_session_id: str) -> Params:
    return {"clientSessionId": client_session_id}


def params_for_session_close(client_session_id: str) -> Params:
    return {"clientSessionId": client_session_id}


def params_for_products_list(client_session_id: str) -> Params:
    return {"clientSessionId": client_session_id}


def params_for_products_get(client_session_id: str, payment_product_id: int) -> Params:
    return {"clientSessionId": client_session_id, "paymentProductId": payment_product_id}


def params_for_iin_details(client_session_id: str, bin: str) -> Params:
    return {"clientSessionId": client_session_id, "bin": bin}


def params_for_payment_request_validate(client_session_id: str, payment_product_id: int,
                                        values: Mapping[str, str],
                                        account_on_file_id: Optional[str] = None) -> Params:
    params: Params = {"clientSessionId": client_session_id, "paymentProductId": payment_product_id,
                      "values": dict(values)}
    return _set(params, accountOnFileId=account_on_file_id)


def params_for_payment_request_encrypt(client_session_id: str, payment_product_id: int,
                                       values: Mapping[str, str], account_on_file_id: Optional[str] = None,
                                       tokenize: bool = False, alg: Optional[str] = None) -> Params:
    params = params_for_payment_request_validate(client_session_id, payment_product_id, values,
                                                 account_on_file_id)
    if tokenize:
        params["tokenize"] = True
    return _set(params, alg=alg)


def params_for_encryption_public_key(client_session_id: str) -> Params:
    return {"clientSessionId": client_session_id}


# -- currencies --------------------------------------------------------------------------

def params_for_currency_list(base: Optional[str] = None) -> Params:
    return _set({}, base=base)


def params_for_currency_convert(amount_of_money: Mapping[str, Any], target_currency_code: str,
                                rounding: Optional[str] = None) -> Params:
    params: Params = {"amountOfMoney": dict(amount_of_money), "targetCurrencyCode": target_currency_code}
    return _set(params, rounding=rounding)


def params_for_session_change_currency(client_session_id: str, currency_code: str) -> Params:
    return {"clientSessionId": client_session_id, "currencyCode": currency_code}


# -- addresses ---------------------------------------------------------------------------

def params_for_address_validate(*, billing_details: Optional[Mapping[str, str]] = None,
                                shipping_details: Optional[Mapping[str, str]] = None,
                                email: Optional[str] = None, requirements: Optional[Mapping[str, bool]] = None,
                                locale: Optional[str] = None) -> Params:
    return _set({}, billingDetails=billing_details, shippingDetails=shipping_details,
                requirements=requirements, email=email, locale=locale)


# -- tokens ------------------------------------------------------------------------------

def params_for_tokens_create(client_session_id: str, card: Mapping[str, str], *,
                             billing_details: Optional[Mapping[str, str]] = None,
                             shipping_details: Optional[Mapping[str, str]] = None,
                             email: Optional[str] = None) -> Params:
    params: Params = {"clientSessionId": client_session_id, "card": dict(card)}
    return _set(params, billingDetails=billing_details, shippingDetails=shipping_details, email=email)


def params_for_tokens_list(customer_id: str) -> Params:
    return {"customerId": customer_id}


def params_for_tokens_delete(customer_id: str, token: str) -> Params:
    return {"customerId": customer_id, "token": token}


# -- 3-D Secure --------------------------------------------------------------------------

def params_for_three_ds_authenticate(client_session_id: str, *, card_number: Optional[str] = None,
                                     token: Optional[str] = None,
                                     amount_of_money: Optional[Mapping[str, Any]] = None) -> Params:
    return _set({"clientSessionId": client_session_id}, cardNumber=card_number, token=token,
                amountOfMoney=amount_of_money)


def params_for_three_ds_challenge(challenge_id: str, *, code: Optional[str] = None,
                                  cancel: bool = False) -> Params:
    params = _set({"challengeId": challenge_id}, code=code)
    if cancel:
        params["cancel"] = True
    return params


#: RPC method name → the params function of its wrapper.
PARAMS_FOR: Dict[str, Callable[..., Optional[Params]]] = {
    "rpc.discover": params_for_discover,
    "service.info": params_for_service_info,
    "service.shutdown": params_for_shutdown,
    "mask.apply": params_for_mask_apply,
    "mask.remove": params_for_mask_remove,
    "card.validate": params_for_card_validate,
    "card.format": params_for_card_format,
    "session.init": params_for_session_init,
    "session.get": params_for_session_get,
    "session.close": params_for_session_close,
    "session.changeCurrency": params_for_session_change_currency,
    "products.list": params_for_products_list,
    "products.get": params_for_products_get,
    "iin.details": params_for_iin_details,
    "paymentRequest.validate": params_for_payment_request_validate,
    "paymentRequest.encrypt": params_for_payment_request_encrypt,
    "encryption.publicKey": params_for_encryption_public_key,
    "currency.list": params_for_currency_list,
    "currency.convert": params_for_currency_convert,
    "address.validate": params_for_address_validate,
    "tokens.create": params_for_tokens_create,
    "tokens.list": params_for_tokens_list,
    "tokens.delete": params_for_tokens_delete,
    "threeDS.authenticate": params_for_three_ds_authenticate,
    "threeDS.challenge": params_for_three_ds_challenge,
}

#: RPC method name → the name of its wrapper method on both clients.
WRAPPER_NAMES: Dict[str, str] = {
    method: function.__name__[len("params_for_"):] for method, function in PARAMS_FOR.items()
}
