"""Fixed-size encodings of actions and observations, for learning agents.

:class:`Encoding` gives, for any :class:`~briscola.Rules` and in pure
Python, a fixed index for every action the rules allow
(:meth:`Encoding.index`, :meth:`Encoding.action`), a mask of the legal
actions of a deal, a match or an observation (:meth:`Encoding.mask`), and
an observation as a vector of fixed length (:meth:`Encoding.encode`), read
from the :class:`~briscola.Observation` alone so that it cannot reveal a
hidden card. Every entry of the vector lies in [0, 1]: the flags are 0 or
1, and each count is divided by its bound, so that learners can take the
vector as it is. The guide "Reinforcement learning" describes both
layouts; :data:`LAYOUT_VERSION` numbers them.

>>> from briscola import new_game, observe, preset, legal_actions
>>> encoding = Encoding(preset("italian-2p"))
>>> encoding.num_actions, encoding.observation_size
(40, 344)
>>> state = new_game(preset("italian-2p"), seed=3)
>>> [encoding.index(action) for action in legal_actions(state)]
[5, 18, 26]
>>> [i for i, legal in enumerate(encoding.mask(state)) if legal]
[5, 18, 26]
"""

from __future__ import annotations

import array
import operator
from collections.abc import MutableSequence, Sequence
from typing import Final, cast

from ._actions import (
    CALLS,
    CUT,
    KNOCK,
    PASS,
    PLAYS,
    SAYS,
    SIGNS,
    SWAPS,
    Action,
    Call,
    Play,
    Say,
    Sign,
    Signal,
    SwapTrump,
    Word,
    talk_this_trick,
)
from ._auction import bid_ladder, bids_above
from ._cards import FULL_PACK
from ._engine import legal_actions
from ._match import MatchState
from ._observe import Observation
from ._rules import Auction, DealStyle, Exchange, PartnerHands, Rules
from ._sections import Section, SectionList, describe, seat_orders
from ._state import (
    GameState,
    Phase,
)
from ._talk import encode_talk
from ._trick import per_rules, table_for

__all__ = ["LAYOUT_VERSION", "Encoding", "Section", "encoding_for"]

LAYOUT_VERSION: Final = 2
"""The version of the layouts of :class:`Encoding`, for saved models and
weights to name the vectors they were trained on.

Version 1 (briscola 0.1.0) held each count as a whole number, from 0 to
its bound; version 2 (briscola 0.2.0) divides it by its bound, so that
every entry lies in [0, 1]. The action indices and the order of the
sections are the same in both. Any later change to the indices or to
the vectors of rules that already have them (an entry's meaning or
scale, their number) will give a new version.

>>> LAYOUT_VERSION
2
"""

_PHASES: Final = tuple(Phase)
_getitem = operator.getitem
_card = operator.attrgetter("card")


class Encoding:
    """The action indices and the observation vector of one set of rules.

    Build it once per :class:`~briscola.Rules` (or take the cached one from
    :func:`encoding_for`): it precomputes its tables, so that encoding an
    observation or a mask costs a few microseconds.

    Args:
        rules: The rules whose actions and observations are encoded.

    Raises:
        TypeError: If ``rules`` is not a :class:`~briscola.Rules`.

    >>> from briscola import preset, Play, Card, Suit, Rank
    >>> encoding = Encoding(preset("spanish-2p"))
    >>> [(s.name, s.start, s.stop) for s in encoding.action_sections]
    [('play', 0, 40), ('swap-trump', 40, 80)]
    >>> encoding.index(Play(Card(Suit.CUPS, Rank.ACE)))
    10
    >>> encoding.action(50)
    SwapTrump(card=Card(Suit.CUPS, Rank.ACE))
    >>> encoding.layout_version
    2
    """

    layout_version: Final[int] = LAYOUT_VERSION
    """The version of the layouts (:data:`LAYOUT_VERSION`): the same for
    every rules."""

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"Encoding takes a Rules, not {rules!r}")
        self.rules: Final = rules
        n = rules.players
        pack = rules.pack
        size = len(pack)
        self._pack = pack
        # Slot of each card (by Card.index) within the rules' pack; -1 for
        # a removed card.
        slot = [-1] * 40
        for i, card in enumerate(pack):
            slot[card.index] = i
        self._slot = slot

        # -- actions ----------------------------------------------------
        actions = SectionList()
        sections = actions.sections
        actions.add("play", size)
        self._swap_start = -1
        if rules.exchange is not Exchange.NONE:
            self._swap_start = actions.add("swap-trump", size)
        self._cut_start = -1
        if rules.deal is DealStyle.CUT_OR_KNOCK:
            self._cut_start = actions.add("cut", 1)
            actions.add("knock", 1)
        ladder = bid_ladder(rules) if rules.auction is not Auction.NONE else ()
        self._ladder = ladder
        self._pass_start = self._bid_start = self._call_start = -1
        if rules.auction is not Auction.NONE:
            self._pass_start = actions.add("pass", 1)
            self._bid_start = actions.add("bid", len(ladder))
            self._call_start = actions.add("call", size)
        self._bid_index = {bid: self._bid_start + i for i, bid in enumerate(ladder)}
        talk = rules.table_talk
        self._say_start = actions.add("say", len(Word)) if talk else -1
        self._sign_start = actions.add("sign", len(Signal)) if talk else -1
        self.action_sections: Final[tuple[Section, ...]] = tuple(sections)
        """The action sections in index order: ``play`` (one per card of the
        rules' pack, in canonical order), then as the rules allow
        ``swap-trump`` (one per card), ``cut`` and ``knock``, ``pass``,
        ``bid`` (every bid of the auction, lowest first), ``call`` (one
        per card), ``say`` and ``sign`` (table talk: one per ``Word``, per
        ``Signal``). Sections added in later versions come after these."""
        self.num_actions: Final[int] = len(actions.high)
        """The number of action indices."""
        table: list[Action] = [Play(card) for card in pack]
        if self._swap_start >= 0:
            table += [SwapTrump(card) for card in pack]
        if self._cut_start >= 0:
            table += [CUT, KNOCK]
        if self._pass_start >= 0:
            table += [PASS, *ladder]
            table += [Call(card) for card in pack]
        if self._say_start >= 0:
            table += [*SAYS, *SIGNS]
        self._actions: tuple[Action, ...] = tuple(table)
        self._index = {action: i for i, action in enumerate(self._actions)}
        # The index of each action by identity: legal_actions hands out
        # interned actions, and the table above holds the others (every
        # object keyed here lives as long as the tables holding it).
        by_id = {id(action): i for i, action in enumerate(self._actions)}
        interned: tuple[Action, ...] = (*PLAYS, *SWAPS, *CALLS, CUT, KNOCK, PASS, *SAYS, *SIGNS)
        # The engine's own bids, kept alive here so that their identities
        # stay theirs (the engine may compile its ladder again).
        self._engine_bids = bids_above(table_for(rules), None) if ladder else ()
        interned += self._engine_bids
        for action in interned:
            i = self._index.get(action, -1)
            if i >= 0:
                by_id[id(action)] = i
        self._by_id = by_id

        # -- observations -----------------------------------------------
        obs = SectionList()
        per_trick = n * rules.plays_per_trick
        self._hand = obs.add("hand", size)
        self._known = obs.add("known-hands", (n - 1) * size)
        self._dealt = -1
        if rules.partner_hands is PartnerHands.BEFORE_FIRST_TRICK:
            self._dealt = obs.add("shown-dealt", (n - 1) * size)
        self._played = obs.add("played", n * size)
        self._given = -1
        if rules.exchange is not Exchange.NONE:
            self._given = obs.add("given-in-exchange", n * size)
        self._trick = obs.add("trick", per_trick * size)
        self._leader = obs.add("trick-leader", n)
        self._trump = obs.add("trump-suit", 4)
        self._turned = self._face_up = self._drawn = self._buried = -1
        self._stock_known = -1
        whole = rules.deal is DealStyle.WHOLE
        if not whole:
            self._face_up = obs.add("trump-card", size)
            self._turned = obs.add("turned-card", size)
            self._drawn = obs.add("trump-drawn-by", n)
            if rules.redraw_ranks:
                self._buried = obs.add("buried", size)
                self._stock_known = obs.add("known-in-stock", size, high=size)
        self._stock = obs.add("stock-size", 1, high=size)
        self._sizes = obs.add("hand-sizes", n, high=rules.hand_size)
        sides = rules.sides
        self._points = obs.add("points", len(sides), high=max(1, rules.total_points))
        self._tricks = obs.add("tricks", len(sides), high=rules.tricks)
        self._bid = self._declarer = self._passed = self._called = self._partner = -1
        if rules.auction is not Auction.NONE:
            self._bid = obs.add("bid", len(ladder))
            self._declarer = obs.add("declarer", n)
            self._passed = obs.add("passed", n)
            self._called = obs.add("called-card", size)
            self._partner = obs.add("partner", n)
        self._to_move = obs.add("to-move", n)
        self._dealer = obs.add("dealer", n)
        self._phase = obs.add("phase", len(_PHASES))
        self._words = obs.add("words", n * len(Word)) if talk else -1
        self._signs = obs.add("signs", 2 * len(Signal)) if talk else -1
        self.observation_sections: Final[tuple[Section, ...]] = tuple(obs.sections)
        """The observation sections in order (see the guide for their
        meaning). Sections added in later versions come after these."""
        self.observation_size: Final[int] = len(obs.high)
        """The length of an encoded observation."""
        self.observation_high: Final[tuple[int, ...]] = tuple(obs.high)
        """The count each entry of an encoded observation is divided by:
        1 for the flags, the bound of each count (the largest it can be).
        Entry ``i`` holds ``count / observation_high[i]``, so
        ``round(vector[i] * observation_high[i])`` gives the count back.
        (In layout version 1 the entries held the counts themselves, from
        0 to these bounds.)"""
        # The scaled values of each count, computed once: entry c is
        # c / high, the division that encode documents.
        high = self.observation_high
        self._stock_value = _scaled(high[self._stock])
        self._position_value = _scaled(high[self._stock_known]) if self._stock_known >= 0 else ()
        self._size_value = _scaled(high[self._sizes])
        self._points_value = _scaled(high[self._points])
        self._points_high = high[self._points]
        self._tricks_value = _scaled(high[self._tricks])
        self._one_seat_sides = len(sides) == n

        self._rel, self._side_place = seat_orders(n, sides)
        points = dict(rules.card_points)
        self._prefixed = rules.deal is DealStyle.CUT_OR_KNOCK or rules.auction is not Auction.NONE
        self._played_base = tuple(
            tuple(self._played + rel * size for rel in self._rel[seat]) for seat in range(n)
        )
        # Per observing seat and actor, the entry of each card it plays.
        self._played_at = tuple(
            tuple({card: base + i for i, card in enumerate(pack)} for base in bases)
            for bases in self._played_base
        )
        self._hand_at = {card: self._hand + i for i, card in enumerate(pack)}
        self._points_of = {card: points.get(card.rank, 0) for card in FULL_PACK}
        self._given_base = tuple(
            tuple(self._given + rel * size for rel in self._rel[seat]) for seat in range(n)
        )
        self._phase_index = {phase: i for i, phase in enumerate(_PHASES)}
        # Per observing seat, the seats of each side in the order of
        # place (for the points and tricks of sides of several seats).
        self._side_members = tuple(
            tuple(tuple(s for s in range(n) if place[s] == k) for k in range(len(sides)))
            for place in self._side_place
        )
        # For _encode_change: a zeroed vector to clear sections from, and
        # the runs of entries it clears (from each run's first section to
        # the end of its last).
        self._zero = array.array("f", bytes(4 * self.observation_size))
        stop = {section.start: section.stop for section in obs.sections}
        self._dealt_range = (self._dealt, stop.get(self._dealt, 0))
        self._face_up_range = (
            self._face_up,
            stop[self._stock_known] if self._stock_known >= 0 else stop.get(self._drawn, 0),
        )
        self._contract_range = (self._bid, stop.get(self._partner, 0))
        self._word_index = {word: i for i, word in enumerate(Word)}
        self._signal_index = {signal: i for i, signal in enumerate(Signal)}

    def __repr__(self) -> str:
        return f"Encoding(<{self.rules.players}-seat rules>)"

    # -- actions ---------------------------------------------------------

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action, in index order: ``actions[i]`` is
        ``action(i)``.

        >>> from briscola import preset
        >>> Encoding(preset("split-2p")).actions[40:]
        (Cut(), Knock())
        """
        return self._actions

    def action(self, index: int) -> Action:
        """The action at ``index``.

        Args:
            index: An int from 0 to :attr:`num_actions` - 1 (NumPy
                integers are accepted).

        Returns:
            The action.

        Raises:
            ValueError: If ``index`` is not such an integer.

        >>> from briscola import preset
        >>> encoding = Encoding(preset("bastardo"))
        >>> encoding.action(41), encoding.action(100)
        (Bid(points=61, rank=None), Bid(points=120, rank=None))
        >>> encoding.action(200)
        Traceback (most recent call last):
        ...
        ValueError: an action index of these rules is an int from 0 to 140, not 200
        """
        try:
            position = index.__index__()
        except (AttributeError, TypeError):
            position = -1
        if isinstance(index, bool) or not 0 <= position < self.num_actions:
            raise ValueError(
                "an action index of these rules is an int from 0 to "
                f"{self.num_actions - 1}, not {index!r}"
            )
        return self._actions[position]

    def index(self, action: Action) -> int:
        """The index of ``action``.

        Args:
            action: An action of these rules.

        Returns:
            Its index, from 0 to :attr:`num_actions` - 1.

        Raises:
            ValueError: If the rules have no such action (a bid in a game
                without an auction, a card removed from the pack, ...).

        >>> from briscola import preset, Bid, Pass
        >>> encoding = Encoding(preset("bastardo"))
        >>> encoding.index(Pass()), encoding.index(Bid(61))
        (40, 41)
        >>> Encoding(preset("italian-2p")).index(Bid(61))
        Traceback (most recent call last):
        ...
        ValueError: these rules have no action bid 61
        """
        try:
            found = self._index.get(action, -1)
        except TypeError:  # not hashable: not an action
            found = -1
        if found < 0:
            raise ValueError(f"these rules have no action {action}")
        return found

    def legal_indices(self, source: GameState | MatchState | Observation) -> list[int]:
        """The indices of the legal actions, in the order of
        :func:`~briscola.legal_actions`.

        For an observation: the legal actions of its seat when that seat is
        to move, else none, worked out from what the seat sees (as
        :func:`~briscola.legal_actions` does).

        Args:
            source: A deal, a match or an observation of these rules.

        Returns:
            The indices.

        Raises:
            ValueError: If ``source`` belongs to other rules.
            TypeError: If ``source`` is none of those.

        >>> from briscola import new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> encoding = Encoding(state.rules)
        >>> encoding.legal_indices(observe(state, 0)), encoding.legal_indices(observe(state, 1))
        ([5, 18, 26], [])
        """
        if type(source) is not GameState and not isinstance(source, (MatchState, Observation)):
            raise TypeError(
                f"legal_indices takes a GameState, MatchState or Observation, not {source!r}"
            )
        self._check_rules(source.rules)
        actions = legal_actions(source)
        try:
            return list(map(self._by_id.__getitem__, map(id, actions)))
        except KeyError:  # an action that is not interned (a bid)
            return [self.index(action) for action in actions]

    def mask(self, source: GameState | MatchState | Observation) -> list[int]:
        """The legal-action mask: ``1`` at the index of each legal action,
        ``0`` elsewhere (see :meth:`legal_indices`).

        >>> from briscola import new_game, preset
        >>> state = new_game(preset("split-2p"), seed=1)
        >>> Encoding(state.rules).mask(state)[-3:]
        [0, 1, 1]
        """
        mask = [0] * self.num_actions
        for i in self.legal_indices(source):
            mask[i] = 1
        return mask

    def _check_rules(self, rules: Rules) -> None:
        if rules is not self.rules and rules != self.rules:
            raise ValueError("this encoding was built for other rules")

    # -- observations -----------------------------------------------------

    def encode(self, observation: Observation) -> list[float]:
        """The observation as :attr:`observation_size` floats, each in
        [0, 1] (layout version 2, :data:`LAYOUT_VERSION`).

        A flag is ``0.0`` or ``1.0``. A count (the stock's size, the hand
        sizes, the points and tricks of each side, the places of the known
        cards in the stock) is ``count / high``, where ``high`` is the
        entry's :attr:`observation_high`, the count's bound: a Python
        float, the IEEE double quotient of the two whole numbers, so that
        it is 1.0 exactly when the count is at its bound and
        ``round(value * high)`` gives the count back. An array of float32
        (:meth:`encode_into`, the environments) stores that quotient
        rounded to float32, which equals the float32 quotient (float64
        holds more than twice float32's digits, so rounding twice loses
        nothing): another implementation, a batched NumPy one for
        instance, reproduces every entry bit for bit by dividing the same
        whole numbers in float64 or in float32.

        Only the deal is encoded: a match's record
        (:attr:`~briscola.Observation.match_results`) is left out.

        Args:
            observation: An observation of these rules.

        Returns:
            A new list of floats, entry ``i`` a count divided by
            ``observation_high[i]``.

        Raises:
            ValueError: If the observation belongs to other rules.

        >>> from briscola import new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> encoding = Encoding(state.rules)
        >>> vector = encoding.encode(observe(state, 0))
        >>> hand = encoding.observation_sections[0]
        >>> [i for i in range(hand.start, hand.stop) if vector[i]]
        [5, 18, 26]
        >>> stock = next(s for s in encoding.observation_sections if s.name == "stock-size")
        >>> vector[stock.start], encoding.observation_high[stock.start]
        (0.825, 40)
        """
        out = [0.0] * self.observation_size
        self.encode_into(observation, out)
        return out

    def encode_into(self, observation: Observation, out: MutableSequence[float] | object) -> None:
        """Write the encoding of ``observation`` into ``out``. (The batched
        engine writes the same entries from its arrays in the
        ``write_observation`` kernel, in ``briscola/vector/_observing.py``.)

        The fast path of :meth:`encode`: ``out`` must hold
        ``observation_size`` zeros (a list, an ``array.array``, a
        NumPy array, ...); only the non-zero entries are written, as
        :meth:`encode` gives them (an array of float32 rounds them to
        float32).

        Args:
            observation: An observation of these rules.
            out: A zeroed, writable sequence of floats (an array of
                integers would cut the counts down to 0).

        Raises:
            ValueError: If the observation belongs to other rules.

        >>> import array
        >>> from briscola import new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> encoding = Encoding(state.rules)
        >>> out = array.array("f", bytes(4 * encoding.observation_size))
        >>> encoding.encode_into(observe(state, 0), out)
        >>> out == array.array("f", encoding.encode(observe(state, 0)))
        True
        """
        seen = observation
        if seen.rules is not self.rules:
            self._check_rules(seen.rules)
        # ``out`` is typed ``object`` for the NumPy arrays and the like that
        # are no MutableSequence but take item assignment all the same.
        o = cast("MutableSequence[float]", out)
        seat = seen.seat
        rel = self._rel[seat]
        slot = self._slot
        size = len(self._pack)

        for i in map(self._hand_at.__getitem__, seen.hand):
            o[i] = 1.0
        base = self._known - size
        for s, cards in enumerate(seen.known_hands):
            if cards and s != seat:
                start = base + rel[s] * size
                for card in cards:
                    o[start + slot[card.index]] = 1.0
        if self._dealt >= 0:
            base = self._dealt - size
            for s, cards in enumerate(seen.shown_dealt):
                if cards and s != seat:
                    start = base + rel[s] * size
                    for card in cards:
                        o[start + slot[card.index]] = 1.0

        history = seen.history
        actors = seen.actors
        if self._given < 0 and self._words < 0:
            # Without exchanges or talk, every action after the first card played
            # is a card played: skip the cut or the auction, then let C
            # loops find the entries.
            start = 0
            if self._prefixed:
                end = len(history)
                while start < end and type(history[start]) is not Play:
                    start += 1
                history = history[start:]
                actors = actors[start:]
            played_at = self._played_at[seat]
            for i in map(_getitem, map(played_at.__getitem__, actors), map(_card, history)):
                o[i] = 1.0
        else:
            played = self._played_base[seat]
            given = self._given_base[seat]
            for action, actor in zip(history, actors):
                if type(action) is Play:
                    o[played[actor] + slot[action.card.index]] = 1.0
                elif type(action) is SwapTrump:
                    o[given[actor] + slot[action.card.index]] = 1.0

        trick = seen.trick
        if trick:
            base = self._trick
            for k, (_, card) in enumerate(trick):
                o[base + k * size + slot[card.index]] = 1.0
            o[self._leader + rel[trick[0][0]]] = 1.0
        trump = seen.trump
        if trump is not None:
            o[self._trump + trump.value] = 1.0
        if self._face_up >= 0:
            self._encode_face_up(seen, rel, o)
        o[self._stock] = self._stock_value[seen.stock_size]
        base = self._sizes
        size_value = self._size_value
        for s, count in enumerate(seen.hand_sizes):
            if count:
                o[base + rel[s]] = size_value[count]

        place = self._side_place[seat]
        points = self._points_of.__getitem__
        base_points = self._points
        base_tricks = self._tricks
        points_value = self._points_value
        tricks_value = self._tricks_value
        if self._one_seat_sides:
            for s, pile in enumerate(seen.piles):
                if pile:
                    o[base_points + place[s]] = points_value[sum(map(points, pile))]
            for s, won in enumerate(seen.tricks_won):
                if won:
                    o[base_tricks + place[s]] = tricks_value[won]
        else:
            # Sides of several seats: count each side's whole, then scale.
            piles = seen.piles
            tricks_won = seen.tricks_won
            for k, members in enumerate(self._side_members[seat]):
                taken = won = 0
                for s in members:
                    pile = piles[s]
                    if pile:
                        taken += sum(map(points, pile))
                    won += tricks_won[s]
                if taken:
                    o[base_points + k] = points_value[taken]
                if won:
                    o[base_tricks + k] = tricks_value[won]

        contract = seen.contract
        if contract is not None and self._bid >= 0:
            if contract.bid is not None:
                o[self._bid + self._bid_index[contract.bid] - self._bid_start] = 1.0
            if contract.declarer is not None:
                o[self._declarer + rel[contract.declarer]] = 1.0
            for s, passed in enumerate(contract.passed):
                if passed:
                    o[self._passed + rel[s]] = 1.0
            if contract.called_card is not None:
                o[self._called + slot[contract.called_card.index]] = 1.0
            if contract.partner is not None:
                o[self._partner + rel[contract.partner]] = 1.0
        if seen.to_move is not None:
            o[self._to_move + rel[seen.to_move]] = 1.0
        o[self._dealer + rel[seen.dealer]] = 1.0
        o[self._phase + self._phase_index[seen.phase]] = 1.0
        if self._words >= 0:
            encode_talk(seen, rel, self._words, self._signs, o)

    def _encode_change(self, last: Observation, seen: Observation, out: array.array[float]) -> None:
        """Turn ``out``, the encoding of ``last``, into that of ``seen``: an
        observation of the same seat later in the same deal (whose history
        extends ``last``'s).

        The environments' fast path: only the sections whose fields
        changed are rewritten (cleared, then written as
        :meth:`encode_into` writes them), and only the actions taken since
        ``last`` are added to the played cards. ``out`` is an array of
        float32 (``array.array("f")``). tests/test_encoding.py checks it
        against :meth:`encode` at every step of random deals of every
        preset.
        """
        o = out
        zero = self._zero
        seat = seen.seat
        rel = self._rel[seat]
        slot = self._slot
        size = len(self._pack)

        if seen.hand is not last.hand:
            hand_at = self._hand_at
            for card in last.hand:
                o[hand_at[card]] = 0.0
            for card in seen.hand:
                o[hand_at[card]] = 1.0
        known = seen.known_hands
        if known is not last.known_hands:
            base = self._known - size
            for s, (cards, had) in enumerate(zip(known, last.known_hands)):
                if cards is not had and s != seat:
                    first = base + rel[s] * size
                    for card in had:
                        o[first + slot[card.index]] = 0.0
                    for card in cards:
                        o[first + slot[card.index]] = 1.0
        if self._dealt >= 0 and seen.shown_dealt is not last.shown_dealt:
            start, stop = self._dealt_range
            o[start:stop] = zero[start:stop]
            base = self._dealt - size
            for s, cards in enumerate(seen.shown_dealt):
                if cards and s != seat:
                    first = base + rel[s] * size
                    for card in cards:
                        o[first + slot[card.index]] = 1.0

        history = seen.history
        done = len(last.history)
        talked = len(history) != done
        if talked:
            played = self._played_base[seat]
            given = self._given_base[seat]
            actors = seen.actors
            for k in range(done, len(history)):
                action = history[k]
                if type(action) is Play:
                    o[played[actors[k]] + slot[action.card.index]] = 1.0
                elif type(action) is SwapTrump:
                    o[given[actors[k]] + slot[action.card.index]] = 1.0
                elif type(action) is Sign:
                    row = 0 if actors[k] == seat else len(Signal)
                    o[self._signs + row + self._signal_index[action.signal]] = 1.0

        trick = seen.trick
        before = last.trick
        if trick is not before:
            base = self._trick
            if before:
                for k, (_, card) in enumerate(before):
                    o[base + k * size + slot[card.index]] = 0.0
                o[self._leader + rel[before[0][0]]] = 0.0
            if trick:
                for k, (_, card) in enumerate(trick):
                    o[base + k * size + slot[card.index]] = 1.0
                o[self._leader + rel[trick[0][0]]] = 1.0
        if seen.trump is not last.trump:
            start, stop = self._trump, self._trump + 4
            o[start:stop] = zero[start:stop]
            if seen.trump is not None:
                o[self._trump + seen.trump.value] = 1.0
        if self._face_up >= 0 and (
            seen.trump_card is not last.trump_card
            or seen.turned_card is not last.turned_card
            or seen.trump_drawn is not last.trump_drawn
            or seen.buried is not last.buried
            or seen.stock_known is not last.stock_known
        ):
            start, stop = self._face_up_range
            o[start:stop] = zero[start:stop]
            self._encode_face_up(seen, rel, o)
        o[self._stock] = self._stock_value[seen.stock_size]
        if seen.hand_sizes != last.hand_sizes:
            base = self._sizes
            size_value = self._size_value
            for s, count in enumerate(seen.hand_sizes):
                o[base + rel[s]] = size_value[count]

        if seen.piles is not last.piles or seen.tricks_won is not last.tricks_won:
            # Each side's points read back from its entry (exactly), plus
            # those of the cards its seats took since: piles only grow.
            points = self._points_of.__getitem__
            base_points = self._points
            base_tricks = self._tricks
            points_value = self._points_value
            tricks_value = self._tricks_value
            high = self._points_high
            piles = seen.piles
            kept_piles = last.piles
            tricks_won = seen.tricks_won
            for k, members in enumerate(self._side_members[seat]):
                i = base_points + k
                taken = round(o[i] * high)
                won = 0
                for s in members:
                    pile = piles[s]
                    kept = kept_piles[s]
                    if pile is not kept:
                        taken += sum(map(points, pile[len(kept) :]))
                    won += tricks_won[s]
                o[i] = points_value[taken]
                o[base_tricks + k] = tricks_value[won]

        if self._bid >= 0 and seen.contract is not last.contract:
            start, stop = self._contract_range
            o[start:stop] = zero[start:stop]
            contract = seen.contract
            if contract is not None:
                if contract.bid is not None:
                    o[self._bid + self._bid_index[contract.bid] - self._bid_start] = 1.0
                if contract.declarer is not None:
                    o[self._declarer + rel[contract.declarer]] = 1.0
                for s, passed in enumerate(contract.passed):
                    if passed:
                        o[self._passed + rel[s]] = 1.0
                if contract.called_card is not None:
                    o[self._called + slot[contract.called_card.index]] = 1.0
                if contract.partner is not None:
                    o[self._partner + rel[contract.partner]] = 1.0
        if seen.to_move != last.to_move:
            if last.to_move is not None:
                o[self._to_move + rel[last.to_move]] = 0.0
            if seen.to_move is not None:
                o[self._to_move + rel[seen.to_move]] = 1.0
        if seen.dealer != last.dealer:
            o[self._dealer + rel[last.dealer]] = 0.0
            o[self._dealer + rel[seen.dealer]] = 1.0
        if seen.phase is not last.phase:
            o[self._phase + self._phase_index[last.phase]] = 0.0
            o[self._phase + self._phase_index[seen.phase]] = 1.0
        if self._words >= 0 and (talked or trick is not before):
            # The words said in the trick in progress (the signs, made
            # once for the deal, were added with the history above).
            start = self._words
            stop = self._signs
            o[start:stop] = zero[start:stop]
            words = len(Word)
            word_index = self._word_index
            for actor, talk in talk_this_trick(history, seen.actors, len(trick)):
                if type(talk) is Say:
                    o[start + rel[actor] * words + word_index[talk.word]] = 1.0

    def _encode_face_up(
        self, seen: Observation, rel: Sequence[int], o: MutableSequence[float]
    ) -> None:
        """Write the sections of the face-up trump card, the turned card,
        who drew it and the redraw's cards (zeroed before) of ``seen``:
        the part :meth:`encode_into` and :meth:`_encode_change` share."""
        slot = self._slot
        face_up = seen.trump_card
        if face_up is not None:
            o[self._face_up + slot[face_up.index]] = 1.0
        turned = seen.turned_card
        if turned is not None:
            o[self._turned + slot[turned.index]] = 1.0
        if seen.trump_drawn is not None:
            o[self._drawn + rel[seen.trump_drawn[0]]] = 1.0
        if self._buried >= 0:
            for card in seen.buried:
                o[self._buried + slot[card.index]] = 1.0
            position_value = self._position_value
            for position, card in seen.stock_known:
                o[self._stock_known + slot[card.index]] = position_value[position + 1]

    def describe(self, vector: Sequence[float]) -> dict[str, list[float]]:
        """The non-zero entries of an encoded observation, by section: a
        reading aid for debugging.

        Args:
            vector: An encoded observation.

        Returns:
            For each section with a non-zero entry, its name and the
            entries' offsets within the section with their values, as
            ``[offset, value, offset, value, ...]``: the values as in the
            vector, a count divided by its bound (:attr:`observation_high`).

        Raises:
            ValueError: If ``vector`` is not :attr:`observation_size` long.

        >>> from briscola import new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> encoding = Encoding(state.rules)
        >>> described = encoding.describe(encoding.encode(observe(state, 0)))
        >>> described["hand"], described["stock-size"]
        ([5, 1.0, 18, 1.0, 26, 1.0], [0, 0.825])
        """
        if len(vector) != self.observation_size:
            raise ValueError(
                f"an encoded observation has {self.observation_size} entries, not {len(vector)}"
            )
        return describe(self.observation_sections, vector)


def _scaled(high: int) -> tuple[float, ...]:
    """``count / high`` for every count from 0 to ``high``: the values
    :meth:`Encoding.encode` gives a count of that bound."""
    return tuple([count / high for count in range(high + 1)])


_ENCODINGS: dict[Rules, Encoding] = {}


@per_rules(_ENCODINGS)
def encoding_for(rules: Rules) -> Encoding:
    """The :class:`Encoding` of ``rules``, built once and cached.

    >>> from briscola import preset
    >>> encoding_for(preset("italian-2p")) is encoding_for(preset("italian-2p"))
    True
    """
    return Encoding(rules)
