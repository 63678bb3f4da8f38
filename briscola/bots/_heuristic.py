"""Rules of thumb a club player would recognise: :class:`HeuristicBot`."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from .._actions import Action, Bid, Call, Pass, Play, SwapTrump
from .._cards import Card, Rank, Suit
from .._observe import Observation
from .._rules import Auction, Rules
from .._state import Contract, Phase
from .._trick import trick_winner

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


class _Seen:
    """The facts a seat's observation gives the rules of thumb."""

    __slots__ = (
        "rules",
        "seat",
        "phase",
        "legal",
        "hand",
        "trump",
        "trump_card",
        "trick",
        "out",
        "friends",
    )

    def __init__(
        self,
        rules: Rules,
        seat: int,
        phase: Phase,
        legal: tuple[Action, ...],
        hand: tuple[Card, ...],
        trump: Suit | None,
        trump_card: Card | None,
        trick: tuple[tuple[int, Card], ...],
        out: frozenset[Card],
        friends: frozenset[int],
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.phase = phase
        self.legal = legal
        self.hand = hand
        self.trump = trump
        self.trump_card = trump_card
        self.trick = trick
        # Cards no opponent can hold: played, captured, in this hand or in
        # a partner's visible hand.
        self.out = out
        # Seats known to be on this seat's side, itself included.
        self.friends = friends


@functools.lru_cache(maxsize=64)
def _strength(rules: Rules) -> dict[Rank, int]:
    """Per rank, 0 for the weakest to 9 for the strongest."""
    return {rank: len(rules.strength) - 1 - i for i, rank in enumerate(rules.strength)}


@functools.lru_cache(maxsize=64)
def _points(rules: Rules) -> dict[Rank, int]:
    table = dict(rules.card_points)
    return {rank: table.get(rank, 0) for rank in Rank}


def _beats(rules: Rules, trump: Suit | None, best: Card, card: Card) -> bool:
    """Whether ``card`` would take a trick that ``best`` is winning."""
    return trick_winner(rules, trump, ((0, best), (1, card))) == 1


def _winning(seen: _Seen) -> tuple[int, Card]:
    """The seat and card winning the trick in progress."""
    seat = trick_winner(seen.rules, seen.trump, seen.trick)
    return next(played for played in seen.trick if played[0] == seat)


def _keep_value(seen: _Seen, card: Card) -> float:
    """What keeping ``card`` for later is worth beyond its points: trumps
    win tricks, the more so the stronger they are."""
    if card.suit is seen.trump:
        return 4 + _strength(seen.rules)[card.rank]
    return 0


def _cheapest(seen: _Seen, cards: Sequence[Card]) -> Card:
    """The card that costs least to give away."""
    points, strength = _points(seen.rules), _strength(seen.rules)
    return min(cards, key=lambda c: (points[c.rank] + _keep_value(seen, c), strength[c.rank]))


def _heuristic_play(seen: _Seen) -> Card:
    """Rules of thumb for trick play (the reasons are in HeuristicBot)."""
    cards = [action.card for action in seen.legal if type(action) is Play]
    rules = seen.rules
    points, strength = _points(rules), _strength(rules)
    if not seen.trick:
        return _heuristic_lead(seen, cards)
    winner, best = _winning(seen)
    at_stake = sum(points[card.rank] for _, card in seen.trick)
    trick_size = rules.players * rules.plays_per_trick
    last = len(seen.trick) == trick_size - 1

    def own(card: Card) -> int:
        # A trump's points are its side's anyway: it can only lose to a
        # stronger trump. Other cards bring their points in by winning.
        return 0 if card.suit is seen.trump else points[card.rank]

    if winner in seen.friends:
        if last:
            # Our trick for sure: add the most points we can spare.
            return max(cards, key=lambda c: (own(c) - _keep_value(seen, c), -strength[c.rank]))
        return _cheapest(seen, cards)

    def value(card: Card) -> float:
        lost = at_stake + points[card.rank]
        if _beats(rules, seen.trump, best, card):
            sure = 1.0 if last else (0.75 if card.suit is seen.trump else 0.6)
            won = at_stake + own(card)
            return sure * won - (1 - sure) * lost - _keep_value(seen, card)
        return -lost - _keep_value(seen, card)

    return max(cards, key=lambda c: (value(c), -strength[c.rank]))


def _heuristic_lead(seen: _Seen, cards: list[Card]) -> Card:
    rules = seen.rules
    points, strength = _points(rules), _strength(rules)
    trump = seen.trump

    def only_trumps_beat(card: Card) -> bool:
        return all(
            other in seen.out
            for other in rules.pack
            if other.suit is card.suit and strength[other.rank] > strength[card.rank]
        )

    plain = [c for c in cards if c.suit is not trump]
    trumps_about = any(c.suit is trump and c not in seen.out for c in rules.pack)
    safe = [c for c in plain if only_trumps_beat(c)]
    if safe and not trumps_about:
        # Nobody else can hold a trump: a card only a trump can beat is a
        # sure winner; cash the richest.
        return max(safe, key=lambda c: (points[c.rank], strength[c.rank]))
    figures = [c for c in safe if 0 < points[c.rank] <= 4]
    if figures:
        return max(figures, key=lambda c: (points[c.rank], -strength[c.rank]))
    blanks = [c for c in plain if points[c.rank] == 0]
    if blanks:
        return min(blanks, key=lambda c: (only_trumps_beat(c), strength[c.rank]))
    return _cheapest(seen, cards)


def _heuristic_swap(seen: _Seen) -> SwapTrump | None:
    """An exchange that brings a stronger card into the hand, if any."""
    face_up = seen.trump_card
    if face_up is None:
        return None
    strength = _strength(seen.rules)
    for action in seen.legal:
        if type(action) is SwapTrump and strength[face_up.rank] > strength[action.card.rank]:
            return action
    return None


def _best_suit(seen: _Seen) -> Suit:
    """The suit this hand would rather have as trump."""
    strength, points = _strength(seen.rules), _points(seen.rules)

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
    points, strength = _points(seen.rules), _strength(seen.rules)
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
    strength = _strength(seen.rules)
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
        card = _heuristic_play(seen)
        return next(a for a in legal if type(a) is Play and a.card is card)
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
