"""Bots that talk by a convention: the signs and words of the heuristic
and strong bots in games with table talk (see "Split briškula: table
talk" and the Bots guide)."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Sequence

import attrs
import pytest

from briscola import (
    Action,
    Card,
    Cut,
    GameState,
    Observation,
    Phase,
    Play,
    Rank,
    Say,
    Sign,
    Signal,
    Word,
    apply,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
    sample_state,
)
from briscola.bots import (
    CONVENTIONS,
    Bot,
    Convention,
    HeuristicBot,
    Need,
    RandomBot,
    StrongBot,
    play_deal,
)
from briscola.bots._convention import Readings, claimed_cards, partner_word, signal_to_give
from briscola.cli import main
from briscola.cli._input import read_answer
from briscola.cli._words import Names

TALKING = ("split-4p", "split-dupla-4p")


def _talk_free(state: GameState) -> GameState:
    """The deal replayed from its pack without its words and signs."""
    plain = new_game(state.rules, deck=state.setup.pack, dealer=state.dealer)
    for action in state.history:
        if type(action) not in (Say, Sign):
            plain = apply(plain, action)
    return plain


@pytest.mark.parametrize("name", TALKING)
def test_talk_changes_no_card_turn_or_score(name: str) -> None:
    """Split briškula: table talk never changes a card, the turn or a
    score: a deal the bots talked through, replayed without its talk,
    ends with the same piles and the same outcome."""
    rules = preset(name)
    talked = 0
    for seed in range(6):
        state = play_deal(rules, [HeuristicBot()] * 4, seed=seed)
        talked += sum(type(a) in (Say, Sign) for a in state.history)
        plain = _talk_free(state)
        assert plain.is_over
        assert plain.piles == state.piles
        assert plain.tricks_won == state.tricks_won
        assert outcome(plain) == outcome(state)
    assert talked > 0


class _Recorder:
    """Wraps a bot and keeps every state it was asked to act in."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.asked: list[tuple[Observation, tuple[Action, ...]]] = []

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.asked.append((observation, tuple(legal)))
        return self.bot.choose(observation, legal, rng)


@pytest.mark.parametrize("make", [HeuristicBot, lambda: StrongBot(budget=300)])
def test_decisions_depend_only_on_the_observation(make: object) -> None:
    """Split briškula: table talk: a talking bot decides from what its seat
    sees: in any deal that shows the seat the same thing (the hidden cards
    dealt otherwise), it takes the same action."""
    assert callable(make)
    rules = preset("split-4p")
    recorder = _Recorder(make())
    play_deal(rules, [recorder, HeuristicBot(), HeuristicBot(), HeuristicBot()], seed=3)
    checked = 0
    for at, (seen, legal) in enumerate(recorder.asked):
        if len(legal) == 1 or at % 2:
            continue
        other = sample_state(seen, random.Random(at))
        assert observe(other, seen.seat) == seen
        first = make().choose(seen, legal, random.Random(at))
        again = make().choose(observe(other, seen.seat), legal_actions(other), random.Random(at))
        assert first == again
        checked += 1
    assert checked > 3


def _claim_holds(signal: Signal, hand: Sequence[Card], trump: object) -> bool:
    tops = (Rank.ACE, Rank.THREE)
    figures = (Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK)
    if signal is Signal.ACE_OR_THREE:
        return any(card.rank in tops for card in hand)
    if signal is Signal.SMALL_TRUMP:
        return any(card.suit is trump and card.rank not in figures for card in hand)
    rank = Rank[signal.name.removesuffix("_OF_TRUMPS")]
    return any(card.suit is trump and card.rank is rank for card in hand)


@pytest.mark.parametrize("name", TALKING)
def test_an_honest_sign_is_true_when_made(name: str) -> None:
    """Split briškula: table talk: under the honest convention, what a sign
    claims is in the signer's hand when it signs."""
    rules = preset(name)
    signs = 0

    def check(before: GameState, seat: int, action: Action, after: GameState) -> None:
        nonlocal signs
        if type(action) is Sign:
            signs += 1
            assert _claim_holds(action.signal, before.hands[seat], before.trump), action

    for seed in range(8):
        play_deal(rules, [HeuristicBot()] * 4, seed=seed, on_action=check)
    assert signs > 10


def test_a_bot_reads_its_partners_sign() -> None:
    """Split briškula: table talk: the card a partner's sign names is taken
    to lie in the partner's hand; a sign naming a card the seat holds
    itself is dropped."""
    state = apply(new_game(preset("split-4p"), seed=4), Cut())
    knight = Card(state.trump, Rank.KNIGHT)  # type: ignore[arg-type]
    assert knight in state.hands[0]
    honest = apply(state, Sign(Signal.KNIGHT_OF_TRUMPS))
    assert claimed_cards(observe(honest, 2)) == {knight}
    # Seat 2 claims the knight that seat 0 holds: seat 0 drops the claim.
    seat2 = apply(state, Play(state.hands[0][2]))
    seat2 = apply(seat2, legal_actions(seat2)[0])
    lying = apply(seat2, Sign(Signal.KNIGHT_OF_TRUMPS))
    assert lying.to_move == 2
    seen = observe(lying, 0)
    assert seen.signs == ((2, Signal.KNIGHT_OF_TRUMPS),)
    assert knight in seen.hand
    assert claimed_cards(seen) == frozenset()


def _next_turn_of(state: GameState, seat: int, keep: Card) -> GameState:
    """``state`` played on to ``seat``'s next turn: the seat to move plays
    its first card but ``keep``, every other seat its first legal card."""
    state = apply(state, Play(next(c for c in state.hands[state.to_move] if c != keep)))  # type: ignore[index]
    while state.to_move != seat:
        state = apply(state, next(a for a in legal_actions(state) if type(a) is Play))
    return state


def test_talk_against_the_convention_is_doubted() -> None:
    """Split briškula: table talk: a partner whose talk strays from the
    convention the seat reads it by (a sign made again while it stands, a
    word the convention never says) is not believed for the rest of the
    deal; the same talk by a convention that gives it is believed."""
    state = apply(new_game(preset("split-4p"), seed=4), Cut())
    knight = Card(state.trump, Rank.KNIGHT)  # type: ignore[arg-type]
    signed = apply(state, Sign(Signal.KNIGHT_OF_TRUMPS))
    assert claimed_cards(observe(signed, 2)) == {knight}
    # The knight is still held and signed: signing it again strays.
    later = _next_turn_of(signed, 0, knight)
    assert knight in later.hands[0]
    assert claimed_cards(observe(later, 2)) == {knight}
    again = apply(later, Sign(Signal.KNIGHT_OF_TRUMPS))
    assert claimed_cards(observe(again, 2)) == frozenset()
    # A word the honest convention never says: its signs are doubted too,
    # unless the seat reads by a convention that gives that word.
    stray = apply(signed, Say(Word.TRUMP))
    assert claimed_cards(observe(stray, 2)) == frozenset()
    trusting = Convention(
        "trump-word", signals=CONVENTIONS["honest"].signals, words=((Need.SPARE, Word.TRUMP),)
    )
    assert claimed_cards(observe(stray, 2), trusting) == {knight}
    played = apply(stray, Play(next(c for c in stray.hands[0] if c != knight)))
    played = apply(played, next(a for a in legal_actions(played) if type(a) is Play))
    assert played.to_move == 2
    assert partner_word(observe(played, 2)) is None
    assert partner_word(observe(played, 2), trusting) is Word.TRUMP


@pytest.mark.parametrize("name", TALKING)
def test_a_kept_reading_is_the_one_read_afresh(name: str) -> None:
    """Split briškula: table talk: what a bot keeps of the talk between its
    decisions (its readings) gives, at every decision of every seat, the
    claims, the partner's word and the sign that reading the whole history
    afresh gives, with partners that lie or talk by another convention."""
    rules = preset(name)
    caches: list[Readings] = [{} for _ in range(4)]
    checked = 0

    def check(before: GameState, seat: int, action: Action, after: GameState) -> None:
        nonlocal checked
        seen = observe(before, seat)
        if seen.trump is None or before.phase is not Phase.PLAYING:
            return
        for convention in (CONVENTIONS["honest"], CONVENTIONS["signs"]):
            kept = caches[seat]
            assert claimed_cards(seen, convention, kept) == claimed_cards(seen, convention)
            assert partner_word(seen, convention, kept) == partner_word(seen, convention)
            rng = random.Random(0)
            assert signal_to_give(convention, seen, rng, None, kept) == signal_to_give(
                convention, seen, random.Random(0)
            )
            checked += 1

    liar = HeuristicBot(CONVENTIONS["liar"])
    lineups: list[list[Bot]] = [
        [HeuristicBot()] * 4,
        [HeuristicBot(), liar, liar, HeuristicBot(CONVENTIONS["words"])],
        [liar, HeuristicBot(), RandomBot(), HeuristicBot()],
    ]
    for seed in range(12):
        play_deal(rules, lineups[seed % 3], seed=seed, on_action=check)
    assert checked > 1000


def _steps(rules_name: str, seed: int) -> tuple[GameState, list[random.Random]]:
    return new_game(preset(rules_name), seed=seed), [random.Random(seed * 4 + s) for s in range(4)]


def test_one_bot_plays_deals_in_turn_as_apart() -> None:
    """Split briškula: table talk: one bot object at every seat of two deals
    played a move at a time in turn, as a server might, makes the moves
    four bots give each deal played alone."""
    alone = []
    for seed in (3, 4):
        state, rngs = _steps("split-4p", seed)
        bots = [HeuristicBot() for _ in range(4)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = bots[seat].choose(observe(state, seat), legal_actions(state), rngs[seat])
            state = apply(state, action)
        alone.append(state.history)
    shared = HeuristicBot()
    deals = [_steps("split-4p", seed) for seed in (3, 4)]
    while not all(state.is_over for state, _ in deals):
        for k, (state, rngs) in enumerate(deals):
            if state.is_over:
                continue
            seat = state.to_move
            assert seat is not None
            action = shared.choose(observe(state, seat), legal_actions(state), rngs[seat])
            deals[k] = (apply(state, action), rngs)
    assert [state.history for state, _ in deals] == alone
    assert any(type(a) is Sign for a in alone[0])


@pytest.mark.parametrize("name", TALKING)
def test_a_lying_partner_never_makes_a_bot_fail(name: str) -> None:
    """Split briškula: table talk: signs may lie: a bot whose partner
    signs and speaks at random (or talks by another convention) still
    plays every deal to its end with legal actions."""
    rules = preset(name)
    liar = HeuristicBot(CONVENTIONS["liar"])
    tables: list[list[Bot]] = [
        [HeuristicBot(), HeuristicBot(), liar, HeuristicBot(CONVENTIONS["words"])],
        [StrongBot(budget=200), RandomBot(), liar, RandomBot()],
        [RandomBot(), StrongBot(budget=200), HeuristicBot(), liar],
    ]
    for seed, bots in enumerate(tables):
        state = play_deal(rules, bots, seed=seed)
        assert state.is_over
        assert sum(outcome(state).points) == rules.total_points  # type: ignore[union-attr]


def test_punti_on_a_sure_card_loads_points() -> None:
    """Split briškula: table talk: a seat says "punti" only when the card it
    plays will take the trick whatever comes, and its partner, hearing
    it, puts on the trick no fewer points than it would have unasked."""
    rules = preset("split-4p")
    heard = 0

    def check(before: GameState, seat: int, action: Action, after: GameState) -> None:
        nonlocal heard
        if type(action) is not Play or not before.trick:
            return
        seen = observe(before, seat)
        if partner_word(seen) is not Word.POINTS:
            return
        heard += 1
        silent = HeuristicBot(CONVENTIONS["silent"])
        quiet = silent.choose(seen, legal_actions(before), random.Random(0))
        assert isinstance(quiet, Play)
        points = dict(rules.card_points)
        assert points.get(action.card.rank, 0) >= points.get(quiet.card.rank, 0)

    for seed in range(30):
        play_deal(rules, [HeuristicBot()] * 4, seed=seed, on_action=check)
    assert heard > 0


def test_silent_convention_plays_as_without_talk() -> None:
    """Split briškula: table talk: a bot by the silent convention never
    talks."""
    state = play_deal(preset("split-4p"), [HeuristicBot(CONVENTIONS["silent"])] * 4, seed=1)
    assert not any(type(a) in (Say, Sign) for a in state.history)


def test_conventions_are_checked() -> None:
    """Bots guide: a convention names each sign once and gives each need
    one word; a bot takes only a convention."""
    with pytest.raises(ValueError, match="twice"):
        Convention("x", signals=(Signal.SMALL_TRUMP, Signal.SMALL_TRUMP), words=())
    with pytest.raises(ValueError, match="two words"):
        Convention("x", signals=(), words=((Need.LOAD, Word.POINTS), (Need.LOAD, Word.TRUMP)))
    with pytest.raises(TypeError):
        Convention("x", signals=["small"], words=())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        HeuristicBot(convention="honest")  # type: ignore[arg-type]
    mine = attrs.evolve(CONVENTIONS["honest"], name="mine", words=((Need.SPARE, Word.NO_POINTS),))
    assert mine.word_for(Need.SPARE) is Word.NO_POINTS
    assert "mine" in repr(HeuristicBot(convention=mine))
    assert repr(HeuristicBot()) == "HeuristicBot()"


def test_a_second_word_is_refused_as_the_engine_says() -> None:
    """Split briškula: table talk: after a word and a sign, another word is
    refused because a word was already said this turn (the command line
    says so, as the engine does)."""
    state = apply(new_game(preset("split-4p"), seed=1), Cut())
    state = apply(apply(state, Say(Word.POINTS)), Sign(Signal.ACE_OF_TRUMPS))
    legal = legal_actions(state)
    seen = observe(state, 0)
    answer = read_answer("say karik", legal, legal, Names(), seen=seen)
    assert answer.action is None
    assert answer.problem is not None
    assert "already said a word this turn" in answer.problem
    sign = read_answer("sign ace", legal, legal, Names(), seen=seen)
    assert sign.problem is not None and "already made a sign this turn" in sign.problem


def test_the_players_bot_partner_talks_at_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Split briškula: table talk: in ``briscola play`` the bot partner's
    signs are shown to the player, and no opponent's sign is."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 40))
    main(["play", "--preset", "split-4p", "--seed", "4", "--bot", "heuristic"])
    out = capsys.readouterr().out
    assert "Seat 2 (your partner) signs to you:" in out
    assert "Your partner has signed to you:" in out
    assert "Seat 1 signs" not in out and "Seat 3 signs" not in out


@pytest.mark.parametrize("name", TALKING)
def test_a_lying_strong_bot_talks_at_random_before_it_plays(name: str) -> None:
    """Bots, "Table talk": by the ``liar`` convention the strong bot, like
    the heuristic one, makes a random sign or word whenever talk is open,
    before its card, and still plays every deal to its end."""
    rules = preset(name)
    liar = StrongBot(budget=200, convention=CONVENTIONS["liar"])
    talked = 0

    def check(before: GameState, seat: int, action: Action, after: GameState) -> None:
        nonlocal talked
        if seat in (0, 2) and type(action) is Play:
            open_talk = [a for a in legal_actions(before) if type(a) in (Say, Sign)]
            assert not open_talk, f"played {action} with talk open: {open_talk}"
        talked += seat in (0, 2) and type(action) in (Say, Sign)

    for seed in range(2):
        state = play_deal(rules, [liar, RandomBot(), liar, RandomBot()], seed=seed, on_action=check)
        assert state.is_over
    assert talked > 0


def test_a_strong_bot_shows_its_named_convention() -> None:
    """Bots, "Table talk": a strong bot talking by one of
    :data:`~briscola.bots.CONVENTIONS` other than the default names it in
    its ``repr``, which builds the same bot again; the default is not
    shown."""
    for name in ("silent", "liar"):
        bot = StrongBot(budget=300, convention=CONVENTIONS[name])
        assert f"convention=CONVENTIONS[{name!r}]" in repr(bot)
        again = eval(repr(bot), {"StrongBot": StrongBot, "CONVENTIONS": CONVENTIONS})
        assert again.convention is bot.convention and repr(again) == repr(bot)
    assert "convention" not in repr(StrongBot())
