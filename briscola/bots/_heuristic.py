"""Rules of thumb a club player would recognise: :class:`HeuristicBot`."""

from __future__ import annotations

import math
import random
from collections.abc import Container, Iterable, Sequence
from typing import NamedTuple

from .._actions import Action, Bid, Call, Pass, Play, Say, Sign, Signal, SwapTrump, Word
from .._cards import FULL_PACK, Card, Suit
from .._heard import partner_of
from .._observe import Observation
from .._rules import Auction, Rules
from .._state import Contract, Phase
from .._trick import leading
from ._convention import (
    CONVENTIONS,
    HONEST,
    Convention,
    Need,
    Readings,
    claimed_cards,
    partner_word,
    signal_to_give,
    talk_open_in,
)
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
    knocks at random: the pack is shuffled either way.

    With table talk (:attr:`Rules.table_talk <briscola.Rules.table_talk>`)
    it talks by its ``convention`` (:class:`Convention`; by default
    ``CONVENTIONS["honest"]``): before its card it makes the sign and says the word
    the convention gives, and it reads its partner's signs (a trump its
    partner signed is not in an opponent's hand, unless it sees otherwise)
    and follows its partner's word where it can: on "punti" it puts the
    most points it can spare on its partner's card while that card is
    winning; on "karik", "briškulu" or "briškulicu" it plays such a card
    when it takes the trick (or, for "karik", on its partner's winning
    card). A word or a sign that contradicts what it sees is ignored.

    Args:
        convention: How it talks and listens with table talk.

    Raises:
        TypeError: If ``convention`` is not a :class:`Convention`.

    >>> from briscola import preset, outcome
    >>> from briscola.bots import play_deal
    >>> state = play_deal(preset("italian-2p"), [HeuristicBot(), HeuristicBot()], seed=2)
    >>> sum(outcome(state).points)
    120
    >>> from briscola.bots import CONVENTIONS
    >>> HeuristicBot(convention=CONVENTIONS["silent"])
    HeuristicBot(convention=CONVENTIONS['silent'])
    """

    def __init__(self, convention: Convention = HONEST) -> None:
        if not isinstance(convention, Convention):
            raise TypeError(f"convention must be a Convention, not {type(convention).__name__}")
        self.convention = convention
        # The turn this bot last chose a card for, the card and the word
        # for it: its calls for a sign, a word and the card of one turn
        # then work the card out once (talk changes nothing it reads).
        self._planned: tuple[object, int, Word | None, Signal | None] | None = None
        # What it has read of its partner's talk, taken up at each decision.
        self._readings: Readings = {}

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The rule-of-thumb action (see the class)."""
        if len(legal) == 1:
            return legal[0]
        legal = tuple(legal)
        convention = self.convention
        if observation.rules.table_talk and observation.phase is Phase.PLAYING:
            return self._talking(observation, legal, rng)
        return _heuristic(_seen_from(observation, legal, convention, self._readings), rng)

    def _talking(
        self, observation: Observation, legal: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """The action in trick play with table talk: the sign, else the
        word, that the convention gives now (see :class:`Convention`)
        with the card about to be played, else that card."""
        convention = self.convention
        say, sign = talk_open_in(legal) if convention.talks else (False, False)
        if convention.lies and (say or sign):
            if sign:
                return Sign(_SIGNALS[rng.randrange(len(_SIGNALS))])
            return Say(_WORDS[rng.randrange(len(_WORDS))])
        if not (say and convention.words or sign and convention.signals):
            self._planned = None
            return _heuristic(_seen_from(observation, legal, convention, self._readings), rng)
        turn = (
            observation.seat,
            observation.hand,
            observation.trick,
            observation.stock_size,
            observation.piles,
        )
        planned = self._planned
        if planned is not None and planned[0] == turn:
            _, card, word, signal = planned
        else:
            seen = _seen_from(observation, legal, convention, self._readings)
            if _heuristic_swap(seen) is not None:
                return _heuristic(seen, rng)
            card = _heuristic_play(seen)
            word = None
            partner = partner_of(observation.rules, observation.seat)
            if convention.words and all(seat != partner for seat, _ in observation.trick):
                need = Need.LOAD if takes_whatever_comes(seen, card) else Need.SPARE
                word = convention.word_for(need)
            signal = None
            if sign and convention.signals:
                signal = signal_to_give(
                    convention, observation, rng, FULL_PACK[card], self._readings
                )
            self._planned = (turn, card, word, signal)
        if sign and signal is not None:
            return Sign(signal)
        if say and word is not None:
            return Say(word)
        self._planned = None
        return next(a for a in legal if type(a) is Play and a.card.index == card)

    def __repr__(self) -> str:
        return f"HeuristicBot({convention_argument(self.convention)})"


def convention_argument(convention: Convention) -> str:
    """How a bot's ``repr`` names its convention: nothing for the default,
    a named one by its name, any other in full."""
    if convention == HONEST:
        return ""
    if CONVENTIONS.get(convention.name) == convention:
        return f"convention=CONVENTIONS[{convention.name!r}]"
    return f"convention={convention!r}"


_WORDS = tuple(Word)
_SIGNALS = tuple(Signal)


def takes_whatever_comes(seen: _Seen, card: int) -> bool:
    """Whether ``card`` (an index), played now, takes the trick whatever
    the cards an opponent may hold (those not in :attr:`_Seen.out`, nor
    the face-up trump card)."""
    tables = tables_for(seen.rules)
    beats = tables.trump_beats[suit_index(seen.trump)]
    if seen.trick:
        _, best, _ = leading(beats, tables.points, [c.index for _, c in seen.trick])
        if not beats[best * 40 + card]:
            return False
    row = card * 40
    out = seen.out
    face_up = seen.trump_card
    removed = seen.rules.removed
    for other in range(40):
        if beats[row + other]:
            found = FULL_PACK[other]
            if found not in out and found != face_up and found not in removed:
                return False
    return True


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
    heard: Word | None = None
    """With table talk, the word the partner said before its card in the
    trick in progress (when the seat listens)."""
    signed: tuple[int, ...] = ()
    """With table talk, the cards (indices) the partner signed that it
    holds and that may still be in its hand (when the seat listens)."""


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
    size = tables.trick_size
    last = len(seen.trick) == size - 1
    covers: Sequence[int] = ()
    if seen.signed:
        final = (seen.trick[0][0] + size - 1) % seen.rules.players
        if partner_last(final, len(seen.trick), size, seen.seat, seen.friends):
            covers = seen.signed
    return follow_talked(
        hand, trump, tables, beats, (best * 40, stake, friendly, last), seen.heard, covers
    )


def partner_last(final: int, played: int, size: int, seat: int, friends: Container[int]) -> bool:
    """Whether ``seat``'s partner plays the trick's last card, after it:
    ``final`` is the seat that plays it, ``played`` the cards in the trick
    so far, ``size`` a full trick's and ``friends`` the seats on
    ``seat``'s side."""
    return played < size - 1 and final != seat and final in friends


def follow_talked(
    hand: Sequence[int],
    trump: int,
    tables: Tables,
    beats: Sequence[bool],
    following: Following,
    heard: Word | None,
    covers: Sequence[int],
) -> int:
    """The card :class:`HeuristicBot` plays from ``hand`` to a trick under
    way, with what the talk told it: :func:`follow_card`, but that it
    follows its partner's word ``heard`` (:func:`talk_read`) where it can,
    and else, with ``covers`` (the cards its partner signed, when that
    partner plays the trick's last card) and an opponent's card winning,
    puts points under the partner's card (see :class:`HeuristicBot`)."""
    row, stake, friendly, _ = following
    if heard is not None:
        followed = _follow_word(heard, hand, trump, tables, beats, row, friendly)
        if followed is not None:
            return followed
    if covers and not friendly:
        covered = _covered(covers, hand, trump, tables, beats, row, stake)
        if covered is not None:
            return covered
    return follow_card(hand, trump, tables, beats, following)


#: The points a trick must hold for a partner playing last to spend a
#: strong trump on it, as this bot weighs its cards.
COVER_STAKE = 7


def _covered(
    signed: Sequence[int],
    hand: Sequence[int],
    trump: int,
    tables: Tables,
    beats: Sequence[bool],
    row: int,
    stake: int,
) -> int | None:
    """With the partner last to play and holding (by its sign) a card that
    takes the trick, the card with points to put under it: the richest
    card of another suit that the partner's card also beats, if the trick
    is then worth its taking; else ``None``."""
    points = tables.points
    for cover in signed:
        if not beats[row + cover]:
            continue
        under = [
            card
            for card in hand
            if SUIT_OF[card] != trump and points[card] and beats[card * 40 + cover]
        ]
        if not under:
            return None
        card = max(under, key=lambda card: (points[card], -tables.strength[card]))
        if stake + points[card] >= COVER_STAKE:
            return card
        return None
    return None


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


def _follow_word(
    word: Word,
    hand: Sequence[int],
    trump: int,
    tables: Tables,
    beats: Sequence[bool],
    row: int,
    friendly: bool,
) -> int | None:
    """The card that follows the partner's ``word`` (see
    :class:`HeuristicBot`), or ``None`` where the hand cannot or the trick
    contradicts the word (``row`` is 40 times the card winning it)."""
    points = tables.points
    strength = tables.strength
    if word is Word.POINTS:
        if not friendly:
            return None
        # As on a trick sure to be ours: the most points we can spare.
        return max(
            hand,
            key=lambda card: (
                -KEEP - strength[card] if SUIT_OF[card] == trump else points[card],
                -strength[card],
            ),
        )
    if word is Word.NO_POINTS:
        return _cheapest(hand, trump, points, strength) if friendly else None
    if word is Word.ACE_OR_THREE:
        tops = [card for card in hand if points[card] >= 10]
        if not friendly:
            tops = [card for card in tops if beats[row + card]]
        return min(tops, key=lambda card: (SUIT_OF[card] == trump, strength[card]), default=None)
    if friendly:
        return None
    trumps = [card for card in hand if SUIT_OF[card] == trump and beats[row + card]]
    if word is Word.SMALL_TRUMP:
        trumps = [card for card in trumps if not points[card]]
    return min(trumps, key=lambda card: strength[card], default=None)


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


def _seen_from(
    observation: Observation,
    legal: tuple[Action, ...],
    convention: Convention | None = None,
    cache: Readings | None = None,
) -> _Seen:
    """The rules of thumb's view of an observation (with what its
    partner's talk tells, if ``convention`` listens, read on from the
    bot's readings ``cache`` when given)."""
    rules = observation.rules
    seat = observation.seat
    friends = _friends(rules, seat, observation.contract)
    out: set[Card] = set(observation.hand)
    for pile in observation.piles:
        out.update(pile)
    out.update(card for _, card in observation.trick)
    for other in friends:
        out.update(observation.known_hands[other])
    heard = None
    signed: tuple[int, ...] = ()
    if convention is not None:
        heard, claimed = talk_read(observation, convention, cache)
        out.update(claimed)
        signed = tuple(sorted(card.index for card in claimed))
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
        heard,
        signed,
    )


def talk_read(
    observation: Observation, convention: Convention = HONEST, cache: Readings | None = None
) -> tuple[Word | None, frozenset[Card]]:
    """What :class:`HeuristicBot` by ``convention`` reads of its partner's
    talk where it sees ``observation``: the word its partner said before
    its card in the trick in progress (:func:`partner_word`), and the cards
    its partner's signs claim (:func:`claimed_cards`, which it counts out
    of the opponents' hands); nothing without table talk or listening.

    >>> from briscola import Cut, Sign, Signal, apply, new_game, observe, preset
    >>> state = apply(new_game(preset("split-4p"), seed=4), Cut())
    >>> state = apply(state, Sign(Signal.KNIGHT_OF_TRUMPS))
    >>> word, claimed = talk_read(observe(state, 2))
    >>> word, sorted(str(card) for card in claimed)
    (None, ['knight of swords'])
    >>> talk_read(observe(state, 2), CONVENTIONS["silent"])
    (None, frozenset())
    """
    if not (convention.listens and observation.rules.table_talk):
        return None, frozenset()
    claimed = claimed_cards(observation, convention, cache)
    heard = partner_word(observation, convention, cache) if observation.trick else None
    return heard, claimed
