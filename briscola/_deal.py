"""Starting a deal: from a seed or a given deck to the deal's first state.

The seed's checks and the shuffle, the check of a given deck, and
:func:`new_game` and :func:`deal_cards`, which build the first state from
the pack. Where each card goes (the deal styles' order and the ace/three
redraw) is one rule shared with the observation and the sampler, kept in
:mod:`briscola._layout`; this module applies it to cards."""

from __future__ import annotations

import functools
import math
import operator
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Union

from ._actions import Action

try:  # the C generator behind random.Random, on CPython and PyPy
    import _random

    _Random: type[_random.Random] = _random.Random
except ImportError:  # pragma: no cover - other Pythons: the same, slower
    _Random = random.Random
from ._cards import FULL_PACK, Card
from ._layout import Layout, deal_layout, turn_trump
from ._rules import DEAL_CUT_OR_KNOCK, DealStyle, Rules
from ._state import (
    PHASE_BIDDING,
    PHASE_CUT_OR_KNOCK,
    PHASE_PLAYING,
    Contract,
    GameState,
    make_contract,
    make_setup,
    make_state,
)
from ._trick import table_for

__all__ = ["new_game", "deal_cards", "check_seed", "shuffled_pack", "SeedLike"]


SeedLike = Union[int, float, str, bytes, None]  # noqa: UP007 (a runtime alias on 3.10)


MAX_SEED_BITS = 2048
"""The largest int seed, in bits (617 decimal digits): a seed must stay
writable as text, in saved matches and in the seeds of a match's deals."""

MAX_SEED_LENGTH = 10_000
"""The longest str or bytes seed."""


def check_seed(seed: object) -> SeedLike:
    """``seed`` if it is a seed that deals the same in every program, else a
    :class:`ValueError` saying why.

    A seed is ``None``, an int of at most :data:`MAX_SEED_BITS` bits, a
    finite float, or a str (valid Unicode text) or bytes of at most
    :data:`MAX_SEED_LENGTH` characters. A NaN is refused: ``random.Random``
    seeds with its hash, which differs from one process to the next.

    >>> check_seed(7), check_seed("Split, 1 May")
    (7, 'Split, 1 May')
    >>> check_seed(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: a float seed must be finite (a NaN or an infinity deals differently in every process)
    """
    if isinstance(seed, bool):
        raise ValueError(f"a seed is an int, a float, a str or bytes, not the bool {seed}")
    if isinstance(seed, int):
        if seed.bit_length() > MAX_SEED_BITS:
            raise ValueError(f"an int seed has at most {MAX_SEED_BITS} bits")
        return seed
    if isinstance(seed, float):
        if not math.isfinite(seed):
            raise ValueError(
                "a float seed must be finite (a NaN or an infinity deals differently "
                "in every process)"
            )
        return seed
    if isinstance(seed, (str, bytes)):
        if len(seed) > MAX_SEED_LENGTH:
            raise ValueError(f"a str or bytes seed has at most {MAX_SEED_LENGTH} characters")
        if isinstance(seed, str):
            try:
                seed.encode("utf-8")
            except UnicodeEncodeError as error:
                raise ValueError(f"a str seed must be valid Unicode text: {error}") from None
        return seed
    if seed is None:
        return seed
    raise ValueError(f"a seed is an int, a float, a str or bytes, not {type(seed).__name__}")


def shuffled_pack(rules: Rules, seed: SeedLike) -> tuple[Card, ...]:
    """The rules' canonical pack shuffled as ``random.Random(seed).shuffle``
    shuffles it (see "The rules as implemented"), so any program can reproduce a seeded deal."""
    cards = list(table_for(rules).pack)
    # random.shuffle's own algorithm, step for step (Fisher-Yates drawing
    # each index with getrandbits and rejection, as _randbelow does), with
    # the bit lengths precomputed: the same permutation, in half the time.
    # For an int seed, random.Random(seed) holds the C generator seeded
    # with it: build that directly, without Random.__init__ in Python (on
    # Python 3.10 it even seeds twice).
    getrandbits = (_Random(seed) if type(seed) is int else random.Random(seed)).getrandbits
    for i, bits in _SHUFFLE_STEPS[len(cards)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


_SHUFFLE_STEPS = {
    size: tuple((i, (i + 1).bit_length()) for i in reversed(range(1, size))) for size in range(41)
}


def _check_pack(rules: Rules, deck: Sequence[Card]) -> tuple[Card, ...]:
    want = rules.pack
    # Bounded before anything else: a deck longer than a full pack's twice
    # is refused without being read through.
    if not isinstance(deck, Sequence) or len(deck) > 2 * len(FULL_PACK):
        size = len(deck) if isinstance(deck, Sequence) else "?"
        raise ValueError(
            f"the deck must be an order of the rules' {len(want)} cards (it has {size})"
        )
    cards = tuple(deck)
    if not all(isinstance(card, Card) for card in cards):
        bad = next(card for card in cards if not isinstance(card, Card))
        raise ValueError(f"the deck must hold cards, not {type(bad).__name__}")
    if len(cards) != len(want) or set(cards) != set(want):
        counts = Counter(cards)
        missing = sorted(set(want) - set(cards))
        extra = sorted(set(cards) - set(want))
        doubled = sorted(card for card, count in counts.items() if count > 1)
        details = []
        if missing:
            details.append("missing " + ", ".join(map(str, missing)))
        if extra:
            details.append("not in this pack: " + ", ".join(map(str, extra)))
        if doubled:
            details.append("repeated: " + ", ".join(map(str, doubled)))
        raise ValueError(
            f"the deck must be an order of the rules' {len(want)} cards "
            f"(it has {len(cards)}; " + "; ".join(details) + ")"
        )
    return cards


def new_game(
    rules: Rules,
    *,
    seed: SeedLike = None,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
) -> GameState:
    """Deal one game.

    Args:
        rules: The rules, for example ``preset("italian-2p")``.
        seed: Shuffle the canonical pack with ``random.Random(seed)``; any
            program can reproduce the deal from it.
        deck: The pack order instead (index 0 is dealt first): a
            permutation of ``rules.pack``. Give ``seed`` or ``deck``, not
            both; with neither the pack is shuffled at random.
        dealer: The dealing seat; by default the last seat, so seat 0 is
            eldest and leads.

    Returns:
        The first state of the deal. In regional Split dealing nothing is
        dealt yet: the previous dealer must first cut or knock.

    Raises:
        ValueError: If ``deck`` is not an order of the rules' pack, if both
            ``seed`` and ``deck`` are given, or if ``dealer`` is not a seat.

    >>> from briscola import new_game, preset
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> len(state.hands[0]), len(state.stock), state.to_move
    (3, 33, 0)
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"new_game takes Rules, not {rules!r}")
    n = rules.players
    if dealer is None:
        dealer = n - 1
    elif type(dealer) is not int or not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    if deck is not None:
        if seed is not None:
            raise ValueError("give new_game a seed or a deck, not both")
        pack = _check_pack(rules, deck)
    else:
        pack = shuffled_pack(rules, check_seed(seed))
    if rules.deal is DEAL_CUT_OR_KNOCK:
        return make_state(
            setup=make_setup(rules=rules, pack=pack, dealer=dealer, buried=()),
            phase=PHASE_CUT_OR_KNOCK,
            to_move=(dealer - 1) % n,
            hands=((),) * n,
            stock=pack,
            trump_card=None,
            trump=None,
            trick=(),
            piles=((),) * n,
            history=(),
            actors=(),
            tricks_won=(0,) * n,
            trump_drawn=None,
            contract=None,
        )
    return deal_cards(rules, pack, dealer, rules.deal, (), ())


_HandTaker = Callable[[tuple[Card, ...]], tuple[Card, ...]]
"""Takes a pack to the cards one seat is dealt from it, in dealing order."""


@functools.lru_cache(maxsize=512)
def _takers(layout: Layout) -> tuple[_HandTaker, ...]:
    """Per seat, a function that takes its cards from the pack: an
    ``itemgetter`` (no Python frame) whenever it returns a tuple."""
    return tuple(
        operator.itemgetter(*positions)
        if len(positions) >= 2
        else (lambda pack, positions=positions: tuple([pack[i] for i in positions]))
        for positions in layout.hands
    )


def deal_cards(
    rules: Rules,
    pack: tuple[Card, ...],
    dealer: int,
    style: DealStyle,
    history: tuple[Action, ...],
    actors: tuple[int, ...],
) -> GameState:
    """Deal ``pack`` in ``style`` and return the state after the deal.
    (Mirrored by the batched engine's ``deal_hands`` kernel, in
    ``briscola/vector/_deal.py``, from the same layouts.)"""
    n = rules.players
    layout = deal_layout(rules, dealer, style)
    hands = tuple([take(pack) for take in _takers(layout)])
    trump_at = layout.trump
    stock_at = layout.stock[0] if layout.stock else len(pack)
    buried: list[Card] = []
    if trump_at is None:
        trump_card = None
        stock = pack[stock_at:]
        phase = PHASE_BIDDING
        contract: Contract | None = make_contract(
            bid=None, declarer=None, passed=(False,) * n, called_card=None, partner=None
        )
    else:
        phase, contract = PHASE_PLAYING, None
        if rules.redraw_ranks:
            # The redraw only goes with deals that turn the trump after the
            # hands, so the trump card and the stock are all the rest.
            undealt = list(pack[trump_at:])
            redraw = rules.redraw_ranks
            trump_card, buried = turn_trump(undealt, lambda card: card.rank in redraw)
            stock = tuple(undealt)
        else:
            trump_card = pack[trump_at]
            stock = pack[stock_at:]
    return make_state(
        setup=make_setup(rules=rules, pack=pack, dealer=dealer, buried=tuple(buried)),
        phase=phase,
        to_move=(dealer + 1) % n,
        hands=hands,
        stock=stock,
        trump_card=trump_card,
        trump=None if trump_card is None else trump_card.suit,
        trick=(),
        piles=((),) * n,
        history=history,
        actors=actors,
        tricks_won=(0,) * n,
        trump_drawn=None,
        contract=contract,
    )
