"""The command line: ``python -m briscola`` and the ``briscola`` script.

Commands:

- ``demo`` (the default): one seeded deal between random players, printing
  each trick and the score (``briscola --preset italian-2p --seed 1``).
- ``play``: play a deal or a match against bots in the terminal.
- ``simulate``: seeded deals between bots, with a table of results.
- ``rules``: the rules of a preset in words, or the list of presets.
- ``show``: a saved deal, match or observation as a table (and an SVG).
- ``serve``: a table in the browser (needs the ``web`` extra).

>>> main(["rules"])
italian-2p ...
0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Iterator, Sequence

from .. import bots as _bots
from .._deal import MAX_SEED_BITS, check_seed
from .._presets import PRESETS, preset
from .._rules import Rules
from .._version import __version__
from ._describe import describe_rules, summary
from ._files import read_game, read_rules
from ._show import show
from ._simulate import lineup, simulate
from ._terminal import demo, play, seat_bots
from ._words import NAME_STYLES

# --- main ------------------------------------------------------------------------


def _seed(text: str) -> int:
    """The argparse type of ``--seed``: a whole number that
    :func:`briscola.new_game` takes (at most 2,048 bits)."""
    try:
        seed = int(text)
        check_seed(seed)
    except ValueError as error:
        reason = str(error) if "bits" in str(error) else "a seed is a whole number"
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: {reason}") from None
    return seed


def preset_name(text: str) -> str:
    """The argparse type of a preset name: a preset's name in any case.
    A name that is part of one or more presets' names, or unknown, is
    refused with the presets it could mean (or all of them).

    >>> preset_name("Split-4P")
    'split-4p'
    >>> preset_name("split")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'split' is not a preset: did you mean split-2p, split-4p, split-5p, split-dupla-2p, split-dupla-4p?
    """
    folded = text.strip().casefold()
    if folded in PRESETS:
        return folded
    could = [name for name in PRESETS if name.startswith(folded)] if folded else []
    if folded and not could:
        could = [name for name in PRESETS if folded in name]
    shown = repr(text[:40])
    if could:
        raise argparse.ArgumentTypeError(
            f"{shown} is not a preset: did you mean {', '.join(could)}?"
        )
    raise argparse.ArgumentTypeError(
        f"unknown preset {shown}; the presets are {', '.join(PRESETS)}"
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="briscola",
        description="Briscola and its regional family: demo deals, play against bots, "
        "simulate bot matches, read the rules of a preset.",
        epilog="Without a command, runs the demo: briscola --preset italian-2p --seed 1",
    )
    parser.add_argument("--version", action="version", version=f"briscola {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def preset_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--preset",
            default="italian-2p",
            type=preset_name,
            metavar="PRESET",
            help="the rules to play, in any case (default italian-2p; see 'briscola rules')",
        )

    def svg_dir_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--svg-dir",
            metavar="DIR",
            default=None,
            help="write an SVG picture of the table after each trick into DIR",
        )

    def names_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--names",
            default="en",
            choices=NAME_STYLES,
            help="how to name the cards (default en)",
        )

    demo_parser = commands.add_parser(
        "demo",
        help="one seeded deal between random players (the default)",
        description="Play one seeded deal between random players, printing each trick and the score.",
    )
    preset_option(demo_parser)
    demo_parser.add_argument("--seed", type=_seed, default=1, help="the deal's seed (default 1)")
    names_option(demo_parser)
    svg_dir_option(demo_parser)

    def rules_file_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--rules",
            metavar="FILE.json",
            help="custom rules: a rules document written by briscola.dumps (instead of a preset)",
        )

    play_parser = commands.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play a deal (or a match) against bots: type a card, a bid, pass, "
        "cut or knock, or the number of a choice.",
    )
    preset_option(play_parser)
    rules_file_option(play_parser)
    play_parser.add_argument(
        "--seat", type=int, default=0, help="your seat (default 0, the first to lead)"
    )
    play_parser.add_argument(
        "--seed", type=_seed, default=None, help="the deal's seed (default: random)"
    )
    play_parser.add_argument(
        "--bot",
        default="heuristic",
        metavar="BOT",
        help="the bots: one for every other seat, or a comma-separated one per other seat "
        f"in seat order ({', '.join(_bots.BOT_NAMES)}, montecarlo:SAMPLES, strong:BUDGET, "
        "search:BUDGET; default heuristic)",
    )
    play_parser.add_argument("--match", action="store_true", help="play the preset's whole match")
    play_parser.add_argument(
        "--auto",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="play your only legal move without asking (default: on)",
    )
    play_parser.add_argument(
        "--save",
        metavar="FILE",
        help="when the game is left unfinished, save it to FILE (briscola.dumps; "
        "default: back to the --load file)",
    )
    play_parser.add_argument(
        "--load",
        metavar="FILE",
        help="resume a deal or match saved with --save or briscola.dumps",
    )
    names_option(play_parser)
    svg_dir_option(play_parser)

    sim = commands.add_parser(
        "simulate",
        help="seeded deals between bots, with a table of results",
        description="Play seeded deals between bots and print win rates with 95% confidence "
        "intervals, ties, mean points and speed.",
    )
    preset_option(sim)
    rules_file_option(sim)
    sim.add_argument(
        "--deals", type=int, default=100, help="number of deals, at least 1 (default 100)"
    )
    sim.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="BOT,BOT",
        help="comma-separated bots: one for all seats, one per side or one per seat "
        f"({', '.join(_bots.BOT_NAMES)}, montecarlo:SAMPLES, strong:BUDGET, search:BUDGET; "
        "default heuristic,random)",
    )
    sim.add_argument(
        "--seed", type=_seed, default=1, help="seed of the first deal; deal k uses seed + k"
    )
    sim.add_argument(
        "--rotate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="move the line-up round one place every deal (default: on)",
    )
    sim.add_argument(
        "--duplicate",
        action="store_true",
        help="play every pack once with the line-up in each place",
    )
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="share the deals between N processes (default 1)",
    )
    sim.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the seconds a deal may take; deals then run in worker processes, and one "
        "past the limit is stopped and reported (default: no limit)",
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show progress and time left on stderr (default: when stderr is a terminal)",
    )

    rules_parser = commands.add_parser(
        "rules",
        help="the rules of a preset in words",
        description="Print the rules of a preset in words, or list the presets.",
    )
    rules_parser.add_argument(
        "preset",
        nargs="?",
        type=preset_name,
        metavar="PRESET",
        help="a preset name, in any case; without one, list them",
    )
    rules_file_option(rules_parser)
    show_parser = commands.add_parser(
        "show",
        help="a saved deal, match or observation as a table (and an SVG picture)",
        description="Print the table of a deal, match or observation saved as JSON "
        "(briscola.dumps), and write its SVG picture.",
    )
    show_parser.add_argument("file", metavar="FILE.json", help="the saved JSON; - reads stdin")
    show_parser.add_argument(
        "--seat", type=int, default=None, help="show only what this seat may see"
    )
    show_parser.add_argument(
        "--svg", metavar="OUT.svg", default=None, help="write the picture here"
    )
    show_parser.add_argument(
        "--symbols", action="store_true", help="write cards with suit symbols (A♦, 3♥...)"
    )
    serve_parser = commands.add_parser(
        "serve",
        help="a table in the browser, for you, bots and friends (needs briscola[web])",
        description="Serve a web page where you open a table, choose who sits where "
        "(you, bots, or people you invite by a link) and play. Needs the web extra: "
        "pip install 'briscola[web]'.",
    )
    serve_parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only)",
    )
    serve_parser.add_argument(
        "--port", type=int, default=0, help="the port (default: a free one, printed)"
    )
    serve_parser.add_argument(
        "--db",
        metavar="FILE",
        default=None,
        help="the tables' SQLite file (default: briscola/tables.sqlite3 under "
        "$XDG_DATA_HOME or ~/.local/share)",
    )
    serve_parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer to this host name (the machine's name on your network)",
    )
    serve_parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="how long a bot waits before it moves (default 0.6)",
    )
    return parser


def _serve(args: argparse.Namespace) -> int:
    """``briscola serve``: runs the web extra's server, or says how to
    install it. (The command line imports the web extra only here.)"""
    try:
        from ..web import serve
    except ImportError as error:
        missing = (error.name or "a package").split(".")[0]
        print(
            f"briscola serve: error: the web table needs the web extra ({missing} "
            "is not installed): pip install 'briscola[web]'",
            file=sys.stderr,
        )
        return 1
    if not 0 <= args.port <= 65535:
        print(
            f"briscola serve: error: --port must be from 0 to 65535, not {args.port}",
            file=sys.stderr,
        )
        return 2
    if not 0 <= args.bot_delay <= 60:
        print("briscola serve: error: --bot-delay must be from 0 to 60 seconds", file=sys.stderr)
        return 2
    return serve(
        args.host, args.port, args.db, allow_hosts=args.allow_host, bot_delay=args.bot_delay
    )


def _chosen_rules(args: argparse.Namespace, given: list[str]) -> tuple[Rules, str]:
    """The rules of ``--rules FILE.json``, or of the preset, and a title."""
    if args.rules is None:
        return preset(args.preset), args.preset
    if any(arg == "--preset" or arg.startswith("--preset=") for arg in given):
        raise ValueError("--rules and --preset cannot be used together")
    return read_rules(args.rules), os.path.basename(args.rules)


def _run(argv: list[str]) -> int:
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv = ["demo", *argv]
    args = _parser().parse_args(argv)
    if args.command == "demo":
        demo(args.preset, args.seed, names=args.names, svg_dir=args.svg_dir)
        return 0
    if args.command == "show":
        return show(args.file, args.seat, args.svg, symbols=args.symbols)
    if args.command == "serve":
        return _serve(args)
    command = f"briscola {args.command}"
    if args.command == "rules":
        if args.rules is not None:
            if args.preset is not None:
                print(f"{command}: error: give a preset or --rules, not both", file=sys.stderr)
                return 2
            try:
                rules = read_rules(args.rules)
            except ValueError as error:
                print(f"{command}: error: {error}", file=sys.stderr)
                return 2
            print(describe_rules(rules, os.path.basename(args.rules)))
            return 0
        if args.preset is None:
            width = max(map(len, PRESETS))
            for name, rules in PRESETS.items():
                print(f"{name:<{width}}  {summary(rules)}")
            return 0
        print(describe_rules(preset(args.preset), args.preset))
        return 0
    if args.command == "simulate":
        specs = [spec.strip() for spec in args.bots.split(",")]
        try:
            if args.deals < 1:
                raise ValueError(f"--deals must be at least 1, not {args.deals}")
            if args.jobs < 1:
                raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
            if args.time_limit is not None and not 0 < args.time_limit < float("inf"):
                raise ValueError(
                    f"--time-limit must be a positive number of seconds, not {args.time_limit}"
                )
            try:
                check_seed(args.seed + args.deals - 1)
            except ValueError:
                raise ValueError(
                    f"--seed: the last deal's seed, seed + deals - 1, has more than "
                    f"{MAX_SEED_BITS} bits"
                ) from None
            rules, title = _chosen_rules(args, argv)
            for spec in specs:
                _bots.make_bot(spec)
            lineup(rules, specs)
        except ValueError as error:
            print(f"{command}: error: {error}", file=sys.stderr)
            return 2
        return simulate(
            rules,
            args.deals,
            specs,
            args.seed,
            rotate=args.rotate,
            duplicate=args.duplicate,
            jobs=args.jobs,
            title=title,
            progress=args.progress,
            time_limit=args.time_limit,
        )
    # play
    try:
        for name in args.bot.split(","):
            _bots.make_bot(name)
        saved = None if args.load is None else read_game(args.load)
        if saved is not None:
            given_preset = any(a == "--preset" or a.startswith("--preset=") for a in argv)
            if args.rules is not None or args.seed is not None or args.match or given_preset:
                raise ValueError(
                    "--load resumes a saved game: leave out --preset, --rules, --seed and --match"
                )
            rules, title = saved.rules, os.path.basename(args.load)
        else:
            rules, title = _chosen_rules(args, argv)
        if not 0 <= args.seat < rules.players:
            raise ValueError(
                f"--seat must be a seat from 0 to {rules.players - 1}, not {args.seat}"
            )
        seat_bots(rules, args.seat, args.bot)
    except ValueError as error:
        print(f"{command}: error: {error}", file=sys.stderr)
        return 2
    return play(
        rules,
        args.seat,
        args.seed,
        args.bot,
        match=args.match,
        names=args.names,
        svg_dir=args.svg_dir,
        auto=args.auto,
        save=args.save,
        resume=saved,
        resumed_from=None if args.load in (None, "-") else args.load,
        title=title,
    )


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
