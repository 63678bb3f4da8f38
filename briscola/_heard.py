"""What each side of a deal with table talk has heard and signed, kept
as the deal goes (internal).

With table talk a seat's view of the history leaves out the secret signs
the opponents made to each other (:func:`heard`), and a seat may say one
word and make one sign a turn (:func:`talk_this_turn`). Both are found
from the history, which grows with every action; so every state of a deal
with talk carries them ready, in a :data:`TalkRecord` that each transition
brings up to date (:func:`grown`) instead of walking the history again. The record is derived from the history: :func:`talk_record` builds
it from scratch, and states compare and hash without it.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from ._actions import SAYS, SIGNS, Action, Play, Say, Sign
from ._rules import Rules

__all__ = [
    "Heard",
    "SideView",
    "TalkRecord",
    "SAID",
    "SIGNED",
    "OPEN_TALK",
    "talk_this_turn",
    "partner_of",
    "heard",
    "talk_code",
    "talk_record",
    "grown",
    "side_heard",
]

Heard: TypeAlias = tuple[tuple[Action, ...], tuple[int, ...]]
"""A history and its actors as one side knows them."""

SideView: TypeAlias = tuple[int, tuple[Action, ...], tuple[int, ...]]
"""What one side has heard, as ``(start, seen, by)``: the history as the
side knows it is ``seen + history[start:]`` and its actors ``by +
actors[start:]``, where ``history[start - 1]`` is the last sign of the
other side (``start`` is 0 before any): nothing to store for the actions
every side sees, one copy for each sign only some see."""

TalkRecord: TypeAlias = tuple[int, tuple[SideView, ...]]
"""The talk of a deal so far: what the seat to move has used of its turn
(a :data:`SAID` and :data:`SIGNED` bit set), and per side, in the order of
:attr:`Rules.sides`, what it has heard (:data:`SideView`)."""

SAID: Final = 1
"""The record's bit for a word said this turn."""
SIGNED: Final = 2
"""The record's bit for a sign made this turn."""

OPEN_TALK: Final[tuple[tuple[Say | Sign, ...], ...]] = (
    SAYS + SIGNS,
    SIGNS,
    SAYS,
    (),
)
"""Per turn code of a :data:`TalkRecord`, the talk still allowed this
turn while the stock lasts: every word, then every sign, unless used."""


def talk_this_turn(history: tuple[Action, ...]) -> tuple[bool, bool]:
    """Whether the seat to move has already said a word, and made a sign,
    since the last card was played (the end of ``history`` is its turn)."""
    said = signed = False
    for action in reversed(history):
        kind = type(action)
        if kind is Play:
            break
        if kind is Say:
            said = True
        elif kind is Sign:
            signed = True
    return said, signed


def partner_of(rules: Rules, seat: int) -> int:
    """The other seat of ``seat``'s pair (rules with table talk have only
    pairs)."""
    for side in rules.sides:
        if seat in side:
            return side[0] if side[1] == seat else side[1]
    raise ValueError(f"seat {seat} has no side")  # pragma: no cover - every seat has one


def heard(rules: Rules, history: tuple[Action, ...], actors: tuple[int, ...], seat: int) -> Heard:
    """``history`` and ``actors`` as ``seat`` knows them: without the signs
    that the opponents made to each other, which it never saw happen."""
    if Sign not in map(type, history):
        return history, actors
    partner = partner_of(rules, seat)
    kept = [
        (action, actor)
        for action, actor in zip(history, actors)
        if type(action) is not Sign or actor == seat or actor == partner
    ]
    return tuple(a for a, _ in kept), tuple(s for _, s in kept)


def talk_code(history: tuple[Action, ...]) -> int:
    """The turn code of a :data:`TalkRecord` for ``history``."""
    said, signed = talk_this_turn(history)
    return (SAID if said else 0) | (SIGNED if signed else 0)


def talk_record(
    rules: Rules, history: tuple[Action, ...], actors: tuple[int, ...]
) -> TalkRecord | None:
    """The record of ``history`` from scratch; ``None`` without table
    talk."""
    if not rules.table_talk:
        return None
    views = []
    for side in rules.sides:
        hidden = [
            at
            for at, (action, actor) in enumerate(zip(history, actors))
            if type(action) is Sign and actor not in side
        ]
        start = hidden[-1] + 1 if hidden else 0
        seen, by = heard(rules, history[:start], actors[:start], side[0])
        views.append((start, seen, by))
    return talk_code(history), tuple(views)


def grown(
    record: TalkRecord | None,
    history: tuple[Action, ...],
    actors: tuple[int, ...],
    side_of: tuple[int, ...],
) -> TalkRecord | None:
    """``record`` once one more action has been taken: ``history`` and
    ``actors`` are the new state's, ending with the action and its seat;
    ``side_of`` gives each seat's side. (A card played only clears the
    turn code: the card-playing transitions do that inline.)"""
    if record is None:
        return None
    code, views = record
    kind = type(history[-1])
    if kind is Play:
        return record if code == 0 else (0, views)
    if kind is Say:
        return code | SAID, views
    if kind is not Sign:
        return record
    # A sign: the sides that did not see it now know the history as it was
    # before it, and from here on again every action that follows.
    mine = side_of[actors[-1]]
    end = len(history)
    if len(views) == 2:  # two pairs, the commonest table with talk
        first, second = views
        if mine == 0:
            start = second[0]
            return code | SIGNED, (
                first,
                (end, second[1] + history[start:-1], second[2] + actors[start:-1]),
            )
        start = first[0]
        return code | SIGNED, (
            (end, first[1] + history[start:-1], first[2] + actors[start:-1]),
            second,
        )
    return code | SIGNED, tuple(
        view
        if k == mine
        else (end, view[1] + history[view[0] : -1], view[2] + actors[view[0] : -1])
        for k, view in enumerate(views)
    )


def side_heard(view: SideView, history: tuple[Action, ...], actors: tuple[int, ...]) -> Heard:
    """The history and actors as the side of ``view`` knows them."""
    start, seen, by = view
    if start == len(seen):  # it has missed nothing
        return history, actors
    return seen + history[start:], by + actors[start:]
