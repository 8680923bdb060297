#!/usr/bin/env bash
# Runs before `npm test`: makes sure the external checkers the tests use are on this machine —
# xmllint (XSD), xmlsec1 (signatures), pdftoppm (PDF samples) and SUNAT's XSL tool from ../shared
# (Java + Saxon). Installs missing Debian packages when it can (root); otherwise says what is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
SHARED="${SHARED_DIR:-$(cd .. && pwd)/shared}"

missing=()
command -v xmllint >/dev/null || missing+=(libxml2-utils)
command -v xmlsec1 >/dev/null || missing+=(xmlsec1)
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test-tools: installing ${missing[*]}" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "test-tools: missing ${missing[*]} (install them: apt-get install ${missing[*]})" >&2
  fi
fi

tool="${SUNAT_XSL_VALIDATE:-$SHARED/tools/sunat-xsl/validate}"
if [ -d "$SHARED/tools/sunat-xsl" ] && [ ! -f "$(dirname "$tool")/build/sunat-xsl.jar" ]; then
  bash "$SHARED/tools/sunat-xsl/build.sh" >&2 || echo "test-tools: could not build $SHARED/tools/sunat-xsl (see .ci/run for a copy build)" >&2
fi
exit 0
