#!/usr/bin/env bash
# Installs a Debian package when the program the project needs from it is missing: nothing here
# can download a browser or a server build of its own, so they come from Debian's packages.
# Usage: ensure-debian-package.sh <program path> <package> <variable that may name another path>
set -euo pipefail
program="$1" package="$2" variable="$3"
if [ -x "$program" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "$package is missing at $program: install Debian's '$package' package or set $variable." >&2
  exit 1
fi
echo "Installing $package from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq "$package" >/dev/null
echo "$package installed: $program"
