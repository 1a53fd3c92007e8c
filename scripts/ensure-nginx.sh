#!/usr/bin/env bash
# The proxy benchmark runs nginx beside our proxy: install Debian's nginx-light when it is missing.
set -euo pipefail
nginx="${NGINX_PATH:-/usr/sbin/nginx}"
if [ -x "$nginx" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "nginx is missing at $nginx: install Debian's 'nginx-light' package or set NGINX_PATH." >&2
  exit 1
fi
echo "Installing nginx from Debian's packages…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq nginx-light >/dev/null
echo "nginx installed: $("$nginx" -v 2>&1)"
