"""SVG pictures of the card table: :func:`table`.

A deal is drawn from above: the seats around an oval table, the viewer's
seat at the bottom, each with its hand (face up where the viewer may see
the cards, face down elsewhere), its pile and the points in it; the trick
in progress in the middle, each card pushed towards the seat that played
it; the stock with the face-up trump card under it; the last trick, the
auction and the call, and at the end the result. The legal moves are
outlined only in the omniscient picture and in the mover's own view: from
any other seat they would reveal cards in the mover's hand.

The card faces are drawn by this module (no image files): the four
Italian suits (coins, cups, swords, clubs) with their pips and figures,
indices 1 to 10 as on Italian packs, or French-suited faces (diamonds,
hearts, spades, clubs) with the indices of :mod:`briscola.names`.

Every face-up card is an SVG group with a ``<title>`` holding its English
name, exactly ``str(card)``, for screen readers; when the picture names
cards otherwise (another language, a French-suited face) the displayed
name is in the group's ``<desc>``. Face-down cards carry no name.

>>> import briscola
>>> from briscola import svg
>>> state = briscola.new_game(briscola.preset("italian-2p"), seed=5)
>>> picture = svg.table(state, seat=1)
>>> picture.startswith("<svg") and "<title>ace of swords</title>" in picture
True
>>> "<title>four of swords</title>" in picture  # seat 0's card: face down
False
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Literal
from xml.sax.saxutils import escape

from . import names as _names
from ._actions import Play, SwapTrump
from ._cards import Card, Rank, Suit
from ._picture import Drawable, View, auction_text, moves_text, talk_text, view_of
from ._state import Phase

__all__ = ["table", "Faces"]

Faces = Literal["italian", "french", "french-ten-for-three"]
"""The card faces :func:`table` draws: Italian suits, or French suits with
the ``"drop-8-9-10"`` or ``"ten-for-three"`` indices of
:func:`briscola.names.french_rank`.

>>> import typing
>>> typing.get_args(Faces)
('italian', 'french', 'french-ten-for-three')
"""

_FACES: tuple[str, ...] = ("italian", "french", "french-ten-for-three")

# The drawing's own coordinates; ``size`` scales them.
_WIDTH, _HEIGHT = 1000, 900
_CENTRE = (500.0, 500.0)
_RADII = (340.0, 285.0)
_CARD_W, _CARD_H = 56.0, 88.0
_INK = "#222"
_FELT = "#2e6b3f"
_GOLD = "#f2c14e"


def table(
    obj: Drawable,
    *,
    seat: int | None = None,
    size: int = 800,
    language: _names.Language = "en",
    faces: Faces = "italian",
) -> str:
    """An SVG picture of a deal, an observation or a match's deal.

    Args:
        obj: A :class:`~briscola.GameState`, an
            :class:`~briscola.Observation` or a
            :class:`~briscola.MatchState` (its deal in progress, with the
            match totals).
        seat: Draw what this seat may see (through
            :func:`~briscola.observe`), from its place at the bottom.
            ``None`` draws every card of a state (seat 0 at the bottom);
            an observation is always drawn as its own seat sees it.
        size: The picture's width in pixels (its height is nine tenths of
            it); the drawing scales.
        language: How the ``<desc>`` of each face-up card names it: one of
            :data:`briscola.names.LANGUAGES` (the ``<title>`` is always
            ``str(card)``).
        faces: ``"italian"`` suits, or ``"french"`` /
            ``"french-ten-for-three"`` faces; then the ``<desc>`` gives
            the French-suited name.

    Returns:
        A standalone SVG document (``<svg>`` element, no XML declaration),
        ready to write to a file or to put inside HTML.

    Raises:
        ValueError: If ``seat`` is not a seat of the rules or differs from
            an observation's seat, or an option is unknown.
        TypeError: If ``obj`` is not a deal, an observation or a match.

    >>> import briscola
    >>> from briscola.svg import table
    >>> state = briscola.new_game(briscola.preset("italian-4p"), seed=2)
    >>> picture = table(state, size=600, language="it")
    >>> picture.count("<title>") - 1 == 4 * 3 + 1  # 12 hands' cards, the trump card
    True
    >>> "<desc>" in picture
    True
    >>> table(state, faces="round")
    Traceback (most recent call last):
    ...
    ValueError: unknown faces 'round'; known: italian, french, french-ten-for-three
    """
    if faces not in _FACES:
        raise ValueError(f"unknown faces {faces!r}; known: {', '.join(_FACES)}")
    _names.card_name(Card(Suit.COINS, Rank.ACE), language)  # checks the language
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        raise ValueError(f"size must be a positive int, not {size!r}")
    view = view_of(obj, seat)
    if seat is not None and not 0 <= seat < view.rules.players:
        raise ValueError(f"seat must be a seat from 0 to {view.rules.players - 1}, not {seat}")
    return _Picture(view, size, language, faces).draw()


class _Picture:
    """One drawing in progress: its parts accumulate in :attr:`parts`."""

    def __init__(self, view: View, size: int, language: _names.Language, faces: Faces) -> None:
        self.view = view
        self.size = size
        self.faces = faces
        self.parts: list[str] = []
        self.name: Callable[[Card], str]
        self.index: Callable[[Rank], str] = _names.french_rank
        if faces == "italian":
            self.name = lambda card: _names.card_name(card, language)
        else:
            mapping: _names.FrenchMapping = "drop-8-9-10" if faces == "french" else "ten-for-three"
            self.name = lambda card: _names.french_name(card, mapping)
            self.index = lambda rank: _names.french_rank(rank, mapping)
        legal = view.legal
        self.playable = {a.card for a in legal if isinstance(a, Play)}
        self.swappable = {a.card for a in legal if isinstance(a, SwapTrump)}

    # -- the whole ------------------------------------------------------------

    def draw(self) -> str:
        view = self.view
        n = view.rules.players
        bottom = view.viewer if view.viewer is not None else 0
        who = "everything" if view.viewer is None else f"what seat {view.viewer} sees"
        height = self.size * _HEIGHT // _WIDTH
        self.add(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.size}" '
            f'height="{height}" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
            f'font-family="DejaVu Sans, Verdana, sans-serif">'
        )
        self.add(f"<title>Briscola table, {n} seats: {escape(who)}</title>")
        self.add(_DEFS)
        self.add(f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="#f4efe4"/>')
        cx, cy = _CENTRE
        rx, ry = _RADII
        self.add(
            f'<ellipse cx="{cx}" cy="{cy}" rx="{rx - 70}" ry="{ry - 70}" fill="{_FELT}" '
            'stroke="#6b4f2a" stroke-width="14"/>'
        )
        step = 360.0 / n * (1 if view.rules.clockwise else -1)
        places = {}
        for seat in range(n):
            angle = math.radians(90.0 + step * ((seat - bottom) % n))
            places[seat] = (cx + rx * math.cos(angle), cy + ry * math.sin(angle))
        for seat in range(n):
            self.seat(seat, *places[seat])
        self.trick(places)
        self.stock()
        self.info()
        self.last_trick()
        if view.outcome is not None:
            self.result()
        self.add("</svg>")
        return "\n".join(self.parts)

    def add(self, text: str) -> None:
        self.parts.append(text)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        *,
        size: int = 16,
        anchor: str = "start",
        fill: str = _INK,
        weight: str = "normal",
        halo: bool = False,
    ) -> None:
        # a halo keeps a label readable where it crosses the table's rim
        ring = ' stroke="#f4efe4" stroke-width="4" paint-order="stroke"' if halo else ""
        self.add(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{_attr(anchor)}" '
            f'fill="{_attr(fill)}" font-weight="{_attr(weight)}"{ring}>{escape(words)}</text>'
        )

    # -- cards ----------------------------------------------------------------

    def card(
        self, card: Card | None, x: float, y: float, scale: float = 1.0, mark: str | None = None
    ) -> None:
        """A card with its top left corner at ``(x, y)``: face up, or face
        down when ``card`` is ``None``; ``mark`` outlines a legal move."""
        w, h = _CARD_W, _CARD_H
        transform = f'transform="translate({x:.1f},{y:.1f}) scale({scale})"'
        if card is None:
            self.add(
                f'<g class="card face-down" {transform}>'
                f'<rect width="{w}" height="{h}" rx="5" fill="url(#briscola-back)" '
                f'stroke="{_INK}" stroke-width="1.5"/>'
                f'<rect x="5" y="5" width="{w - 10}" height="{h - 10}" rx="3" fill="none" '
                'stroke="#f4efe4" stroke-width="1.2"/></g>'
            )
            return
        english = str(card)
        shown = self.name(card)
        label = f"<title>{escape(english)}</title>"
        if shown != english:
            label += f"<desc>{escape(shown)}</desc>"
        # "play" and "exchange" outline legal moves; "target" the face-up
        # trump card an exchange would take
        classes = "card face-up" + {None: "", "target": " exchange-target"}.get(
            mark, f" legal {mark}"
        )
        self.add(f'<g class="{_attr(classes)}" {transform}>{label}')
        self.add(
            f'<rect width="{w}" height="{h}" rx="5" fill="#fffdf7" stroke="{_INK}" '
            'stroke-width="1.5"/>'
        )
        if self.faces == "italian":
            self.italian_face(card)
        else:
            self.french_face(card)
        if mark:
            dash = ' stroke-dasharray="6 3"' if mark != "play" else ""
            self.add(
                f'<rect x="-3" y="-3" width="{w + 6}" height="{h + 6}" rx="7" fill="none" '
                f'stroke="{"#1d8a7a" if mark == "play" else "#e8702a"}" stroke-width="4"{dash}/>'
            )
        self.add("</g>")

    def pip(self, suit: Suit, x: float, y: float, size: float) -> None:
        self.add(
            f'<use href="#briscola-{_attr(self.faces[:6])}-{_attr(suit.name.lower())}" '
            f'x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}"/>'
        )

    def italian_face(self, card: Card) -> None:
        number = card.rank.value + 1
        colour = _SUIT_COLOURS[card.suit]
        self.text(5, 16, str(number), size=14, fill=colour, weight="bold")
        self.text(
            _CARD_W - 5, _CARD_H - 6, str(number), size=14, anchor="end", fill=colour, weight="bold"
        )
        if card.rank in _FIGURES:
            self.figure(card.suit, card.rank)
        elif number == 1:
            self.pip(card.suit, _CARD_W / 2, _CARD_H / 2, 34)
        else:
            for px, py in _PIPS[number]:
                self.pip(card.suit, px, py, 15)

    def french_face(self, card: Card) -> None:
        index = self.index(card.rank)
        colour = "#c0392b" if card.suit in (Suit.COINS, Suit.CUPS) else _INK
        self.text(5, 17, index, size=15, fill=colour, weight="bold")
        self.pip(card.suit, 12, 27, 12)
        self.text(
            _CARD_W - 5, _CARD_H - 6, index, size=15, anchor="end", fill=colour, weight="bold"
        )
        if card.rank in _FIGURES:
            self.figure(card.suit, card.rank)
        else:
            self.pip(card.suit, _CARD_W / 2, _CARD_H / 2 + 2, 30)

    def figure(self, suit: Suit, rank: Rank) -> None:
        """A jack, knight or king: a standing figure holding its suit."""
        robe = {Rank.JACK: "#3b6fb6", Rank.KNIGHT: "#8e44ad", Rank.KING: "#c0392b"}[rank]
        self.add(
            f'<circle cx="28" cy="30" r="7" fill="#f1c9a5" stroke="{_INK}"/>'
            f'<path d="M17,70 L21,40 L35,40 L39,70 Z" fill="{robe}" stroke="{_INK}"/>'
        )
        if rank is Rank.KING:
            self.add(
                f'<path d="M21,24 L23,17 L26,22 L28,15 L30,22 L33,17 L35,24 Z" '
                f'fill="{_GOLD}" stroke="{_INK}" stroke-width="0.8"/>'
            )
        elif rank is Rank.KNIGHT:
            self.add(
                f'<path d="M12,74 Q28,62 44,74 L44,78 L12,78 Z" fill="#7a5230" '
                f'stroke="{_INK}" stroke-width="0.8"/>'
            )
        self.pip(suit, 40, 48, 14)

    # -- seats ------------------------------------------------------------------

    def seat(self, seat: int, x: float, y: float) -> None:
        view = self.view
        known = view.hands[seat]
        cards: list[Card | None] = list(known) + [None] * (view.hand_sizes[seat] - len(known))
        count = len(cards)
        step = min(_CARD_W + 6, 180 / max(count - 1, 1))
        width = _CARD_W + step * (count - 1) if count else _CARD_W
        left, top = x - width / 2, y - _CARD_H / 2
        if seat == view.to_move:
            self.add(
                f'<rect x="{left - 10:.1f}" y="{top - 10:.1f}" width="{width + 20:.1f}" '
                f'height="{_CARD_H + 20:.1f}" rx="10" fill="{_GOLD}" fill-opacity="0.35" '
                f'stroke="{_GOLD}" stroke-width="3"/>'
            )
        if not count:
            self.add(
                f'<rect x="{left:.1f}" y="{top:.1f}" width="{_CARD_W}" height="{_CARD_H}" '
                'rx="5" fill="none" stroke="#999" stroke-dasharray="4 3"/>'
            )
        for i, card in enumerate(cards):
            # an open exchange says more than a play: any card may be played
            mark = None
            if card is not None and card in self.swappable:
                mark = "exchange"
            elif card is not None and card in self.playable:
                mark = "play"
            self.card(card, left + i * step, top, mark=mark)
        # the pile, face down, beside the hand
        if view.tricks_won[seat] or view.piles[seat]:
            pile_x = left + width + 16
            self.card(None, pile_x, top + 22, scale=0.5)
            self.card(None, pile_x + 3, top + 19, scale=0.5)
        words = f"Seat {seat}"
        if seat == view.viewer:
            words += " (you)"
        if seat == view.dealer:
            words += " · dealer"
        side_of = view.side_of
        if seat in side_of:
            words += f" · side {'ABC'[side_of[seat]]}"
        contract = view.contract
        if contract is not None and seat == contract.declarer and view.phase is not Phase.BIDDING:
            words += " · declarer"
        elif contract is not None and seat == contract.partner:
            words += " · partner"
        won = view.tricks_won[seat]
        points = view.pile_points[seat]
        score = f"{won} trick{'s' * (won != 1)}, {points} point{'s' * (points != 1)}"
        partner = view.viewer is not None and side_of.get(seat, -1) == side_of.get(view.viewer)
        if count and len(known) == count and partner and seat != view.viewer:
            score += " · hand shown"
        label_y = top + _CARD_H + 24 if y >= _CENTRE[1] - 200 else top - 30
        weight = "bold" if seat == view.to_move else "normal"
        self.text(
            x,
            label_y,
            words + (" · to move" if seat == view.to_move else ""),
            size=15,
            anchor="middle",
            weight=weight,
            halo=True,
        )
        self.text(x, label_y + 17, score, size=13, anchor="middle", fill="#444", halo=True)

    # -- the middle -------------------------------------------------------------

    def trick(self, places: dict[int, tuple[float, float]]) -> None:
        cx, cy = _CENTRE
        played: dict[int, int] = {}
        for seat, card in self.view.trick:
            # a seat's second card of a dupla trick lies beside its first
            again = played.get(seat, 0)
            played[seat] = again + 1
            px, py = places[seat]
            x = cx + 0.36 * (px - cx) - _CARD_W / 2 + 30 * again
            y = cy + 0.36 * (py - cy) - _CARD_H / 2 + 12 * again
            self.card(card, x, y)
            self.add(f'<circle cx="{x + _CARD_W:.1f}" cy="{y:.1f}" r="11" fill="{_INK}"/>')
            self.text(
                x + _CARD_W, y + 5, str(seat), size=13, anchor="middle", fill="#fff", weight="bold"
            )

    def stock(self) -> None:
        view = self.view
        x, y = 30.0, 760.0
        if view.phase is Phase.CUT_OR_KNOCK:
            # the shuffled pack waits in the middle for the cut or the knock
            x, y = _CENTRE[0] - _CARD_W / 2, _CENTRE[1] - _CARD_H / 2
        if view.trump_card is not None:
            # the trump card lies across, under the stock
            self.add(f'<g transform="translate({x + 128:.1f},{y + 16:.1f}) rotate(90)">')
            swap = "target" if self.swappable else None
            self.card(view.trump_card, 0, 0, mark=swap)
            self.add("</g>")
        if view.stock_size:
            for i in range(min(3, view.stock_size)):
                self.card(None, x + 2 * i, y - 2 * i)
        if view.phase is Phase.CUT_OR_KNOCK:
            self.text(
                _CENTRE[0],
                y + _CARD_H + 30,
                f"the pack: {view.stock_size} cards",
                size=15,
                anchor="middle",
                fill="#fff",
            )
            return
        words = f"stock: {view.stock_size}" if view.stock_size else "no stock"
        self.text(x, y + _CARD_H + 30, words, size=15)
        if view.trump is not None:
            self.text(x + 100, y + _CARD_H + 30, "trump:", size=15)
            self.pip(view.trump, x + 162, y + _CARD_H + 24, 20)

    def info(self) -> None:
        view = self.view
        lines = [view.phase_words.capitalize()]
        if view.viewer is not None:
            lines.append(f"as seat {view.viewer} sees it")
        if view.match_totals is not None and view.match_results is not None:
            lines.append(f"match totals: {' '.join(map(str, view.match_totals))}")
        if view.rules.teams is not None and view.outcome is None:
            points = view.pile_points
            lines.append(
                "; ".join(
                    f"side {'ABC'[i]}: {sum(points[s] for s in side)} points"
                    for i, side in enumerate(view.rules.teams)
                )
            )
        auction = auction_text(view)
        if auction is not None:
            lines.append(f"auction: {auction}")
        talk = talk_text(view)
        if talk is not None:
            lines.append(f"talk: {talk}")
        if view.legal and (view.viewer is None or view.viewer == view.to_move):
            moves = moves_text(view.legal)
            if moves:
                lines.append(f"seat {view.to_move} may: {', '.join(moves)}")
        for i, line in enumerate(lines[:5]):
            self.text(20, 26 + 20 * i, line, size=16, weight="bold" if i == 0 else "normal")
        contract = view.contract
        if contract is not None and contract.called_card is not None:
            self.text(440, 30, "called:", size=15)
            self.card(contract.called_card, 500, 12, scale=0.6)

    def last_trick(self) -> None:
        view = self.view
        if not view.last_trick or view.trick:
            return
        scale = 0.5
        x = _WIDTH - 20 - len(view.last_trick) * (_CARD_W * scale + 4)
        self.text(x - 8, 36, "last trick:", size=14, anchor="end")
        self.text(x - 8, 54, f"seat {view.last_taker} took it", size=14, anchor="end")
        for i, (seat, card) in enumerate(view.last_trick):
            left = x + i * (_CARD_W * scale + 4)
            self.card(card, left, 10, scale=scale)
            self.text(
                left + _CARD_W * scale / 2,
                10 + _CARD_H * scale + 14,
                str(seat),
                size=12,
                anchor="middle",
            )

    def result(self) -> None:
        result = self.view.outcome
        assert result is not None
        lines = []
        for side, points in zip(result.sides, result.points):
            seats = "+".join(map(str, side))
            lines.append(f"seat{'s' * (len(side) > 1)} {seats}: {points} points")
        if result.winners:
            lines.append(
                "won by seat"
                + "s" * (len(result.winners) > 1)
                + " "
                + ", ".join(map(str, result.winners))
            )
        else:
            lines.append("no winner")
        cx, cy = _CENTRE
        height = 50 + 22 * len(lines)
        self.add(
            f'<rect x="{cx - 150}" y="{cy - height / 2:.1f}" width="300" height="{height}" '
            'rx="10" fill="#fffdf7" fill-opacity="0.93" stroke="#6b4f2a" stroke-width="2"/>'
        )
        self.text(cx, cy - height / 2 + 26, "Result", size=18, anchor="middle", weight="bold")
        for i, line in enumerate(lines):
            self.text(cx, cy - height / 2 + 50 + 22 * i, line, size=15, anchor="middle")


def _attr(value: object) -> str:
    """``value`` as the text of a quoted attribute: ``&``, ``<``, ``>`` and
    both quotes escaped."""
    return escape(str(value), {'"': "&quot;", "'": "&apos;"})


_SUIT_COLOURS = {
    Suit.COINS: "#b8860b",
    Suit.CUPS: "#c0392b",
    Suit.SWORDS: "#2c5d8a",
    Suit.CLUBS: "#2f6b2f",
}
_FIGURES = (Rank.JACK, Rank.KNIGHT, Rank.KING)
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((28, 26), (28, 62)),
    3: ((28, 20), (28, 44), (28, 68)),
    4: ((18, 26), (38, 26), (18, 62), (38, 62)),
    5: ((18, 24), (38, 24), (28, 44), (18, 64), (38, 64)),
    6: ((18, 20), (38, 20), (18, 44), (38, 44), (18, 68), (38, 68)),
    7: ((18, 20), (38, 20), (28, 32), (18, 44), (38, 44), (18, 68), (38, 68)),
}

# Suit symbols in a 20 x 20 box centred on 0, and the pattern of the backs.
_ITALIAN = {
    "coins": (
        '<circle r="9" fill="#e8b923" stroke="#8a6d00" stroke-width="1.2"/>'
        '<circle r="5.5" fill="none" stroke="#8a6d00" stroke-width="1"/>'
        '<circle r="2" fill="#c0392b"/>'
    ),
    "cups": (
        '<path d="M-7,-8 L7,-8 Q7,1 0,2 Q-7,1 -7,-8 Z" fill="#c0392b" stroke="#6e1f17"/>'
        '<rect x="-1.2" y="2" width="2.4" height="4.5" fill="#e8b923"/>'
        '<ellipse cy="7.5" rx="5" ry="1.8" fill="#e8b923" stroke="#8a6d00" stroke-width="0.6"/>'
    ),
    "swords": (
        '<path d="M0,-10 L1.8,-7 L1.8,3.5 L-1.8,3.5 L-1.8,-7 Z" fill="#9fb7cf" stroke="#2c5d8a"/>'
        '<rect x="-5.5" y="3.5" width="11" height="2" rx="0.8" fill="#b8860b"/>'
        '<rect x="-1" y="5.5" width="2" height="3" fill="#6b4226"/>'
        '<circle cy="9.3" r="1.2" fill="#b8860b"/>'
    ),
    "clubs": (
        '<path d="M-1.6,9.5 L1.6,9.5 L4,-6 Q0,-11.5 -4,-6 Z" fill="#5a8f3a" stroke="#2f4f1f"/>'
        '<circle cx="-2.6" cy="-2" r="1.1" fill="#2f4f1f"/>'
        '<circle cx="2.4" cy="2" r="1.1" fill="#2f4f1f"/>'
    ),
}
_FRENCH = {
    "coins": '<path d="M0,-9.5 L7,0 L0,9.5 L-7,0 Z" fill="#c0392b"/>',
    "cups": '<path d="M0,8.5 L-8,-0.5 A4.3,4.3 0 0 1 0,-5.5 A4.3,4.3 0 0 1 8,-0.5 Z" '
    'fill="#c0392b"/>',
    "swords": '<path d="M0,-9 L-8,0.5 A4.3,4.3 0 0 0 -1,4.5 L-3,9 L3,9 L1,4.5 '
    'A4.3,4.3 0 0 0 8,0.5 Z" fill="#222"/>',
    "clubs": '<circle cy="-4.5" r="4.2" fill="#222"/><circle cx="-4.7" cy="2" r="4.2" fill="#222"/>'
    '<circle cx="4.7" cy="2" r="4.2" fill="#222"/><path d="M-1,1 L1,1 L3,9 L-3,9 Z" fill="#222"/>',
}
_DEFS = (
    "<defs>"
    '<pattern id="briscola-back" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="8" height="8" fill="#1f4e79"/>'
    '<rect width="4" height="8" fill="#2a6499"/></pattern>'
    + "".join(
        f'<symbol id="briscola-italia-{name}" viewBox="-10 -10 20 20">{shape}</symbol>'
        for name, shape in _ITALIAN.items()
    )
    + "".join(
        f'<symbol id="briscola-french-{name}" viewBox="-10 -10 20 20">{shape}</symbol>'
        for name, shape in _FRENCH.items()
    )
    + "</defs>"
)
