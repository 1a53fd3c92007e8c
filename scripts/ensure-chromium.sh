#!/usr/bin/env bash
# Playwright cannot download browsers here: the end-to-end specs run in Debian's Chromium headless
# shell (ADR 034), installed when missing. The README's screenshots and the browser benchmarks use
# the full browser, /usr/bin/chromium (Debian's `chromium`).
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" chromium-headless-shell CHROMIUM_PATH
