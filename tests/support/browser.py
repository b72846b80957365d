"""A headless Chromium for the browser tests, driven through Selenium.

The browser is Debian's ``chromium`` with its ``chromedriver`` (installed by
``scripts/setup/install_chromium.sh`` when missing, as root); Selenium talks to that driver and never
downloads one. The flags keep Chromium off the network: it only loads the loopback pages the
tests serve.

Use::

    with headless_chromium() as driver:
        driver.get(url)
        driver.save_screenshot(str(path))
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from selenium import webdriver

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "scripts" / "setup" / "install_chromium.sh"

FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)


def _binaries() -> tuple[str, str] | None:
    browser = shutil.which("chromium")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def chromium_binaries() -> tuple[str, str]:
    """The paths of chromium and chromedriver, installing them when missing (or skip if we can't).

    In CI (``CI`` set) a failed install fails the test instead of skipping it.
    """
    found = _binaries()
    if found is None and os.geteuid() == 0:
        subprocess.run(["bash", str(INSTALL)], check=False, timeout=900)
        found = _binaries()
    if found is None:
        message = "chromium and chromedriver are missing; run scripts/setup/install_chromium.sh as root"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


@contextmanager
def headless_chromium() -> Iterator[webdriver.Chrome]:
    """A Selenium driver of a fresh headless Chromium with an empty profile, quit on exit."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver_path = chromium_binaries()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        driver.set_page_load_timeout(30)
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
