"""Table talk (internal kernels): whether talk is still allowed, a word
said and a sign made (the engine's ``briscola._talk.may_talk``,
``apply_say`` and ``apply_sign``; who sees a sign is
:func:`briscola._heard.partner_of`).
"""

from __future__ import annotations

from ._compiling import inlined
from ._deals import Deals
from ._rulebook import PLAYING, Rulebook

__all__ = ["make_sign", "may_talk", "say_word"]


@inlined
def may_talk(r: Rulebook, d: Deals, i: int) -> bool:
    """Whether the seat to move in deal ``i`` may still talk: in trick
    play, until the stock and the face-up card have been drawn."""
    return bool(r.talk) and d.phase[i] == PLAYING and (d.left[i] > 0 or d.up[i])


@inlined
def say_word(r: Rulebook, d: Deals, i: int, word: int) -> None:
    """The seat to move in deal ``i`` says ``word`` (heard by all); it
    moves again, and says no more this turn."""
    d.said[i, d.mover[i], word] = True
    d.talked[i] |= 1
    d.swapped[i] = False


@inlined
def make_sign(r: Rulebook, d: Deals, i: int, signal: int) -> None:
    """The seat to move in deal ``i`` makes the sign ``signal`` (seen by
    its partner alone); it moves again, and signs no more this turn."""
    d.signed[i, d.mover[i], signal] = True
    d.talked[i] |= 2
    d.swapped[i] = False
