"""The immutable state of a deal, its phases and its outcome."""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from ._actions import Action, Bid
from ._cards import Card, Suit
from ._rules import Rules
from ._table import Table, table_for

__all__ = [
    "GameState",
    "Setup",
    "Phase",
    "Contract",
    "Outcome",
    "Seat",
    "make_state",
    "StateBuilder",
]


Seat: TypeAlias = int
"""A seat number, ``0`` to ``players - 1``, in playing order."""


class Phase(enum.Enum):
    """What a deal is waiting for.

    >>> Phase.PLAYING.value
    'playing'
    """

    CUT_OR_KNOCK = "cut-or-knock"
    """Split dealing: the previous dealer is to :class:`~briscola.Cut` or
    :class:`~briscola.Knock`; no card is dealt yet."""
    BIDDING = "bidding"
    """Bastardo's auction."""
    CALLING = "calling"
    """Bastardo: the declarer is to :class:`~briscola.Call` a card."""
    PLAYING = "playing"
    """Tricks are being played."""
    OVER = "over"
    """Every card is played, or the auction ended with every seat passing."""


# On Python 3.11 an attribute lookup on an Enum class costs several times a
# global lookup.
_OVER = Phase.OVER


@attrs.frozen
class Contract:
    """Bastardo's auction and call, as far as they have gone (SPEC §7).

    >>> from briscola import new_game, preset, apply, Bid
    >>> state = apply(new_game(preset("bastardo"), seed=1), Bid(70))
    >>> state.contract.bid, state.contract.declarer
    (Bid(points=70, rank=None), 0)
    """

    bid: Bid | None = None
    """The highest bid so far (the contract, once the auction ends)."""
    declarer: int | None = None
    """The seat of the highest bid."""
    passed: tuple[bool, ...] = ()
    """Per seat, whether it has passed."""
    called_card: Card | None = None
    """The card the declarer called; ``None`` until the call."""
    partner: int | None = None
    """The holder of the called card (the declarer when playing alone);
    a secret: only :func:`~briscola.observe` decides who may see it."""


@attrs.frozen(weakref_slot=False)
class Setup:
    """What stays fixed through a deal once it is dealt: the rules, the
    pack order, the dealer and the cards buried by the redraw.

    States share one :class:`Setup`, so applying an action copies one
    reference instead of four. :class:`GameState` reads it through its
    properties ``rules``, ``pack``, ``dealer`` and ``buried``.

    >>> from briscola import new_game, preset
    >>> state = new_game(preset("finnish-2p"), seed=2)
    >>> state.setup.dealer == state.dealer == 1
    True
    """

    rules: Rules
    """The rules of the deal."""
    pack: tuple[Card, ...]
    """The pack order the deal was dealt from (index 0 dealt first)."""
    dealer: int
    """The seat that dealt."""
    buried: tuple[Card, ...] = ()
    """Cards the ace/three redraw buried, in the order they were turned."""
    table: Table = attrs.field(eq=False, repr=False, hash=False, init=False)
    """Lookup tables precomputed from :attr:`rules` (internal)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "table", table_for(self.rules))


def make_setup(
    rules: Rules, pack: tuple[Card, ...], dealer: int, buried: tuple[Card, ...]
) -> Setup:
    """A :class:`Setup` built without attrs' per-field checks (a deal's
    hot path: ``new_game`` runs once per playout), the way
    :func:`make_state` builds states."""
    setup = _SetupBuilder()
    setup.rules = rules
    setup.pack = pack
    setup.dealer = dealer
    setup.buried = buried
    setup.table = table_for(rules)
    setup.__class__ = Setup  # type: ignore[assignment]
    return setup  # type: ignore[return-value]


class _SetupBuilder:
    """A mutable twin of :class:`Setup` (see :class:`StateBuilder`)."""

    __slots__ = Setup.__slots__  # type: ignore[attr-defined]

    rules: Rules
    pack: tuple[Card, ...]
    dealer: int
    buried: tuple[Card, ...]
    table: Table


@attrs.frozen(weakref_slot=False)
class GameState:
    """One deal, frozen at one moment: the omniscient view.

    Build the first state with :func:`~briscola.new_game` and the next ones
    with :func:`~briscola.apply`; what one seat may see is
    :func:`~briscola.observe`.

    >>> from briscola import new_game, preset
    >>> state = new_game(preset("italian-2p"), seed=7)
    >>> state.phase, state.to_move, len(state.stock), state.trump is not None
    (<Phase.PLAYING: 'playing'>, 0, 33, True)
    """

    setup: Setup
    """The rules, pack, dealer and buried cards (also readable as
    :attr:`rules`, :attr:`pack`, :attr:`dealer` and :attr:`buried`)."""
    phase: Phase
    """What the deal is waiting for."""
    to_move: int | None
    """The seat to act, or ``None`` once the deal is over."""
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, the cards in hand, in the order received."""
    stock: tuple[Card, ...]
    """The face-down cards still to be drawn, next first, without the trump
    card."""
    trump_card: Card | None
    """The face-up trump card while it is still to be drawn."""
    trump: Suit | None
    """The trump suit (``None`` in bastardo before the call)."""
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress as ``(seat, card)`` pairs in play order."""
    piles: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it has captured (with piles kept per side, a
    side's cards lie with its lowest seat)."""
    history: tuple[Action, ...]
    """Every action applied since the deal began."""
    actors: tuple[int, ...]
    """The seat that took each action of :attr:`history`."""
    tricks_won: tuple[int, ...]
    """Per seat, the tricks it has won."""
    trump_drawn: tuple[int, Card] | None
    """``(seat, card)`` once the face-up trump card has been drawn."""
    contract: Contract | None
    """Bastardo's auction and call; ``None`` in other games."""
    is_over: bool = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Whether the deal has ended (every card played, or a void deal):
    :attr:`phase` is ``Phase.OVER``. A stored field, not a property,
    because playout loops read it on every step."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "is_over", self.phase is _OVER)

    def __str__(self) -> str:
        from ._text import text

        return text(self)

    def _repr_svg_(self) -> str:
        from .svg import table

        return table(self)

    @property
    def rules(self) -> Rules:
        """The rules of the deal."""
        return self.setup.rules

    @property
    def pack(self) -> tuple[Card, ...]:
        """The pack order the deal was dealt from (index 0 dealt first)."""
        return self.setup.pack

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self.setup.dealer

    @property
    def buried(self) -> tuple[Card, ...]:
        """Cards turned as trump and buried by the ace/three redraw, in the
        order they were turned: everyone saw them."""
        return self.setup.buried

    @property
    def table(self) -> Table:
        """The rules' precomputed lookup tables (internal)."""
        return self.setup.table

    @property
    def eldest(self) -> int:
        """The seat after the dealer: it receives the first card and leads
        the first trick."""
        return (self.setup.dealer + 1) % self.setup.rules.players

    @property
    def declarer(self) -> int | None:
        """Bastardo's declarer (the highest bidder so far), else ``None``."""
        return None if self.contract is None else self.contract.declarer


class StateBuilder:
    """A mutable twin of :class:`GameState` with the same slots.

    Filling a frozen attrs instance costs a descriptor call per field; on
    the hot path the engine calls ``StateBuilder()`` (a class without
    ``__init__`` is the cheapest object Python can make), fills every slot
    with plain stores and then relabels the object as a
    :class:`GameState` (same layout, so Python allows the ``__class__``
    assignment). :func:`make_state` does the same from arguments.
    """

    __slots__ = GameState.__slots__  # type: ignore[attr-defined]

    setup: Setup
    phase: Phase
    to_move: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    trump_card: Card | None
    trump: Suit | None
    trick: tuple[tuple[int, Card], ...]
    piles: tuple[tuple[Card, ...], ...]
    history: tuple[Action, ...]
    actors: tuple[int, ...]
    tricks_won: tuple[int, ...]
    trump_drawn: tuple[int, Card] | None
    contract: Contract | None
    is_over: bool


def make_state(
    setup: Setup,
    phase: Phase,
    to_move: int | None,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    trump_card: Card | None,
    trump: Suit | None,
    trick: tuple[tuple[int, Card], ...],
    piles: tuple[tuple[Card, ...], ...],
    history: tuple[Action, ...],
    actors: tuple[int, ...],
    tricks_won: tuple[int, ...],
    trump_drawn: tuple[int, Card] | None,
    contract: Contract | None,
) -> GameState:
    """Build a :class:`GameState` from its field values, in field order,
    without validation."""
    new = StateBuilder()
    new.setup = setup
    new.phase = phase
    new.to_move = to_move
    new.hands = hands
    new.stock = stock
    new.trump_card = trump_card
    new.trump = trump
    new.trick = trick
    new.piles = piles
    new.history = history
    new.actors = actors
    new.tricks_won = tricks_won
    new.trump_drawn = trump_drawn
    new.contract = contract
    new.is_over = phase is _OVER
    new.__class__ = GameState  # type: ignore[assignment]
    return new  # type: ignore[return-value]


@attrs.frozen
class Outcome:
    """How a finished deal or match ended.

    >>> from briscola import Outcome
    >>> Outcome(sides=((0,), (1,)), points=(70, 50), winners=(0,), scores=(1, 0))
    Outcome(sides=((0,), (1,)), points=(70, 50), winners=(0,), scores=(1, 0), is_sweep=False)
    """

    sides: tuple[tuple[int, ...], ...]
    """The sides, each a tuple of seats."""
    points: tuple[int, ...]
    """Per side, in the order of :attr:`sides`: card points taken in a deal;
    in a match, deals won (or total score with a points target)."""
    winners: tuple[int, ...]
    """The seats of the winning side; empty on a tie, a draw or a void
    deal."""
    scores: tuple[int, ...]
    """Per seat: a deal's contribution to a match (1 for each winning seat,
    else 0; bastardo's ±1, ±2, ±4); a match's totals."""
    is_sweep: bool = False
    """For a first-to-N match: the winners won every deal that had a winner
    (Split's *češalj*, 4-0). Always ``False`` for a deal."""
