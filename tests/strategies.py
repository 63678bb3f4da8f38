"""Shared Hypothesis strategies and small helpers for the test suite.

Every test module that needs rules, seeds or reachable states draws them
from here, so that a new option joins every property at once (as attrs
asks of its own strategies). The public names are:

- :data:`PRESET_NAMES`, :data:`TRICK_PRESET_NAMES`: the preset names, all
  of them and those without an auction (everything but ``bastardo``).
- :func:`presets`, :func:`rules`: rules drawn from the presets, and from
  valid :func:`attrs.evolve` variations of them.
- :data:`seeds`, :func:`dealers`, :func:`decks`: what a deal starts from.
- :class:`Playout`, :func:`playouts`, :func:`reachable_states`: random
  legal play from :func:`briscola.new_game`, with the actions drawn by
  Hypothesis from :func:`briscola.legal_actions` (so failures shrink to
  short, simple games).
- :func:`card`, :func:`deck_with`, :func:`play_cards`, :func:`first_play`:
  helpers for scenario tests with small explicit decks.
- :func:`other_actions`: actions that are *not* legal in a state.
- :data:`SPLIT_ORIGINAL_POINTS`, :data:`PORTUGUESE_STRENGTH`,
  :data:`PORTUGUESE_POINTS`: the point and strength tables of the rules
  pages ("Split briškula and dupla", "Portuguese bisca"), written out
  here independently of the engine.

>>> card("ace of coins")
Card(Suit.COINS, Rank.ACE)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs
from hypothesis import strategies as st

from briscola import (
    FULL_PACK,
    PRESETS,
    Action,
    Auction,
    Bid,
    Call,
    Card,
    Cut,
    DealStyle,
    Exchange,
    GameState,
    Knock,
    MatchFormat,
    PartnerHands,
    Pass,
    Play,
    Rank,
    Rules,
    Suit,
    SwapTrump,
    apply,
    legal_actions,
    new_game,
)

__all__ = [
    "PRESET_NAMES",
    "TRICK_PRESET_NAMES",
    "SPLIT_ORIGINAL_POINTS",
    "PORTUGUESE_STRENGTH",
    "PORTUGUESE_POINTS",
    "Playout",
    "card",
    "deck_with",
    "play_cards",
    "first_play",
    "other_actions",
    "presets",
    "rules",
    "variations",
    "seeds",
    "dealers",
    "decks",
    "playouts",
    "reachable_states",
]

PRESET_NAMES: Final[tuple[str, ...]] = tuple(PRESETS)
"""Every preset name (Variants: presets and rules fields, "The presets").

>>> "italian-2p" in PRESET_NAMES and "bastardo" in PRESET_NAMES
True
"""

TRICK_PRESET_NAMES: Final[tuple[str, ...]] = tuple(
    name for name, value in PRESETS.items() if value.auction is Auction.NONE
)
"""The presets without an auction: a trump card is turned and tricks are
played with drawing (every preset but ``bastardo`` and ``chiamata``).

>>> "bastardo" in TRICK_PRESET_NAMES, len(TRICK_PRESET_NAMES) == len(PRESET_NAMES) - 2
(False, True)
"""

SPLIT_ORIGINAL_POINTS: Final[tuple[tuple[Rank, int], ...]] = (
    (Rank.ACE, 11),
    (Rank.TWO, 10),
    (Rank.THREE, 10),
    (Rank.KING, 4),
    (Rank.KNIGHT, 3),
    (Rank.JACK, 2),
)
"""Split's "original rule" (Split briškula and dupla, "Choices the library
makes"): the two also counts 10, so a 40-card pack holds 160 points.

>>> 4 * sum(points for _, points in SPLIT_ORIGINAL_POINTS)
160
"""

PORTUGUESE_STRENGTH: Final[tuple[Rank, ...]] = (
    Rank.ACE,
    Rank.SEVEN,
    Rank.KING,
    Rank.JACK,
    Rank.KNIGHT,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
    Rank.THREE,
    Rank.TWO,
)
"""Portuguese bisca's strength, strongest first (Portuguese bisca, "The
preset").

>>> PORTUGUESE_STRENGTH[1]
<Rank.SEVEN: 6>
"""

PORTUGUESE_POINTS: Final[tuple[tuple[Rank, int], ...]] = (
    (Rank.ACE, 11),
    (Rank.SEVEN, 10),
    (Rank.KING, 4),
    (Rank.JACK, 3),
    (Rank.KNIGHT, 2),
)
"""Portuguese bisca's points (Portuguese bisca, "The preset"): 120 in a pack.

>>> 4 * sum(points for _, points in PORTUGUESE_POINTS)
120
"""

_BY_NAME: Final[dict[str, Card]] = {str(c): c for c in FULL_PACK}


def card(name: str) -> Card:
    """The card called ``name``, written as ``str(card)`` prints it.

    Args:
        name: For example ``"two of cups"`` or ``"knight of clubs"``.

    Returns:
        The card.

    Raises:
        KeyError: If no card has that name.

    >>> card("knight of clubs").index
    38
    """
    return _BY_NAME[name]


def deck_with(rules: Rules, placed: Mapping[int, Card]) -> tuple[Card, ...]:
    """A pack order for ``rules`` with chosen cards at chosen positions.

    The cards of ``placed`` go to their positions; every other card of the
    rules' pack fills the remaining positions in canonical order.

    Args:
        rules: The rules whose pack is ordered.
        placed: Position in the pack (0 is dealt first) to card.

    Returns:
        A permutation of ``rules.pack``.

    Raises:
        ValueError: If a position is outside the pack or a card is placed
            twice or is not in the rules' pack.

    >>> from briscola import preset
    >>> deck = deck_with(preset("italian-2p"), {0: card("king of clubs")})
    >>> deck[0], deck[1], len(deck)
    (Card(Suit.CLUBS, Rank.KING), Card(Suit.COINS, Rank.ACE), 40)
    """
    pack = rules.pack
    chosen = set(placed.values())
    if len(chosen) != len(placed):
        raise ValueError("deck_with: a card is placed twice")
    if not all(0 <= i < len(pack) for i in placed):
        raise ValueError(f"deck_with: positions run from 0 to {len(pack) - 1}")
    if not chosen <= set(pack):
        raise ValueError("deck_with: a placed card is not in the rules' pack")
    rest = iter(c for c in pack if c not in chosen)
    return tuple(placed[i] if i in placed else next(rest) for i in range(len(pack)))


def play_cards(state: GameState, *cards: Card) -> GameState:
    """Play ``cards`` one after the other, each by the seat to move.

    >>> from briscola import preset, new_game
    >>> rules = preset("italian-2p")
    >>> state = new_game(rules, deck=deck_with(rules, {}))
    >>> play_cards(state, state.hands[0][0]).trick
    ((0, Card(Suit.COINS, Rank.ACE)),)
    """
    for c in cards:
        state = apply(state, Play(c))
    return state


def first_play(state: GameState) -> Action:
    """The first :class:`~briscola.Play` among the legal actions: a simple,
    deterministic policy that never exchanges.

    >>> from briscola import preset, new_game
    >>> state = new_game(preset("spanish-2p"), seed=1)
    >>> first_play(state) == Play(state.hands[0][0])
    True
    """
    actions = legal_actions(state)
    return next((a for a in actions if isinstance(a, Play)), actions[0])


def other_actions(state: GameState) -> list[Action]:
    """A broad sample of actions *not* legal in ``state``: a play, an
    exchange and a call of every card of the 40-card pack, cuts, knocks,
    passes and bids of several sizes, less the legal ones.

    >>> from briscola import preset, new_game, Cut
    >>> Cut() in other_actions(new_game(preset("italian-2p"), seed=1))
    True
    """
    legal = set(legal_actions(state))
    candidates: list[Action] = [Cut(), Knock(), Pass()]
    candidates += [Bid(points) for points in (0, 60, 61, 62, 90, 120, 121, 200)]
    candidates += [Bid(61, rank) for rank in (Rank.ACE, Rank.TWO)]
    for c in FULL_PACK:
        candidates += [Play(c), SwapTrump(c), Call(c)]
    return [action for action in candidates if action not in legal]


def presets(names: Iterable[str] | None = None) -> st.SearchStrategy[Rules]:
    """The rules of the named presets (every preset by default).

    Args:
        names: Preset names to draw from.

    >>> from hypothesis import find
    >>> find(presets(["italian-2p", "italian-4p"]), lambda r: r.teams is not None).players
    4
    """
    chosen = PRESET_NAMES if names is None else tuple(names)
    return st.sampled_from([PRESETS[name] for name in chosen])


_NO_TWOS: Final = tuple(Card(suit, Rank.TWO) for suit in Suit)
_NO_FOURS: Final = tuple(Card(suit, Rank.FOUR) for suit in Suit)


def _change(base: Rules) -> st.SearchStrategy[dict[str, Any]]:
    """One family of changes to ``base``, as keyword arguments of
    :func:`attrs.evolve`; the result may be invalid for ``base``."""
    n = base.players
    kinds: list[st.SearchStrategy[dict[str, Any]]] = [
        st.builds(
            lambda mt, target, same: {"match": mt, "match_target": target, "tie_same_dealer": same},
            st.sampled_from(MatchFormat),
            st.integers(1, 5),
            st.booleans(),
        ),
        st.builds(lambda b: {"clockwise": b}, st.booleans()),
        st.builds(
            lambda points: {"card_points": points},
            st.sampled_from(
                [SPLIT_ORIGINAL_POINTS, PORTUGUESE_POINTS, PRESETS["italian-2p"].card_points]
            ),
        ),
        st.builds(
            lambda strength: {"strength": strength},
            st.sampled_from([PORTUGUESE_STRENGTH, PRESETS["italian-2p"].strength]),
        ),
    ]
    if base.auction is not Auction.NONE:
        kinds += [
            st.builds(lambda b: {"cappotto_doubles": b}, st.booleans()),
            st.builds(lambda bid: {"min_bid": bid}, st.integers(1, 120)),
            st.builds(
                lambda a: {"auction": a}, st.sampled_from([Auction.POINTS, Auction.CHIAMATA])
            ),
        ]
        return st.one_of(kinds)
    teams: list[tuple[tuple[int, ...], ...] | None] = [None]
    if n == 4:
        teams.append(((0, 2), (1, 3)))
    if n == 6:
        teams += [((0, 2, 4), (1, 3, 5)), ((0, 3), (1, 4), (2, 5))]
    kinds += [
        st.builds(
            lambda mode, side: {"exchange": mode, "exchange_side_wins": side},
            st.sampled_from(Exchange),
            st.booleans(),
        ),
        st.builds(
            lambda ranks: {"redraw_ranks": ranks},
            st.sampled_from([(), (Rank.ACE, Rank.THREE)]),
        ),
        st.builds(lambda b: {"piles_by_side": b}, st.booleans()),
        st.builds(lambda p: {"partner_hands": p}, st.sampled_from(PartnerHands)),
        st.builds(lambda b: {"table_talk": b}, st.booleans()),
        st.builds(
            lambda d: {"deal": d},
            st.sampled_from(
                [DealStyle.STANDARD, DealStyle.CUT, DealStyle.KNOCK, DealStyle.CUT_OR_KNOCK]
            ),
        ),
        st.builds(lambda t: {"teams": t}, st.sampled_from(teams)),
        st.builds(
            lambda removed: {"removed": removed},
            st.sampled_from([(), (Card(Suit.CLUBS, Rank.TWO),), _NO_TWOS, _NO_FOURS]),
        ),
        st.builds(
            lambda plays: {"hand_size": 4, "packet_size": 2, "plays_per_trick": plays},
            st.sampled_from([1, 2]),
        ),
        st.just({"hand_size": 3, "packet_size": 1, "plays_per_trick": 1}),
    ]
    return st.one_of(kinds)


def variations(base: Rules, *, max_changes: int = 4) -> st.SearchStrategy[Rules]:
    """Valid :func:`attrs.evolve` variations of ``base``.

    Draws up to ``max_changes`` families of changes (exchange mode and
    ``exchange_side_wins``, the ace/three redraw, ``piles_by_side``,
    ``partner_hands``, ``table_talk``, the deal style, teams, removed cards, the dupla hand,
    the Split original points, Portuguese strength, the match format; in
    bastardo the cappotto, ``min_bid`` and the chiamata auction) and applies
    each one that keeps the rules valid, skipping the others. With no
    change drawn the result is ``base`` itself.

    Args:
        base: The rules to vary, usually a preset.
        max_changes: The most change families drawn.

    >>> from briscola import preset
    >>> from hypothesis import find
    >>> find(variations(preset("italian-4p")), lambda r: r.piles_by_side).teams
    ((0, 2), (1, 3))
    """

    @st.composite
    def build(draw: st.DrawFn) -> Rules:
        result = base
        for _ in range(draw(st.integers(0, max_changes))):
            changes = draw(_change(result))
            try:
                result = attrs.evolve(result, **changes)
            except ValueError:
                continue
        return result

    return build()


def rules(names: Iterable[str] | None = None, *, vary: bool = True) -> st.SearchStrategy[Rules]:
    """Rules from the named presets (all by default) and, with ``vary``,
    valid :func:`variations` of them.

    Args:
        names: Preset names to start from.
        vary: Whether to draw variations as well as the presets themselves.

    >>> from hypothesis import find
    >>> find(rules(["split-2p"], vary=False), lambda r: True).deal
    <DealStyle.CUT_OR_KNOCK: 'cut-or-knock'>
    """
    base = presets(names)
    if not vary:
        return base
    return base.flatmap(variations)


_any_rules = rules


seeds: Final[st.SearchStrategy[int]] = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for :func:`briscola.new_game` and :func:`briscola.new_match`.

>>> from hypothesis import find
>>> find(seeds, lambda seed: seed > 10)
11
"""


def dealers(rules: Rules) -> st.SearchStrategy[int]:
    """Any seat of ``rules``, as a dealer.

    >>> from briscola import preset
    >>> from hypothesis import find
    >>> find(dealers(preset("italian-5p")), lambda seat: seat > 2)
    3
    """
    return st.integers(min_value=0, max_value=rules.players - 1)


def decks(rules: Rules) -> st.SearchStrategy[tuple[Card, ...]]:
    """Any order of the rules' pack (shrinks towards the canonical order).

    >>> from briscola import preset
    >>> from hypothesis import find
    >>> find(decks(preset("italian-3p")), lambda deck: True) == preset("italian-3p").pack
    True
    """
    return st.permutations(rules.pack).map(tuple)


@attrs.frozen
class Playout:
    """A deal played with legal actions from its first state.

    ``states[0]`` is ``new_game(rules, seed=seed, dealer=dealer)`` and
    ``states[i + 1] == apply(states[i], actions[i])``.

    >>> from briscola import preset
    >>> from hypothesis import find
    >>> p = find(playouts(preset("italian-2p")), lambda p: True)
    >>> len(p.states) == len(p.actions) + 1 == 41, p.final.is_over
    (True, True)
    """

    rules: Rules
    """The rules of the deal."""
    seed: int
    """The seed that shuffled the pack."""
    dealer: int
    """The dealing seat."""
    states: tuple[GameState, ...] = attrs.field(repr=False)
    """Every state, from the first to the last (left out of the repr: the
    rules, seed, dealer and actions replay them)."""
    actions: tuple[Action, ...]
    """The actions taken, one fewer than the states."""

    @property
    def first(self) -> GameState:
        """The state after the deal (or before Split's cut or knock)."""
        return self.states[0]

    @property
    def final(self) -> GameState:
        """The last state reached."""
        return self.states[-1]

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # Hypothesis prints falsifying examples with this hook: keep the
        # replayable fields, not forty states.
        printer.text(repr(self))

    def steps(self) -> Iterable[tuple[GameState, Action, GameState]]:
        """``(before, action, after)`` for every action taken."""
        return zip(self.states, self.actions, self.states[1:])


def _step_bound(rules: Rules) -> int:
    """A number of steps that reaches into the last tricks of most deals:
    one play per card, the cut or knock, and a few auction steps."""
    bound = len(rules.pack) + len(rules.pack) // 4 + 1
    if rules.auction is not Auction.NONE:
        bound += 12
    if rules.table_talk:
        bound += len(rules.pack)  # words and signs, while the stock lasts
    return bound


def playouts(
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    *,
    complete: bool = True,
    max_steps: int | None = None,
) -> st.SearchStrategy[Playout]:
    """Random legal playouts from :func:`briscola.new_game`.

    The seed and the dealer are drawn, then each action is drawn from
    :func:`briscola.legal_actions` (by index, so a failing game shrinks
    towards always taking the first legal action). An offered trump
    exchange is taken about half of the time, so that exchanges, rare
    among the legal actions, appear in many games.

    Args:
        rules: The rules, or a strategy for them; by default :func:`rules`.
        complete: Play until the deal is over; otherwise stop after a
            drawn number of steps (at most ``max_steps``, by default about
            the length of a deal), or earlier if the deal ends.
        max_steps: The most steps of an incomplete playout.

    >>> from briscola import preset
    >>> from hypothesis import find
    >>> p = find(playouts(preset("split-2p"), complete=False), lambda p: len(p.actions) > 0)
    >>> p.actions, p.final.phase.name, p.seed, p.dealer
    ((Cut(),), 'PLAYING', 0, 0)
    """
    strategy: st.SearchStrategy[Rules]
    if rules is None:
        strategy = _any_rules()
    elif isinstance(rules, Rules):
        strategy = st.just(rules)
    else:
        strategy = rules

    @st.composite
    def build(draw: st.DrawFn) -> Playout:
        chosen = draw(strategy)
        seed = draw(seeds)
        dealer = draw(dealers(chosen))
        state = new_game(chosen, seed=seed, dealer=dealer)
        states = [state]
        actions: list[Action] = []
        if complete:
            limit = None
        else:
            bound = _step_bound(chosen) if max_steps is None else max_steps
            limit = draw(st.integers(min_value=0, max_value=bound))
        while limit is None or len(actions) < limit:
            legal = legal_actions(state)
            if not legal:
                break
            if isinstance(legal[0], SwapTrump) and draw(st.booleans()):
                # Exchanges are rare among the legal actions: take one
                # about half of the time it is offered.
                legal = tuple(a for a in legal if isinstance(a, SwapTrump))
            action = legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]
            state = apply(state, action)
            actions.append(action)
            states.append(state)
        return Playout(chosen, seed, dealer, tuple(states), tuple(actions))

    return build()


def reachable_states(
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    *,
    max_steps: int | None = None,
) -> st.SearchStrategy[GameState]:
    """States reached by random legal play from :func:`briscola.new_game`:
    the last state of an incomplete :func:`playouts`.

    Works for every preset: Split's first state waits for the cut or knock,
    bastardo's states run through the auction and the call, and the end of
    the deal is reachable too.

    Args:
        rules: The rules, or a strategy for them; by default :func:`rules`.
        max_steps: The most actions applied (by default about the length
            of a deal).

    >>> from briscola import preset
    >>> from hypothesis import find
    >>> find(reachable_states(preset("bastardo")), lambda s: s.contract.bid is not None).history
    (Bid(points=61, rank=None),)
    """
    return playouts(rules, complete=False, max_steps=max_steps).map(lambda p: p.final)
