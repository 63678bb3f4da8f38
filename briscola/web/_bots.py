"""The bots' thinking, away from the server's event loop.

A bot's move is worked out in a :mod:`concurrent.futures` pool (worker
processes by default), from the seat's observation and legal actions only,
as every bot of :mod:`briscola.bots` plays. A move that takes longer than
the time limit is replaced by a random legal action, so that a slow bot
never holds a table up.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor

from .._actions import Action
from .._observe import Observation
from ..bots import Bot, make_bot

__all__ = ["BotPool", "think"]


@functools.lru_cache(maxsize=32)
def _bot(spec: str) -> Bot:
    return make_bot(spec)


def think(spec: str, seen: Observation, legal: tuple[Action, ...], seed: str) -> Action:
    """The move of the bot named ``spec`` (run in a worker).

    Args:
        spec: A name :func:`briscola.bots.make_bot` takes.
        seen: The bot's seat's observation.
        legal: Its legal actions.
        seed: Seeds the bot's random generator (the server gives a
            fresh secret one for each move).

    Raises:
        ValueError: If the bot chooses an action not in ``legal``.

    >>> from briscola import new_game, observe, preset, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=1)
    >>> think("heuristic", observe(state, 0), legal_actions(state), "s") in legal_actions(state)
    True
    """
    action = _bot(spec).choose(seen, legal, random.Random(seed))
    if action not in legal:
        raise ValueError(f"the bot {spec!r} chose {action}, which is not legal")
    return action


class BotPool:
    """A pool of workers for the bots, with a time limit per move.

    Args:
        executor: Where the bots think; by default a pool of ``workers``
            processes (started with ``spawn``, so that they share nothing
            with the server).
        workers: The processes of the default pool.
        time_limit: The seconds a move may take.
    """

    def __init__(
        self, executor: Executor | None = None, *, workers: int = 2, time_limit: float = 10.0
    ) -> None:
        if executor is None:
            context = multiprocessing.get_context("spawn")
            executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        self._executor = executor
        self.time_limit = time_limit

    async def move(
        self, spec: str, seen: Observation, legal: tuple[Action, ...], seed: str
    ) -> tuple[Action, str | None]:
        """The bot's move and, when it could not make one in time (or
        failed), why a random legal action was played instead."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._executor, think, spec, seen, legal, seed)
        try:
            return await asyncio.wait_for(future, self.time_limit), None
        except asyncio.TimeoutError:
            why = f"the {spec} bot took more than {self.time_limit:g} s"
        except Exception as error:  # a broken worker, a bot's bug
            why = f"the {spec} bot failed: {type(error).__name__}: {str(error)[:200]}"
        return legal[random.Random(seed).randrange(len(legal))], why

    def warm(self, workers: int) -> None:
        """Start the workers now, without waiting for them, so that the
        first bot's move does not wait for a process to start."""
        for _ in range(workers):
            self._executor.submit(_bot, "heuristic")

    def close(self) -> None:
        """Stop the workers, without waiting for a move in progress."""
        self._executor.shutdown(wait=False, cancel_futures=True)
