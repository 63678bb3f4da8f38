"""The command line (``python -m briscola``, the ``briscola`` script): the
demo, ``play`` driven by scripted input, ``simulate`` and ``rules``."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from briscola import (
    PRESETS,
    MatchFormat,
    apply,
    legal_actions,
    new_game,
    outcome,
    preset,
)
from briscola._cli import describe_rules, main
from briscola.bots import HeuristicBot, RandomBot, play_deal

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


# --- demo -------------------------------------------------------------------------


def test_demo_without_a_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's command ``briscola --preset italian-2p --seed 1`` plays
    the demo: one deal between random players drawing from
    ``random.Random(seed)``, each trick (SPEC §4: 20 in two-player) and the
    score. The printed points are those of that deal, replayed here."""
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
    """The demo handles the first decisions that are not cards: Split's cut
    or knock by the previous dealer (SPEC §3) and bastardo's auction and
    call (SPEC §7)."""
    _, split, _ = run(capsys, monkeypatch, "--preset", "split-2p", "--seed", "4")
    assert re.search(r"^seat 0: (cut|knock)$", split, re.MULTILINE)
    _, bastardo, _ = run(capsys, monkeypatch, "--preset", "bastardo", "--seed", "3")
    assert "seat 0: bid" in bastardo or "seat 0: pass" in bastardo


def test_unknown_preset_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SPEC §10: an unknown preset is refused; the command line says so with
    the usual usage error (status 2) listing the presets."""
    with pytest.raises(SystemExit) as stop:
        run(capsys, monkeypatch, "--preset", "briscola-9p")
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "briscola-9p" in err and "italian-2p" in err


# --- play -------------------------------------------------------------------------


def test_play_a_whole_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play``: numbered legal actions with card names; always answering
    1 plays the deal out (20 tricks), and the score adds up to 120."""
    status, out, err = run(
        capsys, monkeypatch, "play", "--seed", "1", "--bot", "random", stdin="1\n" * 20
    )
    assert status == 0 and err == ""
    assert out.count("Your move [1-3, q to quit]: ") == 18
    assert out.count("Your move [1-2, q to quit]: ") == 1
    assert out.count("Your move [1, q to quit]: ") == 1
    assert "  1. play the " in out
    taken = re.findall(r"^Seat (\d)(?: \(you\))?: (\d+) points\.$", out, re.MULTILINE)
    assert len(taken) == 2 and sum(int(p) for _, p in taken) == 120


def test_play_asks_again_after_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bad input (a word, a number out of range, an empty line) is refused
    with a message and the same question is asked again."""
    script = "x\n0\n4\n\n2\n" + "1\n" * 19
    status, out, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin=script)
    assert status == 0
    assert "'x' is not a choice: type a number from 1 to 3, or q to quit." in out
    assert "'0' is not a choice" in out and "'4' is not a choice" in out
    assert "'' is not a choice" in out
    first = new_game(preset("italian-2p"), seed=1).hands[0][1]
    assert f"You play the {first}." in out


def test_play_ends_cleanly_on_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """End of input in the middle of a deal (Ctrl-D) stops the game with a
    message saying how to replay it, status 1, and no traceback."""
    status, out, err = run(capsys, monkeypatch, "play", "--seed", "7", stdin="1\n2\n")
    assert status == 1
    assert "Input ended: game left unfinished. Replay it with --seed 7." in out
    assert "Traceback" not in out + err


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
    out = capsys.readouterr().out
    assert status == 130
    assert "Interrupted: game left unfinished." in out


def test_play_shows_no_hidden_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SPEC §6: the person at the terminal sees what their seat may see.
    Each card of the opponent's hand is first mentioned when it is played
    (or, for the face-up trump card, as the trump card)."""
    state = new_game(preset("italian-2p"), seed=1)
    _, out, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin="1\n" * 20)
    for card in state.hands[1]:
        first = out.index(f"the {card}")
        line = out[out.rindex("\n", 0, first) + 1 : out.index("\n", first)]
        assert line.startswith("Seat 1 (heuristic) plays the "), line


def test_play_shows_partners_hands_when_the_rules_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SPEC §6 / seed 002: in Romanian four-player briscola partners show
    each other their hands before the first trick; in Italian they never
    do."""
    state = new_game(preset("romanian-4p"), seed=3)
    _, out, _ = run(
        capsys, monkeypatch, "play", "--preset", "romanian-4p", "--seed", "3", stdin="q\n"
    )
    shown = ", ".join(str(card) for card in sorted(state.hands[2], key=lambda c: c.index))
    assert f"Seat 2 holds: {shown}." in out
    _, italian, _ = run(
        capsys, monkeypatch, "play", "--preset", "italian-4p", "--seed", "3", stdin="q\n"
    )
    assert "holds:" not in italian


def test_play_bastardo_and_a_split_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any preset can be played: in bastardo the first choice is to pass
    (SPEC §10 order: ``Pass`` first, then the bids); in Split the human at
    seat 0 is the previous dealer and cuts or knocks first (SPEC §3), and
    ``--match`` plays on to four won deals (SPEC §8)."""
    status, out, _ = run(
        capsys, monkeypatch, "play", "--preset", "bastardo", "--seed", "2", stdin="1\n" * 60
    )
    assert status == 0
    assert "  1. pass" in out and "You pass." in out
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
    assert re.search(r"^(You win the match|Seat 1 win the match|The match is drawn)", out, re.M)
    assert "Match (deals won): " in out


def test_play_rejects_a_bad_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat outside the table is a usage error (status 2)."""
    status, _, err = run(capsys, monkeypatch, "play", "--seat", "2")
    assert status == 2 and "--seat must be a seat from 0 to 1" in err


# --- simulate ---------------------------------------------------------------------


def table_rows(out: str) -> list[list[str]]:
    """The rows of the results table, split into columns."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "mean points" in line)
    return [line.split() for line in lines[start + 1 :] if not line.endswith("deals per second")]


def test_simulate_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``simulate``: deal k is ``new_game(rules, seed=seed + k)``; the table
    gives each seat's wins, ties and mean points, and the speed. The counts
    agree with the same deals played here."""
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
    assert [float(row[5]) for row in rows] == [100 * ties / 20] * 2
    assert [float(row[6]) for row in rows] == [round(p / 20, 1) for p in points]
    assert float(rows[0][6]) + float(rows[1][6]) == pytest.approx(120)


def test_simulate_progress_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--progress`` draws a plain-text bar on stderr; ``--no-progress``
    keeps stderr silent."""
    _, out, err = run(capsys, monkeypatch, "simulate", "--deals", "5", "--progress")
    assert "5/5 deals" in err and "[" + "#" * 30 + "]" in err
    assert "deals/s" not in out
    _, _, quiet = run(capsys, monkeypatch, "simulate", "--deals", "5", "--no-progress")
    assert quiet == ""


def test_simulate_teams_bastardo_and_rotation(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One bot per side in team games (SPEC §6: seats 0+2 and 1+3); in
    bastardo a mean score column whose entries add up to zero (SPEC §7:
    the scores are zero-sum); ``--rotate`` moves every bot through every
    seat."""
    _, out, _ = run(capsys, monkeypatch, "simulate", "--preset", "italian-4p", "--deals", "6")
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
    assert "mean score" in out
    rows = table_rows(out)
    assert len(rows) == 5
    assert sum(float(row[7]) for row in rows) == pytest.approx(0, abs=0.03)

    _, out, _ = run(capsys, monkeypatch, "simulate", "--deals", "6", "--rotate")
    assert [row[:3] for row in table_rows(out)] == [
        ["all", "heuristic", "6"],
        ["all", "random", "6"],
    ]


@pytest.mark.parametrize(
    ("bots", "message"),
    [("heuristic,random,random", "--bots needs 1 or 2 names"), ("genius", "unknown bot 'genius'")],
)
def test_simulate_bad_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, bots: str, message: str
) -> None:
    """A line-up that does not fit the table, or an unknown bot, is a usage
    error (status 2) with a message."""
    status, _, err = run(capsys, monkeypatch, "simulate", "--bots", bots)
    assert status == 2 and message in err


# --- rules ------------------------------------------------------------------------


def test_rules_lists_the_presets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``briscola rules`` lists every preset of SPEC §9 with a summary."""
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
    """``briscola rules PRESET`` says the preset's rules (SPEC §2-§9):
    players and sides, pack, strength and points, deal, redraw, play,
    drawing, exchange, partners' hands, auction, scoring and match."""
    text = rules_text(capsys, monkeypatch, name)
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_text_of_every_preset(name: str) -> None:
    """Every preset is described, with its number of tricks (SPEC §4: 20,
    13, 12, 10, 8 or 6) and the points in its pack (SPEC §2: 120)."""
    rules = preset(name)
    text = " ".join(describe_rules(rules, name).split())
    assert text.startswith(f"{name} Players ")
    assert f"A deal has {rules.tricks} tricks." in text
    assert f"The pack holds {rules.total_points} points." in text
    assert ("runs clockwise" in text) == rules.clockwise


def test_rules_text_follows_the_fields() -> None:
    """The description is derived from the ``Rules`` fields, not written per
    preset: a variation made with ``attrs.evolve`` (seed 004's table: first
    to three, or best of three with ties not counted; piles kept per side)
    is described as such."""
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
