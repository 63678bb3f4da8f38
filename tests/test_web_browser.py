"""The web table in a real browser: headless Chromium, driven by
Playwright, plays at a real ``briscola serve`` (the web guide).

A whole italian-2p deal against a bot by clicking cards, with a reload in
the middle; a split-4p trick in which seat 0 says a word and makes a sign
that its partner, invited by a link, sees. Screenshots of the table are
written to ``BRISCOLA_SCREENSHOTS`` when it is set (else to the test's
temporary folder), and their paths printed.

Playwright drives the system's Chromium (``/usr/bin/chromium``, the
Debian package CI installs): nothing is downloaded. Skipped when
Playwright or Chromium is missing, except in CI's full run
(``BRISCOLA_REQUIRE_EXTRAS=1``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from briscola import PRESETS, Auction  # noqa: E402
from tests.serving import server  # noqa: E402

ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
Page = Any


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("chromium is not installed")
    return found


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium()
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=ARGUMENTS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server for the module's tests, each at tables of its own."""
    database = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    with server(database, "--bot-delay", "0") as (_, found):
        yield found


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = os.environ.get("BRISCOLA_SCREENSHOTS")
    target = Path(folder) if folder else tmp_path / "screenshots"
    target.mkdir(parents=True, exist_ok=True)
    return target


def open_page(browser: Any, url: str) -> tuple[Page, list[str]]:
    """A new page at ``url``, and the list its script errors (and
    refusals by its content security policy) go to."""
    page = browser.new_page(viewport={"width": 900, "height": 1250})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: errors.append(message.text) if message.type == "error" else None,
    )
    page.goto(url)
    return page, errors


def new_table_with(page: Page, preset: str, seats: dict[int, str]) -> None:
    """Open a single deal from the lobby: ``seats`` maps seats to "me",
    "person" or a bot's name."""
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#preset", preset)
    if page.locator("#match").is_visible():
        page.uncheck("#match")
    for seat, kind in seats.items():
        page.select_option(f"#seat-{seat}", kind)
    page.click("#open")
    page.wait_for_selector("#status:not(:empty)")


def shot(page: Page, folder: Path, name: str) -> None:
    path = folder / name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    print(f"screenshot: {path}")


def test_a_whole_deal_against_a_bot_with_a_reload(browser: Any, address: str, shots: Path) -> None:
    """Web guide, "Start": a person opens an italian-2p table against the
    heuristic bot and plays the whole deal by clicking cards; the page
    reloaded in the middle finds the seat as it was."""
    page, errors = open_page(browser, address)
    shot(page, shots, "web-lobby.png")
    new_table_with(page, "italian-2p", {0: "me", 1: "heuristic"})
    assert "#table=" in page.url and "token=" in page.url
    clicks = 0
    while "over" not in page.inner_text("#status"):
        # (Selectors, not scripts: the page's content security policy
        # forbids evaluating strings, Playwright's included.)
        page.wait_for_selector("#hand button.card:not([disabled]), #status:has-text('over')")
        if "over" in page.inner_text("#status"):
            break
        names = page.locator("#hand button.card").all_inner_texts()
        assert all(name and " di " in name for name in names)  # Italian names
        page.locator("#hand button.card:not([disabled])").first.click()
        clicks += 1
        if clicks == 5:
            page.wait_for_selector("#hand button.card:not([disabled])")
            before = page.locator("#hand button.card").all_inner_texts()
            shot(page, shots, "web-table.png")
            page.reload()
            page.wait_for_selector("#hand button.card:not([disabled])")
            assert page.locator("#hand button.card").all_inner_texts() == before
    assert clicks == 20
    assert "Result" in page.inner_html("#picture")
    shot(page, shots, "web-result.png")
    assert errors == []


def test_a_split_trick_with_a_word_and_a_sign(browser: Any, address: str, shots: Path) -> None:
    """Web guide, "Invite a friend" and "Table talk": at a split-4p table,
    seat 0 invites its partner (seat 2) by a link, the partner cuts, seat
    0 says a word that everyone hears and makes a sign that only the
    partner sees, and the trick is played out."""
    page, errors = open_page(browser, address)
    new_table_with(page, "split-4p", {1: "random", 2: "person", 3: "random"})
    invite = page.locator("#invite-list input").input_value()
    assert "seat=2" in invite and "token=" in invite
    partner, partner_errors = open_page(browser, invite)
    partner.wait_for_selector("#where:has-text('seat 2')")

    def act_on(which: Page, selector: str) -> None:
        which.wait_for_selector(f"{selector}:not([disabled])")
        which.locator(f"{selector}:not([disabled])").first.click()

    # Seat 2, the dealer's right, cuts the pack (nothing is dealt before);
    # then seat 0 leads.
    assert page.locator("#hand button.card").count() == 0
    act_on(partner, "#actions button[data-action='[\"cut\"]']")
    page.wait_for_selector("#words button")
    act_on(page, '#words button[data-action=\'["say","points"]\']')
    page.wait_for_selector("#heard li")
    act_on(page, '#signs button[data-action=\'["sign","ace-of-trumps"]\']')
    partner.wait_for_selector("#heard li:has-text('signs')")
    heard = partner.inner_text("#heard")
    assert 'Seat 0 says "punti"' in heard and "Seat 0 signs: the ace of trumps" in heard
    act_on(page, "#hand button.card")
    hand = page.locator("#hand button.card")
    sync_api.expect(hand).to_have_count(2)
    # The bot at seat 1 plays; then the partner plays its card, the bot at
    # seat 3 closes the trick, and each seat draws: three cards again.
    act_on(partner, "#hand button.card")
    shot(partner, shots, "web-split-partner.png")
    sync_api.expect(hand).to_have_count(3)
    shot(page, shots, "web-split.png")
    assert errors == [] and partner_errors == []


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_to_the_end(browser: Any, address: str, preset: str) -> None:
    """Web guide, "Every variant": a deal of every preset is played to its
    end in the browser against random bots, with whatever the seat is
    offered: cards, a cut or knock, exchanges, bids and passes, a call."""
    page, errors = open_page(browser, address)
    new_table_with(page, preset, {seat: "random" for seat in range(1, PRESETS[preset].players)})
    moves = 0
    while "over" not in page.inner_text("#status"):
        offered = "#hand button.card:not([disabled]), #actions button:not([disabled])"
        page.wait_for_selector(f"{offered}, #status:has-text('over')")
        if "over" in page.inner_text("#status"):
            break
        page.locator(offered).first.click()
        moves += 1
        assert moves < 200
    assert moves > 0 or PRESETS[preset].auction is not Auction.NONE
    assert "Result" in page.inner_html("#picture")
    assert errors == []


@pytest.mark.parametrize("preset", ["bastardo", "chiamata"])
def test_an_auction_bid_and_call(browser: Any, address: str, shots: Path, preset: str) -> None:
    """Web guide, "Every variant": in bastardo's and chiamata's auction the
    seat picks a bid from the list (the highest, which no one can top)
    and bids, and as declarer calls a card; the deal then plays to its
    end."""
    page, errors = open_page(browser, address)
    new_table_with(page, preset, {seat: "random" for seat in range(1, 5)})
    page.wait_for_selector("#bid")
    options = page.locator("#bid option").all_inner_texts()
    assert options[0].startswith("Bid ")
    page.select_option("#bid", index=len(options) - 1)
    page.click("#actions button:has-text('Bid')")
    page.wait_for_selector("#picture text:has-text('seat 0')")
    called = False
    while "over" not in page.inner_text("#status"):
        offered = "#hand button.card:not([disabled]), #actions button:not([disabled])"
        page.wait_for_selector(f"{offered}, #status:has-text('over')")
        if "over" in page.inner_text("#status"):
            break
        first = page.locator(offered).first
        called = called or first.inner_text().startswith("Call")
        if called and not (shots / f"web-{preset}-call.png").exists():
            shot(page, shots, f"web-{preset}-call.png")
        first.click()
    assert called and errors == []
