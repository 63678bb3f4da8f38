"""What ``briscola play`` tells the person at the terminal: the table as
their seat sees it, what the others do, and how each deal ends.

Seats are "you", "seat N" or "seat N (your partner)"; numbers are written
in digits. A hand that draws from a stock is listed in the order it is
held, the card drawn last, as :func:`briscola.text` (``briscola show``)
lists it; a hand dealt whole, with no stock to draw from (bastardo's
eight cards), is sorted by suit, trumps first, each suit from its
strongest card, as the cards to call are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TextIO

from .._actions import Action, Bid, Call, Cut, Knock, Pass, Play, Say, Sign, SwapTrump, Word
from .._cards import Card, Suit
from .._engine import apply, outcome
from .._match import MatchState
from .._observe import Observation
from .._rules import Auction, DealStyle, MatchFormat, Rules
from .._state import Contract, GameState, Phase
from .._text import stock_text
from .._trick import trick_winner
from ._input import SIGN_CHOICES
from ._words import Names, capital, listing, ordinal


def cards_text(n: int, noun: str = "card") -> str:
    """``1 card``, ``3 cards``: numbers in digits, as everywhere in play."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def sorted_cards(cards: Sequence[Card], rules: Rules, trump: Suit | None) -> list[Card]:
    """``cards`` by suit, trumps first, each suit from the strongest card."""
    strength = {rank: i for i, rank in enumerate(rules.strength)}

    def key(card: Card) -> tuple[int, int, int]:
        return (card.suit is not trump, card.suit.value, strength[card.rank])

    return sorted(cards, key=key)


def hand_order(seen: Observation) -> list[Card]:
    """The seat's hand as ``play`` lists it: in the order it is held when
    the rules have a stock to draw from, else by suit
    (:func:`sorted_cards`)."""
    if seen.rules.deal is DealStyle.WHOLE:
        return sorted_cards(seen.hand, seen.rules, seen.trump)
    return list(seen.hand)


class Seats:
    """How the person at ``seat`` calls the seats: "you", "seat 2, your
    partner", "seat 1"; and the sides of the deal as far as they know."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.partners: tuple[int, ...] = ()
        if rules.teams is not None and rules.auction is Auction.NONE:
            team = next(team for team in rules.teams if seat in team)
            self.partners = tuple(s for s in team if s != seat)

    def learn(self, contract: Contract | None) -> None:
        """In bastardo, the partners known from the contract (the partner
        is ``None`` until the seat may know it)."""
        if self.rules.auction is Auction.NONE:
            return
        if contract is None or contract.partner is None or contract.declarer is None:
            self.partners = ()
            return
        side = {contract.declarer, contract.partner}
        self.partners = tuple(sorted(side - {self.seat})) if self.seat in side else ()

    def name(self, seat: int) -> str:
        """``you``, ``seat 2 (your partner)`` or ``seat 1``."""
        if seat == self.seat:
            return "you"
        if seat in self.partners:
            return f"seat {seat} (your partner)"
        return f"seat {seat}"

    def short(self, seat: int) -> str:
        """``you`` or ``seat N``."""
        return "you" if seat == self.seat else f"seat {seat}"

    def group(self, seats: Sequence[int]) -> str:
        """``you and seat 2``, ``seats 1 and 3``."""
        others = [s for s in seats if s != self.seat]
        if self.seat in seats:
            return listing(["you", *(f"seat {s}" for s in others)])
        if len(others) == 1:
            return f"seat {others[0]}"
        return f"seats {listing([str(s) for s in others])}"


def show(seen: Observation, seats: Seats, out: TextIO, name: Names) -> None:
    """What the seat sees, before its move."""
    print(file=out)
    rules = seen.rules
    seats.learn(seen.contract)
    if seen.trump is not None:
        # The words of the table (briscola.text): the same count, the same
        # order of the hand, whether the game is played or shown.
        table = [f"Trump: {name.suit(seen.trump)}"]
        if seen.trump_card is not None:
            table.append(f"trump card: {name(seen.trump_card)}")
        if rules.deal is not DealStyle.WHOLE:
            # A game dealt whole has no stock to tell.
            table.append(f"stock: {stock_text(seen.stock_size, seen.trump_card is not None)}")
        print("; ".join(table) + ".", file=out)
    if seen.stock_known:
        # Everyone saw where the redraw buried its cards.
        buried = "; ".join(
            f"{name.the(card)}, {ordinal(position + 1)} card to draw"
            for position, card in seen.stock_known
        )
        print(f"Buried in the stock: {buried}.", file=out)
    points = [sum(rules.points_of(card) for card in pile) for pile in seen.piles]
    contract = seen.contract
    if contract is not None:
        _show_contract(seen, contract, points, seats, out, name)
    if seen.phase is Phase.PLAYING:
        print(f"Points: {_points_text(rules, points, seats)}.", file=out)
    if seen.trick:
        played = ", ".join(f"{seats.short(s)} {name.the(card)}" for s, card in seen.trick)
        print(f"On the table: {played}.", file=out)
    for other, cards in enumerate(seen.known_hands):
        if other == seen.seat or not cards:
            continue
        shown = ", ".join(name(card) for card in cards)
        unknown = seen.hand_sizes[other] - len(cards)
        more = f" and {cards_text(unknown)} you have not seen" if unknown else ""
        print(f"{capital(seats.name(other))} holds: {shown}{more}.", file=out)
    partner_signs = [str(signal) for other, signal in seen.signs if other != seen.seat]
    if partner_signs:
        print(f"Your partner has signed to you: {listing(partner_signs)}.", file=out)
    hand = ", ".join(name(card) for card in hand_order(seen))
    print(f"Your hand: {hand or 'nothing'}.", file=out)


# What each word asks and each sign claims, as the bots read them.
_WORD_HELP: Final = {
    Word.ACE_OR_THREE: "play an ace or a three, of any suit (karik does not mean trumps)",
    Word.NO_POINTS: "play a card without points",
    Word.POINTS: "put points on the trick (a king, a knight or a jack)",
    Word.TRUMP: "play a trump",
    Word.SMALL_TRUMP: "play a small trump, one without points",
}
_SIGN_HELP: Final = (
    "karik: you hold an ace or a three that is not a trump (karik does not mean "
    "trumps: the ace and the three of trumps have signs of their own)",
    "ace, three, king, knight or jack: you hold that card of trumps",
    "small: you hold a small trump, one without points",
)


def print_talk(legal: Sequence[Action], out: TextIO, explain: bool = False) -> None:
    """With table talk, how to say a word and make a sign, when the seat
    still may; with ``explain``, what each word and sign means."""
    words = [action.word for action in legal if isinstance(action, Say)]
    signs = any(isinstance(action, Sign) for action in legal)
    if not explain:
        if words:
            croatian = listing([word.croatian for word in words], "or")
            print(f"  Say aloud, everyone hears: say {croatian}.", file=out)
        if signs:
            print(f"  Sign to your partner, only they see: sign {SIGN_CHOICES}.", file=out)
        if words or signs:
            print("  (? says what the words and signs mean.)", file=out)
        return
    if not (words or signs):
        return
    print(
        "  Table talk: before your card you may say one word and make one sign; "
        "neither passes the turn.",
        file=out,
    )
    if words:
        print("  Say a word aloud, everyone hears it (type say and the word):", file=out)
        for word in words:
            print(f"    {word.croatian}: {_WORD_HELP[word]}", file=out)
    if signs:
        print(
            "  Make a secret sign, only your partner sees it (type sign and what it claims):",
            file=out,
        )
        for line in _SIGN_HELP:
            print(f"    {line}", file=out)


def _points_text(rules: Rules, points: list[int], seats: Seats) -> str:
    """Points taken: by side in team games, else by seat."""
    if rules.teams is not None and rules.auction is Auction.NONE:
        parts = []
        for team in rules.teams:
            side = "your side" if seats.seat in team else "their side"
            parts.append(f"{side} ({seats.group(team)}) {sum(points[s] for s in team)}")
        return ", ".join(parts)
    return ", ".join(f"{seats.short(s)} {p}" for s, p in enumerate(points))


def _show_contract(
    seen: Observation,
    contract: Contract,
    points: list[int],
    seats: Seats,
    out: TextIO,
    name: Names,
) -> None:
    """Bastardo: the auction, then the contract and how far the
    declarer's side is from it."""
    declarer = contract.declarer
    if seen.phase is Phase.BIDDING:
        if contract.bid is None or declarer is None:
            print("Auction: no bid yet.", file=out)
        else:
            print(
                f"Auction: highest bid {_bid_text(contract.bid)} by {seats.short(declarer)}.",
                file=out,
            )
        return
    if contract.called_card is None or contract.bid is None or declarer is None:
        return
    bid = contract.bid.points
    partner = contract.partner
    if partner is None:
        who = "partner secret"
    elif partner == declarer:
        who = (
            f"{seats.short(declarer)} playing alone" if declarer != seats.seat else "playing alone"
        )
    elif partner == seats.seat:
        who = "you are the partner"
    else:
        who = f"partner {seats.short(partner)}"
    print(
        f"Contract: {bid} by {seats.short(declarer)}, calling {name.the(contract.called_card)}; "
        f"{who}.",
        file=out,
    )
    if partner is None:
        taken = points[declarer]
        if declarer == seats.seat:
            told = f"You have taken {taken} of {bid}; your partner is not known yet."
        else:
            told = f"The declarer has taken {taken} of {bid}; the partner is not known yet."
        print(told, file=out)
        return
    side = sorted({declarer, partner})
    taken = sum(points[s] for s in side)
    still = max(0, bid - taken)
    need = f"{still} to go" if still else "the contract is made"
    print(f"Declarer's side ({seats.group(side)}): {taken} of {bid}, {need}.", file=out)


def _bid_text(bid: Bid) -> str:
    return str(bid.points) if bid.rank is None else f"{bid.rank} at {bid.points}"


class Narrator:
    """Tells the person at the terminal what happens at the table, and
    nothing that seat could not see. Keeps the latest state, to save."""

    def __init__(self, seat: int, rules: Rules, out: TextIO, name: Names) -> None:
        self.seat = seat
        self.seats = Seats(rules, seat)
        self.out = out
        self.name = name
        self.deals = 0
        self.current: GameState | MatchState | None = None
        self.forced: Action | None = None

    def start(self, state: GameState) -> None:
        """A deal begins."""
        self.deals += 1
        out = self.out
        self.seats.learn(state.contract)
        print(
            f"\nDeal {self.deals}: {self.seats.short(state.dealer)} deal"
            f"{'' if state.dealer == self.seat else 's'}.",
            file=out,
        )
        if state.phase is Phase.CUT_OR_KNOCK and state.to_move is not None:
            mover = state.to_move
            verb = "are" if mover == self.seat else "is"
            print(f"{capital(self.seats.short(mover))} {verb} to cut or knock.", file=out)
        if state.trump_card is not None:
            print(f"The trump card is {self.name.the(state.trump_card)}.", file=out)
        for card in state.buried:
            print(f"{capital(self.name.the(card))} was turned and buried in the stock.", file=out)

    def deal(self, before: GameState, seat: int, action: Action, after: GameState) -> None:
        """Tell one action of a deal."""
        self.current = after
        out, name = self.out, self.name
        you = seat == self.seat
        who = capital(self.seats.name(seat))
        s = "" if you else "s"
        forced = " (your only move)" if you and action is self.forced else ""
        self.forced = None
        if isinstance(action, Play):
            print(f"{who} play{s} {name.the(action.card)}{forced}.", file=out)
        elif isinstance(action, SwapTrump):
            face_up = before.trump_card
            taken = f", {name.the(face_up)}" if face_up is not None else ""
            print(f"{who} exchange{s} {name.the(action.card)} for the trump card{taken}.", file=out)
        elif isinstance(action, Call):
            self._call(seat, action, after)
        elif isinstance(action, (Cut, Knock)):
            print(f"{who} {action}{s} the pack{forced}.", file=out)
            # Split's dealing turns no card to redraw (the rules refuse the
            # redraw with it), so nothing is buried here.
            if after.trump_card is not None:
                print(f"The trump card is {name.the(after.trump_card)}.", file=out)
        elif isinstance(action, Bid):
            print(f"{who} bid{s} {_bid_text(action)}{forced}.", file=out)
        elif isinstance(action, Pass):
            print(f"{who} pass{'' if you else 'es'}{forced}.", file=out)
        elif isinstance(action, Say):
            word = action.word
            print(f'{who} say{s} "{word.croatian}" ({word.meaning}).', file=out)
        elif isinstance(action, Sign):
            # A secret sign: told only to the signer and its partner.
            if you:
                print(f"You sign to your partner: {action.signal}.", file=out)
            elif seat in self.seats.partners:
                print(f"{who} signs to you: {action.signal}.", file=out)
        contract = after.contract
        if (
            isinstance(action, Play)
            and contract is not None
            and action.card == contract.called_card
        ):
            # The called card is played: everyone knows the partner now.
            self.seats.learn(contract)
            if seat != contract.declarer and seat != self.seat:
                print(f"Seat {seat} is the declarer's partner.", file=out)
        if isinstance(action, Play) and not after.trick and before.trick:
            self._trick_taken(before, action, after)

    def _call(self, seat: int, action: Call, after: GameState) -> None:
        out, name = self.out, self.name
        you = seat == self.seat
        who = "You" if you else f"Seat {seat}"
        trump = name.suit(action.card.suit)
        print(
            f"{who} call{'' if you else 's'} {name.the(action.card)}: {trump} are trump.", file=out
        )
        if action.card in after.hands[self.seat]:
            if you:
                others = after.rules.players - 1
                print(f"It is your own card: you play alone against the other {others}.", file=out)
            else:
                print(f"You hold it: you are seat {seat}'s secret partner.", file=out)
                self.seats.partners = (seat,)
        elif you:
            print("Its holder is your secret partner, known when the card is played.", file=out)

    def _trick_taken(self, before: GameState, action: Play, after: GameState) -> None:
        out, name, mine = self.out, self.name, self.seat
        played = before.trick + ((after.actors[-1], action.card),)
        winner = trick_winner(before.rules, before.trump, played)
        taken = sum(before.rules.points_of(card) for _, card in played)
        who = capital(self.seats.name(winner))
        verb = "take" if winner == mine else "takes"
        print(f"{who} {verb} the trick ({taken} point{'' if taken == 1 else 's'}).", file=out)
        drawn = [card for card in after.hands[mine] if card not in before.hands[mine]]
        if drawn:
            print(f"You draw {listing([name.the(card) for card in drawn])}.", file=out)
        if before.trump_card is not None and after.trump_drawn is not None:
            drawer, card = after.trump_drawn
            if drawer != mine:
                print(
                    f"{capital(self.seats.name(drawer))} draws the face-up card, {name.the(card)}.",
                    file=out,
                )

    def match(self, before: MatchState, seat: int, action: Action, after: MatchState) -> None:
        """Tell one action of a match."""
        if len(after.results) == len(before.results):
            self.deal(before.game, seat, action, after.game)
            self.current = after
            return
        final = apply(before.game, action)
        self.deal(before.game, seat, action, final)
        self.current = after
        report_deal(final, self.seats, self.out)
        measure = "score" if after.rules.match is MatchFormat.POINTS_TARGET else "deals won"
        wins = after.totals if measure == "score" else after.wins
        totals = ", ".join(f"{self.seats.short(s)} {t}" for s, t in enumerate(wins))
        print(f"Match ({measure}): {totals}.", file=self.out)
        if not after.is_over:
            self.start(after.game)


def report_deal(state: GameState, seats: Seats, out: TextIO, heading: str | None = None) -> None:
    """The end of a deal: points by side, winners, the contract and
    bastardo's scores (after a blank line and ``heading``)."""
    result = outcome(state)
    assert result is not None
    print(file=out)
    if heading is not None:
        print(heading, file=out)
    contract = state.contract
    if contract is not None and contract.called_card is None:
        print("Everybody passed: the deal is void.", file=out)
        return
    for side, points in zip(result.sides, result.points):
        print(f"{capital(seats.group(side))}: {points} points.", file=out)
    if contract is not None and contract.bid is not None and contract.declarer is not None:
        side = next(side for side in result.sides if contract.declarer in side)
        taken = result.points[result.sides.index(side)]
        made = "made" if taken >= contract.bid.points else "lost"
        print(f"The contract of {contract.bid.points} is {made} ({taken} points).", file=out)
    mine = seats.seat
    if not result.winners:
        print("The deal is a tie.", file=out)
    elif mine in result.winners:
        partners = [s for s in result.winners if s != mine]
        print(
            "You win the deal" + (f" with {seats.group(partners)}." if partners else "."), file=out
        )
    else:
        verb = "wins" if len(result.winners) == 1 else "win"
        print(f"{capital(seats.group(result.winners))} {verb} the deal.", file=out)
    if contract is not None:
        scores = ", ".join(f"{seats.short(s)} {v:+d}" for s, v in enumerate(result.scores))
        print(f"Scores: {scores}.", file=out)
