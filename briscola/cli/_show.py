"""``briscola show``: a saved deal, match or observation as a text table
and an SVG picture; and the pictures of each trick that ``demo`` and
``play`` write with ``--svg-dir``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO, cast

from .. import names as _names
from .. import svg as _svg
from .._actions import Action, Play
from .._engine import apply
from .._match import MatchState
from .._observe import Observation, observe
from .._rules import Rules
from .._serial import loads
from .._state import GameState
from .._text import text
from ._files import read_bytes

__all__ = ["show", "TrickPictures"]


def show(
    path: str,
    seat: int | None = None,
    svg: str | None = None,
    *,
    symbols: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Print the table of a deal, match or observation saved with
    :func:`briscola.dumps`, and write its SVG picture; returns the exit
    status (2 when the file cannot be read or shown).

    Args:
        path: The JSON file (``-`` reads standard input).
        seat: Show what this seat may see instead of every card (a deal or
            a match); an observation is always shown as its seat sees it.
        svg: Also write the picture (:func:`briscola.svg.table`) here.
        symbols: Write the cards with suit symbols.
        out: Where the table goes; standard output by default.
        err: Where errors go; standard error by default.

    >>> import briscola, os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> saved = os.path.join(folder, "deal.json")
    >>> with open(saved, "w") as file:
    ...     _ = file.write(briscola.dumps(briscola.new_game(briscola.preset("italian-2p"), seed=5)))
    >>> show(saved, seat=1, svg=os.path.join(folder, "deal.svg"))
    seat 1 sees: 2 seats, dealer seat 1, playing: seat 0 to move
    trump: clubs; trump card: five of clubs; stock: 33 cards and the trump card
    > seat 0: 3 cards | 0 tricks, 0 points
      seat 1 (you): five of swords, king of cups, ace of swords | 0 tricks, 0 points
    0
    >>> open(os.path.join(folder, "deal.svg")).read().startswith("<svg")
    True
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        raw = read_bytes(path)
    except ValueError as error:
        print(f"briscola show: error: {error}", file=err)
        return 2
    try:
        data = raw.decode("utf-8")
        obj = loads(data)
        if isinstance(obj, Rules):
            raise ValueError("it holds rules, not a deal: there is no table to show")
        if not isinstance(obj, (GameState, MatchState, Observation)):
            raise ValueError("it holds actions, not a deal: there is no table to show")
        shown: GameState | MatchState | Observation = obj
        if seat is not None:
            if isinstance(obj, Observation):
                if seat != obj.seat:
                    raise ValueError(f"it is what seat {obj.seat} sees, not seat {seat}")
            else:
                shown = observe(obj, seat)
        picture = _svg.table(shown) if svg is not None else None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        print(f"briscola show: error: {path}: {error}", file=err)
        return 2
    print(text(shown, symbols=symbols), file=out)
    if svg is not None and picture is not None:
        try:
            Path(svg).write_text(picture + "\n", encoding="utf-8")
        except OSError as error:
            print(f"briscola show: error: {svg}: {error.strerror or error}", file=err)
            return 2
    return 0


class TrickPictures:
    """Writes an SVG picture into a directory after each trick: the hook of
    ``demo --svg-dir`` and ``play --svg-dir``.

    Files are ``trick-01.svg``, ``trick-02.svg``... for a deal, and
    ``deal-1-trick-01.svg``... for a match; each shows the table once the
    trick is taken (the trick appears as the last trick, with who took it)
    and the last one the result. With ``seat``, the pictures show only
    what that seat may see (so ``play`` never shows the bots' cards).
    ``names`` is the ``--names`` style: the French styles draw French
    faces, a language names the cards in each card's ``<desc>``.

    >>> import briscola, tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pictures = TrickPictures(folder, seat=0)
    >>> state = briscola.new_game(briscola.preset("italian-2p"), seed=3)
    >>> for _ in range(4):
    ...     action = briscola.legal_actions(state)[0]
    ...     before, state = state, briscola.apply(state, action)
    ...     pictures.deal(before, before.to_move, action, state)
    >>> sorted(path.name for path in folder.iterdir())
    ['trick-01.svg', 'trick-02.svg']
    """

    def __init__(self, directory: str | Path, seat: int | None = None, names: str = "en") -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.seat = seat
        self.language: _names.Language = "en"
        self.faces: _svg.Faces = "italian"
        if names in ("french", "french-ten-for-three"):
            self.faces = cast(_svg.Faces, names)
        elif names in _names.LANGUAGES:
            self.language = names
        self.tricks = 0
        self.deals = 0
        self.in_match = False

    def deal(self, before: GameState, seat: int | None, action: Action, after: GameState) -> None:
        """The hook for one action of a deal (``play_deal``'s ``on_action``)."""
        if not isinstance(action, Play) or after.trick or not before.trick:
            return
        self.tricks += 1
        name = f"trick-{self.tricks:02}.svg"
        if self.in_match:
            name = f"deal-{self.deals + 1}-{name}"
        picture = _svg.table(after, seat=self.seat, language=self.language, faces=self.faces)
        (self.directory / name).write_text(picture + "\n", encoding="utf-8")
        if after.is_over:
            self.tricks = 0
            self.deals += 1

    def match(
        self, before: MatchState, seat: int | None, action: Action, after: MatchState
    ) -> None:
        """The hook for one action of a match (``play_match``'s ``on_action``)."""
        self.in_match = True
        game = after.game
        if game.history[: len(before.game.history)] != before.game.history:
            game = apply(before.game, action)  # the deal just ended; the next is dealt
        self.deal(before.game, seat, action, game)
