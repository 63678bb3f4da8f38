"""Table talk in the Split pairs game (Split briškula and dupla, "Table talk"):
partners' spoken words (public) and secret signs, the *moti* (partner only),
while the stock lasts."""

from __future__ import annotations

import io
import json
import random
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from briscola import (
    PRESETS,
    Cut,
    GameState,
    IllegalActionError,
    Knock,
    Phase,
    Play,
    Rules,
    Say,
    Sign,
    Signal,
    Word,
    _heard,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    new_match,
    observe,
    outcome,
    preset,
    sample_state,
)
from briscola.bots import CONVENTIONS, HeuristicBot, MonteCarloBot, RandomBot, StrongBot, play_deal
from briscola.cli import describe_rules, main
from briscola.encoding import Encoding

from .strategies import playouts, reachable_states

TALK = (Say, Sign)
TALKING = [name for name, rules in PRESETS.items() if rules.table_talk]


def talking_rules() -> st.SearchStrategy[Rules]:
    """The presets with talk, and pairs games with talk switched on."""
    extra = [
        attrs.evolve(preset("italian-4p"), table_talk=True),
        attrs.evolve(preset("italian-6p-pairs"), table_talk=True),
        attrs.evolve(preset("spanish-4p"), table_talk=True),
        attrs.evolve(preset("finnish-4p"), table_talk=True),
    ]
    return st.sampled_from([PRESETS[name] for name in TALKING] + extra)


def partner(rules: Rules, seat: int) -> int:
    side = next(side for side in rules.sides if seat in side)
    return next(other for other in side if other != seat)


def after_cut(name: str = "split-4p", seed: int = 1) -> GameState:
    return apply(new_game(preset(name), seed=seed), Cut())


def talk_of(state: GameState) -> list[Say | Sign]:
    return [action for action in legal_actions(state) if isinstance(action, TALK)]


def may_talk(state: GameState) -> bool:
    return bool(state.stock) or state.trump_card is not None


# -- the option ------------------------------------------------------------------


def test_talk_is_on_in_the_split_pairs_presets_only() -> None:
    """Split briškula and dupla, "Table talk": `split-4p` and `split-dupla-4p`
    have table talk, no other preset does."""
    assert sorted(TALKING) == ["split-4p", "split-dupla-4p"]


@pytest.mark.parametrize(
    "name", ["italian-2p", "italian-3p", "italian-5p", "italian-6p", "split-5p", "bastardo"]
)
def test_talk_needs_pairs(name: str) -> None:
    """Split briškula and dupla, "What the source prescribes" (partners): the
    partners of a pair talk: rules whose sides are not all pairs of two seats
    refuse the option."""
    with pytest.raises(ValueError, match="table_talk needs every side to be a pair"):
        attrs.evolve(preset(name), table_talk=True)


def test_talk_option_is_a_bool_and_pairs_of_six_may_talk() -> None:
    """The three pairs of six players (the Swedish table's teams) are pairs
    too."""
    assert attrs.evolve(preset("italian-6p-pairs"), table_talk=True).table_talk
    with pytest.raises(ValueError, match="must be a bool"):
        attrs.evolve(preset("italian-4p"), table_talk=1)  # type: ignore[arg-type]


def test_rules_text_and_documents_include_talk() -> None:
    """``describe_rules`` says how partners talk; rules documents keep the
    option, and old documents without it load with talk off."""
    text = describe_rules(preset("split-4p"))
    assert "Talk" in text and "karik" in text and "secret sign" in text
    assert "Talk" not in describe_rules(preset("split-2p"))
    rules = preset("split-4p")
    assert loads(dumps(rules)) == rules
    document = json.loads(dumps(preset("italian-4p")))
    del document["rules"]["table_talk"]
    assert loads(json.dumps(document)) == preset("italian-4p")


# -- legality --------------------------------------------------------------------


def test_legal_actions_list_plays_then_words_then_signs() -> None:
    """The documented order: the cards in hand, then every word, then
    every sign, in their enums' order; so ``legal_actions(s)[0]`` plays."""
    state = after_cut()
    legal = legal_actions(state)
    hand = state.hands[state.to_move]  # type: ignore[index]
    assert legal == (
        *(Play(card) for card in hand),
        *(Say(word) for word in Word),
        *(Sign(signal) for signal in Signal),
    )


def test_one_word_and_one_sign_per_turn() -> None:
    """At most one word and one sign before the seat plays; talk does not
    pass the turn; after the card, the next seat may talk."""
    state = apply(after_cut(), Say(Word.POINTS))
    assert state.to_move == 0
    assert not any(isinstance(a, Say) for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="already said a word this turn"):
        apply(state, Say(Word.TRUMP))
    state = apply(state, Sign(Signal.SMALL_TRUMP))
    assert state.to_move == 0 and talk_of(state) == []
    with pytest.raises(IllegalActionError, match="already made a sign this turn"):
        apply(state, Sign(Signal.ACE_OF_TRUMPS))
    state = apply(state, legal_actions(state)[0])
    assert state.to_move == 1 and len(talk_of(state)) == len(Word) + len(Signal)


def test_forged_talk_is_refused_as_a_forged_play_is() -> None:
    """Split briškula and dupla, "Table talk": a word or a sign is one of the :class:`Word` or
    :class:`Signal` members; a ``Say`` or ``Sign`` built without its
    constructor (``object.__new__``, a pickle) holding anything else, or
    nothing, is refused as a forged ``Play`` is, in any phase, and the
    state stays one that ``dumps`` writes."""
    state = after_cut()
    for kind, field, good in ((Say, "word", Word.POINTS), (Sign, "signal", Signal.SMALL_TRUMP)):
        for payload in ("ace of trumps", 3, None, Signal.SMALL_TRUMP, Word.POINTS, "missing"):
            if payload is good:
                continue
            forged: Any = object.__new__(kind)
            if payload != "missing":
                object.__setattr__(forged, field, payload)
            for now in (state, new_game(preset("split-4p"), seed=1), new_match(preset("split-4p"))):
                with pytest.raises(IllegalActionError, match=f"a {kind.__name__} holds a"):
                    apply(now, forged)
        genuine: Any = object.__new__(kind)
        object.__setattr__(genuine, field, good)
        assert loads(dumps(apply(state, genuine))) == apply(state, kind(good))  # type: ignore[arg-type]
    forged_play = object.__new__(Play)
    object.__setattr__(forged_play, "card", "ace of trumps")
    with pytest.raises(IllegalActionError, match="does not hold a card"):
        apply(state, forged_play)


def test_talk_is_refused_without_the_option_or_outside_trick_play() -> None:
    """Talk is an option of the rules, during trick play only."""
    plain = new_game(preset("italian-4p"), seed=1)
    with pytest.raises(IllegalActionError, match="no table talk"):
        apply(plain, Say(Word.POINTS))
    before = new_game(preset("split-4p"), seed=1)
    with pytest.raises(IllegalActionError, match="cut or knocked"):
        apply(before, Sign(Signal.ACE_OR_THREE))


def test_signs_may_lie() -> None:
    """Split briškula and dupla, "Table talk": the Croatian source says
    "davanje signala može biti i lažno" (a sign may be false): nothing checks a
    sign against the hand."""
    state = after_cut()
    seat: int = state.to_move  # type: ignore[assignment]
    trumps = [card for card in state.hands[seat] if card.suit is state.trump]
    assert not trumps  # seat 0 holds no trump in this deal
    after = apply(state, Sign(Signal.ACE_OF_TRUMPS))
    assert observe(after, partner(after.rules, seat)).signs == ((seat, Signal.ACE_OF_TRUMPS),)


def test_silence_once_the_last_cards_are_drawn() -> None:
    """Split briškula and dupla, "Table talk": the Croatian source says "Kada
    igrači peškaju zadnje karte s maca, daljnja komunikacija mora prestati.
    Međutim tada drug drugu pruža svoje karte" (when the last cards are drawn,
    talk must stop; partners then show each other their cards): the trick that
    draws the trump card ends the talk and shows the partners' hands."""
    state = after_cut("split-4p", seed=4)
    while state.trump_card is not None:
        assert talk_of(state)
        state = apply(state, legal_actions(state)[0])
    assert state.trump_drawn is not None and not state.stock
    while not state.is_over:
        assert talk_of(state) == []
        with pytest.raises(IllegalActionError, match="played in silence"):
            apply(state, Say(Word.ACE_OR_THREE))
        seat: int = state.to_move  # type: ignore[assignment]
        mate = partner(state.rules, seat)
        assert observe(state, seat).known_hands[mate] == tuple(
            sorted(state.hands[mate], key=lambda card: card.index)
        )
        state = apply(state, legal_actions(state)[0])


def test_words_of_the_seed_are_heard_by_everyone() -> None:
    """Split briškula and dupla, "Table talk": the short instructions of the
    Croatian source, "karik", "lišo", "punti", "briškulu", "briškulicu",
    "malu", tell the partner which card to throw; every seat hears them."""
    assert [word.croatian for word in Word] == ["karik", "lišo", "punti", "briškulu", "briškulicu"]
    state = apply(after_cut(), Say(Word.ACE_OR_THREE))
    for seat in range(4):
        assert observe(state, seat).words == ((0, Word.ACE_OR_THREE),)
    assert str(Say(Word.NO_POINTS)) == 'say "lišo"'


def test_signs_of_the_seed() -> None:
    """Split briškula and dupla, "Table talk": the Croatian source lists the
    usual moti: a karik, the ace, three, king, knight and jack of trumps, and a
    small trump."""
    assert [str(signal) for signal in Signal] == [
        "an ace or a three",
        "the ace of trumps",
        "the three of trumps",
        "the king of trumps",
        "the knight of trumps",
        "the jack of trumps",
        "a small trump",
    ]


# -- properties --------------------------------------------------------------------


def talking_states() -> st.SearchStrategy[GameState]:
    return reachable_states(talking_rules()).filter(
        lambda s: s.phase is Phase.PLAYING and may_talk(s)
    )


@given(state=talking_states(), data=st.data())
def test_talk_changes_no_card_turn_or_score(state: GameState, data: st.DataObject) -> None:
    """Split briškula and dupla, "Table talk": words and signs never change
    cards, turn or score: the state after talk is the state before with one
    more action in its history."""
    options = talk_of(state)
    if not options:
        return
    action = data.draw(st.sampled_from(options))
    after = apply(state, action)
    assert after.history == state.history + (action,)
    assert after.actors == state.actors + (state.to_move,)
    for field in attrs.fields(GameState):
        # The internal talk record is derived from the history (see
        # test_the_talk_record_kept_is_the_one_rebuilt).
        if field.name not in ("history", "actors", "_talk"):
            assert getattr(after, field.name) == getattr(state, field.name), field.name
    assert outcome(after) == outcome(state)
    # The plays are the same before and after.
    plays = [a for a in legal_actions(state) if not isinstance(a, TALK)]
    assert [a for a in legal_actions(after) if not isinstance(a, TALK)] == plays


@given(state=talking_states(), data=st.data())
def test_opponents_never_see_a_sign(state: GameState, data: st.DataObject) -> None:
    """Split briškula and dupla, "Table talk": a secret sign is seen by the
    partner only; an opponent's observation is the same whether or not the sign
    was made (not even that a sign happened shows), and so is its encoding."""
    signs = [a for a in talk_of(state) if isinstance(a, Sign)]
    if not signs:
        return
    sign = data.draw(st.sampled_from(signs))
    after = apply(state, sign)
    seat: int = state.to_move  # type: ignore[assignment]
    rules = state.rules
    encoding = Encoding(rules)
    mate = partner(rules, seat)
    for other in range(rules.players):
        if other in (seat, mate):
            assert observe(after, other).signs[-1] == (seat, sign.signal)
        else:
            assert observe(after, other) == observe(state, other)
            assert encoding.encode(observe(after, other)) == encoding.encode(observe(state, other))
            seen = observe(after, other)
            friends = (other, partner(rules, other))
            assert all(
                not isinstance(a, Sign) or actor in friends
                for a, actor in zip(seen.history, seen.actors)
            )


@given(state=talking_states(), data=st.data())
def test_sampled_deals_agree_with_what_a_seat_heard(state: GameState, data: st.DataObject) -> None:
    """``sample_state`` replays the talk the seat saw, and its observation
    of the sample is the seat's observation."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = observe(state, seat)
    guess = sample_state(seen, random.Random(data.draw(st.integers(0, 99))))
    assert observe(guess, seat) == seen


@given(playout=playouts(talking_rules()))
def test_random_playouts_with_talk_end(playout: object) -> None:
    """Random play, talking at every chance it draws, still ends: every
    card is played, at most two words or signs come before each card, and
    none once the last cards are drawn."""
    final: GameState = playout.final  # type: ignore[attr-defined]
    assert final.is_over
    history = final.history
    plays = sum(isinstance(a, Play) for a in history)
    talk = sum(isinstance(a, TALK) for a in history)
    assert plays == len(final.rules.pack)
    assert talk <= 2 * plays
    assert sum(outcome(final).points) == final.rules.total_points  # type: ignore[union-attr]
    assert loads(dumps(final)) == final


@given(state=reachable_states(talking_rules()))
def test_the_talk_record_kept_is_the_one_rebuilt(state: GameState) -> None:
    """ "Table talk": what each seat heard and may still say this turn is
    kept as the deal goes; it is what the history says, found from scratch
    (the history without the opponents' signs, the talk since the last
    card), and a saved state loads with the same."""
    rebuilt = _heard.talk_record(state.rules, state.history, state.actors)
    assert state._talk == rebuilt
    assert loads(dumps(state), GameState)._talk == rebuilt
    for seat in range(state.rules.players):
        heard = _heard.heard(state.rules, state.history, state.actors, seat)
        seen = observe(state, seat)
        assert (seen.history, seen.actors) == heard


@given(state=talking_states())
def test_encoding_masks_match_legal_talk(state: GameState) -> None:
    """The mask of a state and of the mover's observation both hold the
    talk indices, after the existing sections."""
    encoding = Encoding(state.rules)
    seat: int = state.to_move  # type: ignore[assignment]
    expected = [encoding.index(a) for a in legal_actions(state)]
    assert encoding.legal_indices(state) == expected
    assert sorted(encoding.legal_indices(observe(state, seat))) == sorted(expected)


# -- encoding ------------------------------------------------------------------------


def test_encoding_appends_talk_sections() -> None:
    """New action sections come after the old ones, so old indices stay;
    the observation shows the words of the trick and the signs seen."""
    rules = preset("split-4p")
    encoding = Encoding(rules)
    names = [s.name for s in encoding.action_sections]
    assert names == ["play", "cut", "knock", "say", "sign"]
    assert encoding.num_actions == 42 + len(Word) + len(Signal)
    assert Encoding(preset("split-2p")).num_actions == 42
    assert [s.name for s in encoding.observation_sections][-2:] == ["words", "signs"]
    state = apply(apply(after_cut(), Say(Word.TRUMP)), Sign(Signal.KING_OF_TRUMPS))
    partner_view = encoding.describe(encoding.encode(observe(state, 2)))
    # Seat 0 is two seats after seat 2: words row 2, the partner's signs row.
    assert partner_view["words"] == [2 * len(Word) + 3, 1]
    assert partner_view["signs"] == [len(Signal) + 3, 1]
    own = encoding.describe(encoding.encode(observe(state, 0)))
    assert own["signs"] == [3, 1]
    assert "signs" not in encoding.describe(encoding.encode(observe(state, 1)))
    # Once the trick is taken its words are forgotten; the signs stay.
    for _ in range(4):  # four cards take the trick: legal_actions(s)[0] plays
        state = apply(state, legal_actions(state)[0])
    assert not state.trick
    later = encoding.describe(encoding.encode(observe(state, 2)))
    assert "words" not in later and later["signs"] == [len(Signal) + 3, 1]


# -- documents --------------------------------------------------------------------------


def test_documents_keep_talk() -> None:
    """``dumps``/``loads`` of a deal, a match and an observation with talk;
    the JSON forms are ``["say", word]`` and ``["sign", signal]``."""
    state = apply(apply(after_cut(), Say(Word.SMALL_TRUMP)), Sign(Signal.ACE_OR_THREE))
    text = dumps(state)
    assert '["say","small-trump"]' in text.replace(" ", "")
    assert '["sign","ace-or-three"]' in text.replace(" ", "")
    assert loads(text) == state
    seen = observe(state, 2)
    assert loads(dumps(seen)) == seen
    match = new_match(preset("split-dupla-4p"), seed=2)
    match = apply(apply(match, Knock()), Say(Word.POINTS))
    assert loads(dumps(match)) == match
    bad = text.replace('"small-trump"', '"banana"')
    with pytest.raises(ValueError, match="unknown Word 'banana'"):
        loads(bad)


# -- bots -------------------------------------------------------------------------------


def test_bots_talk_only_by_their_convention() -> None:
    """MonteCarloBot never talks, nor do the heuristic and strong bots by
    the silent convention; by default they sign; RandomBot may talk."""
    quiet = CONVENTIONS["silent"]
    silent = play_deal(
        preset("split-4p"),
        [
            MonteCarloBot(samples=2),
            HeuristicBot(convention=quiet),
            StrongBot(budget=300, convention=quiet),
            MonteCarloBot(samples=2),
        ],
        seed=5,
    )
    assert not any(isinstance(a, TALK) for a in silent.history)
    talking = play_deal(preset("split-4p"), [HeuristicBot(), MonteCarloBot(samples=2)] * 2, seed=5)
    assert {talking.actors[k] for k, a in enumerate(talking.history) if isinstance(a, TALK)} <= {
        0,
        2,
    }
    assert any(isinstance(a, Sign) for a in talking.history)
    chatty = play_deal(preset("split-4p"), [RandomBot()] * 4, seed=5)
    assert any(isinstance(a, Say) for a in chatty.history)
    assert any(isinstance(a, Sign) for a in chatty.history)
    assert chatty.is_over


# -- command line and pictures -------------------------------------------------------------


def test_play_says_and_signs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``briscola play --preset split-4p``: typing ``say karik`` and
    ``sign ace`` talks; a second word is refused; the narration tells the
    words said and the partner's signs, never an opponent's sign."""
    lines = "say karik\nsay punti\nsign ace\n1\n" + "1\n" * 12
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    main(["play", "--preset", "split-4p", "--seed", "3", "--bot", "random"])
    out = capsys.readouterr().out
    assert 'You say "karik" (play an ace or a three).' in out
    assert "You have already said a word this turn: play a card." in out
    assert "You sign to your partner: the ace of trumps." in out
    assert "Seat 2 (your partner) signs to you:" in out
    assert "Seat 1 signs" not in out and "Seat 3 signs" not in out
    assert "Say aloud, everyone hears: say karik" in out


LEGEND = (
    "  Table talk: before your card you may say one word and make one sign; "
    "neither passes the turn.\n"
    "  Say a word aloud, everyone hears it (type say and the word):\n"
    "    karik: play an ace or a three, of any suit (karik does not mean trumps)\n"
)
SIGN_LEGEND = (
    "    karik: you hold an ace or a three that is not a trump (karik does not mean "
    "trumps: the ace and the three of trumps have signs of their own)\n"
)


@pytest.mark.parametrize("ask", ["?", "help"])
def test_play_explains_the_words_and_signs_before_they_are_offered(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, ask: str
) -> None:
    """The command line guide (play, "Table talk"): the words and signs are
    explained before the first turn that offers them, with what karik
    means (not trumps), and again under ``?`` or ``help``; other turns name
    them in a line each."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"1\n{ask}\nq\n"))
    main(["play", "--preset", "split-4p", "--seed", "3", "--bot", "heuristic"])
    out = capsys.readouterr().out
    first_turn, second_turn, asked = out.split("Your move [")[:3]
    assert LEGEND in first_turn and SIGN_LEGEND in first_turn
    assert "    punti: put points on the trick (a king, a knight or a jack)\n" in first_turn
    assert "    small: you hold a small trump, one without points\n" in first_turn
    assert LEGEND not in second_turn
    assert "Say aloud, everyone hears: say karik" in second_turn
    assert "(? says what the words and signs mean.)" in second_turn
    assert LEGEND in asked and SIGN_LEGEND in asked


def test_text_table_shows_talk_as_the_seat_saw_it() -> None:
    """The text table lists the talk of the trick: every word, and only the
    signs the viewer may see."""
    state = apply(apply(after_cut(), Say(Word.POINTS)), Sign(Signal.ACE_OF_TRUMPS))
    assert 'talk: 0 says "punti", 0 signs the ace of trumps' in str(state)
    assert 'talk: 0 says "punti", 0 signs the ace of trumps' in str(observe(state, 2))
    opponent = str(observe(state, 1))
    assert 'talk: 0 says "punti"' in opponent and "signs" not in opponent
