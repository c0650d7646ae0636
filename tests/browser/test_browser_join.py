"""Joining a table without the docs (issue #30): the page that starts a game shows each seat's link as
text and as a QR code; a phone's camera reads the code (zxing-cpp on a screenshot of it), opening it joins
that seat; the recorder gives a seat a new link from the table page and the old one stops working."""

from __future__ import annotations

import io
import urllib.error
import urllib.request

import pytest
from served import served

PHONE = {"width": 390, "height": 844}
pytestmark = pytest.mark.slow


def _decoded(page, selector: str) -> str:
    """What a camera reads from the QR code at ``selector`` (a screenshot of it, decoded by zxing-cpp)."""
    zxingcpp = pytest.importorskip("zxingcpp")
    image = pytest.importorskip("PIL.Image")
    shot = page.locator(selector).screenshot()
    found = zxingcpp.read_barcodes(image.open(io.BytesIO(shot)))
    assert len(found) == 1, "one QR code in the picture"
    return found[0].text


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _opens(url: str) -> int:
    """The join link's own answer: 303 to the table page when its token opens the game, else 401."""
    try:
        return urllib.request.build_opener(_NoRedirect).open(url).status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_a_seat_joins_by_scanning_its_qr_code_and_gets_a_new_link_when_lost(chromium, tmp_path) -> None:
    with served(str(tmp_path / "games.sqlite")) as server:
        recorder = chromium.new_context(viewport=PHONE).new_page()
        recorder.goto(server.url + "/")
        recorder.fill("input[name=names]", "Ann, Bob, Cid")
        with recorder.expect_navigation():
            recorder.click("form button.big")
        texts = {s: recorder.input_value(f"#link-{s} input.link-text") for s in ("recorder", "red", "blue", "green")}
        for seat, text in texts.items():
            assert text.startswith(server.url + "/join/") and _decoded(recorder, f"#link-{seat} figure.qr") == text
        red = chromium.new_context(viewport=PHONE).new_page()
        red.goto(_decoded(recorder, "#link-red figure.qr"))  # what the camera read, opened on red's phone
        assert red.locator("#top").inner_text().endswith("seat red")
        recorder.goto(texts["recorder"])
        recorder.click("#seat-links")
        with recorder.expect_navigation():
            recorder.click('button[data-seat="blue"]')
        fresh = recorder.input_value("#link-blue input.link-text")
        assert _decoded(recorder, "#link-blue figure.qr") == fresh and fresh != texts["blue"]
        assert _opens(texts["blue"]) == 401  # the lost link no longer opens the game
        blue = chromium.new_context(viewport=PHONE).new_page()
        blue.goto(fresh)
        assert blue.locator("#top").inner_text().endswith("seat blue")
        assert _opens(texts["red"]) == 303  # the other seats' links still work
