"""A strong computer player: determinized search with an exact endgame
(:class:`StrongBot`). The search itself is in the private modules ``_solver``
(one world) and ``_belief`` (every world at once, near the end)."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Literal

from .._actions import Action, Bid, Call, Pass, Play, Say, Sign, Signal, Word
from .._cards import Suit
from .._engine import apply
from .._heard import partner_of
from .._observe import Observation, observe
from .._rules import Rules
from .._sample import sample_state
from .._state import GameState, Phase
from ._belief import belief_values, world_count, worlds_of
from ._convention import (
    HONEST,
    Convention,
    Need,
    Readings,
    signal_to_give,
    talk_open_in,
    world_claims,
)
from ._heuristic import HeuristicBot, _seen_from, convention_argument, takes_whatever_comes
from ._learned import LearnedBot
from ._montecarlo import silent
from ._solver import World, world_from_state
from ._tables import suit_index, tables_for
from ._worlds import Called, Slots, held, redealt

__all__ = ["StrongBot"]

_WORDS = tuple(Word)
_SIGNALS = tuple(Signal)

#: By players, the default ``exact_cards``: about a thousand cards played
#: per world solved.
_EXACT_CARDS = {4: 12, 6: 12}

#: Search cost charged for dealing one determinization, in cards played.
_WORLD_COST = 40


class _Scorer:
    """What a finished deal is worth to one seat, from the points each side
    took: its win (1, a tie 1/2) plus ``weight`` times its side's share of
    the pack's points, or in bastardo its score plus that share."""

    __slots__ = ("total", "mine", "sides", "contract", "weight")

    def __init__(self, world: World, seat: int, state: GameState, weight: float = 1.0) -> None:
        self.weight = weight
        self.total = world.tables.total_points
        self.mine = world.side[seat]
        self.sides = len(world.captured)
        self.contract: tuple[int, int, int, bool] | None = None
        contract = state.contract
        if contract is not None and contract.bid is not None and contract.declarer is not None:
            declarer = contract.declarer
            partner = declarer if contract.partner is None else contract.partner
            n = state.rules.players
            if seat == declarer:
                gain = n - 1 if partner == declarer else 2
            elif seat == partner:
                gain = 1
            else:
                gain = -1
            self.contract = (
                gain,
                contract.bid.points,
                world.side[declarer],
                state.rules.cappotto_doubles,
            )

    def value(self, captured: Sequence[int]) -> float:
        """The value of a finished deal with these points per side."""
        ours = captured[self.mine]
        share = ours / self.total
        if self.contract is not None:
            gain, bid, declarers, doubles = self.contract
            taken = captured[declarers]
            score = gain if taken >= bid else -gain
            if doubles and taken in (0, self.total):
                score *= 2
            return score + share
        share *= self.weight
        best = max(captured)
        if ours < best:
            return share
        return share + (1.0 if captured.count(best) == 1 else 0.5)

    def value_of_solved(self, captured: Sequence[int], gain: int) -> float:
        """The value when the searching side takes ``gain`` more points and
        (with two sides) the other side the rest."""
        final = list(captured)
        final[self.mine] += gain
        if self.sides == 2:
            final[1 - self.mine] = self.total - final[self.mine]
            return self.value(final)
        return self.weight * final[self.mine] / self.total


class StrongBot:
    """Determinized search with an exact endgame, at less cost per
    decision than ``MonteCarloBot(samples=200)`` (measured strength: the
    "Bots" guide).

    In trick play it deals the hidden cards at random, consistently with
    what its seat has seen (:func:`briscola.sample_state`), again and
    again until its budget is spent (with only cards to play, the later
    worlds of a decision deal the first one's hidden cards again over the
    same hidden places, which skips replaying the history; in bastardo the
    sides follow the called card). Each such world, every card known, is
    turned into a compact form of plain ints and lists that is played
    and taken back in place. In each world it weighs every legal action:

    - near the end (when at most ``exact_cards`` cards are left in hands
      and stock and the deal has two sides), by solving the rest of the
      deal exactly: its side's best play over the points, the other side
      playing by rules of thumb (the heuristic bot's own, which count the
      cards; in bastardo, where a seat may not know its side, those of
      the playouts) or, with
      ``opponent_model="minimax"``, making its best replies; by alpha-beta with
      a transposition table at trick boundaries and winning-cheapest-first
      move ordering; with two seats and the stock empty every card is
      known, and the one world searched is the real deal;
    - earlier, by playing the deal out with fast rules of thumb for every
      seat.

    With two seats, cards still hidden near the end and the other seat
    expected to play by the rules of thumb, the end is searched over every
    world at once instead, when the budget allows 100 cards played per
    world (120 worlds with ten cards left in italian-2p): each world that
    agrees with what the seat has seen, the seat choosing each later card
    from what it will have seen by then, not as if it knew the other hand
    and the order of the stock.

    The action with the best mean value over the worlds is played. A
    world's value for the bot's side is its win (1, a tie 1/2) plus
    ``points_weight`` times its share of the pack's points, so among
    actions that win (or lose) as often it plays for points; in bastardo
    it is the seat's score plus its side's share of the points.

    Trump exchanges are weighed the same way, each one applied to the
    world with :func:`briscola.apply` before searching on. In bastardo's
    auction it deals worlds, plays each out with every suit as trump (its
    strongest missing card called) and bids while the best suit makes the
    next bid in at least ``bid_confidence`` of them; as declarer it calls
    the card whose worlds score best. Split's cut or knock changes
    nothing (the pack is shuffled either way): it cuts.

    With table talk (:attr:`Rules.table_talk <briscola.Rules.table_talk>`)
    it talks by its ``convention`` (:class:`Convention`, by default
    ``CONVENTIONS["honest"]``), as :class:`HeuristicBot` does: it makes the
    convention's sign, then searches for its card and, if its partner is
    still to play, says the word the convention gives for that card before
    playing it. Every world it searches holds what the talk it heard says
    (when the convention listens): the cards its partner's signs name
    (unless they contradict what it sees), and after a "punti" in the
    trick in progress the cards that beat the speaker's card in the
    speaker's hand (when they fit there); signs that name only a kind of
    card are not used.

    Args:
        budget: Search effort per decision, in cards played by the search
            (each world dealt counts as 40). The default costs less than
            ``MonteCarloBot(samples=200)`` does.
        time_limit: If given, also stop dealing worlds after this many
            seconds (the search then depends on the machine's speed, so
            it no longer plays reproducibly; a world's search, and the
            search over every world at once, run to their end).
        exact_cards: Solve exactly once at most this many cards are left
            in hands and stock (``None``: 12 with four or six seats, else 10).
        bid_confidence: In bastardo, the share of worlds that must make the
            next bid for the bot to bid.
        points_weight: What the whole pack's points are worth beside a
            win (1) in a world's value (not in bastardo).
        opponent_model: How the exact endgame expects the other side to
            play: ``"rules"``, by rules of thumb (exactly how the
            heuristic bot plays, its reading of the table talk included,
            but for partners' cards known from the deal or an exchange,
            the signs the other side made to each other (which this bot
            never sees), and in bastardo roughly: far stronger
            against it); or
            ``"minimax"``, its best reply to every card, as if it too saw
            every card (it never counts on a mistake; against
            ``MonteCarloBot`` both score within chance of each other).
        convention: How it talks and listens with table talk.
        prior: A :class:`LearnedBot` whose policy guides the choice of a
            card: each card's value gets ``prior_weight`` times the
            network's probability of it (:meth:`LearnedBot.policy`) added
            before the best is played, for rules the bot has weights for
            (elsewhere the search plays alone). :meth:`evaluate` stays the
            search's own.
        prior_weight: The weight of ``prior``'s probabilities, in the
            values' units (a win is worth 1); the default is the weight
            that played best with the shipped networks (the "Bots"
            guide).
        value: A :class:`LearnedBot` whose value head
            (:meth:`LearnedBot.value`) judges the positions one card
            ahead, where the search plays out (not where it solves the
            end exactly), for rules with two sides and no auction whose
            weights have a value head (elsewhere the search plays
            alone; italian-2p's shipped network has one): in each of
            ``value_worlds`` more worlds dealt after the search, each card
            is played and the seat then to move observes; its expected
            outcome (negated for the other side), a margin from -1 to 1,
            is turned into the values' units as ``(1 + points_weight)``
            times its share ``(1 + margin) / 2``, and each card's value
            becomes ``1 - value_weight`` times the search's plus
            ``value_weight`` times this mean. With NumPy a judgement costs
            about 0.3 ms, a few ms a decision; without it the same network
            is evaluated in plain Python, over 20 times slower, and a
            decision takes about five times as long (measured on
            italian-2p at the default budget: 152 ms instead of 29 ms,
            the search alone taking 20 to 23 ms); the moves are the same.
        value_weight: The value's share of a card's value, from 0 (the
            search alone) to 1 (the value alone).
        value_worlds: The worlds dealt for the value, per decision.

    Attributes:
        nodes: The search effort of the last decision, in the budget's
            units (cards played, 40 per world dealt).
        worlds: The worlds dealt (or, searched at once, counted) in the
            last decision.

    Raises:
        ValueError: If ``budget`` is not a positive int, or another
            argument is out of range.

    >>> from briscola import preset, outcome
    >>> from briscola.bots import HeuristicBot, play_deal
    >>> bot = StrongBot(budget=2000)
    >>> bot
    StrongBot(budget=2000)
    >>> state = play_deal(preset("italian-2p"), [bot, HeuristicBot()], seed=1)
    >>> sum(outcome(state).points)
    120
    """

    def __init__(
        self,
        budget: int = 25_000,
        *,
        time_limit: float | None = None,
        exact_cards: int | None = None,
        bid_confidence: float = 0.7,
        points_weight: float = 3.0,
        opponent_model: Literal["rules", "minimax"] = "rules",
        convention: Convention = HONEST,
        prior: LearnedBot | None = None,
        prior_weight: float = 0.4,
        value: LearnedBot | None = None,
        value_weight: float = 0.5,
        value_worlds: int = 8,
    ) -> None:
        if type(budget) is not int or budget < 1:
            raise ValueError(f"budget must be an int of at least 1, not {budget!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
        if exact_cards is not None and (type(exact_cards) is not int or exact_cards < 0):
            raise ValueError(f"exact_cards must be a non-negative int, not {exact_cards!r}")
        if not 0 <= bid_confidence <= 1:
            raise ValueError(f"bid_confidence must lie between 0 and 1, not {bid_confidence!r}")
        if not 0 <= points_weight <= 100:
            raise ValueError(f"points_weight must lie between 0 and 100, not {points_weight!r}")
        if opponent_model not in ("rules", "minimax"):
            raise ValueError(f"opponent_model must be 'rules' or 'minimax', not {opponent_model!r}")
        if not isinstance(convention, Convention):
            raise TypeError(f"convention must be a Convention, not {type(convention).__name__}")
        if prior is not None and not isinstance(prior, LearnedBot):
            raise TypeError(f"prior must be a LearnedBot or None, not {type(prior).__name__}")
        if not 0 <= prior_weight <= 100:
            raise ValueError(f"prior_weight must lie between 0 and 100, not {prior_weight!r}")
        if value is not None and not isinstance(value, LearnedBot):
            raise TypeError(f"value must be a LearnedBot or None, not {type(value).__name__}")
        if not 0 <= value_weight <= 1:
            raise ValueError(f"value_weight must lie between 0 and 1, not {value_weight!r}")
        if type(value_worlds) is not int or value_worlds < 1:
            raise ValueError(f"value_worlds must be an int of at least 1, not {value_worlds!r}")
        self.budget = budget
        self.time_limit = time_limit
        self.exact_cards = exact_cards
        self.bid_confidence = bid_confidence
        self.points_weight = points_weight
        self.opponent_model = opponent_model
        self.convention = convention
        self.prior = prior
        self.prior_weight = prior_weight
        self.value = value
        self.value_weight = value_weight
        self.value_worlds = value_worlds
        self.nodes = 0
        self.worlds = 0
        self._heuristic = HeuristicBot()
        self._planned: tuple[object, int] | None = None
        # What it has read of the talk, taken up at each decision.
        self._readings: Readings = {}
        # Whether the last evaluate solved the end exactly (no value there).
        self._exact = False

    def __repr__(self) -> str:
        # Each option as written, or "" where it has its default value.
        def given(name: str, value: object, default: object) -> str:
            return "" if value == default else f"{name}={value!r}"

        options = [
            f"budget={self.budget}",
            given("time_limit", self.time_limit, None),
            given("exact_cards", self.exact_cards, None),
            given("bid_confidence", self.bid_confidence, 0.7),
            given("points_weight", self.points_weight, 3.0),
            given("opponent_model", self.opponent_model, "rules"),
            convention_argument(self.convention),
            given("prior", self.prior, None),
            given("prior_weight", self.prior_weight, 0.4),
            given("value", self.value, None),
            given("value_weight", self.value_weight, 0.5),
            given("value_worlds", self.value_worlds, 8),
        ]
        return f"StrongBot({', '.join(option for option in options if option)})"

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The action with the best mean value over the worlds searched
        (see the class).

        Args:
            observation: What the seat to move may see.
            legal: The legal actions; never empty.
            rng: Deals the worlds.

        Returns:
            One of ``legal``.
        """
        self.nodes = self.worlds = 0
        phase = observation.phase
        if phase is Phase.PLAYING and observation.rules.table_talk and len(legal) > 1:
            return self._talking(observation, legal, rng)
        legal = silent(legal)
        if len(legal) == 1:
            return legal[0]
        if phase is Phase.PLAYING:
            return legal[self._best(observation, legal, rng)]
        if phase is Phase.BIDDING:
            return self._bid(observation, legal, rng)
        if phase is Phase.CALLING:
            return self._call(observation, legal, rng)
        # Cut or knock: the pack is shuffled either way.
        return legal[0]

    # -- trick play ----------------------------------------------------------

    def _talking(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Trick play with table talk: the convention's sign, then the
        searched card, said first with the convention's word for it."""
        convention = self.convention
        say, sign = talk_open_in(legal) if convention.talks else (False, False)
        if convention.lies and (say or sign):
            if sign:
                return Sign(_SIGNALS[rng.randrange(len(_SIGNALS))])
            return Say(_WORDS[rng.randrange(len(_WORDS))])
        cards = silent(legal)
        # The card searched on an earlier call of this turn (before a sign
        # or a word made for it) is the one played: the search runs once.
        turn = (observation.seat, observation.hand, observation.trick, observation.stock_size)
        planned = self._planned
        self._planned = None
        if len(cards) == 1:
            best = 0
        elif planned is not None and planned[0] == turn and 0 <= planned[1] < len(cards):
            best = planned[1]
        else:
            best = self._best(observation, cards, rng)
        action = cards[best]
        playing = action.card if type(action) is Play else None
        if sign and convention.signals:
            signal = signal_to_give(convention, observation, rng, playing, self._readings)
            if signal is not None:
                self._planned = (turn, best)
                return Sign(signal)
        if say and convention.words and playing is not None:
            partner = partner_of(observation.rules, observation.seat)
            if all(seat != partner for seat, _ in observation.trick):
                seen = _seen_from(observation, tuple(cards), convention, self._readings)
                sure = takes_whatever_comes(seen, playing.index)
                word = convention.word_for(Need.LOAD if sure else Need.SPARE)
                if word is not None:
                    self._planned = (turn, best)
                    return Say(word)
        return action

    def _best(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> int:
        """The index in ``legal`` of the action to play: the best of
        :meth:`_weighed`."""
        values = self._weighed(observation, legal, rng)
        return max(range(len(legal)), key=values.__getitem__)

    def _weighed(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> tuple[float, ...]:
        """Per action of ``legal``, what trick play maximises: its value
        over the worlds, mixed with the value network's and with the
        prior's probability added (see the class). ``tools/train_learned.py``
        fits networks to it."""
        values = self.evaluate(observation, legal, rng)
        if self.value is not None and self.value_weight and not self._exact:
            judged = self._judged(self.value, observation, legal, rng)
            if judged is not None:
                mix = self.value_weight
                values = tuple((1 - mix) * v + mix * j for v, j in zip(values, judged))
        odds = None if self.prior is None else self.prior.policy(observation, legal)
        if odds is not None:
            weight = self.prior_weight
            values = tuple(value + weight * p for value, p in zip(values, odds))
        return values

    def evaluate(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> tuple[float, ...]:
        """The mean value of each action of ``legal`` over the worlds
        searched (see the class), in order.

        Args:
            observation: What the seat to move sees, in trick play.
            legal: The actions to weigh.
            rng: Deals the worlds.

        Returns:
            Per action, its mean value for the seat's side.

        >>> import random
        >>> from briscola import legal_actions, new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> values = StrongBot(budget=500).evaluate(
        ...     observe(state, 0), legal_actions(state), random.Random(1)
        ... )
        >>> len(values), all(0 <= value <= 4 for value in values)
        (3, True)
        """
        seat = observation.seat
        totals = [0.0] * len(legal)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        single = _is_determined(observation)
        # With only cards to play, one sampled world is dealt again for the
        # others (Slots), which skips the replay; in bastardo the sides
        # follow the called card (Called, for deals without a stock).
        redeal = not single and all(type(action) is Play for action in legal)
        redeal = redeal and (observation.contract is None or not observation.stock_size)
        exact: bool | None = None
        spent = 0
        worlds = 0
        first: tuple[World, Slots, _Scorer] | None = None
        claims = self._claims(observation) if not single else []
        if claims and not all(type(action) is Play for action in legal):
            claims = []  # an exchange is searched from the state itself
        hidden = frozenset(card.index for card in observation.unseen) if redeal or claims else None
        while True:
            if first is None:
                state = sample_state(observation, rng)
                world = world_from_state(state, seat, self.opponent_model == "rules")
                scorer = _Scorer(world, seat, state, self.points_weight)
                if claims:
                    assert hidden is not None
                    held(world, claims, hidden, rng)
                if redeal:
                    assert hidden is not None
                    called = _called(state, hidden, seat)
                    first = (world, Slots(world, hidden, seat, called), scorer)
            else:
                base, slots, scorer = first
                world = redealt(base, slots, rng)
                if claims:
                    assert hidden is not None
                    held(world, claims, hidden, rng)
            if exact is None:
                exact = single or self._is_exact(world)
                if exact and first is not None and world.modelled:
                    found = _by_belief(first, legal, self.budget)
                    if found is not None:
                        values, nodes, count = found
                        self.nodes, self.worlds = nodes + _WORLD_COST, count
                        self._exact = True
                        return tuple(values)
            if exact:
                values, nodes = _solve_actions(world, state, seat, legal, scorer)
            else:
                values, nodes = _playout_actions(world, state, seat, legal, scorer)
            for i, value in enumerate(values):
                totals[i] += value
            worlds += 1
            spent += nodes + _WORLD_COST
            if single or spent >= self.budget:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.nodes, self.worlds = spent, worlds
        self._exact = bool(exact)
        return tuple(total / worlds for total in totals)

    def _judged(
        self,
        value: LearnedBot,
        observation: Observation,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> list[float] | None:
        """Per card of ``legal``, the value network's mean judgement of the
        position after it over ``value_worlds`` worlds, in the values'
        units (see the class); ``None`` where it has no value to give."""
        rules = observation.rules
        if observation.contract is not None or len(rules.sides) != 2:
            return None
        if any(type(action) is not Play for action in legal):
            return None
        network = value._network_in(rules, warn=False)
        if network is None or not network.value_layers:
            return None
        side = {seat: i for i, seats in enumerate(rules.sides) for seat in seats}
        mine = side[observation.seat]
        totals = [0.0] * len(legal)
        for _ in range(self.value_worlds):
            state = sample_state(observation, rng)
            for i, action in enumerate(legal):
                child = apply(state, action)
                mover = child.to_move
                if mover is None:
                    return None
                judged = value.value(observe(child, mover))
                assert judged is not None
                totals[i] += judged if side[mover] == mine else -judged
        scale = (1 + self.points_weight) / 2
        return [scale * (1 + total / self.value_worlds) for total in totals]

    def _claims(self, observation: Observation) -> list[tuple[int, tuple[int, ...]]]:
        """What the worlds must hold, as ``(seat, cards)``: the talk heard,
        read by the convention (:func:`world_claims`)."""
        return world_claims(self.convention, observation, self._readings)

    def _is_exact(self, world: World) -> bool:
        limit = self.exact_cards
        if limit is None:
            limit = _EXACT_CARDS.get(world.tables.players, 10)
        return world.cards_left <= limit

    # -- bastardo ------------------------------------------------------------

    def _bid(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        bids = [action for action in legal if type(action) is Bid]
        if not bids or any(bid.rank is not None for bid in bids):
            # The chiamata's rank bids are left to the rules of thumb.
            return self._heuristic.choose(observation, legal, rng)
        bid = bids[0]
        made = self._contract_chances(observation, rng, bid.points)
        if max(made.values()) >= self.bid_confidence:
            return bid
        return next((a for a in legal if type(a) is Pass), legal[0])

    def _contract_chances(
        self, observation: Observation, rng: random.Random, target: int
    ) -> dict[int, float]:
        """Per trump suit, the share of worlds in which this seat as
        declarer, calling its strongest missing card of that suit, takes
        at least ``target`` points with its partner."""
        rules = observation.rules
        tables = tables_for(rules)
        seat = observation.seat
        n = rules.players
        calls = {suit_index(suit): _strongest_missing(rules, observation, suit) for suit in Suit}
        made = dict.fromkeys(calls, 0)
        spent = worlds = 0
        eldest = (observation.dealer + 1) % n
        while spent < self.budget or not worlds:
            state = sample_state(observation, rng)
            hands = [[card.index for card in hand] for hand in state.hands]
            for trump, called in calls.items():
                partner = next((s for s in range(n) if called in hands[s]), seat)
                side = [0 if s in (seat, partner) else 1 for s in range(n)]
                world = World(
                    tables, [list(h) for h in hands], [], trump, side, seat, [0, 0], (), eldest
                )
                world.playout()
                made[trump] += world.captured[0] >= target
                spent += world.nodes
            spent += _WORLD_COST
            worlds += 1
        self.nodes, self.worlds = spent, worlds
        return {trump: count / worlds for trump, count in made.items()}

    def _call(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        calls = [action for action in legal if type(action) is Call]
        hand = set(observation.hand)
        strength = tables_for(observation.rules).strength
        candidates: list[Action] = []
        for suit in Suit:
            missing = sorted(
                (a for a in calls if a.card.suit is suit and a.card not in hand),
                key=lambda a: -strength[a.card.index],
            )
            candidates.extend(missing[:2])
        if not candidates:
            return self._heuristic.choose(observation, legal, rng)
        values = self._playout_children(observation, candidates, rng)
        return candidates[max(range(len(candidates)), key=values.__getitem__)]

    def _playout_children(
        self, observation: Observation, actions: Sequence[Action], rng: random.Random
    ) -> list[float]:
        """Per action, the mean value of playing the worlds out after it."""
        seat = observation.seat
        totals = [0.0] * len(actions)
        spent = worlds = 0
        while spent < self.budget or not worlds:
            state = sample_state(observation, rng)
            for i, action in enumerate(actions):
                child = apply(state, action)
                world = world_from_state(child, seat)
                scorer = _Scorer(world, seat, child)
                world.playout()
                totals[i] += scorer.value(world.captured)
                spent += world.nodes
            spent += _WORLD_COST
            worlds += 1
        self.nodes, self.worlds = spent, worlds
        return [total / worlds for total in totals]


def _strongest_missing(rules: Rules, observation: Observation, suit: Suit) -> int:
    """The index of the strongest card of ``suit`` not in the hand (the
    strongest card of the suit if the hand holds them all)."""
    strength = tables_for(rules).strength
    cards = sorted(
        (card for card in rules.pack if card.suit is suit),
        key=lambda card: -strength[card.index],
    )
    held = set(observation.hand)
    return next((card for card in cards if card not in held), cards[0]).index


def _called(state: GameState, hidden: frozenset[int], seat: int) -> Called | None:
    """How the sides of a world dealt again follow bastardo's called card,
    when it is one of the ``hidden`` cards, searched for ``seat`` (else
    ``None``: fixed sides)."""
    contract = state.contract
    if contract is None or contract.called_card is None or contract.declarer is None:
        return None
    card = contract.called_card.index
    if card not in hidden:
        return None
    points = tables_for(state.rules).points
    taken = [sum(points[c.index] for c in pile) for pile in state.piles]
    return Called(contract.declarer, card, taken, seat)


#: Budget per world for searching every world at once (:func:`_by_belief`).
_BUDGET_PER_WORLD = 100


def _by_belief(
    first: tuple[World, Slots, _Scorer], legal: Sequence[Action], budget: int
) -> tuple[list[float], int, int] | None:
    """With two seats, the values of ``legal`` (cards only) from every
    world at once (:func:`belief_values`), and the search's cards played
    and the number of worlds; ``None`` if there are other seats or more
    worlds than ``budget`` allows at ``_BUDGET_PER_WORLD`` each."""
    base, slots, scorer = first
    if len(base.hands) != 2 or base.tables.trick_size != 2:
        return None
    count = world_count(slots)
    if count * _BUDGET_PER_WORLD > budget:
        return None
    cards = [action.card.index for action in legal if type(action) is Play]
    values, nodes = belief_values(
        worlds_of(base, slots), cards, scorer.value, scorer.value_of_solved
    )
    return values, nodes, count


def _is_determined(observation: Observation) -> bool:
    """Whether every world agrees with the real deal: the unseen cards can
    lie in one place only."""
    places = sum(
        1
        for seat, size in enumerate(observation.hand_sizes)
        if size > len(observation.known_hands[seat])
    )
    if observation.stock_size > len(observation.stock_known):
        places += 1
    return places <= 1


def _child(world: World, state: GameState, seat: int, action: Action) -> World:
    """The world after ``action`` by the seat to move."""
    if type(action) is Play:
        child = world.copy()
        child.play(action.card.index)
        return child
    return world_from_state(apply(state, action), seat)


def _playout_actions(
    world: World, state: GameState, seat: int, legal: Sequence[Action], scorer: _Scorer
) -> tuple[list[float], int]:
    """Per action, the value of playing the world out with rules of thumb
    after it; and the cards played."""
    values = []
    nodes = 0
    for action in legal:
        child = _child(world, state, seat, action)
        child.playout()
        values.append(scorer.value(child.captured))
        nodes += child.nodes
    return values, nodes


def _solve_actions(
    world: World, state: GameState, seat: int, legal: Sequence[Action], scorer: _Scorer
) -> tuple[list[float], int]:
    """Per action, the value of the world solved exactly after it; and the
    cards played."""
    values = []
    nodes = 0
    for action in legal:
        if type(action) is Play:
            before = world.nodes
            gain = world.solve_after(action.card.index)
            nodes += world.nodes - before
        else:
            child = world_from_state(apply(state, action), seat, world.modelled)
            gain = child.solve()
            nodes += child.nodes
        values.append(scorer.value_of_solved(world.captured, gain))
    return values, nodes
