#!/usr/bin/env bash
# CI only (not part of `npm test`): verifies with xmlsec1 (libxml2 + OpenSSL) every signed XML the tests
# dumped with SUNAT_XML_DUMP_DIR set (src/sunat/signing/testing/xml-dump.ts): <dir>/<tipo>/[<k>/]<file>.xml,
# each with the certificate that must verify it beside it as <file>.xml.cert.pem.
#   SUNAT_XML_DUMP_DIR=/tmp/sunat-xml npm test && scripts/ci-extras/xmlsec-verify.sh /tmp/sunat-xml
# Exits non-zero when any file fails, when a certificate is missing, or when nothing was dumped.
set -uo pipefail
dir="${1:?usage: $0 <dump dir>}"
command -v xmlsec1 >/dev/null || { echo "xmlsec-verify: xmlsec1 is not installed (scripts/ci-extras/install-tools.sh)" >&2; exit 2; }
[ -d "$dir" ] || { echo "xmlsec-verify: no folder $dir" >&2; exit 2; }

total=0
failed=0
while IFS= read -r -d '' file; do
  total=$((total + 1))
  cert="$file.cert.pem"
  if [ ! -f "$cert" ]; then
    echo "FAIL (no $cert) $file" >&2
    failed=$((failed + 1))
    continue
  fi
  if ! out=$(xmlsec1 --verify --enabled-reference-uris empty --trusted-pem "$cert" "$file" 2>&1); then
    echo "FAIL $file" >&2
    printf '%s\n' "$out" | sed 's/^/    /' >&2
    failed=$((failed + 1))
  fi
done < <(find "$dir" -type f -name '*.xml' -print0 | sort -z)

echo "xmlsec-verify: $((total - failed)) of $total signed documents verified by xmlsec1 ($failed failed)"
[ "$total" -gt 0 ] || { echo "xmlsec-verify: nothing was dumped in $dir (was SUNAT_XML_DUMP_DIR set for the tests?)" >&2; exit 1; }
[ "$failed" -eq 0 ]
