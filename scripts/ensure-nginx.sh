#!/usr/bin/env bash
# The proxy benchmark runs nginx beside our proxy: Debian's nginx-light, installed when missing.
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${NGINX_PATH:-/usr/sbin/nginx}" nginx-light NGINX_PATH
