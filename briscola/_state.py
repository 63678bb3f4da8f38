"""The immutable state of a deal, its phases and its outcome."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias

import attrs

from ._actions import Action, Bid, SwapTrump
from ._build import constructor, copier
from ._cards import Card, Suit
from ._drawn import Drawn
from ._heard import TalkRecord, grown, talk_record
from ._rules import Rules
from ._trick import Table, table_for

__all__ = [
    "GameState",
    "Setup",
    "Phase",
    "Contract",
    "Outcome",
    "Seat",
    "make_setup",
    "make_contract",
    "make_state",
    "LiveState",
    "AuctionState",
    "swapped",
    "contracted",
    "PHASE_CUT_OR_KNOCK",
    "PHASE_BIDDING",
    "PHASE_CALLING",
    "PHASE_PLAYING",
    "PHASE_OVER",
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


# Members as module constants for the hot paths: on Python 3.11 an
# attribute lookup on an Enum class costs several times a global lookup.
PHASE_CUT_OR_KNOCK: Final = Phase.CUT_OR_KNOCK
PHASE_BIDDING: Final = Phase.BIDDING
PHASE_CALLING: Final = Phase.CALLING
PHASE_PLAYING: Final = Phase.PLAYING
PHASE_OVER: Final = Phase.OVER


@attrs.frozen(weakref_slot=False)
class Contract:
    """Bastardo's auction and call, as far as they have gone.

    >>> from briscola import new_game, preset, apply, Bid
    >>> state = apply(new_game(preset("bastardo"), seed=1), Bid(70))
    >>> state.contract.bid, state.contract.declarer
    (Bid(points=70, rank=None), 0)
    """

    bid: Bid | None = None
    """The highest bid so far (the contract, once the auction ends)."""
    declarer: Seat | None = None
    """The seat of the highest bid."""
    passed: tuple[bool, ...] = ()
    """Per seat, whether it has passed."""
    called_card: Card | None = None
    """The card the declarer called; ``None`` until the call."""
    partner: Seat | None = None
    """The holder of the called card (the declarer when playing alone);
    a secret: only :func:`~briscola.observe` decides who may see it."""


class _ContractConstructor(Protocol):
    def __call__(
        self,
        *,
        bid: Bid | None,
        declarer: Seat | None,
        passed: tuple[bool, ...],
        called_card: Card | None,
        partner: Seat | None,
    ) -> Contract: ...


make_contract: _ContractConstructor = constructor(Contract)
"""A :class:`Contract` from every field, by keyword, without checks."""


@attrs.frozen(weakref_slot=False)
class Setup:
    """What stays fixed through a deal once it is dealt: the rules, the
    pack order, the dealer and the cards buried by the redraw (internal).

    The states of one deal share one :class:`Setup`, so applying an action
    copies one reference instead of four, and the rules' lookup tables
    (:class:`~briscola._trick.Table`) travel with it. Read its parts
    through :class:`GameState`'s properties ``rules``, ``pack``, ``dealer``
    and ``buried``.
    """

    rules: Rules
    """The rules of the deal."""
    pack: tuple[Card, ...]
    """The pack order the deal was dealt from (index 0 dealt first)."""
    dealer: Seat
    """The seat that dealt."""
    buried: tuple[Card, ...] = ()
    """Cards the ace/three redraw buried, in the order they were turned."""
    table: Table = attrs.field(eq=False, repr=False, hash=False, init=False)
    """Lookup tables precomputed from :attr:`rules`."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "table", table_for(self.rules))

    def __reduce__(self) -> tuple[object, ...]:
        # The lookup table is rebuilt from the rules, not pickled.
        return (Setup, (self.rules, self.pack, self.dealer, self.buried))


class _SetupConstructor(Protocol):
    def __call__(
        self, *, rules: Rules, pack: tuple[Card, ...], dealer: Seat, buried: tuple[Card, ...]
    ) -> Setup: ...


make_setup: _SetupConstructor = constructor(
    Setup, {"table": "table_for(rules)"}, {"table_for": table_for}
)
"""A :class:`Setup` built without attrs' per-field checks (``new_game``
runs once per playout of a search)."""


@attrs.frozen(weakref_slot=False, repr=False)
class GameState(Drawn):
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
    """The part every state of one deal shares: the rules, the pack, the
    dealer, the cards buried by the redraw and the tables compiled from the
    rules. Internal to the engine and read-only: read its parts as
    :attr:`rules`, :attr:`pack`, :attr:`dealer` and :attr:`buried`."""
    phase: Phase
    """What the deal is waiting for."""
    to_move: Seat | None
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
    trick: tuple[tuple[Seat, Card], ...]
    """The trick in progress as ``(seat, card)`` pairs in play order."""
    piles: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it has captured (with piles kept per side, a
    side's cards lie with its lowest seat)."""
    history: tuple[Action, ...]
    """Every action applied since the deal began."""
    actors: tuple[Seat, ...]
    """The seat that took each action of :attr:`history`."""
    tricks_won: tuple[int, ...]
    """Per seat, the tricks it has won."""
    trump_drawn: tuple[Seat, Card] | None
    """``(seat, card)`` once the face-up trump card has been drawn."""
    contract: Contract | None
    """Bastardo's auction and call; ``None`` in other games."""
    is_over: bool = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Whether the deal has ended (every card played, or a void deal):
    :attr:`phase` is ``Phase.OVER``. A stored field, not a property,
    because playout loops read it on every step."""
    _talk: TalkRecord | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Internal, derived from the history: with table talk, what the seat
    to move has said and signed this turn and what each side has heard
    (see ``briscola._heard``), kept as the deal goes; ``None`` without
    talk."""

    _given: tuple[Card, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Internal, derived from the history: the trumps given in exchanges so
    far, in order (each lay face up as the trump card after), kept as the
    deal goes."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "is_over", self.phase is PHASE_OVER)
        object.__setattr__(self, "_given", given_cards(self.history))
        object.__setattr__(self, "_talk", talk_record(self.setup.rules, self.history, self.actors))

    @property
    def rules(self) -> Rules:
        """The rules of the deal."""
        return self.setup.rules

    @property
    def pack(self) -> tuple[Card, ...]:
        """The pack order the deal was dealt from (index 0 dealt first)."""
        return self.setup.pack

    @property
    def dealer(self) -> Seat:
        """The seat that dealt."""
        return self.setup.dealer

    @property
    def buried(self) -> tuple[Card, ...]:
        """Cards turned as trump and buried by the ace/three redraw, in the
        order they were turned: everyone saw them."""
        return self.setup.buried

    @property
    def eldest(self) -> Seat:
        """The seat after the dealer: it receives the first card and leads
        the first trick."""
        return (self.setup.dealer + 1) % self.setup.rules.players

    @property
    def declarer(self) -> Seat | None:
        """Bastardo's declarer (the highest bidder so far), else ``None``."""
        return None if self.contract is None else self.contract.declarer


if TYPE_CHECKING:

    class LiveState(GameState):
        """A :class:`GameState` in a phase where a seat is to move: every
        phase but ``OVER``. For the type checker only (at run time it is
        :class:`GameState` itself): the transitions take it, and the phase
        check that picks a transition is what proves it, so no transition
        tests :attr:`to_move` for ``None`` again."""

        to_move: Seat

    class AuctionState(LiveState):
        """A :class:`LiveState` in bastardo's auction or call, where the
        contract is always set (for the type checker only, like
        :class:`LiveState`)."""

        contract: Contract

else:
    LiveState = AuctionState = GameState


class _StateConstructor(Protocol):
    def __call__(
        self,
        *,
        setup: Setup,
        phase: Phase,
        to_move: Seat | None,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        trump_card: Card | None,
        trump: Suit | None,
        trick: tuple[tuple[Seat, Card], ...],
        piles: tuple[tuple[Card, ...], ...],
        history: tuple[Action, ...],
        actors: tuple[Seat, ...],
        tricks_won: tuple[int, ...],
        trump_drawn: tuple[Seat, Card] | None,
        contract: Contract | None,
    ) -> GameState: ...


def given_cards(history: tuple[Action, ...]) -> tuple[Card, ...]:
    """The trumps given in the exchanges of ``history``, in order."""
    return tuple(action.card for action in history if type(action) is SwapTrump)


_IS_OVER = {"is_over": "phase is PHASE_OVER"}
_NAMESPACE = {
    "PHASE_OVER": PHASE_OVER,
    "talk_record": talk_record,
    "grown": grown,
    "given_cards": given_cards,
}
_GROWN = {
    "_talk": "grown(old._talk, history, actors, old.setup.table.side_of)",
    "_given": "old._given",
}
"""The derived fields of a copy whose history grew by one action other
than an exchange."""

make_state: _StateConstructor = constructor(
    GameState,
    {
        **_IS_OVER,
        "_talk": "talk_record(setup.rules, history, actors)",
        "_given": "given_cards(history)",
    },
    _NAMESPACE,
)
"""A :class:`GameState` from every field, by keyword, without checks."""


class _Swapped(Protocol):
    def __call__(
        self,
        old: GameState,
        *,
        hands: tuple[tuple[Card, ...], ...],
        trump_card: Card | None,
        history: tuple[Action, ...],
        actors: tuple[Seat, ...],
    ) -> GameState: ...


swapped: _Swapped = copier(
    GameState,
    ("hands", "trump_card", "history", "actors"),
    {"is_over": "old.is_over", **_GROWN, "_given": "old._given + (history[-1].card,)"},
    _NAMESPACE,
)
"""``old`` after a trump exchange."""


class _Contracted(Protocol):
    def __call__(
        self,
        old: GameState,
        *,
        phase: Phase,
        to_move: Seat | None,
        trump: Suit | None,
        history: tuple[Action, ...],
        actors: tuple[Seat, ...],
        contract: Contract | None,
    ) -> GameState: ...


contracted: _Contracted = copier(
    GameState,
    ("phase", "to_move", "trump", "history", "actors", "contract"),
    {**_IS_OVER, **_GROWN},
    _NAMESPACE,
)
"""``old`` after a bid, a pass or a call."""


@attrs.frozen
class Outcome:
    """How a finished deal or match ended.

    >>> from briscola import Outcome
    >>> Outcome(sides=((0,), (1,)), points=(70, 50), winners=(0,), scores=(1, 0))
    Outcome(sides=((0,), (1,)), points=(70, 50), winners=(0,), scores=(1, 0), is_sweep=False)
    """

    sides: tuple[tuple[Seat, ...], ...]
    """The sides, each a tuple of seats."""
    points: tuple[int, ...]
    """Per side, in the order of :attr:`sides`: card points taken in a deal;
    in a match, deals won (or total score with a points target)."""
    winners: tuple[Seat, ...]
    """The seats of the winning side; empty on a tie, a draw or a void
    deal."""
    scores: tuple[int, ...]
    """Per seat: a deal's contribution to a match (1 for each winning seat,
    else 0; bastardo's ±1, ±2, ±4); a match's totals."""
    is_sweep: bool = False
    """For a first-to-N match: the winners won every deal that had a winner
    (Split's *češalj*, 4-0). Always ``False`` for a deal."""
