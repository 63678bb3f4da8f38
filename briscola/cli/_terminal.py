"""Deals in the terminal: ``briscola demo`` and ``briscola play``."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, TypeVar

from .. import bots as _bots
from .._actions import Action, Bid, Call, Cut, Knock, Pass, Play, SwapTrump
from .._deal import new_game
from .._engine import apply, legal_actions, outcome
from .._match import MatchState, new_match
from .._observe import Observation
from .._presets import preset
from .._rules import (
    MatchFormat,
)
from .._state import GameState, Phase
from .._trick import trick_winner
from ._show import TrickPictures
from ._words import Names, capital, count, describe_action, listing, ordinal, seats_text

# --- demo ------------------------------------------------------------------------


def demo(
    name: str = "italian-2p",
    seed: int = 1,
    out: TextIO | None = None,
    names: str = "en",
    svg_dir: str | None = None,
) -> None:
    """Play one seeded deal of preset ``name`` between random players,
    printing each trick and the score.

    Args:
        name: A preset name.
        seed: Shuffles the pack and drives the random players.
        out: Where to print; standard output by default.
        names: How to name the cards: ``"en"``, a language of
            :mod:`briscola.names`, ``"french"`` or ``"french-ten-for-three"``.
        svg_dir: Write an SVG picture of the table after each trick into
            this directory (``trick-01.svg``, ...).

    >>> demo("italian-2p", seed=1)
    italian-2p, seed 1: 2 seats, dealer seat 1
    trump card: ...
    trick  1: 0: ..., 1: ...  -> seat ...
    ...
    winners: seat ...
    """
    out = sys.stdout if out is None else out
    card_name = Names(names)
    rules = preset(name)
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    pictures = None if svg_dir is None else TrickPictures(svg_dir)
    print(f"{name}, seed {seed}: {rules.players} seats, dealer seat {state.dealer}", file=out)
    if state.trump_card is not None:
        print(f"trump card: {card_name(state.trump_card)}", file=out)
    trick_number = 0
    while not state.is_over:
        seat = state.to_move
        action = rng.choice(legal_actions(state))
        before = state
        state = apply(state, action)
        if pictures is not None:
            pictures.deal(before, seat, action, state)
        if not isinstance(action, Play):
            print(f"seat {seat}: {describe_action(action, card_name)}", file=out)
            if before.trump is None and state.trump is not None:
                print(f"trump: {card_name.suit(state.trump)}", file=out)
            elif before.trump_card is None and state.trump_card is not None:
                print(f"trump card: {card_name(state.trump_card)}", file=out)
            continue
        if len(state.trick) == 0:
            trick_number += 1
            played = before.trick + ((state.actors[-1], action.card),)
            winner = trick_winner(state.rules, state.trump, played)
            cards = ", ".join(f"{s}: {card_name(card)}" for s, card in played)
            print(f"trick {trick_number:2}: {cards}  -> seat {winner}", file=out)
    result = outcome(state)
    assert result is not None
    for side, points in zip(result.sides, result.points):
        print(f"{seats_text(side)}: {points} points", file=out)
    if result.winners:
        print(f"winners: {seats_text(result.winners)}", file=out)
    else:
        print("no winner", file=out)


# --- play ------------------------------------------------------------------------


class Quit(Exception):
    """The person at the terminal typed q."""


class _Human:
    """The person at the terminal, as a bot: shows what the seat sees and
    asks for the number of an action.

    ``stdin`` is ``None`` when standard input is closed: the input ends at
    the first question.
    """

    def __init__(self, stdin: TextIO | None, out: TextIO, name: Names) -> None:
        self.stdin = stdin
        self.out = out
        self.name = name

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Ask until the answer is the number of a legal action."""
        _show(observation, self.out, self.name)
        labels = [describe_action(action, self.name) for action in legal]
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
                raise Quit
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


def _show(seen: Observation, out: TextIO, name: Names) -> None:
    """What the seat sees, before its move."""
    print(file=out)
    rules = seen.rules
    if seen.trump is not None:
        trump = name.suit(seen.trump)
        if seen.trump_card is not None:
            to_draw = seen.stock_size + 1
            print(
                f"Trump: {trump}; face-up card {name.the(seen.trump_card)}; "
                f"{count(to_draw, 'card')} to draw.",
                file=out,
            )
        else:
            print(f"Trump: {trump}; nothing left to draw.", file=out)
    if seen.stock_known:
        # The Finnish redraw: everyone saw where it buried its cards.
        buried = "; ".join(
            f"{name.the(card)}, {ordinal(position + 1)} card to draw"
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
        more = f" and {count(unknown, 'card')} you have not seen" if unknown else ""
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

    def __init__(self, seat: int, bot: str, out: TextIO, name: Names) -> None:
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
            print(f"{capital(self.name.the(card))} was turned and buried in the stock.", file=out)

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
                print(f"{capital(name.the(card))} was turned and buried in the stock.", file=out)
        elif isinstance(action, Bid):
            print(f"{who} bid{s} {action}.".replace(" bid ", " ", 1), file=out)
        elif isinstance(action, Pass):
            print(f"{who} pass{'es' if third else ''}.", file=out)
        if isinstance(action, Play) and not after.trick and before.trick:
            self._trick_taken(before, action, after)

    def _trick_taken(self, before: GameState, action: Play, after: GameState) -> None:
        out, name, mine = self.out, self.name, self.seat
        played = before.trick + ((after.actors[-1], action.card),)
        winner = trick_winner(before.rules, before.trump, played)
        taken = sum(before.rules.points_of(card) for _, card in played)
        who = "You take" if winner == mine else f"Seat {winner} takes"
        print(f"{who} the trick ({taken} point{'' if taken == 1 else 's'}).", file=out)
        drawn = [card for card in after.hands[mine] if card not in before.hands[mine]]
        if drawn:
            print(f"You draw {listing([name.the(card) for card in drawn])}.", file=out)
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
        print(f"{seats_text(side).capitalize()}{mark}: {points} points.", file=out)
    if not result.winners:
        print("The deal is a tie.", file=out)
    elif seat in result.winners:
        print("You win the deal.", file=out)
    else:
        verb = "wins" if len(result.winners) == 1 else "win"
        print(f"{seats_text(result.winners).capitalize()} {verb} the deal.", file=out)
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
    svg_dir: str | None = None,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Play preset ``name`` at ``seat`` against bots, reading the numbers
    of the chosen actions from ``stdin``; returns the exit status (0 when
    the game is played out or left with ``q``, 1 when the input ends
    first, 130 on Ctrl-C).

    The seed (drawn at random when ``seed`` is ``None``) is the whole deal,
    every hand and the stock: it is told only once the game is
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
    card_name = Names(names)
    table: list[_bots.Bot] = [_bots.make_bot(bot) for _ in range(rules.players)]
    table[seat] = _Human(stdin, out, card_name)
    narrator = _Narrator(seat, bot, out, card_name)
    pictures = None if svg_dir is None else TrickPictures(svg_dir, seat)
    what = "a match" if match else "one deal"
    # Not the seed: it would show the other hands and the stock.
    print(f"{name}, {what}: you are seat {seat}, against {bot} bots.", file=out)
    replay = f"Replay it with --seed {seed}."
    try:
        if match:
            game = new_match(rules, seed=seed).game
            narrator.start(game)
            on_match: Callable[[MatchState, int, Action, MatchState], None] = narrator.match
            if pictures is not None:
                on_match = _both(narrator.match, pictures.match)
            final = _bots.play_match(rules, table, seed=seed, on_action=on_match)
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
                print(f"{seats_text(result.winners).capitalize()} {verb} the match.", file=out)
        else:
            narrator.start(new_game(rules, seed=seed))
            on_deal: Callable[[GameState, int, Action, GameState], None] = narrator.deal
            if pictures is not None:
                on_deal = _both(narrator.deal, pictures.deal)
            state = _bots.play_deal(rules, table, seed=seed, on_action=on_deal)
            _report_deal(state, seat, out, heading=f"Game over. {replay}")
    except Quit:
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


_T = TypeVar("_T")


def _both(
    first: Callable[[_T, int, Action, _T], None], second: Callable[[_T, int, Action, _T], None]
) -> Callable[[_T, int, Action, _T], None]:
    """One action hook calling two: the narrator, then the SVG pictures."""

    def hook(before: _T, seat: int, action: Action, after: _T) -> None:
        first(before, seat, action, after)
        second(before, seat, action, after)

    return hook
