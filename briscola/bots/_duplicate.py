"""How much better one bot plays than another: :func:`duplicate_match`,
a score over duplicate packs with its 95% interval."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor

import attrs

from .._engine import outcome
from .._rules import Auction, Rules
from ._arena import make_bot, play_deal
from ._protocol import Bot
from ._tournament import Entrant, _label, running

__all__ = ["DuplicateScore", "duplicate_match"]

_Z95 = 1.959963984540054


@attrs.frozen
class DuplicateScore:
    """What :func:`duplicate_match` returns: one bot's score against
    another over duplicate packs, and its 95% interval.

    Each pack scores 1 when the bot did better than its opponent on it, 0
    when it did worse and 1/2 when they did alike (the function says how
    a pack is scored); :attr:`score` is the mean over the packs, and the
    interval is the normal one over the packs (the mean, plus or minus
    1.96 standard errors of the per-pack scores, kept within 0 and 1).
    Scoring the pack as a whole counts the link between its two deals,
    which an interval over the deals would ignore.

    >>> result = DuplicateScore("learned", "heuristic", 0, (1.0, 0.5, 0.5, 0.0, 1.0))
    >>> result.packs, result.score
    (5, 0.6)
    >>> round(result.low, 3), round(result.high, 3)
    (0.233, 0.967)
    """

    bot: str
    """The bot measured: its :func:`make_bot` name, or the ``repr`` of a
    bot object."""
    opponent: str
    """The bot it was measured against, named the same way."""
    seed: int
    """The first pack's seed: pack ``k`` (from 0) is
    ``new_game(rules, seed=seed + k)``."""
    pack_scores: tuple[float, ...]
    """The bot's score on each pack, in the order of the seeds: 1, 1/2 or
    0 (a tie on one of a pack's two deals gives 1/4 or 3/4)."""
    seconds: float = attrs.field(default=0.0, eq=False)
    """The wall time of the match. Not compared by ``==``."""

    @property
    def packs(self) -> int:
        """The packs played."""
        return len(self.pack_scores)

    @property
    def score(self) -> float:
        """The mean of :attr:`pack_scores`: 1/2 for bots of equal
        strength, above 1/2 when :attr:`bot` is the stronger (0.5 with no
        pack)."""
        return math.fsum(self.pack_scores) / self.packs if self.packs else 0.5

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval before it is kept within 0
        and 1: 1.96 times the standard error of the mean of the per-pack
        scores (their sample standard deviation over the square root of
        the packs); infinite with fewer than two packs."""
        if self.packs < 2:
            return math.inf
        mean = self.score
        spread = math.fsum((s - mean) ** 2 for s in self.pack_scores) / (self.packs - 1)
        return _Z95 * math.sqrt(spread / self.packs)

    @property
    def low(self) -> float:
        """The low end of the 95% interval of :attr:`score` (0 at least)."""
        return max(0.0, self.score - self.half_width)

    @property
    def high(self) -> float:
        """The high end of the 95% interval of :attr:`score` (1 at most)."""
        return min(1.0, self.score + self.half_width)

    def __str__(self) -> str:
        return (
            f"{self.bot} against {self.opponent}: {self.score:.3f} "
            f"({self.low:.3f} to {self.high:.3f}) over {self.packs} packs"
        )


def _one_seat(rules: Rules) -> bool:
    """Whether packs of ``rules`` are scored by one seat (more than two
    sides, or sides made by an auction) rather than by swapping sides."""
    return rules.auction is not Auction.NONE or len(rules.sides) != 2


def _scores(rules: Rules, bot: Entrant, opponent: Entrant, seeds: range) -> list[float]:
    """The bot's score on each pack of ``seeds``; module level, so that an
    executor can pickle it."""
    if not _one_seat(rules):
        scores, won = [], 0.0
        lineup = [bot, opponent]
        for result in running(rules, lineup, len(seeds), seed=seeds[0], duplicate=True, chunk=1):
            mine = result.standings[0]
            so_far = mine.wins + mine.ties / 2
            scores.append((so_far - won) / 2)
            won = so_far
        return scores
    players = [make_bot(e) if isinstance(e, str) else e for e in (bot, opponent)]
    n = rules.players
    scores = []
    for seed in seeds:
        seat = seed % n
        table: list[Bot] = [players[1]] * n
        with_bot = outcome(
            play_deal(rules, [*table[:seat], players[0], *table[seat + 1 :]], seed=seed)
        )
        without = outcome(play_deal(rules, table, seed=seed))
        assert with_bot is not None and without is not None
        ours, theirs = with_bot.scores[seat], without.scores[seat]
        scores.append(1.0 if ours > theirs else 0.5 if ours == theirs else 0.0)
    return scores


def _chunks(seed: int, packs: int, chunk: int) -> Iterator[range]:
    for start in range(seed, seed + packs, chunk):
        yield range(start, min(seed + packs, start + chunk))


def duplicate_match(
    rules: Rules,
    bot: Entrant,
    opponent: Entrant,
    packs: int,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    chunk: int | None = None,
    on_progress: Callable[[DuplicateScore], None] | None = None,
) -> DuplicateScore:
    """Measure ``bot`` against ``opponent`` over duplicate packs: every
    pack is dealt more than once, so that the luck of the cards falls
    alike on both, and scored as a whole.

    - With two fixed sides (two seats, or pairs) each bot takes a side
      (both seats of a pair), then they swap: the duplicate deals of
      :func:`tournament`. The pack scores the bot's wins plus half its
      ties over its two deals, divided by two: 1 when it won both, 1/2
      when each side won once (or both were tied).
    - Otherwise (more sides, or sides made by an auction as in bastardo)
      the bot sits at seat ``seed % players`` of pack ``seed`` among
      opponents, and the pack is dealt again with the opponent in its
      place; the pack scores 1 when that seat's deal score
      (:attr:`Outcome.scores <briscola.Outcome.scores>`) is higher with
      the bot, 1/2 when it is the same, 0 when it is lower.

    The result does not depend on the executor or the chunks.

    Args:
        rules: The rules of every deal.
        bot: The bot measured: a :func:`make_bot` name or a bot object
            (which must pickle to run on other processes).
        opponent: The bot it plays against, given the same way.
        packs: How many packs to deal; pack ``k`` (from 0) is
            ``new_game(rules, seed=seed + k)`` and seeds the bots as
            :func:`play_deal` does.
        seed: The first pack's seed.
        executor: Where to play the chunks of packs, as for
            :func:`tournament`; ``None`` plays them here.
        chunk: Packs per unit of work (default: about 32 units).
        on_progress: Called in this process after each chunk, in the
            order of the seeds, with the score of the packs so far.

    Returns:
        The score and its interval.

    Raises:
        ValueError: If ``packs``, ``seed`` or ``chunk`` is not an integer
            of the right range (``packs`` and ``chunk`` positive), or a
            name is not a bot's.
        TournamentError: If a bot failed on a deal (with two sides).

    >>> from briscola import preset
    >>> result = duplicate_match(preset("italian-2p"), "heuristic", "random", 20, seed=1)
    >>> result.packs, result.score > 0.5, result.low <= result.score <= result.high
    (20, True, True)
    >>> duplicate_match(preset("italian-2p"), "heuristic", "heuristic", 5).score
    0.5
    >>> duplicate_match(preset("italian-2p"), "heuristic", "random", 0)
    Traceback (most recent call last):
    ...
    ValueError: a duplicate match needs at least one pack, not 0
    """
    if type(packs) is not int or packs < 1:
        raise ValueError(f"a duplicate match needs at least one pack, not {packs!r}")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be an integer of 0 or more, not {seed!r}")
    if chunk is None:
        chunk = max(1, -(-packs // 32))
    elif type(chunk) is not int or chunk < 1:
        raise ValueError(f"chunk must be a positive number of packs, not {chunk!r}")
    for entrant in (bot, opponent):
        if isinstance(entrant, str):
            make_bot(entrant)  # fail here, not in a worker
    began = time.perf_counter()
    names = _label(bot), _label(opponent)
    work = list(_chunks(seed, packs, chunk))
    if executor is None:
        parts: Iterator[list[float]] = (_scores(rules, bot, opponent, seeds) for seeds in work)
    else:
        count = len(work)
        parts = executor.map(_scores, [rules] * count, [bot] * count, [opponent] * count, work)
    scores: list[float] = []
    for part in parts:
        scores.extend(part)
        if on_progress is not None:
            on_progress(DuplicateScore(*names, seed, tuple(scores), time.perf_counter() - began))
    return DuplicateScore(*names, seed, tuple(scores), time.perf_counter() - began)
