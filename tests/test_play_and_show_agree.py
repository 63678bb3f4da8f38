"""``briscola play`` and ``briscola show`` describe one table alike: the
same count of the stock, worded to say what it counts, the same order of
the hand, and with ``--names`` the suits in the language of the cards."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from briscola import Card, GameState, Rank, Suit, loads, new_game, observe, preset, text
from briscola.cli import main
from briscola.names import LANGUAGES, card_name, suit_name


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str
) -> str:
    """Run the command line in process; returns standard output."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    main(list(argv))
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "seed", "moves"), [("italian-2p", 5, 0), ("italian-2p", 5, 3), ("italian-4p", 2, 2)]
)
def test_play_and_show_count_the_stock_and_list_the_hand_alike(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    name: str,
    seed: int,
    moves: int,
) -> None:
    """CLI guide (play, show): the game ``play`` leaves and the same save
    shown with ``show --seat`` give one stock line, which counts the cards
    face down and names the face-up trump card apart, and one hand, in the
    order it is held."""
    saved = tmp_path / "game.json"
    typed = "1\n" * moves + "q\n"
    argv = ["play", "--preset", name, "--seed", str(seed), "--save", str(saved)]
    played = run(capsys, monkeypatch, *argv, stdin=typed)
    state = loads(saved.read_text(encoding="utf-8"))
    assert isinstance(state, GameState)
    shown = run(capsys, monkeypatch, "show", str(saved), "--seat", "0", stdin="")
    seen = observe(state, 0)
    assert seen.trump_card is not None
    # The last table play showed is the saved one.
    play_stock = re.findall(r"; stock: (.*)\.$", played, re.MULTILINE)[-1]
    show_stock = re.search(r"; stock: (.*)$", shown, re.MULTILINE)
    assert show_stock is not None
    assert play_stock == show_stock.group(1) == f"{seen.stock_size} cards and the trump card"
    # 40 cards: those in hands and piles, the trick, the stock and the trump card.
    held = sum(seen.hand_sizes) + sum(map(len, seen.piles)) + len(seen.trick)
    assert held + seen.stock_size + 1 == 40
    hand = ", ".join(map(str, seen.hand))
    assert re.findall(r"^Your hand: (.*)\.$", played, re.MULTILINE)[-1] == hand
    assert re.search(rf" seat 0 \(you\)( \[A\])?: {re.escape(hand)} \|", shown)


def test_menu_numbers_follow_the_hand_as_held(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI guide (play): the choices are numbered in the order of the hand
    shown, which is the order of ``str(state)``."""
    state = new_game(preset("italian-2p"), seed=5)
    out = run(capsys, monkeypatch, "play", "--seed", "5", stdin="3\nq\n")
    menu = re.findall(r"^  (\d)\. play the (.*)$", out, re.MULTILINE)[:3]
    assert menu == [(str(i), str(card)) for i, card in enumerate(state.hands[0], 1)]
    assert f"You play the {state.hands[0][2]}." in out
    assert f": {', '.join(map(str, state.hands[0]))} |" in text(state)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_a_language_names_the_suits_as_well_as_the_cards(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Card names ("Names in a display") and the CLI guide (card names):
    with ``--names`` in a language, the trump suit standing alone is named
    in that language, as the cards are; no English name of a card or a
    suit is left in the table."""
    state = new_game(preset("italian-2p"), seed=7)
    assert state.trump is not None and state.trump_card is not None
    out = run(capsys, monkeypatch, "play", "--seed", "7", "--names", language, stdin="1\nq\n")
    trump = suit_name(state.trump, language)  # type: ignore[arg-type]
    face_up = card_name(state.trump_card, language)  # type: ignore[arg-type]
    assert f"\nTrump: {trump}; trump card: {face_up}; stock: " in out
    pack = [Card(suit, rank) for suit in Suit for rank in preset("italian-2p").strength]
    for card in pack:
        assert str(card) not in out, card
    for suit in Suit:
        assert not re.search(rf"\b{suit}\b", out), suit


def test_a_language_names_the_called_suit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bastardo in the CLI guide (card names): the called card names the
    trump suit, in the language of the cards."""
    out = run(capsys, monkeypatch, "--preset", "bastardo", "--seed", "2", "--names", "it", stdin="")
    called = re.search(r"^seat \d: call (.*)\ntrump: (.*)$", out, re.MULTILINE)
    assert called is not None
    suit = next(s for s in Suit if called.group(1).endswith(suit_name(s, "it")))
    assert called.group(2) == suit_name(suit, "it")


@pytest.mark.parametrize(
    ("style", "expected"), [("it", "sette di spade"), ("french", "seven of spades")]
)
def test_pictures_name_the_cards_in_the_style_chosen(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, style: str, expected: str
) -> None:
    """CLI guide (``--svg-dir``, card names): the pictures written after each
    trick describe the cards as the text does: a language in each card's
    description, the French faces in the French styles."""
    state = new_game(preset("italian-2p"), seed=3)
    seven = Card(Suit.SWORDS, Rank.SEVEN)
    assert seven in state.hands[0] + state.hands[1]
    assert main(["demo", "--seed", "3", "--names", style, "--svg-dir", str(tmp_path)]) == 0
    first = (tmp_path / "trick-01.svg").read_text(encoding="utf-8")
    assert f"<desc>{expected}</desc>" in first
    assert f"<desc>{seven}</desc>" not in first
    assert expected in capsys.readouterr().out
