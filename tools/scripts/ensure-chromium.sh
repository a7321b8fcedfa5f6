#!/usr/bin/env bash
# The browser tests of the hosted pages drive Debian's Chromium (playwright-core, no bundled
# browser). Installs it on a clean Debian machine; prints one line either way.
set -uo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  echo "chromium: $chromium_path present"
elif command -v apt-get >/dev/null 2>&1; then
  if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1; then
    echo "chromium: installed $chromium_path"
  else
    echo "chromium: install failed; the browser tests will fail"
  fi
else
  echo "chromium: $chromium_path missing and no apt-get; set CHROMIUM_PATH"
fi
exit 0
