"""Table talk in Split briškula for two pairs: words everyone hears and
secret signs only the partner sees.

Seats 0 and 2 play together against 1 and 3. Before playing, the seat to
move may say one word to its partner ("karik", "lišo", "punti",
"briškulu", "briškulicu") and make one secret sign (a *moto*) claiming a
card of its hand; signs may lie. Once the trump card is drawn the deal
goes on in silence. Here a simple pair talks honestly: it signs its best
trump and asks for points when it is winning the trick; the opponents
stay silent. At the end we print what each seat saw of the talk.

The rules as implemented are in the documentation's page on Split
briškula ("Table talk"), after the Croatian article *Briškula*.

Run it with ``python examples/split_talk.py``.
"""

from __future__ import annotations

import briscola
from briscola import Play, Rank, Say, Sign, Signal, Word

SIGNAL_OF_RANK = {
    Rank.ACE: Signal.ACE_OF_TRUMPS,
    Rank.THREE: Signal.THREE_OF_TRUMPS,
    Rank.KING: Signal.KING_OF_TRUMPS,
    Rank.KNIGHT: Signal.KNIGHT_OF_TRUMPS,
    Rank.JACK: Signal.JACK_OF_TRUMPS,
}


def honest_talk(state: briscola.GameState) -> briscola.Action | None:
    """What seats 0 and 2 say or sign now, or ``None`` to play."""
    legal = briscola.legal_actions(state)
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    trumps = [card for card in hand if card.suit is state.trump]
    if trumps and Sign(Signal.SMALL_TRUMP) in legal:
        best = min(trumps, key=lambda card: state.rules.strength.index(card.rank))
        return Sign(SIGNAL_OF_RANK.get(best.rank, Signal.SMALL_TRUMP))
    if state.trick and Say(Word.POINTS) in legal:
        winner = briscola.trick_winner(state.rules, state.trump, state.trick)
        if winner % 2 == seat % 2:
            return Say(Word.POINTS)
    return None


def main() -> None:
    state = briscola.apply(briscola.new_game(briscola.preset("split-4p"), seed=11), briscola.Cut())
    while not state.is_over:
        talk = honest_talk(state) if state.to_move in (0, 2) else None
        if talk is None:
            # The first legal action is always a card: plays come first.
            talk = briscola.legal_actions(state)[0]
            assert isinstance(talk, Play)
        state = briscola.apply(state, talk)

    result = briscola.outcome(state)
    assert result is not None
    print("points by side:", dict(zip(result.sides, result.points)))
    for seat in range(4):
        seen = briscola.observe(state, seat)
        said = sorted({word.croatian for _, word in seen.words})
        signers = sorted({s for s, _ in seen.signs})
        print(
            f"seat {seat} heard {len(seen.words)} words ({', '.join(said)}) "
            f"and saw {len(seen.signs)} signs, made by seats {signers}"
        )
    assert briscola.loads(briscola.dumps(state)) == state


if __name__ == "__main__":
    main()
