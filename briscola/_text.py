"""Text tables of a deal, an observation and a match: what ``str()`` of
each prints, and :func:`text` with its options."""

from __future__ import annotations

from collections.abc import Callable

from . import names as _names
from ._cards import Card, Rank, Suit
from ._picture import Drawable, View, auction_text, moves_text, talk_text, view_of

__all__ = ["text"]


def text(obj: Drawable, *, symbols: bool = False, language: _names.Language = "en") -> str:
    """A compact table of a deal, an observation or a match, as ``str()``
    prints it.

    One line on the deal (seats, dealer, phase, whose turn), one on trump
    and the stock (the cards face down, then the face-up trump card, which
    is drawn last: "33 cards and the trump card" is 34 draws), then a line
    per seat: its hand in the order it is held (or, in an observation, the
    number of cards and those the seat knows), the tricks and points it
    has taken, and ``>`` before the seat to move. The trick in progress,
    the last trick, the sides' points, bastardo's auction and the result
    follow when there are any.

    Args:
        obj: A :class:`~briscola.GameState` (everything is shown), an
            :class:`~briscola.Observation` (only what its seat may know) or
            a :class:`~briscola.MatchState` (the match's record, then its
            deal).
        symbols: Write cards as short labels with suit symbols (coins ♦,
            cups ♥, swords ♠, clubs ♣; ranks A, 2 to 7, J, Q for the knight,
            K), as :func:`briscola.names.french_symbol` gives them.
        language: Name the cards in one of the languages of
            :mod:`briscola.names` (when ``symbols`` is false).

    Returns:
        The table, lines separated by ``"\\n"``, without a final newline.

    Raises:
        ValueError: If ``language`` is unknown.
        TypeError: If ``obj`` is not a deal, an observation or a match.

    >>> import briscola
    >>> state = briscola.new_game(briscola.preset("italian-2p"), seed=5)
    >>> print(briscola.text(state))
    2 seats, dealer seat 1, playing: seat 0 to move
    trump: clubs; trump card: five of clubs; stock: 33 cards and the trump card
    > seat 0: four of swords, five of coins, knight of clubs | 0 tricks, 0 points
      seat 1: five of swords, king of cups, ace of swords | 0 tricks, 0 points
    >>> print(briscola.text(briscola.observe(state, 1), symbols=True))
    seat 1 sees: 2 seats, dealer seat 1, playing: seat 0 to move
    trump: ♣; trump card: 5♣; stock: 33 cards and the trump card
    > seat 0: 3 cards | 0 tricks, 0 points
      seat 1 (you): 5♠, K♥, A♠ | 0 tricks, 0 points
    >>> state = briscola.apply(state, briscola.Play(state.hands[0][1]))
    >>> print(briscola.text(state, language="it"))
    2 seats, dealer seat 1, playing: seat 1 to move
    trump: bastoni; trump card: cinque di bastoni; stock: 33 cards and the trump card
      seat 0: quattro di spade, cavallo di bastoni | 0 tricks, 0 points
    > seat 1: cinque di spade, re di coppe, asso di spade | 0 tricks, 0 points
    trick: 0 cinque di denari
    >>> match = briscola.new_match(briscola.preset("split-2p"), seed=1)
    >>> print(match)
    match (first-to 4): 0 deals finished; totals: 0 0
    2 seats, dealer seat 1, cut or knock: seat 0 to move
    stock: 40 cards
    > seat 0: no cards | 0 tricks, 0 points
      seat 1: no cards | 0 tricks, 0 points
    may: cut, knock
    """
    if symbols:
        card_name: Callable[[Card], str] = _names.french_symbol
        suit_name: Callable[[Suit], str] = _SYMBOLS.__getitem__
    else:
        _names.card_name(Card(Suit.COINS, Rank.ACE), language)  # checks the language

        def card_name(card: Card) -> str:
            return _names.card_name(card, language)

        def suit_name(suit: Suit) -> str:
            return _names.suit_name(suit, language)

    return "\n".join(_deal_lines(view_of(obj), card_name, suit_name))


def stock_text(stock_size: int, trump_card_face_up: bool) -> str:
    """What is left to draw, in the words of every table: the cards face
    down, and the face-up trump card (drawn last) apart from them.

    >>> stock_text(33, True), stock_text(0, True), stock_text(40, False), stock_text(0, False)
    ('33 cards and the trump card', 'the trump card', '40 cards', 'empty')
    """
    cards = f"{stock_size} card{'s' * (stock_size != 1)}"
    if trump_card_face_up:
        return f"{cards} and the trump card" if stock_size else "the trump card"
    return cards if stock_size else "empty"


_SYMBOLS = {suit: _names.french_symbol(Card(suit, Rank.ACE))[1:] for suit in Suit}


def _seats(seats: tuple[int, ...]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + "+".join(map(str, seats))


def _deal_lines(
    view: View, card_name: Callable[[Card], str], suit_name: Callable[[Suit], str]
) -> list[str]:
    rules = view.rules
    n = rules.players
    phase = view.phase_words
    head = f"{n} seats, dealer seat {view.dealer}, {phase}"
    if view.to_move is not None:
        head += f": seat {view.to_move} to move"
    lines = [head if view.viewer is None else f"seat {view.viewer} sees: {head}"]
    if view.match_results is not None and view.match_totals is not None:
        form = rules.match.value
        if form != "single":
            form += f" {rules.match_target}"
        done = len(view.match_results)
        lines.insert(
            0,
            f"match ({form}): {done} deal{'s' * (done != 1)} finished; "
            f"totals: {' '.join(map(str, view.match_totals))}",
        )

    table: list[str] = []
    if view.trump is not None:
        table.append(f"trump: {suit_name(view.trump)}")
    if view.trump_card is not None:
        table.append(f"trump card: {card_name(view.trump_card)}")
    if view.stock_size or view.trump_card is not None:
        table.append(f"stock: {stock_text(view.stock_size, view.trump_card is not None)}")
    if table:
        lines.append("; ".join(table))
    auction = auction_text(view)
    if auction is not None:
        lines.append(f"auction: {auction}")
    contract = view.contract
    if contract is not None and contract.called_card is not None:
        called = f"called: {card_name(contract.called_card)}"
        if contract.partner is not None:
            alone = contract.partner == contract.declarer
            called += " (alone)" if alone else f" (partner: seat {contract.partner})"
        lines.append(called)

    side_of = view.side_of
    points = view.pile_points
    for seat in range(n):
        mark = ">" if seat == view.to_move else " "
        who = f"seat {seat}"
        if seat == view.viewer:
            who += " (you)"
        if seat in side_of:
            who += f" [{'ABC'[side_of[seat]]}]"
        known = view.hands[seat]
        size = view.hand_sizes[seat]
        if len(known) == size:
            hand = ", ".join(map(card_name, known)) if size else "no cards"
        elif known:
            hand = ", ".join(map(card_name, known)) + f" + {size - len(known)} unknown"
        else:
            hand = f"{size} card{'s' * (size != 1)}"
        won = view.tricks_won[seat]
        lines.append(f"{mark} {who}: {hand} | {won} trick{'s' * (won != 1)}, {points[seat]} points")
    if view.trick:
        lines.append("trick: " + ", ".join(f"{s} {card_name(c)}" for s, c in view.trick))
    elif view.last_trick:
        cards = ", ".join(f"{s} {card_name(c)}" for s, c in view.last_trick)
        lines.append(f"last trick: {cards} -> seat {view.last_taker}")
    talk = talk_text(view)
    if talk is not None:
        lines.append(f"talk: {talk}")
    if rules.teams is not None:
        sides = [
            f"{'ABC'[i]} {_seats(side)}: {sum(points[s] for s in side)} points"
            for i, side in enumerate(rules.teams)
        ]
        lines.append("sides: " + "; ".join(sides))
    if view.viewer is None or view.viewer == view.to_move:
        moves = moves_text(view.legal)
        if moves:
            lines.append("may: " + ", ".join(moves))
    result = view.outcome
    if result is not None:
        taken = "; ".join(
            f"{_seats(side)} {p} points" for side, p in zip(result.sides, result.points)
        )
        won_by = f"won by {_seats(result.winners)}" if result.winners else "no winner"
        lines.append(f"result: {taken}; {won_by}" if any(result.points) else f"result: {won_by}")
    return lines
