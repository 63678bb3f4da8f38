"""Deals played with one bot at seat 0, for tests that check that bot's
decisions (random play elsewhere) or compare its deals (the heuristic
bot elsewhere)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from briscola import Action, GameState, Rules, apply, legal_actions, new_game, observe
from briscola.bots import Bot, HeuristicBot, play_deal


def seat_zero_decisions(
    rules: Rules, bot: Bot, seeds: range, rng: random.Random
) -> Iterator[tuple[GameState, tuple[Action, ...], Action]]:
    """Play ``new_game(rules, seed=s)`` for each seed to its end, ``bot``
    at seat 0 and a random legal action elsewhere (both from ``rng``);
    yield the state, the legal actions and the bot's choice at each of
    seat 0's decisions, before the choice is applied."""
    for seed in seeds:
        state = new_game(rules, seed=seed)
        while state.to_move is not None:
            legal = legal_actions(state)
            if state.to_move == 0:
                action = bot.choose(observe(state, 0), legal, rng)
                yield state, legal, action
            else:
                action = rng.choice(legal)
            state = apply(state, action)


def seat_zero_histories(rules: Rules, bot: Bot, seeds: range) -> list[tuple[Action, ...]]:
    """The history of ``new_game(rules, seed=s)`` played to its end for
    each seed, ``bot`` at seat 0 and the heuristic bot at the others."""
    others = [HeuristicBot()] * (rules.players - 1)
    return [play_deal(rules, [bot, *others], seed=seed).history for seed in seeds]
