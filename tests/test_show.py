"""The command line's pictures: ``briscola show`` and ``--svg-dir`` of
``demo`` and ``play``."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from briscola import (
    Action,
    GameState,
    apply,
    dumps,
    legal_actions,
    new_game,
    new_match,
    observe,
    preset,
    text,
)
from briscola.cli import main

SVG = "{http://www.w3.org/2000/svg}"


def face_up(picture: str) -> set[str]:
    root = ET.fromstring(picture)
    return {
        str(g.findtext(f"{SVG}title"))
        for g in root.iter(f"{SVG}g")
        if "face-up" in g.get("class", "").split()
    }


def some_state() -> GameState:
    state = new_game(preset("italian-4p"), seed=6)
    for _ in range(6):
        state = apply(state, legal_actions(state)[0])
    return state


def test_show_a_deal_a_match_and_an_observation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``show`` prints the table of what was saved and writes its picture;
    ``--seat`` shows what that seat may see."""
    state = some_state()
    saved = tmp_path / "deal.json"
    saved.write_text(dumps(state), encoding="utf-8")
    picture = tmp_path / "deal.svg"
    assert main(["show", str(saved), "--svg", str(picture)]) == 0
    assert capsys.readouterr().out == text(state) + "\n"
    assert face_up(picture.read_text(encoding="utf-8")) >= {str(c) for c in state.hands[1]}

    assert main(["show", str(saved), "--seat", "1", "--svg", str(picture)]) == 0
    assert capsys.readouterr().out == text(observe(state, 1)) + "\n"
    shown = face_up(picture.read_text(encoding="utf-8"))
    assert not shown & {str(c) for c in state.hands[0] + state.hands[2] + state.hands[3]}

    seen = tmp_path / "seen.json"
    seen.write_text(dumps(observe(state, 3)), encoding="utf-8")
    assert main(["show", str(seen), "--symbols"]) == 0
    assert capsys.readouterr().out == text(observe(state, 3), symbols=True) + "\n"

    match = tmp_path / "match.json"
    match.write_text(dumps(new_match(preset("split-4p"), seed=1)), encoding="utf-8")
    assert main(["show", str(match)]) == 0
    assert capsys.readouterr().out.startswith("match (first-to 4): 0 deals finished")


def test_show_refuses_what_it_cannot_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rules, actions, malformed JSON, a missing file and an observation
    shown as another seat are errors (exit status 2), with the file named."""
    rules = tmp_path / "rules.json"
    rules.write_text(dumps(preset("italian-2p")), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    seen = tmp_path / "seen.json"
    seen.write_text(dumps(observe(some_state(), 0)), encoding="utf-8")
    deal = tmp_path / "deal.json"
    deal.write_text(dumps(some_state()), encoding="utf-8")
    moves = tmp_path / "moves.json"
    moves.write_text(dumps(legal_actions(some_state())), encoding="utf-8")
    for argv, message in (
        (["show", str(rules)], "holds rules, not a deal"),
        (["show", str(moves)], "holds actions, not a deal"),
        (["show", str(bad)], "bad.json"),
        (["show", str(tmp_path / "missing.json")], "missing.json"),
        (["show", str(seen), "--seat", "2"], "what seat 0 sees, not seat 2"),
        (["show", str(deal), "--seat", "9"], "seat must be a seat from 0 to 3, not 9"),
    ):
        assert main(argv) == 2
        assert message in capsys.readouterr().err


def test_demo_writes_a_picture_per_trick(tmp_path: Path) -> None:
    """``demo --svg-dir`` writes one picture after each of the 10 tricks of
    a four-player deal; the last shows the result."""
    folder = tmp_path / "pictures"
    out = io.StringIO()
    from briscola.cli import demo

    demo("italian-4p", 2, out=out, svg_dir=str(folder))
    names = sorted(path.name for path in folder.iterdir())
    assert names == [f"trick-{k:02}.svg" for k in range(1, 11)]
    for path in folder.iterdir():
        ET.fromstring(path.read_text(encoding="utf-8"))
    assert "Result" in (folder / "trick-10.svg").read_text(encoding="utf-8")


def test_play_pictures_show_only_the_players_view(tmp_path: Path) -> None:
    """``play --svg-dir`` writes a picture per trick, and the pictures of a
    seat never show a card hidden from it (a bot's hand, the stock)."""
    from briscola.bots import RandomBot, play_deal
    from briscola.cli import play
    from briscola.cli._show import TrickPictures

    folder = tmp_path / "play"
    status = play(
        "italian-2p",
        1,
        8,
        "random",
        svg_dir=str(folder),
        stdin=io.StringIO("1\n" * 30),
        out=io.StringIO(),
        err=io.StringIO(),
    )
    assert status == 0
    assert len(list(folder.iterdir())) == 20

    seat = 2
    rules = preset("italian-4p")
    pictures = TrickPictures(tmp_path / "seat", seat=seat)
    taken: list[GameState] = []

    def hook(before: GameState, mover: int, action: Action, after: GameState) -> None:
        pictures.deal(before, mover, action, after)
        if before.trick and not after.trick:
            taken.append(after)

    play_deal(rules, [RandomBot() for _ in range(4)], seed=5, on_action=hook)
    assert len(taken) == rules.tricks
    for k, after in enumerate(taken, 1):
        shown = face_up((tmp_path / "seat" / f"trick-{k:02}.svg").read_text(encoding="utf-8"))
        assert {str(card) for card in after.hands[seat]} <= shown
        hidden = {str(card) for card in observe(after, seat).unseen}
        assert not shown & hidden
