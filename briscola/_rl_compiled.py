"""The environments' deal on the compiled kernels: :class:`CompiledDeal`,
what ``engine="compiled"`` gives :mod:`briscola.pettingzoo` and
:mod:`briscola.gymnasium` in place of :class:`briscola._rl.Deal`.

It steps a one-deal :class:`briscola.vector.BatchGame` and reads the mask
and the observations from the batch's buffers; the scalar
:class:`~briscola.GameState` (for the environments' ``game``, ``render``
and their bots) is rebuilt on demand by replaying the deal's actions into
the engine, from where the last rebuild stopped. Imported only when an
environment asks for the compiled engine (it needs the ``vector`` extra).
"""

from __future__ import annotations

from typing import Any, Final

from ._actions import Action
from ._deal import check_seed, new_game, shuffled_pack
from ._engine import apply
from ._rl import NO_DEAL, Deal, Mask, Observed, Vector, mask_for
from ._rules import Auction, Rules
from ._state import GameState

try:
    import numpy as np

    from .vector import BatchGame
    from .vector._compiling import Bound, kernel
    from .vector._deals import Deals
    from .vector._observing import observe_deals, write_observation
    from .vector._rulebook import Rulebook
    from .vector._scoring import deal_points, deal_scores
    from .vector._stepping import apply_action, deal_all, step_deals
except ImportError as error:  # pragma: no cover - the tests run with the extra
    raise ImportError(
        "engine='compiled' needs the vector extra (NumPy and Numba): pip install 'briscola[vector]'"
    ) from error

__all__ = ["CompiledDeal"]

_NONE: Final = -1
"""The batch's "no action" in an action row, and "no seat"."""


@kernel
def step_and_observe(r: Rulebook, d: Deals, action: int) -> int:
    """Take ``action`` (legal) in deal 0 and write the observation of the
    seat then to move, which the environments ask for next (as
    :func:`~briscola.vector._observing.observe_deals` writes it, and
    noted as written there); the seat to move, or -1 once the deal is
    over. One call of inlined code instead of two kernels: the calls, not
    the work, are most of a step's time."""
    apply_action(r, d, 0, action)
    if d.over[0]:
        return -1
    seat = d.mover[0]
    write_observation(r, d, 0, seat, d.obs[0])
    d.obs_seat[0] = seat
    d.obs_version[0] = d.version[0]
    return int(seat)


class CompiledDeal:
    """A deal in progress on a one-deal batch, with the interface of
    :class:`briscola._rl.Deal` that the environments use: :meth:`deal` or
    :meth:`begin` starts it, :meth:`act` takes a legal action index,
    :attr:`is_over`, :attr:`to_move`, :attr:`legal`, :attr:`mask`,
    :meth:`observation`, :meth:`vector` and :meth:`rewards` read it, and
    :attr:`state` rebuilds the scalar state.

    Per step it calls two kernels through their compiled entry points (no
    dispatch), copies the observation row handed out and nothing else:
    the mask is made once per set of legal actions (as
    :class:`briscola._rl.Deal` makes it) and the scalar state only when
    asked for.
    """

    def __init__(self, rules: Rules, *, share_masks: bool = True) -> None:
        self.rules = rules
        self._share_masks = share_masks
        self._scalar = Deal(rules, share_masks=share_masks)
        self.encoding = self._scalar.encoding
        self.idle: Mask = self._scalar.idle
        self.legal: bytes = self._scalar.legal
        self._blank = self.legal
        self.mask: Mask = self.idle
        self.is_over = True
        self.to_move: int | None = None
        self._masks: dict[bytes, Mask] | None = {} if share_masks else None
        pack = rules.pack
        self._slot_of = {card: slot for slot, card in enumerate(pack)}
        self._batch = batch = BatchGame(rules, 1)
        r, d = batch._r, batch._d
        self._r, self._d = r, d
        self._seat = np.zeros(1, dtype=np.int64)
        self._out = np.zeros((1, rules.players), dtype=np.int64)
        self._step = Bound(step_and_observe)
        self._act = self._step.given(r, d)  # entered directly from the second deal
        self._observe = Bound(observe_deals)
        self._deal_all = Bound(deal_all)
        self._points = Bound(deal_points)
        self._scores = Bound(deal_scores)
        self._row_mask = d.mask[0]
        self._row = d.obs[0]
        self._seen = _NONE  # the seat whose observation the row holds
        self._actions: tuple[Action, ...] = self.encoding.actions
        self._auction = rules.auction is not Auction.NONE
        self._pack: tuple[Any, ...] = ()
        self._dealer = rules.players - 1
        self._history: list[int] = []
        self._replayed: GameState = NO_DEAL
        self._done = 0

    def __getstate__(self) -> dict[str, Any]:
        # The entry points and views do not pickle: the deal is rebuilt
        # from its scalar state.
        return {
            "rules": self.rules,
            "share_masks": self._share_masks,
            "state": self.state if self._pack else None,
        }

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__init__(saved["rules"], share_masks=saved["share_masks"])  # type: ignore[misc]
        if saved["state"] is not None:
            self.begin(saved["state"])

    # -- starting ----------------------------------------------------------

    def deal(self, seed: int) -> None:
        """Deal ``new_game(rules, seed=seed)``'s deal, without making it."""
        pack = shuffled_pack(self.rules, check_seed(seed))
        self._load(pack, self.rules.players - 1)

    def begin(self, state: GameState) -> None:
        """Make ``state`` (of these rules) the deal in progress: dealt
        again from its pack and dealer, its history replayed."""
        self._load(state.pack, state.dealer)
        encoding = self.encoding
        if state.history:
            self._history = [encoding.index(action) for action in state.history]
            actions = np.array([[*self._history, _NONE]], dtype=np.int64)
            step_deals(self._r, self._d, actions)
        self._replayed, self._done = state, len(self._history)
        self._update()

    def _load(self, pack: tuple[Any, ...], dealer: int) -> None:
        slot_of = self._slot_of
        self._d.deck[0, :] = [slot_of[card] for card in pack]
        self._d.dealer[0] = dealer
        self._deal_all(self._r, self._d)
        self._act = self._step.given(self._r, self._d)
        self._pack, self._dealer = pack, dealer
        self._history = []
        self._replayed, self._done = NO_DEAL, 0
        self._update()

    # -- stepping ----------------------------------------------------------

    def act(self, index: int) -> None:
        """Take the legal action ``index`` for the seat to move."""
        mover = self._act(index)
        self._history.append(index)
        self._seen = mover
        if mover < 0:
            self.is_over, self.to_move = True, None
            self.legal, self.mask = self._blank, self.idle
        else:
            self.to_move = mover
            self.legal = legal = self._row_mask.tobytes()
            self.mask = mask_for(legal, self._masks)

    def _update(self) -> None:
        """Read the seat to move and the mask after the deal was dealt."""
        self._seen = _NONE
        if self._d.over[0]:
            self.is_over, self.to_move = True, None
            self.legal, self.mask = self._blank, self.idle
            return
        self.is_over = False
        self.to_move = int(self._d.mover[0])
        self.legal = legal = self._row_mask.tobytes()
        self.mask = mask_for(legal, self._masks)

    # -- reading -----------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The deal as a scalar state, replayed from where the last call
        left it (:data:`briscola._rl.NO_DEAL` before the first deal)."""
        if not self._pack:
            return NO_DEAL
        state = self._replayed
        if state is NO_DEAL:
            state = new_game(self.rules, deck=self._pack, dealer=self._dealer)
            self._done = 0
        actions = self._actions
        history = self._history
        for k in range(self._done, len(history)):
            state = apply(state, actions[history[k]])
        self._replayed, self._done = state, len(history)
        return state

    def vector(self, seat: int) -> Vector:
        """The encoded observation of ``seat``, as a new float32 array."""
        if seat != self._seen:
            self._seat[0] = seat
            self._observe(self._r, self._d, self._seat)
            self._seen = seat
        copy: Vector = self._row.copy()
        return copy

    def observation(self, seat: int) -> Observed:
        """The observation dictionary of ``seat`` (see
        :meth:`briscola._rl.Deal.observation`)."""
        # The row already holds the seat's view after its step: copied here
        # without the call to vector, most of the time.
        row = self._row.copy() if seat == self._seen else self.vector(seat)
        mask = self.mask if seat == self.to_move else self.idle
        return {"observation": row, "action_mask": mask}

    def rewards(self, scheme: str) -> list[float]:
        """Per seat, the reward of the finished deal under ``scheme``, as
        :func:`briscola._rl.rewards` gives it, from the batch's points and
        scores."""
        rules = self.rules
        n = rules.players
        out = self._out
        if scheme == "outcome":
            self._scores(self._r, self._d, out)
            scores = out[0].tolist()
            if self._auction:
                return [float(score) for score in scores]
            if not any(scores):
                return [0.0] * n
            return [1.0 if score else -1.0 for score in scores]
        self._points(self._r, self._d, out)
        points = out[0].tolist()
        if self._auction:
            declarer, partner = int(self._d.declarer[0]), int(self._d.partner[0])
            if not any(points):
                return [0.0] * n
            other = next(s for s in range(n) if s not in (declarer, partner))
            total = points[declarer] + points[other]
            others = 1
        else:
            sides = rules.sides
            total = sum(points[side[0]] for side in sides)
            others = len(sides) - 1
        if not total:
            return [0.0] * n
        return [(mine - (total - mine) / others) / rules.total_points for mine in points]
