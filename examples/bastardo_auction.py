"""Briscola bastardo: five players, an auction, a called card
and a secret partner.

The example deals one hand to each of five heuristic bots, follows the
auction and the call, shows who knows the partner (only the partner, until
the called card is played), scores the deal, and then plays a whole match
to 11 points. The rules are on the page "Briscola bastardo" of the
documentation's "The rules as implemented".

Run it with ``python examples/bastardo_auction.py``.
"""

from __future__ import annotations

import briscola
from briscola.bots import HeuristicBot, play_deal, play_match


def points_in(rules: briscola.Rules, cards: tuple[briscola.Card, ...]) -> int:
    return sum(rules.points_of(card) for card in cards)


def who_knows_partner(state: briscola.GameState) -> str:
    """The seats whose observation names the partner."""
    knowing = [
        seat
        for seat in range(state.rules.players)
        if (contract := briscola.observe(state, seat).contract) is not None
        and contract.partner is not None
    ]
    return ", ".join(map(str, knowing)) or "nobody"


def narrate(
    before: briscola.GameState, seat: int, action: briscola.Action, after: briscola.GameState
) -> None:
    if isinstance(action, (briscola.Bid, briscola.Pass)):
        print(f"  seat {seat}: {action}")
    elif isinstance(action, briscola.Call):
        print(f"  seat {seat} calls the {action.card}: {action.card.suit} are trump")
        print(f"  seats that know the partner: {who_knows_partner(after)}")
    elif isinstance(action, briscola.Play):
        contract = after.contract
        if contract is not None and action.card == contract.called_card:
            print(f"  seat {seat} plays the called {action.card}: the partner is known")
            print(f"  seats that know the partner: {who_knows_partner(after)}")


def main() -> None:
    rules = briscola.preset("bastardo")
    seed = 11
    state = briscola.new_game(rules, seed=seed)
    print(f"Dealer: seat {state.dealer}; the auction starts with seat {state.eldest}.")
    for seat, hand in enumerate(state.hands):
        cards = ", ".join(map(str, hand))
        print(f"Seat {seat} ({points_in(rules, hand):3} points): {cards}")

    bots = [HeuristicBot() for _ in range(rules.players)]
    print("Auction and call:")
    final = play_deal(rules, bots, seed=seed, on_action=narrate)
    result = briscola.outcome(final)
    assert result is not None and final.contract is not None
    contract = final.contract
    if contract.called_card is None:
        print("Everybody passed: a void deal.")
    else:
        assert contract.bid is not None
        declarer, partner = contract.declarer, contract.partner
        alone = " (alone)" if declarer == partner else ""
        print(f"Declarer seat {declarer}, partner seat {partner}{alone}, bid {contract.bid.points}")
        print(f"Declarer's side took {result.points[0]} points, the others {result.points[1]}")
        print("Scores: " + ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(result.scores)))
        assert sum(result.scores) == 0  # bastardo's scores are zero-sum

    match = play_match(rules, bots, seed=seed)
    outcome = briscola.outcome(match)
    assert outcome is not None
    print(f"A match to {rules.match_target} points took {len(match.results)} deals.")
    print("Totals: " + ", ".join(f"seat {s} {t:+d}" for s, t in enumerate(match.totals)))
    print(f"Winner: seat {outcome.winners[0]}")


if __name__ == "__main__":
    main()
