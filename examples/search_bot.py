"""Search with hidden cards: the Monte Carlo bot on the sampler.

A seat cannot see the other hands or the stock. ``briscola.sample_state``
deals the cards it has not seen at random, consistently with everything it
has seen; the Monte Carlo bot plays each legal action out on many such
guesses and keeps the best on average. This example plays a few tricks,
shows three guesses of the hidden hand, the bot's evaluation of each move,
and then a short series against the heuristic bot.

Run it with ``python examples/search_bot.py``.
"""

from __future__ import annotations

import random

import briscola
from briscola.bots import Bot, HeuristicBot, MonteCarloBot, play_deal


def main() -> None:
    rules = briscola.preset("italian-2p")
    state = briscola.new_game(rules, seed=5)
    heuristic = HeuristicBot()
    rng = random.Random(5)
    for _ in range(8):  # four tricks between two heuristic bots
        seat = state.to_move
        assert seat is not None
        seen = briscola.observe(state, seat)
        action = heuristic.choose(seen, briscola.legal_actions(state), rng)
        state = briscola.apply(state, action)

    seat = state.to_move
    assert seat is not None
    seen = briscola.observe(state, seat)
    print(f"Seat {seat} to play; trump {state.trump}; {seen.stock_size} cards in the stock")
    print(f"Its hand: {', '.join(map(str, seen.hand))}")
    print(f"It cannot place {len(seen.unseen)} cards. Three guesses of the other hand:")
    for _ in range(3):
        guess = briscola.sample_state(seen, rng)
        assert briscola.observe(guess, seat) == seen  # consistent with what it saw
        print("  " + ", ".join(map(str, guess.hands[1 - seat])))
    print(f"Really: {', '.join(map(str, state.hands[1 - seat]))}")

    bot = MonteCarloBot(samples=30)
    legal = briscola.legal_actions(state)
    values = bot.evaluate(seen, legal, rng)
    print(f"{bot}: mean result of each move (win + share of the points):")
    for action, value in sorted(zip(legal, values), key=lambda item: -item[1]):
        print(f"  {value:5.3f}  {action}")

    series = 4
    wins = 0
    for seed in range(series):
        for mc_seat in (0, 1):
            bots: list[Bot] = [heuristic, heuristic]
            bots[mc_seat] = MonteCarloBot(samples=8)
            result = briscola.outcome(play_deal(rules, bots, seed=seed))
            assert result is not None
            wins += mc_seat in result.winners
    print(f"MonteCarloBot(samples=8) against HeuristicBot: {wins} wins in {2 * series} deals")


if __name__ == "__main__":
    main()
