"""Determinized Monte Carlo search: :class:`MonteCarloBot` and its
rollout policies."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

from .._actions import PLAYS, TALK, Action, SwapTrump
from .._engine import apply, legal_actions, outcome
from .._observe import Observation
from .._rules import EXCHANGE_NONE as NO_EXCHANGE
from .._rules import Auction
from .._sample import sample_state
from .._state import GameState, Phase
from ._heuristic import HeuristicBot
from ._protocol import Bot
from ._tables import TRUMP_INDEX, greedy_follow, tables_for

__all__ = ["MonteCarloBot", "RolloutPolicy", "random_rollout", "greedy_rollout"]


RolloutPolicy: TypeAlias = Callable[[GameState, random.Random], Action]
"""A default policy for Monte Carlo rollouts: given a full (sampled) state,
the action of the seat to move.

>>> from briscola import legal_actions
>>> def first_action(state, rng):
...     return legal_actions(state)[0]
>>> MonteCarloBot(samples=2, rollout=first_action)
MonteCarloBot(samples=2, rollout='first_action')
"""


def silent(legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` without table talk (words and signs come last in
    :func:`~briscola.legal_actions`): what searches weigh.

    >>> from briscola import Cut, apply, legal_actions, new_game, preset
    >>> state = apply(new_game(preset("split-4p"), seed=1), Cut())
    >>> len(legal_actions(state)), len(silent(legal_actions(state)))
    (15, 3)
    """
    if not legal or type(legal[-1]) not in TALK:
        return legal
    end = len(legal) - 1
    while end and type(legal[end - 1]) in TALK:
        end -= 1
    return legal[:end]


def random_rollout(state: GameState, rng: random.Random) -> Action:
    """The fastest rollout policy: a uniformly random legal action (never
    table talk, which changes nothing a rollout measures).

    >>> import random
    >>> from briscola import new_game, preset, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> random_rollout(state, random.Random(0)) in legal_actions(state)
    True
    """
    legal: Sequence[Action] = legal_actions(state)
    if type(legal[-1]) in TALK:
        legal = silent(legal)
    return legal[rng.randrange(len(legal))]


def greedy_rollout(state: GameState, rng: random.Random) -> Action:
    """A cheap rule-of-thumb rollout policy, :class:`HeuristicBot`'s trick
    play cut down to the mover's hand and the table (no card counting):
    make an exchange that brings a stronger trump in; lead the cheapest
    card; on a partner's winning card, add points when last to play, else
    throw the cheapest card; otherwise weigh taking the trick against
    throwing a card, as :class:`HeuristicBot` does. Outside trick play it
    moves at random. (``BatchGame.play_out("greedy")`` plays the same
    cards in compiled kernels: ``briscola/vector/_policies.py``.)

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
    seat = state.to_move
    assert seat is not None  # trick play: a seat is always to move
    tables = tables_for(setup.rules)
    rollout = tables.rollout
    strength = rollout.strength
    if setup.rules.exchange is not NO_EXCHANGE and state.trump_card is not None:
        face_up = strength[state.trump_card.index]
        for action in legal_actions(state):
            if type(action) is SwapTrump and strength[action.card.index] < face_up:
                return action
    hand = state.hands[seat]
    if len(hand) == 1:
        return PLAYS[hand[0].index]
    trump = TRUMP_INDEX[state.trump]
    trick = state.trick
    if not trick:
        lead = rollout.lead[trump]
        choice = hand[0]
        lowest = lead[choice.index]
        for card in hand:
            if lead[card.index] < lowest:
                lowest, choice = lead[card.index], card
        return PLAYS[choice.index]
    beats = tables.trump_beats[trump]
    points = tables.points
    # The trick so far as leading() has it, inline: the rollouts' hot path.
    winner, best = trick[0]
    row = best.index * 40
    stake = points[best.index]
    for other, card in trick[1:]:
        stake += points[card.index]
        if beats[row + card.index]:
            winner, row = other, card.index * 40
    contract = state.contract
    if contract is not None:
        ours = (contract.declarer, contract.partner)
        friendly = (winner in ours) == (seat in ours)
    else:
        friendly = table.side_of[winner] == table.side_of[seat]
    last = len(trick) == table.trick_size - 1
    choice_index = greedy_follow(
        [card.index for card in hand],
        rollout.keeps[trump],
        points,
        strength,
        beats,
        row,
        stake,
        friendly,
        last,
    )
    return PLAYS[choice_index]


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
    are left to ``fallback`` (a :class:`HeuristicBot` by default). With
    table talk the bot stays silent: it never says a word nor makes a
    sign, its rollouts do not talk either, and it reads no talk (its
    samples ignore what words and signs said; :class:`StrongBot` talks
    and listens).

    Args:
        samples: Determinizations per decision.
        rollout: ``"greedy"`` (the default, :func:`greedy_rollout`),
            ``"random"`` (:func:`random_rollout`: faster, much weaker) or
            any :data:`RolloutPolicy`.
        fallback: The bot for the decisions that are not searched.
        batch: Play the rollouts of a decision in a
            :class:`briscola.vector.BatchGame` (extra ``vector``) instead
            of the engine: every sampled world after every action, played
            out together in compiled kernels (``rollout`` must then be
            ``"greedy"`` or ``"random"``). Greedy rollouts give the same
            values world by world, random ones values of the same
            distribution (not the same draws), several times faster. Off
            by default, so that the bot's moves never depend on which
            extras are installed.

    Raises:
        ValueError: For fewer than one sample, an unknown rollout policy,
            or ``batch`` with a rollout the batch does not play.

    >>> from briscola import preset, outcome
    >>> from briscola.bots import RandomBot, play_deal
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
        *,
        batch: bool = False,
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
        if batch and self.rollout not in _ROLLOUTS.values():
            raise ValueError(
                "batch=True plays the 'greedy' or 'random' rollout in compiled "
                f"kernels, not {self.rollout_name!r}"
            )
        self.samples = samples
        self.fallback: Bot = HeuristicBot() if fallback is None else fallback
        self.batch = batch
        """Whether the rollouts are played in a batch (see the class)."""
        self._kept: Any = None  # the last batch, dealt again by the next decision

    def __getstate__(self) -> dict[str, Any]:
        # The kept batch is only a cache: copies start without it.
        return {**self.__dict__, "_kept": None}

    def __repr__(self) -> str:
        batch = ", batch=True" if self.batch else ""
        return f"MonteCarloBot(samples={self.samples}, rollout={self.rollout_name!r}{batch})"

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The action with the best mean playout result (see the class)."""
        legal = silent(legal)
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
        if self.batch:
            worlds = [sample_state(observation, rng) for _ in range(self.samples)]
            values = self.batch_values(worlds, legal, seat, rng.getrandbits(63))
            return tuple(sum(column) / self.samples for column in zip(*values))
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            state = sample_state(observation, rng)
            for i, value in enumerate(self.world_values(state, legal, seat, rng)):
                totals[i] += value
        return tuple(total / self.samples for total in totals)

    def world_values(
        self, world: GameState, legal: Sequence[Action], seat: int, rng: random.Random
    ) -> list[float]:
        """Per action of ``legal``, the result for ``seat`` of one playout
        of ``world`` (a full state) after that action, by the engine.

        >>> import random
        >>> from briscola import legal_actions, new_game, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> values = MonteCarloBot().world_values(state, legal_actions(state), 0, random.Random(1))
        >>> len(values), all(0 <= value <= 2 for value in values)
        (3, True)
        """
        policy = self.rollout
        values = []
        for action in legal:
            after = apply(world, action)
            while not after.is_over:
                after = apply(after, policy(after, rng))
            values.append(_playout_value(after, seat))
        return values

    def batch_values(
        self, worlds: Sequence[GameState], legal: Sequence[Action], seat: int, seed: int
    ) -> list[list[float]]:
        """Per world and action of ``legal``, what :meth:`world_values`
        gives, with every playout played in one
        :class:`briscola.vector.BatchGame` (extra ``vector``) by the
        compiled ``"greedy"`` or ``"random"`` policy, from ``seed``.

        >>> import numba  # the vector extra: NumPy and Numba
        >>> from briscola import legal_actions, new_game, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> bot = MonteCarloBot(batch=True)
        >>> import random
        >>> bot.batch_values([state], legal_actions(state), 0, 1) == [
        ...     bot.world_values(state, legal_actions(state), 0, random.Random(1))
        ... ]
        True
        """
        # Only with the option: the extra is optional, the core never needs it.
        from ..encoding import encoding_for
        from ..vector import BatchGame

        if self.rollout_name not in _ROLLOUTS:  # pragma: no cover - refused when built
            raise ValueError(f"the batch does not play the rollout {self.rollout_name!r}")
        import numpy as np

        width = len(legal)
        rules = worlds[0].rules
        index = encoding_for(rules).index
        history = worlds[0].history
        if all(world.history == history for world in worlds):
            # The worlds of one observation share its history: deal them
            # and play it once for all (from_states would read it world
            # by world).
            size = len(worlds) * width
            batch = self._kept
            if batch is None or batch.size != size or batch.rules != rules:
                batch = self._kept = BatchGame(rules, size)
            packs = np.array([[card.index for card in world.pack] for world in worlds])
            dealers = np.array([world.dealer for world in worlds])
            batch.reset(decks=packs.repeat(width, axis=0), dealers=dealers.repeat(width))
            for action in history:
                batch.step(np.full(batch.size, index(action)))
        else:
            batch = BatchGame.from_states([world for world in worlds for _ in range(width)])
        batch.step(np.array([index(action) for _ in worlds for action in legal]))
        points = batch.play_out(self.rollout_name, seed).tolist()
        scores = batch.scores().tolist()
        total = max(1, rules.total_points)
        contract = rules.auction is not Auction.NONE
        values = []
        for k in range(len(worlds)):
            row = []
            for i in range(width):
                mine, score = points[k * width + i], scores[k * width + i]
                share = mine[seat] / total
                if contract:
                    row.append(score[seat] + share)
                elif any(score):
                    row.append(share + score[seat])
                else:
                    row.append(share + 0.5)
            values.append(row)
        return values


def _playout_value(state: GameState, seat: int) -> float:
    """What a finished deal is worth to ``seat``: its win (or bastardo
    score) plus its side's share of the points."""
    result = outcome(state)
    assert result is not None  # the playout is over
    side = next(i for i, s in enumerate(result.sides) if seat in s)
    share = result.points[side] / max(1, state.setup.table.total_points)
    if state.contract is not None:
        return result.scores[seat] + share
    if result.winners:
        return share + (1.0 if seat in result.winners else 0.0)
    return share + 0.5
