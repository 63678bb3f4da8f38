"""Deals in the terminal: ``briscola demo`` and ``briscola play``."""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Sequence
from typing import Final, TextIO, TypeVar, cast

from .. import bots as _bots
from .._actions import Action, Bid, Call, Cut, Knock, Pass, Play, Say, Sign, SwapTrump
from .._deal import new_game
from .._engine import apply, legal_actions, outcome
from .._match import MatchState, new_match
from .._observe import Observation
from .._presets import preset
from .._rules import Auction, Rules
from .._state import GameState
from .._trick import trick_winner
from ._files import write_game
from ._input import hint, read_answer
from ._narrate import (
    Narrator,
    Seats,
    hand_order,
    print_talk,
    report_deal,
    show,
    sorted_cards,
)
from ._show import TrickPictures
from ._stand_in import stand_ins
from ._words import Names, capital, describe_action, listing, seats_text
from ._wrap import WrappedLines, terminal_width

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
    pictures = None if svg_dir is None else TrickPictures(svg_dir, names=names)
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
            # The cut, the knock and the call name the trump suit; no other
            # action turns a trump card.
            if before.trump is None and state.trump is not None:
                print(f"trump: {card_name.suit(state.trump)}", file=out)
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


def menu_order(seen: Observation, legal: Sequence[Action]) -> list[Action]:
    """The legal actions in the order of the menu: cards to play or to
    exchange in the order of the hand shown (:func:`hand_order`), cards to call
    by suit and strength, the rest as the engine lists them; table talk is
    typed, not numbered."""
    cards = [a for a in legal if isinstance(a, (Play, Call, SwapTrump))]
    calls = [a.card for a in cards if isinstance(a, Call)]
    order = {card: i for i, card in enumerate(hand_order(seen))}
    called = {card: i for i, card in enumerate(sorted_cards(calls, seen.rules, seen.trump))}
    rank = {type_: i for i, type_ in enumerate((Play, SwapTrump, Call))}
    others: list[Action] = [
        a for a in legal if not isinstance(a, (Play, Call, SwapTrump, Say, Sign))
    ]

    def key(action: Play | Call | SwapTrump) -> tuple[int, int]:
        where = called if isinstance(action, Call) else order
        return rank[type(action)], where[action.card]

    return others + sorted(cards, key=key)


MAX_REFUSED_LINES: Final = 100
"""How many lines in a row ``play`` reads that are not a move (nor ``q``)
before it gives up on its input, as at its end: a person never types so
many, a file of garbage would take minutes."""


class RefusedInput(EOFError):
    """:data:`MAX_REFUSED_LINES` lines in a row were not moves: the input
    ends here."""


class _Human:
    """The person at the terminal, as a bot: shows what the seat sees and
    reads the answer (:mod:`briscola.cli._input`).

    ``stdin`` is ``None`` when standard input is closed: the input ends at
    the first question.
    """

    def __init__(
        self,
        stdin: TextIO | None,
        out: TextIO,
        name: Names,
        style: str,
        narrator: Narrator,
        auto: bool,
    ) -> None:
        self.stdin = stdin
        self.out = out
        self.name = name
        self.style = style
        self.narrator = narrator
        self.auto = auto
        self.talk_explained = False
        # A terminal echoes the answer and its end of line; an input that
        # only reads lines is taken for a file.
        self.echoes = False
        isatty = getattr(stdin, "isatty", None)
        if callable(isatty) and isinstance(out, WrappedLines):
            with contextlib.suppress(ValueError, OSError):
                self.echoes = bool(isatty())

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Ask until the answer is a legal action."""
        if self.auto and len(legal) == 1:
            self.narrator.forced = legal[0]
            return legal[0]
        show(observation, self.narrator.seats, self.out, self.name)
        menu = menu_order(observation, legal)
        self._menu(observation, menu, legal)
        prompt = _prompt(menu)
        for _ in range(MAX_REFUSED_LINES):
            print(prompt, end="", file=self.out, flush=True)
            try:
                line = "" if self.stdin is None else self.stdin.readline()
            except UnicodeDecodeError:
                # Bytes that are not text in the terminal's encoding.
                self._answered()
                print(f"That line is not text: {hint(legal, menu, self.name)}", file=self.out)
                continue
            self._answered()
            if not line:
                raise EOFError
            answer = line.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise Quit
            if answer in ("?", "h", "help"):
                self._menu(observation, menu, legal, explain=True)
                continue
            read = read_answer(line, legal, menu, self.name, self.style, observation)
            if read.action is not None:
                return read.action
            print(capital(read.problem), file=self.out)
        raise RefusedInput

    def _answered(self) -> None:
        """After a line is read: where the terminal echoed it, the next
        output starts a line of its own."""
        if self.echoes and isinstance(self.out, WrappedLines):
            self.out.echoed()

    def _menu(
        self,
        seen: Observation,
        menu: Sequence[Action],
        legal: Sequence[Action],
        explain: bool = False,
    ) -> None:
        """The choices: numbered, except bids and table talk, which are
        typed; what the words and signs of table talk mean the first time
        they are offered, and with ``explain`` (asked with ``?``)."""
        out, name = self.out, self.name
        bids = [a for a in menu if isinstance(a, Bid)]
        if bids:
            print(_bids_text(bids, Pass() in menu), file=out)
            return
        if any(isinstance(a, Call) for a in menu) and seen.contract is not None:
            bid = seen.contract.bid
            at = ""
            if bid is not None:
                at = (
                    f" at {bid.points}"
                    if bid.rank is None
                    else f" with the {bid.rank} at {bid.points}"
                )
            print(
                f"You won the auction{at}. Call a card: its holder is your partner "
                "(call one of yours to play alone).",
                file=out,
            )
        if all(isinstance(a, Call) for a in menu) and len(menu) > 12:
            # The whole pack: short labels, in columns, own cards marked.
            labels = [
                name(a.card) + ("*" if a.card in seen.hand else "")
                for a in menu
                if isinstance(a, Call)
            ]
            _print_choices(labels, out)
            print("  (* a card of yours: calling it means playing alone)", file=out)
            return
        labels = [_label(action, seen, name) for action in menu]
        _print_choices(labels, out)
        talk = any(isinstance(action, (Say, Sign)) for action in legal)
        explain = explain or (talk and not self.talk_explained)
        self.talk_explained = self.talk_explained or explain
        print_talk(legal, out, explain=explain)


def _bids_text(bids: Sequence[Bid], can_pass: bool) -> str:
    """The bids in words: a range of points, and in the chiamata the ranks."""
    ranked = [bid for bid in bids if bid.rank is not None and bid.points == bids[0].points]
    if len(ranked) < 2:
        ranked = []
    values = sorted({bid.points for bid in bids if bid not in ranked})
    parts = []
    if ranked:
        ranks = ", ".join(str(bid.rank) for bid in ranked)
        parts.append(f"a rank at {ranked[0].points} ({ranks})")
    if values:
        span = str(values[0]) if len(values) == 1 else f"from {values[0]} to {values[-1]}"
        weakest = bids[-1].rank
        parts.append(f"points {span}" + (f" with the {weakest}" if weakest is not None else ""))
    return f"  Bid {' or '.join(parts)}{', or pass' if can_pass else ''}."


def _prompt(menu: Sequence[Action]) -> str:
    bids = [a for a in menu if isinstance(a, Bid)]
    if bids:
        rank = "a rank, " if len({bid.rank for bid in bids}) > 1 else ""
        return f"Your bid [{rank}a number or pass, q to quit]: "
    numbers = "1" if len(menu) == 1 else f"1-{len(menu)}"
    kinds = {type(a) for a in menu}
    if kinds & {Play, Call}:
        return f"Your move [a card or {numbers}, q to quit]: "
    return (
        f"Your move [{'/'.join(str(a) for a in menu if isinstance(a, (Cut, Knock)))} or "
        f"{numbers}, q to quit]: "
    )


def _label(action: Action, seen: Observation, name: Names) -> str:
    """A choice in words."""
    if isinstance(action, SwapTrump) and seen.trump_card is not None:
        return f"exchange {name.the(action.card)} for the face-up {name(seen.trump_card)}"
    if isinstance(action, Call) and action.card in seen.hand:
        return f"call {name.the(action.card)} (yours: you play alone)"
    return describe_action(action, name)


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


class _Thinking:
    """A search bot that says it is thinking before it moves."""

    def __init__(self, bot: _bots.Bot, out: TextIO, seats: Seats, seat: int) -> None:
        self.bot = bot
        self.out = out
        self.seats = seats
        self.seat = seat

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Say so, then let the bot choose."""
        if len(legal) > 1:
            who = capital(self.seats.name(self.seat))
            print(f"{who} is thinking...", file=self.out, flush=True)
        return self.bot.choose(observation, legal, rng)

    def __repr__(self) -> str:
        return repr(self.bot)


def seat_bots(rules: Rules, seat: int, bot: str | Sequence[str]) -> dict[int, str]:
    """The bot name of every seat but ``seat``: ``bot`` is one name for
    all of them, or a comma list (or a sequence) of one name per other
    seat, in seat order.

    Raises:
        ValueError: If a name is not a bot's or the count is neither one
            nor the number of other seats.

    >>> seat_bots(preset("italian-4p"), 1, "heuristic,random,strong")
    {0: 'heuristic', 2: 'random', 3: 'strong'}
    >>> seat_bots(preset("italian-4p"), 1, "heuristic,random")
    Traceback (most recent call last):
    ...
    ValueError: --bot: give one bot for every other seat, or one for each of seats 0, 2 and 3 (3 names), not 2 names
    """
    names = bot.split(",") if isinstance(bot, str) else list(bot)
    names = [name.strip() for name in names]
    others = [s for s in range(rules.players) if s != seat]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        raise ValueError(
            f"--bot: give one bot for every other seat, or one for each of seats "
            f"{listing([str(s) for s in others])} ({len(others)} names), not {len(names)} names"
        )
    for name in names:
        _bots.make_bot(name)
    return dict(zip(others, names))


def _table(
    rules: Rules, seat: int, bots: dict[int, str], human: _Human, out: TextIO, seats: Seats
) -> list[_bots.Bot]:
    table: list[_bots.Bot] = []
    for other in range(rules.players):
        if other == seat:
            table.append(human)
            continue
        made = _bots.make_bot(bots[other])
        searching = isinstance(made, _bots.MonteCarloBot)
        table.append(_Thinking(made, out, seats, other) if searching else made)
    return table


def _welcome(
    rules: Rules, title: str, seat: int, bots: dict[int, str], match: bool, resumed: bool
) -> str:
    what = "a match" if match else "one deal"
    if resumed:
        what = f"resuming {what}"
    opponents = [s for s in range(rules.players) if s != seat]
    kinds = set(bots.values())
    if len(kinds) == 1:
        who = f"{kinds.pop()} bots"
    else:
        who = "bots: " + listing([f"seat {s} {name}" for s, name in bots.items()])
    if rules.teams is not None and rules.auction is Auction.NONE:
        team = next(t for t in rules.teams if seat in t)
        partners = [s for s in team if s != seat]
        others = [s for s in opponents if s not in team]
        with_ = listing([f"seat {s}" for s in partners])
        return (
            f"{title}, {what}: you are seat {seat}, with {with_} as your partner"
            f"{'s' if len(partners) > 1 else ''}, against seats "
            f"{listing([str(s) for s in others])}; the other seats are {who}."
        )
    return f"{title}, {what}: you are seat {seat}, against {who}."


def play(
    rules: str | Rules,
    seat: int,
    seed: int | None,
    bot: str | Sequence[str],
    *,
    match: bool = False,
    names: str = "en",
    svg_dir: str | None = None,
    auto: bool = True,
    save: str | None = None,
    resume: GameState | MatchState | None = None,
    resumed_from: str | None = None,
    title: str | None = None,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
    width: int | None = None,
) -> int:
    """Play at ``seat`` against bots, reading the moves typed on
    ``stdin``; returns the exit status (0 when the game is played out or
    left with ``q``, 1 when the input ends first, 130 on Ctrl-C).

    A move is typed as the player says it: a bid's value, ``pass``,
    ``cut`` or ``knock``, a card's name in any language of
    :mod:`briscola.names` or a short form such as ``7d``; or the number of
    a choice, except when bidding. With ``auto``, a seat's only legal move
    plays itself.

    The seed (drawn at random when ``seed`` is ``None``) is the whole deal,
    every hand and the stock: it is told only once the game is over or
    left, with "Replay it with --seed SEED". Why the game stopped early
    (input ended, Ctrl-C) goes to ``err``, standard error by default.

    Args:
        rules: A preset name, or rules.
        seat: The seat of the person at the terminal.
        seed: The deal's or match's seed; random when ``None``.
        bot: The :func:`~briscola.bots.make_bot` name of the other seats,
            or one name per other seat, in seat order (a sequence, or
            names separated by commas). A learned bot without weights for
            the rules plays as the heuristic bot: a line on ``err`` says
            so.
        match: Play the rules' whole match instead of one deal.
        names: How to name the cards (as ``demo``).
        svg_dir: Write an SVG picture of the table, as this seat sees it,
            after each trick into this directory.
        auto: Play a seat's only legal move without asking.
        save: A file to save the game to when it is left unfinished (with
            ``q``, Ctrl-C or the end of the input).
        resume: A deal or match to play on from (read with
            :func:`briscola.loads`); ``match`` and ``rules`` follow it.
        resumed_from: The file ``resume`` was read from: without ``save``,
            a game left unfinished is saved back to it, and the message
            says so.
        title: The name in the first line (the preset's by default).
        stdin: Where the moves come from; standard input by default.
        out: Where the game is told; standard output by default.
        err: Where interruptions are told; standard error by default.
        width: The columns a line of ``out`` may take: longer lines break
            at their spaces. The terminal's width by default (80 when
            ``out`` is not a terminal).

    Raises:
        ValueError: If ``seat`` is not a seat of the rules, or ``bot``
            names no bot or not one per other seat.

    >>> import io
    >>> play("italian-2p", 0, 1, "random", stdin=io.StringIO("1\\n" * 20))
    italian-2p, one deal: you are seat 0, against random bots.
    ...
    Your move [a card or 1-3, q to quit]: You play the ...
    ...
    Game over. Replay it with --seed 1.
    You: ... points.
    ...
    0
    """
    stdin = sys.stdin if stdin is None else stdin
    # Every line wrapped to the terminal; WrappedLines writes text as TextIO does.
    out = cast(
        TextIO,
        WrappedLines(
            sys.stdout if out is None else out, terminal_width() if width is None else width
        ),
    )
    err = sys.stderr if err is None else err
    if resume is not None:
        rules = resume.rules
        match = isinstance(resume, MatchState)
    if isinstance(rules, str):
        title = rules if title is None else title
        rules = preset(rules)
    title = "custom rules" if title is None else title
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise ValueError(f"seat must be a seat from 0 to {rules.players - 1}, not {seat!r}")
    if seed is None and resume is None:
        seed = random.SystemRandom().randrange(1_000_000)
    card_name = Names(names)
    narrator = Narrator(seat, rules, out, card_name)
    human = _Human(stdin, out, card_name, names, narrator, auto)
    named = seat_bots(rules, seat, bot)
    line_up = stand_ins(rules, list(named.values()), title)
    for note in line_up.notes:
        print(f"briscola play: {note}", file=err)
    playing = {s: str(entrant) for s, entrant in zip(named, line_up.entrants)}
    table = _table(rules, seat, playing, human, out, narrator.seats)
    pictures = None if svg_dir is None else TrickPictures(svg_dir, seat, names)
    # Not the seed: it would show the other hands and the stock.
    labels = dict(zip(named, line_up.labels))
    print(_welcome(rules, title, seat, labels, match, resume is not None), file=out)
    replay = "" if seed is None or resume is not None else f"Replay it with --seed {seed}."
    try:
        if match:
            begun = resume if isinstance(resume, MatchState) else new_match(rules, seed=seed)
            narrator.current = begun
            narrator.start(begun.game)
            on_match: Callable[[MatchState, int, Action, MatchState], None] = narrator.match
            if pictures is not None:
                on_match = _both(narrator.match, pictures.match)
            final = _bots.play_match(rules, table, state=begun, on_action=on_match)
            narrator.current = final
            result = outcome(final)
            assert result is not None
            print(f"\nGame over. {replay}".rstrip(), file=out)
            if not result.winners:
                print("The match is drawn.", file=out)
            elif seat in result.winners:
                sweep = ", a sweep!" if result.is_sweep else "."
                print(f"You win the match{sweep}", file=out)
            else:
                verb = "wins" if len(result.winners) == 1 else "win"
                print(
                    f"{capital(narrator.seats.group(result.winners))} {verb} the match.", file=out
                )
        else:
            state = resume if isinstance(resume, GameState) else new_game(rules, seed=seed)
            narrator.current = state
            narrator.start(state)
            on_deal: Callable[[GameState, int, Action, GameState], None] = narrator.deal
            if pictures is not None:
                on_deal = _both(narrator.deal, pictures.deal)
            state = _bots.play_deal(rules, table, seed=seed, state=state, on_action=on_deal)
            narrator.current = state
            report_deal(state, narrator.seats, out, heading=f"Game over. {replay}".rstrip())
    except Quit:
        print(f"Game left unfinished. {replay}".rstrip(), file=out)
        _save(save, resumed_from, narrator, out, err)
        return 0
    except (EOFError, KeyboardInterrupt) as stop:
        # End the prompt's line, say why on stderr, and leave the seed with
        # the rest of the game on stdout.
        print(file=out, flush=True)
        why = (
            f"{MAX_REFUSED_LINES} lines in a row were not moves"
            if isinstance(stop, RefusedInput)
            else "Input ended"
            if isinstance(stop, EOFError)
            else "Interrupted"
        )
        print(f"{why}: game left unfinished.", file=err, flush=True)
        if replay:
            print(replay, file=out)
        _save(save, resumed_from, narrator, out, err)
        return 1 if isinstance(stop, EOFError) else 130
    return 0


def _save(
    path: str | None, loaded: str | None, narrator: Narrator, out: TextIO, err: TextIO
) -> None:
    """Save the game left unfinished to ``path`` if asked to, else back to
    the file it was ``loaded`` from."""
    back = path is None and loaded is not None
    path = loaded if path is None else path
    if path is None or narrator.current is None or narrator.current.is_over:
        return
    try:
        write_game(path, narrator.current)
    except OSError as error:
        print(f"Could not save the game to {path}: {error.strerror or error}", file=err)
        return
    where = f"back to {path}, the file it was loaded from" if back else f"to {path}"
    print(f"Saved {where}: resume it with briscola play --load {path}.", file=out)


_T = TypeVar("_T")


def _both(
    first: Callable[[_T, int, Action, _T], None], second: Callable[[_T, int, Action, _T], None]
) -> Callable[[_T, int, Action, _T], None]:
    """One action hook calling two: the narrator, then the SVG pictures."""

    def hook(before: _T, seat: int, action: Action, after: _T) -> None:
        first(before, seat, action, after)
        second(before, seat, action, after)

    return hook
