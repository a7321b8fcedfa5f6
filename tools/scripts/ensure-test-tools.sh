#!/usr/bin/env bash
# The tests that look at what a person sees need three of Debian's packages: Chromium drives the
# hosted pages (playwright-core, no bundled browser), poppler-utils reads and draws PDFs
# (pdftotext, pdftoppm), and a Chinese font draws the zh pages' screenshots (without one every
# character is an empty box). Installs what is missing on a clean Debian machine; prints one line.
set -uo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium)
command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# The smallest of Debian's Chinese fonts (about 2 MB; Noto CJK is well over 50).
[ -n "$(fc-list :lang=zh 2>/dev/null)" ] || missing+=(fonts-wqy-microhei)
if [ ${#missing[@]} -eq 0 ]; then
  echo "test tools: chromium ($chromium_path), poppler-utils and a Chinese font present"
elif command -v apt-get >/dev/null 2>&1; then
  if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >/dev/null 2>&1; then
    echo "test tools: installed ${missing[*]}"
  else
    echo "test tools: installing ${missing[*]} failed; the browser and PDF tests will fail"
  fi
else
  echo "test tools: ${missing[*]} missing and no apt-get (CHROMIUM_PATH points at another Chromium)"
fi
exit 0
