"""The OpenSpiel game: :mod:`briscola.openspiel` (the "OpenSpiel" guide).

Every preset must pass OpenSpiel's own random-simulation test with
serialization, shuffle as explicit chance nodes (OpenSpiel, "How a deal
unfolds": the pack order, then Split's cut or knock as a decision), score as
the engine does (OpenSpiel, "Returns"), never show a seat a hidden card
(OpenSpiel, "Observations"), resample information states so that OpenSpiel's
IS-MCTS plays, and reproduce the golden playthroughs kept in
tests/playthroughs/.
"""

from __future__ import annotations

import array
import base64
import difflib
import importlib.util
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import attrs  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from briscola import (  # noqa: E402
    PRESETS,
    Auction,
    GameState,
    IllegalActionError,
    apply,
    dumps,
    legal_actions,
    new_game,
    observe,
    outcome,
    preset,
)
from briscola.bots import HeuristicBot, RandomBot  # noqa: E402
from briscola.encoding import encoding_for  # noqa: E402
from briscola.openspiel import (  # noqa: E402
    GAME_NAME,
    BriscolaBot,
    BriscolaState,
    game_string,
    ismcts_bot,
    load_game,
    max_game_length,
    playthrough,
    returns_of,
    rules_of,
)

PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"
NAMES = list(PRESETS)
SIMS = 2  # random simulations per preset in OpenSpiel's conformance test


def _deal_pack(state: Any, rng: random.Random) -> None:
    """Apply random chance outcomes until the pack is complete."""
    while state.is_chance_node():
        outcomes = [action for action, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))


def _random_state(name: str, seed: int, steps: int) -> Any:
    """A state of ``name`` after the shuffle and up to ``steps`` random
    decisions."""
    rng = random.Random(seed)
    state = load_game(name).new_initial_state()
    _deal_pack(state, rng)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_every_preset(name: str) -> None:
    """OpenSpiel's conformance test (chance, legal actions, clones,
    observations, returns, serialization) passes on every preset."""
    game = pyspiel.load_game(game_string(name))
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


def test_game_facts_follow_the_rules() -> None:
    """Player count, actions, utility bounds and game length come from the
    rules: two sides are zero-sum with ±1, three singles general-sum,
    bastardo zero-sum up to a lone declarer's cappotto."""
    two = load_game("italian-2p")
    assert (two.num_players(), two.num_distinct_actions(), two.max_chance_outcomes()) == (2, 40, 40)
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (two.min_utility(), two.max_utility(), two.max_game_length()) == (-1.0, 1.0, 40)
    three = load_game("italian-3p")
    assert three.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert three.max_game_length() == 39
    bastardo = load_game("bastardo")
    rules = preset("bastardo")
    bound = 4 * (2 if rules.cappotto_doubles else 1)
    assert (bastardo.min_utility(), bastardo.max_utility()) == (-bound, bound)
    assert bastardo.num_distinct_actions() == encoding_for(rules).num_actions
    assert load_game("split-2p").max_game_length() == 41


def test_other_rules_travel_as_base64() -> None:
    """Rules that are no preset travel in ``rules_b64``, which contains no
    comma and no equals sign, so that ``load_game(str(game))`` and
    serialized games load the same rules."""
    rules = attrs.evolve(preset("italian-4p"), hand_size=5)
    text = game_string(rules)
    encoded = text.split("rules_b64=", 1)[1][:-1]
    assert "," not in encoded and "=" not in encoded
    game = pyspiel.load_game(text)
    assert game.rules == rules
    assert pyspiel.load_game(str(game)).rules == rules
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert rules_of({"preset": "bastardo", "rules_b64": encoded}) == rules


def test_bad_parameters_are_refused() -> None:
    """An unknown preset or a ``rules_b64`` that holds no rules is refused
    with a message naming the problem."""
    with pytest.raises(ValueError, match="nope"):
        rules_of({"preset": "nope"})
    with pytest.raises(ValueError, match="rules_b64"):
        rules_of({"rules_b64": "%%%"})
    with pytest.raises(ValueError, match="rules_b64 does not hold saved rules"):
        rules_of({"rules_b64": "MTI"})  # "12"
    saved_deal = dumps(new_game(preset("italian-2p"), seed=1)).encode()
    b64 = base64.urlsafe_b64encode(saved_deal).decode().rstrip("=")
    with pytest.raises(ValueError, match="rules_b64 must hold saved rules, not a GameState"):
        rules_of({"rules_b64": b64})
    with pytest.raises((ValueError, pyspiel.SpielError)):
        pyspiel.load_game(f"{GAME_NAME}(preset=nope)")


def test_chance_fixes_the_pack_card_by_card() -> None:
    """OpenSpiel, "How a deal unfolds": each chance node is uniform over the
    cards not yet placed, outcomes are card indices, and the deal is then
    ``new_game(rules, deck=pack)``."""
    rules = preset("italian-3p")  # 39 cards: the two of clubs is removed
    game = load_game("italian-3p")
    state = game.new_initial_state()
    removed = [card.index for card in PRESETS["italian-2p"].pack if card not in rules.pack]
    rng = random.Random(4)
    placed: list[int] = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        actions = [action for action, _ in outcomes]
        assert actions == sorted(set(game.pack_indices) - set(placed))
        assert all(p == pytest.approx(1 / len(actions)) for _, p in outcomes)
        assert not set(removed) & set(actions)
        placed.append(rng.choice(actions))
        state.apply_action(placed[-1])
    deal = state.game_state
    illegal = next(a for a in range(40) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert state.game_state is deal and len(state.history()) == len(placed)
    assert deal is not None
    assert [card.index for card in deal.pack] == placed
    assert deal == new_game(rules, deck=deal.pack)
    assert state.current_player() == deal.to_move == 0


def test_chance_refuses_a_card_twice() -> None:
    """A card already placed, or not in the rules' pack, cannot be placed."""
    state = load_game("italian-6p").new_initial_state()
    state.apply_action(3)
    with pytest.raises((ValueError, pyspiel.SpielError), match="cannot be placed"):
        state.apply_action(3)
    twos = [card.index for card in PRESETS["italian-2p"].pack if card.rank.name == "TWO"]
    with pytest.raises((ValueError, pyspiel.SpielError), match="cannot be placed"):
        state.apply_action(twos[0])


def test_split_cutter_decides() -> None:
    """In Split the first decision after the shuffle is the cutter's: Cut
    or Knock, at the encoding's indices."""
    state = _random_state("split-2p", 1, 0)
    encoding = encoding_for(preset("split-2p"))
    assert [str(encoding.action(a)) for a in state.legal_actions()] == ["cut", "knock"]
    assert state.legal_actions() == encoding.legal_indices(state.game_state)


@pytest.mark.parametrize(
    "name",
    ["italian-2p", "italian-3p", "italian-6p-pairs", "spanish-2p", "romanian-4p", "bastardo"],
)
def test_returns_match_the_engine(name: str) -> None:
    """Terminal returns: +1 per seat of the winning side, -1 for the rest, 0 on
    a tie; bastardo's zero-sum scores (OpenSpiel, "Returns")."""
    for seed in range(6):
        state = _random_state(name, seed, 10_000)
        assert state.is_terminal()
        deal = state.game_state
        result = outcome(deal)
        assert result is not None
        returns = state.returns()
        assert returns == returns_of(deal)
        if deal.rules.auction is not Auction.NONE:
            assert returns == [float(score) for score in result.scores]
            assert sum(returns) == 0
        elif not result.winners:
            assert returns == [0.0] * deal.rules.players
        else:
            assert returns == [1.0 if s in result.winners else -1.0 for s in range(len(returns))]
        game = state.get_game()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert len(state.history()) - len(deal.pack) <= max_game_length(deal.rules)


def test_action_strings_and_indices() -> None:
    """Actions are the encoding's indices, named as the engine names them;
    chance outcomes name the card placed."""
    state = load_game("italian-2p").new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "next in the pack: ace of coins"
    _deal_pack(state, random.Random(2))
    encoding = encoding_for(preset("italian-2p"))
    for action in state.legal_actions():
        assert state.action_to_string(0, action) == str(encoding.action(action))
    assert state.legal_actions() == sorted(encoding.legal_indices(state.game_state))
    assert state.legal_actions(1) == []


@pytest.mark.parametrize("name", ["italian-4p", "finnish-4p", "romanian-4p", "bastardo"])
def test_observations_never_show_a_hidden_card(name: str) -> None:
    """OpenSpiel, "Observations": every string and tensor of a seat depends
    only on what it sees: a resampled deal (other hidden cards) gives the same
    ones, and no card hidden from the seat is named in its strings."""
    game = load_game(name)
    info = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    plain = game.make_py_observer()
    for seed, steps in [(1, 0), (2, 5), (3, 17)]:
        state = _random_state(name, seed, steps)
        deal = state.game_state
        for seat in range(game.num_players()):
            seen = observe(deal, seat)
            guess = state.resample_from_infostate(seat, random.Random(seed + seat).random)
            for observer in (info, plain):
                assert observer.string_from(guess, seat) == observer.string_from(state, seat)
                observer.set_from(state, seat)
                first = observer.tensor.copy()
                observer.set_from(guess, seat)
                assert (observer.tensor == first).all()
            called = deal.contract.called_card if deal.contract is not None else None
            hidden = set(seen.unseen) - {called}
            for text in (
                state.information_state_string(seat),
                state.observation_string(seat),
            ):
                for card in hidden:
                    assert f" {card}" not in text.replace("trump card:", "")


@pytest.mark.parametrize("name", ["split-4p", "split-dupla-4p", "bastardo", "italian-2p"])
def test_the_public_observation_is_the_same_for_every_seat(name: str) -> None:
    """OpenSpiel, "Observations": the public observation (public
    information, no private one) is what every seat sees alike: the same
    string for each seat, during the shuffle too, with no sign of table
    talk (only a partner sees a sign)."""
    game = load_game(name)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    rng = random.Random(5)
    state = game.new_initial_state()
    signed = False
    while not state.is_terminal():
        strings = {public.string_from(state, seat) for seat in range(game.num_players())}
        assert len(strings) == 1, strings
        assert "sign" not in strings.pop()
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        signs = [a for a in legal if "sign" in state.action_to_string(state.current_player(), a)]
        action = signs[0] if signs and rng.random() < 0.5 else rng.choice(legal)
        signed = signed or action in signs
        state.apply_action(action)
    assert signed is (name.startswith("split") and name.endswith("4p"))


def test_tensors_hold_the_encoding() -> None:
    """The observation tensor is the reinforcement-learning encoding (as
    float32); the information-state tensor adds the order in which the
    cards were played, each place divided by the pack's size, so that every
    entry lies in [0, 1]."""
    state = _random_state("italian-2p", 5, 7)
    encoding = encoding_for(preset("italian-2p"))
    deal = state.game_state
    size = len(deal.rules.pack)
    for seat in range(2):
        vector = list(array.array("f", encoding.encode(observe(deal, seat))))
        assert state.observation_tensor(seat) == vector
        info = state.information_state_tensor(seat)
        assert info[: encoding.observation_size] == vector
        assert all(0.0 <= x <= 1.0 for x in info)
        order = info[encoding.observation_size :]
        plays = [a for a in deal.history if type(a).__name__ == "Play"]
        assert sorted(round(x * size) for x in order if x) == list(range(1, len(plays) + 1))
        places = array.array("f", [k / size for k in range(1, len(plays) + 1)])
        for place, action in zip(places, plays):
            assert order[list(deal.rules.pack).index(action.card)] == place


def test_resample_replays_a_consistent_history() -> None:
    """``resample_from_infostate`` gives a state whose chance history is the
    sampled pack and whose decisions are the ones this deal's seat saw (all
    of them but, with table talk, the opponents' secret signs), so that
    replaying its history gives it back; the seat's information state is
    unchanged."""
    for name in ["italian-2p", "spanish-2p", "split-4p", "bastardo"]:
        state = _random_state(name, 8, 9)
        game = state.get_game()
        seat = state.current_player()
        guess = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        deal = guess.game_state
        size = len(deal.pack)
        assert guess.history()[:size] == [card.index for card in deal.pack]
        seen = observe(state.game_state, seat).history
        index_of = encoding_for(deal.rules).index
        assert guess.history()[size:] == [index_of(action) for action in seen]
        assert [step.player for step in guess.full_history()[size:]] == list(deal.actors)
        assert guess.information_state_string(seat) == state.information_state_string(seat)
        assert guess.legal_actions() == state.legal_actions()
        replayed = game.new_initial_state()
        for action in guess.history():
            replayed.apply_action(action)
        assert replayed.game_state == deal


def test_resample_during_the_shuffle() -> None:
    """Before the pack is complete a seat has seen nothing: any prefix of
    the same length will do."""
    state = load_game("italian-2p").new_initial_state()
    for action in (4, 9, 30):
        state.apply_action(action)
    guess = state.resample_from_infostate(1, random.Random(3).random)
    assert len(guess.history()) == 3 and guess.is_chance_node()
    assert guess.information_state_string(1) == state.information_state_string(1)


def test_clone_and_serialization_round_trip() -> None:
    """A clone is independent of its original; ``serialize`` and
    ``deserialize_state`` (OpenSpiel's replay of the history) give back the
    same deal, during the shuffle and during play."""
    for steps in (0, 11, 10_000):
        state = _random_state("spanish-4p", 6, steps)
        game = state.get_game()
        copy = state.clone()
        assert copy.history() == state.history() and copy.game_state == state.game_state
        if not copy.is_terminal():
            copy.apply_action(copy.legal_actions()[0])
            assert copy.history() != state.history()
        back = game.deserialize_state(state.serialize())
        assert back.history() == state.history()
        assert back.game_state == state.game_state
        assert str(back) == str(state)
        again_game, again = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state)
        )
        assert str(again_game) == str(game) and again.game_state == state.game_state
    partial = load_game("italian-2p").new_initial_state()
    partial.apply_action(17)
    back = partial.get_game().deserialize_state(partial.serialize())
    assert back.pack_so_far == (17,)


class _Planted:
    """A pickle that, when loaded, creates a file: a stand-in for a client's
    code in a serialized state."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[Path]]:
        return (Path.touch, (self.path,))


def _planted(path: Path) -> str:
    return base64.b64encode(pickle.dumps(_Planted(path))).decode()


def test_deserialize_state_runs_nothing_in_its_text(tmp_path: Path) -> None:
    """OpenSpiel, "Serialization and copies": ``serialize`` writes data
    only, and ``game.deserialize_state`` replays the history without
    unpickling the ``__dict__=`` line of OpenSpiel's format, so a payload
    planted there does not run; ``pyspiel.deserialize_game_and_state``
    unpickles it inside OpenSpiel before our code runs, so it does."""
    game = load_game("italian-2p")
    state = _random_state("italian-2p", 4, 5)
    assert "__dict__" not in state.serialize() and "briscola={" in state.serialize()
    ours = tmp_path / "ours"
    planted = f"{state.serialize()}__dict__={_planted(ours)}\n"
    back = game.deserialize_state(planted)
    assert back.history() == state.history() and back.game_state == state.game_state
    copied = pyspiel.serialize_game_and_state(game, state)
    head, _, body = copied.partition("[State]\n")
    text = "".join(
        f"__dict__={_planted(ours)}" if line.startswith("__dict__=") else line
        for line in body.splitlines(keepends=True)
    )
    assert game.deserialize_state(text).game_state == state.game_state
    assert not ours.exists()
    theirs = tmp_path / "theirs"
    with pytest.raises(TypeError):  # the payload's result is not a __dict__
        pyspiel.deserialize_game_and_state(
            f"{head}[State]\nhistory=\nmove_number=0\n__dict__={_planted(theirs)}\n"
        )
    assert theirs.exists()


def test_deserialize_state_refuses_what_is_not_a_state() -> None:
    """OpenSpiel, "Serialization and copies": every action of the history
    is checked as it is replayed, and the deal it carries must be the
    history's."""
    game = load_game("italian-2p")
    state = _random_state("italian-2p", 4, 5)
    text = state.serialize()
    history = text.splitlines()[0]
    other = _random_state("italian-2p", 5, 5).serialize().splitlines()[2]
    for bad, words in (
        ("history=-1:0,-1:0", "is not legal now"),
        ("history=0:0", "is not legal now"),
        ("history=-1:x", "is not PLAYER:ACTION"),
        ("history=-1:99", "is not legal now"),
        (f"{history}\nmove_number=2", "move_number=2"),
        (f"{history}\n{other}", "is not its history's"),
        ("history=\nbriscola=null", "is not its history's"),
        ("hello", "unexpected line"),
        (f"{history}\n{history}", "unexpected line"),
        ("x" * (5 << 20), "at most"),
    ):
        with pytest.raises(ValueError, match=words):
            game.deserialize_state(bad)


def test_pickle_protocols_0_and_1_are_refused() -> None:
    """OpenSpiel, "Serialization and copies": the old pickle protocols
    cannot rebuild OpenSpiel's objects (they abort the interpreter), so a
    game and a state refuse them; protocol 2 and later round-trip."""
    game = load_game("italian-2p")
    state = _random_state("italian-2p", 4, 5)
    for value in (game, state):
        for protocol in (0, 1):
            with pytest.raises(TypeError, match="use protocol 2 or higher"):
                pickle.dumps(value, protocol=protocol)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(state, protocol=protocol)).history() == state.history()


def test_briscola_bot_plays_as_the_wrapped_bot() -> None:
    """A briscola bot wrapped for OpenSpiel chooses what it would choose on
    the seat's observation, as an action index; it refuses a state where
    its seat is not to move."""
    state = _random_state("italian-4p", 3, 6)
    deal = state.game_state
    seat = state.current_player()
    wrapped = BriscolaBot(HeuristicBot(), seat, seed=9)
    expected = HeuristicBot().choose(observe(deal, seat), legal_actions(deal), random.Random(9))
    assert wrapped.step(state) == encoding_for(deal.rules).index(expected)
    assert wrapped.player_id() == seat
    other = BriscolaBot(RandomBot(), (seat + 1) % 4)
    with pytest.raises(ValueError, match="not to move"):
        other.step(state)


class _OtherState:
    """A state of the game that is not our Python object (as a C++ caller
    could hand over): only its game and history."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def get_game(self) -> Any:
        return self._state.get_game()

    def history(self) -> list[int]:
        return list(self._state.history())


def test_briscola_bot_replays_a_foreign_state() -> None:
    """Given a state that is not a BriscolaState, the wrapped bot replays
    its history and chooses as it would on the original."""
    state = _random_state("spanish-2p", 4, 5)
    seat = state.current_player()
    assert BriscolaBot(HeuristicBot(), seat, seed=3).step(_OtherState(state)) == BriscolaBot(
        HeuristicBot(), seat, seed=3
    ).step(state)


def test_briscola_bots_play_a_whole_deal_through_evaluate_bots() -> None:
    """OpenSpiel's evaluation loop seats our bots; its returns are the
    engine's for the deal it reaches."""
    game = load_game("split-4p")
    bots = [BriscolaBot(HeuristicBot() if s % 2 else RandomBot(), s, seed=s) for s in range(4)]
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(5))
    assert state.is_terminal()
    assert returns == returns_of(state.game_state)


def _engine_replay(state: Any) -> GameState:
    deal = state.game_state
    replayed = new_game(deal.rules, deck=deal.pack)
    for action in deal.history:
        replayed = apply(replayed, action)
    return replayed


@pytest.mark.parametrize("name", NAMES)
def test_ismcts_plays_the_heuristic_bot(name: str) -> None:
    """OpenSpiel's Python IS-MCTS bot, with resampled information states,
    plays a whole deal at seat 0 against our heuristic bot in every other
    seat, through OpenSpiel's ``evaluate_bots``."""
    game = load_game(name)
    n = game.num_players()
    bots = [ismcts_bot(game, simulations=3, seed=1)]
    bots += [BriscolaBot(HeuristicBot(), seat, seed=seat) for seat in range(1, n)]
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(2))
    assert state.is_terminal()
    assert returns == returns_of(state.game_state)
    assert _engine_replay(state) == state.game_state


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    """The playthrough of each preset at the fixed seed is the one kept in
    tests/playthroughs/: a change in dealing, legality, observations or
    scoring shows here. Regenerate on purpose with
    ``python tools/regenerate_playthroughs.py``."""
    kept = (PLAYTHROUGHS / f"{name}.txt").read_text(encoding="utf-8")
    fresh = playthrough(name)
    if fresh != kept:
        diff = difflib.unified_diff(
            kept.splitlines(), fresh.splitlines(), "kept", "regenerated", lineterm="", n=1
        )
        shown = "\n".join(line[:200] for line in list(diff)[:40])
        pytest.fail(f"the playthrough of {name} changed:\n{shown}")


def test_every_preset_has_a_playthrough() -> None:
    """One golden file per preset, and none for a preset that is gone."""
    assert sorted(p.stem for p in PLAYTHROUGHS.glob("*.txt")) == sorted(PRESETS)


def test_a_state_object_is_a_briscola_state() -> None:
    """OpenSpiel hands our own state objects back (so bots read the deal
    without replaying it)."""
    state = pyspiel.load_game(game_string("italian-2p")).new_initial_state()
    assert isinstance(state, BriscolaState)
    assert isinstance(state.clone(), BriscolaState)


def test_example_plays_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    """``examples/openspiel_ismcts.py`` plays the deals asked for, seats
    swapped, and prints the result with its confidence interval; it refuses
    a preset that is not for two seats."""
    path = Path(__file__).resolve().parent.parent / "examples" / "openspiel_ismcts.py"
    spec = importlib.util.spec_from_file_location("openspiel_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    results = module.main(2, 2, "split-2p")
    assert len(results) == 2 and set(results) <= {-1.0, 0.0, 1.0}
    printed = capsys.readouterr().out
    assert "2 deals:" in printed and "95% confidence interval" in printed
    with pytest.raises(ValueError, match="seats two bots"):
        module.main(1, 2, "italian-4p")
