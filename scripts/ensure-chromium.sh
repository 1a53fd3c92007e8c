#!/usr/bin/env bash
# Playwright cannot download browsers here: use Debian's Chromium, installing it when missing.
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium CHROMIUM_PATH
