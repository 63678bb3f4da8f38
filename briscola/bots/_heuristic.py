"""Rules of thumb a club player would recognise: :class:`HeuristicBot`."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .._actions import Action, Bid, Call, Pass, Play, SwapTrump
from .._cards import Card, Suit
from .._observe import Observation
from .._rules import Auction, Rules
from .._state import Contract, Phase
from .._trick import leading
from ._tables import SUIT_OF, Following, Tables, suit_index, tables_for

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Plays by rules of thumb, from what its seat sees.

    In trick play:

    - it makes every exchange that brings a stronger trump into its hand;
    - following a trick a partner is sure to win (it plays last), it adds
      the most points it can spare; otherwise it throws its cheapest card;
    - following an opponent's card, it weighs each card: winning takes the
      trick's points and the card's own, losing hands them over, and
      spending a trump costs the more the stronger the trump. So it takes
      the trick with its cheapest winning card when the trick is worth it,
      and otherwise throws a card without points (it avoids feeding
      points);
    - leading, it prefers a low-point card that only a trump can beat (all
      the stronger cards of its suit are out), then a card without points,
      keeping aces, threes and trumps back; once no other seat can hold a
      trump, it cashes its sure winners, richest first.

    Bastardo: it bids while its guess of the points the declarer's side
    would take (its hand's points, the length and strength of its best
    suit, and the partner's called card) covers the next bid, and passes
    otherwise (a weak hand passes at once); as declarer it calls the
    strongest card it lacks of the suit it holds best. Its partners are
    the seats it knows to be on its side. In Split dealing it cuts or
    knocks at random: the pack is shuffled either way. With table talk it
    stays silent: it never says a word nor makes a sign.

    >>> from briscola import preset, outcome
    >>> from briscola.bots import play_deal
    >>> state = play_deal(preset("italian-2p"), [HeuristicBot(), HeuristicBot()], seed=2)
    >>> sum(outcome(state).points)
    120
    """

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The rule-of-thumb action (see the class)."""
        if len(legal) == 1:
            return legal[0]
        return _heuristic(_seen_from(observation, tuple(legal)), rng)

    def __repr__(self) -> str:
        return "HeuristicBot()"


class _Seen(NamedTuple):
    """The facts a seat's observation gives the rules of thumb."""

    rules: Rules
    seat: int
    phase: Phase
    legal: tuple[Action, ...]
    hand: tuple[Card, ...]
    trump: Suit | None
    trump_card: Card | None
    trick: tuple[tuple[int, Card], ...]
    out: frozenset[Card]
    """Cards no opponent can hold: played, captured, in this hand or in a
    partner's visible hand."""
    friends: frozenset[int]
    """Seats known to be on this seat's side, itself included."""


def _heuristic_play(seen: _Seen) -> int:
    """Rules of thumb for trick play (the reasons are in HeuristicBot): the
    index of the card to play."""
    hand = [action.card.index for action in seen.legal if type(action) is Play]
    tables = tables_for(seen.rules)
    trump = suit_index(seen.trump)
    if not seen.trick:
        out = seen.out
        unseen = (card.index for card in seen.rules.pack if card not in out)
        top = unseen_tops(unseen, tables.strength)
        return lead_card(hand, top, trump, tables.points, tables.strength)
    beats = tables.trump_beats[trump]
    at, best, stake = leading(beats, tables.points, [card.index for _, card in seen.trick])
    friendly = seen.trick[at][0] in seen.friends
    last = len(seen.trick) == tables.trick_size - 1
    return follow_card(hand, trump, tables, beats, (best * 40, stake, friendly, last))


# -- trick play in index form -----------------------------------------------
#
# Cards are ``Card.index`` values and suits ``0..3`` (the search bots' form,
# see ``_tables``), so that the strong bot's exact search can expect this
# bot's very card (``World.expected``). ``strength`` is ``Tables.strength``,
# which counts from 1: a trump kept back is worth ``KEEP`` more than its
# strength (where the search's greedy rules count ``GREEDY_KEEP``).

#: What this bot counts a trump kept back as worth, above its strength.
KEEP = 3


def unseen_tops(cards: Iterable[int], strength: Sequence[int]) -> list[int]:
    """Per suit index, the strength of the strongest of ``cards`` in that
    suit, -1 if none: given the cards an opponent may hold, the card of
    each suit that may still beat ours."""
    top = [-1, -1, -1, -1]
    for card in cards:
        suit = SUIT_OF[card]
        if strength[card] > top[suit]:
            top[suit] = strength[card]
    return top


def lead_card(
    hand: Sequence[int],
    top: Sequence[int],
    trump: int,
    points: Sequence[int],
    strength: Sequence[int],
) -> int:
    """The card :class:`HeuristicBot` leads from ``hand``, ``top`` being
    :func:`unseen_tops` of the cards an opponent may hold and ``trump``
    the trump suit's index (-1 for none): once no trump can be about, its
    richest card only a trump could beat; else such a card worth 2 to 4
    points; else a card without points that is not a trump (one that
    something else could still beat first, the weakest first); else the
    card that costs least to give away. Ties go to the earlier card."""
    plain = [card for card in hand if SUIT_OF[card] != trump]
    safe = [card for card in plain if top[SUIT_OF[card]] < strength[card]]
    if safe and (trump < 0 or top[trump] < 0):
        return max(safe, key=lambda card: (points[card], strength[card]))
    figures = [card for card in safe if 0 < points[card] <= 4]
    if figures:
        return max(figures, key=lambda card: (points[card], -strength[card]))
    blanks = [card for card in plain if not points[card]]
    if blanks:
        return min(blanks, key=lambda card: (top[SUIT_OF[card]] < strength[card], strength[card]))
    return _cheapest(hand, trump, points, strength)


def follow_card(
    hand: Sequence[int], trump: int, tables: Tables, beats: Sequence[bool], following: Following
) -> int:
    """The card :class:`HeuristicBot` plays from ``hand`` to a trick under
    way: ``trump`` is the trump suit's index, ``beats`` its flat table
    (``tables.trump_beats[trump]``) and ``following`` the trick so far
    (:data:`~briscola.bots._tables.Following`). Ties go to the weaker
    card, then the earlier."""
    points = tables.points
    strength = tables.strength
    row, stake, friendly, last = following
    if friendly:
        if last:
            # Our trick for sure: add the most points we can spare (a
            # trump's points are its side's anyway).
            return max(
                hand,
                key=lambda card: (
                    -KEEP - strength[card] if SUIT_OF[card] == trump else points[card],
                    -strength[card],
                ),
            )
        return _cheapest(hand, trump, points, strength)
    choice = hand[0]
    top: tuple[float, int] = (-math.inf, 0)
    for card in hand:
        if SUIT_OF[card] == trump:
            # A trump's points are its side's anyway (only a stronger
            # trump beats it); keeping it back is worth its strength.
            keep = KEEP + strength[card]
            own = 0
            sure = 0.75
        else:
            keep = 0
            own = points[card]
            sure = 0.6
        lost = stake + points[card]
        if not beats[row + card]:
            value: float = -lost - keep
        elif last:
            value = stake + own - keep
        else:
            value = sure * (stake + own) - (1 - sure) * lost - keep
        key = (value, -strength[card])
        if key > top:
            top, choice = key, card
    return choice


def _cheapest(
    hand: Sequence[int], trump: int, points: Sequence[int], strength: Sequence[int]
) -> int:
    """The card that costs least to give away: its points and, for a
    trump, what keeping it back is worth."""
    return min(
        hand,
        key=lambda card: (
            points[card] + (KEEP + strength[card] if SUIT_OF[card] == trump else 0),
            strength[card],
        ),
    )


def _heuristic_swap(seen: _Seen) -> SwapTrump | None:
    """An exchange that brings a stronger card into the hand, if any."""
    face_up = seen.trump_card
    if face_up is None:
        return None
    strength = tables_for(seen.rules).rank_strength
    for action in seen.legal:
        if type(action) is SwapTrump and strength[face_up.rank] > strength[action.card.rank]:
            return action
    return None


def _best_suit(seen: _Seen) -> Suit:
    """The suit this hand would rather have as trump."""
    tables = tables_for(seen.rules)
    strength, points = tables.rank_strength, tables.rank_points

    def weight(suit: Suit) -> tuple[float, int]:
        held = [c for c in seen.hand if c.suit is suit]
        return (
            sum(3 + strength[c.rank] / 2 for c in held) + sum(points[c.rank] for c in held) / 4,
            -suit.value,
        )

    return max(Suit, key=weight)


def _hand_estimate(seen: _Seen) -> float:
    """A rough guess of the points the declarer's side would take with this
    hand, the best suit as trump and its strongest missing card called."""
    tables = tables_for(seen.rules)
    points, strength = tables.rank_points, tables.rank_strength
    suit = _best_suit(seen)
    trumps = [c for c in seen.hand if c.suit is suit]
    high = sum(1 for c in trumps if strength[c.rank] >= 7)
    return 0.9 * sum(points[c.rank] for c in seen.hand) + 5 * len(trumps) + 3 * high + 18


def _heuristic_bid(seen: _Seen) -> Action:
    bids = [action for action in seen.legal if type(action) is Bid]
    if not bids:
        return Pass()
    bid = bids[0]
    estimate = _hand_estimate(seen)
    rules = seen.rules
    if bid.rank is not None and bid.points == rules.min_bid:
        # Chiamata: a weaker rank called is a weaker partner.
        weaker = rules.strength.index(bid.rank)
        return bid if estimate >= bid.points + 2 * weaker else Pass()
    margin = 18 if rules.auction is Auction.CHIAMATA else 0
    return bid if estimate >= bid.points + margin else Pass()


def _heuristic_call(seen: _Seen) -> Call:
    strength = tables_for(seen.rules).rank_strength
    calls = [action for action in seen.legal if type(action) is Call]
    suit = _best_suit(seen)
    # The strongest card of the best suit that someone else holds: its
    # holder becomes a partner with a strong trump.
    others = [a for a in calls if a.card not in seen.hand]
    in_suit = [a for a in others if a.card.suit is suit] or others or calls
    by_length = {s: sum(1 for c in seen.hand if c.suit is s) for s in Suit}
    return max(
        in_suit,
        key=lambda a: (a.card.suit is suit, by_length[a.card.suit], strength[a.card.rank]),
    )


def _heuristic(seen: _Seen, rng: random.Random) -> Action:
    legal = seen.legal
    if len(legal) == 1:
        return legal[0]
    phase = seen.phase
    if phase is Phase.PLAYING:
        swap = _heuristic_swap(seen)
        if swap is not None:
            return swap
        index = _heuristic_play(seen)
        return next(a for a in legal if type(a) is Play and a.card.index == index)
    if phase is Phase.BIDDING:
        return _heuristic_bid(seen)
    if phase is Phase.CALLING:
        return _heuristic_call(seen)
    # Cut or knock: the pack is shuffled either way.
    return rng.choice(legal)


def _friends(rules: Rules, seat: int, contract: Contract | None) -> frozenset[int]:
    """The seats ``seat`` knows to be on its side, itself included: its
    team; in bastardo, once it knows the partner (being the partner, or
    after the called card was played), the declarer's side or the rest."""
    if rules.teams is not None:
        return frozenset(next(side for side in rules.teams if seat in side))
    if contract is None or contract.partner is None or contract.declarer is None:
        return frozenset((seat,))
    ours = frozenset((contract.declarer, contract.partner))
    if seat in ours:
        return ours
    return frozenset(range(rules.players)) - ours


def _seen_from(observation: Observation, legal: tuple[Action, ...]) -> _Seen:
    """The rules of thumb's view of an observation."""
    rules = observation.rules
    seat = observation.seat
    friends = _friends(rules, seat, observation.contract)
    out: set[Card] = set(observation.hand)
    for pile in observation.piles:
        out.update(pile)
    out.update(card for _, card in observation.trick)
    for other in friends:
        out.update(observation.known_hands[other])
    return _Seen(
        rules,
        seat,
        observation.phase,
        legal,
        observation.hand,
        observation.trump,
        observation.trump_card,
        observation.trick,
        frozenset(out),
        friends,
    )
