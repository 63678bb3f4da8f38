"""A Split briškula match: first to four won deals, with the previous
dealer's cut or knock before every deal.

After the shuffle the seat before the dealer either cuts the pack (the
cards then come one at a time, and the trump card is turned halfway
through the deal) or knocks on it (three cards at once to each player, then
the trump card). A tied deal (60-60) is dealt again by the same dealer, and
a match won four to nothing is a *češalj*, a comb.

The rules as implemented are in the documentation's page on Split
briškula, after the Croatian article *Briškula*.

Run it with ``python examples/split_match.py``.
"""

from __future__ import annotations

import briscola
from briscola.bots import HeuristicBot, RandomBot, play_match
from briscola.names import card_name


class Scoreboard:
    """Prints the match as it goes: each deal's dealing and result."""

    def __init__(self) -> None:
        self.deal = 1

    def __call__(
        self,
        before: briscola.MatchState,
        seat: int,
        action: briscola.Action,
        after: briscola.MatchState,
    ) -> None:
        if isinstance(action, (briscola.Cut, briscola.Knock)):
            game = after.game
            assert game.trump_card is not None
            trump = card_name(game.trump_card, "hr")
            print(
                f"Deal {self.deal}: seat {game.dealer} deals, seat {seat} {action}s; "
                f"trump card {game.trump_card} ({trump})"
            )
        if len(after.results) > len(before.results):
            result = after.results[-1]
            points = "-".join(map(str, result.points))
            winner = f"seat {result.winners[0]} wins" if result.winners else "a tie, dealt again"
            wins = "-".join(map(str, after.wins))
            print(f"  points {points}: {winner}; deals won {wins}")
            self.deal += 1


def main() -> None:
    rules = briscola.preset("split-2p")
    print(f"split-2p: first to {rules.match_target} deals, playing clockwise")
    match = play_match(rules, [HeuristicBot(), RandomBot()], seed=2024, on_action=Scoreboard())
    result = briscola.outcome(match)
    assert result is not None and result.winners
    comb = " - a češalj!" if result.is_sweep else ""
    print(f"Seat {result.winners[0]} wins the match {'-'.join(map(str, match.wins))}{comb}")


if __name__ == "__main__":
    main()
