"""The deal behind ``engine="compiled"``: what it reads back from its
one-deal batch (the rewards, the scalar state, a deal begun from a state)
is what the scalar engine gives (Reinforcement learning, "The compiled
engine"), void auctions and finished deals included."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from briscola import PRESETS, Auction, Pass, apply, legal_actions, new_game, preset

pytest.importorskip("numpy")
pytest.importorskip("numba")

from briscola._rewards import rewards  # noqa: E402
from briscola._rl import NO_DEAL  # noqa: E402
from briscola._rl_compiled import CompiledDeal  # noqa: E402

SCHEMES = ("outcome", "points")


def legal_indices(deal: CompiledDeal) -> list[int]:
    return [i for i, allowed in enumerate(deal.legal) if allowed]


def play_to_the_end(deal: CompiledDeal, rng: random.Random, pass_first: bool = False) -> None:
    """Random legal actions until the deal ends; with ``pass_first``,
    every seat passes whenever it may (an auction nobody wins)."""
    passing = deal.encoding.index(Pass()) if deal.rules.auction is not Auction.NONE else -1
    while not deal.is_over:
        legal = legal_indices(deal)
        deal.act(passing if pass_first and passing in legal else rng.choice(legal))


@pytest.mark.parametrize("name", PRESETS)
def test_rewards_are_the_scalar_engines(name: str) -> None:
    """Both schemes' rewards of finished deals equal those of the scalar
    state replayed from the same actions."""
    deal = CompiledDeal(preset(name))
    rng = random.Random(name)
    for seed in range(3):
        deal.deal(seed)
        play_to_the_end(deal, rng)
        for scheme in SCHEMES:
            assert deal.rewards(scheme) == pytest.approx(rewards(deal.state, scheme))


def test_a_pack_without_points_rewards_nobody() -> None:
    """Rules whose cards are worth nothing: every deal is drawn on points,
    for both engines."""
    rules = attrs.evolve(preset("italian-3p"), card_points={})
    deal = CompiledDeal(rules)
    deal.deal(1)
    play_to_the_end(deal, random.Random(1))
    assert deal.rewards("points") == [0.0] * 3 == rewards(deal.state, "points")
    assert deal.rewards("outcome") == rewards(deal.state, "outcome")


@pytest.mark.parametrize("name", [n for n in PRESETS if preset(n).auction is not Auction.NONE])
def test_a_void_auction_rewards_nobody(name: str) -> None:
    """When every seat passes the deal ends with nothing for anybody, as
    in the scalar engine."""
    deal = CompiledDeal(preset(name))
    deal.deal(4)
    play_to_the_end(deal, random.Random(0), pass_first=True)
    assert deal.state.is_over
    for scheme in SCHEMES:
        assert deal.rewards(scheme) == [0.0] * deal.rules.players
        assert rewards(deal.state, scheme) == [0.0] * deal.rules.players


def test_a_deal_begun_from_a_state_goes_on_from_it() -> None:
    """A fresh deal, one in progress and a finished one: each is the state
    read back, with its seat to move, and play goes on from it."""
    rules = preset("italian-2p")
    deal = CompiledDeal(rules)
    fresh = new_game(rules, seed=3)
    deal.begin(fresh)
    assert deal.state is fresh and deal.to_move == fresh.to_move and not deal.is_over
    later = apply(fresh, legal_actions(fresh)[1])
    deal.begin(later)
    assert deal.to_move == later.to_move
    action = legal_actions(later)[0]
    deal.act(deal.encoding.index(action))
    assert deal.state == apply(later, action)
    finished = later
    while not finished.is_over:
        finished = apply(finished, legal_actions(finished)[0])
    deal.begin(finished)
    assert deal.is_over and deal.to_move is None and deal.state is finished
    assert deal.rewards("points") == pytest.approx(rewards(finished, "points"))


def test_a_deal_not_yet_dealt_has_no_state_and_pickles() -> None:
    """Before its first deal the deal has no state, and a copy made by
    pickling is not dealt either; once dealt, the copy holds the deal."""
    deal = CompiledDeal(preset("chiamata"))
    assert deal.state is NO_DEAL and deal.is_over
    copy = pickle.loads(pickle.dumps(deal))
    assert copy.state is NO_DEAL and copy.is_over
    deal.deal(2)
    deal.act(legal_indices(deal)[0])
    copy = pickle.loads(pickle.dumps(deal))
    assert copy.state == deal.state and copy.to_move == deal.to_move
