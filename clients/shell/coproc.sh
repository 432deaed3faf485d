#!/usr/bin/env bash
# A conversation with one long-lived checkoutd through a bash coprocess: open a
# session, validate a card, encrypt the payment, read each response line and pick
# fields with jq. One request at a time, so each line read is the answer to the
# request just written (the id is checked anyway); a request sees the effects of
# every request answered before it.
# Needs bash 4+ and jq; the binary is $CHECKOUTD_BIN or `checkoutd` on PATH.
set -euo pipefail

checkoutd=${CHECKOUTD_BIN:-checkoutd}
command -v "$checkoutd" >/dev/null || { echo "coproc.sh: set CHECKOUTD_BIN or put checkoutd on PATH" >&2; exit 2; }
command -v jq >/dev/null || { echo "coproc.sh: needs jq" >&2; exit 2; }

coproc CHECKOUTD { exec "$checkoutd" --clock 2026-11-21T10:00:00Z; }
to_service=${CHECKOUTD[1]}
from_service=${CHECKOUTD[0]}
service_pid=$CHECKOUTD_PID

last_id=0
response=

# rpc METHOD [PARAMS_JSON]: sends one request and leaves its response line in $response.
# (Not meant for $(...): a subshell would lose the id counter.)
rpc() {
  local method=$1 params=${2:-'{}'}
  last_id=$((last_id + 1))
  jq -cn --argjson id "$last_id" --arg method "$method" --argjson params "$params" \
    '{jsonrpc: "2.0", id: $id, method: $method, params: $params}' >&"$to_service"
  if ! IFS= read -r -t 10 response <&"$from_service"; then
    echo "coproc.sh: no answer to $method" >&2
    return 1
  fi
  if [[ $(jq -r '.id' <<<"$response") != "$last_id" ]]; then
    echo "coproc.sh: unexpected response: $response" >&2
    return 1
  fi
}

# 1. A session for 29.99 EUR in the Netherlands.
rpc session.init '{"clientSessionId":"cs_shell","customerId":"cus_shell",
                   "context":{"amountOfMoney":{"amount":2999,"currencyCode":"EUR"},"countryCode":"NL"}}'
jq -r '.result | "session \(.clientSessionId) for \(.context.amountOfMoney.amount) \(.context.amountOfMoney.currencyCode), expires \(.expiresAt)"' <<<"$response"

# 2. The card as typed, checked against the session.
card='{"cardNumber":"4242 4242 4242 4242","expiryDate":"12/28","cvv":"123"}'
rpc card.validate "$(jq -c '{pan: .cardNumber, expiryDate, cvc: .cvv, clientSessionId: "cs_shell"}' <<<"$card")"
jq -r '.result | "card \(.cardBrand.code) (product \(.cardBrand.paymentProductId)): validationSuccess=\(.validationSuccess)"' <<<"$response"
product=$(jq -r '.result.cardBrand.paymentProductId' <<<"$response")

# 3. Encrypt it for the merchant's server; the JWE header names the key.
rpc paymentRequest.encrypt "$(jq -c --argjson product "$product" \
  '{clientSessionId: "cs_shell", paymentProductId: $product, values: .}' <<<"$card")"
jq -r '.result.encryptedCustomerInput | split(".") as $parts
       | ($parts[0] | gsub("-"; "+") | gsub("_"; "/") | . + ("=" * ((4 - length % 4) % 4)) | @base64d | fromjson) as $header
       | "encrypted: \($parts | length) JWE parts, alg \($header.alg), enc \($header.enc)"' <<<"$response"

# 4. Errors come back as responses too: an invalid card is VALIDATION_FAILED with every problem.
rpc paymentRequest.encrypt '{"clientSessionId":"cs_shell","paymentProductId":1,
                             "values":{"cardNumber":"4242 4242 4242 4241","expiryDate":"13/28","cvv":"1"}}'
jq -r '.error | "error \(.code) \(.data.reason): \([.data.errors[] | "\(.fieldId)/\(.errorMessageId)"] | join(", "))"' <<<"$response"

# 5. Close the session; then it is gone.
rpc session.close '{"clientSessionId":"cs_shell"}'
jq -r '"closed: \(.result.closed)"' <<<"$response"
rpc session.get '{"clientSessionId":"cs_shell"}'
jq -r '"session.get: \(.error.data.reason)"' <<<"$response"

# End of input: checkoutd finishes and exits 0.
exec {to_service}>&-
status=0
wait "$service_pid" || status=$?
echo "checkoutd exited with status $status"
exit "$status"
