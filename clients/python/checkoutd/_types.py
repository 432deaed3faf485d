"""Result types of the checkoutd methods (``TypedDict``s of the JSON objects
the service returns), shared by the sync and the asyncio client."""

from __future__ import annotations

from typing import List, Optional, TypedDict

__all__ = ["ServiceInfo", "MaskedValue", "UnmaskedValue", "BrandImage", "Brand", "ListedBrand", "CardBrands",
           "FieldState", "CardValidation", "FormattedCard", "AmountOfMoney", "CurrencyRate", "CurrencyList",
           "Conversion", "ThreeDSChallenge", "ThreeDSResult"]


class ServiceInfo(TypedDict, total=False):
    name: str
    version: str
    startedAt: str
    now: str
    methods: List[str]
    keyId: str
    ratesAsOf: str
    catalogVersion: str


class MaskedValue(TypedDict):
    value: str
    cursor: int


class UnmaskedValue(TypedDict):
    value: str


class BrandImage(TypedDict):
    type: str           # "image/svg+xml" | "image/png"
    url: str            # <asset base>brands/<code>.svg or .png (--asset-url)


class Brand(TypedDict):
    code: str
    name: str
    paymentProductId: Optional[int]
    panLengths: List[int]
    cvcLength: int
    mask: str
    images: List[BrandImage]


class ListedBrand(Brand):
    prefixes: List[str]  # "34", "300-305", …
    accepted: bool


class CardBrands(TypedDict):
    brands: List[ListedBrand]


class FieldState(TypedDict):
    state: str          # "valid" | "incomplete" | "invalid"
    errors: List[str]


class CardValidation(TypedDict, total=False):
    cardBrand: Optional[Brand]
    pan: FieldState
    expiryDate: FieldState
    cvc: FieldState
    validationSuccess: bool


class FormattedCard(TypedDict):
    formatted: str
    cursor: int
    cardBrand: Optional[Brand]


class AmountOfMoney(TypedDict):
    amount: int         # minor units
    currencyCode: str


class CurrencyRate(TypedDict):
    code: str
    name: str
    minorUnits: int
    rate: str           # decimal string: units of code per one unit of the base


class CurrencyList(TypedDict):
    base: str
    asOf: str
    currencies: List[CurrencyRate]


class Conversion(TypedDict):
    amountOfMoney: AmountOfMoney
    rate: str           # decimal string: units of the target per one unit of the source
    asOf: str


class ThreeDSChallenge(TypedDict):
    challengeId: str
    expiresAt: str      # RFC 3339 UTC, 10 minutes after the challenge was opened


class ThreeDSResult(TypedDict, total=False):
    status: str         # AUTHENTICATION_SUCCEEDED, …, or CHALLENGE_REQUIRED
    transStatus: str    # Y, N, A, U, R or C; absent when no message carried one
    eci: str
    authenticationValue: str
    dsTransId: str
    threeDSVersion: str
    liabilityShift: bool
    errorDescription: str  # present exactly for THREE_DS_ERROR
    challenge: ThreeDSChallenge
