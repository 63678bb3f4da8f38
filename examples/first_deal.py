"""A first deal: deal two-player Italian briscola from a seed, look at what
each seat may see, play the deal out between two bots, and score it.

Run it with ``python examples/first_deal.py``.
"""

from __future__ import annotations

import briscola
from briscola.bots import HeuristicBot, RandomBot, play_deal
from briscola.names import card_name


def show_cards(cards: tuple[briscola.Card, ...]) -> str:
    """Cards in English, with their Italian names."""
    return ", ".join(f"{card} ({card_name(card, 'it')})" for card in cards)


def narrate(
    before: briscola.GameState, seat: int, action: briscola.Action, after: briscola.GameState
) -> None:
    """Print each card played and who takes each trick."""
    print(f"  seat {seat}: {action}")
    if before.trick and not after.trick:
        winner = next(s for s, won in enumerate(after.tricks_won) if won > before.tricks_won[s])
        print(f"  -> seat {winner} takes the trick; stock {len(after.stock)}")


def main() -> None:
    rules = briscola.preset("italian-2p")
    state = briscola.new_game(rules, seed=42)
    print(f"Dealer: seat {state.dealer}; seat {state.eldest} leads.")
    assert state.trump_card is not None
    print(f"Trump card: {state.trump_card} ({card_name(state.trump_card, 'it')})")
    for seat, hand in enumerate(state.hands):
        print(f"Seat {seat} holds {show_cards(hand)}")

    # What seat 0 may know: its own hand, the face-up card, and how many
    # cards it cannot place.
    seen = briscola.observe(state, 0)
    print(f"Seat 0 sees its hand, the trump card and {len(seen.unseen)} unseen cards.")

    print("Play, the heuristic bot at seat 0 against the random bot at seat 1:")
    final = play_deal(rules, [HeuristicBot(), RandomBot()], seed=42, on_action=narrate)
    result = briscola.outcome(final)
    assert result is not None
    for side, points in zip(result.sides, result.points):
        print(f"Seat {side[0]}: {points} points")
    if result.winners:
        print(f"Seat {result.winners[0]} wins.")
    else:
        print("A tie: 60 each.")


if __name__ == "__main__":
    main()
