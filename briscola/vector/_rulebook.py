"""The rules as the compiled kernels read them (internal): :class:`Rulebook`,
every rule decision of the scalar engine tabulated once per
:class:`~briscola.Rules` from the engine's own functions, with every
offset into the action and observation layouts taken from
:mod:`briscola.encoding`'s sections; and :func:`unsupported`.

Cards are their slot in the rules' pack (the ``play`` index of
:mod:`briscola.encoding`). The tables come from:

- who takes a trick, what a card is worth, who plays and who draws after
  a trick, whose pile a trick goes to: :func:`briscola._trick.table_for`
  (``beats``, ``points``, ``trick_orders``, ``drawers``, ``pile_of``,
  ``side_of``, ``partners``);
- which trump an exchange may give for the face-up card:
  ``Table.swap_gives`` (when, by :func:`briscola._play.why_no_swap`, is
  restated in :mod:`briscola.vector._exchange`);
- where the deal sends each position of the pack:
  :func:`briscola._layout.deal_layout`;
- which seat moves next in the auction, the ladder of bids and the cards
  each bid may call: :class:`briscola._auction.Ladder` and
  :func:`briscola._auction._new_round`; what a played contract scores:
  :func:`briscola._outcome.contract_outcome`;
- who sees a sign: :func:`briscola._heard.partner_of`;
- the relative seat order and the places of the sides in an observation:
  :func:`briscola._sections.seat_orders`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
from numba import types
from numpy.typing import NDArray

from .._actions import Signal, Word
from .._auction import Ladder, _new_round
from .._cards import Suit
from .._heard import partner_of
from .._layout import deal_layout
from .._outcome import contract_outcome
from .._rules import (
    DEAL_CUT,
    DEAL_CUT_OR_KNOCK,
    DEAL_KNOCK,
    DEAL_WHOLE,
    Auction,
    DealStyle,
    Exchange,
    PartnerHands,
    Rules,
)
from .._sections import seat_orders
from .._state import Phase
from .._trick import table_for
from ..encoding import Encoding, encoding_for
from ._compiling import Packed, packed_numbers, with_packed_numbers

__all__ = [
    "BIDDING",
    "CALLING",
    "CUT_PHASE",
    "OVER",
    "PLAYING",
    "Rulebook",
    "rulebook",
    "unsupported",
]

_PHASES: Final = tuple(Phase)
CUT_PHASE: Final = _PHASES.index(Phase.CUT_OR_KNOCK)
BIDDING: Final = _PHASES.index(Phase.BIDDING)
CALLING: Final = _PHASES.index(Phase.CALLING)
PLAYING: Final = _PHASES.index(Phase.PLAYING)
OVER: Final = _PHASES.index(Phase.OVER)

# The exchange modes, as the kernels number them.
EXCHANGE_CODES: Final = {
    Exchange.NONE: 0,
    Exchange.TWO_FIRST_TRICK: 1,
    Exchange.SEVEN_AFTER_WIN: 2,
    Exchange.SPANISH: 3,
}
# When partners see each other's hands, as the kernels number it.
SHOWN_CODES: Final = {
    PartnerHands.HIDDEN: 0,
    PartnerHands.AFTER_STOCK: 1,
    PartnerHands.BEFORE_FIRST_TRICK: 2,
}

SUPPORTED: Final[dict[str, str]] = {
    "players": "any number of seats (2 to 20)",
    "removed": "any cards",
    "hand_size": "any",
    "strength": "any order",
    "card_points": "any points",
    "deal": "standard, whole, and cut-or-knock; not the cut or the knock alone",
    "packet_size": "any",
    "plays_per_trick": "any",
    "redraw_ranks": "any",
    "exchange": "every exchange",
    "exchange_side_wins": "either",
    "teams": "any fixed sides",
    "partner_hands": "every mode",
    "table_talk": "either",
    "piles_by_side": "either",
    "auction": "every auction",
    "min_bid": "any",
    "cappotto_doubles": "either",
    "match": "any (a batch holds single deals)",
    "match_target": "any (a batch holds single deals)",
    "tie_same_dealer": "any (a batch holds single deals)",
    "clockwise": "any (display only)",
}
"""What the compiled kernels implement, per :class:`~briscola.Rules` field
(every field is listed; tests/test_vector.py checks it)."""

REFUSED: Final[dict[tuple[str, object], str]] = {
    (
        "deal",
        DEAL_CUT,
    ): "the cut deal alone is not supported (only with the knock, as cut-or-knock)",
    ("deal", DEAL_KNOCK): (
        "the knock deal alone is not supported (only with the cut, as cut-or-knock)"
    ),
}
"""The field values outside :data:`SUPPORTED`, with the reason
:func:`unsupported` gives."""


def unsupported(rules: Rules) -> str | None:
    """Why :class:`~briscola.vector.BatchGame` cannot hold deals of
    ``rules``, or ``None`` when it can.

    Every value of every :class:`~briscola.Rules` field is supported but
    one kind: the cut deal alone, or the knocked deal alone (Split's
    choice between them is supported).

    >>> import attrs
    >>> from briscola import DealStyle, preset
    >>> unsupported(preset("spanish-4p")) is None, unsupported(preset("chiamata")) is None
    (True, True)
    >>> unsupported(attrs.evolve(preset("split-2p"), deal=DealStyle.KNOCK))
    'the knock deal alone is not supported (only with the cut, as cut-or-knock)'
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"expected Rules, not {type(rules).__name__}")
    for name in SUPPORTED:
        reason = REFUSED.get((name, getattr(rules, name)))
        if reason is not None:
            return reason
    return None


Ints = NDArray[np.int64]
Flags = NDArray[np.bool_]
Floats = NDArray[np.float32]
Floats64 = NDArray[np.float64]


class RulebookType(types.NamedTuple):
    """Numba's type of a :class:`Rulebook`: a named tuple whose
    :class:`~briscola.vector._compiling.Packed` numbers read by name."""


class RulebookArrays(NamedTuple):
    """The fields of a :class:`Rulebook`: its arrays, and its numbers
    packed in one."""

    scalars: Ints  # Rulebook's numbers, in the order of their Packed index
    # -- cards and tricks
    suit: Ints
    points: Ints
    beats: Flags  # [trump suit, best slot, card slot]
    trick_order: Ints  # [leader, k]: the seat that plays the k-th card
    side_of: Ints
    pile_of: Ints
    partner: Flags  # [seat, other]: other is seat's partner
    talk_partner: Ints  # [seat]: the pair's other seat (table talk)
    # -- dealing: per style (0 the rules' deal or the cut, 1 the knock),
    # per dealer, the pack positions of the hands, the trump card, the stock
    deal_hands: Ints  # [style, dealer, seat, k]
    deal_trump: Ints  # [style, dealer]
    deal_stock: Ints  # [style, dealer, k]
    redrawn: Flags
    # -- drawing, per cards in the stock: the number of draws, whether the
    # last takes the face-up card, the drawers relative to the winner
    draws: Ints
    takes_face_up: Flags
    draw_seat: Ints  # [stock, j]
    # -- the exchange
    gives: Flags  # [face-up slot, slot]
    # -- partners' hands, talk, auction
    bid_points: Ints
    callable: Flags  # [bid place, slot]
    remaining: Ints  # [passed set]
    after: Ints  # [passed set, seat]
    contract_scores: Ints  # [declarer, partner, made, every point, seat]
    ours: Flags  # [declarer, partner, seat]
    # -- the greedy play-out (the bots' Greedy weights, per trump suit)
    greedy_strength: Floats64
    greedy_keeps: Floats64  # [trump, slot]
    greedy_lead: Floats64  # [trump, slot]
    # -- observation
    rel: Ints
    side_place: Ints  # [viewer, side]: where the side's points and tricks go
    stock_value: Floats
    size_value: Floats
    points_value: Floats
    tricks_value: Floats
    position_value: Floats


@with_packed_numbers(RulebookType)
class Rulebook(RulebookArrays):
    """The rules of a batch as arrays and numbers, for the kernels.

    Seats are numbered as in the engine; ``rel[viewer, seat]`` is a seat's
    place relative to the viewer, ``place[viewer, seat]`` the place of its
    side in the viewer's observation. Observation offsets are named
    ``obs_*``, action offsets ``act_*`` (``-1`` where the layout has no
    such section).

    The numbers (sizes, offsets, codes; flags as 0 or 1) are read by name
    like the arrays, but kept in one array, :attr:`scalars`
    (:class:`~briscola.vector._compiling.Packed`): a kernel's call
    unboxes each field of its arguments, and one array of 54 numbers
    unboxes in a sixth of the time that 54 numbers take, a third of a
    microsecond of each step of a one-deal batch. :meth:`of` packs them.
    """

    __slots__ = ()

    # -- sizes
    n = Packed(0)
    cards = Packed(1)
    hand = Packed(2)
    trick = Packed(3)
    sides = Packed(4)
    actions = Packed(5)
    width = Packed(6)
    # -- dealing
    whole = Packed(7)
    stock = Packed(8)
    most_buried = Packed(9)
    # -- the exchange
    exchange = Packed(10)
    side_wins = Packed(11)
    # -- partners' hands, talk, auction
    shown = Packed(12)
    talk = Packed(13)
    words = Packed(14)
    signals = Packed(15)
    auction = Packed(16)
    dealt_phase = Packed(17)
    bids = Packed(18)
    total = Packed(19)
    # -- observation
    obs_hand = Packed(20)
    obs_known = Packed(21)
    obs_dealt = Packed(22)
    obs_played = Packed(23)
    obs_given = Packed(24)
    obs_trick = Packed(25)
    obs_leader = Packed(26)
    obs_trump = Packed(27)
    obs_face_up = Packed(28)
    obs_turned = Packed(29)
    obs_drawn = Packed(30)
    obs_buried = Packed(31)
    obs_stock_known = Packed(32)
    obs_stock = Packed(33)
    obs_sizes = Packed(34)
    obs_points = Packed(35)
    obs_tricks = Packed(36)
    obs_bid = Packed(37)
    obs_declarer = Packed(38)
    obs_passed = Packed(39)
    obs_called = Packed(40)
    obs_partner = Packed(41)
    obs_to_move = Packed(42)
    obs_dealer = Packed(43)
    obs_phase = Packed(44)
    obs_words = Packed(45)
    obs_signs = Packed(46)
    # -- actions
    act_swap = Packed(47)
    act_cut = Packed(48)
    act_pass = Packed(49)
    act_bid = Packed(50)
    act_call = Packed(51)
    act_say = Packed(52)
    act_sign = Packed(53)

    @classmethod
    def of(cls, **fields: object) -> Rulebook:
        """A rulebook of ``fields``: its arrays, and its numbers by name."""
        scalars, arrays = packed_numbers(cls, fields)
        return cls(scalars, **arrays)  # type: ignore[arg-type]


def _observed(encoding: Encoding, name: str) -> int:
    """Where the observation section ``name`` starts, ``-1`` if absent."""
    return next((s.start for s in encoding.observation_sections if s.name == name), -1)


def _acted(encoding: Encoding, name: str) -> int:
    """Where the action section ``name`` starts, ``-1`` if absent."""
    return next((s.start for s in encoding.action_sections if s.name == name), -1)


def _scaled(encoding: Encoding, name: str) -> Floats:
    """``count / high`` for every count of the section ``name``, divided
    in float64 as :meth:`Encoding.encode` divides, stored as float32."""
    start = _observed(encoding, name)
    high = encoding.observation_high[start] if start >= 0 else 1
    values: Floats = (np.arange(high + 1, dtype=np.float64) / high).astype(np.float32)
    return values


def _layouts(rules: Rules) -> tuple[Ints, Ints, Ints]:
    """Per style that deals (the rules' deal, or the cut then the knock)
    and per dealer, the pack positions of the hands, the trump card (0 in
    the whole deal, never read) and the stock."""
    styles: tuple[DealStyle, ...] = (
        (DEAL_CUT, DEAL_KNOCK) if rules.deal is DEAL_CUT_OR_KNOCK else (rules.deal, rules.deal)
    )
    n = rules.players
    hands, trumps, stocks = [], [], []
    for style in styles:
        layouts = [deal_layout(rules, dealer, style) for dealer in range(n)]
        hands.append([layout.hands for layout in layouts])
        trumps.append([layout.trump or 0 for layout in layouts])
        stocks.append([layout.stock or (0,) for layout in layouts])
    return (
        np.array(hands, dtype=np.int64),
        np.array(trumps, dtype=np.int64),
        np.array(stocks, dtype=np.int64),
    )


def _auction_tables(rules: Rules) -> dict[str, object]:
    """The auction's tables (empty stand-ins without one)."""
    n, size = rules.players, len(rules.pack)
    if rules.auction is Auction.NONE:
        return {
            "bids": 0,
            "bid_points": np.zeros(1, dtype=np.int64),
            "callable": np.zeros((1, size), dtype=bool),
            "remaining": np.zeros(1, dtype=np.int64),
            "after": np.zeros((1, n), dtype=np.int64),
            "contract_scores": np.zeros((1, 1, 2, 2, n), dtype=np.int64),
            "ours": np.zeros((1, 1, n), dtype=bool),
        }
    ladder = Ladder(rules)
    rounds = [
        _new_round(tuple(bool(passed >> s & 1) for s in range(n))) for passed in range(1 << n)
    ]
    total = rules.total_points
    between = 1 if total > 1 else 0  # a share that is neither all nor none
    scores = np.zeros((n, n, 2, 2, n), dtype=np.int64)
    ours = np.zeros((n, n, n), dtype=bool)
    for declarer in range(n):
        for partner in range(n):
            for made in (0, 1):
                for every in (0, 1):
                    taken = (total if made else 0) if every else between
                    found = contract_outcome(rules, declarer, partner, taken, bool(made))
                    scores[declarer, partner, made, every] = found.scores
            ours[declarer, partner, list(found.sides[0])] = True
    return {
        "bids": len(ladder.bids),
        "bid_points": np.array([bid.points for bid in ladder.bids], dtype=np.int64),
        "callable": np.array(
            [[card in ladder.callable[bid.rank] for card in rules.pack] for bid in ladder.bids],
            dtype=bool,
        ),
        "remaining": np.array([found[0] for found in rounds], dtype=np.int64),
        "after": np.array([found[1] for found in rounds], dtype=np.int64),
        "contract_scores": scores,
        "ours": ours,
    }


def _greedy_tables(rules: Rules) -> dict[str, Floats64]:
    """The weights of :func:`briscola.bots.greedy_rollout` (the bots'
    ``Tables.rollout``), per trump suit and slot."""
    from ..bots._tables import tables_for  # the bots' tables, only for the play-out

    greedy = tables_for(rules).rollout
    index = [card.index for card in rules.pack]
    return {
        "greedy_strength": np.array([greedy.strength[c] for c in index], dtype=np.float64),
        "greedy_keeps": np.array([[row[c] for c in index] for row in greedy.keeps[:4]]),
        "greedy_lead": np.array([[row[c] for c in index] for row in greedy.lead[:4]]),
    }


def rulebook(rules: Rules) -> Rulebook:
    """The :class:`Rulebook` of ``rules``."""
    table = table_for(rules)
    encoding = encoding_for(rules)
    n = rules.players
    pack = rules.pack
    size = len(pack)
    index = [card.index for card in pack]
    suits = sorted(Suit, key=lambda s: s.value)
    beats = np.array(
        [[[table.beats[suit][b * 40 + c] for c in index] for b in index] for suit in suits],
        dtype=bool,
    )
    whole = rules.deal is DEAL_WHOLE
    stock = 0 if whole else size - n * rules.hand_size - 1
    first_drawers = table.drawers[0]
    draw_seat = np.zeros((len(first_drawers), table.trick_size), dtype=np.int64)
    for left, drawers in enumerate(first_drawers):
        draw_seat[left, : len(drawers)] = drawers
    relative, place = seat_orders(n, rules.sides)
    redrawn = np.array([card.rank in rules.redraw_ranks for card in pack], dtype=bool)
    hands, trumps, stocks = _layouts(rules)
    partner = np.zeros((n, n), dtype=bool)
    for seat in range(n):
        partner[seat, list(table.partners[seat])] = True
    talk_partner = np.array(
        [partner_of(rules, s) if rules.table_talk else s for s in range(n)], dtype=np.int64
    )
    e = encoding
    return Rulebook.of(
        n=n,
        cards=size,
        hand=rules.hand_size,
        trick=table.trick_size,
        sides=len(rules.sides),
        actions=e.num_actions,
        width=e.observation_size,
        suit=np.array([card.suit.value for card in pack], dtype=np.int64),
        points=np.array([table.points[i] for i in index], dtype=np.int64),
        beats=beats,
        trick_order=np.array(table.trick_orders, dtype=np.int64),
        side_of=np.array(table.side_of, dtype=np.int64),
        pile_of=np.array(table.pile_of, dtype=np.int64),
        partner=partner,
        talk_partner=talk_partner,
        whole=whole,
        stock=stock,
        deal_hands=hands,
        deal_trump=trumps,
        deal_stock=stocks,
        redrawn=redrawn,
        most_buried=int(redrawn.sum()),
        draws=np.array([len(d) for d in first_drawers], dtype=np.int64),
        takes_face_up=np.array([len(d) > s for s, d in enumerate(first_drawers)], dtype=bool),
        draw_seat=draw_seat,
        exchange=EXCHANGE_CODES[rules.exchange],
        side_wins=rules.exchange_side_wins,
        gives=np.array(
            [[card in table.swap_gives[face.index] for card in pack] for face in pack], dtype=bool
        ),
        shown=SHOWN_CODES[rules.partner_hands],
        talk=rules.table_talk,
        words=len(Word),
        signals=len(Signal),
        auction=rules.auction is not Auction.NONE,
        dealt_phase=BIDDING if rules.auction is not Auction.NONE else PLAYING,
        total=rules.total_points,
        **_greedy_tables(rules),
        rel=np.array(relative, dtype=np.int64),
        side_place=np.array(
            [[place[viewer][side[0]] for side in rules.sides] for viewer in range(n)],
            dtype=np.int64,
        ),
        stock_value=_scaled(e, "stock-size"),
        size_value=_scaled(e, "hand-sizes"),
        points_value=_scaled(e, "points"),
        tricks_value=_scaled(e, "tricks"),
        position_value=_scaled(e, "known-in-stock"),
        obs_hand=_observed(e, "hand"),
        obs_known=_observed(e, "known-hands"),
        obs_dealt=_observed(e, "shown-dealt"),
        obs_played=_observed(e, "played"),
        obs_given=_observed(e, "given-in-exchange"),
        obs_trick=_observed(e, "trick"),
        obs_leader=_observed(e, "trick-leader"),
        obs_trump=_observed(e, "trump-suit"),
        obs_face_up=_observed(e, "trump-card"),
        obs_turned=_observed(e, "turned-card"),
        obs_drawn=_observed(e, "trump-drawn-by"),
        obs_buried=_observed(e, "buried"),
        obs_stock_known=_observed(e, "known-in-stock"),
        obs_stock=_observed(e, "stock-size"),
        obs_sizes=_observed(e, "hand-sizes"),
        obs_points=_observed(e, "points"),
        obs_tricks=_observed(e, "tricks"),
        obs_bid=_observed(e, "bid"),
        obs_declarer=_observed(e, "declarer"),
        obs_passed=_observed(e, "passed"),
        obs_called=_observed(e, "called-card"),
        obs_partner=_observed(e, "partner"),
        obs_to_move=_observed(e, "to-move"),
        obs_dealer=_observed(e, "dealer"),
        obs_phase=_observed(e, "phase"),
        obs_words=_observed(e, "words"),
        obs_signs=_observed(e, "signs"),
        act_swap=_acted(e, "swap-trump"),
        act_cut=_acted(e, "cut"),
        act_pass=_acted(e, "pass"),
        act_bid=_acted(e, "bid"),
        act_call=_acted(e, "call"),
        act_say=_acted(e, "say"),
        act_sign=_acted(e, "sign"),
        **_auction_tables(rules),
    )
