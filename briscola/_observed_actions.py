"""What a seat may do, from what it sees: the legal actions of an
:class:`~briscola.Observation` (:func:`briscola.legal_actions` takes one).

The legal actions depend only on what the seat to move can see, so they
are worked out from the observation's own fields, by the same functions
that list a deal's (no deal is sampled to find them): the hand and the
face-up trump card, the tricks won, the stock's size and the seat's own
last action for trick play and the trump exchange; the talk since the last
card for table talk; the highest bid for bastardo's auction and call.
"""

from __future__ import annotations

from ._actions import CUT, KNOCK, Action
from ._auction import bids_above, calls_after
from ._heard import OPEN_TALK, SAID, SIGNED
from ._observe import Observation
from ._play import PLAYS_OF_HAND, trick_actions
from ._rules import EXCHANGE_NONE
from ._state import PHASE_BIDDING, PHASE_CALLING, PHASE_CUT_OR_KNOCK, PHASE_PLAYING
from ._talk import talk_open
from ._trick import table_for

__all__ = ["observed_actions"]


def observed_actions(seen: Observation) -> tuple[Action, ...]:
    """The legal actions of the observing seat, in the order of
    :func:`briscola.legal_actions`; ``()`` unless that seat is to move.

    Raises:
        ValueError: If the observation's highest bid is not a bid of its
            rules' auction (an observation edited by hand).
    """
    seat = seen.seat
    if seen.to_move != seat:
        return ()
    phase = seen.phase
    if phase is PHASE_PLAYING:
        rules = seen.rules
        face_up = seen.trump_card
        hand = seen.hand
        if face_up is None or rules.exchange is EXCHANGE_NONE:
            actions: tuple[Action, ...] = PLAYS_OF_HAND[len(hand)](hand)
        else:
            actions = trick_actions(
                table_for(rules),
                seat,
                hand,
                face_up,
                seen.tricks_won,
                seen.stock_size,
                seen.history,
            )
        if rules.table_talk:
            say, sign = talk_open(seen.stock_size, face_up is not None, seen.history)
            actions += OPEN_TALK[(0 if say else SAID) | (0 if sign else SIGNED)]
        return actions
    if phase is PHASE_CUT_OR_KNOCK:
        return (CUT, KNOCK)
    contract = seen.contract
    if contract is None:  # a deal without an auction is never bidding or calling
        return ()
    if phase is PHASE_BIDDING:
        return bids_above(table_for(seen.rules), contract.bid)
    if phase is PHASE_CALLING:
        return calls_after(table_for(seen.rules), contract.bid)
    return ()
