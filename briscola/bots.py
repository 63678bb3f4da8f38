"""Computer players, and the loops that seat them at a table.

A bot is any object with a ``choose(observation, legal, rng)`` method (the
:class:`Bot` protocol). It receives what its seat may see,
:func:`briscola.observe` of the state for that seat, the legal actions
(:func:`briscola.legal_actions`, which depend only on what the seat sees)
and a random generator of its own, and returns one of the legal actions.
Bots never see the state itself, so they cannot peek at hidden cards;
:class:`MonteCarloBot` guesses them with :func:`briscola.sample_state`.

- :class:`RandomBot`: any legal action, uniformly.
- :class:`HeuristicBot`: rules of thumb a club player would recognise.
- :class:`MonteCarloBot`: determinized Monte Carlo search.

:func:`play_deal` and :func:`play_match` seat one bot per seat and play to
the end; :func:`make_bot` builds a bot from a short name, as the command
line does.

>>> from briscola import preset, outcome
>>> from briscola.bots import HeuristicBot, RandomBot, play_deal
>>> state = play_deal(preset("italian-2p"), [HeuristicBot(), RandomBot()], seed=1)
>>> state.is_over, sum(outcome(state).points)
(True, 120)
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, TypeAlias, TypeVar, runtime_checkable

from ._actions import PLAYS, Action, Bid, Call, Pass, Play, SwapTrump
from ._cards import FULL_PACK, Card, Rank, Suit
from ._deal import SeedLike, new_game
from ._engine import apply, legal_actions, outcome
from ._match import MatchState, new_match
from ._observe import Observation, observe
from ._rules import Auction, Rules
from ._sample import sample_state
from ._state import Contract, GameState, Outcome, Phase
from ._table import table_for

__all__ = [
    "Bot",
    "RandomBot",
    "HeuristicBot",
    "MonteCarloBot",
    "RolloutPolicy",
    "random_rollout",
    "greedy_rollout",
    "BOT_NAMES",
    "make_bot",
    "play_deal",
    "play_match",
]


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of the legal actions from what its seat sees.

    Any class with this method is a bot; no base class is needed.

    >>> import random
    >>> from briscola import legal_actions, new_game, observe, preset
    >>> class FirstBot:
    ...     def choose(self, observation, legal, rng):
    ...         return legal[0]
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> bot = FirstBot()
    >>> isinstance(bot, Bot)
    True
    >>> str(bot.choose(observe(state, 0), legal_actions(state), random.Random(0)))
    'play the six of coins'
    """

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The action to take.

        Args:
            observation: What the seat to move may see
                (:func:`briscola.observe`).
            legal: The legal actions, in the order of
                :func:`briscola.legal_actions`; never empty.
            rng: The bot's source of randomness: a bot that draws only from
                it plays reproducibly.

        Returns:
            One of ``legal``.
        """
        ...


class RandomBot:
    """Plays any legal action, uniformly at random.

    >>> import random
    >>> from briscola import legal_actions, new_game, observe, preset
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> action = RandomBot().choose(observe(state, 0), legal_actions(state), random.Random(1))
    >>> action in legal_actions(state)
    True
    """

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """A uniformly random element of ``legal``."""
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"


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

    >>> from briscola import preset, outcome
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


RolloutPolicy: TypeAlias = Callable[[GameState, random.Random], Action]
"""A default policy for Monte Carlo rollouts: given a full (sampled) state,
the action of the seat to move.

>>> def first_action(state, rng):
...     return legal_actions(state)[0]
>>> MonteCarloBot(samples=2, rollout=first_action)
MonteCarloBot(samples=2, rollout='first_action')
"""


def random_rollout(state: GameState, rng: random.Random) -> Action:
    """The fastest rollout policy: a uniformly random legal action.

    >>> import random
    >>> from briscola import new_game, preset, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> random_rollout(state, random.Random(0)) in legal_actions(state)
    True
    """
    legal = legal_actions(state)
    return legal[rng.randrange(len(legal))]


def greedy_rollout(state: GameState, rng: random.Random) -> Action:
    """A cheap rule-of-thumb rollout policy, :class:`HeuristicBot`'s trick
    play cut down to the mover's hand and the table (no card counting):
    make an exchange that brings a stronger trump in; lead the cheapest
    card; on a partner's winning card, add points when last to play, else
    throw the cheapest card; otherwise weigh taking the trick against
    throwing a card, as :class:`HeuristicBot` does. Outside trick play it
    moves at random.

    >>> import random
    >>> from briscola import new_game, preset, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> greedy_rollout(state, random.Random(0)) in legal_actions(state)
    True
    """
    if state.phase is not Phase.PLAYING:
        return random_rollout(state, rng)
    setup = state.setup
    table = setup.table
    seat: int = state.to_move  # type: ignore[assignment]
    trump = state.trump
    fast = _fast(setup.rules)
    if not table.plain_play and state.trump_card is not None:
        face_up = fast.strength[state.trump_card.index]
        for action in legal_actions(state):
            if type(action) is SwapTrump and fast.strength[action.card.index] < face_up:
                return action
    hand = state.hands[seat]
    if len(hand) == 1:
        return PLAYS[hand[0].index]
    keep = fast.keep[trump]
    points = fast.points
    strength = fast.strength
    trick = state.trick
    choice = hand[0]
    if not trick:
        lowest = 1000.0
        for card in hand:
            cost = points[card.index] + keep[card.index] + strength[card.index] / 16
            if cost < lowest:
                lowest, choice = cost, card
        return PLAYS[choice.index]
    beats = table.beats[trump]
    winner, best = trick[0]
    at = best.index * 40
    at_stake = points[best.index]
    for other, card in trick[1:]:
        at_stake += points[card.index]
        if beats[at + card.index]:
            winner, at = other, card.index * 40
    last = len(trick) == table.trick_size - 1
    contract = state.contract
    if contract is not None:
        ours = (contract.declarer, contract.partner)
        friendly = (winner in ours) == (seat in ours)
    else:
        friendly = table.side_of[winner] == table.side_of[seat]
    top = -1000.0
    for card in hand:
        i = card.index
        bonus = keep[i]
        own = 0 if bonus else points[i]
        if friendly:
            value = own - bonus if last else -points[i] - bonus
        elif beats[at + i]:
            sure = 1.0 if last else (0.5 if bonus else 0.2)
            value = sure * (at_stake + own) - (1 - sure) * (at_stake + points[i]) - bonus
        else:
            value = -at_stake - points[i] - bonus
        value -= strength[i] / 16
        if value > top:
            top, choice = value, card
    return PLAYS[choice.index]


class _FastTables:
    """Per-card tables of one rules for :func:`greedy_rollout`."""

    __slots__ = ("points", "strength", "keep")

    def __init__(self, rules: Rules) -> None:
        strength = _strength(rules)
        self.points = table_for(rules).points
        self.strength = tuple(strength[card.rank] for card in FULL_PACK)
        self.keep: dict[Suit | None, tuple[float, ...]] = {
            trump: tuple(
                4.0 + strength[card.rank] if card.suit is trump else 0.0 for card in FULL_PACK
            )
            for trump in (*Suit, None)
        }


@functools.lru_cache(maxsize=64)
def _fast(rules: Rules) -> _FastTables:
    return _FastTables(rules)


_ROLLOUTS: Final[dict[str, RolloutPolicy]] = {
    "random": random_rollout,
    "greedy": greedy_rollout,
}


class MonteCarloBot:
    """Determinized Monte Carlo search.

    For each of ``samples`` determinizations (full states dealt at random
    consistently with the observation, by :func:`briscola.sample_state`),
    every legal action is applied and the deal played out to the end with
    the ``rollout`` policy for every seat. The action with the best mean
    result wins, the same determinizations serving every action. The result
    of a playout, for the bot's side, is its win (1, a tie 1/2) plus its
    share of the pack's points, so it plays to win and, among equal
    chances, for points; in bastardo the deal's score replaces the win.

    The auction, the call and Split's cut or knock are not searched: they
    are left to ``fallback`` (a :class:`HeuristicBot` by default).

    Args:
        samples: Determinizations per decision.
        rollout: ``"greedy"`` (the default, :func:`greedy_rollout`),
            ``"random"`` (:func:`random_rollout`: faster, much weaker) or
            any :data:`RolloutPolicy`.
        fallback: The bot for the decisions that are not searched.

    >>> from briscola import preset, outcome
    >>> bot = MonteCarloBot(samples=4)
    >>> bot
    MonteCarloBot(samples=4, rollout='greedy')
    >>> state = play_deal(preset("italian-2p"), [bot, RandomBot()], seed=1)
    >>> sum(outcome(state).points)
    120
    """

    def __init__(
        self,
        samples: int = 50,
        rollout: str | RolloutPolicy = "greedy",
        fallback: Bot | None = None,
    ) -> None:
        if type(samples) is not int or samples < 1:
            raise ValueError(f"samples must be an int of at least 1, not {samples!r}")
        if isinstance(rollout, str):
            if rollout not in _ROLLOUTS:
                known = ", ".join(_ROLLOUTS)
                raise ValueError(f"unknown rollout policy {rollout!r}; known: {known}")
            self.rollout_name = rollout
            self.rollout: RolloutPolicy = _ROLLOUTS[rollout]
        else:
            self.rollout_name = getattr(rollout, "__name__", repr(rollout))
            self.rollout = rollout
        self.samples = samples
        self.fallback: Bot = HeuristicBot() if fallback is None else fallback

    def __repr__(self) -> str:
        return f"MonteCarloBot(samples={self.samples}, rollout={self.rollout_name!r})"

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The action with the best mean playout result (see the class)."""
        if len(legal) == 1:
            return legal[0]
        if observation.phase is not Phase.PLAYING:
            return self.fallback.choose(observation, legal, rng)
        values = self.evaluate(observation, legal, rng)
        return legal[max(range(len(legal)), key=values.__getitem__)]

    def evaluate(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> tuple[float, ...]:
        """The mean playout result of each action of ``legal``, in order.

        Args:
            observation: What the seat to move sees, in trick play.
            legal: The actions to weigh (the legal actions, or some of them).
            rng: Deals the determinizations and drives the rollouts.

        Returns:
            Per action, the mean over ``samples`` determinizations of the
            playout's result for the seat's side (see the class).

        >>> import random
        >>> from briscola import legal_actions, new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> values = MonteCarloBot(samples=3).evaluate(
        ...     observe(state, 0), legal_actions(state), random.Random(1)
        ... )
        >>> len(values), all(0 <= value <= 2 for value in values)
        (3, True)
        """
        seat = observation.seat
        totals = [0.0] * len(legal)
        policy = self.rollout
        for _ in range(self.samples):
            state = sample_state(observation, rng)
            for i, action in enumerate(legal):
                after = apply(state, action)
                while not after.is_over:
                    after = apply(after, policy(after, rng))
                totals[i] += _playout_value(after, seat)
        return tuple(total / self.samples for total in totals)


def _playout_value(state: GameState, seat: int) -> float:
    """What a finished deal is worth to ``seat``: its win (or bastardo
    score) plus its side's share of the points."""
    result: Outcome = outcome(state)  # type: ignore[assignment]
    side = next(i for i, s in enumerate(result.sides) if seat in s)
    share = result.points[side] / max(1, state.setup.table.total_points)
    if state.contract is not None:
        return result.scores[seat] + share
    if result.winners:
        return share + (1.0 if seat in result.winners else 0.0)
    return share + 0.5


BOT_NAMES: Final[tuple[str, ...]] = ("random", "heuristic", "montecarlo")
"""The names :func:`make_bot` knows.

>>> [make_bot(name) for name in BOT_NAMES]
[RandomBot(), HeuristicBot(), MonteCarloBot(samples=50, rollout='greedy')]
"""


def make_bot(spec: str) -> Bot:
    """A bot from its name, as the command line names bots.

    Args:
        spec: ``"random"``, ``"heuristic"``, ``"montecarlo"`` or
            ``"montecarlo:SAMPLES"`` (``"mc"`` is short for
            ``"montecarlo"``); case and surrounding spaces do not matter.

    Returns:
        A new bot.

    Raises:
        ValueError: If the name is unknown or the samples are not a
            positive number.

    >>> make_bot("heuristic"), make_bot("mc:50")
    (HeuristicBot(), MonteCarloBot(samples=50, rollout='greedy'))
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'genius'; known: random, heuristic, montecarlo (or montecarlo:SAMPLES)
    >>> make_bot("mc:0")
    Traceback (most recent call last):
    ...
    ValueError: montecarlo:SAMPLES needs a positive number of samples, not '0'
    """
    name, _, option = spec.strip().partition(":")
    name = {"mc": "montecarlo"}.get(name.lower(), name.lower())
    if name == "random" and not option:
        return RandomBot()
    if name == "heuristic" and not option:
        return HeuristicBot()
    if name == "montecarlo":
        if not option:
            return MonteCarloBot()
        samples = 0
        # ASCII digits only: str.isdigit also accepts '²', which int()
        # refuses, as it refuses thousands of digits.
        if option.isascii() and option.isdigit():
            with contextlib.suppress(ValueError):
                samples = int(option)
        if samples > 0:
            return MonteCarloBot(samples=samples)
        raise ValueError(f"montecarlo:SAMPLES needs a positive number of samples, not {option!r}")
    known = ", ".join(BOT_NAMES)
    raise ValueError(f"unknown bot {spec!r}; known: {known} (or montecarlo:SAMPLES)")


def _seat_rngs(seed: SeedLike, players: int) -> list[random.Random]:
    if seed is None:
        return [random.Random() for _ in range(players)]
    return [random.Random(f"{seed!r}:bot:{seat}") for seat in range(players)]


def _checked(
    bot: Bot, observation: Observation, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    action = bot.choose(observation, legal, rng)
    if action not in legal:
        raise ValueError(
            f"the bot at seat {observation.seat} ({bot!r}) chose {action!r}, "
            "which is not a legal action"
        )
    return action


ActionHook: TypeAlias = Callable[[GameState, int, Action, GameState], None]
"""Called after every action with the state before, the seat, the action
and the state after."""


def play_deal(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: SeedLike = None,
    state: GameState | None = None,
    on_action: ActionHook | None = None,
) -> GameState:
    """Play one deal to the end, one bot per seat.

    Args:
        rules: The rules of the deal.
        bots: One bot per seat, seat 0 first.
        seed: Deals ``new_game(rules, seed=seed)`` and seeds each bot's
            random generator, so the same seed and bots play the same
            deal; ``None`` for a random deal.
        state: Play on from this state instead of dealing a new one
            (``seed`` then only seeds the bots).
        on_action: Called after every action (for display or logging).

    Returns:
        The finished deal.

    Raises:
        ValueError: If the number of bots is not the number of seats, or a
            bot returns an action that is not legal.

    >>> from briscola import preset, outcome
    >>> final = play_deal(preset("bastardo"), [HeuristicBot()] * 5, seed=4)
    >>> final.is_over
    True
    """
    if len(bots) != rules.players:
        raise ValueError(f"play_deal needs {rules.players} bots, one per seat, not {len(bots)}")
    if state is None:
        state = new_game(rules, seed=seed)
    return _drive(state, bots, _seat_rngs(seed, rules.players), on_action)


MatchHook: TypeAlias = Callable[[MatchState, int, Action, MatchState], None]
"""Called after every action of a match with the match before, the seat,
the action and the match after."""


def play_match(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int | str | None = None,
    on_action: MatchHook | None = None,
) -> MatchState:
    """Play a match in the rules' format to the end, one bot per seat.

    Bots observe the match (:func:`briscola.observe` of the match), so
    they also see the results so far.

    Args:
        rules: The rules, match format included.
        bots: One bot per seat.
        seed: The match seed (:func:`briscola.new_match`), which also seeds
            the bots.
        on_action: Called after every action.

    Returns:
        The finished match.

    Raises:
        ValueError: As :func:`play_deal`.

    >>> from briscola import preset, outcome
    >>> match = play_match(preset("split-2p"), [HeuristicBot(), RandomBot()], seed=3)
    >>> match.is_over, max(match.wins)
    (True, 4)
    """
    if len(bots) != rules.players:
        raise ValueError(f"play_match needs {rules.players} bots, one per seat, not {len(bots)}")
    match = new_match(rules, seed=seed)
    return _drive(match, bots, _seat_rngs(match.seed, rules.players), on_action)


_State = TypeVar("_State", GameState, MatchState)


def _drive(
    state: _State,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    on_action: Callable[[_State, int, Action, _State], None] | None,
) -> _State:
    """Let each seat's bot act on what it sees until the deal or match is
    over."""
    while not state.is_over:
        seat: int = state.to_move  # type: ignore[assignment]
        legal = legal_actions(state)
        action = _checked(bots[seat], observe(state, seat), legal, rngs[seat])
        after = apply(state, action)
        if on_action is not None:
            on_action(state, seat, action, after)
        state = after
    return state


# --- What a seat knows, in the form the rules of thumb use -------------------


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
    """Whether ``card`` takes a trick that ``best`` is winning (SPEC §4)."""
    return table_for(rules).takes(trump, best, card)


def _winning(seen: _Seen) -> tuple[int, Card]:
    """The seat and card winning the trick in progress."""
    return table_for(seen.rules).trick_winner(seen.trump, seen.trick)


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
