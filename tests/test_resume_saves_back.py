"""A game resumed with ``briscola play --load FILE`` and left unfinished
is saved back to ``FILE`` unless ``--save`` names another file."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from briscola import GameState, dumps, loads, new_game, preset
from briscola.cli import main


class Interrupting:
    """Standard input that gives its lines, then acts as Ctrl-C."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def readline(self) -> str:
        if not self.lines:
            raise KeyboardInterrupt
        return self.lines.pop(0)


def saved_deal(folder: Path) -> Path:
    path = folder / "deal.json"
    path.write_text(dumps(new_game(preset("italian-2p"), seed=4)), encoding="utf-8")
    return path


def test_ctrl_c_saves_a_loaded_game_back_to_its_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """CLI guide (play, ``--load``): Ctrl-C in a resumed game without
    ``--save`` writes the game as it stands back to the loaded file, and
    says so; loading it again plays on from there."""
    path = saved_deal(tmp_path)
    before = loads(path.read_text(encoding="utf-8"))
    assert isinstance(before, GameState)
    monkeypatch.setattr(sys, "stdin", Interrupting("1\n"))
    assert main(["play", "--load", str(path)]) == 130
    out, err = capsys.readouterr()
    assert err == "Interrupted: game left unfinished.\n"
    assert (
        f"Saved back to {path}, the file it was loaded from: "
        f"resume it with briscola play --load {path}.\n"
    ) in out
    after = loads(path.read_text(encoding="utf-8"))
    assert isinstance(after, GameState) and not after.is_over
    assert after.pack == before.pack
    assert after.history[: len(before.history)] == before.history
    assert len(after.history) > len(before.history)


def test_save_names_another_file_and_q_saves_back_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """CLI guide (play, ``--save``): with ``--save`` the game goes there and
    the loaded file is left as it was; without it, leaving with ``q`` saves
    back to the loaded file as Ctrl-C does."""
    path = saved_deal(tmp_path)
    original = path.read_bytes()
    other = tmp_path / "other.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    assert main(["play", "--load", str(path), "--save", str(other)]) == 0
    out = capsys.readouterr().out
    assert f"Saved to {other}: resume it with briscola play --load {other}." in out
    assert path.read_bytes() == original
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    assert main(["play", "--load", str(path)]) == 0
    assert "Saved back to" in capsys.readouterr().out
    assert loads(path.read_text(encoding="utf-8")) == loads(other.read_text(encoding="utf-8"))
