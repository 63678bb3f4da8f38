"""What a picture of the table shows: one neutral view of a deal, an
observation or a match (:class:`View`), shared by the text tables
(:func:`~briscola.text`) and the SVG pictures (:mod:`briscola.svg`).

The pictures sit above the engine and import it: the classes they draw
reach them only from their representation methods (``str()`` and
``_repr_svg_``, given by :class:`~briscola._drawn.Drawn`), as a
python-chess board draws itself with its svg module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeAlias

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
from ._engine import legal_actions, outcome
from ._match import MatchState
from ._observe import Observation, observe
from ._rules import Auction, Rules
from ._sample import sample_state
from ._state import Contract, GameState, Outcome, Phase
from ._trick import trick_winner

__all__ = ["Drawable", "View", "auction_text", "moves_text", "talk_text", "view_of"]

Drawable: TypeAlias = GameState | Observation | MatchState
"""What the pictures draw: a deal, an observation or a match."""


@attrs.frozen
class View:
    """A deal as one viewer sees it (``viewer`` ``None``: everything)."""

    rules: Rules
    viewer: int | None
    dealer: int
    phase: Phase
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
    contract: Contract | None
    legal: tuple[Action, ...]
    """The legal moves, when the viewer may know them (its own turn, or the
    omniscient view); else empty."""
    outcome: Outcome | None
    match_results: tuple[Outcome, ...] | None
    match_totals: tuple[int, ...] | None
    talk: tuple[tuple[int, Say | Sign], ...] = ()
    """Table talk since the trick in progress began, as ``(seat, action)``
    in order: every word, and the signs the viewer saw (all of them in the
    omniscient view)."""

    @property
    def phase_words(self) -> str:
        """The phase in words: ``"playing"``, ``"cut or knock"``..."""
        return self.phase.value.replace("-", " ")

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


def view_of(obj: Drawable, seat: int | None = None) -> View:
    """The :class:`View` of a deal, observation or match.

    Args:
        obj: A :class:`~briscola.GameState`, an
            :class:`~briscola.Observation` or a
            :class:`~briscola.MatchState`.
        seat: Draw the deal as this seat sees it (through
            :func:`~briscola.observe`); ``None`` for everything a state
            holds. An observation is always seen by its own seat.

    Raises:
        ValueError: If ``seat`` is given with an observation of another
            seat, or is not a seat of the rules.
        TypeError: If ``obj`` is none of the three.
    """
    if isinstance(obj, MatchState):
        if seat is not None:
            return _from_observation(observe(obj, seat), obj.game)
        return _from_state(obj.game, obj.results, obj.totals)
    if isinstance(obj, Observation):
        if seat is not None and seat != obj.seat:
            raise ValueError(
                f"an observation of seat {obj.seat} cannot be drawn as seat {seat} sees it"
            )
        return _from_observation(obj, None)
    if isinstance(obj, GameState):
        if seat is not None:
            return _from_observation(observe(obj, seat), obj)
        return _from_state(obj, None, None)
    raise TypeError(f"expected a GameState, an Observation or a MatchState, not {obj!r}")


def _from_state(
    state: GameState,
    results: tuple[Outcome, ...] | None,
    totals: tuple[int, ...] | None,
) -> View:
    last, taker = _last_trick(state)
    return View(
        rules=state.rules,
        viewer=None,
        dealer=state.dealer,
        phase=state.phase,
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
        legal=legal_actions(state),
        outcome=outcome(state),
        match_results=results,
        match_totals=totals,
        talk=_talk(state),
    )


def _from_observation(seen: Observation, state: GameState | None) -> View:
    """The view of an observation; ``state`` is the state it was made from,
    when known (it only saves sampling one for the outcome, which depends
    on nothing the seat cannot see)."""
    legal = legal_actions(seen)
    result: Outcome | None = None
    if seen.phase is Phase.OVER:
        if state is None:
            # At the end every card is public: any deal agreeing with the
            # observation has the same outcome.
            state = sample_state(seen, random.Random(0))
        result = outcome(state)
    last, taker = _last_trick(seen)
    return View(
        rules=seen.rules,
        viewer=seen.seat,
        dealer=seen.dealer,
        phase=seen.phase,
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


def _talk(deal: GameState | Observation) -> tuple[tuple[int, Say | Sign], ...]:
    """The words and signs in ``deal``'s history since the trick in
    progress began (its cards played so far, then back to the card before
    them)."""
    if not deal.rules.table_talk:
        return ()
    return tuple(reversed(talk_this_trick(deal.history, deal.actors, len(deal.trick))))


def _last_trick(
    deal: GameState | Observation,
) -> tuple[tuple[tuple[int, Card], ...], int | None]:
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
