#!/usr/bin/env bash
# The team server's tests run a real Redis: Debian's redis-server, installed when missing.
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${REDIS_SERVER_PATH:-/usr/bin/redis-server}" redis-server REDIS_SERVER_PATH
