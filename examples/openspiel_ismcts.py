"""OpenSpiel's IS-MCTS bot against briscola's heuristic bot.

Loads a preset as an OpenSpiel game, seats OpenSpiel's information-set
Monte Carlo tree search at one seat and the heuristic bot at the other,
swapping seats every deal, and plays the deals through OpenSpiel's own
``evaluate_bots`` loop. It prints the search bot's mean return with a 95%
confidence interval (normal approximation). Needs the ``openspiel`` extra::

    python examples/openspiel_ismcts.py [DEALS] [SIMULATIONS] [PRESET]
"""

from __future__ import annotations

import argparse
import math
import statistics

import numpy as np
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from briscola import PRESETS
from briscola.bots import HeuristicBot
from briscola.openspiel import BriscolaBot, ismcts_bot, load_game


def main(deals: int = 8, simulations: int = 20, name: str = "italian-2p") -> list[float]:
    """Play ``deals`` deals of a two-seat preset; return the search bot's
    return in each."""
    game = load_game(name)
    if game.num_players() != 2:
        raise ValueError(f"this example seats two bots; {name} has {game.num_players()} seats")
    rng = np.random.RandomState(0)
    results: list[float] = []
    for deal in range(deals):
        search_seat = deal % 2
        search = ismcts_bot(game, simulations=simulations, uct_c=2.0, seed=deal)
        heuristic = BriscolaBot(HeuristicBot(), 1 - search_seat, seed=deal)
        bots = [search, heuristic] if search_seat == 0 else [heuristic, search]
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        results.append(returns[search_seat])
    mean = statistics.fmean(results)
    spread = statistics.stdev(results) if len(results) > 1 else 0.0
    half = 1.96 * spread / math.sqrt(len(results))
    wins = sum(1 for r in results if r > 0)
    ties = sum(1 for r in results if r == 0)
    print(f"{name}: IS-MCTS ({simulations} simulations per move) against the heuristic bot")
    print(f"{deals} deals: {wins} won, {ties} tied, {deals - wins - ties} lost")
    print(
        f"mean return {mean:+.2f} (95% confidence interval {mean - half:+.2f} to {mean + half:+.2f})"
    )
    return results


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=_positive, default=8)
    parser.add_argument("simulations", nargs="?", type=_positive, default=20)
    parser.add_argument(
        "preset",
        nargs="?",
        default="italian-2p",
        choices=[name for name, rules in PRESETS.items() if rules.players == 2],
    )
    arguments = parser.parse_args()
    main(arguments.deals, arguments.simulations, arguments.preset)
