#!/usr/bin/env bash
# Install Debian's nginx, the load balancer tests/service/test_scale_out.py puts in front of the
# oracle replicas. Needs root (CI and the development machines run as root) and the Debian
# package archive. Does nothing when nginx is already on the PATH (or in /usr/sbin).
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install_nginx.sh: must run as root to apt-get install nginx" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# nginx-light is the smaller build on older Debian releases; bookworm and later ship nginx
# (with the grpc module built in) and no nginx-light.
if apt-cache show nginx-light >/dev/null 2>&1; then
    apt-get install -y -qq --no-install-recommends nginx-light
else
    apt-get install -y -qq --no-install-recommends nginx
fi
# The package starts a system nginx on port 80 where an init system runs; the tests start
# their own, so stop that one if it is running (ignore failures: there may be no init system).
if command -v service >/dev/null 2>&1; then
    service nginx stop >/dev/null 2>&1 || true
fi
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]
