"""Stepping (internal kernels): every deal dealt anew, the actions checked
against the masks, and one action applied per live deal, by phase and by
section of the action layout; the deal's mask is written again after
each.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._auction import bid_or_pass, call_card
from ._compiling import inlined, kernel
from ._deal import clear_deal, deal_hands, wait_for_cut
from ._deals import Deals
from ._exchange import swap_trump
from ._legal import write_mask
from ._rulebook import BIDDING, CALLING, CUT_PHASE, Rulebook
from ._talk import make_sign, say_word
from ._tricks import play_card

__all__ = ["apply_action", "apply_move", "deal_all", "first_illegal", "step_deals"]


@kernel
def deal_all(r: Rulebook, d: Deals) -> None:
    """Deal every deal anew from ``d.deck`` and ``d.dealer`` (Split's deals
    wait for the cut or the knock)."""
    for i in range(d.deck.shape[0]):
        clear_deal(r, d, i)
        if r.act_cut >= 0:
            wait_for_cut(r, d, i)
        else:
            deal_hands(r, d, i, 0)
        write_mask(r, d, i)


@inlined
def apply_action(r: Rulebook, d: Deals, i: int, action: int) -> None:
    """Apply ``action`` (legal) for the seat to move in deal ``i``, and
    write the deal's new mask."""
    apply_move(r, d, i, action)
    write_mask(r, d, i)


@inlined
def apply_move(r: Rulebook, d: Deals, i: int, action: int) -> None:
    """Apply ``action`` (legal) for the seat to move in deal ``i``, by
    phase and by section of the action layout; the mask is left as it
    was (see :func:`apply_action`)."""
    phase = d.phase[i]
    if phase == CUT_PHASE:
        deal_hands(r, d, i, 0 if action == r.act_cut else 1)
    elif phase == BIDDING:
        bid_or_pass(r, d, i, action)
    elif phase == CALLING:
        call_card(r, d, i, action - r.act_call)
    elif action < r.cards:
        play_card(r, d, i, action)
    elif r.act_swap >= 0 and action < r.act_swap + r.cards:
        swap_trump(r, d, i, action - r.act_swap)
    elif action >= r.act_sign:
        make_sign(r, d, i, action - r.act_sign)
    else:
        say_word(r, d, i, action - r.act_say)
    d.version[i] += 1
    d.last_action[i] = action


@kernel
def first_illegal(r: Rulebook, d: Deals, actions: NDArray[np.int64]) -> int:
    """The first deal that goes on whose action (``actions[i, 0]``) is not
    legal, or -1."""
    for i in range(actions.shape[0]):
        if d.over[i]:
            continue
        action = actions[i, 0]
        if action < 0 or action >= r.actions or not d.mask[i, action]:
            return i
    return -1


@kernel
def step_deals(r: Rulebook, d: Deals, actions: NDArray[np.int64]) -> int:
    """Apply each deal's actions in turn (row ``i`` of ``actions``, up to
    its first -1; none in a deal that is over): the first deal where one
    is not legal, or -1 when all were."""
    for i in range(actions.shape[0]):
        for k in range(actions.shape[1]):
            action = actions[i, k]
            if action < 0 or d.over[i]:
                break
            if action >= r.actions or not d.mask[i, action]:
                return i
            apply_action(r, d, i, action)
    return -1
