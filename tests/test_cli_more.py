"""The command line's less-used texts (issue 17: the branches of
``briscola/cli`` that no test took): what a player may type in the
auction and at the exchange, what each seat is told about bastardo's
contract and its secret partner, chiamata's bids and calls, and how
``play`` ends."""

from __future__ import annotations

import io
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
    Pass,
    Play,
    Rank,
    Suit,
    SwapTrump,
    apply,
    legal_actions,
    new_game,
    observe,
    preset,
)
from briscola.cli import play
from briscola.cli._input import read_answer
from briscola.cli._narrate import Narrator, Seats, show
from briscola.cli._terminal import _bids_text
from briscola.cli._words import Names

SEVEN_COINS = Card(Suit.COINS, Rank.SEVEN)
ACE_CUPS = Card(Suit.CUPS, Rank.ACE)
KING_SWORDS = Card(Suit.SWORDS, Rank.KING)


def answer(text: str, legal: list[Action]) -> Action | str:
    """The action ``text`` reads as, or the problem told."""
    read = read_answer(text, legal, legal, Names("en"), "en")
    return read.action if read.action is not None else read.problem


# -- what may be typed ---------------------------------------------------------------


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


# -- bastardo's contract as each seat sees it ----------------------------------------


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


# -- how play runs and ends ------------------------------------------------------------


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
