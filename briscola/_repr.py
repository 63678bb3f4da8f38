"""The short representations: what a REPL shows of the rules, a deal, an
observation and a match (``repr``), and the HTML a notebook shows of them
(``_repr_html_``).

``str()`` prints the whole table (:func:`~briscola.text`); ``repr()`` says
in one line what the object is: the preset, the trick, the seat to move,
the points so far. A :class:`~briscola.Rules` repr is Python that builds
equal rules, as python-chess's ``Board('...')`` is; a deal's cannot be
(it would need the pack and the history), so it is a ``<...>`` summary.
Nothing here runs when an object is built.
"""

from __future__ import annotations

import enum
import functools
import html
from collections.abc import Mapping

import attrs

from ._match import MatchState, match_outcome
from ._observe import Observation
from ._picture import Drawable, View, view_of
from ._rules import MatchFormat, Rules
from ._state import Outcome, Phase
from .names import french_symbol

__all__ = [
    "rules_repr",
    "rules_label",
    "drawn_repr",
    "drawn_html",
]

# A label names at most this many fields that differ from its preset.
_LABEL_FIELDS = 2


@functools.cache
def _names() -> Mapping[Rules, str]:
    """Each preset's rules to its name (the first name, should two agree)."""
    from ._presets import PRESETS

    names: dict[Rules, str] = {}
    for name, rules in PRESETS.items():
        names.setdefault(rules, name)
    return names


def _python(value: object) -> str:
    """``value`` as Python source: enum members as ``Class.MEMBER``,
    tuples of them as tuples."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple):
        items = [_python(item) for item in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    return repr(value)


def _differences(rules: Rules, base: Rules) -> list[tuple[str, object]]:
    """The fields of ``rules`` that differ from ``base``, in field order."""
    return [
        (field.name, getattr(rules, field.name))
        for field in attrs.fields(Rules)
        if getattr(rules, field.name) != getattr(base, field.name)
    ]


def _nearest(rules: Rules) -> tuple[str | None, list[tuple[str, object]]]:
    """The preset closest to ``rules`` (``None`` for the defaults, when no
    preset is closer) and the fields that differ from it."""
    best: tuple[str | None, list[tuple[str, object]]] = (None, _differences(rules, Rules()))
    for base, name in _names().items():
        changes = _differences(rules, base)
        if len(changes) < len(best[1]):
            best = (name, changes)
    return best


def _arguments(changes: list[tuple[str, object]]) -> str:
    return ", ".join(f"{name}={_python(value)}" for name, value in changes)


def rules_repr(rules: Rules) -> str:
    """Python that builds ``rules``: ``preset('...')`` for a preset's rules,
    else the fields that differ from the closest preset (or from the
    defaults), with the names :mod:`briscola` and :mod:`attrs` export.

    >>> from briscola import Rules, preset
    >>> rules_repr(preset("italian-3p"))
    "preset('italian-3p')"
    >>> rules_repr(Rules(hand_size=4))
    'Rules(hand_size=4)'
    >>> rules_repr(attrs.evolve(preset("split-4p"), match_target=2))
    "attrs.evolve(preset('split-4p'), match_target=2)"
    """
    name = _names().get(rules)
    if name is not None:
        return f"preset({name!r})"
    base, changes = _nearest(rules)
    if base is None:
        return f"Rules({_arguments(changes)})"
    return f"attrs.evolve(preset({base!r}), {_arguments(changes)})"


def rules_label(rules: Rules) -> str:
    """A few words naming ``rules``: the preset's name, the closest preset
    with the fields that differ (two at most), else ``"custom rules"``.

    >>> from briscola import preset
    >>> rules_label(attrs.evolve(preset("italian-2p"), hand_size=5))
    'italian-2p with hand_size=5'
    """
    name = _names().get(rules)
    if name is not None:
        return name
    base, changes = _nearest(rules)
    if len(changes) > _LABEL_FIELDS:
        return "custom rules"
    return f"{base or 'italian-2p'} with {_arguments(changes)}"


def _seats(seats: tuple[int, ...]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats))


def _result(result: Outcome) -> str:
    """Who won a deal or a match."""
    if result.winners:
        return f"{_seats(result.winners)} won"
    return "void" if not result.sides else "a tie"


def _dashes(values: tuple[int, ...]) -> str:
    return "-".join(map(str, values))


def _deal_words(view: View) -> list[str]:
    """The deal's phase, the seat to move and the points, in words."""
    rules = view.rules
    if view.outcome is not None:
        result = view.outcome
        if not result.sides:
            return ["over: every seat passed"]
        words = [f"over after {sum(view.tricks_won)} tricks"]
        if view.contract is not None and view.contract.bid is not None:
            words.append(f"contract {view.contract.bid.points} by seat {view.contract.declarer}")
        return [*words, f"points {_dashes(result.points)}", _result(result)]
    side_points = tuple(sum(view.pile_points[seat] for seat in side) for side in rules.sides)
    if view.phase is Phase.CUT_OR_KNOCK:
        return [f"seat {view.to_move} to cut or knock"]
    if view.phase is Phase.BIDDING:
        contract = view.contract
        words = [f"auction, seat {view.to_move} to bid"]
        if contract is not None and contract.bid is not None:
            words.append(f"high bid {contract.bid.points} by seat {contract.declarer}")
        return words
    if view.phase is Phase.CALLING:
        return [f"seat {view.to_move} to call a card"]
    trick = sum(view.tricks_won) + 1
    return [
        f"trick {trick} of {rules.tricks}",
        f"seat {view.to_move} to move",
        f"points {_dashes(side_points)}",
    ]


def _match_format(rules: Rules) -> str:
    target = rules.match_target
    return {
        MatchFormat.SINGLE: "one deal",
        MatchFormat.FIRST_TO: f"first to {target}",
        MatchFormat.BEST_OF: f"best of {target}",
        MatchFormat.POINTS_TARGET: f"to {target} points",
    }[rules.match]


def drawn_repr(obj: Drawable) -> str:
    """The one-line summary of a deal, an observation or a match.

    >>> import briscola
    >>> state = briscola.new_game(briscola.preset("italian-2p"), seed=5)
    >>> drawn_repr(state)
    '<GameState italian-2p: trick 1 of 20, seat 0 to move, points 0-0>'
    >>> drawn_repr(briscola.observe(state, 1))
    '<Observation italian-2p, seat 1: trick 1 of 20, seat 0 to move, points 0-0, hand 5♠ K♥ A♠>'
    """
    kind = type(obj).__name__
    label = rules_label(obj.rules)
    if isinstance(obj, MatchState):
        by_points = obj.rules.match is MatchFormat.POINTS_TARGET
        totals = obj.totals if by_points else obj.wins
        side_totals = tuple(max(totals[seat] for seat in side) for side in obj.rules.sides)
        standing = f"{'totals' if by_points else 'wins'} {_dashes(side_totals)}"
        head = f"<{kind} {label}, {_match_format(obj.rules)}:"
        result = match_outcome(obj)
        if result is not None:
            return f"{head} over after {len(obj.results)} deals, {standing}, {_result(result)}>"
        deal = ", ".join(_deal_words(view_of(obj.game)))
        return f"{head} deal {len(obj.results) + 1}, {standing}, {deal}>"
    words = _deal_words(view_of(obj))
    if isinstance(obj, Observation):
        if obj.hand:
            words.append("hand " + " ".join(map(french_symbol, obj.hand)))
        return f"<{kind} {label}, seat {obj.seat}: {', '.join(words)}>"
    return f"<{kind} {label}: {', '.join(words)}>"


def _table(head: list[str], rows: list[list[str]]) -> str:
    """An HTML table, every cell escaped."""

    def cells(tag: str, row: list[str]) -> str:
        return "".join(f"<{tag}>{html.escape(cell)}</{tag}>" for cell in row)

    body = "".join(f"<tr>{cells('td', row)}</tr>" for row in rows)
    return f"<table><thead><tr>{cells('th', head)}</tr></thead><tbody>{body}</tbody></table>"


def _seat_rows(view: View) -> list[list[str]]:
    rows = []
    for seat in range(view.rules.players):
        known = " ".join(map(french_symbol, view.hands[seat]))
        hidden = view.hand_sizes[seat] - len(view.hands[seat])
        hand = " ".join(filter(None, (known, f"{hidden} unseen" if hidden else "")))
        marks = "".join(
            (" (you)" if seat == view.viewer else "", " to move" if seat == view.to_move else "")
        )
        rows.append(
            [
                f"seat {seat}{marks}",
                hand or "none",
                str(view.tricks_won[seat]),
                str(view.pile_points[seat]),
            ]
        )
    return rows


def _result_rows(rules: Rules, results: tuple[Outcome, ...]) -> list[list[str]]:
    rows = []
    for number, result in enumerate(results, 1):
        points = _dashes(result.points) if result.sides else "every seat passed"
        rows.append([str(number), points, _result(result), _dashes(result.scores)])
    return rows


def drawn_html(obj: Drawable) -> str:
    """What a notebook shows of a deal, an observation or a match: the
    one-line summary, the picture (:func:`briscola.svg.table`) and a table
    (the seats' hands, tricks and points; a match's results deal by deal).

    >>> import briscola
    >>> match = briscola.new_match(briscola.preset("split-2p"), seed=3)
    >>> page = drawn_html(match)
    >>> page.startswith("<div"), "<svg" in page, "<table>" in page
    (True, True, True)
    """
    from .svg import table as picture

    parts = [f"<p><code>{html.escape(drawn_repr(obj))}</code></p>"]
    if isinstance(obj, MatchState):
        head = ["deal", "points", "result", "scores"]
        rows = _result_rows(obj.rules, obj.results)
        rows.append(["totals", "", "", _dashes(obj.totals)])
        parts.append(_table(head, rows))
    else:
        parts.append(_table(["seat", "hand", "tricks", "points"], _seat_rows(view_of(obj))))
    parts.append(picture(obj))
    return f'<div class="briscola">{"".join(parts)}</div>'
