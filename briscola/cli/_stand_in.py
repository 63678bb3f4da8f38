"""Bots that cannot play the rules as themselves: the learned bot without
weights for them plays as the heuristic bot. The command line says so in
one plain line and names the bot that played in its tables."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .. import bots as _bots
from .._rules import Rules
from ..bots._tournament import Entrant


@attrs.frozen
class StandIns:
    """The line-up as it plays: each entrant, or the bot that plays in its
    place, with a label for tables and a note per bot that stands in."""

    entrants: tuple[Entrant, ...]
    """What plays: the entrants, the heuristic bot in place of a learned
    bot without weights for the rules."""
    labels: tuple[str, ...]
    """How tables name each entrant: its name, or ``"learned (heuristic:
    no weights)"``."""
    notes: tuple[str, ...]
    """One line per entrant that does not play as itself (once per name)."""


def stand_ins(rules: Rules, entrants: Sequence[Entrant], title: str) -> StandIns:
    """The line-up that plays ``rules`` (named ``title`` in messages).

    A :class:`~briscola.bots.LearnedBot` plays rules it has no weights for
    as :class:`~briscola.bots.HeuristicBot` (it tells so with a Python
    warning when it is asked to move): the heuristic bot plays in its place
    from the start, which gives the same moves and no warning.

    Args:
        rules: The rules to play.
        entrants: :func:`~briscola.bots.make_bot` names or bots.
        title: The rules' name (a preset's or a file's).

    Returns:
        The entrants that play, their labels and the notes to print.

    Raises:
        ValueError: If a name is not a bot's.

    >>> from briscola import preset
    >>> line_up = stand_ins(preset("split-4p"), ["heuristic", "learned"], "split-4p")
    >>> line_up.entrants
    ('heuristic', 'heuristic')
    >>> line_up.labels
    ('heuristic', 'learned (heuristic: no weights)')
    >>> line_up.notes
    ('learned has no weights for split-4p: it plays as heuristic',)
    """
    played: list[Entrant] = []
    labels: list[str] = []
    notes: list[str] = []
    for entrant in entrants:
        bot = _bots.make_bot(entrant) if isinstance(entrant, str) else entrant
        label = entrant.strip() if isinstance(entrant, str) else repr(entrant)
        if isinstance(bot, _bots.LearnedBot) and not bot.has_weights(rules):
            note = f"{label} has no weights for {title}: it plays as heuristic"
            if note not in notes:
                notes.append(note)
            played.append("heuristic")
            labels.append(f"{label} (heuristic: no weights)")
        else:
            played.append(entrant)
            labels.append(label)
    return StandIns(tuple(played), tuple(labels), tuple(notes))
