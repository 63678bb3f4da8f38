"""Briscola bastardo's auction and call."""

from __future__ import annotations

import functools

from ._actions import CALLS, PASS, Action, Bid, Call, IllegalActionError, Pass
from ._rules import AUCTION_CHIAMATA, Rules
from ._state import (
    PHASE_BIDDING,
    PHASE_CALLING,
    PHASE_OVER,
    PHASE_PLAYING,
    Contract,
    GameState,
    contracted,
)

__all__ = [
    "auction_actions",
    "apply_bid",
    "apply_pass",
    "apply_call",
    "call_actions",
    "bid_ladder",
]



@functools.lru_cache(maxsize=64)
def bid_ladder(rules: Rules) -> tuple[Bid, ...]:
    """Every bid of the rules' auction, lowest first.

    In the points auction: ``Bid(min_bid)`` to ``Bid(total_points)``. In
    the chiamata: ``Bid(min_bid, rank)`` for each rank from the strongest
    down, then ``Bid(points, weakest rank)`` for each higher score.
    """
    total = rules.total_points
    if rules.auction is AUCTION_CHIAMATA:
        weakest = rules.strength[-1]
        ranks = tuple(Bid(rules.min_bid, rank) for rank in rules.strength)
        return ranks + tuple(Bid(points, weakest) for points in range(rules.min_bid + 1, total + 1))
    return tuple(Bid(points) for points in range(rules.min_bid, total + 1))


@functools.lru_cache(maxsize=64)
def _ladder_index(rules: Rules) -> dict[Bid, int]:
    return {bid: i for i, bid in enumerate(bid_ladder(rules))}


def auction_actions(state: GameState) -> tuple[Action, ...]:
    """``Pass()`` first, then every bid above the highest so far, lowest
    first."""
    contract: Contract = state.contract  # type: ignore[assignment]
    ladder = bid_ladder(state.rules)
    start = 0 if contract.bid is None else _ladder_index(state.rules)[contract.bid] + 1
    return (PASS,) + ladder[start:]


def call_actions(state: GameState) -> tuple[Action, ...]:
    """Every card the declarer may call, in canonical order: any card of
    the pack, or in the chiamata a card of the rank bid."""
    contract: Contract = state.contract  # type: ignore[assignment]
    rank = contract.bid.rank if contract.bid is not None else None
    return tuple(
        CALLS[card.index] for card in state.rules.pack if rank is None or card.rank is rank
    )


def _next_bidder(passed: tuple[bool, ...], seat: int) -> int:
    n = len(passed)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if not passed[candidate]:
            return candidate
    return seat  # pragma: no cover - the auction has ended before this


def _after_auction(state: GameState, seat: int, action: Action, contract: Contract) -> GameState:
    """The state after ``seat``'s bid or pass: the auction goes on, ends
    with a declarer, or ends void."""
    remaining = contract.passed.count(False)
    if remaining == 0:
        phase, to_move = PHASE_OVER, None
    elif remaining == 1 and contract.bid is not None:
        phase, to_move = PHASE_CALLING, contract.declarer
    else:
        phase, to_move = PHASE_BIDDING, _next_bidder(contract.passed, seat)
    return contracted(
        state,
        phase=phase,
        to_move=to_move,
        trump=state.trump,
        history=state.history + (action,),
        actors=state.actors + (seat,),
        contract=contract,
    )


def apply_bid(state: GameState, action: Bid) -> GameState:
    """Raise the contract to ``action``."""
    seat: int = state.to_move  # type: ignore[assignment]
    contract: Contract = state.contract  # type: ignore[assignment]
    index = _ladder_index(state.rules)
    position = index.get(action)
    if position is None:
        ladder = bid_ladder(state.rules)
        if state.rules.auction is AUCTION_CHIAMATA:
            reason = (
                f"a chiamata bid names a rank at {state.rules.min_bid} points, or the "
                f"{ladder[-1].rank} at {state.rules.min_bid + 1} to {ladder[-1].points}"
            )
        else:
            reason = f"bids run from {ladder[0].points} to {ladder[-1].points} points, with no rank"
        raise IllegalActionError(f"seat {seat} cannot {action}: {reason}")
    if contract.bid is not None and position <= index[contract.bid]:
        raise IllegalActionError(
            f"seat {seat} cannot {action}: it must be above the highest bid ({contract.bid})"
        )
    bid = bid_ladder(state.rules)[position]
    new = Contract(bid=bid, declarer=seat, passed=contract.passed)
    return _after_auction(state, seat, bid, new)


def apply_pass(state: GameState, action: Pass) -> GameState:
    """Pass for good."""
    seat: int = state.to_move  # type: ignore[assignment]
    contract: Contract = state.contract  # type: ignore[assignment]
    passed = contract.passed[:seat] + (True,) + contract.passed[seat + 1 :]
    new = Contract(bid=contract.bid, declarer=contract.declarer, passed=passed)
    return _after_auction(state, seat, PASS, new)


def apply_call(state: GameState, action: Call) -> GameState:
    """Name the called card: trump suit and secret partner."""
    seat: int = state.to_move  # type: ignore[assignment]
    contract: Contract = state.contract  # type: ignore[assignment]
    card = action.card
    if CALLS[card.index] not in call_actions(state):
        rank = contract.bid.rank if contract.bid is not None else None
        reason = "it is not in this pack" if rank is None else f"the contract calls a {rank}"
        raise IllegalActionError(f"seat {seat} cannot call the {card}: {reason}")
    partner = next(s for s, hand in enumerate(state.hands) if card in hand)
    new = Contract(
        bid=contract.bid,
        declarer=contract.declarer,
        passed=contract.passed,
        called_card=card,
        partner=partner,
    )
    return contracted(
        state,
        phase=PHASE_PLAYING,
        to_move=(state.dealer + 1) % state.rules.players,
        trump=card.suit,
        history=state.history + (CALLS[card.index],),
        actors=state.actors + (seat,),
        contract=new,
    )
