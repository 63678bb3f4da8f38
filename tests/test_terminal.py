"""``briscola play`` as a player meets it: what may be typed, what is
shown (sides, partners, the contract), saving and resuming, custom rules
from a file."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from briscola import (
    Action,
    Bid,
    Call,
    Card,
    Cut,
    GameState,
    Knock,
    MatchState,
    Pass,
    Play,
    Rank,
    Say,
    Suit,
    SwapTrump,
    Word,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    observe,
    preset,
)
from briscola.cli import main, play
from briscola.cli._input import read_answer
from briscola.cli._narrate import Narrator, Seats, show
from briscola.cli._terminal import _bids_text
from briscola.cli._words import Names

ACE_COINS = Card(Suit.COINS, Rank.ACE)
ACE_CUPS = Card(Suit.CUPS, Rank.ACE)
SEVEN_COINS = Card(Suit.COINS, Rank.SEVEN)
KNIGHT_SWORDS = Card(Suit.SWORDS, Rank.KNIGHT)
THREE_CLUBS = Card(Suit.CLUBS, Rank.THREE)
HAND: list[Action] = [Play(ACE_COINS), Play(ACE_CUPS), Play(KNIGHT_SWORDS), Play(THREE_CLUBS)]


def answer(text: str, legal: list[Action], style: str = "en") -> Action | str:
    """The action ``text`` reads as, or the problem told."""
    read = read_answer(text, legal, legal, Names(style), style)
    return read.action if read.action is not None else read.problem


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    """Run the command line in process; returns status, stdout, stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# --- what may be typed ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "style", "card"),
    [
        ("ace of coins", "en", ACE_COINS),
        ("Ace of Coins", "en", ACE_COINS),
        ("play the ace of cups", "en", ACE_CUPS),
        ("asso di denari", "en", ACE_COINS),
        ("as od dinara", "en", ACE_COINS),
        ("as de oros", "en", ACE_COINS),
        ("ás de ouros", "en", ACE_COINS),
        ("as de ouros", "en", ACE_COINS),  # accents may be left out
        ("cavallo di spade", "it", KNIGHT_SWORDS),
        ("konj od špada", "hr", KNIGHT_SWORDS),
        ("konj spade", "hr", KNIGHT_SWORDS),
        ("dama de espadas", "pt", KNIGHT_SWORDS),
        ("queen of spades", "french", KNIGHT_SWORDS),
        ("ace of diamonds", "french", ACE_COINS),
        ("ace of hearts", "french", ACE_CUPS),
        ("ten of clubs", "french-ten-for-three", THREE_CLUBS),
        ("10c", "french-ten-for-three", THREE_CLUBS),
        ("3 clubs", "en", THREE_CLUBS),
        ("3b", "it", THREE_CLUBS),  # bastoni
        ("ad", "en", ACE_COINS),  # denari, diamonds: both coins
        ("A♦", "french", ACE_COINS),
        ("A ♥", "french", ACE_CUPS),
        ("Qs", "french", KNIGHT_SWORDS),
        ("knight", "en", KNIGHT_SWORDS),  # the only knight in the hand
        ("q", "en", KNIGHT_SWORDS),
        ("k", "en", "bad"),
        ("three", "en", THREE_CLUBS),
        ("spade", "it", KNIGHT_SWORDS),  # the only sword
        ("aceofcups", "en", "bad"),
    ],
)
def test_cards_by_name_and_short_form(text: str, style: str, card: Card | str) -> None:
    """A card may be typed by its name in any language of
    ``briscola.names`` or of a French-suited pack, by a short form (rank
    and suit letter or symbol), or by any part that names one card of the
    choices; ``10`` is the three only in the ten-for-three reading."""
    read = answer(text, HAND, style)
    if card == "bad":
        assert isinstance(read, str)  # a problem, told before asking again
    else:
        assert read == Play(card)  # type: ignore[arg-type]


def test_ambiguous_and_unplayable_cards_ask_again() -> None:
    """Input that fits several choices names them; a card that is not a
    choice says so; a number counts in the menu when no choice is a
    number."""
    assert answer("ace", HAND) == "which one: the ace of coins or the ace of cups?"
    assert answer("coins", HAND + [Play(SEVEN_COINS)]) == (
        "which one: the ace of coins or the seven of coins?"
    )
    assert answer("seven of coins", HAND) == "the seven of coins is not one of your choices."
    assert answer("2", HAND) == Play(ACE_CUPS)
    assert answer("5", HAND) == "there is no choice 5: the menu goes from 1 to 4."
    assert answer("", HAND) == "type your move, or q to quit."


def test_bids_are_typed_as_their_value() -> None:
    """The bug that started it: bastardo's menu numbered ``2. bid 61 …
    61. bid 120``, so typing 61 bid 120. A number in the auction is the
    bid's value, never a menu number; ``pass`` passes; a bid out of range
    says which bids are possible."""
    legal = legal_actions(new_game(preset("bastardo"), seed=1))
    assert answer("61", list(legal)) == Bid(61)
    assert answer("bid 75", list(legal)) == Bid(75)
    assert answer("120", list(legal)) == Bid(120)
    assert answer("pass", list(legal)) == Pass()
    assert answer("121", list(legal)) == "you can bid from 61 to 120 now, or pass."
    assert answer("1", list(legal)) == "you can bid from 61 to 120 now, or pass."


def test_chiamata_bids_name_a_rank() -> None:
    """In the chiamata auction a rank bids that rank at the lowest bid; a
    value above it bids points with the weakest rank; the lowest value
    alone asks for a rank."""
    legal = list(legal_actions(new_game(preset("chiamata"), seed=1)))
    assert answer("king", legal) == Bid(61, Rank.KING)
    assert answer("tre", legal) == Bid(61, Rank.THREE)
    assert answer("70", legal) == Bid(70, Rank.TWO)
    problem = answer("61", legal)
    assert isinstance(problem, str) and problem.startswith("at 61 you bid a rank: type ace,")


def test_cut_knock_and_exchange_are_words() -> None:
    """Split's choice is typed ``cut`` or ``knock`` (or its number); the
    exchange is ``exchange`` (with the trump given, when there are two)."""
    legal: list[Action] = [Cut(), Knock()]
    assert answer("knock", legal) == Knock()
    assert answer("cut", legal) == Cut()
    assert answer("2", legal) == Knock()
    swap = SwapTrump(SEVEN_COINS)
    legal = [*HAND, swap]
    assert answer("exchange", legal) == swap
    assert answer("swap seven of coins", legal) == swap
    assert answer("exchange", HAND) == "you cannot exchange a card for the trump card now."


def test_talk_that_cannot_be_taken_is_explained() -> None:
    """Split briškula: table talk, typed: an unknown word or sign lists
    the choices; talk in a game without it, or once the stock is empty,
    says when partners may talk; a second word says one was said."""

    def told(text: str, state: GameState, seen: bool = True) -> Action | str:
        legal = legal_actions(state)
        assert state.to_move is not None
        looked = observe(state, state.to_move) if seen else None
        read = read_answer(text, legal, legal, Names(), seen=looked)
        return read.action if read.action is not None else read.problem

    talking = apply(new_game(preset("split-4p"), seed=1), Cut())
    assert told("say punti", talking) == Say(Word.POINTS)
    assert told("say loudly", talking) == (
        "say one of the words karik, lišo, punti, briškulu, briškulicu."
    )
    assert str(told("sign waves", talking)).startswith("sign karik (an ace or a three")
    said = apply(talking, Say(Word.POINTS))
    for seen in (True, False):  # without the observation, from the legal actions
        assert (
            told("say lišo", said, seen) == "you have already said a word this turn: play a card."
        )
    cannot = "you cannot talk now: partners talk only in games with table talk"
    assert str(told("say karik", new_game(preset("italian-2p"), seed=1))).startswith(cannot)
    late = talking
    while late.stock:
        late = apply(late, next(a for a in legal_actions(late) if type(a) is Play))
    assert not late.is_over and str(told("sign ace", late)).startswith(cannot)


# --- what is shown ----------------------------------------------------------------


def test_auto_plays_the_only_move_unless_told_not_to(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One legal move plays itself, said so; ``--no-auto`` asks for it."""
    status, auto, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin="1\n" * 20)
    assert status == 0 and auto.count("(your only move)") == 1
    status, asked, _ = run(
        capsys, monkeypatch, "play", "--seed", "1", "--no-auto", stdin="1\n" * 20
    )
    assert status == 0 and "(your only move)" not in asked
    assert asked.count("Your move [a card or 1, q to quit]: ") == 1


def test_team_games_show_sides_partner_and_side_totals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Italian briscola, two to six players, "Number of players": seats 0 and 2
    play seats 1 and 3. The first line names the partner and the opponents; the
    points are totalled by side; the partner is called so."""
    _, out, _ = run(
        capsys, monkeypatch, "play", "--preset", "italian-4p", "--seed", "3", stdin="1\n" * 10
    )
    assert out.splitlines()[0] == (
        "italian-4p, one deal: you are seat 0, with seat 2 as your partner, against seats 1 "
        "and 3; the other seats are heuristic bots."
    )
    assert "Points: your side (you and seat 2) 0, their side (seats 1 and 3) 0." in out
    assert "Seat 2 (your partner) plays the " in out


def test_bastardo_shows_the_contract_and_the_call_menu(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Briscola bastardo: the winner of the auction calls a card; the menu says
    at what the auction was won and marks the player's own cards (calling one
    means playing alone); then the contract and how far the declarer's side is
    from it are shown before every move."""
    state = new_game(preset("bastardo"), seed=2)
    own = state.hands[0][0]
    script = f"120\n{own}\n" + "1\n" * 10
    _, out, _ = run(
        capsys, monkeypatch, "play", "--preset", "bastardo", "--seed", "2", stdin=script
    )
    assert "You won the auction at 120. Call a card: its holder is your partner" in out
    assert f"{own}*" in out and "(* a card of yours: calling it means playing alone)" in out
    assert f"You call the {own}" in out
    assert "It is your own card: you play alone against the other 4." in out
    assert f"Contract: 120 by you, calling the {own}; playing alone." in out
    assert "Declarer's side (you): 0 of 120, 120 to go." in out


def test_the_exchange_says_which_card_you_receive(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Romanian briscola, "The exchange" (the two of trumps for the face-up
    card in the first trick): the choice and the narration name the card
    received."""
    rules = preset("romanian-2p")
    seed = next(
        seed
        for seed in range(200)
        if any(isinstance(a, SwapTrump) for a in legal_actions(new_game(rules, seed=seed)))
    )
    state = new_game(rules, seed=seed)
    assert state.trump_card is not None
    two = Card(state.trump_card.suit, Rank.TWO)
    _, out, _ = run(
        capsys,
        monkeypatch,
        "play",
        "--preset",
        "romanian-2p",
        "--seed",
        str(seed),
        stdin="exchange\nq\n",
    )
    assert f"exchange the {two} for the face-up {state.trump_card}" in out
    assert f"You exchange the {two} for the trump card, the {state.trump_card}." in out


def test_a_search_bot_says_it_is_thinking(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Monte Carlo bot can take seconds: a line says it is thinking."""
    _, out, _ = run(capsys, monkeypatch, "play", "--seed", "1", "--bot", "mc:2", stdin="1\nq\n")
    assert "Seat 1 is thinking...\nSeat 1 plays the " in out
    _, quick, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin="1\nq\n")
    assert "thinking" not in quick


def test_numbers_are_digits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counts are written one way, in digits, small or large."""
    _, out, _ = run(capsys, monkeypatch, "play", "--seed", "1", stdin="q\n")
    assert "; stock: 33 cards and the trump card." in out
    for word in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"):
        assert f" {word} card" not in out and f" {word} point" not in out


# --- saving, resuming, custom rules -------------------------------------------------


def test_save_and_load_a_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``--save FILE`` writes the game left unfinished with ``dumps``;
    ``--load FILE`` plays on from it, to the end."""
    saved = tmp_path / "deal.json"
    status, out, _ = run(
        capsys, monkeypatch, "play", "--seed", "4", "--save", str(saved), stdin="1\nq\n"
    )
    assert status == 0
    assert f"Saved to {saved}: resume it with briscola play --load {saved}." in out
    state = loads(saved.read_text(encoding="utf-8"))
    assert isinstance(state, GameState) and not state.is_over
    assert state.pack == new_game(preset("italian-2p"), seed=4).pack
    assert len(state.history) >= 2
    status, out, _ = run(capsys, monkeypatch, "play", "--load", str(saved), stdin="1\n" * 20)
    assert status == 0
    assert out.startswith("deal.json, resuming one deal: you are seat 0, against heuristic bots.")
    assert "Game over.\n" in out


def test_save_on_end_of_input_and_load_a_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A match is saved as a match (also when the input ends) and resumed
    as one."""
    saved = tmp_path / "match.json"
    status, _, _ = run(
        capsys,
        monkeypatch,
        "play",
        "--preset",
        "split-2p",
        "--match",
        "--seed",
        "5",
        "--save",
        str(saved),
        stdin="1\n1\n",
    )
    assert status == 1
    match = loads(saved.read_bytes())
    assert isinstance(match, MatchState)
    status, out, _ = run(
        capsys, monkeypatch, "play", "--load", str(saved), "--bot", "random", stdin="1\n" * 400
    )
    assert status == 0 and "resuming a match" in out
    assert "Match (deals won): " in out


def test_load_refuses_what_is_not_a_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A missing file, rules, actions, a finished deal or ``--load`` with
    ``--seed`` are usage errors with a reason."""
    rules = tmp_path / "rules.json"
    rules.write_text(dumps(preset("italian-2p")), encoding="utf-8")
    status, _, err = run(capsys, monkeypatch, "play", "--load", str(rules))
    assert status == 2 and "holds rules, not a deal or a match" in err
    moves = tmp_path / "moves.json"
    moves.write_text(dumps((Pass(),)), encoding="utf-8")
    status, _, err = run(capsys, monkeypatch, "play", "--load", str(moves))
    assert status == 2 and "holds actions, not a deal or a match" in err
    status, _, err = run(capsys, monkeypatch, "play", "--load", str(tmp_path / "none.json"))
    assert status == 2 and "cannot read" in err
    state = new_game(preset("italian-2p"), seed=1)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    over = tmp_path / "over.json"
    over.write_text(dumps(state), encoding="utf-8")
    status, _, err = run(capsys, monkeypatch, "play", "--load", str(over))
    assert status == 2 and "already over" in err
    game = tmp_path / "game.json"
    game.write_text(dumps(new_game(preset("italian-2p"), seed=1)), encoding="utf-8")
    status, _, err = run(capsys, monkeypatch, "play", "--load", str(game), "--seed", "3")
    assert status == 2 and "--load resumes a saved game" in err


def test_custom_rules_from_a_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``--rules FILE.json`` (a rules document from ``dumps``) works for
    ``play``, ``simulate`` and ``rules``; a file of something else, or
    together with ``--preset``, is a usage error."""
    path = tmp_path / "mine.json"
    path.write_text(dumps(preset("italian-4p")), encoding="utf-8")
    status, out, _ = run(
        capsys, monkeypatch, "play", "--rules", str(path), "--seed", "3", stdin="q\n"
    )
    assert status == 0 and out.startswith("mine.json, one deal: you are seat 0, with seat 2")
    status, out, _ = run(capsys, monkeypatch, "simulate", "--rules", str(path), "--deals", "2")
    assert status == 0 and out.startswith("mine.json: 2 deals, seeds 1 to 2")
    status, out, _ = run(capsys, monkeypatch, "rules", "--rules", str(path))
    assert status == 0 and out.startswith("mine.json\n\nPlayers   Four players in two pairs")
    game = tmp_path / "game.json"
    game.write_text(dumps(new_game(preset("italian-2p"), seed=1)), encoding="utf-8")
    for command in ("play", "simulate", "rules"):
        status, _, err = run(capsys, monkeypatch, command, "--rules", str(game))
        assert status == 2 and "holds a deal, not rules" in err
    status, _, err = run(
        capsys, monkeypatch, "simulate", "--rules", str(path), "--preset", "italian-2p"
    )
    assert status == 2 and "--rules and --preset cannot be used together" in err


def test_play_takes_rules_objects() -> None:
    """``play`` takes rules as well as a preset name."""
    out = io.StringIO()
    status = play(preset("split-2p"), 0, 3, "random", stdin=io.StringIO("knock\nq\n"), out=out)
    assert status == 0
    assert out.getvalue().startswith("custom rules, one deal: you are seat 0")
    assert "You knock the pack." in out.getvalue()


def test_call_menu_lists_every_card() -> None:
    """Bastardo's call: any card of the pack (Briscola bastardo, "Choices the
    library makes"); typed by name."""
    rules = preset("bastardo")
    state = new_game(rules, seed=2)
    state = apply(state, Bid(120))
    while state.to_move != 0:
        state = apply(state, Pass())
    legal = list(legal_actions(state))
    assert len(legal) == 40 and all(isinstance(a, Call) for a in legal)
    assert answer("re di coppe", legal) == Call(Card(Suit.CUPS, Rank.KING))


def test_cards_typed_in_the_auction_are_not_moves() -> None:
    """While bidding, a card or two numbers are no move: the hint says
    what may be typed (a bid or pass, never a menu number)."""
    legal = list(legal_actions(new_game(preset("bastardo"), seed=1)))
    hint = "type a bid or pass, or q to quit."
    assert answer("ace of coins", legal) == f"'ace of coins' is not a move: {hint}"
    assert answer("bid 61 70", legal) == f"'bid 61 70' is not a move: {hint}"


def test_the_exchange_names_the_card_that_may_be_exchanged() -> None:
    """``exchange`` with a card that cannot be exchanged says which one
    can; ``exchange`` alone takes the only one; a card alone is a play."""
    legal: list[Action] = [SwapTrump(SEVEN_COINS), Play(SEVEN_COINS), Play(ACE_CUPS)]
    assert answer("exchange ace of cups", legal) == "you can only exchange the seven of coins."
    assert answer("exchange", legal) == SwapTrump(SEVEN_COINS)
    assert answer("ace of cups", legal) == Play(ACE_CUPS)
    assert answer("swap seven", legal) == SwapTrump(SEVEN_COINS)
    assert answer("exchange", [Play(ACE_CUPS)]) == (
        "you cannot exchange a card for the trump card now."
    )


@pytest.mark.parametrize(
    ("legal", "hint"),
    [
        ([Cut(), Knock()], "type cut, knock or a number from 1 to 2, or q to quit."),
        (
            [Play(ACE_CUPS), SwapTrump(SEVEN_COINS)],
            "type a card (such as 'ace of cups'), exchange or a number from 1 to 2, or q to quit.",
        ),
        ([Bid(61), Pass()], "type a bid or pass, or q to quit."),
    ],
)
def test_the_hint_lists_what_may_be_typed(legal: list[Action], hint: str) -> None:
    """Words that name no move get the hint for the moves at hand."""
    assert answer("xyzzy", legal) == f"'xyzzy' is not a move: {hint}"


def _bastardo_texts(seed: int) -> tuple[GameState, list[str]]:
    """A bastardo deal told to each of the five seats: the first bidder
    bids 61, the others pass, the declarer calls a card it does not hold,
    then everyone plays its first legal card; each seat's narration and
    what it is shown before each of its moves."""
    state = new_game(preset("bastardo"), seed=seed)
    outs = [io.StringIO() for _ in range(5)]
    narrators = [Narrator(s, state.rules, outs[s], Names()) for s in range(5)]
    seats = [Seats(state.rules, s) for s in range(5)]
    for narrator in narrators:
        narrator.start(state)
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        show(observe(state, mover), seats[mover], outs[mover], Names())
        legal = legal_actions(state)
        action: Action = legal[0]
        if any(isinstance(a, Bid) for a in legal):
            action = Bid(61) if state.contract is None or state.contract.bid is None else Pass()
        elif isinstance(legal[0], Call):
            action = next(a for a in legal if a.card not in state.hands[mover])  # type: ignore[union-attr]
        after = apply(state, action)
        for narrator in narrators:
            narrator.deal(state, mover, action, after)
        state = after
    return state, [out.getvalue() for out in outs]


def test_bastardo_tells_each_seat_what_it_may_know_of_the_contract() -> None:
    """The auction's highest bid, the secret partner (not known until the
    called card is played, then named to everyone), the declarer's points
    while the partner is secret, and the call told to the declarer, the
    partner and the others."""
    state, texts = _bastardo_texts(1)
    contract = state.contract
    assert contract is not None and contract.declarer == 0 and contract.partner == 1
    card = "the ace of coins"
    declarer, partner, other = texts[0], texts[1], texts[2]
    assert "Auction: highest bid 61 by seat 0." in partner
    assert f"You call {card}: coins are trump.\nIts holder is your secret partner" in declarer
    assert "You hold it: you are seat 0's secret partner." in partner
    # The others learn nothing from the call ...
    assert f"Seat 0 calls {card}: coins are trump.\nSeat 0 plays" in other
    assert f"Contract: 61 by seat 0, calling {card}; partner secret." in other
    assert "The declarer has taken 0 of 61; the partner is not known yet." in other
    # ... until the called card is played.
    assert "Seat 1 is the declarer's partner." in other
    assert f"Contract: 61 by seat 0, calling {card}; partner seat 1." in other
    assert "Seat 1 is the declarer's partner." in declarer
    assert "Seat 1 is the declarer's partner." not in partner
    assert "partner secret" not in partner


def test_chiamata_bids_in_words() -> None:
    """Chiamata's bids: a rank at the lowest bid, or more points with the
    weakest rank; when only ranks are left, only they are offered."""
    ranks = [Rank.ACE, Rank.THREE, Rank.TWO]
    assert _bids_text([Bid(61, r) for r in ranks] + [Bid(62, Rank.TWO)], True) == (
        "  Bid a rank at 61 (ace, three, two) or points 62 with the two, or pass."
    )
    assert _bids_text([Bid(120, r) for r in ranks], False) == (
        "  Bid a rank at 120 (ace, three, two)."
    )
    assert _bids_text([Bid(61), Bid(62), Bid(63)], True) == "  Bid points from 61 to 63, or pass."


def test_chiamata_played_at_the_terminal(tmp_path: Path) -> None:
    """The player bids the most, 120 with the two, wins the auction and is
    offered the four twos to call, its own marked as playing alone."""
    out = io.StringIO()
    status = play(
        "chiamata",
        0,
        0,
        "random",
        stdin=io.StringIO("120\n" + "1\n" * 10),
        out=out,
        err=io.StringIO(),
    )
    text = out.getvalue()
    assert status == 0
    assert "points from 62 to 120 with the two" in text
    assert "You won the auction with the two at 120. Call a card" in text
    assert "call the two of cups (yours: you play alone)" in text


def test_searching_bots_say_they_think_only_with_a_choice() -> None:
    """A Monte Carlo bot says it is thinking when it has a choice to make,
    not for a card it must play."""
    out = io.StringIO()
    script = "1\n" * 20
    status = play(
        "italian-2p", 0, 3, "montecarlo:2", stdin=io.StringIO(script), out=out, err=io.StringIO()
    )
    text = out.getvalue()
    assert status == 0
    # Twenty tricks; in the last the bot holds one card and says nothing.
    thinking = text.count("Seat 1 is thinking...")
    assert 0 < thinking < 20


def test_input_ending_in_a_resumed_game() -> None:
    """Input that ends mid-game: the exit status is 1 and stderr says why;
    stdout gives the seed to replay, except in a resumed game, which has
    none."""
    out, err = io.StringIO(), io.StringIO()
    assert play("italian-2p", 0, 5, "random", stdin=io.StringIO(""), out=out, err=err) == 1
    assert "Input ended: game left unfinished." in err.getvalue()
    assert "Replay it with --seed 5." in out.getvalue()
    resumed = new_game(preset("italian-2p"), seed=5)
    out = io.StringIO()
    status = play(
        preset("italian-2p"),
        0,
        None,
        "random",
        resume=resumed,
        stdin=io.StringIO(""),
        out=out,
        err=err,
    )
    assert status == 1
    assert "Replay it" not in out.getvalue()


def test_a_match_with_pictures(tmp_path: Path) -> None:
    """``--match`` with ``--svg-dir`` draws every trick of every deal."""
    out = io.StringIO()
    status = play(
        "italian-2p",
        0,
        2,
        "random",
        match=True,
        svg_dir=str(tmp_path),
        stdin=io.StringIO("1\n" * 20),
        out=out,
        err=io.StringIO(),
    )
    assert status == 0
    pictures = sorted(p.name for p in tmp_path.iterdir())
    assert pictures[0] == "deal-1-trick-01.svg" and len(pictures) == 20
    assert "Match (deals won)" in out.getvalue()


def test_save_replaces_the_file_and_never_follows_a_planted_link(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Security, "The command line": ``--save FILE`` writes a new
    temporary file of the folder, created exclusively, then puts it in
    FILE's place, so a link planted where a fixed temporary name would be
    (``FILE.partial``) is left alone, and nothing else is left behind."""
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n", encoding="utf-8")
    saved = tmp_path / "victim.json"
    (tmp_path / "victim.json.partial").symlink_to(precious)
    status, _, _ = run(
        capsys, monkeypatch, "play", "--seed", "4", "--save", str(saved), stdin="1\nq\n"
    )
    assert status == 0
    assert precious.read_text(encoding="utf-8") == "keep me\n"
    assert isinstance(loads(saved.read_text(encoding="utf-8")), GameState)
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "precious.txt",
        "victim.json",
        "victim.json.partial",
    ]


def test_play_gives_up_after_100_lines_in_a_row_that_are_not_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Security, "The command line": input that is not a move is asked
    again, but after 100 such lines in a row ``play`` stops as at the end of
    its input (status 1, the game saved with ``--save``) instead of reading
    a million of them; fewer in a row, then a move, play on."""
    from briscola.cli._terminal import MAX_REFUSED_LINES

    saved = tmp_path / "deal.json"
    garbage = "nonsense\n" * (MAX_REFUSED_LINES * 10_000)
    status, out, err = run(
        capsys, monkeypatch, "play", "--seed", "4", "--save", str(saved), stdin=garbage
    )
    assert status == 1
    assert err == f"{MAX_REFUSED_LINES} lines in a row were not moves: game left unfinished.\n"
    assert out.count("?") <= 2 * MAX_REFUSED_LINES + 10 and saved.exists()
    almost = ("nonsense\n" * (MAX_REFUSED_LINES - 1) + "1\n") * 20
    status, out, err = run(capsys, monkeypatch, "play", "--seed", "4", stdin=almost)
    assert status == 0 and "Game over." in out and err == ""


# --- lines that fit the terminal --------------------------------------------------


@pytest.mark.parametrize("columns", [50, 80])
def test_play_wraps_every_line_to_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    """The command line guide (play): every line fits the terminal's width
    (``COLUMNS``), the long ones broken at their spaces and nothing lost;
    what follows a prompt counts from the prompt's end."""
    monkeypatch.setenv("COLUMNS", str(columns))
    argv = ["play", "--preset", "split-4p", "--seed", "3"]
    status, out, _ = run(capsys, monkeypatch, *argv, stdin="1\nq\n")
    assert status == 0
    assert max(map(len, out.splitlines())) <= columns
    monkeypatch.setenv("COLUMNS", "1000")
    _, wide, _ = run(capsys, monkeypatch, *argv, stdin="1\nq\n")
    assert max(map(len, wide.splitlines())) > 130
    assert out.split() == wide.split()


class EchoingInput(io.StringIO):
    """Typed answers from a terminal, which echoes each with its end of
    line (the echo itself is not captured here)."""

    def isatty(self) -> bool:
        """A terminal."""
        return True


@pytest.mark.parametrize("echoed", [False, True])
def test_after_an_answer_the_terminal_echoed_a_line_starts_afresh(
    monkeypatch: pytest.MonkeyPatch, echoed: bool
) -> None:
    """The command line guide (play): where the terminal echoes the answer
    and its end of line, the reply is wrapped from the start of a line of
    its own; where the answers come from a file, from the prompt's end."""
    stdin = (EchoingInput if echoed else io.StringIO)("x\nq\n")
    out = io.StringIO()
    assert play("italian-2p", 0, 7, "heuristic", stdin=stdin, out=out, width=60) == 0
    prompt = "Your move [a card or 1-3, q to quit]: "
    line = next(line for line in out.getvalue().splitlines() if "'x' is not" in line)
    assert line.startswith(prompt + "'x' is not a move")
    reply = line[len(prompt) :]
    if echoed:
        assert 60 - len(prompt) < len(reply) <= 60
    else:
        assert len(line) <= 60


# --- bastardo at the table --------------------------------------------------------


def test_bastardo_says_you_to_the_declarer_sorts_the_hand_and_has_no_stock(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line guide (play, bastardo): the declarer is told "you
    have taken"; the eight cards dealt whole are listed by suit, trumps
    first, each suit from its strongest card, and numbered in that order;
    a game without a stock tells no stock."""
    argv = ["play", "--preset", "bastardo", "--seed", "5"]
    status, out, _ = run(capsys, monkeypatch, *argv, stdin="63\nthree of coins\nq\n")
    assert status == 0
    assert "Contract: 63 by you, calling the three of coins; partner secret." in out
    assert "You have taken 0 of 63; your partner is not known yet." in out
    assert "declarer has taken" not in out and "stock" not in out
    assert "Trump: coins.\n" in out
    rules = preset("bastardo")
    held = new_game(rules, seed=5).hands[0]

    def by_suit(trump: Suit | None) -> list[str]:
        return [
            str(card)
            for card in sorted(
                held,
                key=lambda c: (c.suit is not trump, c.suit.value, rules.strength.index(c.rank)),
            )
        ]

    hands = [
        line[len("Your hand: ") : -1].split(", ")
        for line in out.splitlines()
        if line.startswith("Your hand: ")
    ]
    assert hands[0] == by_suit(None)  # in the auction
    assert hands[-1] == by_suit(Suit.COINS) != [str(card) for card in held]
    assert (
        f"  1. play the {by_suit(Suit.COINS)[0]}\n  2. play the {by_suit(Suit.COINS)[1]}\n" in out
    )
