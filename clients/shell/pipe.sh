#!/usr/bin/env bash
# checkoutd in a pipeline: requests in with printf, responses out through jq.
# End of input makes checkoutd answer everything it read and exit 0.
# Responses may come back in any order, so jq collects them (-s) and sorts by id.
# Needs jq; the binary is $CHECKOUTD_BIN or `checkoutd` on PATH.
set -euo pipefail

checkoutd=${CHECKOUTD_BIN:-checkoutd}
command -v "$checkoutd" >/dev/null || { echo "pipe.sh: set CHECKOUTD_BIN or put checkoutd on PATH" >&2; exit 2; }
command -v jq >/dev/null || { echo "pipe.sh: needs jq" >&2; exit 2; }

printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"service.info"}' \
  '{"jsonrpc":"2.0","id":2,"method":"mask.apply","params":{"value":"4111111111111111","mask":"{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"}}' \
  '{"jsonrpc":"2.0","id":3,"method":"card.validate","params":{"pan":"3782 8224 6310 005","expiryDate":"12/30","cvc":"1234"}}' \
  '{"jsonrpc":"2.0","id":4,"method":"currency.convert","params":{"amountOfMoney":{"amount":1000,"currencyCode":"KWD"},"targetCurrencyCode":"USD"}}' \
  '{"jsonrpc":"2.0","method":"service.info"}' \
  '[{"jsonrpc":"2.0","id":5,"method":"card.format","params":{"pan":"30569309025904"}},{"jsonrpc":"2.0","id":6,"method":"no.such"}]' \
  | "$checkoutd" --clock 2026-11-21T10:00:00Z \
  | jq -r -s '
      flatten | sort_by(.id)[] |
      if .error then "\(.id) error \(.error.code) \(.error.data.reason)"
      elif .id == 1 then "\(.id) \(.result.name) \(.result.version), clock \(.result.now), \(.result.methods | length) methods"
      elif .id == 2 then "\(.id) \(.result.value)"
      elif .id == 3 then "\(.id) \(.result.cardBrand.code) validationSuccess=\(.result.validationSuccess)"
      elif .id == 4 then "\(.id) \(.result.amountOfMoney.amount) \(.result.amountOfMoney.currencyCode) at \(.result.rate)"
      else "\(.id) \(.result.formatted) (\(.result.cardBrand.code))"
      end'
# The notification (no id) got no answer; the batch (ids 5 and 6) came back as one array line.
