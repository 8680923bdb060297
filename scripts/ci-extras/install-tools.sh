#!/usr/bin/env bash
# CI only (not part of `npm test`, which needs nothing but Node and npm): the external checkers the CI
# extras use — xmlsec1 (scripts/ci-extras/xmlsec-verify.sh) and pdftoppm from poppler-utils
# (scripts/ci-extras/pdf-samples.sh). Installs the missing Debian packages when root; otherwise says what is missing.
set -uo pipefail
missing=()
command -v xmlsec1 >/dev/null || missing+=(xmlsec1)
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
((${#missing[@]})) || exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "install-tools: installing ${missing[*]}" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "install-tools: missing ${missing[*]} (install them: apt-get install ${missing[*]})" >&2
  exit 1
fi
