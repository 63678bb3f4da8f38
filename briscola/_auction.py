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
    AuctionState,
    GameState,
    Phase,
    contracted,
    make_contract,
)
from ._trick import CACHE_LIMIT, Table

__all__ = [
    "auction_actions",
    "apply_bid",
    "apply_pass",
    "apply_call",
    "call_actions",
    "bids_above",
    "calls_after",
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


_LADDERS: dict[Table, Ladder] = {}
"""Per rules table, its ladder (the table is the key: it hashes by
identity, with no Python code, and is shared by every deal of its rules),
emptied past :data:`~briscola._trick.CACHE_LIMIT` entries as every per-rules
cache is."""


def _new_ladder(table: Table) -> Ladder:
    """Compile and keep the ladder of ``table``'s rules (the slow path of
    :func:`ladder_of`, once per rules)."""
    if len(_LADDERS) > CACHE_LIMIT:
        _LADDERS.clear()
    ladder = _LADDERS[table] = Ladder(table.rules)
    return ladder


def ladder_of(state: GameState) -> Ladder:
    """The ladder of the state's rules, kept beside its rules table."""
    table = state.setup.table
    return _LADDERS.get(table) or _new_ladder(table)


_Round = tuple[int, tuple[int, ...], tuple[tuple[bool, ...], ...]]
"""See :func:`_new_round`."""

_ROUNDS: dict[tuple[bool, ...], _Round] = {}
"""Per ``passed`` tuple of a contract, its :func:`_new_round`."""


def _new_round(passed: tuple[bool, ...]) -> _Round:
    """What the auction needs to know about who has passed, worked out once
    per ``passed`` tuple (there are at most ``2 ** players``) instead of
    on every bid and pass: the number of seats still in, per seat the next
    seat still in after it (itself when none), and per seat ``passed``
    with that seat passed too."""
    n = len(passed)
    after = tuple(
        next(
            ((seat + step) % n for step in range(1, n + 1) if not passed[(seat + step) % n]),
            seat,
        )
        for seat in range(n)
    )
    passing = tuple(passed[:seat] + (True,) + passed[seat + 1 :] for seat in range(n))
    found = _ROUNDS[passed] = (passed.count(False), after, passing)
    return found


def auction_actions(state: AuctionState) -> tuple[Action, ...]:
    """``Pass()`` first, then every bid above the highest so far, lowest
    first (one list per place on the ladder, made when it was compiled)."""
    return bids_above(state.setup.table, state.contract.bid)


def bids_above(table: Table, highest: Bid | None) -> tuple[Action, ...]:
    """The auction's legal actions under ``table``'s rules once ``highest``
    is the highest bid (``None`` before any): what :func:`auction_actions`
    gives a deal and :func:`briscola.legal_actions` an observation.

    Raises:
        ValueError: If ``highest`` is not a bid of these rules' auction.
    """
    ladder = _LADDERS.get(table) or _new_ladder(table)
    if highest is None:
        return ladder.actions[0]
    place = ladder.by_id.get(id(highest))
    if place is None:  # a bid not made by the engine: an observation's
        place = ladder.index.get(highest)
        if place is None:
            raise ValueError(f"{highest} is not a bid of these rules' auction")
    return ladder.actions[place + 1]


def call_actions(state: AuctionState) -> tuple[Action, ...]:
    """Every card the declarer may call, in canonical order: any card of
    the pack, or in the chiamata a card of the rank bid."""
    return calls_after(state.setup.table, state.contract.bid)


def calls_after(table: Table, bid: Bid | None) -> tuple[Action, ...]:
    """The calls that ``table``'s rules allow after the auction was won
    with ``bid``: :func:`call_actions` for a deal or an observation."""
    ladder = _LADDERS.get(table) or _new_ladder(table)
    return ladder.calls[bid.rank if bid is not None else None]


def _not_a_bid(state: GameState, seat: int, action: Bid, ladder: Ladder) -> IllegalActionError:
    """The error for a bid that is not on the rules' ladder."""
    bids = ladder.bids
    rules = state.rules
    if rules.auction is AUCTION_CHIAMATA:
        reason = (
            f"a chiamata bid names a rank at {rules.min_bid} points, or the "
            f"{bids[-1].rank} at {rules.min_bid + 1} to {bids[-1].points}"
        )
    else:
        reason = f"bids run from {bids[0].points} to {bids[-1].points} points, with no rank"
    return IllegalActionError(f"seat {seat} cannot {action}: {reason}")


def apply_bid(state: AuctionState, action: Bid) -> GameState:
    """Raise the contract to ``action``. (The batched engine's
    ``bid_or_pass`` kernel, in ``briscola/vector/_auction.py``, mirrors
    this and :func:`apply_pass`.)

    Fast because everything is looked up: the bid's place on the compiled
    ladder by the identity of the ladder's own bid objects (the ones
    :func:`auction_actions` hands out), and the next bidder in the
    :func:`_new_round` record of who has passed.
    """
    seat = state.to_move
    contract = state.contract
    table = state.setup.table
    ladder = _LADDERS.get(table) or _new_ladder(table)
    position = ladder.by_id.get(id(action))
    if position is None:  # a bid made by the caller, not one of ours
        position = ladder.index.get(action)
        if position is None:
            raise _not_a_bid(state, seat, action, ladder)
    highest = contract.bid
    if highest is not None:
        below = ladder.by_id.get(id(highest))
        if position <= (ladder.index[highest] if below is None else below):
            raise IllegalActionError(
                f"seat {seat} cannot {action}: it must be above the highest bid ({highest})"
            )
    bid = ladder.bids[position]
    passed = contract.passed
    remaining, after, _ = _ROUNDS.get(passed) or _new_round(passed)
    # The bidder is still in: when it is the only one, it declares.
    if remaining == 1:
        phase, to_move = PHASE_CALLING, seat
    else:
        phase, to_move = PHASE_BIDDING, after[seat]
    return _auction_step(state, seat, bid, phase, to_move, bid, seat, passed)


def apply_pass(state: AuctionState, action: Pass) -> GameState:
    """Pass for good: the auction goes on, ends with a declarer, or ends
    void (every seat passed). Looked up like :func:`apply_bid`."""
    seat = state.to_move
    contract = state.contract
    old = contract.passed
    passed = (_ROUNDS.get(old) or _new_round(old))[2][seat]
    remaining, after, _ = _ROUNDS.get(passed) or _new_round(passed)
    bid = contract.bid
    if remaining == 0:
        phase, to_move = PHASE_OVER, None
    elif remaining == 1 and bid is not None:
        phase, to_move = PHASE_CALLING, contract.declarer
    else:
        phase, to_move = PHASE_BIDDING, after[seat]
    return _auction_step(state, seat, PASS, phase, to_move, bid, contract.declarer, passed)


def _auction_step(
    state: GameState,
    seat: int,
    action: Action,
    phase: Phase,
    to_move: int | None,
    bid: Bid | None,
    declarer: int | None,
    passed: tuple[bool, ...],
) -> GameState:
    """``state`` after a bid or a pass by ``seat``: the auction's record
    and whose turn it is, nothing else."""
    return contracted(
        state,
        phase=phase,
        to_move=to_move,
        trump=state.trump,
        history=state.history + (action,),
        actors=state.actors + (seat,),
        contract=make_contract(
            bid=bid, declarer=declarer, passed=passed, called_card=None, partner=None
        ),
    )


def apply_call(state: AuctionState, action: Call) -> GameState:
    """Name the called card: trump suit and secret partner. (Mirrored by
    the batched engine's ``call_card`` kernel.)"""
    seat = state.to_move
    contract = state.contract
    card = action.card
    bid = contract.bid
    rank = bid.rank if bid is not None else None
    setup = state.setup
    table = setup.table
    if card not in (_LADDERS.get(table) or _new_ladder(table)).callable[rank]:
        article = "an" if rank is Rank.ACE else "a"
        reason = (
            "it is not in this pack" if rank is None else f"the contract calls {article} {rank}"
        )
        raise IllegalActionError(f"seat {seat} cannot call the {card}: {reason}")
    # Every card is dealt before the call: exactly one seat holds it.
    hands = state.hands
    partner = 0
    while card not in hands[partner]:
        partner += 1
    return contracted(
        state,
        phase=PHASE_PLAYING,
        to_move=(setup.dealer + 1) % table.players,
        trump=card.suit,
        history=state.history + (CALLS[card.index],),
        actors=state.actors + (seat,),
        contract=make_contract(
            bid=bid,
            declarer=contract.declarer,
            passed=contract.passed,
            called_card=card,
            partner=partner,
        ),
    )
