"""The named presets, as plain :class:`Rules` values."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Final

import attrs

from ._cards import Card, Rank, Suit
from ._rules import (
    Auction,
    DealStyle,
    Exchange,
    MatchFormat,
    PartnerHands,
    Rules,
)

__all__ = ["PRESETS", "preset"]

_NO_TWOS = tuple(Card(suit, Rank.TWO) for suit in Suit)
_PAIRS = ((0, 2), (1, 3))
_THREES = ((0, 2, 4), (1, 3, 5))


def _italian() -> dict[str, Rules]:
    return {
        "italian-2p": Rules(players=2),
        "italian-3p": Rules(players=3, removed=(Card(Suit.CLUBS, Rank.TWO),)),
        "italian-4p": Rules(players=4, teams=_PAIRS),
        "italian-5p": Rules(players=5),
        "italian-6p": Rules(players=6, removed=_NO_TWOS, teams=_THREES),
        "italian-6p-pairs": Rules(players=6, removed=_NO_TWOS, teams=((0, 3), (1, 4), (2, 5))),
        "briscacard-3p": Rules(players=3, removed=_NO_TWOS),
    }


def _build() -> dict[str, Rules]:
    italian = _italian()
    presets = dict(italian)
    for n in ("2p", "3p", "4p", "6p"):
        finnish = attrs.evolve(italian[f"italian-{n}"], redraw_ranks=(Rank.ACE, Rank.THREE))
        if n == "4p":
            # Sackson's rule, quoted by the Finnish rules page for four players.
            finnish = attrs.evolve(finnish, partner_hands=PartnerHands.AFTER_STOCK)
        presets[f"finnish-{n}"] = finnish
    for n in ("2p", "4p", "5p"):
        rules = attrs.evolve(
            italian[f"italian-{n}"],
            deal=DealStyle.CUT_OR_KNOCK,
            match=MatchFormat.FIRST_TO,
            match_target=4,
            tie_same_dealer=True,
            clockwise=True,
        )
        if rules.teams is not None:
            # Split pairs: partners talk while the stock lasts, then show
            # each other their hands for the last tricks.
            rules = attrs.evolve(rules, partner_hands=PartnerHands.AFTER_STOCK, table_talk=True)
        presets[f"split-{n}"] = rules
    presets["split-dupla-2p"] = attrs.evolve(
        presets["split-2p"], hand_size=4, packet_size=2, plays_per_trick=2
    )
    presets["split-dupla-4p"] = attrs.evolve(presets["split-4p"], hand_size=4, packet_size=2)
    presets["romanian-2p"] = attrs.evolve(italian["italian-2p"], exchange=Exchange.TWO_FIRST_TRICK)
    presets["romanian-4p"] = attrs.evolve(
        italian["italian-4p"],
        exchange=Exchange.TWO_FIRST_TRICK,
        partner_hands=PartnerHands.BEFORE_FIRST_TRICK,
    )
    presets["spanish-2p"] = attrs.evolve(italian["italian-2p"], exchange=Exchange.SPANISH)
    presets["spanish-4p"] = attrs.evolve(italian["italian-4p"], exchange=Exchange.SPANISH)
    presets["portuguese-2p"] = attrs.evolve(
        italian["italian-2p"],
        strength=(
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
        ),
        card_points={Rank.ACE: 11, Rank.SEVEN: 10, Rank.KING: 4, Rank.JACK: 3, Rank.KNIGHT: 2},
    )
    presets["bastardo"] = Rules(
        players=5,
        hand_size=8,
        deal=DealStyle.WHOLE,
        auction=Auction.POINTS,
        match=MatchFormat.POINTS_TARGET,
        match_target=11,
    )
    # Briscola chiamata: bastardo with the Italian auction of ranks.
    presets["chiamata"] = attrs.evolve(presets["bastardo"], auction=Auction.CHIAMATA)
    return presets


PRESETS: Final[Mapping[str, Rules]] = types.MappingProxyType(_build())
"""Every preset by name (a read-only mapping); :doc:`/variants` lists
them and :doc:`/rules/index` describes the games.

>>> from briscola import PRESETS
>>> len(PRESETS), "split-dupla-2p" in PRESETS
(23, True)
"""


def preset(name: str) -> Rules:
    """The rules of the preset called ``name``.

    Args:
        name: A key of :data:`PRESETS`, such as ``"italian-2p"``.

    Returns:
        The preset's :class:`Rules`.

    Raises:
        ValueError: If there is no preset of that name; the message lists
            the known names.

    >>> preset("italian-4p").teams
    ((0, 2), (1, 3))
    >>> preset("briscola-9p")
    Traceback (most recent call last):
    ...
    ValueError: unknown preset 'briscola-9p'; known presets: italian-2p, ...
    """
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise ValueError(f"unknown preset {name!r}; known presets: {known}") from None
