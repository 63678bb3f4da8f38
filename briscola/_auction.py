"""Briscola bastardo's auction and call."""

from __future__ import annotations

from ._actions import CALLS, PASS, Action, Bid, Call, IllegalActionError, Pass
from ._cards import Rank
from ._rules import AUCTION_CHIAMATA, Rules
from ._state import (
    PHASE_BIDDING,
    PHASE_CALLING,
    PHASE_OVER,
    PHASE_PLAYING,
    Contract,
    GameState,
    contracted,
    make_contract,
)

__all__ = [
    "auction_actions",
    "apply_bid",
    "apply_pass",
    "apply_call",
    "call_actions",
    "bid_ladder",
]



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


class Ladder:
    """The rules' bids, compiled once per rules table (the auction's hot
    path: no hashing of the rules or of bids on the way).

    Attributes:
        bids: Every bid, lowest first (:func:`bid_ladder`).
        index: Per bid, its place in :attr:`bids`.
        by_id: The same, keyed by the identity of the ladder's own bid
            objects, which are the ones the engine keeps in contracts.
        actions: Per place ``i`` (and ``-1`` before any bid), the legal
            actions once that bid is the highest: ``Pass()``, then every
            higher bid.
        calls: Per rank a chiamata bid names (``None`` in the points
            auction), the cards the declarer may call, as actions.
        callable: The same, as a set of cards.
    """

    __slots__ = ("bids", "index", "by_id", "actions", "calls", "callable")

    def __init__(self, rules: Rules) -> None:
        self.bids = bid_ladder(rules)
        self.index = {bid: i for i, bid in enumerate(self.bids)}
        self.by_id = {id(bid): i for i, bid in enumerate(self.bids)}
        self.actions: tuple[tuple[Action, ...], ...] = tuple(
            (PASS,) + self.bids[i + 1 :] for i in range(-1, len(self.bids))
        )
        pack = rules.pack
        self.calls: dict[Rank | None, tuple[Action, ...]] = {
            rank: tuple(CALLS[card.index] for card in pack if rank is None or card.rank is rank)
            for rank in (None, *rules.strength)
        }
        self.callable = {
            rank: frozenset(card for card in pack if rank is None or card.rank is rank)
            for rank in (None, *rules.strength)
        }

    def place(self, bid: Bid) -> int | None:
        """Where ``bid`` stands on the ladder; ``None`` if it is not a bid
        of these rules."""
        place = self.by_id.get(id(bid))
        return self.index.get(bid) if place is None else place


_LADDERS: dict[int, tuple[Rules, Ladder]] = {}


def ladder_of(state: GameState) -> Ladder:
    """The ladder of the state's rules, kept beside its rules table."""
    table = state._setup.table
    found = _LADDERS.get(id(table))
    if found is None or found[0] is not table.rules:
        if len(_LADDERS) > 256:
            _LADDERS.clear()
        found = _LADDERS[id(table)] = (table.rules, Ladder(table.rules))
    return found[1]


def auction_actions(state: GameState) -> tuple[Action, ...]:
    """``Pass()`` first, then every bid above the highest so far, lowest
    first."""
    contract: Contract = state.contract  # type: ignore[assignment]
    ladder = ladder_of(state)
    if contract.bid is None:
        return ladder.actions[0]
    return ladder.actions[ladder.place(contract.bid) + 1]  # type: ignore[operator]


def call_actions(state: GameState) -> tuple[Action, ...]:
    """Every card the declarer may call, in canonical order: any card of
    the pack, or in the chiamata a card of the rank bid."""
    contract: Contract = state.contract  # type: ignore[assignment]
    return ladder_of(state).calls[contract.bid.rank if contract.bid is not None else None]


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
    compiled = ladder_of(state)
    position = compiled.place(action)
    if position is None:
        ladder = compiled.bids
        if state.rules.auction is AUCTION_CHIAMATA:
            reason = (
                f"a chiamata bid names a rank at {state.rules.min_bid} points, or the "
                f"{ladder[-1].rank} at {state.rules.min_bid + 1} to {ladder[-1].points}"
            )
        else:
            reason = f"bids run from {ladder[0].points} to {ladder[-1].points} points, with no rank"
        raise IllegalActionError(f"seat {seat} cannot {action}: {reason}")
    if contract.bid is not None and position <= compiled.place(contract.bid):  # type: ignore[operator]
        raise IllegalActionError(
            f"seat {seat} cannot {action}: it must be above the highest bid ({contract.bid})"
        )
    bid = compiled.bids[position]
    new = make_contract(
        bid=bid, declarer=seat, passed=contract.passed, called_card=None, partner=None
    )
    return _after_auction(state, seat, bid, new)


def apply_pass(state: GameState, action: Pass) -> GameState:
    """Pass for good."""
    seat: int = state.to_move  # type: ignore[assignment]
    contract: Contract = state.contract  # type: ignore[assignment]
    passed = contract.passed[:seat] + (True,) + contract.passed[seat + 1 :]
    new = make_contract(
        bid=contract.bid,
        declarer=contract.declarer,
        passed=passed,
        called_card=None,
        partner=None,
    )
    return _after_auction(state, seat, PASS, new)


def apply_call(state: GameState, action: Call) -> GameState:
    """Name the called card: trump suit and secret partner."""
    seat: int = state.to_move  # type: ignore[assignment]
    contract: Contract = state.contract  # type: ignore[assignment]
    card = action.card
    rank = contract.bid.rank if contract.bid is not None else None
    if card not in ladder_of(state).callable[rank]:
        reason = "it is not in this pack" if rank is None else f"the contract calls a {rank}"
        raise IllegalActionError(f"seat {seat} cannot call the {card}: {reason}")
    partner = next(s for s, hand in enumerate(state.hands) if card in hand)
    new = make_contract(
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
