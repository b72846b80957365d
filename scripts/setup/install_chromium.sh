#!/usr/bin/env bash
# Install Debian's chromium and chromium-driver, the headless browser that the browser tests
# (tests/support/browser.py) drive through Selenium. Needs root (CI and the development machines run as
# root) and the Debian package archive. Does nothing when both are already installed.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install_chromium.sh: must run as root to apt-get install chromium" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-noto-cjk >/dev/null
command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1
