#!/usr/bin/env bash
# Playwright cannot download browsers here: use Debian's Chromium, installing it when missing.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is missing at $chromium: install Debian's 'chromium' package or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
echo "Chromium installed: $("$chromium" --version 2>/dev/null || echo "$chromium")"
