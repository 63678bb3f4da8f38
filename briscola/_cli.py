"""The command line: ``python -m briscola`` and the ``briscola`` script.

Commands:

- ``demo`` (the default): one seeded deal between random players, printing
  each trick and the score (``briscola --preset italian-2p --seed 1``).
- ``play``: play a deal or a match against bots in the terminal.
- ``simulate``: seeded deals between bots, with a table of results.
- ``rules``: the rules of a preset in words, or the list of presets.

>>> main(["rules"])
italian-2p ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO, cast

from . import __version__
from . import bots as _bots
from . import names as _names
from ._actions import Action, Bid, Call, Cut, Knock, Pass, Play, SwapTrump
from ._cards import Card, Rank, Suit
from ._deal import new_game
from ._engine import apply, legal_actions, outcome
from ._match import MatchState, new_match
from ._observe import Observation
from ._presets import PRESETS, preset
from ._rules import (
    STANDARD_STRENGTH,
    Auction,
    DealStyle,
    Exchange,
    MatchFormat,
    PartnerHands,
    Rules,
)
from ._state import GameState, Phase

__all__ = ["main", "demo", "describe_rules"]

_NAME_STYLES = (*_names.LANGUAGES, "french", "french-ten-for-three")


class _Names:
    """How cards are written: English (``str(card)``), a language of
    :mod:`briscola.names`, or a French-suited equivalent.

    Suits standing alone (the trump suit) are written in English, or as
    the French suits in the French styles, so that they match the cards.
    """

    def __init__(self, style: str = "en") -> None:
        self.name: Callable[[Card], str]
        self.suit: Callable[[Suit], str] = str
        if style in ("french", "french-ten-for-three"):
            self.suit = _names.french_suit
        if style == "en":
            self.name = str
        elif style == "french":
            self.name = lambda card: _names.french_name(card, "drop-8-9-10")
        elif style == "french-ten-for-three":
            self.name = lambda card: _names.french_name(card, "ten-for-three")
        else:
            language = cast(_names.Language, style)
            self.name = lambda card: _names.card_name(card, language)
        # Names in English take the article; the others stand alone.
        self.article = "the " if style in ("en", "french", "french-ten-for-three") else ""

    def __call__(self, card: Card) -> str:
        return self.name(card)

    def the(self, card: Card) -> str:
        """The card's name, with "the" in English."""
        return self.article + self.name(card)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _describe(action: Action, name: _Names) -> str:
    """``action`` in words, with cards named by ``name``."""
    if isinstance(action, Play):
        return f"play {name.the(action.card)}"
    if isinstance(action, Call):
        return f"call {name.the(action.card)}"
    if isinstance(action, SwapTrump):
        return f"exchange {name.the(action.card)} for the trump card"
    return str(action)


# --- demo ------------------------------------------------------------------------


def demo(
    name: str = "italian-2p", seed: int = 1, out: TextIO | None = None, names: str = "en"
) -> None:
    """Play one seeded deal of preset ``name`` between random players,
    printing each trick and the score.

    Args:
        name: A preset name.
        seed: Shuffles the pack and drives the random players.
        out: Where to print; standard output by default.
        names: How to name the cards: ``"en"``, a language of
            :mod:`briscola.names`, ``"french"`` or ``"french-ten-for-three"``.

    >>> demo("italian-2p", seed=1)
    italian-2p, seed 1: 2 seats, dealer seat 1
    trump card: ...
    trick  1: 0: ..., 1: ...  -> seat ...
    ...
    winners: seat ...
    """
    out = sys.stdout if out is None else out
    card_name = _Names(names)
    rules = preset(name)
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    print(f"{name}, seed {seed}: {rules.players} seats, dealer seat {state.dealer}", file=out)
    if state.trump_card is not None:
        print(f"trump card: {card_name(state.trump_card)}", file=out)
    trick_number = 0
    while not state.is_over:
        seat = state.to_move
        action = rng.choice(legal_actions(state))
        before = state
        state = apply(state, action)
        if not isinstance(action, Play):
            print(f"seat {seat}: {_describe(action, card_name)}", file=out)
            if before.trump is None and state.trump is not None:
                print(f"trump: {card_name.suit(state.trump)}", file=out)
            elif before.trump_card is None and state.trump_card is not None:
                print(f"trump card: {card_name(state.trump_card)}", file=out)
            continue
        if len(state.trick) == 0:
            trick_number += 1
            played = before.trick + ((seat, action.card),)
            winner = _trick_winner(before, state)
            cards = ", ".join(f"{s}: {card_name(card)}" for s, card in played)
            print(f"trick {trick_number:2}: {cards}  -> seat {winner}", file=out)
    result = outcome(state)
    assert result is not None
    for side, points in zip(result.sides, result.points):
        print(f"{_seats(side)}: {points} points", file=out)
    if result.winners:
        print(f"winners: {_seats(result.winners)}", file=out)
    else:
        print("no winner", file=out)


def _trick_winner(before: GameState, after: GameState) -> int:
    """The seat that took the trick completed between two states."""
    return next(s for s, count in enumerate(after.tricks_won) if count > before.tricks_won[s])


# --- rules -----------------------------------------------------------------------

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{_number(n)} {noun if n == 1 else plural or noun + 's'}"


def _listing(words: Sequence[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``21st``."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _seats(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + _listing([str(seat) for seat in seats])


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _players_text(rules: Rules) -> str:
    n = rules.players
    direction = "clockwise" if rules.clockwise else "anticlockwise"
    order = f" Seats are numbered in playing order, which runs {direction} round the table."
    if rules.auction is not Auction.NONE:
        return (
            f"{_count(n, 'player')}. The winner of the auction, the declarer, plays with a "
            "secret partner, the holder of the card the declarer calls, against the other "
            f"{_number(n - 2)}; a declarer who calls a card of their own hand plays alone "
            f"against {_number(n - 1)}." + order
        )
    if rules.teams is None:
        return f"{_count(n, 'player')}, each playing alone." + order
    sizes = {len(team) for team in rules.teams}
    kind = {frozenset({2}): "pairs", frozenset({3}): "teams of three"}.get(
        frozenset(sizes), "teams"
    )
    sides = [_seats(team) for team in rules.teams]
    against = " against ".join(sides) if len(sides) == 2 else "; ".join(sides)
    return f"{_count(n, 'player')} in {_number(len(rules.teams))} {kind}: {against}." + order


def _pack_text(rules: Rules) -> str:
    text = (
        f"{len(rules.pack)} cards of the Italian pack: coins, cups, swords and clubs, "
        "each from the ace to the seven, then the jack, the knight and the king."
    )
    removed = rules.removed
    if removed and len(removed) == 4 and all(card.rank is Rank.TWO for card in removed):
        text += " The four twos are taken out of the 40-card pack."
    elif removed:
        cards = _listing([f"the {card}" for card in removed])
        text += f" {cards[0].upper()}{cards[1:]} {'is' if len(removed) == 1 else 'are'} taken out of the 40-card pack."
    return text


def _cards_text(rules: Rules) -> str:
    order = ", ".join(str(rank) for rank in rules.strength)
    valued = sorted(rules.card_points, key=lambda item: rules.strength.index(item[0]))
    points = _listing([f"{rank} {value}" for rank, value in valued])
    return (
        f"From high to low: {order}. Points: {points}; the other cards count nothing. "
        f"The pack holds {rules.total_points} points."
    )


def _deal_text(rules: Rules) -> str:
    h, n = rules.hand_size, rules.players
    packets = (
        "one card at a time"
        if rules.packet_size == 1
        else f"{_number(rules.packet_size)} cards at a time"
    )
    if rules.deal is DealStyle.WHOLE:
        return (
            "The dealer deals the whole pack one card at a time, starting with the player "
            f"after the dealer: {_count(h, 'card')} each. There is no stock and no trump card: "
            "trump comes from the called card."
        )
    trump = (
        "its suit is trump for the whole deal, and it lies face up under the stock, to be "
        "drawn last"
    )
    if rules.deal is DealStyle.CUT_OR_KNOCK:
        text = (
            "After the shuffle the previous dealer (the seat before the dealer) either cuts "
            f"the pack or knocks on it. After a cut the dealer deals {packets} to each "
            "player, starting with the player after the dealer, turns a card face up once "
            f"{n * h // 2} cards are dealt, then deals on until each holds {_count(h, 'card')}. "
            f"After a knock each player gets {_count(h, 'card')} at once, then a card is "
            f"turned face up. The turned card is the trump card: {trump}."
        )
    elif rules.deal is DealStyle.KNOCK:
        text = (
            f"The dealer gives each player {_count(h, 'card')} at once, starting with the "
            f"player after the dealer, then turns the next card face up: {trump}."
        )
    else:
        half = " once half of the hands' cards are dealt" if rules.deal is DealStyle.CUT else ""
        text = (
            f"The dealer deals {packets} to each player, starting with the player after the "
            f"dealer, until each holds {_count(h, 'card')}, and turns the next card face "
            f"up{half}: {trump}."
        )
    if rules.redraw_ranks:
        ranks = _listing([_article(str(rank)) for rank in rules.redraw_ranks], "or")
        text += (
            f" If the turned card is {ranks}, it is put back into the middle of the undealt "
            "cards, in everyone's sight, and the next card is turned instead."
        )
    return text


def _play_text(rules: Rules) -> str:
    k = rules.plays_per_trick
    text = (
        "The player after the dealer leads the first trick. Any card may be played: there "
        "is no need to follow suit or to trump. The highest trump takes the trick; without "
        "a trump, the highest card of the suit led. The winner leads the next trick."
    )
    if k > 1:
        text += (
            f" Each player plays {_count(k, 'card')} to every trick, one at a time in turn "
            "(leader, other, leader, other), and the highest card takes them all."
        )
    return text + f" A deal has {rules.tricks} tricks."


def _drawing_text(rules: Rules) -> str:
    k = rules.plays_per_trick
    each = (
        "a card from the stock" if k == 1 else f"{_count(k, 'card')} from the stock, one at a time"
    )
    return (
        f"After each trick every player draws {each}, the winner first, then "
        "the others in playing order; the trump card is the last card drawn. When the stock "
        "is gone the hands are played out without drawing."
    )


def _exchange_text(rules: Rules) -> str:
    mode = rules.exchange
    if mode is Exchange.NONE:
        return "The trump card cannot be exchanged."
    if mode is Exchange.TWO_FIRST_TRICK:
        return (
            "A player holding the two of trumps may, on their turn during the first trick "
            "and before playing, give it for the face-up trump card; the two then lies face "
            "up and is drawn last."
        )
    if mode is Exchange.SEVEN_AFTER_WIN:
        return (
            "A player whose side has won a trick may, on their turn and before playing, give "
            "the seven of trumps for the face-up trump card, while at least two tricks with "
            "drawing remain."
        )
    who = "whose side has won a trick" if rules.exchange_side_wins else "who has won a trick"
    return (
        f"A player {who} may, on their turn and before playing, give the seven of trumps for "
        "a face-up ace, three, king, knight or jack, or the two of trumps for a face-up "
        "seven, six, five or four, while a face-down card remains in the stock; one exchange "
        "per turn."
    )


def _partners_text(rules: Rules) -> str | None:
    if rules.auction is not Auction.NONE:
        return (
            "Only the partner knows who the partner is, until the called card is played; "
            "then everyone knows."
        )
    if rules.teams is None or all(len(team) == 1 for team in rules.teams):
        return None
    text = {
        PartnerHands.HIDDEN: "Partners never see each other's hands.",
        PartnerHands.AFTER_STOCK: (
            "Once the stock and the trump card are gone, partners show each other their "
            "hands for the rest of the deal."
        ),
        PartnerHands.BEFORE_FIRST_TRICK: (
            "Before the first trick partners show each other their hands, and so know them "
            "through the deal."
        ),
    }[rules.partner_hands]
    if rules.piles_by_side:
        text += " Each side keeps its tricks in one pile."
    return text


def _auction_text(rules: Rules) -> str:
    total = rules.total_points
    ending = (
        "A pass is final. The auction ends when all but one have passed and that one has "
        "bid; if everyone passes the deal is void and the next dealer deals."
    )
    if rules.auction is Auction.CHIAMATA:
        weakest = rules.strength[-1]
        return (
            "Starting with the player after the dealer, each player in turn passes or bids "
            f"higher: first by naming a rank, from the {rules.strength[0]} down to the "
            f"{weakest}, undertaking {rules.min_bid} points; then, with the {weakest}, by "
            f"raising the points from {rules.min_bid + 1} to {total}. {ending} The declarer "
            "then calls a card of the rank bid: its suit is trump, and its holder is the "
            "secret partner; calling a card of one's own hand means playing alone."
        )
    return (
        "Starting with the player after the dealer, each player in turn passes or bids a "
        f"number of points from {rules.min_bid} to {total}, higher than the last bid. {ending} "
        "The declarer then calls any card: its suit is trump, and its holder is the secret "
        "partner; calling a card of one's own hand means playing alone."
    )


def _winning_text(rules: Rules) -> str:
    total = rules.total_points
    n = rules.players
    if rules.auction is not Auction.NONE:
        text = (
            "The declarer's side must take at least the points bid. If it does, the declarer "
            "scores 2, the partner 1 and each other player -1; if not, the declarer scores -2, "
            f"the partner -1 and each other player 1. Playing alone, the declarer scores "
            f"{n - 1} or -{n - 1}, and each other player -1 or 1."
        )
        if rules.cappotto_doubles:
            text += " If one side takes every point, the scores are doubled."
        return text
    if len(rules.sides) == 2:
        text = f"The side with more than half of the points ({total // 2 + 1} of {total}) wins the deal"
        if total % 2 == 0:
            text += f"; {total // 2} each is a tie"
        return text + "."
    who = "player" if rules.teams is None else "side"
    return f"The {who} with the most points wins the deal; a shared top score is a tie."


def _match_text(rules: Rules) -> str:
    target = rules.match_target
    fmt = rules.match
    if fmt is MatchFormat.SINGLE:
        return "A single deal; a tie is a drawn match."
    if fmt is MatchFormat.FIRST_TO:
        text = (
            f"The first side to win {_count(target, 'deal')} wins the match; a match won "
            "without losing a deal is a sweep (Split's češalj)."
        )
    elif fmt is MatchFormat.BEST_OF:
        text = (
            f"Best of {_count(target, 'deal')}: the match ends when a side has won more than "
            f"half of {_number(target)}, or after {_count(target, 'deal')} that had a winner; "
            "tied deals do not count."
        )
    else:
        text = (
            f"Deals are played until a player's total score reaches {target} with that "
            "player alone in the lead."
        )
    if rules.tie_same_dealer:
        return text + (
            " After a tied deal the same dealer deals again; otherwise the deal passes to "
            "the next player in playing order."
        )
    return text + " After every deal the deal passes to the next player in playing order."


def describe_rules(rules: Rules, name: str | None = None, width: int = 79) -> str:
    """The rules in words, derived from the fields of ``rules``.

    Args:
        rules: Any rules, a preset or one made with :func:`attrs.evolve`.
        name: A title (such as the preset's name).
        width: The line width to wrap to.

    Returns:
        Labelled paragraphs: players, pack, cards, deal, play, drawing,
        exchange, partners, auction, winning and match, as they apply.

    >>> print(describe_rules(preset("italian-2p"), "italian-2p"))
    italian-2p
    <BLANKLINE>
    Players   Two players, each playing alone. Seats are numbered in playing order,
              which runs anticlockwise round the table.
    ...
    Winning   The side with more than half of the points (61 of 120) wins the deal;
              60 each is a tie.
    Match     A single deal; a tie is a drawn match.
    """
    sections: list[tuple[str, str | None]] = [
        ("Players", _players_text(rules)),
        ("Pack", _pack_text(rules)),
        ("Cards", _cards_text(rules)),
        ("Deal", _deal_text(rules)),
        ("Play", _play_text(rules)),
        ("Drawing", None if rules.deal is DealStyle.WHOLE else _drawing_text(rules)),
        ("Exchange", None if rules.deal is DealStyle.WHOLE else _exchange_text(rules)),
        ("Auction", None if rules.auction is Auction.NONE else _auction_text(rules)),
        ("Partners", _partners_text(rules)),
        ("Winning", _winning_text(rules)),
        ("Match", _match_text(rules)),
    ]
    lines = [] if name is None else [name, ""]
    for label, text in sections:
        if text is None:
            continue
        text = text[0].upper() + text[1:]
        lines.extend(
            textwrap.wrap(
                text,
                width=width,
                initial_indent=f"{label:<10}",
                subsequent_indent=" " * 10,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)


def _summary(rules: Rules) -> str:
    """A one-line summary of the rules for the list of presets."""
    if rules.auction is not Auction.NONE:
        sides = "declarer and partner against the rest"
    elif rules.teams is None:
        sides = "singles"
    else:
        sides = " v ".join("+".join(map(str, team)) for team in rules.teams)
    deal = {
        DealStyle.CUT_OR_KNOCK: "cut or knock",
        DealStyle.WHOLE: "whole pack dealt",
    }.get(rules.deal, f"{rules.deal.value} deal")
    match = {
        MatchFormat.SINGLE: "single deal",
        MatchFormat.FIRST_TO: f"first to {rules.match_target}",
        MatchFormat.BEST_OF: f"best of {rules.match_target}",
        MatchFormat.POINTS_TARGET: f"to {rules.match_target} points",
    }[rules.match]
    extras = []
    if rules.plays_per_trick > 1 or rules.hand_size == 4:
        extras.append("dupla")
    if rules.redraw_ranks:
        extras.append("redraw")
    if rules.exchange is not Exchange.NONE:
        extras.append(f"{rules.exchange.value} exchange")
    if rules.strength != STANDARD_STRENGTH:
        extras.append("strength " + "-".join(str(rank) for rank in rules.strength[:5]) + "...")
    if rules.total_points != 120:
        extras.append(f"{rules.total_points} points")
    text = (
        f"{rules.players} players, {len(rules.pack)} cards, {rules.hand_size} in hand, "
        f"{sides}, {deal}, {match}"
    )
    return text + "".join(f", {extra}" for extra in extras)


# --- simulate --------------------------------------------------------------------


def _rate(done: int, elapsed: float) -> str:
    """Deals per second, to a sensible precision."""
    if elapsed <= 0:
        return "many"
    rate = done / elapsed
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"


class _Progress:
    """A plain-text progress bar on a stream (stderr)."""

    def __init__(self, total: int, stream: TextIO, enabled: bool, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled and total > 0
        self.width = width
        self.start = time.perf_counter()
        self.shown = -1.0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.shown < 0.1:
            return
        self.shown = now
        filled = self.width * done // self.total
        elapsed = now - self.start
        rate = f"{_rate(done, elapsed)} deals/s" if done else ""
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} deals  {rate}  ")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


class _Tally:
    """Results of one entry of the line-up: a seat, or a side."""

    def __init__(self, label: str, bot: str) -> None:
        self.label = label
        self.bot = bot
        self.deals = 0
        self.wins = 0
        self.ties = 0
        self.void = 0
        self.points = 0
        self.score = 0


def _lineup(rules: Rules, specs: Sequence[str]) -> tuple[list[str], list[tuple[int, ...]]]:
    """Who sits where: per entry of the line-up, the bot spec and its seats.

    The line-up gives one bot for every seat, one for every side, or one
    for all.
    """
    n = rules.players
    sides = rules.sides if rules.auction is Auction.NONE else tuple((s,) for s in range(n))
    if len(specs) == 1:
        return list(specs) * len(sides), list(sides)
    if len(specs) == len(sides):
        return list(specs), list(sides)
    if len(specs) == n:
        return list(specs), [(seat,) for seat in range(n)]
    counts = sorted({1, len(sides), n})
    raise ValueError(
        f"--bots needs {_listing([str(c) for c in counts], 'or')} names for {n} seats "
        f"and {len(sides)} sides, not {len(specs)}"
    )


def simulate(
    name: str,
    deals: int,
    specs: Sequence[str],
    seed: int,
    *,
    rotate: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
    progress: bool | None = None,
) -> int:
    """Play ``deals`` seeded deals of preset ``name`` between bots and print
    a table of results; returns the exit status.

    Deal ``k`` is ``new_game(rules, seed=seed + k)``. With ``rotate`` the
    line-up moves round by one place every deal, so that each bot plays
    every seat. With an auction, a deal everyone passed (void, SPEC §7)
    counts in a column of its own, not as a tie.

    >>> simulate("italian-2p", 4, ["heuristic", "random"], 1, progress=False)
    italian-2p: 4 deals, seeds 1 to 4
    seat  bot        deals  wins  win %  ties %  mean points
    0     heuristic  ...
    ...
    0
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    rules = preset(name)
    specs_used, seats_of = _lineup(rules, specs)
    players = [_bots.make_bot(spec) for spec in specs_used]
    tallies = [
        _Tally("all" if rotate else "+".join(map(str, seats)), spec)
        for spec, seats in zip(specs_used, seats_of)
    ]
    if progress is None:
        progress = err.isatty()
    bar = _Progress(deals, err, progress)
    start = time.perf_counter()
    done = 0
    status = 0
    m = len(players)
    place_of = {seat: place for place, seats in enumerate(seats_of) for seat in seats}
    try:
        for k in range(deals):
            # Place p (the seats of entry p of the line-up) holds entry
            # (p + shift) % m: with rotation, every entry visits every place.
            shift = k % m if rotate else 0
            table = [players[(place_of[seat] + shift) % m] for seat in range(rules.players)]
            final = _bots.play_deal(rules, table, seed=seed + k)
            result = outcome(final)
            assert result is not None
            # SPEC §7: when everyone passes, the deal is void, not a tie.
            void = final.contract is not None and final.contract.called_card is None
            for place, seats in enumerate(seats_of):
                tally = tallies[(place + shift) % m]
                seat = seats[0]
                tally.deals += 1
                if void:
                    tally.void += 1
                elif not result.winners:
                    tally.ties += 1
                elif seat in result.winners:
                    tally.wins += 1
                side = next(i for i, side in enumerate(result.sides) if seat in side)
                tally.points += result.points[side]
                tally.score += result.scores[seat]
            done += 1
            bar.update(done)
    except KeyboardInterrupt:
        status = 130
        bar.close()
        print(f"interrupted after {done} deals", file=err)
    else:
        bar.close()
    elapsed = time.perf_counter() - start
    _print_table(rules, name, done, seed, tallies, rotate, out)
    print(f"{done} deals in {elapsed:.2f} s: {_rate(done, elapsed)} deals per second", file=out)
    return status


def _print_table(
    rules: Rules,
    name: str,
    done: int,
    seed: int,
    tallies: Sequence[_Tally],
    rotate: bool,
    out: TextIO,
) -> None:
    seeds = f"seeds {seed} to {seed + done - 1}" if done else "no deals"
    rotating = ", the line-up moving round one place each deal" if rotate else ""
    print(f"{name}: {done} deals, {seeds}{rotating}", file=out)
    scored = rules.auction is not Auction.NONE
    head = "seats" if rotate or any("+" in t.label for t in tallies) else "seat"
    width = max(len(head), *(len(t.label) for t in tallies))
    bot_width = max(3, *(len(t.bot) for t in tallies))
    columns = f"{head:<{width}}  {'bot':<{bot_width}}  deals  wins  win %  ties %"
    print(columns + ("  void %  mean points  mean score" if scored else "  mean points"), file=out)
    for tally in tallies:
        d = max(tally.deals, 1)
        row = (
            f"{tally.label:<{width}}  {tally.bot:<{bot_width}}  {tally.deals:5}  "
            f"{tally.wins:4}  {100 * tally.wins / d:5.1f}  {100 * tally.ties / d:6.1f}  "
        )
        if scored:
            row += f"{100 * tally.void / d:6.1f}  {tally.points / d:11.1f}  {tally.score / d:10.2f}"
        else:
            row += f"{tally.points / d:11.1f}"
        print(row, file=out)


# --- play ------------------------------------------------------------------------


class _Quit(Exception):
    """The person at the terminal typed q."""


class _Human:
    """The person at the terminal, as a bot: shows what the seat sees and
    asks for the number of an action.

    ``stdin`` is ``None`` when standard input is closed: the input ends at
    the first question.
    """

    def __init__(self, stdin: TextIO | None, out: TextIO, name: _Names) -> None:
        self.stdin = stdin
        self.out = out
        self.name = name

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Ask until the answer is the number of a legal action."""
        _show(observation, self.out, self.name)
        labels = [_describe(action, self.name) for action in legal]
        _print_choices(labels, self.out)
        choices = "1" if len(legal) == 1 else f"1-{len(legal)}"
        hint = f"type a number from 1 to {len(legal)}, or q to quit."
        while True:
            print(f"Your move [{choices}, q to quit]: ", end="", file=self.out, flush=True)
            try:
                line = "" if self.stdin is None else self.stdin.readline()
            except UnicodeDecodeError:
                # Bytes that are not text in the terminal's encoding.
                print(f"That line is not a choice: {hint}", file=self.out)
                continue
            if not line:
                raise EOFError
            answer = line.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise _Quit
            # ASCII digits only: int() also reads '²' or '٣', and refuses
            # thousands of digits.
            if answer.isascii() and answer.isdigit() and len(answer) <= 6:
                number = int(answer)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
            if answer in ("?", "h", "help"):
                _print_choices(labels, self.out)
                continue
            shown = line.strip()
            if len(shown) > 20:
                shown = shown[:20] + "..."
            print(f"{shown!r} is not a choice: {hint}", file=self.out)


def _show(seen: Observation, out: TextIO, name: _Names) -> None:
    """What the seat sees, before its move."""
    print(file=out)
    rules = seen.rules
    if seen.trump is not None:
        trump = name.suit(seen.trump)
        if seen.trump_card is not None:
            to_draw = seen.stock_size + 1
            print(
                f"Trump: {trump}; face-up card {name.the(seen.trump_card)}; "
                f"{_count(to_draw, 'card')} to draw.",
                file=out,
            )
        else:
            print(f"Trump: {trump}; nothing left to draw.", file=out)
    if seen.stock_known:
        # SPEC §3 and §6: everyone saw where the redraw buried its cards.
        buried = "; ".join(
            f"{name.the(card)}, {_ordinal(position + 1)} card to draw"
            for position, card in seen.stock_known
        )
        print(f"Buried in the stock: {buried}.", file=out)
    contract = seen.contract
    if seen.phase is Phase.BIDDING and contract is not None:
        if contract.bid is None:
            print("Auction: no bid yet.", file=out)
        else:
            print(
                f"Auction: highest bid {contract.bid.points} by seat {contract.declarer}.", file=out
            )
    if contract is not None and contract.called_card is not None:
        partner = contract.partner
        secret = "a secret" if partner is None else f"seat {partner}"
        print(
            f"Contract: {contract.bid.points if contract.bid else '?'} points by seat "
            f"{contract.declarer}, calling {name.the(contract.called_card)}; partner: {secret}.",
            file=out,
        )
    if seen.phase is Phase.PLAYING:
        taken = ", ".join(
            f"{'you' if seat == seen.seat else f'seat {seat}'} "
            f"{sum(rules.points_of(card) for card in pile)}"
            for seat, pile in enumerate(seen.piles)
        )
        print(f"Points taken: {taken}.", file=out)
    if seen.trick:
        played = ", ".join(f"seat {s} {name.the(card)}" for s, card in seen.trick)
        print(f"On the table: {played}.", file=out)
    for other, cards in enumerate(seen.known_hands):
        if other == seen.seat or not cards:
            continue
        shown = ", ".join(name(card) for card in cards)
        unknown = seen.hand_sizes[other] - len(cards)
        more = f" and {_count(unknown, 'card')} you have not seen" if unknown else ""
        print(f"Seat {other} holds: {shown}{more}.", file=out)
    hand = ", ".join(name(card) for card in seen.hand) or "nothing"
    print(f"Your hand (seat {seen.seat}): {hand}.", file=out)


def _print_choices(labels: Sequence[str], out: TextIO) -> None:
    """Numbered choices: one a line, or in columns when there are many."""
    digits = len(str(len(labels)))
    items = [f"{i:>{digits}}. {label}" for i, label in enumerate(labels, 1)]
    if len(items) <= 12:
        for item in items:
            print(f"  {item}", file=out)
        return
    width = max(len(item) for item in items) + 2
    per_line = max(1, 76 // width)
    for start in range(0, len(items), per_line):
        row = items[start : start + per_line]
        print("  " + "".join(f"{item:<{width}}" for item in row).rstrip(), file=out)


class _Narrator:
    """Tells the person at the terminal what happens at the table, and
    nothing that seat could not see."""

    def __init__(self, seat: int, bot: str, out: TextIO, name: _Names) -> None:
        self.seat = seat
        self.bot = bot
        self.out = out
        self.name = name
        self.deals = 0

    def _who(self, seat: int) -> tuple[str, bool]:
        if seat == self.seat:
            return "You", False
        return f"Seat {seat} ({self.bot})", True

    def start(self, state: GameState) -> None:
        """A deal begins."""
        self.deals += 1
        out = self.out
        print(f"\nDeal {self.deals}: seat {state.dealer} deals.", file=out)
        if state.phase is Phase.CUT_OR_KNOCK:
            print(f"Seat {state.to_move} is to cut or knock.", file=out)
        if state.trump_card is not None:
            print(f"The trump card is {self.name.the(state.trump_card)}.", file=out)
        for card in state.buried:
            print(f"{_capital(self.name.the(card))} was turned and buried in the stock.", file=out)

    def deal(self, before: GameState, seat: int, action: Action, after: GameState) -> None:
        """Tell one action of a deal."""
        out, name = self.out, self.name
        who, third = self._who(seat)
        s = "s" if third else ""
        if isinstance(action, Play):
            print(f"{who} play{s} {name.the(action.card)}.", file=out)
        elif isinstance(action, SwapTrump):
            print(f"{who} exchange{s} {name.the(action.card)} for the trump card.", file=out)
        elif isinstance(action, Call):
            trump = name.suit(action.card.suit)
            print(f"{who} call{s} {name.the(action.card)}: {trump} are trump.", file=out)
        elif isinstance(action, (Cut, Knock)):
            print(f"{who} {action}{s} the pack.", file=out)
            if after.trump_card is not None:
                print(f"The trump card is {name.the(after.trump_card)}.", file=out)
            for card in after.buried:
                print(f"{_capital(name.the(card))} was turned and buried in the stock.", file=out)
        elif isinstance(action, Bid):
            print(f"{who} bid{s} {action}.".replace(" bid ", " ", 1), file=out)
        elif isinstance(action, Pass):
            print(f"{who} pass{'es' if third else ''}.", file=out)
        if isinstance(action, Play) and not after.trick and before.trick:
            self._trick_taken(before, action, after)

    def _trick_taken(self, before: GameState, action: Play, after: GameState) -> None:
        out, name, mine = self.out, self.name, self.seat
        winner = _trick_winner(before, after)
        points = before.setup.table.points
        taken = sum(points[card.index] for _, card in before.trick) + points[action.card.index]
        who = "You take" if winner == mine else f"Seat {winner} takes"
        print(f"{who} the trick ({taken} point{'' if taken == 1 else 's'}).", file=out)
        drawn = [card for card in after.hands[mine] if card not in before.hands[mine]]
        if drawn:
            print(f"You draw {_listing([name.the(card) for card in drawn])}.", file=out)
        if before.trump_card is not None and after.trump_drawn is not None:
            drawer, card = after.trump_drawn
            if drawer != mine:
                print(f"Seat {drawer} draws the face-up card, {name.the(card)}.", file=out)

    def match(self, before: MatchState, seat: int, action: Action, after: MatchState) -> None:
        """Tell one action of a match."""
        if len(after.results) == len(before.results):
            self.deal(before.game, seat, action, after.game)
            return
        final = apply(before.game, action)
        self.deal(before.game, seat, action, final)
        _report_deal(final, self.seat, self.out)
        measure = "score" if after.rules.match is MatchFormat.POINTS_TARGET else "deals won"
        wins = after.totals if measure == "score" else after.wins
        totals = ", ".join(
            f"{'you' if s == self.seat else f'seat {s}'} {t}" for s, t in enumerate(wins)
        )
        print(f"Match ({measure}): {totals}.", file=self.out)
        if not after.is_over:
            self.start(after.game)


def _report_deal(state: GameState, seat: int, out: TextIO, heading: str | None = None) -> None:
    """The end of a deal: points, winners, bastardo's scores (after a
    blank line and ``heading``)."""
    result = outcome(state)
    assert result is not None
    print(file=out)
    if heading is not None:
        print(heading, file=out)
    if state.contract is not None and state.contract.called_card is None:
        print("Everybody passed: the deal is void.", file=out)
        return
    for side, points in zip(result.sides, result.points):
        mark = " (you)" if seat in side else ""
        print(f"{_seats(side).capitalize()}{mark}: {points} points.", file=out)
    if not result.winners:
        print("The deal is a tie.", file=out)
    elif seat in result.winners:
        print("You win the deal.", file=out)
    else:
        verb = "wins" if len(result.winners) == 1 else "win"
        print(f"{_seats(result.winners).capitalize()} {verb} the deal.", file=out)
    if state.contract is not None:
        scores = ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(result.scores))
        print(f"Scores: {scores}.", file=out)


def play(
    name: str,
    seat: int,
    seed: int | None,
    bot: str,
    *,
    match: bool = False,
    names: str = "en",
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Play preset ``name`` at ``seat`` against bots, reading the numbers
    of the chosen actions from ``stdin``; returns the exit status (0 when
    the game is played out or left with ``q``, 1 when the input ends
    first, 130 on Ctrl-C).

    The seed (drawn at random when ``seed`` is ``None``) is the whole deal,
    every hand and the stock (SPEC §3): it is told only once the game is
    over or left, with "Replay it with --seed SEED". Why the game stopped
    early (input ended, Ctrl-C) goes to ``err``, standard error by default.

    >>> import io
    >>> play("italian-2p", 0, 1, "random", stdin=io.StringIO("1\\n" * 20))
    italian-2p, one deal: you are seat 0, against random bots.
    ...
    Your move [1-3, q to quit]: You play the ...
    ...
    Game over. Replay it with --seed 1.
    Seat 0 (you): ... points.
    ...
    0
    """
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    rules = preset(name)
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise ValueError(f"seat must be a seat from 0 to {rules.players - 1}, not {seat!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    card_name = _Names(names)
    table: list[_bots.Bot] = [_bots.make_bot(bot) for _ in range(rules.players)]
    table[seat] = _Human(stdin, out, card_name)
    narrator = _Narrator(seat, bot, out, card_name)
    what = "a match" if match else "one deal"
    # Not the seed: it would show the other hands and the stock.
    print(f"{name}, {what}: you are seat {seat}, against {bot} bots.", file=out)
    replay = f"Replay it with --seed {seed}."
    try:
        if match:
            game = new_match(rules, seed=seed).game
            narrator.start(game)
            final = _bots.play_match(rules, table, seed=seed, on_action=narrator.match)
            result = outcome(final)
            assert result is not None
            print(f"\nGame over. {replay}", file=out)
            if not result.winners:
                print("The match is drawn.", file=out)
            elif seat in result.winners:
                sweep = ", a sweep!" if result.is_sweep else "."
                print(f"You win the match{sweep}", file=out)
            else:
                verb = "wins" if len(result.winners) == 1 else "win"
                print(f"{_seats(result.winners).capitalize()} {verb} the match.", file=out)
        else:
            narrator.start(new_game(rules, seed=seed))
            state = _bots.play_deal(rules, table, seed=seed, on_action=narrator.deal)
            _report_deal(state, seat, out, heading=f"Game over. {replay}")
    except _Quit:
        print(f"Game left unfinished. {replay}", file=out)
        return 0
    except (EOFError, KeyboardInterrupt) as stop:
        # End the prompt's line, say why on stderr, and leave the seed with
        # the rest of the game on stdout.
        print(file=out, flush=True)
        why = "Input ended" if isinstance(stop, EOFError) else "Interrupted"
        print(f"{why}: game left unfinished.", file=err, flush=True)
        print(replay, file=out)
        return 1 if isinstance(stop, EOFError) else 130
    return 0


# --- main ------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="briscola",
        description="Briscola and its regional family: demo deals, play against bots, "
        "simulate bot matches, read the rules of a preset.",
        epilog="Without a command, runs the demo: briscola --preset italian-2p --seed 1",
    )
    parser.add_argument("--version", action="version", version=f"briscola {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    presets = sorted(PRESETS)

    def preset_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--preset",
            default="italian-2p",
            choices=presets,
            metavar="PRESET",
            help="the rules to play (default italian-2p; see 'briscola rules')",
        )

    def names_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--names",
            default="en",
            choices=_NAME_STYLES,
            help="how to name the cards (default en)",
        )

    demo_parser = commands.add_parser(
        "demo",
        help="one seeded deal between random players (the default)",
        description="Play one seeded deal between random players, printing each trick and the score.",
    )
    preset_option(demo_parser)
    demo_parser.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    names_option(demo_parser)

    play_parser = commands.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play a deal (or a match) against bots: type the number of your move.",
    )
    preset_option(play_parser)
    play_parser.add_argument(
        "--seat", type=int, default=0, help="your seat (default 0, the first to lead)"
    )
    play_parser.add_argument(
        "--seed", type=int, default=None, help="the deal's seed (default: random)"
    )
    play_parser.add_argument(
        "--bot",
        default="heuristic",
        metavar="BOT",
        help=f"the bots' kind: {', '.join(_bots.BOT_NAMES)}, or montecarlo:SAMPLES (default heuristic)",
    )
    play_parser.add_argument("--match", action="store_true", help="play the preset's whole match")
    names_option(play_parser)

    sim = commands.add_parser(
        "simulate",
        help="seeded deals between bots, with a table of results",
        description="Play seeded deals between bots and print win rates, ties, mean points and speed.",
    )
    preset_option(sim)
    sim.add_argument("--deals", type=int, default=100, help="number of deals (default 100)")
    sim.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="BOT,BOT",
        help="comma-separated bots: one for all seats, one per side or one per seat "
        f"({', '.join(_bots.BOT_NAMES)}, montecarlo:SAMPLES; default heuristic,random)",
    )
    sim.add_argument(
        "--seed", type=int, default=1, help="seed of the first deal; deal k uses seed + k"
    )
    sim.add_argument(
        "--rotate", action="store_true", help="move the line-up round one place every deal"
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )

    rules_parser = commands.add_parser(
        "rules",
        help="the rules of a preset in words",
        description="Print the rules of a preset in words, or list the presets.",
    )
    rules_parser.add_argument(
        "preset",
        nargs="?",
        choices=presets,
        metavar="PRESET",
        help="a preset name; without one, list them",
    )
    return parser


def _run(argv: list[str]) -> int:
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv = ["demo", *argv]
    args = _parser().parse_args(argv)
    if args.command == "demo":
        demo(args.preset, args.seed, names=args.names)
        return 0
    if args.command == "rules":
        if args.preset is None:
            width = max(map(len, PRESETS))
            for name, rules in PRESETS.items():
                print(f"{name:<{width}}  {_summary(rules)}")
            return 0
        print(describe_rules(preset(args.preset), args.preset))
        return 0
    if args.command == "simulate":
        if args.deals < 0:
            print("briscola simulate: error: --deals must be at least 0", file=sys.stderr)
            return 2
        specs = [spec.strip() for spec in args.bots.split(",")]
        try:
            for spec in specs:
                _bots.make_bot(spec)
            _lineup(preset(args.preset), specs)
        except ValueError as error:
            print(f"briscola simulate: error: {error}", file=sys.stderr)
            return 2
        return simulate(
            args.preset, args.deals, specs, args.seed, rotate=args.rotate, progress=args.progress
        )
    # play
    players = preset(args.preset).players
    try:
        _bots.make_bot(args.bot)
        if not 0 <= args.seat < players:
            raise ValueError(f"--seat must be a seat from 0 to {players - 1}, not {args.seat}")
    except ValueError as error:
        print(f"briscola play: error: {error}", file=sys.stderr)
        return 2
    return play(args.preset, args.seat, args.seed, args.bot, match=args.match, names=args.names)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Args:
        argv: The arguments, without the program name; ``sys.argv[1:]`` by
            default. Without a command the demo runs, so
            ``briscola --preset italian-2p --seed 1`` plays one deal.

    >>> main(["rules", "split-2p"])
    split-2p
    ...
    0
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    with _lenient_streams():
        try:
            status = _run(arguments)
            if sys.stdout is not None:
                sys.stdout.flush()
            return status
        except KeyboardInterrupt:
            print(file=sys.stderr)
            return 130
        except BrokenPipeError:
            # The reader went away (``briscola ... | head``): stop quietly.
            _discard_stdout()
            return 1
        except OSError as error:
            # Standard output cannot be written (a full disk, /dev/full).
            print(f"briscola: error: {error.strerror or error}", file=sys.stderr)
            _discard_stdout()
            return 1
        except UnicodeEncodeError as error:
            # A stream that cannot say "č" and could not be told to replace it.
            print(
                f"briscola: error: the output cannot show {error.object[error.start : error.end]!a}",
                file=sys.stderr,
            )
            return 1


@contextlib.contextmanager
def _lenient_streams() -> Iterator[None]:
    """Let the standard streams replace what their encoding cannot hold:
    card names such as "češalj" on an ASCII terminal print as "?" and a
    line of input that is not text reads as U+FFFD, not as errors."""
    changed: list[io.TextIOWrapper] = []
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")
                changed.append(stream)
    try:
        yield
    finally:
        for stream in changed:
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="strict")


def _discard_stdout() -> None:
    """Send what is left of standard output to the null device, so that
    Python does not fail again while flushing it at exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
