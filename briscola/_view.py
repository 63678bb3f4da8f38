"""What a picture of the table shows: one neutral view of a deal, an
observation or a match, shared by the text tables and the SVG pictures.

This module reads the objects by their attributes only (the protocols
below): it never imports the modules that define them, so the state
classes may call the pictures from their ``__str__`` and ``_repr_svg_``
without an import cycle. What needs the engine (legal moves, an outcome,
an observation) goes through the public package ``briscola``, imported
when first needed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import attrs

from ._actions import (
    Action,
    Bid,
    Call,
    Cut,
    Knock,
    Pass,
    Play,
    Say,
    Sign,
    SwapTrump,
    talk_this_trick,
)
from ._cards import Card, Suit
from ._rules import Auction, Rules
from ._trick import trick_winner

__all__ = ["Drawable", "View", "view_of"]


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class _ContractLike(Protocol):
    @property
    def bid(self) -> Bid | None: ...
    @property
    def declarer(self) -> int | None: ...
    @property
    def passed(self) -> tuple[bool, ...]: ...
    @property
    def called_card(self) -> Card | None: ...
    @property
    def partner(self) -> int | None: ...


class _OutcomeLike(Protocol):
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


class _DealLike(Protocol):
    """What a deal and an observation of it both have."""

    @property
    def rules(self) -> Rules: ...
    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> _Named: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def trump_card(self) -> Card | None: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> tuple[Action, ...]: ...
    @property
    def actors(self) -> tuple[int, ...]: ...
    @property
    def contract(self) -> _ContractLike | None: ...


class StateLike(_DealLike, Protocol):
    """The attributes of a :class:`~briscola.GameState` that are read."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...


class ObservationLike(_DealLike, Protocol):
    """The attributes of an :class:`~briscola.Observation` that are read."""

    @property
    def seat(self) -> int: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def known_hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def match_results(self) -> tuple[_OutcomeLike, ...] | None: ...
    @property
    def match_totals(self) -> tuple[int, ...] | None: ...


class MatchLike(Protocol):
    """The attributes of a :class:`~briscola.MatchState` that are read."""

    @property
    def rules(self) -> Rules: ...
    @property
    def game(self) -> StateLike: ...
    @property
    def results(self) -> tuple[_OutcomeLike, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def is_over(self) -> bool: ...


Drawable = StateLike | ObservationLike | MatchLike
"""What the pictures draw: a deal, an observation or a match."""


@attrs.frozen
class View:
    """A deal as one viewer sees it (``viewer`` ``None``: everything)."""

    rules: Rules
    viewer: int | None
    dealer: int
    phase: str
    to_move: int | None
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, the cards the viewer sees in that hand (face up)."""
    hand_sizes: tuple[int, ...]
    stock_size: int
    trump: Suit | None
    trump_card: Card | None
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    """The last completed trick (public: every card played is)."""
    last_taker: int | None
    piles: tuple[tuple[Card, ...], ...]
    tricks_won: tuple[int, ...]
    contract: _ContractLike | None
    legal: tuple[Action, ...]
    """The legal moves, when the viewer may know them (its own turn, or the
    omniscient view); else empty."""
    outcome: _OutcomeLike | None
    match_results: tuple[_OutcomeLike, ...] | None
    match_totals: tuple[int, ...] | None
    talk: tuple[tuple[int, Say | Sign], ...] = ()
    """Table talk since the trick in progress began, as ``(seat, action)``
    in order: every word, and the signs the viewer saw (all of them in the
    omniscient view)."""

    @property
    def pile_points(self) -> tuple[int, ...]:
        """Per seat, the points in its pile."""
        points = self.rules.points_of
        return tuple(sum(points(card) for card in pile) for pile in self.piles)

    @property
    def side_of(self) -> dict[int, int]:
        """Seat to the index of its fixed side, when there are teams."""
        if self.rules.teams is None:
            return {}
        return {seat: i for i, side in enumerate(self.rules.teams) for seat in side}

    @property
    def partner_known(self) -> int | None:
        """Bastardo's partner, when the viewer may know it."""
        return None if self.contract is None else self.contract.partner

    @property
    def is_over(self) -> bool:
        return self.phase == "OVER"

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]


def view_of(obj: Drawable, seat: int | None = None) -> View:
    """The :class:`View` of a deal, observation or match.

    Args:
        obj: A :class:`~briscola.GameState`, an
            :class:`~briscola.Observation` or a
            :class:`~briscola.MatchState` (read by its attributes).
        seat: Draw the deal as this seat sees it (through
            :func:`briscola.observe`); ``None`` for everything a state
            holds. An observation is always seen by its own seat.

    Raises:
        ValueError: If ``seat`` is given with an observation of another
            seat, or is not a seat of the rules.
        TypeError: If ``obj`` is none of the three.
    """
    import briscola

    if hasattr(obj, "game") and hasattr(obj, "results"):
        match: MatchLike = obj  # type: ignore[assignment]
        if seat is not None:
            observed = briscola.observe(match, seat)  # type: ignore[call-overload]
            return _from_observation(observed, match.game)
        return _from_state(match.game, match.results, match.totals)
    if hasattr(obj, "seat") and hasattr(obj, "known_hands"):
        seen: ObservationLike = obj  # type: ignore[assignment]
        if seat is not None and seat != seen.seat:
            raise ValueError(
                f"an observation of seat {seen.seat} cannot be drawn as seat {seat} sees it"
            )
        return _from_observation(seen, None)
    if hasattr(obj, "hands") and hasattr(obj, "stock"):
        state: StateLike = obj
        if seat is not None:
            observed = briscola.observe(state, seat)  # type: ignore[call-overload]
            return _from_observation(observed, state)
        return _from_state(state, None, None)
    raise TypeError(f"expected a GameState, an Observation or a MatchState, not {obj!r}")


def _from_state(
    state: StateLike,
    results: tuple[_OutcomeLike, ...] | None,
    totals: tuple[int, ...] | None,
) -> View:
    import briscola

    last, taker = _last_trick(state)
    return View(
        rules=state.rules,
        viewer=None,
        dealer=state.dealer,
        phase=state.phase.name,
        to_move=state.to_move,
        hands=state.hands,
        hand_sizes=tuple(map(len, state.hands)),
        stock_size=len(state.stock),
        trump=state.trump,
        trump_card=state.trump_card,
        trick=state.trick,
        last_trick=last,
        last_taker=taker,
        piles=state.piles,
        tricks_won=state.tricks_won,
        contract=state.contract,
        legal=briscola.legal_actions(state),  # type: ignore[arg-type]
        outcome=briscola.outcome(state),  # type: ignore[arg-type]
        match_results=results,
        match_totals=totals,
        talk=_talk(state),
    )


def _from_observation(seen: ObservationLike, state: StateLike | None) -> View:
    """The view of an observation; ``state`` is the state it was made from,
    when known (it only saves sampling one for the legal moves and the
    outcome, which depend on nothing the seat cannot see)."""
    import briscola

    legal: tuple[Action, ...] = ()
    result: _OutcomeLike | None = None
    mover = seen.to_move == seen.seat
    over = seen.phase.name == "OVER"
    if mover or over:
        if state is None:
            # The seat to move knows its legal moves, and at the end every
            # card is public: any deal agreeing with the observation gives
            # the same moves and the same outcome.
            sample = briscola.sample_state(seen, random.Random(0))  # type: ignore[arg-type]
            state = sample
        assert state is not None
        if mover:
            legal = briscola.legal_actions(state)  # type: ignore[arg-type]
        if over:
            result = briscola.outcome(state)  # type: ignore[arg-type]
    last, taker = _last_trick(seen)
    return View(
        rules=seen.rules,
        viewer=seen.seat,
        dealer=seen.dealer,
        phase=seen.phase.name,
        to_move=seen.to_move,
        hands=seen.known_hands,
        hand_sizes=seen.hand_sizes,
        stock_size=seen.stock_size,
        trump=seen.trump,
        trump_card=seen.trump_card,
        trick=seen.trick,
        last_trick=last,
        last_taker=taker,
        piles=seen.piles,
        tricks_won=seen.tricks_won,
        contract=seen.contract,
        legal=legal,
        outcome=result,
        match_results=seen.match_results,
        match_totals=seen.match_totals,
        talk=_talk(seen),
    )


def _talk(deal: _DealLike) -> tuple[tuple[int, Say | Sign], ...]:
    """The words and signs in ``deal``'s history since the trick in
    progress began (its cards played so far, then back to the card before
    them)."""
    if not deal.rules.table_talk:
        return ()
    return tuple(reversed(talk_this_trick(deal.history, deal.actors, len(deal.trick))))


def _last_trick(deal: _DealLike) -> tuple[tuple[tuple[int, Card], ...], int | None]:
    """The last completed trick, as ``(seat, card)`` in play order, and the
    seat that took it; empty and ``None`` before the first trick ends."""
    rules = deal.rules
    size = rules.players * rules.plays_per_trick
    plays = [
        (seat, action.card)
        for seat, action in zip(deal.actors, deal.history)
        if isinstance(action, Play)
    ]
    done = len(plays) - len(deal.trick)
    if done < size:
        return (), None
    trick = tuple(plays[done - size : done])
    return trick, trick_winner(rules, deal.trump, trick)


def moves_text(legal: Sequence[Action]) -> list[str]:
    """The legal moves that are not a card to play, in short words."""
    words: list[str] = []
    bids = [action.points for action in legal if isinstance(action, Bid)]
    if bids:
        words.append(f"bid {min(bids)} to {max(bids)}" if len(bids) > 1 else f"bid {bids[0]}")
    for action in legal:
        if isinstance(action, (Cut, Knock, Pass)):
            words.append(str(action))
    if any(isinstance(action, Call) for action in legal):
        words.append("call a card")
    if any(isinstance(action, SwapTrump) for action in legal):
        words.append("exchange for the trump card")
    if any(isinstance(action, Say) for action in legal):
        words.append("say a word")
    if any(isinstance(action, Sign) for action in legal):
        words.append("make a sign")
    return words


def talk_text(view: View) -> str | None:
    """The table talk of the trick in progress in words, or ``None``."""
    if not view.talk:
        return None
    return ", ".join(
        f'{seat} says "{action.word.croatian}"'
        if isinstance(action, Say)
        else f"{seat} signs {action.signal}"
        for seat, action in view.talk
    )


def auction_text(view: View) -> str | None:
    """Bastardo's auction in words, or ``None`` without an auction."""
    contract = view.contract
    if view.rules.auction is Auction.NONE or contract is None:
        return None
    if contract.bid is None:
        text = "no bid yet" if not all(contract.passed) else "every seat passed: void deal"
    else:
        text = f"seat {contract.declarer} {contract.bid}"
    passed = [str(seat) for seat, flag in enumerate(contract.passed) if flag]
    if passed and contract.bid is not None:
        text += f"; passed: {', '.join(passed)}"
    return text
