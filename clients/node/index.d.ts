// Type declarations for the checkoutd Node client (index.js). The shared
// definitions and the client are written by hand from Schemas/definitions.json;
// the method types and wrappers are generated from Schemas/methods/*.json by
// scripts/generate. Member names are the API's (camelCase); `?` marks members
// the schemas do not require.

import { EventEmitter } from 'node:events';

// ---------------------------------------------------------------------------
// Shared definitions (Schemas/definitions.json)

/** RFC 3339 UTC with whole seconds, e.g. `2026-11-21T10:00:00Z`. */
export type Timestamp = string;
/** 1-64 characters of `A-Z a-z 0-9 _ -` (clientSessionId, customerId). */
export type ClientIdentifier = string;
/** ISO 3166-1 alpha-2, upper case. */
export type CountryCode = string;
/** ISO 4217 alphabetic code, upper case. */
export type CurrencyCode = string;
/** `language_REGION`, e.g. `en_US`, `zh_CN`, `nl_NL`. */
export type Locale = string;
/** An integer amount in the currency's minor units (never a fraction). */
export type MinorUnits = number;
/** A decimal string, e.g. `"1.0842"`: units of one currency per one unit of another. */
export type ExchangeRate = string;
/** A mask in the Online Payments mask language, e.g. `{{9999}} {{9999}}`. */
export type Mask = string;
/** RFC 7638 JWK thumbprint of the platform's RSA public key (43 base64url characters). */
export type KeyId = string;
/** An empty object. */
export type Empty = Record<string, never>;

export type ErrorReason =
  | 'PARSE_ERROR'
  | 'INVALID_UTF8'
  | 'INVALID_REQUEST'
  | 'LINE_TOO_LONG'
  | 'BATCH_TOO_LARGE'
  | 'METHOD_NOT_FOUND'
  | 'INVALID_PARAMS'
  | 'INTERNAL_ERROR'
  | 'REQUEST_CANCELLED'
  | 'SESSION_NOT_FOUND'
  | 'SESSION_EXPIRED'
  | 'UNKNOWN_PRODUCT'
  | 'PRODUCT_NOT_AVAILABLE'
  | 'UNKNOWN_ACCOUNT_ON_FILE'
  | 'VALIDATION_FAILED'
  | 'TOKEN_NOT_FOUND'
  | 'THREE_DS_DISABLED'
  | 'CHALLENGE_NOT_FOUND'
  | 'UNKNOWN_CURRENCY'
  | 'ENCRYPTION_FAILED'
  | 'STORE_UNAVAILABLE'
  | 'CURRENCY_CHANGE_NOT_ALLOWED'
  | 'SESSION_COMPLETED'
  | 'ACCESS_SESSION_NOT_FOUND'
  | 'PAYMENT_NOT_FOUND'
  | 'DECRYPTION_FAILED'
  | 'REPLAYED_REQUEST'
  | 'PAYMENT_NOT_COMPLETABLE'
  | 'UNKNOWN_PRODUCT_GROUP';

/** One problem of a -32600/-32602: a JSON Pointer into the params (or the request). */
export interface ParamProblem {
  path: string;
  message: string;
}

export type ValidationErrorMessageId =
  | 'required'
  | 'luhn'
  | 'length'
  | 'range'
  | 'expirationDate'
  | 'regularExpression'
  | 'emailAddress'
  | 'fixedList'
  | 'iban'
  | 'termsAndConditions'
  | 'allowedInContext'
  | 'readOnly'
  | 'unknownField'
  | 'integer'
  | 'numericString'
  | 'name'
  | 'email'
  | 'address'
  | 'city'
  | 'country'
  | 'state'
  | 'zip';

/** One failed rule of one field; the rule's parameters come with length, range and fixedList. */
export interface ValidationError {
  fieldId: string;
  errorMessageId: ValidationErrorMessageId;
  /** In the session's locale; never contains the value. */
  message: string;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  allowedValues?: string[];
}

/** `error.data`: always has `reason`; the other members depend on it. */
export interface ErrorData {
  reason: ErrorReason;
  errors?: Array<ParamProblem | ValidationError>;
  detail?: string;
  offset?: number;
  method?: string;
  maxLineBytes?: number;
  entries?: number;
  maxBatchEntries?: number;
  clientSessionId?: string;
  expiredAt?: Timestamp;
  paymentProductId?: number;
  accountOnFileId?: string;
  token?: string;
  currencyCode?: string;
  path?: string;
  [member: string]: unknown;
}

/** A JSON-RPC error object. */
export interface JsonRpcError {
  code: number;
  message: string;
  data?: ErrorData;
}

/** A JSON-RPC response line as received. */
export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: number | string | null; result: unknown }
  | { jsonrpc: '2.0'; id: number | string | null; error: JsonRpcError };

export type BrandCode =
  | 'amex'
  | 'diners'
  | 'discover'
  | 'jcb'
  | 'maestro'
  | 'mastercard'
  | 'visa'
  | 'unionpay'
  | 'cartesbancaires'
  | 'elo'
  | 'mir'
  | 'hipercard'
  | 'troy';

/** One image of a brand: every image shows the same logo in another format. */
export interface BrandImage {
  type: 'image/svg+xml' | 'image/png';
  /** `<asset base>brands/<code>.svg` or `.png` (`--asset-url`). */
  url: string;
}

/** A card brand from the brand table. */
export interface Brand {
  code: BrandCode;
  name: string;
  /** null for elo, mir, hipercard and troy, which have no catalog product. */
  paymentProductId: number | null;
  panLengths: number[];
  cvcLength: number;
  mask: Mask;
  /** The SVG image, then the PNG one. */
  images: BrandImage[];
}

/** A brand as `card.brands` lists it. */
export interface ListedBrand extends Brand {
  /** The table's entries that identify the brand: `34`, `300-305`, … */
  prefixes: string[];
  /** Whether the merchant accepts the brand (`acceptedBrands`, else the session's). */
  accepted: boolean;
}

export type FieldStateError = 'format' | 'length' | 'luhn' | 'expirationDate' | 'allowedInContext';

/** How a card input field stands while the customer types. */
export interface FieldState {
  state: 'valid' | 'incomplete' | 'invalid';
  /** Empty exactly when state is valid. */
  errors: FieldStateError[];
}

/** Money: an integer amount in minor units and its currency. */
export interface AmountOfMoney {
  amount: MinorUnits;
  currencyCode: CurrencyCode;
}

/** What is paid, where and in which language. */
export interface PaymentContext {
  amountOfMoney: AmountOfMoney;
  countryCode: CountryCode;
  /** Default false. */
  isRecurring?: boolean;
  /** Default `en_US`. */
  locale?: Locale;
}

/** BlueSnap sdkRequest: which address data is required. */
export interface CheckoutRequirements {
  /** Default true. */
  withEmail?: boolean;
  /** Default false. */
  withShipping?: boolean;
  /** Default false. */
  fullBilling?: boolean;
}

export interface ThreeDSPreferences {
  /** Default true. */
  enabled?: boolean;
  /** Default false. */
  bypass?: boolean;
  /** Default false: card payments on the session need a successful authentication. */
  required?: boolean;
}

export type AccountOnFileAttributeStatus = 'READ_ONLY' | 'CAN_WRITE' | 'MUST_WRITE';

export interface AccountOnFileAttribute {
  key: string;
  value: string;
  status: AccountOnFileAttributeStatus;
}

/** A stored account offered for reuse; its `id` is the token. */
export interface AccountOnFile {
  id: string;
  paymentProductId: number;
  attributes: AccountOnFileAttribute[];
  displayHints: {
    labelTemplate: Array<{ attributeKey: string; mask?: Mask }>;
    logo: string;
  };
  /** e.g. `4111 11XX XXXX 1111`. */
  label: string;
  /** The billing address kept with the token, to prefill a returning shopper's checkout. */
  billingDetails?: BillingAddress;
  /** The shipping address kept with the token. */
  shippingDetails?: Address;
}

/** A checkout session as it stands (every member present, except appIdentifier when none was given). */
export interface Session {
  clientSessionId: ClientIdentifier;
  customerId: ClientIdentifier;
  appIdentifier?: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  context: Required<PaymentContext>;
  /** 0 when none was given. */
  taxAmount: MinorUnits;
  requirements: Required<CheckoutRequirements>;
  /** Lower-case brand codes; empty accepts every brand. */
  acceptedBrands: string[];
  accountsOnFile: AccountOnFile[];
  threeDS: Required<ThreeDSPreferences>;
  /** False: changing the currency is CURRENCY_CHANGE_NOT_ALLOWED. */
  allowCurrencyChange: boolean;
  /** The fraud-screening session id (BlueSnap Kount), given or minted. */
  fraudSessionId: string;
  /** True: the session ends when a payment on it is captured. */
  endOnPayment: boolean;
  /** True once the session has ended with its payment. */
  completed: boolean;
}

export interface ProductDisplayHints {
  displayOrder: number;
  label: string;
  logo: string;
}

export type PaymentMethod = 'card' | 'redirect' | 'mobile' | 'directDebit';

/** A payment product as a list shows it (no fields). */
export interface BasicPaymentProduct {
  id: number;
  paymentMethod: PaymentMethod;
  paymentProductGroup?: string;
  displayHints: ProductDisplayHints;
  allowsRecurring: boolean;
  allowsTokenization: boolean;
  usesRedirectionTo3rdParty: boolean;
  /** True: paying with it makes an account on file without tokenize being asked. */
  autoTokenized: boolean;
  minAmount?: number;
  maxAmount?: number;
  accountsOnFile: AccountOnFile[];
}

/** The validators of a field; those without parameters are `{}`. */
export interface FieldValidators {
  luhn?: Empty;
  expirationDate?: Empty;
  length?: { minLength: number; maxLength: number };
  range?: { minValue: number; maxValue: number };
  regularExpression?: { regularExpression: string };
  emailAddress?: Empty;
  fixedList?: { allowedValues: string[] };
  iban?: Empty;
  termsAndConditions?: Empty;
}

export type PaymentProductFieldType = 'string' | 'numericstring' | 'expirydate' | 'integer' | 'boolean';

export type FormElementType = 'text' | 'list' | 'boolean' | 'currency' | 'date';

/** One input of a payment product. */
export interface PaymentProductField {
  id: string;
  type: PaymentProductFieldType;
  dataRestrictions: {
    isRequired: boolean;
    validators: FieldValidators;
  };
  displayHints: {
    displayOrder: number;
    label: string;
    placeholderLabel?: string;
    mask?: Mask;
    obfuscate: boolean;
    alwaysShow: boolean;
    preferredInputType: string;
    formElement: {
      type: FormElementType;
      valueMapping?: Array<{ value: string; displayName: string }>;
    };
    tooltip?: { label: string };
  };
}

/** A payment product with its fields, in display order. */
export interface PaymentProduct extends BasicPaymentProduct {
  fields: PaymentProductField[];
}

export type CardType = 'CREDIT' | 'DEBIT' | 'PREPAID';

/**
 * A shipping address, and the members a billing address shares with it; a missing required member
 * is a ValidationError, not an invalid param. Each member is at most 256 characters.
 */
export interface Address {
  name?: string;
  address?: string;
  city?: string;
  zip?: string;
  country?: string;
  state?: string;
  phone?: string;
}

/**
 * A billing address (BlueSnap BSBillingAddressDetails): an Address with the customer's e-mail,
 * which stands for the top-level `email` when that is absent (fieldId `billingDetails.email`).
 */
export interface BillingAddress extends Address {
  email?: string;
}

// ---------------------------------------------------------------------------
// Methods (Schemas/methods/<method>.json): the params and result of each and
// the Methods map, generated. A type this file declares by hand is not
// generated but used by its name: the shared definitions above, and the
// method types below whose schema cannot say all (e.g. "exactly one of").

// BEGIN GENERATED by scripts/generate from Schemas/methods/*.json; do not edit.

// accessSessions.create

/** At least one of card and cvc. */
export interface AccessSessionsCreateParams {
  clientSessionId: ClientIdentifier;
  card?: {
    /** Digits, spaces allowed. */
    cardNumber: string;
    /** MMYY, MM/YY, MMYYYY or MM/YYYY. */
    expiryDate: string;
    /** The card's CVC, judged by its brand; never kept. */
    cvc: string;
  };
  /** A CVC on its own (for a payment with a stored token): 3 or 4 digits; never kept. */
  cvc?: string;
}

/** card exactly when card was given, cvc exactly when cvc was given. */
export interface AccessSessionsCreateResult {
  card?: {
    session: string;
    expiresAt: Timestamp;
    /** The brand code, e.g. visa. */
    brand: string;
    /** The first 8 digits when the IIN table has an 8-digit entry for them, else the first 6. */
    bin: string;
    last4Digits: string;
    /** MMYY. */
    expiryDate: string;
  };
  cvc?: {
    session: string;
    expiresAt: Timestamp;
  };
}

// address.validate

export interface AddressValidateParams {
  /**
   * The billing address (BlueSnap BSBillingAddressDetails, with its e-mail). Checked when given, or
   * always with requirements.fullBilling. Without fullBilling it needs name, zip and country; with
   * it name, address, city, zip, country, and the state where the country has states (US, CA, BR).
   * Members that are not required are still checked when given. Every member is optional in the
   * schema: a missing required member is a ValidationError named after it, not an invalid param.
   * Members are judged with outer whitespace removed, and a blank member is missing. Its email,
   * when given, is judged by the e-mail rule (fieldId billingDetails.email) and satisfies
   * requirements.withEmail when the top-level email is absent.
   */
  billingDetails?: BillingAddress;
  /**
   * The shipping address (BlueSnap BSShippingAddressDetails, which has no e-mail: an email member
   * is -32602). Checked when given, or always with requirements.withShipping. It needs name,
   * address, city, zip, country, and the state where the country has states (US, CA, BR). Every
   * member is optional in the schema: a missing required member is a ValidationError named after
   * it, not an invalid param. Members are judged with outer whitespace removed, and a blank member
   * is missing.
   */
  shippingDetails?: Address;
  /**
   * The customer's e-mail address, matched as sent (no trimming); checked whenever it is not empty.
   * Required when requirements.withEmail unless billingDetails.email is given; when both are given
   * they must be the same address (ignoring ASCII case), else both get an email error. Its errors
   * have fieldId email.
   */
  email?: string;
  /**
   * What the checkout must collect; members left out take BlueSnap's defaults (withEmail true,
   * withShipping false, fullBilling false).
   */
  requirements?: CheckoutRequirements;
  /** The locale of the messages; en_US when absent. */
  locale?: Locale;
}

export interface AddressValidateResult {
  /** True exactly when errors is empty. */
  valid: boolean;
  errors: ValidationError[];
}

// card.brands

export interface CardBrandsParams {
  /** A session whose acceptedBrands apply when the call gives none. */
  clientSessionId?: ClientIdentifier;
  acceptedBrands?: string[];
}

export interface CardBrandsResult {
  /**
   * Every brand of the table, in table order (the embedded table: amex, diners, discover, jcb,
   * maestro, mastercard, visa, unionpay, elo, mir, hipercard, troy, cartesbancaires).
   */
  brands: ListedBrand[];
}

// card.format

export interface CardFormatParams {
  /** The card number as typed. */
  pan: string;
  /**
   * The caret in pan, 0 to the length of pan; the end when absent. Past the end is -32602 at
   * /cursor.
   */
  cursor?: number;
}

export interface CardFormatResult {
  formatted: string;
  cursor: number;
  cardBrand: Brand | null;
}

// card.validate

export interface CardValidateParams {
  /** The card number as typed; spaces are ignored. */
  pan?: string;
  /** MMYY, MM/YY, MMYYYY or MM/YYYY, or a prefix of one while typing. */
  expiryDate?: string;
  cvc?: string;
  acceptedBrands?: string[];
  /** A session whose acceptedBrands apply when the call gives none. */
  clientSessionId?: ClientIdentifier;
}

export interface CardValidateResult {
  cardBrand: Brand | null;
  pan?: FieldState;
  expiryDate?: FieldState;
  cvc?: FieldState;
  validationSuccess: boolean;
}

// currency.convert

export interface CurrencyConvertParams {
  amountOfMoney: AmountOfMoney;
  targetCurrencyCode: CurrencyCode;
  /**
   * How the exact result is rounded to whole minor units of the target (amounts are never
   * negative): HALF_UP takes a half up, HALF_EVEN to the even neighbour.
   */
  rounding?: 'HALF_UP' | 'HALF_EVEN';
}

export interface CurrencyConvertResult {
  /** The converted amount, in the target currency. */
  amountOfMoney: AmountOfMoney;
  /** Units of the target per one unit of the source. */
  rate: ExchangeRate;
  /** When the table's rates were taken (UTC). */
  asOf: Timestamp;
}

// currency.list

export interface CurrencyListParams {
  /** The currency the rates are quoted against; USD when absent. */
  base?: CurrencyCode;
}

export interface CurrencyListResult {
  base: CurrencyCode;
  /** When the table's rates were taken (UTC). */
  asOf: Timestamp;
  /** Sorted by name (code-point order), then code. */
  currencies: Array<{
    code: CurrencyCode;
    /** English name. */
    name: string;
    /** ISO 4217 minor units: decimal places of the currency's amounts. */
    minorUnits: number;
    /** Units of code per one unit of base; "1" for the base itself. */
    rate: ExchangeRate;
  }>;
}

// encryption.publicKey

export interface EncryptionPublicKeyParams {
  clientSessionId: ClientIdentifier;
}

export interface EncryptionPublicKeyResult {
  keyId: KeyId;
  /** Standard base64 of the DER SubjectPublicKeyInfo. */
  publicKey: string;
}

// iin.details

export interface IinDetailsParams {
  clientSessionId: ClientIdentifier;
  /** The card number as typed so far: digits and spaces, at most 64 characters. */
  bin: string;
}

export interface IinDetailsResult {
  status: 'SUPPORTED' | 'UNKNOWN' | 'NOT_ENOUGH_DIGITS' | 'EXISTING_BUT_NOT_ALLOWED';
  paymentProductId?: number;
  countryCode?: CountryCode;
  cardType?: CardType;
  isAllowedInContext: boolean;
  coBrands: Array<{
    paymentProductId: number;
    isAllowedInContext: boolean;
    cardType?: CardType;
  }>;
}

// mask.apply

export interface MaskApplyParams {
  /** The text as typed, masked or not. */
  value: string;
  mask: Mask;
  /**
   * The caret position in value, 0 to the length of value; the end of value when absent. A cursor
   * past the end is -32602 at /cursor.
   */
  cursor?: number;
}

export interface MaskApplyResult {
  /** The formatted value. */
  value: string;
  /** Where the caret goes in the formatted value. */
  cursor: number;
}

// mask.remove

export interface MaskRemoveParams {
  /** A masked (or partly masked) value. */
  value: string;
  mask: Mask;
}

export interface MaskRemoveResult {
  /** The unmasked value. */
  value: string;
}

// paymentRequest.encrypt

export interface PaymentRequestEncryptParams {
  clientSessionId: ClientIdentifier;
  paymentProductId: number;
  /**
   * The token of one of the session's accounts on file for this product; sent as accountOnFileId in
   * the plaintext. An id that holds a card number (a Luhn-valid run of 12-19 digits) is -32602, and
   * the error does not repeat it.
   */
  accountOnFileId?: string;
  /** Ask the platform to keep the card as a token; written into the plaintext only when true. */
  tokenize?: boolean;
  /** fieldId to the value as entered, masked or not. */
  values: Record<string, string>;
  /**
   * How the content-encryption key is wrapped: RSA-OAEP is SHA-1 with MGF1-SHA-1 (what the Online
   * Payments SDKs send), RSA-OAEP-256 is SHA-256 with MGF1-SHA-256.
   */
  alg?: 'RSA-OAEP' | 'RSA-OAEP-256';
}

export interface PaymentRequestEncryptResult {
  /** The JWE compact serialization: header.encryptedKey.iv.ciphertext.tag. */
  encryptedCustomerInput: string;
  /** Standard base64 of the client meta info JSON. */
  encodedClientMetaInfo: string;
}

// paymentRequest.validate

export interface PaymentRequestValidateParams {
  clientSessionId: ClientIdentifier;
  paymentProductId: number;
  /**
   * The token of one of the session's accounts on file for this product. An id that holds a card
   * number (a Luhn-valid run of 12-19 digits) is -32602, and the error does not repeat it.
   */
  accountOnFileId?: string;
  /** fieldId to the value as entered, masked or not. */
  values: Record<string, string>;
  /**
   * Only these fields are judged, required included, as [field validateValue:] judges one field
   * when the customer leaves it; values for other fields are neither judged nor reported as
   * unknownField. A field id the product does not have is -32602 at /fields/N.
   */
  fields?: string[];
}

export interface PaymentRequestValidateResult {
  /** True exactly when errors is empty. */
  valid: boolean;
  errors: ValidationError[];
}

// payments.complete

export interface PaymentsCompleteParams {
  paymentId: ClientIdentifier;
  outcome: 'approve' | 'cancel' | 'fail';
}

export type PaymentsCompleteResult = {
  /** pay_ and 32 random hexadecimal digits. */
  id: string;
  status: 'CAPTURED' | 'REJECTED' | 'REDIRECTED' | 'PENDING_CHALLENGE' | 'CANCELLED';
  /**
   * isAuthorized is true exactly when the status is CAPTURED; errors (one, for REJECTED and
   * CANCELLED) say why not.
   */
  statusOutput: {
    isAuthorized: boolean;
    errors: Array<{
      code:
        | 'CARD_DECLINED'
        | 'INSUFFICIENT_FUNDS'
        | 'LOST_CARD'
        | 'STOLEN_CARD'
        | 'EXPIRED_CARD'
        | 'INCORRECT_CVC'
        | 'PROCESSING_ERROR'
        | 'SUSPECTED_FRAUD'
        | 'AUTHENTICATION_FAILED'
        | 'AUTHENTICATION_UNAVAILABLE'
        | 'THREE_DS_ERROR'
        | 'CARD_NOT_SUPPORTED'
        | 'AUTHENTICATION_CANCELED'
        | 'CANCELLED_BY_CUSTOMER'
        | 'DECLINED_BY_PROVIDER';
      message: string;
    }>;
  };
  /** The amount paid: the one payments.create was given, else the session's. */
  amountOfMoney: AmountOfMoney;
  /**
   * The session's tax in the payment's currency (converted half up from the session's currency when
   * they differ), never more than the amount.
   */
  taxAmount: MinorUnits;
  paymentProductId: number;
  /** The card of a card payment: never more than the bin and the last 4 digits. */
  card?: {
    brand: string;
    bin: string;
    last4Digits: string;
    /** MMYY. */
    expiryDate: string;
  };
  /**
   * The 3-D Secure authentication the card payment relied on: an earlier successful one of the same
   * card in the session, or the one the payment ran (CHALLENGE_REQUIRED while PENDING_CHALLENGE,
   * then the challenge's final result). Absent when none was needed: the session does not require
   * it, the amount is at most 30.00 EUR, or 3-D Secure is switched off for the session.
   */
  threeDS?: ThreeDSResult;
  /**
   * The token the payment was made with (token, an account on file), or the one a captured tokenize
   * payment created (the same card of the same customer gives the existing token).
   */
  token?: string;
  /**
   * The billing address kept with the token the payment used (token, or an account on file), e-mail
   * included, as tokens.create or tokens.update kept it (API.md 9.6); absent when that token keeps
   * none and for payments made without a token.
   */
  billingDetails?: BillingAddress;
  /**
   * The shipping address kept with the token the payment used (token, or an account on file), as
   * tokens.create or tokens.update kept it (API.md 9.6); absent when that token keeps none and for
   * payments made without a token.
   */
  shippingDetails?: Address;
  /**
   * PayPal's invoice id: present once a PayPal (840) payment is approved at its return
   * (payments.complete).
   */
  payPalInvoiceId?: string;
  fraudSessionId: string;
  /**
   * What the merchant must do next; present exactly while the status is PENDING_CHALLENGE
   * (CHALLENGE: answer it with threeDS.challenge) or REDIRECTED (REDIRECT: send the customer to
   * redirectUrl, then payments.complete).
   */
  merchantAction?: {
    actionType: 'CHALLENGE' | 'REDIRECT';
    challengeId?: string;
    expiresAt?: Timestamp;
    redirectUrl?: string;
  };
  createdAt: Timestamp;
};

// payments.create

/**
 * Exactly one source: encryptedCustomerInput, token (with cvcSession), cardSession, or
 * mobilePaymentData with paymentProductId.
 */
export interface PaymentsCreateParams {
  clientSessionId: ClientIdentifier;
  /**
   * A compact JWE for the platform key (paymentRequest.encrypt's, or any JOSE library's with
   * RSA-OAEP or RSA-OAEP-256 and A256CBC-HS512 and the public key of encryption.publicKey) of the
   * customer input JSON. It must open with this platform's key, unaltered, and name this session
   * (else DECRYPTION_FAILED, whose detail never quotes the decrypted input); its values are judged
   * by the product's rules as paymentRequest.validate judges them (VALIDATION_FAILED); its nonce
   * must be unused (REPLAYED_REQUEST; a nonce is used up only together with the payment it made, in
   * one store operation). accountOnFileId pays with that account (its token); tokenize: true (or an
   * autoTokenized product) makes a captured card payment keep the card as a token for the session's
   * customer.
   */
  encryptedCustomerInput?: string;
  /**
   * A token of the session's customer (TOKEN_NOT_FOUND otherwise). Its account on file has cvv
   * MUST_WRITE, so a card token needs cvcSession (VALIDATION_FAILED, fieldId cvcSession, required).
   */
  token?: ClientIdentifier;
  /**
   * A CVC access session of this session (ACCESS_SESSION_NOT_FOUND otherwise), used up by this
   * payment; its CVC must have the token's brand's length (VALIDATION_FAILED, fieldId cvcSession,
   * length). Only with token.
   */
  cvcSession?: ClientIdentifier;
  /**
   * A card access session of this session (ACCESS_SESSION_NOT_FOUND otherwise), used up by this
   * payment.
   */
  cardSession?: ClientIdentifier;
  /** The wallet's opaque payment token (any non-empty string); authorised and captured. */
  mobilePaymentData?: string;
  /**
   * Apple Pay (302) or Google Pay (320), with mobilePaymentData; it must be offered in the session.
   */
  paymentProductId?: 302 | 320;
  /**
   * The amount to pay (0 for a card check without a charge); the session's context.amountOfMoney
   * when absent. Its currency must be in the rates table.
   */
  amountOfMoney?: AmountOfMoney;
  /**
   * The same key on the same session returns the first payment made with it, as it stands now, and
   * does nothing else.
   */
  idempotencyKey?: ClientIdentifier;
}

export type PaymentsCreateResult = {
  /** pay_ and 32 random hexadecimal digits. */
  id: string;
  status: 'CAPTURED' | 'REJECTED' | 'REDIRECTED' | 'PENDING_CHALLENGE' | 'CANCELLED';
  /**
   * isAuthorized is true exactly when the status is CAPTURED; errors (one, for REJECTED and
   * CANCELLED) say why not.
   */
  statusOutput: {
    isAuthorized: boolean;
    errors: Array<{
      code:
        | 'CARD_DECLINED'
        | 'INSUFFICIENT_FUNDS'
        | 'LOST_CARD'
        | 'STOLEN_CARD'
        | 'EXPIRED_CARD'
        | 'INCORRECT_CVC'
        | 'PROCESSING_ERROR'
        | 'SUSPECTED_FRAUD'
        | 'AUTHENTICATION_FAILED'
        | 'AUTHENTICATION_UNAVAILABLE'
        | 'THREE_DS_ERROR'
        | 'CARD_NOT_SUPPORTED'
        | 'AUTHENTICATION_CANCELED'
        | 'CANCELLED_BY_CUSTOMER'
        | 'DECLINED_BY_PROVIDER';
      message: string;
    }>;
  };
  /** The amount paid: the one payments.create was given, else the session's. */
  amountOfMoney: AmountOfMoney;
  /**
   * The session's tax in the payment's currency (converted half up from the session's currency when
   * they differ), never more than the amount.
   */
  taxAmount: MinorUnits;
  paymentProductId: number;
  /** The card of a card payment: never more than the bin and the last 4 digits. */
  card?: {
    brand: string;
    bin: string;
    last4Digits: string;
    /** MMYY. */
    expiryDate: string;
  };
  /**
   * The 3-D Secure authentication the card payment relied on: an earlier successful one of the same
   * card in the session, or the one the payment ran (CHALLENGE_REQUIRED while PENDING_CHALLENGE,
   * then the challenge's final result). Absent when none was needed: the session does not require
   * it, the amount is at most 30.00 EUR, or 3-D Secure is switched off for the session.
   */
  threeDS?: ThreeDSResult;
  /**
   * The token the payment was made with (token, an account on file), or the one a captured tokenize
   * payment created (the same card of the same customer gives the existing token).
   */
  token?: string;
  /**
   * The billing address kept with the token the payment used (token, or an account on file), e-mail
   * included, as tokens.create or tokens.update kept it (API.md 9.6); absent when that token keeps
   * none and for payments made without a token.
   */
  billingDetails?: BillingAddress;
  /**
   * The shipping address kept with the token the payment used (token, or an account on file), as
   * tokens.create or tokens.update kept it (API.md 9.6); absent when that token keeps none and for
   * payments made without a token.
   */
  shippingDetails?: Address;
  /**
   * PayPal's invoice id: present once a PayPal (840) payment is approved at its return
   * (payments.complete).
   */
  payPalInvoiceId?: string;
  fraudSessionId: string;
  /**
   * What the merchant must do next; present exactly while the status is PENDING_CHALLENGE
   * (CHALLENGE: answer it with threeDS.challenge) or REDIRECTED (REDIRECT: send the customer to
   * redirectUrl, then payments.complete).
   */
  merchantAction?: {
    actionType: 'CHALLENGE' | 'REDIRECT';
    challengeId?: string;
    expiresAt?: Timestamp;
    redirectUrl?: string;
  };
  createdAt: Timestamp;
};

// payments.get

export interface PaymentsGetParams {
  paymentId: ClientIdentifier;
}

export type PaymentsGetResult = {
  /** pay_ and 32 random hexadecimal digits. */
  id: string;
  status: 'CAPTURED' | 'REJECTED' | 'REDIRECTED' | 'PENDING_CHALLENGE' | 'CANCELLED';
  /**
   * isAuthorized is true exactly when the status is CAPTURED; errors (one, for REJECTED and
   * CANCELLED) say why not.
   */
  statusOutput: {
    isAuthorized: boolean;
    errors: Array<{
      code:
        | 'CARD_DECLINED'
        | 'INSUFFICIENT_FUNDS'
        | 'LOST_CARD'
        | 'STOLEN_CARD'
        | 'EXPIRED_CARD'
        | 'INCORRECT_CVC'
        | 'PROCESSING_ERROR'
        | 'SUSPECTED_FRAUD'
        | 'AUTHENTICATION_FAILED'
        | 'AUTHENTICATION_UNAVAILABLE'
        | 'THREE_DS_ERROR'
        | 'CARD_NOT_SUPPORTED'
        | 'AUTHENTICATION_CANCELED'
        | 'CANCELLED_BY_CUSTOMER'
        | 'DECLINED_BY_PROVIDER';
      message: string;
    }>;
  };
  /** The amount paid: the one payments.create was given, else the session's. */
  amountOfMoney: AmountOfMoney;
  /**
   * The session's tax in the payment's currency (converted half up from the session's currency when
   * they differ), never more than the amount.
   */
  taxAmount: MinorUnits;
  paymentProductId: number;
  /** The card of a card payment: never more than the bin and the last 4 digits. */
  card?: {
    brand: string;
    bin: string;
    last4Digits: string;
    /** MMYY. */
    expiryDate: string;
  };
  /**
   * The 3-D Secure authentication the card payment relied on: an earlier successful one of the same
   * card in the session, or the one the payment ran (CHALLENGE_REQUIRED while PENDING_CHALLENGE,
   * then the challenge's final result). Absent when none was needed: the session does not require
   * it, the amount is at most 30.00 EUR, or 3-D Secure is switched off for the session.
   */
  threeDS?: ThreeDSResult;
  /**
   * The token the payment was made with (token, an account on file), or the one a captured tokenize
   * payment created (the same card of the same customer gives the existing token).
   */
  token?: string;
  /**
   * The billing address kept with the token the payment used (token, or an account on file), e-mail
   * included, as tokens.create or tokens.update kept it (API.md 9.6); absent when that token keeps
   * none and for payments made without a token.
   */
  billingDetails?: BillingAddress;
  /**
   * The shipping address kept with the token the payment used (token, or an account on file), as
   * tokens.create or tokens.update kept it (API.md 9.6); absent when that token keeps none and for
   * payments made without a token.
   */
  shippingDetails?: Address;
  /**
   * PayPal's invoice id: present once a PayPal (840) payment is approved at its return
   * (payments.complete).
   */
  payPalInvoiceId?: string;
  fraudSessionId: string;
  /**
   * What the merchant must do next; present exactly while the status is PENDING_CHALLENGE
   * (CHALLENGE: answer it with threeDS.challenge) or REDIRECTED (REDIRECT: send the customer to
   * redirectUrl, then payments.complete).
   */
  merchantAction?: {
    actionType: 'CHALLENGE' | 'REDIRECT';
    challengeId?: string;
    expiresAt?: Timestamp;
    redirectUrl?: string;
  };
  createdAt: Timestamp;
};

// productGroups.get

export interface ProductGroupsGetParams {
  clientSessionId: ClientIdentifier;
  /** The group's id, e.g. cards. */
  paymentProductGroupId: string;
}

export type ProductGroupsGetResult = {
  id: string;
  displayHints: ProductDisplayHints;
  /** The group's products available in the session, in display order. */
  paymentProductIds: number[];
  /** The session's accounts on file for any of the group's products. */
  accountsOnFile: AccountOnFile[];
  fields: PaymentProductField[];
};

// products.get

export interface ProductsGetParams {
  clientSessionId: ClientIdentifier;
  paymentProductId: number;
}

export type ProductsGetResult = PaymentProduct;

// products.list

export interface ProductsListParams {
  clientSessionId: ClientIdentifier;
  /**
   * True: the available products that share a paymentProductGroup are taken out of paymentProducts
   * and offered as one entry each in paymentProductGroups (Online Payments
   * paymentItemsForContext:groupPaymentProducts:).
   */
  groupPaymentProducts?: boolean;
}

export interface ProductsListResult {
  paymentProducts: BasicPaymentProduct[];
  accountsOnFile: AccountOnFile[];
  /** Present exactly when groupPaymentProducts is true. */
  paymentProductGroups?: Array<{
    id: string;
    displayHints: ProductDisplayHints;
    /** The group's products available in the session, in display order. */
    paymentProductIds: number[];
    /** The session's accounts on file for any of the group's products. */
    accountsOnFile: AccountOnFile[];
  }>;
}

// service.info

export interface ServiceInfoResult {
  name: 'checkoutd';
  version: string;
  startedAt: Timestamp;
  now: Timestamp;
  methods: string[];
  /** The id of the platform key paymentRequest.encrypt uses (the kid of every JWE). */
  keyId: KeyId;
  /** The asOf of the rates table in use (the embedded one, or --rates'), in UTC. */
  ratesAsOf: Timestamp;
  /**
   * The version member of the payment-product catalog in use (the embedded one, or --catalog's).
   */
  catalogVersion: string;
  /**
   * Where the platform's state is kept (--data): memory without it, sqlite for a file path,
   * postgresql for a connection URI. Never the path or the URI. schemaVersion is the store's schema
   * version, absent in memory.
   */
  store: {
    kind: 'memory' | 'sqlite' | 'postgresql';
    schemaVersion?: number;
  };
}

// service.shutdown

export type ServiceShutdownResult = Empty;

// session.changeCurrency

export interface SessionChangeCurrencyParams {
  clientSessionId: ClientIdentifier;
  /** The currency to show the session's amounts in; it must be in the rates table. */
  currencyCode: CurrencyCode;
}

export type SessionChangeCurrencyResult = Session;

// session.close

export interface SessionCloseParams {
  clientSessionId: ClientIdentifier;
}

export interface SessionCloseResult {
  closed: true;
}

// session.get

export interface SessionGetParams {
  clientSessionId: ClientIdentifier;
}

export type SessionGetResult = Session;

// session.init

export interface SessionInitParams {
  clientSessionId?: ClientIdentifier;
  customerId?: ClientIdentifier;
  /**
   * The calling application, reported in encodedClientMetaInfo. One that holds a card number (a
   * Luhn-valid run of 12-19 digits) is -32602, and the error does not repeat it.
   */
  appIdentifier?: string;
  context: PaymentContext;
  taxAmount?: MinorUnits;
  requirements?: CheckoutRequirements;
  acceptedBrands?: string[];
  /**
   * Token ids of this customer to offer as accounts on file. An id that holds a card number (a
   * Luhn-valid run of 12-19 digits) is -32602, and the error does not repeat it.
   */
  accountsOnFile?: string[];
  threeDS?: ThreeDSPreferences;
  /**
   * False keeps the session in its currency: session.changeCurrency and a new currency in
   * session.update are then CURRENCY_CHANGE_NOT_ALLOWED (BlueSnap allowCurrencyChange).
   */
  allowCurrencyChange?: boolean;
  /**
   * The fraud-screening session id the device fingerprinting used (BlueSnap Kount); minted when
   * absent. Carried in the session.
   */
  fraudSessionId?: string;
  /**
   * True: the session ends when a payment on it is captured, as a BlueSnap token does; later calls
   * answer SESSION_COMPLETED.
   */
  endOnPayment?: boolean;
}

export type SessionInitResult = Session;

// session.update

export interface SessionUpdateParams {
  clientSessionId: ClientIdentifier;
  /** The new amount; another currency needs allowCurrencyChange. */
  amountOfMoney?: AmountOfMoney;
  /** The new tax, in the (new) amount's currency; at most the amount. */
  taxAmount?: MinorUnits;
  countryCode?: CountryCode;
  locale?: Locale;
  isRecurring?: boolean;
}

export type SessionUpdateResult = Session;

// threeDS.authenticate

export interface ThreeDSAuthenticateResult {
  /**
   * The outcome, as BlueSnap's authenticationWith3DS reports it, or CHALLENGE_REQUIRED while a
   * challenge waits for threeDS.challenge.
   */
  status:
    | 'AUTHENTICATION_SUCCEEDED'
    | 'AUTHENTICATION_BYPASSED'
    | 'AUTHENTICATION_UNAVAILABLE'
    | 'AUTHENTICATION_FAILED'
    | 'THREE_DS_ERROR'
    | 'CARD_NOT_SUPPORTED'
    | 'AUTHENTICATION_CANCELED'
    | 'CHALLENGE_REQUIRED';
  /**
   * The EMV 3DS transStatus: Y authenticated, N not authenticated, A attempt recorded, U
   * authentication unavailable, R rejected by the issuer, C challenge required. Absent when no
   * authentication message carried one: bypassed, card not enrolled, THREE_DS_ERROR,
   * CARD_NOT_SUPPORTED, AUTHENTICATION_CANCELED.
   */
  transStatus?: 'Y' | 'N' | 'A' | 'U' | 'R' | 'C';
  /**
   * The scheme's Electronic Commerce Indicator, present exactly when transStatus is Y, A, N, U or
   * R. Mastercard: 02 authenticated (Y), 01 attempted (A), 00 not authenticated (N, U, R); every
   * other brand (Visa, Amex, Discover, JCB, Diners, UnionPay, Cartes Bancaires, and a card of no
   * known brand): 05, 06, 07.
   */
  eci?: '05' | '06' | '07' | '02' | '01' | '00';
  /**
   * The cardholder authentication value (Visa CAVV, Mastercard AAV) to send with the authorisation:
   * standard base64 of 20 random bytes (28 characters), fresh for each result. Present exactly when
   * liabilityShift is true.
   */
  authenticationValue?: string;
  /**
   * The directory server's transaction id: a random version 4 UUID, fresh for each authentication;
   * the final result of its challenge carries the same one.
   */
  dsTransId: string;
  /**
   * The protocol version the directory server answered with: 2.2.0, except 1.0.2 for the 3-D Secure
   * 1 test card 4000000000000002.
   */
  threeDSVersion: string;
  /** True exactly for transStatus Y and A: the fraud liability moves to the issuer. */
  liabilityShift: boolean;
  /**
   * Present exactly when status is THREE_DS_ERROR: what went wrong, in the words a host can log or
   * show, as BlueSnap's authenticationWith3DS hands a server error over in the BSErrors of its
   * completion (THREE_DS_ERROR: a Cardinal internal error or a server error). The test cards give:
   * 4000000000001067 "3-D Secure server error: the directory server answered the lookup with an
   * error.", 4000000000001075 "3-D Secure server error: the lookup timed out.", and the challenge
   * of 4000000000001125 "3-D Secure internal error: the challenge ended in an error.". The text is
   * for people: branch on status, not on it.
   */
  errorDescription?: string;
  /** Present exactly when status is CHALLENGE_REQUIRED: what threeDS.challenge answers. */
  challenge?: {
    /** A random version 4 UUID naming the challenge. */
    challengeId: string;
    /**
     * 10 minutes after the challenge was opened, on the service clock (--clock): from then on it is
     * CHALLENGE_NOT_FOUND.
     */
    expiresAt: Timestamp;
  };
}

// threeDS.challenge

export interface ThreeDSChallengeResult {
  /**
   * The outcome, as BlueSnap's authenticationWith3DS reports it: final, never CHALLENGE_REQUIRED.
   */
  status:
    | 'AUTHENTICATION_SUCCEEDED'
    | 'AUTHENTICATION_BYPASSED'
    | 'AUTHENTICATION_UNAVAILABLE'
    | 'AUTHENTICATION_FAILED'
    | 'THREE_DS_ERROR'
    | 'CARD_NOT_SUPPORTED'
    | 'AUTHENTICATION_CANCELED';
  /**
   * The EMV 3DS transStatus: Y authenticated, N not authenticated, A attempt recorded, U
   * authentication unavailable, R rejected by the issuer. Absent when no authentication message
   * carried one: bypassed, card not enrolled, THREE_DS_ERROR, CARD_NOT_SUPPORTED,
   * AUTHENTICATION_CANCELED.
   */
  transStatus?: 'Y' | 'N' | 'A' | 'U' | 'R';
  /**
   * The scheme's Electronic Commerce Indicator, present exactly when transStatus is Y, A, N, U or
   * R. Mastercard: 02 authenticated (Y), 01 attempted (A), 00 not authenticated (N, U, R); every
   * other brand (Visa, Amex, Discover, JCB, Diners, UnionPay, Cartes Bancaires, and a card of no
   * known brand): 05, 06, 07.
   */
  eci?: '05' | '06' | '07' | '02' | '01' | '00';
  /**
   * The cardholder authentication value (Visa CAVV, Mastercard AAV) to send with the authorisation:
   * standard base64 of 20 random bytes (28 characters), fresh for each result. Present exactly when
   * liabilityShift is true.
   */
  authenticationValue?: string;
  /**
   * The directory server's transaction id: a random version 4 UUID, fresh for each authentication;
   * the same as in the CHALLENGE_REQUIRED result of threeDS.authenticate.
   */
  dsTransId: string;
  /**
   * The protocol version the directory server answered with: 2.2.0, except 1.0.2 for the 3-D Secure
   * 1 test card 4000000000000002.
   */
  threeDSVersion: string;
  /** True exactly for transStatus Y and A: the fraud liability moves to the issuer. */
  liabilityShift: boolean;
  /**
   * Present exactly when status is THREE_DS_ERROR: what went wrong, in the words a host can log or
   * show, as BlueSnap's authenticationWith3DS hands a server error over in the BSErrors of its
   * completion (THREE_DS_ERROR: a Cardinal internal error or a server error). The test cards give:
   * 4000000000001067 "3-D Secure server error: the directory server answered the lookup with an
   * error.", 4000000000001075 "3-D Secure server error: the lookup timed out.", and the challenge
   * of 4000000000001125 "3-D Secure internal error: the challenge ended in an error.". The text is
   * for people: branch on status, not on it.
   */
  errorDescription?: string;
}

// tokens.create

/** Exactly one of card and cardSession. */
export interface TokensCreateParams {
  clientSessionId: ClientIdentifier;
  card?: {
    /** Digits, spaces allowed. */
    cardNumber: string;
    /** MMYY, MM/YY, MMYYYY or MM/YYYY. */
    expiryDate: string;
    /** Checked when given, never stored. */
    cvv?: string;
    /**
     * Kept with the token and shown in its account on file. A name that holds a card number (a
     * Luhn-valid run of 12-19 digits) is VALIDATION_FAILED, fieldId card.cardholderName,
     * errorMessageId name.
     */
    cardholderName?: string;
  };
  /**
   * A card access session of this session (accessSessions.create, API.md 9.5) in place of card:
   * used up by this call (ACCESS_SESSION_NOT_FOUND when unknown, expired, used or another
   * session's), after the address data passed. Its card was judged when the access session was
   * made; a card no product of the session takes any more is VALIDATION_FAILED, fieldId
   * cardSession, allowedInContext.
   */
  cardSession?: ClientIdentifier;
  /**
   * Judged as address.validate judges it with the session's requirements, and kept with the token
   * as sent (replacing the stored one when the customer already has the card).
   */
  billingDetails?: BillingAddress;
  /**
   * Judged as address.validate judges it with the session's requirements, and kept with the token
   * as sent (replacing the stored one when the customer already has the card). No email member:
   * only a billing address carries one.
   */
  shippingDetails?: Address;
  /**
   * The customer's e-mail address, judged by the e-mail rule (fieldId email); not kept with the
   * token. billingDetails.email stands for it when it is absent.
   */
  email?: string;
}

export interface TokensCreateResult {
  /** tok_ and 32 hexadecimal digits; also the account on file's id. */
  token: string;
  paymentProductId: number;
  card: {
    /** The brand code, e.g. visa. */
    brand: string;
    bin: string;
    last4Digits: string;
    issuingCountry?: CountryCode;
    cardType?: CardType;
    /** MMYY. */
    expiryDate: string;
  };
  accountOnFile: AccountOnFile;
}

// tokens.delete

export interface TokensDeleteParams {
  customerId: ClientIdentifier;
  token: ClientIdentifier;
}

export interface TokensDeleteResult {
  deleted: true;
}

// tokens.list

export interface TokensListParams {
  customerId: ClientIdentifier;
}

export interface TokensListResult {
  tokens: AccountOnFile[];
}

// tokens.update

export interface TokensUpdateParams {
  customerId: ClientIdentifier;
  token: ClientIdentifier;
  /**
   * Replaces the stored billing address whole (members are not merged with the stored one); null
   * removes it; left out, the stored one stays. A billing address needs name, zip and country; its
   * email, when given, passes the e-mail rule (fieldId billingDetails.email).
   */
  billingDetails?: BillingAddress | null;
  /**
   * Replaces the stored shipping address whole (members are not merged with the stored one); null
   * removes it; left out, the stored one stays. A shipping address needs name, address, city, zip,
   * country, and the state where the country has states (US, CA, BR).
   */
  shippingDetails?: Address | null;
  /** The renewed expiry date: MMYY, MM/YY, MMYYYY or MM/YYYY, kept as MMYY. */
  expiryDate?: string;
}

export type TokensUpdateResult = AccountOnFile;

/** Every method: its params and its result. */
export interface Methods {
  'accessSessions.create': { params: AccessSessionsCreateParams; result: AccessSessionsCreateResult };
  'address.validate': { params: AddressValidateParams | undefined; result: AddressValidateResult };
  'card.brands': { params: CardBrandsParams | undefined; result: CardBrandsResult };
  'card.format': { params: CardFormatParams; result: CardFormatResult };
  'card.validate': { params: CardValidateParams | undefined; result: CardValidateResult };
  'currency.convert': { params: CurrencyConvertParams; result: CurrencyConvertResult };
  'currency.list': { params: CurrencyListParams | undefined; result: CurrencyListResult };
  'encryption.publicKey': { params: EncryptionPublicKeyParams; result: EncryptionPublicKeyResult };
  'iin.details': { params: IinDetailsParams; result: IinDetailsResult };
  'mask.apply': { params: MaskApplyParams; result: MaskApplyResult };
  'mask.remove': { params: MaskRemoveParams; result: MaskRemoveResult };
  'paymentRequest.encrypt': { params: PaymentRequestEncryptParams; result: PaymentRequestEncryptResult };
  'paymentRequest.validate': { params: PaymentRequestValidateParams; result: PaymentRequestValidateResult };
  'payments.complete': { params: PaymentsCompleteParams; result: PaymentsCompleteResult };
  'payments.create': { params: PaymentsCreateParams; result: PaymentsCreateResult };
  'payments.get': { params: PaymentsGetParams; result: PaymentsGetResult };
  'productGroups.get': { params: ProductGroupsGetParams; result: ProductGroupsGetResult };
  'products.get': { params: ProductsGetParams; result: ProductsGetResult };
  'products.list': { params: ProductsListParams; result: ProductsListResult };
  'rpc.discover': { params: Empty | undefined; result: RpcDiscoverResult };
  'service.info': { params: Empty | undefined; result: ServiceInfoResult };
  'service.shutdown': { params: Empty | undefined; result: ServiceShutdownResult };
  'session.changeCurrency': { params: SessionChangeCurrencyParams; result: SessionChangeCurrencyResult };
  'session.close': { params: SessionCloseParams; result: SessionCloseResult };
  'session.get': { params: SessionGetParams; result: SessionGetResult };
  'session.init': { params: SessionInitParams; result: SessionInitResult };
  'session.update': { params: SessionUpdateParams; result: SessionUpdateResult };
  'threeDS.authenticate': { params: ThreeDSAuthenticateParams; result: ThreeDSAuthenticateResult };
  'threeDS.challenge': { params: ThreeDSChallengeParams; result: ThreeDSChallengeResult };
  'tokens.create': { params: TokensCreateParams; result: TokensCreateResult };
  'tokens.delete': { params: TokensDeleteParams; result: TokensDeleteResult };
  'tokens.list': { params: TokensListParams; result: TokensListResult };
  'tokens.update': { params: TokensUpdateParams; result: TokensUpdateResult };
}

// END GENERATED

// ---------------------------------------------------------------------------
// Method types written by hand, and names for parts of the generated ones

/** The OpenRPC 1.3 document (the same bytes as Schemas/openrpc.json). */
export interface RpcDiscoverResult {
  openrpc: string;
  info: { title: string; version: string; [member: string]: unknown };
  methods: Array<{ name: string; params: unknown[]; result: unknown; [member: string]: unknown }>;
  components?: Record<string, unknown>;
  [member: string]: unknown;
}

/** Exactly one of `cardNumber` and `token`. */
export type ThreeDSAuthenticateParams = {
  clientSessionId: ClientIdentifier;
  /** The session's context.amountOfMoney when absent. */
  amountOfMoney?: AmountOfMoney;
} & (
  | { /** 12-19 digits, spaces allowed. */ cardNumber: string; token?: never }
  | { /** A token of the session's customer. */ token: string; cardNumber?: never }
);

/** Exactly one of `code` and `cancel`. */
export type ThreeDSChallengeParams = {
  challengeId: string;
} & (
  | { /** The one-time code; `1234` passes. */ code: string; cancel?: never }
  | { cancel: true; code?: never }
);

/** A 3-D Secure result: final, or CHALLENGE_REQUIRED with the challenge to answer. */
export interface ThreeDSResult extends ThreeDSAuthenticateResult {}
export type ThreeDSStatus = ThreeDSAuthenticateResult['status'];
/** EMV 3DS transStatus. */
export type TransStatus = NonNullable<ThreeDSAuthenticateResult['transStatus']>;
/** Electronic Commerce Indicator (Mastercard 02/01/00, every other brand 05/06/07). */
export type Eci = NonNullable<ThreeDSAuthenticateResult['eci']>;
export type ThreeDSChallengeInfo = NonNullable<ThreeDSAuthenticateResult['challenge']>;
export type TokenizedCard = TokensCreateResult['card'];
export type CoBrand = IinDetailsResult['coBrands'][number];
export type CurrencyRate = CurrencyListResult['currencies'][number];

export type MethodName = keyof Methods;

// ---------------------------------------------------------------------------
// Errors

/**
 * A JSON-RPC error returned by the service; the subclass is chosen from
 * `error.data.reason`. `message` is the JSON-RPC error message as sent.
 */
export class CheckoutdError extends Error {
  /** The `data.reason` this class stands for (`null` on the base class). */
  static readonly REASON: ErrorReason | null;
  constructor(code: number, message: string, data?: Record<string, unknown>);
  /** The JSON-RPC error code. */
  readonly code: number;
  /** `error.data` (`{}` when absent). */
  readonly data: Partial<ErrorData>;
  /** `error.data.reason`, or null. */
  readonly reason: ErrorReason | (string & {}) | null;
  /** The error object as it came over the wire. */
  readonly error: JsonRpcError;
  /** The instance of the class matching a JSON-RPC `error` member. */
  static fromError(error: unknown): CheckoutdError;
}

/** -32700: the line was not valid JSON. */
export class ParseError extends CheckoutdError {
  static readonly REASON: 'PARSE_ERROR' | 'INVALID_UTF8';
}
/** -32700: the line was not valid UTF-8. */
export class InvalidUTF8 extends ParseError {
  static readonly REASON: 'INVALID_UTF8';
}
/** -32600: not a valid JSON-RPC 2.0 request. */
export class InvalidRequest extends CheckoutdError {
  static readonly REASON: 'INVALID_REQUEST' | 'LINE_TOO_LONG' | 'BATCH_TOO_LARGE';
  /** `data.errors`: `[{path, message}]`. */
  readonly errors: ParamProblem[];
}
/** -32600: the line exceeded `--max-line-bytes`. */
export class LineTooLong extends InvalidRequest {
  static readonly REASON: 'LINE_TOO_LONG';
}
/** -32600: the batch had too many entries. */
export class BatchTooLarge extends InvalidRequest {
  static readonly REASON: 'BATCH_TOO_LARGE';
}
/** -32601: no such method. */
export class MethodNotFound extends CheckoutdError {
  static readonly REASON: 'METHOD_NOT_FOUND';
  /** `data.method`. */
  readonly method: string | null;
}
/** -32602: the params did not fit the method. */
export class InvalidParams extends CheckoutdError {
  static readonly REASON: 'INVALID_PARAMS';
  /** `data.errors`: `[{path, message}]` with JSON Pointer paths, e.g. `/card/expiryDate`. */
  readonly errors: ParamProblem[];
}
/** -32603: a bug in the service. */
export class InternalError extends CheckoutdError {
  static readonly REASON: 'INTERNAL_ERROR';
}
/** -32800: cancelled with `$/cancelRequest`. */
export class RequestCancelled extends CheckoutdError {
  static readonly REASON: 'REQUEST_CANCELLED';
}
/** 1001 */
export class SessionNotFound extends CheckoutdError {
  static readonly REASON: 'SESSION_NOT_FOUND';
}
/** 1002 */
export class SessionExpired extends CheckoutdError {
  static readonly REASON: 'SESSION_EXPIRED';
}
/** 1101 */
export class UnknownProduct extends CheckoutdError {
  static readonly REASON: 'UNKNOWN_PRODUCT';
}
/** 1102 */
export class ProductNotAvailable extends CheckoutdError {
  static readonly REASON: 'PRODUCT_NOT_AVAILABLE';
}
/** 1103 */
export class UnknownAccountOnFile extends CheckoutdError {
  static readonly REASON: 'UNKNOWN_ACCOUNT_ON_FILE';
}
/** 1201: well-formed but invalid input. */
export class ValidationFailed extends CheckoutdError {
  static readonly REASON: 'VALIDATION_FAILED';
  /** `data.errors`: every failed rule. */
  readonly errors: ValidationError[];
}
/** 1301 */
export class TokenNotFound extends CheckoutdError {
  static readonly REASON: 'TOKEN_NOT_FOUND';
}
/** 1401 */
export class ThreeDSDisabled extends CheckoutdError {
  static readonly REASON: 'THREE_DS_DISABLED';
}
/** 1402 */
export class ChallengeNotFound extends CheckoutdError {
  static readonly REASON: 'CHALLENGE_NOT_FOUND';
}
/** 1501 */
export class UnknownCurrency extends CheckoutdError {
  static readonly REASON: 'UNKNOWN_CURRENCY';
}
/** 1502 */
export class EncryptionFailed extends CheckoutdError {
  static readonly REASON: 'ENCRYPTION_FAILED';
}
/** 1004 */
export class CurrencyChangeNotAllowed extends CheckoutdError {
  static readonly REASON: 'CURRENCY_CHANGE_NOT_ALLOWED';
}
/** 1104 */
export class UnknownProductGroup extends CheckoutdError {
  static readonly REASON: 'UNKNOWN_PRODUCT_GROUP';
}
/** 1601: retryable; nothing was changed. */
export class StoreUnavailable extends CheckoutdError {
  static readonly REASON: 'STORE_UNAVAILABLE';
}
/** 1003 */
export class SessionCompleted extends CheckoutdError {
  static readonly REASON: 'SESSION_COMPLETED';
}
/** 1302 */
export class AccessSessionNotFound extends CheckoutdError {
  static readonly REASON: 'ACCESS_SESSION_NOT_FOUND';
}
/** 1701 */
export class PaymentNotFound extends CheckoutdError {
  static readonly REASON: 'PAYMENT_NOT_FOUND';
}
/** 1702 */
export class DecryptionFailed extends CheckoutdError {
  static readonly REASON: 'DECRYPTION_FAILED';
}
/** 1703 */
export class ReplayedRequest extends CheckoutdError {
  static readonly REASON: 'REPLAYED_REQUEST';
}
/** 1704 */
export class PaymentNotCompletable extends CheckoutdError {
  static readonly REASON: 'PAYMENT_NOT_COMPLETABLE';
}

/** `data.reason` → error class. */
export const REASON_CLASSES: {
  readonly PARSE_ERROR: typeof ParseError;
  readonly INVALID_UTF8: typeof InvalidUTF8;
  readonly INVALID_REQUEST: typeof InvalidRequest;
  readonly LINE_TOO_LONG: typeof LineTooLong;
  readonly BATCH_TOO_LARGE: typeof BatchTooLarge;
  readonly METHOD_NOT_FOUND: typeof MethodNotFound;
  readonly INVALID_PARAMS: typeof InvalidParams;
  readonly INTERNAL_ERROR: typeof InternalError;
  readonly REQUEST_CANCELLED: typeof RequestCancelled;
  readonly SESSION_NOT_FOUND: typeof SessionNotFound;
  readonly SESSION_EXPIRED: typeof SessionExpired;
  readonly UNKNOWN_PRODUCT: typeof UnknownProduct;
  readonly PRODUCT_NOT_AVAILABLE: typeof ProductNotAvailable;
  readonly UNKNOWN_ACCOUNT_ON_FILE: typeof UnknownAccountOnFile;
  readonly VALIDATION_FAILED: typeof ValidationFailed;
  readonly TOKEN_NOT_FOUND: typeof TokenNotFound;
  readonly THREE_DS_DISABLED: typeof ThreeDSDisabled;
  readonly CHALLENGE_NOT_FOUND: typeof ChallengeNotFound;
  readonly UNKNOWN_CURRENCY: typeof UnknownCurrency;
  readonly ENCRYPTION_FAILED: typeof EncryptionFailed;
  readonly STORE_UNAVAILABLE: typeof StoreUnavailable;
  readonly CURRENCY_CHANGE_NOT_ALLOWED: typeof CurrencyChangeNotAllowed;
  readonly UNKNOWN_PRODUCT_GROUP: typeof UnknownProductGroup;
  readonly SESSION_COMPLETED: typeof SessionCompleted;
  readonly ACCESS_SESSION_NOT_FOUND: typeof AccessSessionNotFound;
  readonly PAYMENT_NOT_FOUND: typeof PaymentNotFound;
  readonly DECRYPTION_FAILED: typeof DecryptionFailed;
  readonly REPLAYED_REQUEST: typeof ReplayedRequest;
  readonly PAYMENT_NOT_COMPLETABLE: typeof PaymentNotCompletable;
};

/** The conversation with the process failed; no JSON-RPC error was received. */
export class TransportError extends Error {}

/** The process is gone (or never started) before answering. */
export class ProcessExited extends TransportError {
  constructor(message: string, options?: {
    exitCode?: number | null;
    signal?: NodeJS.Signals | null;
    stderr?: string;
    method?: string;
    id?: number;
    cause?: unknown;
  });
  /** The exit code; null when a signal ended the process or it is not known yet. */
  readonly exitCode: number | null;
  /** The signal that ended the process, or null. */
  readonly signal: NodeJS.Signals | null;
  /** The tail of the process's stderr (at most 4096 characters). */
  readonly stderr: string;
  /** The call this error ended, when it ended one. */
  readonly method?: string;
  readonly id?: number;
}

/** No response within the timeout; `$/cancelRequest` was sent. */
export class CallTimeout extends TransportError {
  constructor(method: string, id: number, timeout: number);
  readonly method: string;
  readonly id: number;
  /** Milliseconds. */
  readonly timeout: number;
}

/** The call's AbortSignal fired; `$/cancelRequest` was sent if the request had been written. */
export class CallAborted extends TransportError {
  constructor(method: string, id: number | null, reason: unknown);
  readonly method: string;
  /** null when the signal had fired before the call. */
  readonly id: number | null;
  /** The signal's reason. */
  readonly cause: unknown;
}

/** A line on stdout that is not a JSON-RPC response. */
export class ProtocolViolation extends TransportError {
  constructor(message: string, line: string);
  readonly line: string;
}

/** No checkoutd executable could be located. */
export class BinaryNotFound extends TransportError {}

// ---------------------------------------------------------------------------
// The client

/** `CHECKOUTD_BIN`. */
export const ENV_VAR: 'CHECKOUTD_BIN';

/**
 * The executable to run: `bin`; else `$CHECKOUTD_BIN`; else the binary the
 * package carries; else `checkoutd` on PATH; else `.build/release/checkoutd`
 * or `.build/debug/checkoutd` above the module. Throws BinaryNotFound.
 */
export function findBinary(bin?: string | URL | null): string;

/** The checkoutd the package carries (`bin/checkoutd`), or null in a package without one. */
export function packagedBinary(): string | null;

/** checkoutd's Schemas/ as data (also the module `checkoutd/schemas`). */
export * as schemas from './schemas';

/** The wrapper naming rule: `session.init` → `sessionInit`, `threeDS.authenticate` → `threeDSAuthenticate`. */
export function wrapperName(method: string): string;

export interface CheckoutdOptions {
  /** The executable; else `$CHECKOUTD_BIN`, PATH, the checkout's `.build`. */
  bin?: string | URL;
  /** Arguments, e.g. `['--clock', '2026-11-21T10:00:00Z']`. */
  args?: Iterable<string>;
  /** Default per-call timeout in milliseconds; null or Infinity (the default): none. */
  timeout?: number | null;
  /** Milliseconds close() waits at each step (default 5000). */
  closeTimeout?: number | null;
  /** Characters of stderr kept (default 1 MiB). */
  stderrLimit?: number;
  /** Variables added to process.env for the child. */
  env?: Record<string, string | undefined>;
  /** The child's working directory. */
  cwd?: string | URL;
}

export interface CallOptions {
  /** Milliseconds; overrides the client's default; null or Infinity: none. */
  timeout?: number | null;
  /** Aborting rejects the call with CallAborted and cancels the request. */
  signal?: AbortSignal;
}

/** One call of a batch: a request, or with `notification: true` a notification. */
export type BatchCall<M extends MethodName = MethodName> =
  { [K in M]: { method: K; params?: Methods[K]['params']; notification?: boolean } }[M]
  | { method: string; params?: unknown; notification?: boolean };

/** The outcome of one call of a batch: its result, its error (in its place), or undefined for a notification. */
export type BatchOutcome = unknown | CheckoutdError | undefined;

/** The most calls callBatch() sends in one line (the service's batch limit): 1000. */
export const MAX_BATCH: 1000;

export interface CloseOptions {
  /** Milliseconds to wait at each step (end of input, SIGTERM, SIGKILL). */
  timeout?: number | null;
}

export interface CheckoutdStats {
  /** Requests written to stdin. */
  requests: number;
  /** Notifications written to stdin (including `$/cancelRequest`). */
  notifications: number;
  /** How often writing paused until stdin's 'drain'. */
  drainWaits: number;
}

/** A running checkoutd process speaking JSON-RPC 2.0 over its stdio. */
export class Checkoutd extends EventEmitter {
  constructor(options?: CheckoutdOptions);
  /** The executable that runs. */
  readonly bin: string;
  readonly args: string[];
  /** Responses that matched no call (the most recent 100). */
  readonly unmatched: JsonRpcResponse[];
  /** Lines on stdout that were not responses (the most recent 100). */
  readonly protocolErrors: ProtocolViolation[];
  readonly pid: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly alive: boolean;
  readonly pendingCount: number;
  readonly stats: CheckoutdStats;
  /** The most recent stderr output (at most `stderrLimit` characters). */
  readonly stderr: string;

  /** Resolves with the exit code once the process is gone. */
  wait(): Promise<number | null>;
  /** Sends a request and resolves with its result. */
  call<M extends MethodName>(method: M, params?: Methods[M]['params'], options?: CallOptions): Promise<Methods[M]['result']>;
  call(method: string, params?: unknown, options?: CallOptions): Promise<unknown>;
  /**
   * Sends up to 1000 calls as one JSON-RPC batch line; resolves with their
   * outcomes in order (a result, or the CheckoutdError in its place; undefined
   * for a notification). RangeError over 1000 calls.
   */
  callBatch(calls: readonly BatchCall[], options?: CallOptions): Promise<BatchOutcome[]>;
  /** Sends a notification (never answered). */
  notify(method: string, params?: unknown): void;
  /** End of input → wait → SIGTERM → SIGKILL; resolves with the exit code (null after a signal). Idempotent. */
  close(options?: CloseOptions): Promise<number | null>;
  [Symbol.asyncDispose](): Promise<void>;

  on(event: 'response', listener: (response: JsonRpcResponse, method: string | null) => void): this;
  on(event: 'unmatched', listener: (response: JsonRpcResponse) => void): this;
  on(event: 'protocolError', listener: (error: ProtocolViolation) => void): this;
  on(event: 'stderr', listener: (text: string) => void): this;
  on(event: 'exit', listener: (exitCode: number | null, signal: NodeJS.Signals | null) => void): this;
  on(event: string | symbol, listener: (...args: any[]) => void): this;
  once(event: 'response', listener: (response: JsonRpcResponse, method: string | null) => void): this;
  once(event: 'unmatched', listener: (response: JsonRpcResponse) => void): this;
  once(event: 'protocolError', listener: (error: ProtocolViolation) => void): this;
  once(event: 'stderr', listener: (text: string) => void): this;
  once(event: 'exit', listener: (exitCode: number | null, signal: NodeJS.Signals | null) => void): this;
  once(event: string | symbol, listener: (...args: any[]) => void): this;

  // Typed wrappers: one per method, named by wrapperName(method).
  // BEGIN GENERATED by scripts/generate from Schemas/methods/*.json; do not edit.
  /** `accessSessions.create`: Exchange a card or a CVC for a single-use access session. */
  accessSessionsCreate(params: AccessSessionsCreateParams, options?: CallOptions): Promise<AccessSessionsCreateResult>;
  /**
   * `address.validate`: Check billing and shipping addresses and the e-mail by BlueSnap's rules.
   */
  addressValidate(params?: AddressValidateParams, options?: CallOptions): Promise<AddressValidateResult>;
  /**
   * `card.brands`: List the card brands with their prefixes, images and whether each is accepted.
   */
  cardBrands(params?: CardBrandsParams, options?: CallOptions): Promise<CardBrandsResult>;
  /** `card.format`: Lay out a card number with its brand's mask as it is typed. */
  cardFormat(params: CardFormatParams, options?: CallOptions): Promise<CardFormatResult>;
  /** `card.validate`: Detect the card brand and judge each card field as it is typed. */
  cardValidate(params?: CardValidateParams, options?: CallOptions): Promise<CardValidateResult>;
  /** `currency.convert`: Convert an amount to another currency, exactly, rounding once. */
  currencyConvert(params: CurrencyConvertParams, options?: CallOptions): Promise<CurrencyConvertResult>;
  /** `currency.list`: Every currency with its rate per unit of a base. */
  currencyList(params?: CurrencyListParams, options?: CallOptions): Promise<CurrencyListResult>;
  /** `encryption.publicKey`: The platform's public key. */
  encryptionPublicKey(params: EncryptionPublicKeyParams, options?: CallOptions): Promise<EncryptionPublicKeyResult>;
  /** `iin.details`: What the first digits of a card say about it. */
  iinDetails(params: IinDetailsParams, options?: CallOptions): Promise<IinDetailsResult>;
  /** `mask.apply`: Format a value with a mask as the customer types. */
  maskApply(params: MaskApplyParams, options?: CallOptions): Promise<MaskApplyResult>;
  /** `mask.remove`: The characters of a value that fill the mask's placeholders. */
  maskRemove(params: MaskRemoveParams, options?: CallOptions): Promise<MaskRemoveResult>;
  /** `paymentRequest.encrypt`: Encrypt the customer's input for the merchant's server. */
  paymentRequestEncrypt(params: PaymentRequestEncryptParams, options?: CallOptions): Promise<PaymentRequestEncryptResult>;
  /** `paymentRequest.validate`: Check the customer's input for a payment product. */
  paymentRequestValidate(params: PaymentRequestValidateParams, options?: CallOptions): Promise<PaymentRequestValidateResult>;
  /** `payments.complete`: The customer's return from the redirect provider. */
  paymentsComplete(params: PaymentsCompleteParams, options?: CallOptions): Promise<PaymentsCompleteResult>;
  /** `payments.create`: Pay: the platform's server side of the checkout. */
  paymentsCreate(params: PaymentsCreateParams, options?: CallOptions): Promise<PaymentsCreateResult>;
  /** `payments.get`: A payment as it stands now. */
  paymentsGet(params: PaymentsGetParams, options?: CallOptions): Promise<PaymentsGetResult>;
  /**
   * `productGroups.get`: A payment product group with the fields to fill in before the card says
   * which product it is.
   */
  productGroupsGet(params: ProductGroupsGetParams, options?: CallOptions): Promise<ProductGroupsGetResult>;
  /** `products.get`: One payment product with its fields. */
  productsGet(params: ProductsGetParams, options?: CallOptions): Promise<ProductsGetResult>;
  /** `products.list`: The payment products offered in the session. */
  productsList(params: ProductsListParams, options?: CallOptions): Promise<ProductsListResult>;
  /** `rpc.discover`: The OpenRPC document of every method. */
  rpcDiscover(options?: CallOptions): Promise<RpcDiscoverResult>;
  /** `service.info`: What is serving, since when, and which methods. */
  serviceInfo(options?: CallOptions): Promise<ServiceInfoResult>;
  /** `service.shutdown`: Stop the service after answering. */
  serviceShutdown(options?: CallOptions): Promise<ServiceShutdownResult>;
  /** `session.changeCurrency`: Show the session's amount and tax in another currency. */
  sessionChangeCurrency(params: SessionChangeCurrencyParams, options?: CallOptions): Promise<SessionChangeCurrencyResult>;
  /** `session.close`: End a session before its time. */
  sessionClose(params: SessionCloseParams, options?: CallOptions): Promise<SessionCloseResult>;
  /** `session.get`: The session as it stands. */
  sessionGet(params: SessionGetParams, options?: CallOptions): Promise<SessionGetResult>;
  /** `session.init`: Open a checkout session for a payment context. */
  sessionInit(params: SessionInitParams, options?: CallOptions): Promise<SessionInitResult>;
  /** `session.update`: Change the session's amounts or context while the checkout is under way. */
  sessionUpdate(params: SessionUpdateParams, options?: CallOptions): Promise<SessionUpdateResult>;
  /**
   * `threeDS.authenticate`: Run 3-D Secure for a card or token: a final outcome, or a challenge to
   * answer.
   */
  threeDSAuthenticate(params: ThreeDSAuthenticateParams, options?: CallOptions): Promise<ThreeDSAuthenticateResult>;
  /** `threeDS.challenge`: Answer a 3-D Secure challenge with the one-time code, or cancel it. */
  threeDSChallenge(params: ThreeDSChallengeParams, options?: CallOptions): Promise<ThreeDSChallengeResult>;
  /** `tokens.create`: Keep a card in the vault for the session's customer. */
  tokensCreate(params: TokensCreateParams, options?: CallOptions): Promise<TokensCreateResult>;
  /** `tokens.delete`: Forget one of a customer's tokens. */
  tokensDelete(params: TokensDeleteParams, options?: CallOptions): Promise<TokensDeleteResult>;
  /** `tokens.list`: A customer's tokens as accounts on file. */
  tokensList(params: TokensListParams, options?: CallOptions): Promise<TokensListResult>;
  /**
   * `tokens.update`: Change a stored card's expiry date or its shopper's billing and shipping
   * details.
   */
  tokensUpdate(params: TokensUpdateParams, options?: CallOptions): Promise<TokensUpdateResult>;
  // END GENERATED
}

export default Checkoutd;
