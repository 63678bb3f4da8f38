"""What one seat may know: :class:`Observation` and :func:`observe`.

A :class:`~briscola.GameState` is the omniscient view of a deal. An
observation keeps only what the seat may see: its own hand, every public
action, the cards on the table and in the piles, the trump card while it
lies face up, the cards whose whereabouts everybody has followed (the
redraw's buried cards, the face-up trump card once taken), partners' hands
when the rules show them, and in bastardo the partner's identity only when
the seat may know it. It holds no reference to the state, so nothing hidden
can leak through its attributes, its ``repr``, its equality or its
serialized form.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Final, Protocol, get_args, overload

import attrs

from ._actions import Action, Say, Sign, Signal, Word
from ._build import copier, twin
from ._cards import Card, Suit
from ._drawn import Drawn
from ._heard import side_heard
from ._layout import deal_layout, dealt_style, redraw_positions
from ._match import MatchState
from ._rules import (
    EXCHANGE_NONE,
    PARTNERS_AFTER_STOCK,
    PARTNERS_BEFORE_FIRST_TRICK,
    PARTNERS_HIDDEN,
    Rules,
)
from ._state import PHASE_CUT_OR_KNOCK, Contract, GameState, Outcome, Phase

__all__ = ["Observation", "observe"]

_by_index = attrgetter("index")


@attrs.frozen(weakref_slot=False, repr=False)
class Observation(Drawn):
    """Everything one seat may know about a deal, and nothing else.

    Build one with :func:`observe`. Two states that differ only in cards
    hidden from the seat give equal observations, and
    :func:`~briscola.sample_state` turns an observation back into a full
    state that agrees with it.

    Cards the seat cannot place are simply absent: the other seats' hands
    show how many cards they hold (:attr:`hand_sizes`) and, in
    :attr:`known_hands`, only the cards the seat knows they hold.

    >>> from briscola import new_game, observe, preset
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> seen = observe(state, 1)
    >>> seen.hand == state.hands[1], seen.hand_sizes, seen.stock_size
    (True, (3, 3), 33)
    >>> seen.known_hands[0], seen.trump_card == state.trump_card
    ((), True)
    >>> len(seen.unseen)
    36
    """

    rules: Rules
    """The rules of the deal."""
    seat: int
    """The seat that observes."""
    dealer: int
    """The seat that dealt."""
    phase: Phase
    """What the deal is waiting for."""
    to_move: int | None
    """The seat to act, or ``None`` once the deal is over."""
    hand: tuple[Card, ...]
    """The seat's own hand, in the order the cards were received (the
    order of :attr:`GameState.hands` and of
    :func:`~briscola.legal_actions`)."""
    hand_sizes: tuple[int, ...]
    """Per seat, the number of cards in hand."""
    known_hands: tuple[tuple[Card, ...], ...]
    """Per seat, the cards the seat knows that seat holds: its own
    :attr:`hand` (in the same order); a partner's whole hand while the rules
    show it (:attr:`Rules.partner_hands`: with ``BEFORE_FIRST_TRICK``, the
    cards of the partner's hand as dealt that it still holds, not the cards
    it drew since); otherwise the cards whose
    holder everyone knows: the face-up trump card once drawn or taken in an
    exchange, a trump given in an exchange once taken back or drawn, and
    buried redraw cards once drawn. Except for the seat's own hand, cards
    are listed in canonical pack order (``Card.index``). A seat's hand is
    entirely known when ``len(known_hands[s]) == hand_sizes[s]``."""
    shown_dealt: tuple[tuple[Card, ...], ...]
    """Per seat, the hand as dealt that the seat was shown, in canonical
    order: a partner's with :attr:`Rules.partner_hands` ``BEFORE_FIRST_TRICK``
    (the Romanian rules), else empty. Those cards still in that hand are in
    :attr:`known_hands`; the others have been played."""
    stock_size: int
    """Face-down cards in the stock (without the trump card)."""
    stock_known: tuple[tuple[int, Card], ...]
    """``(position, card)`` for each buried redraw card still in the stock,
    position 0 being the next card drawn."""
    trump: Suit | None
    """The trump suit (``None`` before the deal or, in bastardo, before the
    call)."""
    trump_card: Card | None
    """The face-up trump card while it lies on the table."""
    turned_card: Card | None
    """The card turned face up as trump when the deal was dealt (after any
    redraw), even once drawn or exchanged; ``None`` when none was turned
    (bastardo, or before Split's cut or knock)."""
    buried: tuple[Card, ...]
    """The cards turned as trump and buried by the ace/three redraw, in
    the order they were turned."""
    trump_drawn: tuple[int, Card] | None
    """``(seat, card)`` once the face-up trump card has been drawn."""
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress, as ``(seat, card)`` pairs in play order."""
    piles: tuple[tuple[Card, ...], ...]
    """Per seat, the cards captured (face up for the purpose of the
    library: every card played is public)."""
    tricks_won: tuple[int, ...]
    """Per seat, the tricks won."""
    history: tuple[Action, ...]
    """Every action taken in the deal that the seat saw: all of them but,
    with table talk, the secret signs the opponents made to each other
    (the seat's own signs and its partner's are in)."""
    actors: tuple[int, ...]
    """The seat that took each action of :attr:`history`."""
    contract: Contract | None
    """Bastardo's auction and call (``None`` in other games). Its
    :attr:`~Contract.partner` is ``None`` unless the seat may know it: the
    holder of the called card knows it is the partner (the declarer too,
    when it holds the card and plays alone), and everyone knows once the
    called card has been played."""
    match_results: tuple[Outcome, ...] | None = None
    """When a match was observed: the outcome of each finished deal;
    ``None`` for a lone deal. The match seed is not shown: it would
    reveal the order of every pack to come."""
    match_totals: tuple[int, ...] | None = None
    """When a match was observed: per seat, the total of the finished
    deals' scores; ``None`` for a lone deal."""

    def __attrs_post_init__(self) -> None:
        # Built by its constructor (attrs.evolve, loads): every field must
        # be of its kind, so that nothing else reaches a picture or a text.
        # observe() fills its observations without the constructor.
        for name, (fits, kind) in _KINDS.items():
            value = getattr(self, name)
            if not fits(value):
                raise ValueError(f"Observation.{name} must be {kind}, not {_short(value)}")

    @property
    def words(self) -> tuple[tuple[int, Word], ...]:
        """With table talk, every word said in the deal as ``(seat, word)``,
        in order.

        >>> from briscola import Cut, Say, Word, apply, new_game, observe, preset
        >>> state = apply(apply(new_game(preset("split-4p"), seed=1), Cut()), Say(Word.TRUMP))
        >>> observe(state, 1).words
        ((0, <Word.TRUMP: 'trump'>),)
        """
        return tuple(
            (seat, action.word)
            for action, seat in zip(self.history, self.actors)
            if type(action) is Say
        )

    @property
    def signs(self) -> tuple[tuple[int, Signal], ...]:
        """With table talk, the secret signs the seat saw, as ``(seat,
        signal)`` in order: its partner's and its own. The opponents'
        signs are not there, nor any trace of them.

        >>> from briscola import Cut, Sign, Signal, apply, new_game, observe, preset
        >>> state = apply(apply(new_game(preset("split-4p"), seed=1), Cut()), Sign(Signal.ACE_OF_TRUMPS))
        >>> observe(state, 2).signs, observe(state, 1).signs
        (((0, <Signal.ACE_OF_TRUMPS: 'ace-of-trumps'>),), ())
        """
        return tuple(
            (seat, action.signal)
            for action, seat in zip(self.history, self.actors)
            if type(action) is Sign
        )

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards of the pack whose place the seat does not know, in
        canonical order: they lie in other seats' hands or face down in the
        stock.

        >>> from briscola import new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> set(observe(state, 0).unseen) == set(state.hands[1] + state.stock)
        True
        """
        seen: set[Card] = set()
        for cards in self.known_hands:
            seen.update(cards)
        for pile in self.piles:
            seen.update(pile)
        seen.update(card for _, card in self.trick)
        seen.update(card for _, card in self.stock_known)
        if self.trump_card is not None:
            seen.add(self.trump_card)
        return tuple(card for card in self.rules.pack if card not in seen)


@overload
def observe(state: GameState, seat: int) -> Observation: ...
@overload
def observe(state: MatchState, seat: int) -> Observation: ...
def observe(state: GameState | MatchState, seat: int) -> Observation:
    """What ``seat`` may know about ``state``.

    For a match, the observation of the deal in progress together with the
    match's public record (:attr:`Observation.match_results` and
    :attr:`Observation.match_totals`).

    Args:
        state: A deal or a match.
        seat: The observing seat.

    Returns:
        The seat's :class:`Observation`.

    Raises:
        ValueError: If ``seat`` is not a seat of the rules.
        TypeError: If ``state`` is neither a deal nor a match.

    >>> from briscola import new_game, observe, preset
    >>> state = new_game(preset("italian-4p"), seed=2)
    >>> seen = observe(state, 0)
    >>> seen.hand == state.hands[0], seen.known_hands[2]
    (True, ())
    >>> observe(state, 4)
    Traceback (most recent call last):
    ...
    ValueError: seat must be a seat from 0 to 3, not 4
    """
    if type(state) is not GameState:
        if isinstance(state, MatchState):
            return _with_record(
                observe(state.game, seat), match_results=state.results, match_totals=state.totals
            )
        raise TypeError(f"observe takes a GameState or a MatchState, not {type(state).__name__}")
    setup = state.setup
    rules = setup.rules
    n = rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
    hands = state.hands
    hand = hands[seat]
    buried = setup.buried
    trump_drawn = state.trump_drawn
    history = state.history
    actors = state.actors
    talk = state._talk
    if talk is not None:
        # What the seat's side heard, kept as the deal went (see _heard).
        history, actors = side_heard(talk[1][setup.table.side_of[seat]], history, actors)

    # Cards whose holder is public: buried cards (drawn from known places),
    # and every card that has lain face up as the trump card.
    public: set[Card] | None = None
    if rules.exchange is EXCHANGE_NONE:
        # No exchange: the card turned is the face-up card, or was drawn.
        turned = state.trump_card
        if turned is None and trump_drawn is not None:
            turned = trump_drawn[1]
        if buried or trump_drawn is not None:
            public = set(buried)
            if trump_drawn is not None:
                public.add(trump_drawn[1])
    else:
        given = state._given
        turned = _turned_card(state) if given else _face_up_card(state)
        public = set(buried)
        public.update(given)
        if turned is not None:
            public.add(turned)

    shown = () if rules.partner_hands is PARTNERS_HIDDEN else _shown_partners(state, seat)
    shown_dealt = _NOTHING_SHOWN[n]
    if shown and rules.partner_hands is PARTNERS_BEFORE_FIRST_TRICK:
        # Partners showed their hands as dealt: the cards drawn since stay
        # hidden, so only the dealt cards still in hand are known.
        facts = _deal_facts(state)
        shown_dealt = facts.shown_dealt[seat]
        public = set(public or ()) | facts.shown_cards[seat]
        shown = ()
    if public or shown:
        known = _known_hands(hands, seat, shown, public or set())
    elif n == 2:
        known = (hand, ()) if seat == 0 else ((), hand)
    else:
        known = ((),) * seat + (hand,) + ((),) * (n - seat - 1)

    stock = state.stock
    if buried:
        in_stock = set(buried)
        stock_known = tuple((i, card) for i, card in enumerate(stock) if card in in_stock)
    else:
        stock_known = ()

    # Filled inline, not through a constructor: a call with the
    # observation's 24 fields costs about a tenth of observe (see the
    # performance page); tests/test_shape.py checks that this fill sets
    # every field.
    new = _TWIN()
    new.rules = rules
    new.seat = seat
    new.dealer = setup.dealer
    new.phase = state.phase
    new.to_move = state.to_move
    new.hand = hand
    # Two seats, the commonest table, without map's iterator: a third of
    # the cost.
    new.hand_sizes = (len(hands[0]), len(hands[1])) if n == 2 else tuple(map(len, hands))
    new.known_hands = known
    new.shown_dealt = shown_dealt
    new.stock_size = len(stock)
    new.stock_known = stock_known
    new.trump = state.trump
    new.trump_card = state.trump_card
    new.turned_card = turned
    new.buried = buried
    new.trump_drawn = trump_drawn
    new.trick = state.trick
    new.piles = state.piles
    new.tricks_won = state.tricks_won
    new.history = history
    new.actors = actors
    contract = state.contract
    new.contract = contract if contract is None else _public_contract(state, seat)
    new.match_results = None
    new.match_totals = None
    new.__class__ = Observation
    seen: Observation = new  # an Observation, now that it has the class
    return seen


def _short(value: object) -> str:
    text = repr(value) if type(value) in (int, str, type(None)) else type(value).__name__
    return text if len(text) <= 60 else f"{text[:57]}..."


def _tuple_of(fits: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: type(value) is tuple and all(map(fits, value))


def _or_none(fits: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: value is None or fits(value)


def _is(kind: type) -> Callable[[object], bool]:
    return lambda value: type(value) is kind


_ACTION_TYPES: Final = frozenset(get_args(Action))
_card, _int = _is(Card), _is(int)
_cards = _tuple_of(_card)


def _pair(value: object) -> bool:
    """An ``(int, card)`` pair: a seat and its card, or a place and its card."""
    return type(value) is tuple and len(value) == 2 and _int(value[0]) and _card(value[1])


_placed = _tuple_of(_pair)
_KINDS: Final[dict[str, tuple[Callable[[object], bool], str]]] = {
    "rules": (_is(Rules), "Rules"),
    "seat": (_int, "an int"),
    "dealer": (_int, "an int"),
    "phase": (_is(Phase), "a Phase"),
    "to_move": (_or_none(_int), "an int or None"),
    "hand": (_cards, "a tuple of cards"),
    "hand_sizes": (_tuple_of(_int), "a tuple of ints"),
    "known_hands": (_tuple_of(_cards), "a tuple of tuples of cards"),
    "shown_dealt": (_tuple_of(_cards), "a tuple of tuples of cards"),
    "stock_size": (_int, "an int"),
    "stock_known": (_placed, "a tuple of (int, card) pairs"),
    "trump": (_or_none(_is(Suit)), "a Suit or None"),
    "trump_card": (_or_none(_card), "a card or None"),
    "turned_card": (_or_none(_card), "a card or None"),
    "buried": (_cards, "a tuple of cards"),
    "trump_drawn": (_or_none(_pair), "an (int, card) pair or None"),
    "trick": (_placed, "a tuple of (int, card) pairs"),
    "piles": (_tuple_of(_cards), "a tuple of tuples of cards"),
    "tricks_won": (_tuple_of(_int), "a tuple of ints"),
    "history": (_tuple_of(lambda action: type(action) in _ACTION_TYPES), "a tuple of actions"),
    "actors": (_tuple_of(_int), "a tuple of ints"),
    "contract": (_or_none(_is(Contract)), "a Contract or None"),
    "match_results": (_or_none(_tuple_of(_is(Outcome))), "a tuple of outcomes or None"),
    "match_totals": (_or_none(_tuple_of(_int)), "a tuple of ints or None"),
}
"""Per field of :class:`Observation`, what its constructor accepts."""


_TWIN = twin(Observation)
"""A mutable class with :class:`Observation`'s layout, for the inline fill
in :func:`observe`."""


class _WithRecord(Protocol):
    def __call__(
        self,
        old: Observation,
        *,
        match_results: tuple[Outcome, ...] | None,
        match_totals: tuple[int, ...] | None,
    ) -> Observation: ...


_with_record: _WithRecord = copier(Observation, ("match_results", "match_totals"))
"""An observation of a deal with a match's public record added."""

_NOTHING_SHOWN: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(((),) * n for n in range(13))
"""Per number of seats, :attr:`Observation.shown_dealt` with nothing shown."""


def _known_hands(
    hands: tuple[tuple[Card, ...], ...], seat: int, shown: tuple[int, ...], public: set[Card]
) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards ``seat`` knows it holds: its own hand as it is,
    the partners' shown hands and the public cards of the others, in
    canonical order."""
    known = []
    for other, cards in enumerate(hands):
        if other == seat:
            known.append(cards)
        elif other in shown:
            known.append(tuple(sorted(cards, key=_by_index)))
        elif public.isdisjoint(cards):
            # The commonest case, answered by set lookups without a frame:
            # a public card (there are few) is rarely in a given hand.
            known.append(())
        else:
            known.append(tuple(sorted([c for c in cards if c in public], key=_by_index)))
    return tuple(known)


def _shown_partners(state: GameState, seat: int) -> tuple[int, ...]:
    """The partners whose hands ``seat`` sees now."""
    mode = state.rules.partner_hands
    if mode is PARTNERS_HIDDEN or state.phase is PHASE_CUT_OR_KNOCK:
        return ()  # nothing is dealt before Split's cut or knock
    if mode is PARTNERS_AFTER_STOCK and (state.stock or state.trump_card is not None):
        return ()
    return state.setup.table.partners[seat]


class _DealFacts:
    """What stays fixed through a dealt deal that :func:`observe` would
    otherwise work out from the layout on every call: per seat, the
    partners' hands as dealt that it was shown (:attr:`Observation.shown_dealt`)
    and their cards as one set; and the card turned as trump."""

    __slots__ = ("setup", "shown_dealt", "shown_cards", "turned")

    def __init__(self, state: GameState) -> None:
        setup = state.setup
        rules = setup.rules
        layout = deal_layout(rules, setup.dealer, dealt_style(rules, state.history))
        dealt = tuple(
            tuple(sorted((setup.pack[p] for p in positions), key=_by_index))
            for positions in layout.hands
        )
        partners = setup.table.partners
        n = rules.players
        self.setup = setup
        self.shown_dealt = tuple(
            tuple(dealt[other] if other in partners[seat] else () for other in range(n))
            for seat in range(n)
        )
        self.shown_cards = tuple(
            frozenset(card for other in partners[seat] for card in dealt[other])
            for seat in range(n)
        )
        turned: Card | None = None
        if layout.trump is not None:
            turned_at, _ = redraw_positions(layout, len(setup.buried))
            turned = setup.pack[turned_at[-1]]
        self.turned = turned


_last_facts: _DealFacts | None = None
"""The facts of the deal observed last: the states of one deal share
their setup, so a search that observes one deal again and again finds
them by one identity test. (The cache holds the setup it was made from,
so no other setup can take its identity.)"""


def _deal_facts(state: GameState) -> _DealFacts:
    """The :class:`_DealFacts` of ``state``'s deal, which must be dealt."""
    global _last_facts
    facts = _last_facts
    if facts is None or facts.setup is not state.setup:
        facts = _last_facts = _DealFacts(state)
    return facts


def _public_contract(state: GameState, seat: int) -> Contract | None:
    """Bastardo's contract with the partner hidden unless ``seat`` may
    know who it is."""
    contract = state.contract
    if contract is None or contract.partner is None:
        return contract
    partner = contract.partner
    if seat == partner or contract.called_card not in state.hands[partner]:
        return contract
    return Contract(
        bid=contract.bid,
        declarer=contract.declarer,
        passed=contract.passed,
        called_card=contract.called_card,
        partner=None,
    )


def _face_up_card(state: GameState) -> Card | None:
    """The card face up as trump now, or drawn last: the card turned at the
    deal when there has been no exchange."""
    if state.contract is not None or state.trump is None:
        return None
    if state.trump_card is not None:
        return state.trump_card
    return None if state.trump_drawn is None else state.trump_drawn[1]


def _turned_card(state: GameState) -> Card | None:
    """The card turned as trump at the deal, found where the deal put it
    (exchanges may have taken it since)."""
    if state.contract is not None or state.trump is None:
        return None
    return _deal_facts(state).turned
