"""The rules as the batched engine reads them: :func:`unsupported` and the
tables compiled once per rules (internal; :mod:`briscola.vector`
re-exports ``unsupported``).

Cards are their slot in the rules' pack (the ``play`` index of
:mod:`briscola.encoding`). The rule tables (strength and ``beats``,
points, the draw order, the deal layout) are those the engine compiles
from the rules
(:func:`briscola._trick.table_for`, :func:`briscola._layout.deal_layout`),
turned into arrays once per rules.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from .._actions import Signal, Word
from .._auction import Ladder, _new_round
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

__all__ = ["BIDDING", "CALLING", "CUT_PHASE", "OVER", "PLAYING", "Ints", "Tables", "unsupported"]

_PHASES: Final = tuple(Phase)
CUT_PHASE: Final = _PHASES.index(Phase.CUT_OR_KNOCK)
BIDDING: Final = _PHASES.index(Phase.BIDDING)
CALLING: Final = _PHASES.index(Phase.CALLING)
PLAYING: Final = _PHASES.index(Phase.PLAYING)
OVER: Final = _PHASES.index(Phase.OVER)

Ints = NDArray[np.intp]


def unsupported(rules: Rules) -> str | None:
    """Why :class:`BatchGame` cannot hold deals of ``rules`` yet, or
    ``None`` when it can.

    Supported: any number of seats with fixed sides (one seat, pairs or
    teams of three, piles by seat or by side); the standard deal (with or
    without the ace/three redraw) and Split's cut or knock; one or two
    cards per seat and trick; every trump exchange; partners' hands
    hidden or shown; table talk; bastardo's whole deal, with the auction
    by points or by rank (chiamata) and the call. Not yet: the cut deal
    or the knocked deal alone (without Split's choice between them).

    >>> import attrs
    >>> from briscola import DealStyle, preset
    >>> unsupported(preset("spanish-4p")) is None, unsupported(preset("chiamata")) is None
    (True, True)
    >>> unsupported(attrs.evolve(preset("split-2p"), deal=DealStyle.KNOCK))
    'the knock deal is not yet supported'
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"expected Rules, not {type(rules).__name__}")
    if rules.deal not in (DealStyle.STANDARD, DEAL_CUT_OR_KNOCK, DEAL_WHOLE):
        return f"the {rules.deal.value} deal is not yet supported"
    return None


def _section(encoding: Encoding, name: str) -> int:
    for section in encoding.observation_sections:
        if section.name == name:
            return section.start
    return -1


def _action(encoding: Encoding, name: str) -> int:
    """Where the action section ``name`` starts in ``encoding``."""
    return next(section.start for section in encoding.action_sections if section.name == name)


def _scaled(high: int) -> NDArray[np.float32]:
    """``count / high`` for every count from 0 to ``high``, divided in
    float64 as :meth:`Encoding.encode` divides, then stored as float32."""
    return (np.arange(high + 1, dtype=np.float64) / high).astype(np.float32)


class Tables:
    """The rules as arrays, compiled once per :class:`BatchGame`."""

    def __init__(self, rules: Rules) -> None:
        table = table_for(rules)
        encoding = encoding_for(rules)
        n = rules.players
        pack = rules.pack
        size = len(pack)
        self.n = n
        self.size = size
        self.hand = rules.hand_size
        self.trick = table.trick_size
        self.plays = rules.plays_per_trick
        self.encoding = encoding
        self.actions = encoding.num_actions
        self.width = encoding.observation_size
        index = np.array([card.index for card in pack], dtype=np.intp)
        self.card_index = index
        slot = np.full(40, -1, dtype=np.intp)
        slot[index] = np.arange(size)
        self.slot = slot
        self.points = np.array([table.points[i] for i in index], dtype=np.int16)
        self.suit = np.array([card.suit.value for card in pack], dtype=np.int8)
        # beats[trump, best, card], in slots.
        self.beats = np.array(
            [
                [[table.beats[suit][b * 40 + c] for c in index] for b in index]
                for suit in sorted({card.suit for card in pack}, key=lambda s: s.value)
            ],
            dtype=bool,
        )
        if self.beats.shape[0] != 4:  # a pack without a suit: index by value
            full = np.zeros((4, size, size), dtype=bool)
            from .._cards import Suit

            for suit in Suit:
                full[suit.value] = [[table.beats[suit][b * 40 + c] for c in index] for b in index]
            self.beats = full
        self.pile_of = np.array(table.pile_of, dtype=np.intp)
        self.side_of = np.array(table.side_of, dtype=np.intp)
        self.sides = len(rules.sides)
        self.trick_order = np.array(table.trick_orders, dtype=np.intp)
        # Per stock size (the face-up card aside), the draws after a trick:
        # their number, and whether the last one takes the face-up card.
        self.draws = np.array(
            [len(table.drawers[0][s]) for s in range(len(table.drawers[0]))], dtype=np.intp
        )
        self.takes_face_up = np.array(
            [len(table.drawers[0][s]) > s for s in range(len(table.drawers[0]))], dtype=bool
        )
        # The drawer of the j-th draw, relative to the winner (the winner's
        # trick order shifted back to seat 0).
        self.draw_seat = np.zeros((len(table.drawers[0]), self.trick), dtype=np.intp)
        for s in range(len(table.drawers[0])):
            for j, seat in enumerate(table.drawers[0][s]):
                self.draw_seat[s, j] = seat
        relative, place = seat_orders(n, rules.sides)
        self.rel = np.array(relative, dtype=np.intp)  # rel[viewer, seat]
        self.place = np.array(place, dtype=np.intp)  # place[viewer, seat]
        self.redrawn = np.array([card.rank in rules.redraw_ranks for card in pack], dtype=bool)
        self.most_buried = int(self.redrawn.sum())
        # Layouts: per style that deals, per dealer.
        # (The whole deal turns no trump card: its trump positions are 0,
        # and never read.)
        self.layouts: dict[DealStyle, tuple[Ints, Ints, Ints]] = {}
        styles = (DEAL_CUT, DEAL_KNOCK) if rules.deal is DEAL_CUT_OR_KNOCK else (rules.deal,)
        self.whole = rules.deal is DEAL_WHOLE
        for style in styles:
            hands, trumps, stocks = [], [], []
            for dealer in range(n):
                layout = deal_layout(rules, dealer, style)
                hands.append(layout.hands)
                assert (layout.trump is None) == self.whole  # the whole deal turns none
                trumps.append(layout.trump or 0)
                stocks.append(layout.stock)
            self.layouts[style] = (
                np.array(hands, dtype=np.intp),
                np.array(trumps, dtype=np.intp),
                np.array(stocks, dtype=np.intp),
            )
        self.stock = 0 if self.whole else size - n * self.hand - 1
        # Entries of the observation.
        e = encoding
        self.at_hand = _section(e, "hand")
        self.at_known = _section(e, "known-hands")
        self.at_played = _section(e, "played")
        self.at_trick = _section(e, "trick")
        self.at_leader = _section(e, "trick-leader")
        self.at_trump = _section(e, "trump-suit")
        self.at_face_up = _section(e, "trump-card")
        self.at_turned = _section(e, "turned-card")
        self.at_drawn = _section(e, "trump-drawn-by")
        self.at_buried = _section(e, "buried")
        self.at_stock_known = _section(e, "known-in-stock")
        self.at_stock = _section(e, "stock-size")
        self.at_sizes = _section(e, "hand-sizes")
        self.at_points = _section(e, "points")
        self.at_tricks = _section(e, "tricks")
        self.at_to_move = _section(e, "to-move")
        self.at_dealer = _section(e, "dealer")
        self.at_phase = _section(e, "phase")
        high = e.observation_high
        self.stock_value = _scaled(high[self.at_stock])
        self.size_value = _scaled(high[self.at_sizes])
        self.points_value = _scaled(high[self.at_points])
        self.tricks_value = _scaled(high[self.at_tricks])
        self.position_value = (
            _scaled(high[self.at_stock_known]) if self.at_stock_known >= 0 else self.stock_value
        )
        self.cut = size if rules.deal is DEAL_CUT_OR_KNOCK else -1
        # Offsets within a deal's views (n rows of ``width``), per seat:
        # the entry for that seat in every viewer's row.
        width, trick = self.width, self.trick
        viewers: Ints = np.arange(n, dtype=np.intp) * width
        rel = self.rel

        def each_viewer(at: int) -> Ints:
            offsets: Ints = viewers[None, :] + at + rel.T  # [seat, viewer]
            return offsets

        self.to_move_at = each_viewer(self.at_to_move)
        self.leader_at = each_viewer(self.at_leader)
        self.sizes_at = each_viewer(self.at_sizes)
        self.drawn_at = each_viewer(self.at_drawn)
        self.dealer_at = each_viewer(self.at_dealer)
        # The entries a card played sets (plus its slot): per trick place
        # and seat, played-by for every viewer and the trick's place.
        played = viewers[None, :] + self.at_played + rel.T * size  # [seat, viewer]
        self.card_set_at = np.array(
            [
                [
                    np.concatenate([played[seat], viewers + self.at_trick + k * size])
                    for seat in range(n)
                ]
                for k in range(trick)
            ],
            dtype=np.intp,
        )
        # The entries a card played clears (plus its slot): the player's
        # hand, the others' record of it as a known card of that seat.
        self.known_at = np.array(
            [
                [
                    v * width + self.at_known + (rel[v, seat] - 1) * size
                    for v in range(n)
                    if v != seat
                ]
                for seat in range(n)
            ],
            dtype=np.intp,
        )
        self.card_clear_at = np.concatenate(
            [(np.arange(n) * width + self.at_hand)[:, None], self.known_at], axis=1
        )
        self.trick_clear_at = np.array(
            [v * width + self.at_trick + j * size for v in range(n) for j in range(trick)],
            dtype=np.intp,
        )
        self.trick_columns = np.array([j for _ in range(n) for j in range(trick)], dtype=np.intp)
        self.viewers = viewers
        self.seats = np.arange(n, dtype=np.intp)
        # Within a trick the seats play in turn: the next is the one after.
        self.next_seat = (self.seats + 1) % n
        assert all(
            order[j + 1] == (order[j] + 1) % n
            for order in table.trick_orders
            for j in range(trick - 1)
        )
        # Per trick place k and mover: the entries a card sets (played-by
        # and the trick's place k, each plus the card's slot, as
        # set_card says; the leader at k = 0; the next seat to move
        # unless the trick is complete) and those it clears (the mover's
        # hand and the others' record of it as known, plus the slot; the
        # mover's to-move entry).
        set_at, set_card, clear_at, clear_card = [], [], [], []
        for k in range(trick):
            rows, marks, rows_clear, marks_clear = [], [], [], []
            for seat in range(n):
                with_card = list(self.card_set_at[k, seat])
                plain = list(self.leader_at[seat]) if k == 0 else []
                if k + 1 < trick:
                    plain += list(self.to_move_at[(seat + 1) % n])
                rows.append(with_card + plain)
                marks.append([1] * len(with_card) + [0] * len(plain))
                cleared = list(self.card_clear_at[seat])
                rows_clear.append(cleared + list(self.to_move_at[seat]))
                marks_clear.append([1] * len(cleared) + [0] * n)
            set_at.append(np.array(rows, dtype=np.intp))
            set_card.append(np.array(marks[0], dtype=np.intp))
            clear_at.append(np.array(rows_clear, dtype=np.intp))
            clear_card.append(np.array(marks_clear[0], dtype=np.intp))
        # Indexed by seat * size + slot: every entry, the card's included.
        slots = np.arange(size, dtype=np.intp)
        self.set_at = [
            (set_at[k][:, None, :] + slots[None, :, None] * set_card[k]).reshape(n * size, -1)
            for k in range(trick)
        ]
        self.clear_at = [
            (clear_at[k][:, None, :] + slots[None, :, None] * clear_card[k]).reshape(n * size, -1)
            for k in range(trick)
        ]
        # All of a card's entries at once: those it sets, those it clears,
        # then the mover's hand size in every viewer's row.
        sizes = np.repeat(self.sizes_at, size, axis=0)  # [seat * size + slot]
        # All of a card's entries at once, per trick place k: those it
        # sets (padded to one width with copies of the first, which sets
        # the same entry to the same 1), those it clears, then the mover's
        # hand size in every viewer's row; and per cards left in the
        # mover's hand, the values written there.
        sizes = np.repeat(self.sizes_at, size, axis=0)  # [seat * size + slot]
        widest = max(entries.shape[1] for entries in self.set_at)
        self.step_at = np.stack(
            [
                np.concatenate(
                    [
                        self.set_at[k],
                        np.repeat(self.set_at[k][:, :1], widest - self.set_at[k].shape[1], axis=1),
                        self.clear_at[k],
                        sizes,
                    ],
                    axis=1,
                )
                for k in range(trick)
            ]
        )
        clears = self.clear_at[0].shape[1]
        self.step_value = np.array(
            [[1.0] * widest + [0.0] * clears + [float(v)] * n for v in self.size_value],
            dtype=np.float32,
        )
        # Per pile, per seat: the points and tricks entries of every viewer.
        self.points_at = np.array(
            [[v * width + self.at_points + self.place[v, s] for v in range(n)] for s in range(n)],
            dtype=np.intp,
        )
        self.tricks_at = np.array(
            [[v * width + self.at_tricks + self.place[v, s] for v in range(n)] for s in range(n)],
            dtype=np.intp,
        )
        # Every hand-size entry, and the seat it counts.
        self.all_sizes_at = np.array(
            [v * width + self.at_sizes + rel[v, s] for v in range(n) for s in range(n)],
            dtype=np.intp,
        )
        self.all_sizes_seat = np.array([s for _ in range(n) for s in range(n)], dtype=np.intp)
        # Per stock size, the cards each seat draws, by seat after the winner.
        self.draws_by = np.array(
            [
                [int((self.draw_seat[s, : self.draws[s]] == r).sum()) for r in range(n)]
                for s in range(len(self.draws))
            ],
            dtype=np.intp,
        )
        self.rolled = np.array([[(v + r) % n for r in range(n)] for v in range(n)], dtype=np.intp)
        # The trump exchange: per face-up slot, the slots that may be given
        # for it by rank (the engine's Table.swap_gives), and the entries
        # of the trump card and of the trumps given (per giver, in every
        # viewer's row).
        self.exchange = rules.exchange
        self.swap = -1
        if rules.exchange is not Exchange.NONE:
            self.swap = _action(e, "swap-trump")
        self.gives = np.array(
            [[c in table.swap_gives[face.index] for c in pack] for face in pack], dtype=bool
        )
        self.side_wins = rules.exchange_side_wins
        self.face_up_at = viewers + self.at_face_up
        at_given = _section(e, "given-in-exchange")
        self.given_at = viewers[None, :] + at_given + rel.T * size  # [seat, viewer]
        # Partners' hands: the (viewer, partner) pairs and, per pair, where
        # the partner's known cards and shown dealt hand start in the
        # viewer's row.
        self.shown = rules.partner_hands
        at_dealt = _section(e, "shown-dealt")
        self.partners = [
            (
                v,
                s,
                v * width + self.at_known + (rel[v, s] - 1) * size,
                at_dealt + (rel[v, s] - 1) * size,
            )
            for v in range(n)
            for s in table.partners[v]
        ]
        # Table talk: where the words and signs start among the actions;
        # per speaker, the entry of each word in every viewer's row (words
        # are heard by all); per signer, the entries of each sign in its
        # own row and its partner's (the others never see it); and every
        # viewer's words, cleared when a trick is complete.
        self.talk = rules.table_talk
        self.say = self.sign = -1
        if self.talk:
            self.say, self.sign = _action(e, "say"), _action(e, "sign")
            assert self.sign == self.say + len(Word) and self.sign + len(Signal) == self.actions
            at_words, at_signs = _section(e, "words"), _section(e, "signs")
            self.word_at = viewers[None, :] + at_words + rel.T * len(Word)  # [speaker, viewer]
            self.sign_at = np.array(
                [
                    [s * width + at_signs, partner_of(rules, s) * width + at_signs + len(Signal)]
                    for s in range(n)
                ],
                dtype=np.intp,
            )
            self.words_clear_at = (
                viewers[:, None] + at_words + np.arange(n * len(Word), dtype=np.intp)[None, :]
            ).reshape(-1)
        self.shows_after_stock = bool(self.partners) and self.shown is PartnerHands.AFTER_STOCK
        self.shows_dealt = bool(self.partners) and self.shown is PartnerHands.BEFORE_FIRST_TRICK
        # The auction (bastardo): where ``pass``, the bids and the calls
        # start among the actions; from the engine's ladder (Ladder), per
        # place on it, the bid's points and the cards the declarer may
        # call once it is the contract; per set of seats passed (bit s for
        # seat s), the seats still in and per seat the next one still in
        # after it (the engine's _new_round); per seat, the entries of the
        # contract that name it in every viewer's row.
        self.auction = rules.auction is not Auction.NONE
        self.dealt_phase = BIDDING if self.auction else PLAYING
        self.pass_at = self.bid_at = self.call_at = self.at_bid = self.at_called = -1
        if self.auction:
            ladder = Ladder(rules)
            self.pass_at, self.bid_at, self.call_at = (
                _action(e, name) for name in ("pass", "bid", "call")
            )
            self.bids = len(ladder.bids)
            assert self.bid_at == self.pass_at + 1 and self.call_at == self.bid_at + self.bids
            assert self.call_at + size == self.actions  # the calls come last
            self.bid_points = np.array([bid.points for bid in ladder.bids], dtype=np.intp)
            self.callable = np.array(
                [[card in ladder.callable[bid.rank] for card in pack] for bid in ladder.bids],
                dtype=bool,
            )
            rounds = [
                _new_round(tuple(bool(passed >> s & 1) for s in range(n)))
                for passed in range(1 << n)
            ]
            self.remaining = np.array([found[0] for found in rounds], dtype=np.intp)
            self.after = np.array([found[1] for found in rounds], dtype=np.intp)  # [passed, seat]
            self.at_bid = _section(e, "bid")
            self.at_called = _section(e, "called-card")
            self.declarer_at = each_viewer(_section(e, "declarer"))
            self.passed_at = each_viewer(_section(e, "passed"))
            self.partner_at = each_viewer(_section(e, "partner"))
            self.bid_at_all = viewers + self.at_bid  # plus the bid's place
            self.called_at_all = viewers + self.at_called  # plus the card's slot
            self.trump_at_all = viewers + self.at_trump  # plus the suit
            # The outcome of a played deal (the engine's contract_outcome):
            # per declarer, partner, contract made and every point taken
            # by one side (cappotto), the seats' scores; per declarer and
            # partner, whether each seat is on the declarer's side.
            total = self.total = rules.total_points
            between = 1 if total > 1 else 0  # a share of the points that is not all or none
            self.contract_scores = np.zeros((n, n, 2, 2, n), dtype=np.intp)
            self.ours = np.zeros((n, n, n), dtype=bool)
            for declarer in range(n):
                for partner in range(n):
                    for made in (0, 1):
                        for every in (0, 1):
                            taken = (total if made else 0) if every else between
                            found = contract_outcome(rules, declarer, partner, taken, bool(made))
                            self.contract_scores[declarer, partner, made, every] = found.scores
                    self.ours[declarer, partner, list(found.sides[0])] = True
