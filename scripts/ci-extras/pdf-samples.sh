#!/usr/bin/env bash
# CI only (not part of `npm test`): renders the PDF samples that test/e2e/reportes-muestras.e2e-spec.ts
# wrote to artifacts/pdf-samples/ into PNGs beside them, with pdftoppm (poppler-utils), for a reviewer.
# test/e2e/reportes-layout.e2e-spec.ts writes its long-value renders there too (largo-<kind>-<format>.pdf), after
# checking their text boxes for overlaps in Node. The export listing (ventas-export) and the multi-page long
# renders are rendered on their first page only.
#   npx jest test/e2e/reportes-muestras test/e2e/reportes-layout --selectProjects e2e && scripts/ci-extras/pdf-samples.sh [folder]
# Exits non-zero when pdftoppm fails on any file or when there is no PDF.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir="${1:-artifacts/pdf-samples}"
dpi="${PDF_SAMPLES_DPI:-110}"
command -v pdftoppm >/dev/null || { echo "pdf-samples: pdftoppm is not installed (scripts/ci-extras/install-tools.sh)" >&2; exit 2; }
shopt -s nullglob
pdfs=("$dir"/*.pdf)
((${#pdfs[@]})) || { echo "pdf-samples: no PDF in $dir (run test/e2e/reportes-muestras first)" >&2; exit 1; }
failed=0
for pdf in "${pdfs[@]}"; do
  base="${pdf%.pdf}"
  pages=()
  [[ "$(basename "$base")" == ventas-export* || "$(basename "$base")" == largo-* ]] && pages=(-f 1 -l 1)
  if ! pdftoppm -png -r "$dpi" -singlefile "${pages[@]}" "$pdf" "$base"; then
    echo "FAIL $pdf" >&2
    failed=$((failed + 1))
  fi
done
echo "pdf-samples: $((${#pdfs[@]} - failed)) of ${#pdfs[@]} PDFs rendered to PNG in $dir ($failed failed)"
[ "$failed" -eq 0 ]
