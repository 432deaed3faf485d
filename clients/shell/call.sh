#!/usr/bin/env bash
# One request per process: `checkoutd call METHOD [PARAMS_JSON]` prints the result on
# stdout and exits 0, or prints the error object on stderr and exits 1
# (2 for a bad command line). Flags such as --clock come after the word `call`.
# Needs jq; the binary is $CHECKOUTD_BIN or `checkoutd` on PATH.
set -euo pipefail

checkoutd=${CHECKOUTD_BIN:-checkoutd}
command -v "$checkoutd" >/dev/null || { echo "call.sh: set CHECKOUTD_BIN or put checkoutd on PATH" >&2; exit 2; }
command -v jq >/dev/null || { echo "call.sh: needs jq" >&2; exit 2; }

"$checkoutd" call mask.apply '{"value":"12","mask":"{{99}}-{{99}}","cursor":2}' \
  | jq -r '"mask.apply: \(.value) (cursor \(.cursor))"'

"$checkoutd" call --clock 2026-11-21T10:00:00Z card.validate \
    '{"pan":"4111 1111 1111 1111","expiryDate":"12/30","cvc":"123"}' \
  | jq -r '"card.validate: \(.cardBrand.code), validationSuccess=\(.validationSuccess)"'

# Params built with jq --arg, so no value needs hand-escaping.
params=$(jq -cn --arg pan "5555 5555 5555 4444" '{pan: $pan, cursor: 4}')
"$checkoutd" call card.format "$params" | jq -r '"card.format: \(.formatted)"'

# An error: `if` keeps set -e from ending the script; the error object is the last line on stderr.
if error=$("$checkoutd" call session.get '{"clientSessionId":"cs_missing"}' 2>&1 >/dev/null); then
  echo "call.sh: session.get of an unknown session succeeded" >&2
  exit 1
else
  status=$?
  echo "session.get: exit status $status, $(tail -n 1 <<<"$error" | jq -r '"\(.code) \(.data.reason)"')"
fi

# The same with `|| status=$?`: invalid params list every problem with its JSON Pointer.
status=0
error=$("$checkoutd" call mask.apply '{"value":1}' 2>&1 >/dev/null) || status=$?
echo "mask.apply: exit status $status"
tail -n 1 <<<"$error" | jq -r '.data.errors[] | "mask.apply: \(.path) \(.message)"'
