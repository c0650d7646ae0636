"""A real Chromium for the browser tests: Debian's, through Playwright's ``executable_path`` (Playwright
cannot download its own here). Without one the tests are skipped, unless DL_REQUIRE_BROWSER is set
(``.ci/run`` sets it and installs ``chromium``): then they fail."""

from __future__ import annotations

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def chromium():
    executable = os.environ.get("DL_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if executable is None or sync_playwright is None:
        if os.environ.get("DL_REQUIRE_BROWSER"):
            pytest.fail("no Chromium or no Playwright: install Debian's chromium and the test extra")
        pytest.skip("no Chromium here (apt-get install chromium), or Playwright missing")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()
