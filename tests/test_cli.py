"""The command line (``python -m briscola``, the ``briscola`` script): the
demo, ``play`` driven by scripted input, ``simulate`` and ``rules``, and
what they do with odd input and output."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from briscola import (
    PRESETS,
    Action,
    Auction,
    Card,
    DealStyle,
    Exchange,
    GameState,
    MatchFormat,
    Observation,
    Pass,
    Rank,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.bots import (
    Bot,
    HeuristicBot,
    RandomBot,
    make_bot,
    play_deal,
    play_match,
    wilson_interval,
)
from briscola.cli import describe_rules, main, play, simulate
from briscola.cli._terminal import menu_order

ROOT = Path(__file__).resolve().parent.parent


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    """Run the command line in process; returns status, stdout, stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


class FirstBot:
    """Always the first legal action: what a person typing ``1`` at every
    prompt of ``briscola play`` does."""

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The first of ``legal``."""
        return legal[0]


class MenuFirstBot:
    """The first choice of ``briscola play``'s menu, in the order shown:
    what a person typing ``1`` at every prompt does."""

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The first of the menu."""
        return menu_order(observation, legal)[0]


def held_hand(state: GameState, seat: int) -> list[Card]:
    """A hand as ``play`` shows it: in the order it is held, as
    ``briscola show`` and ``str(state)`` list it."""
    return list(state.hands[seat])


class PassBot:
    """Passes whenever it may, else takes the first legal action; named
    ``pass`` in tables."""

    def __repr__(self) -> str:
        return "pass"

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """``Pass()`` if legal, else the first of ``legal``."""
        return Pass() if Pass() in legal else legal[0]


# --- demo -------------------------------------------------------------------------


def test_demo_without_a_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's command ``briscola --preset italian-2p --seed 1`` plays the
    demo: one deal between random players drawing from ``random.Random(seed)``,
    each trick (20 in two-player: Italian briscola, two to six players, "Number
    of players") and the score. The printed points are those of that deal,
    replayed here."""
    status, out, err = run(capsys, monkeypatch, "--preset", "italian-2p", "--seed", "1")
    assert status == 0 and err == ""
    assert run(capsys, monkeypatch, "demo", "--preset", "italian-2p", "--seed", "1")[1] == out
    lines = out.splitlines()
    assert lines[0] == "italian-2p, seed 1: 2 seats, dealer seat 1"
    assert len([line for line in lines if line.startswith("trick ")]) == 20

    state = new_game(preset("italian-2p"), seed=1)
    rng = random.Random(1)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
    result = outcome(state)
    assert result is not None
    assert f"seat 0: {result.points[0]} points" in lines
    assert f"seat 1: {result.points[1]} points" in lines
    assert sum(result.points) == 120


def test_demo_defaults_and_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No arguments at all is the same demo (italian-2p, seed 1); card
    names may be shown in Italian."""
    status, out, _ = run(capsys, monkeypatch)
    assert status == 0
    assert out == run(capsys, monkeypatch, "--preset", "italian-2p", "--seed", "1")[1]
    _, italian, _ = run(capsys, monkeypatch, "demo", "--names", "it")
    assert re.search(r"trump card: \w+ di (denari|coppe|spade|bastoni)", italian)
    assert " of " not in italian.split("\n", 2)[1]


def test_demo_of_split_and_bastardo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The demo handles the first decisions that are not cards: Split's cut or
    knock by the previous dealer (Split briškula and dupla, "Cut or knock") and
    bastardo's auction and call ("Briscola bastardo")."""
    _, split, _ = run(capsys, monkeypatch, "--preset", "split-2p", "--seed", "4")
    assert re.search(r"^seat 0: (cut|knock)$", split, re.MULTILINE)
    _, bastardo, _ = run(capsys, monkeypatch, "--preset", "bastardo", "--seed", "3")
    assert "seat 0: bid" in bastardo or "seat 0: pass" in bastardo


def test_french_names_name_the_trump_suit_in_french(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI guide (card names) and ``names.french_suit``: in the French
    styles coins are diamonds, cups hearts and swords spades, so the trump
    suit is named as its cards are. Bastardo's seed 2 demo calls the seven
    of cups (the CLI guide's transcript), which is the seven of hearts."""
    _, english, _ = run(capsys, monkeypatch, "--preset", "bastardo", "--seed", "2")
    assert "seat 4: call the seven of cups\ntrump: cups\n" in english
    _, french, _ = run(
        capsys, monkeypatch, "--preset", "bastardo", "--seed", "2", "--names", "french"
    )
    assert "seat 4: call the seven of hearts\ntrump: hearts\n" in french
    _, italian, _ = run(capsys, monkeypatch, "--preset", "bastardo", "--seed", "2", "--names", "it")
    assert "\ntrump: coppe\n" in italian  # the languages name the suit as the cards do


def test_unknown_preset_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reference, "Rules and presets": an unknown preset is refused; the
    command line says so with the usual usage error (status 2) listing the
    presets."""
    with pytest.raises(SystemExit) as stop:
        run(capsys, monkeypatch, "--preset", "briscola-9p")
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "briscola-9p" in err and "italian-2p" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "Bastardo"],
        ["rules", "SPLIT-4P"],
        ["--preset", "Italian-4P", "--seed", "2"],
        ["play", "--preset", "Split-2P", "--seed", "2"],
        ["simulate", "--preset", "ITALIAN-2P", "--deals", "2", "--no-progress"],
    ],
)
def test_a_preset_name_in_any_case(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """The command line guide: every command that takes a preset name takes
    it in any case, and does what the name in lower case does; the
    library's :func:`briscola.preset` still takes the exact name only."""
    name = argv[argv.index("--preset") + 1] if "--preset" in argv else argv[1]
    lower = [arg.lower() if arg == name else arg for arg in argv]
    status, out, _ = run(capsys, monkeypatch, *argv, stdin="q\n")
    again, same, _ = run(capsys, monkeypatch, *lower, stdin="q\n")
    assert status == again == 0
    # All but the speed of simulate, which varies.
    assert out.split(" deals in ")[0] == same.split(" deals in ")[0]
    assert out.startswith(name.lower())
    with pytest.raises(ValueError, match="unknown preset"):
        preset(name)


@pytest.mark.parametrize(
    ("argv", "meant"),
    [
        (["rules", "split"], "split-2p, split-4p, split-5p, split-dupla-2p, split-dupla-4p"),
        (["rules", "Dupla"], "split-dupla-2p, split-dupla-4p"),
        (["play", "--preset", "bastard"], "bastardo"),
        (["simulate", "--preset", "italian-6"], "italian-6p, italian-6p-pairs"),
    ],
)
def test_a_partial_preset_name_is_answered_with_the_presets_it_could_mean(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    meant: str,
) -> None:
    """The command line guide: a name that is only part of presets' names
    is a usage error (status 2) that names the presets it could mean."""
    with pytest.raises(SystemExit) as stop:
        run(capsys, monkeypatch, *argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"is not a preset: did you mean {meant}?" in err
    assert err.count("\n") == 2  # the usage line and the error


# --- play -------------------------------------------------------------------------


def test_play_a_whole_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play``: numbered legal actions with card names; always answering
    1 plays the deal out (20 tricks), the last card playing itself, and
    the score adds up to 120."""
    status, out, err = run(
        capsys, monkeypatch, "play", "--seed", "1", "--bot", "random", stdin="1\n" * 20
    )
    assert status == 0 and err == ""
    assert out.count("Your move [a card or 1-3, q to quit]: ") == 18
    assert out.count("Your move [a card or 1-2, q to quit]: ") == 1
    assert out.count("Your move [a card or 1, q to quit]: ") == 0
    assert out.count(" (your only move).") == 1
    assert "  1. play the " in out
    taken = re.findall(r"^(You|Seat 1): (\d+) points\.$", out, re.MULTILINE)
    assert len(taken) == 2 and sum(int(p) for _, p in taken) == 120


def test_play_takes_a_bot_for_each_other_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line guide (play, ``--bot``): a comma list names the bot
    of each other seat in seat order, and those bots play: the deal ends as
    the same bots end it here. One name still seats that bot everywhere."""
    rules = preset("italian-4p")
    bots: list[Bot] = [MenuFirstBot(), RandomBot(), HeuristicBot(), RandomBot()]
    argv = ["play", "--preset", "italian-4p", "--seed", "4", "--bot", "random,heuristic,random"]
    status, out, err = run(capsys, monkeypatch, *argv, stdin="1\n" * 10)
    assert status == 0 and err == ""
    assert out.splitlines()[0].endswith(
        "the other seats are bots: seat 1 random, seat 2 heuristic and seat 3 random."
    )
    result = outcome(play_deal(rules, bots, seed=4))
    assert result is not None
    assert f"You and seat 2: {result.points[0]} points." in out
    assert f"Seats 1 and 3: {result.points[1]} points." in out
    # Every seat a heuristic bot ends the same deal otherwise.
    others = outcome(play_deal(rules, [MenuFirstBot()] + [HeuristicBot()] * 3, seed=4))
    assert others is not None and others.points != result.points
    status, out, _ = run(capsys, monkeypatch, *argv[:-1], "heuristic", stdin="1\n" * 10)
    assert status == 0 and f"You and seat 2: {others.points[0]} points." in out


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("random,heuristic", "one for each of seats 1, 2 and 3 (3 names), not 2 names"),
        ("random,heuristic,random,random", "(3 names), not 4 names"),
        ("random,genius,random", "unknown bot 'genius'"),
    ],
)
def test_play_refuses_a_bot_list_that_does_not_fit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, bots: str, message: str
) -> None:
    """The command line guide (play, ``--bot``): a wrong count of bots or an
    unknown name is a usage error, status 2, before any card is dealt."""
    argv = ["play", "--preset", "italian-4p", "--bot", bots]
    status, out, err = run(capsys, monkeypatch, *argv, stdin="1\n")
    assert status == 2 and out == ""
    assert err.startswith("briscola play: error: ") and message in err


def test_play_tells_the_seed_once_the_deal_is_over(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seed is the whole deal (Reference, "Deals"), and a seat never sees
    the other hands or the stock order (Observations and search, "What a seat
    sees"): the first line of ``play`` names no seed; a deal played out ends
    with the seed that replays it, once, just before the score."""
    status, out, _ = run(
        capsys, monkeypatch, "play", "--seed", "1", "--bot", "random", stdin="1\n" * 20
    )
    assert status == 0
    assert out.splitlines()[0] == "italian-2p, one deal: you are seat 0, against random bots."
    assert out.count("seed") == 1
    assert "You take the trick" in out.split("Game over. Replay it with --seed 1.\n")[0]
    assert "Game over. Replay it with --seed 1.\nYou: " in out


def test_play_asks_again_after_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bad input (a word, a number out of range, an empty line) is refused
    with a message and the same question is asked again; the number of a
    choice counts in the menu's order, the hand's order as it is held."""
    script = "x\n0\n4\n\n2\n" + "1\n" * 19
    status, out, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin=script)
    assert status == 0
    hand = held_hand(new_game(preset("italian-2p"), seed=1), 0)
    assert (
        f"'x' is not a move: type a card (such as '{hand[0]}') or a number from 1 to 3, "
        "or q to quit." in out
    )
    assert "There is no choice 0: the menu goes from 1 to 3." in out
    assert "There is no choice 4" in out
    assert "Type your move, or q to quit." in out
    assert f"You play the {hand[1]}." in out


def test_play_ends_cleanly_on_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """End of input in the middle of a deal (Ctrl-D) stops the game with a
    message saying how to replay it, status 1, and no traceback."""
    status, out, err = run(capsys, monkeypatch, "play", "--seed", "7", stdin="1\n2\n")
    assert status == 1
    assert err == "Input ended: game left unfinished.\n"
    assert out.endswith("Your move [a card or 1-3, q to quit]: \nReplay it with --seed 7.\n")


def test_play_quit(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``q`` leaves the game at once, with status 0."""
    status, out, _ = run(capsys, monkeypatch, "play", "--seed", "7", stdin="q\n")
    assert status == 0
    assert "Game left unfinished. Replay it with --seed 7." in out


def test_play_interrupted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the game waits for a move ends it with a message and
    the conventional status 130, without a traceback."""

    class Interrupting:
        def readline(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupting())
    status = main(["play", "--seed", "7"])
    out, err = capsys.readouterr()
    assert status == 130
    assert err == "Interrupted: game left unfinished.\n"
    assert out.endswith("\nReplay it with --seed 7.\n")


def test_play_shows_no_hidden_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Observations and search, "What a seat sees": the person at the terminal
    sees what their seat may see. Each card of the opponent's hand is first
    mentioned when it is played (or, for the face-up trump card, as the trump
    card)."""
    state = new_game(preset("italian-2p"), seed=1)
    _, out, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin="1\n" * 20)
    for card in state.hands[1]:
        first = out.index(f"the {card}")
        line = out[out.rindex("\n", 0, first) + 1 : out.index("\n", first)]
        assert line.startswith("Seat 1 plays the "), line


def test_play_shows_partners_hands_when_the_rules_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Romanian briscola, "Choices the library makes" (showing hands): in
    Romanian four-player briscola partners show each other their hands before
    the first trick; in Italian they never do."""
    state = new_game(preset("romanian-4p"), seed=3)
    _, out, _ = run(
        capsys, monkeypatch, "play", "--preset", "romanian-4p", "--seed", "3", stdin="q\n"
    )
    # As the table lists them (briscola show): a partner's cards in the
    # observation's order.
    shown = ", ".join(map(str, observe(state, 0).known_hands[2]))
    assert f"Seat 2 (your partner) holds: {shown}." in out
    _, italian, _ = run(
        capsys, monkeypatch, "play", "--preset", "italian-4p", "--seed", "3", stdin="q\n"
    )
    assert "holds:" not in italian


def test_play_bastardo_and_a_split_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any preset can be played: in bastardo the bids are typed, not numbered
    (Briscola bastardo, "Choices the library makes": bids from 61 to 120, or
    pass); in Split the human at seat 0 is the previous dealer and cuts or
    knocks first (Split briškula and dupla, "Cut or knock"), and ``--match``
    plays on to four won deals."""
    status, out, _ = run(
        capsys,
        monkeypatch,
        "play",
        "--preset",
        "bastardo",
        "--seed",
        "2",
        stdin="pass\n" + "1\n" * 60,
    )
    assert status == 0
    assert "  Bid points from 61 to 120, or pass.\n" in out and "You pass." in out
    assert "Your bid [a number or pass, q to quit]: " in out
    assert "Scores: " in out or "the deal is void" in out

    status, out, _ = run(
        capsys,
        monkeypatch,
        "play",
        "--preset",
        "split-2p",
        "--seed",
        "2",
        "--match",
        "--bot",
        "random",
        stdin="1\n" * 400,
    )
    assert status == 0
    assert "  1. cut\n  2. knock\n" in out and "You cut the pack." in out
    assert re.search(r"^(You win the match|Seat 1 wins the match|The match is drawn)", out, re.M)
    assert "Match (deals won): " in out


def test_play_names_french_suits_with_french_cards(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI guide (card names): with ``--names french`` the trump line names
    the French suit of the trump card (seed 1 turns a coin, seed 13 a cup,
    seed 2 a sword: diamonds, hearts and spades), as the cards do; in
    English it names the Italian suit."""
    for seed, french in ((1, "diamonds"), (13, "hearts"), (2, "spades")):
        state = new_game(preset("italian-2p"), seed=seed)
        assert state.trump in (Suit.COINS, Suit.CUPS, Suit.SWORDS)
        _, out, _ = run(capsys, monkeypatch, "play", "--seed", str(seed), stdin="q\n")
        assert f"\nTrump: {state.trump}; trump card: {state.trump_card}; " in out
        _, out, _ = run(
            capsys, monkeypatch, "play", "--seed", str(seed), "--names", "french", stdin="q\n"
        )
        assert re.search(rf"\nTrump: {french}; trump card: \w+ of {french}; ", out)


def test_play_tells_where_the_buried_cards_lie(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finnish briscola, "Choices the library makes": the ace/three redraw, and
    the buried cards and where they lie in the stock are public. In two-player
    Finnish briscola six cards are dealt, leaving 34; the first ace or three
    turned goes to index 33 // 2 = 16 of the 33 others, the second turned card
    is taken from the top and buried at 16 too, pushing the first to 15, and
    the trump card turned last moves both up one: the 15th and 16th cards to
    draw. After the first trick each seat has drawn one: the 13th and 14th."""
    rules = preset("finnish-2p")
    seed = next(seed for seed in range(100) if len(new_game(rules, seed=seed).buried) == 2)
    state = new_game(rules, seed=seed)
    first, second = state.buried
    assert [state.stock.index(first), state.stock.index(second)] == [14, 15]
    _, out, _ = run(
        capsys, monkeypatch, "play", "--preset", "finnish-2p", "--seed", str(seed), stdin="1\nq\n"
    )
    shown = re.findall(r"^Buried in the stock: (.*)\.$", out, re.MULTILINE)
    assert shown == [
        f"the {first}, 15th card to draw; the {second}, 16th card to draw",
        f"the {first}, 13th card to draw; the {second}, 14th card to draw",
    ]
    _, italian, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin="q\n")
    assert "Buried" not in italian  # no redraw in Italian briscola


def test_play_does_not_announce_its_random_seed_before_the_game_is_left() -> None:
    """Observations and search, "What a seat sees" (a seat sees its own hand,
    never the others' or the stock order) and the narrator's promise ("nothing
    that seat could not see"): without ``--seed``, ``play`` draws a seed and
    prints it in its first line, before the first move. That seed is the whole
    deal (``new_game(rules, seed=SEED)``), so the person at the terminal can
    read the bots' hands and the stock order off it. It should be told only
    once the game is over or left ("Replay it with --seed N"), as
    :class:`~briscola.Observation` keeps a match's seed back for the same
    reason."""
    out = io.StringIO()
    status = play("italian-2p", 0, None, "random", stdin=io.StringIO(""), out=out)
    text = out.getvalue()
    assert status == 1
    found = re.search(r"Replay it with --seed (-?\d+)\.", text)
    assert found is not None
    seed = int(found.group(1))
    # The number really is the deal: it gives this seat's hand...
    state = new_game(preset("italian-2p"), seed=seed)
    before_first_move = text.split("Your move", 1)[0]
    assert f"Your hand: {', '.join(map(str, held_hand(state, 0)))}." in before_first_move
    # ...so, printed before the first move, it shows seat 1's hand and the
    # stock as well.
    assert f"seed {seed}" not in before_first_move


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param("\u00b2", id="superscript-two"),
        pytest.param("9" * 5000, id="five-thousand-digits"),
    ],
)
def test_play_asks_again_after_any_line_of_digits(answer: str) -> None:
    """CLI guide ("an answer that is not a choice is asked again") and exit
    statuses (1 when the input ends first): ``'²'`` passes ``str.isdigit``
    but ``int('²')`` raises, and a line of 5000 digits exceeds Python's
    integer-string limit; both crash ``play`` with a ``ValueError``
    traceback instead of asking again."""
    out = io.StringIO()
    status = play("italian-2p", 0, 1, "random", stdin=io.StringIO(answer + "\n"), out=out)
    assert status == 1
    assert "is not a move" in out.getvalue() or "There is no choice 9999" in out.getvalue()


def test_play_survives_a_line_that_is_not_utf8(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit statuses (1 when the input ends first, never a traceback): a
    terminal whose standard input decodes UTF-8 strictly (the default in
    a UTF-8 locale other than C) raises ``UnicodeDecodeError`` on a stray
    Latin-1 byte; ``briscola play`` lets it escape as a traceback."""
    raw = io.TextIOWrapper(io.BytesIO(b"\xff\n"), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdin", raw)
    status = main(["play", "--seed", "1", "--bot", "random"])
    capsys.readouterr()
    assert status == 1


def test_play_asks_again_after_a_line_that_is_not_text() -> None:
    """CLI guide ("an answer that is not a choice is asked again"): called
    with a strict UTF-8 stream of its own (no ``main`` to make it lenient),
    ``play`` takes a line that does not decode as no choice, asks again,
    and plays the next answer."""
    raw = io.TextIOWrapper(io.BytesIO(b"\xff\n"), encoding="utf-8", errors="strict")
    out = io.StringIO()
    assert play("italian-2p", 0, 1, "random", stdin=raw, out=out, err=io.StringIO()) == 1
    assert "That line is not text: type a card (such as " in out.getvalue()
    assert out.getvalue().count("Your move [a card or 1-3, q to quit]: ") == 2


def test_play_with_standard_input_closed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit statuses (1 when the input ends before the game): run with
    standard input closed (``briscola play <&-``), ``sys.stdin`` is
    ``None`` and the first prompt dies with ``AttributeError: 'NoneType'
    object has no attribute 'readline'``; no input at all is input that
    ends at once."""
    monkeypatch.setattr(sys, "stdin", None)
    status = main(["play", "--seed", "1", "--bot", "random"])
    capsys.readouterr()
    assert status == 1


def test_a_match_won_by_one_bot_is_told_in_good_english() -> None:
    """Split briškula and dupla (split-2p: first to four won deals): when a
    single bot wins the match ``play --match`` ends with "Seat 1 win the
    match." (the verb of a plural side), where the end of a deal says "Seat 1
    wins the deal". The seed is one where the bot wins, found by replaying the
    match with a bot that takes the first choice, as typing 1 at every prompt
    does."""
    rules = preset("split-2p")
    table: list[Bot] = [MenuFirstBot(), HeuristicBot()]
    seed = next(
        seed
        for seed in range(4, 100)
        if (result := outcome(play_match(rules, table, seed=seed))) is not None
        and result.winners == (1,)
    )
    out = io.StringIO()
    status = play(
        "split-2p", 0, seed, "heuristic", match=True, stdin=io.StringIO("1\n" * 1000), out=out
    )
    assert status == 0
    assert out.getvalue().rstrip().splitlines()[-1] == "Seat 1 wins the match."


def test_play_rejects_a_bad_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat outside the table is a usage error (status 2)."""
    status, _, err = run(capsys, monkeypatch, "play", "--seat", "2")
    assert status == 2 and "--seat must be a seat from 0 to 1" in err


# --- simulate ---------------------------------------------------------------------


def table_rows(out: str) -> list[list[str]]:
    """The rows of the results table, split into columns: the lines between
    the heading and the speed ("N deals in S s: ...", then the workers'
    line of a parallel run)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "mean points" in line)
    end = next(i for i, line in enumerate(lines) if line.endswith("deals per second"))
    return [line.split() for line in lines[start + 1 : end]]


def test_simulate_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``simulate``: deal k is ``new_game(rules, seed=seed + k)``; the table
    gives each seat's wins, the win rate with its 95% confidence interval,
    ties and mean points, and the speed. With ``--no-rotate`` the counts
    agree with the same deals played here, seat 0 always the heuristic."""
    status, out, err = run(
        capsys,
        monkeypatch,
        "simulate",
        "--preset",
        "italian-2p",
        "--deals",
        "20",
        "--bots",
        "heuristic,random",
        "--seed",
        "5",
        "--no-rotate",
    )
    assert status == 0 and err == ""  # stderr is not a terminal: no progress bar
    assert out.startswith("italian-2p: 20 deals, seeds 5 to 24\n")
    assert re.search(r"^20 deals in [\d.]+ s: [\d,.]+ deals per second$", out, re.MULTILINE)
    rows = table_rows(out)
    assert [row[:3] for row in rows] == [["0", "heuristic", "20"], ["1", "random", "20"]]

    wins = [0, 0]
    ties = 0
    points = [0, 0]
    for seed in range(5, 25):
        result = outcome(play_deal(preset("italian-2p"), [HeuristicBot(), RandomBot()], seed=seed))
        assert result is not None
        ties += not result.winners
        for seat in result.winners:
            wins[seat] += 1
        points = [p + q for p, q in zip(points, result.points)]
    assert [int(row[3]) for row in rows] == wins
    assert [float(row[4]) for row in rows] == [100 * w / 20 for w in wins]
    for row, won in zip(rows, wins):
        low, high = wilson_interval(won, 20)
        assert row[5] == f"{100 * low:.1f}-{100 * high:.1f}"
    assert [float(row[6]) for row in rows] == [100 * ties / 20] * 2
    assert [float(row[7]) for row in rows] == [round(p / 20, 1) for p in points]
    assert float(rows[0][7]) + float(rows[1][7]) == pytest.approx(120)
    # Aligned columns: the lines have one length (numbers right-aligned,
    # the last column too), and the deals end under their heading.
    lines = out.splitlines()[1:4]
    assert len({len(line) for line in lines}) == 1
    assert (
        len(
            {line.index("deals") + 5 for line in lines[:1]}
            | {line.index(" 20 ") + 3 for line in lines[1:]}
        )
        == 1
    )


def test_a_learned_bot_without_weights_is_told_in_one_line_and_named_in_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line guide (simulate, ``--bots``): the learned bot has no
    weights for split-4p and plays as the heuristic bot: standard error
    says so in one plain line (no Python warning), the table names what
    played, and the results are those of the heuristic bot."""
    argv = ["simulate", "--preset", "split-4p", "--deals", "4", "--no-progress", "--bots"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        status, out, err = run(capsys, monkeypatch, *argv, "heuristic,learned")
    assert status == 0
    assert err == "briscola simulate: learned has no weights for split-4p: it plays as heuristic\n"
    rows = out.splitlines()[2:4]
    assert rows[1].startswith("1+3   learned (heuristic: no weights)  ")
    _, same, _ = run(capsys, monkeypatch, *argv, "heuristic,heuristic")
    numbers = [row.split(")", 1)[1].split() for row in [rows[1]]]
    assert numbers == [same.splitlines()[3].split()[2:]]
    # play says the same in one line, and names the bot on its first line.
    status, out, err = run(
        capsys, monkeypatch, "play", "--preset", "split-4p", "--bot", "learned", stdin="q\n"
    )
    assert status == 0
    assert err == "briscola play: learned has no weights for split-4p: it plays as heuristic\n"
    assert "the other seats are learned (heuristic: no weights) bots." in out.splitlines()[0]


def test_simulate_rotates_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first seat leads and so has an edge: by default the line-up
    moves round one place every deal (deal k shifts it by k), so the
    heuristic bot's points are seat 0's in even deals and seat 1's in odd
    ones."""
    _, out, _ = run(capsys, monkeypatch, "simulate", "--deals", "4", "--seed", "3")
    assert out.startswith(
        "italian-2p: 4 deals, seeds 3 to 6, the line-up moving round one place each deal\n"
    )
    rules = preset("italian-2p")
    points = 0
    for k in range(4):
        table: list[Bot] = [HeuristicBot(), RandomBot()]
        result = outcome(play_deal(rules, table if k % 2 == 0 else table[::-1], seed=3 + k))
        assert result is not None
        points += result.points[k % 2]
    assert float(table_rows(out)[0][7]) == round(points / 4, 1)


def test_simulate_duplicate_jobs_and_deals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--duplicate`` plays every pack once per place (two seats: twice,
    swapped); ``--jobs 2`` shares the deals between two processes and
    prints the same table; ``--deals 0`` and ``--jobs 0`` are usage
    errors."""
    _, out, _ = run(capsys, monkeypatch, "simulate", "--deals", "6", "--duplicate")
    assert out.startswith(
        "italian-2p: 6 deals, seeds 1 to 6, every pack played 2 times, the line-up in each place\n"
    )
    rows = table_rows(out)
    assert [row[2] for row in rows] == ["12", "12"]
    assert re.search(r"^12 deals in ", out, re.MULTILINE)
    _, parallel, _ = run(
        capsys, monkeypatch, "simulate", "--deals", "6", "--duplicate", "--jobs", "2"
    )
    assert table_rows(parallel) == rows
    for option, value in (("--deals", "0"), ("--jobs", "0")):
        status, _, err = run(capsys, monkeypatch, "simulate", option, value)
        assert status == 2 and f"{option} must be at least 1, not 0" in err


def test_simulate_progress_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--progress`` draws a plain-text bar on stderr, with the speed and
    the time taken (the time left while it runs); ``--no-progress`` keeps
    stderr silent."""
    _, out, err = run(capsys, monkeypatch, "simulate", "--deals", "5", "--progress")
    assert "5/5 deals" in err and "[" + "#" * 30 + "]" in err
    assert re.search(r"deals/s  in \d+:\d\d", err)
    assert "deals/s" not in out
    _, _, quiet = run(capsys, monkeypatch, "simulate", "--deals", "5", "--no-progress")
    assert quiet == ""


def test_simulate_teams_bastardo_and_rotation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One bot per side in team games (seats 0+2 and 1+3: Italian briscola, two
    to six players, "Number of players"); in bastardo a mean score column whose
    entries add up to zero (Briscola bastardo, "Choices the library makes": the
    scores always add up to zero); ``--rotate`` moves every bot through every
    seat; the rows of team games are labelled by side."""
    _, out, _ = run(capsys, monkeypatch, "simulate", "--preset", "italian-4p", "--deals", "6")
    assert out.splitlines()[1].startswith("side  bot ")
    assert [row[0] for row in table_rows(out)] == ["0+2", "1+3"]

    _, out, _ = run(
        capsys,
        monkeypatch,
        "simulate",
        "--preset",
        "bastardo",
        "--deals",
        "10",
        "--bots",
        "heuristic,random,random,random,random",
    )
    assert "void %  mean points  mean score" in out
    rows = table_rows(out)
    assert len(rows) == 5
    assert sum(float(row[9]) for row in rows) == pytest.approx(0, abs=0.03)

    _, out, _ = run(capsys, monkeypatch, "simulate", "--deals", "6", "--rotate")
    assert [row[:3] for row in table_rows(out)] == [
        ["0", "heuristic", "6"],
        ["1", "random", "6"],
    ]


def test_simulate_does_not_count_void_bastardo_deals_as_ties(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Briscola bastardo, "Choices the library makes": when all five pass the
    bastardo deal is void, with no score; Matches, "Ties": a tie is equal
    points at the top. Bastardo has no ties at all (the declarer's side makes
    the bid or does not), yet ``simulate`` counts every void deal in its "ties
    %" column (the CLI guide: "the percentages of wins and of tied deals")."""
    out = io.StringIO()
    assert simulate("bastardo", 3, [PassBot()], 1, out=out, err=io.StringIO(), progress=False) == 0
    rows = [line.split() for line in out.getvalue().splitlines() if re.match(r"\d +pass ", line)]
    assert len(rows) == 5
    # seat, bot, deals, wins, win %, 95% CI, ties %, void %, mean points, mean score
    assert all(row[2] == "3" for row in rows)
    assert [row[6] for row in rows] == ["0.0"] * 5


def test_simulate_counts_void_deals_in_a_column_of_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Briscola bastardo, "Choices the library makes": everyone passing voids
    the deal, with no winner and a score of 0 for every seat. With five seats
    that always pass every deal is void: the "void %" column shows 100 for each
    seat, "ties %" 0 and the mean score 0; the games without an auction have no
    such column."""
    out = io.StringIO()
    specs = [PassBot()] * 5
    assert simulate("bastardo", 4, specs, 1, out=out, err=io.StringIO(), progress=False) == 0
    text = out.getvalue()
    assert "deals  wins  win %  95% CI    ties %  void %  mean points  mean score" in text
    rows = [line.split() for line in text.splitlines() if re.match(r"\d +pass ", line)]
    # seat, bot, deals, wins, win %, 95% CI, ties %, void %, mean points, mean score
    assert [row[6] for row in rows] == ["0.0"] * 5
    assert [row[7] for row in rows] == ["100.0"] * 5
    assert [row[9] for row in rows] == ["0.00"] * 5

    plain = io.StringIO()
    assert simulate("italian-2p", 2, ["random"], 1, out=plain, progress=False) == 0
    assert "void" not in plain.getvalue()


def test_simulate_interrupted_prints_the_deals_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """CLI guide: Ctrl-C stops the run, prints the table of the deals
    played so far, and exits with status 130."""
    from briscola.cli import _simulate

    def interrupt(self: object, done: int) -> None:
        if done >= 4:
            raise KeyboardInterrupt

    monkeypatch.setattr(_simulate._Progress, "update", interrupt)
    out, err = io.StringIO(), io.StringIO()
    status = simulate("italian-2p", 10, ["heuristic", "random"], 1, out=out, err=err)
    assert status == 130
    assert err.getvalue() == "interrupted after 4 of 10 deals\n"
    assert out.getvalue().startswith("italian-2p: 4 of 10 deals (interrupted)")
    assert [row[2] for row in table_rows(out.getvalue())] == ["4", "4"]


class _FailsOnSeed6(RandomBot):
    """A random bot that raises on its first move of the deal of seed 6
    (module level, so that it pickles to a worker process)."""

    hand = new_game(preset("italian-2p"), seed=6).hands[1]

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if observation.hand == self.hand and len(observation.history) < 2:
            raise RuntimeError("no more")
        return super().choose(observation, legal, rng)


def test_simulate_stopped_by_a_failing_deal_prints_the_deals_so_far() -> None:
    """Bots, "Tournaments": a bot that fails stops ``simulate`` with the
    table of the deals that finished, a line naming the deal, its seed and
    the seat, and status 1; with ``time_limit`` the deals run in a worker
    process, with the same table."""
    for limit in (None, 30.0):
        out, err = io.StringIO(), io.StringIO()
        status = simulate(
            "italian-2p",
            10,
            ["random", _FailsOnSeed6()],
            1,
            rotate=False,
            out=out,
            err=err,
            time_limit=limit,
        )
        assert status == 1
        assert err.getvalue() == (
            "briscola simulate: error: deal 5 (seed 6): the bot at seat 1 raised "
            "RuntimeError: no more\n"
        )
        # In a worker, the next deals may finish before the failure is read.
        done = out.getvalue().split()[1]
        assert done == "5" or (limit is not None and done in "6789")
        assert out.getvalue().startswith(f"italian-2p: {done} of 10 deals (stopped)")
        assert [row[2] for row in table_rows(out.getvalue())] == [done, done]
    plain, limited = io.StringIO(), io.StringIO()
    simulate("italian-2p", 6, ["heuristic", "random"], 1, out=plain, progress=False)
    simulate("italian-2p", 6, ["heuristic", "random"], 1, out=limited, time_limit=30)
    assert plain.getvalue().splitlines()[:-1] == limited.getvalue().splitlines()[:-1]


def test_simulate_refuses_a_time_limit_that_is_not_positive(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line, "simulate: bots against bots": ``--time-limit`` is a
    positive number of seconds."""
    for bad in ("0", "-1", "nan", "inf"):
        status, _, err = run(capsys, monkeypatch, "simulate", "--time-limit", bad)
        assert status == 2
        assert err == (
            f"briscola simulate: error: --time-limit must be a positive number of seconds, "
            f"not {float(bad)}\n"
        )


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("heuristic,random,random", "a line-up needs 1 or 2 bots for 2 seats and 2 sides, not 3"),
        ("genius", "unknown bot 'genius'"),
    ],
)
def test_simulate_bad_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, bots: str, message: str
) -> None:
    """A line-up that does not fit the table, or an unknown bot, is a usage
    error (status 2) with a message."""
    status, _, err = run(capsys, monkeypatch, "simulate", "--bots", bots)
    assert status == 2 and message in err


# --- bot names -------------------------------------------------------------------


def test_make_bot_refuses_odd_digits_with_its_own_message() -> None:
    """``make_bot`` documents "ValueError: If the name is unknown or the
    samples are not a positive number", with the message
    "montecarlo:SAMPLES needs a positive number of samples". For
    ``'mc:²'`` (``'²'.isdigit()`` is true) it leaks ``int()``'s message
    instead, which ``briscola simulate --bots mc:²`` prints as its error."""
    with pytest.raises(ValueError, match="needs a positive number of samples"):
        make_bot("mc:\u00b2")


def test_simulate_refuses_samples_int_cannot_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``make_bot``'s documented error for samples that are not a positive
    number is what ``simulate --bots`` prints (status 2), for a number of
    5000 digits (beyond ``int()``'s limit) as for ``'²'``."""
    for samples in ("\u00b2", "9" * 5000):
        status, _, err = run(capsys, monkeypatch, "simulate", "--bots", f"mc:{samples}")
        assert status == 2
        assert err.startswith("briscola simulate: error: montecarlo:SAMPLES needs a positive")


# --- rules ------------------------------------------------------------------------


def test_rules_lists_the_presets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``briscola rules`` lists every preset (Variants: presets and rules
    fields, "The presets") with a summary."""
    status, out, _ = run(capsys, monkeypatch, "rules")
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()] == list(PRESETS)
    assert "split-dupla-2p    2 players, 40 cards, 4 in hand" in out


def rules_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> str:
    status, out, _ = run(capsys, monkeypatch, "rules", name)
    assert status == 0 and out.startswith(name + "\n")
    return " ".join(out.split())  # unwrapped


@pytest.mark.parametrize(
    ("name", "phrases"),
    [
        (
            "italian-2p",
            ["Two players, each playing alone", "anticlockwise", "40 cards", "20 tricks",
             "(61 of 120)", "60 each is a tie", "A single deal"],
        ),
        (
            "italian-3p",
            ["Three players", "39 cards", "The two of clubs is taken out", "13 tricks",
             "The player with the most points wins"],
        ),
        (
            "italian-6p-pairs",
            ["Six players in three pairs: seats 0 and 3; seats 1 and 4; seats 2 and 5",
             "The four twos are taken out", "6 tricks", "The side with the most points"],
        ),
        (
            "finnish-4p",
            ["seats 0 and 2 against seats 1 and 3", "If the turned card is an ace or a three",
             "Once the stock and the trump card are gone, partners show each other their hands"],
        ),
        (
            "split-dupla-2p",
            ["clockwise round the table", "either cuts the pack or knocks on it",
             "two cards at a time", "Each player plays two cards to every trick",
             "draws two cards from the stock, one at a time", "10 tricks",
             "The first side to win four deals", "češalj",
             "After a tied deal the same dealer deals again"],
        ),
        (
            "romanian-4p",
            ["give it for the face-up trump card", "the two of trumps",
             "Before the first trick partners show each other their hands"],
        ),
        (
            "spanish-2p",
            ["the seven of trumps for a face-up ace, three, king, knight or jack",
             "the two of trumps for a face-up seven, six, five or four",
             "who has won a trick", "one exchange per turn"],
        ),
        (
            "portuguese-2p",
            ["From high to low: ace, seven, king, jack, knight, six, five, four, three, two",
             "Points: ace 11, seven 10, king 4, jack 3 and knight 2"],
        ),
        (
            "bastardo",
            ["secret partner", "eight cards each", "no stock and no trump card",
             "from 61 to 120", "if everyone passes the deal is void", "8 tricks",
             "the declarer scores 2, the partner 1 and each other player -1",
             "the declarer scores 4 or -4", "reaches 11"],
        ),
    ],
)  # fmt: skip
def test_rules_in_words(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    phrases: list[str],
) -> None:
    """``briscola rules PRESET`` says the preset's rules (as its page in "The
    rules as implemented" does): players and sides, pack, strength and points,
    deal, redraw, play, drawing, exchange, partners' hands, auction, scoring
    and match."""
    text = rules_text(capsys, monkeypatch, name)
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_text_of_every_preset(name: str) -> None:
    """Every preset is described, with its number of tricks (20, 13, 12, 10, 8
    or 6) and the points in its pack (120: "The rules as implemented", "What
    every family shares")."""
    rules = preset(name)
    text = " ".join(describe_rules(rules, name).split())
    assert text.startswith(f"{name} Players ")
    assert f"A deal has {rules.tricks} tricks." in text
    assert f"The pack holds {rules.total_points} points." in text
    assert ("runs clockwise" in text) == rules.clockwise


def test_rules_text_follows_the_fields() -> None:
    """The description is derived from the ``Rules`` fields, not written per
    preset: a variation made with ``attrs.evolve`` (the Swedish table: first to
    three, or best of three with ties not counted; piles kept per side) is
    described as such."""
    rules = attrs.evolve(preset("italian-4p"), match=MatchFormat.BEST_OF, match_target=3)
    text = " ".join(describe_rules(rules).split())
    assert "Best of three deals" in text and "tied deals do not count" in text
    assert "Each side keeps its tricks in one pile" not in text
    piles = attrs.evolve(rules, piles_by_side=True, match=MatchFormat.FIRST_TO, match_target=2)
    text = " ".join(describe_rules(piles).split())
    assert "The first side to win two deals" in text
    assert "Each side keeps its tricks in one pile" in text


def test_rules_of_an_unknown_preset(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unknown preset name is a usage error listing the presets."""
    with pytest.raises(SystemExit) as stop:
        run(capsys, monkeypatch, "rules", "tressette")
    assert stop.value.code == 2
    assert "italian-2p" in capsys.readouterr().err


# --- pipes and the module entry point ---------------------------------------------------


def test_broken_pipe_is_quiet(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the reader of the output goes away (``briscola ... | head``)
    the command stops quietly with status 1."""

    class ClosedPipe(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["rules", "italian-2p"]) == 1
    assert capsys.readouterr().err == ""


def test_python_dash_m_and_a_closed_pipe() -> None:
    """``python -m briscola`` runs the command line; with its output pipe
    closed before it writes, it exits without a traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "rules", "split-2p"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("split-2p\n")
    child = subprocess.Popen(
        [sys.executable, "-m", "briscola", "simulate", "--deals", "3"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    child.stderr.close()
    assert child.wait() == 1
    assert "Traceback" not in err and "Error" not in err


def test_output_that_cannot_show_every_letter() -> None:
    """CLI guide (exit statuses): on a standard output whose encoding lacks "č"
    and "š" (``PYTHONIOENCODING=ascii``, an ASCII terminal) the rules of Split,
    which name the češalj, print with "?" for those letters and status 0, not a
    ``UnicodeEncodeError`` traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "rules", "split-2p"],
        cwd=ROOT,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        check=False,
    )
    assert done.returncode == 0
    assert "(Split's ?e?alj)" in " ".join(done.stdout.decode("ascii").split())
    assert done.stderr == b""


def test_a_stream_that_refuses_a_letter(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI guide (exit statuses): an output stream that cannot be told to
    replace what it cannot encode gets one line of error on stderr and
    status 1 when a card name or rule text holds such a letter."""

    class AsciiOnly(io.StringIO):
        def write(self, text: str) -> int:
            text.encode("ascii")
            return super().write(text)

    monkeypatch.setattr(sys, "stdout", AsciiOnly())
    assert main(["rules", "split-2p"]) == 1
    assert capsys.readouterr().err == "briscola: error: the output cannot show '\\u010d'\n"


def test_an_output_that_cannot_be_written(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLI guide (exit statuses: 1 when the output fails): a write error
    other than a closed pipe, such as a full disk, gives one line on
    stderr and status 1, not a traceback."""

    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["rules", "italian-2p"]) == 1
    assert capsys.readouterr().err == "briscola: error: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_dev_full() -> None:
    """CLI guide (exit statuses): with standard output on ``/dev/full``,
    whose every write fails, the command says so in one line on stderr and
    exits with status 1, when Python would print a traceback at exit."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "briscola", "rules", "split-2p"],
            cwd=ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 1
    assert re.fullmatch(r"briscola: error: [^\n]+\n", done.stderr), done.stderr


_ODD = Rules(
    removed=(Card(Suit.CLUBS, Rank.TWO), Card(Suit.CLUBS, Rank.FOUR)),
    card_points={
        Rank.ACE: 11,
        Rank.THREE: 10,
        Rank.KING: 4,
        Rank.KNIGHT: 3,
        Rank.JACK: 2,
        Rank.TWO: 1,
    },
)


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (attrs.evolve(preset("italian-2p"), deal=DealStyle.KNOCK), ["at once"]),
        (
            attrs.evolve(preset("italian-2p"), exchange=Exchange.SEVEN_AFTER_WIN),
            ["seven of trumps", "two tricks with drawing"],
        ),
        (attrs.evolve(preset("bastardo"), auction=Auction.CHIAMATA), ["naming a rank", "two"]),
        (attrs.evolve(preset("bastardo"), cappotto_doubles=True), ["doubled"]),
        (_ODD, ["(62 of 123) wins the deal."]),
    ],
    ids=["knock", "seven", "chiamata", "cappotto", "odd-total"],
)
def test_describe_rules_rarer_options(rules: Rules, words: list[str]) -> None:
    """``briscola rules`` describes every option from the fields, including
    the rarer ones (a knock deal, the seven after a win, the chiamata,
    cappotto, a pack of an odd number of points, where no tie is
    possible)."""
    text = " ".join(describe_rules(rules, width=10_000).split())
    for word in words:
        assert word in text, (word, text)
    if rules is _ODD:
        assert _ODD.total_points == 123 and "tie" not in text.split("Match")[0].split("Winning")[-1]


def _play(name: str, seed: int, bot: str = "random", stdin: str = "1\n" * 400, **kw: Any) -> str:
    out = io.StringIO()
    status = play(name, 0, seed, bot, stdin=io.StringIO(stdin), out=out, err=io.StringIO(), **kw)
    assert status == 0
    return out.getvalue()


def _points(text: str) -> list[int]:
    return [int(p) for p in re.findall(r": (\d+) points\.", text)]


def test_play_reports_a_tie_and_a_win() -> None:
    """``briscola play`` ends a deal with its points and who won: a 60-60
    deal is a tie; more than 60 for the player is a win."""
    tie = _play("italian-2p", 13)
    assert "The deal is a tie." in tie and _points(tie) == [60, 60]
    win = _play("italian-2p", 0)
    assert "You win the deal." in win and _points(win)[0] > 60


def test_play_help_and_exchange() -> None:
    """``?`` lists the choices again; an exchange is told as such."""
    text = _play("romanian-2p", 16, stdin="?\nexchange\n" + "1\n" * 400)
    assert text.count("4. exchange the two of cups for the face-up king of cups") == 2
    assert "You exchange the two of cups for the trump card, the king of cups." in text


def test_play_bastardo_texts() -> None:
    """Bastardo at the table: the auction before any bid, a deal won with
    its scores, and a void deal when everybody passes."""
    first = _play("bastardo", 2, bot="heuristic", stdin="pass\n" + "1\n" * 400)
    assert "Auction: no bid yet." in first
    assert "You win the deal" in first and "Scores: you " in first
    void = _play("bastardo", 40, bot="heuristic", stdin="pass\n" + "1\n" * 400)
    assert "Everybody passed: the deal is void." in void


def test_play_a_match_and_a_bad_seat() -> None:
    """``--match`` plays the preset's whole match, telling the deals won
    after each deal; a seat outside the table is refused."""
    text = _play("split-2p", 3, match=True)
    assert "Match (deals won): you " in text and "Game over." in text
    assert "the match" in text or "The match is drawn." in text
    with pytest.raises(ValueError, match="seat"):
        play("italian-2p", 2, 1, "random", stdin=io.StringIO(""), out=io.StringIO())


def test_simulate_seat_by_seat_and_bad_deals(capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate`` takes one bot per seat in a team game (a row per seat),
    counts tied deals, and refuses a negative number of deals."""
    out = io.StringIO()
    status = simulate(
        "italian-4p",
        6,
        ["random", "heuristic", "random", "heuristic"],
        3,
        out=out,
        err=io.StringIO(),
        progress=False,
    )
    assert status == 0
    assert out.getvalue().count("random") >= 2
    assert main(["simulate", "--preset", "italian-2p", "--deals", "-1"]) == 2
    assert "--deals must be at least 1" in capsys.readouterr().err


def test_demo_with_french_ten_for_three_names(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo names cards in the French ten-for-three style when asked."""
    assert (
        main(["demo", "--preset", "romanian-2p", "--seed", "16", "--names", "french-ten-for-three"])
        == 0
    )
    text = capsys.readouterr().out
    assert "ten of" in text or "10" in text


def test_demo_reports_a_tie(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo ends with the points and, on a 60-60 deal, no winner."""
    assert main(["demo", "--preset", "italian-2p", "--seed", "137"]) == 0
    text = capsys.readouterr().out
    assert "no winner" in text and text.count(": 60 points") == 2


def test_play_a_single_deal_match_drawn_and_won() -> None:
    """``--match`` with a single-deal preset: a tied deal draws the match,
    a won deal wins it."""
    assert "The match is drawn." in _play("italian-2p", 13, match=True)
    assert "You win the match." in _play("italian-2p", 0, match=True)


def test_simulate_counts_ties() -> None:
    """``simulate`` counts tied deals in their own column."""
    out = io.StringIO()
    assert (
        simulate("italian-2p", 40, ["random"], 13, out=out, err=io.StringIO(), progress=False) == 0
    )
    text = out.getvalue()
    assert "tie" in text.lower()


# --- what the command line refuses to read -----------------------------------------


def test_a_seed_of_more_than_2048_bits_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Security, "The command line": ``--seed`` takes what ``new_game`` takes, so a
    seed over 2,048 bits (or one that is not a number) is a one-line usage
    error with status 2 in ``demo``, ``play`` and ``simulate``, as is a
    ``simulate`` whose last deal's seed would be too long."""
    for command in ("demo", "play", "simulate"):
        for seed, words in ((str(2**2048), "at most 2048 bits"), ("1.5", "whole number")):
            with pytest.raises(SystemExit) as stop:
                run(capsys, monkeypatch, command, "--seed", seed)
            assert stop.value.code == 2
            err = capsys.readouterr().err
            assert f"briscola {command}: error: argument --seed:" in err and words in err
            assert "Traceback" not in err
    status, _, err = run(
        capsys, monkeypatch, "simulate", "--seed", str(2**2048 - 2), "--deals", "3"
    )
    assert status == 2 and err.count("\n") == 1 and "seed + deals - 1" in err


def test_files_that_are_not_saves_are_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Security, "The command line": ``play --load``, ``--rules`` and
    ``show`` read only a regular file of at most 16 MiB; a device, a named
    pipe, a folder or a longer file is a one-line error with status 2 (and
    no wait for a writer, no memory error)."""
    from briscola.cli._files import MAX_FILE_BYTES

    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for path, words in (
        ("/dev/zero", "it is not a regular file"),
        (str(fifo), "it is not a regular file"),
        (str(tmp_path), "cannot read"),
        (str(huge), "it is longer than 16 MiB"),
    ):
        for argv in (
            ["play", "--load", path],
            ["play", "--rules", path],
            ["simulate", "--rules", path],
            ["rules", "--rules", path],
            ["show", path],
        ):
            status, out, err = run(capsys, monkeypatch, *argv)
            assert status == 2 and out == "", argv
            assert err.count("\n") == 1 and words in err and path in err, (argv, err)
    monkeypatch.setattr(sys, "stdin", io.StringIO("x" * (MAX_FILE_BYTES + 1)))
    assert main(["show", "-"]) == 2
    assert "longer than 16 MiB" in capsys.readouterr().err
