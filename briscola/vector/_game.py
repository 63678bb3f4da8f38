"""The batched engine's one class, :class:`BatchGame` (internal; re-exported
by :mod:`briscola.vector`): a thin wrapper that checks its input once and
hands the work to the compiled kernels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._rules import Rules
from .._state import GameState
from ..encoding import encoding_for
from ._compiling import Bound
from ._deal import shuffle_packs
from ._deals import Deals, allocate
from ._observing import observe_deals
from ._policies import play_out_deals
from ._random import seeded
from ._rulebook import CUT_PHASE, Rulebook, rulebook, unsupported
from ._scoring import deal_points, deal_scores
from ._stepping import deal_all, first_illegal, step_deals

__all__ = ["BatchGame"]


_Array = TypeVar("_Array", bound=np.ndarray)


def _read_only(array: _Array) -> _Array:
    """A read-only view of ``array``."""
    view: _Array = array.view()
    view.flags.writeable = False
    return view


class BatchGame:
    """``size`` deals of one :class:`~briscola.Rules`, held in NumPy arrays
    and stepped together by compiled kernels.

    With ``E = briscola.encoding.encoding_for(rules)``: :attr:`to_move`,
    :attr:`is_over`, :meth:`legal_mask`, :meth:`observations`,
    :meth:`points` and :meth:`scores` give, row by row, what
    :func:`~briscola.legal_actions` (as ``E.mask``),
    ``E.encode(observe(...))`` and :func:`~briscola.outcome` give for each
    deal; :meth:`step` applies one action index of ``E`` per deal. The
    batch is dealt at random when built; :meth:`reset` deals it anew.

    :meth:`legal_mask` and :meth:`observations` hand out read-only views
    of buffers the kernels write in place (valid until the batch next
    changes: see each); the other arrays are new ones.

    Every preset is supported, and every :class:`~briscola.Rules` but the
    cut deal or the knocked deal alone (see :func:`unsupported`). With a
    trump exchange, table talk or an auction the deals of a batch fall out
    of step (an exchange, a word or a sign leaves the same seat to move;
    each auction takes its own number of bids, and a void one ends the
    deal), so they may end at different steps: :attr:`is_over` says
    which.

    Args:
        rules: The rules of every deal.
        size: The number of deals, at least 1.

    Raises:
        ValueError: If the batched engine does not handle ``rules`` (the
            message says which rule), or ``size`` is not a positive int.

    >>> from briscola import preset
    >>> batch = BatchGame(preset("italian-2p"), 1024)
    >>> batch.size, batch.legal_mask().shape, batch.observations().shape
    (1024, (1024, 40), (1024, 344))
    >>> BatchGame(preset("bastardo"), 2).legal_mask().sum(axis=1).tolist()  # pass or a bid
    [61, 61]
    >>> import attrs
    >>> from briscola import DealStyle
    >>> BatchGame(attrs.evolve(preset("split-2p"), deal=DealStyle.KNOCK), 8)
    Traceback (most recent call last):
    ...
    ValueError: BatchGame cannot hold these rules: the knock deal alone is not supported (only with the cut, as cut-or-knock)
    """

    def __init__(self, rules: Rules, size: int) -> None:
        reason = unsupported(rules)
        if reason is not None:
            raise ValueError(f"BatchGame cannot hold these rules: {reason}")
        if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size < 1:
            raise ValueError(f"size must be a positive int, not {size!r}")
        self.rules: Final[Rules] = rules
        """The rules of every deal."""
        self.size: Final[int] = int(size)
        """The number of deals."""
        self._r: Rulebook = rulebook(rules)
        self._d: Deals = allocate(self._r, self.size)
        self._movers = np.full(self.size, -1, dtype=np.int64)
        self._actions = np.full((self.size, 1), -1, dtype=np.int64)
        self._deal_all = Bound(deal_all)
        self._shuffle_packs = Bound(shuffle_packs)
        self._observe_deals = Bound(observe_deals)
        self._first_illegal = Bound(first_illegal)
        self._step_deals = Bound(step_deals)
        self._play_out_deals = Bound(play_out_deals)
        self._deal_points = Bound(deal_points)
        self._deal_scores = Bound(deal_scores)
        self.reset()

    def __repr__(self) -> str:
        return f"BatchGame(<{self.rules.players}-seat rules>, {self.size})"

    @classmethod
    def from_states(cls, states: Sequence[GameState]) -> BatchGame:
        """A batch holding ``states``, in order: deals of one
        :class:`~briscola.Rules`, at any point (mid-deal included, as
        :func:`~briscola.sample_state` deals them). Each is dealt again
        from its pack and dealer and its history replayed in the kernels.

        Args:
            states: At least one :class:`~briscola.GameState`, all of the
                same rules.

        Raises:
            ValueError: If ``states`` is empty, holds something other than
                a ``GameState``, or states of different rules, or rules
                the batch does not hold.

        >>> from briscola import apply, legal_actions, new_game, preset
        >>> state = new_game(preset("italian-2p"), seed=4)
        >>> later = apply(state, legal_actions(state)[0])
        >>> batch = BatchGame.from_states([state, later])
        >>> batch.to_move.tolist()
        [0, 1]
        >>> BatchGame.from_states([state, preset("italian-2p")])
        Traceback (most recent call last):
        ...
        ValueError: from_states takes GameState objects: item 1 is a Rules
        """
        given = list(states)
        if not given:
            raise ValueError("from_states needs at least one state")
        for k, state in enumerate(given):
            if type(state) is not GameState:
                raise ValueError(
                    f"from_states takes GameState objects: item {k} is a {type(state).__name__}"
                )
        rules = given[0].rules
        for k, state in enumerate(given):
            if state.rules != rules:
                raise ValueError(
                    f"from_states takes states of one Rules: state {k}'s differ from state 0's"
                )
        batch = cls(rules, len(given))
        batch.reset(
            decks=np.array([[card.index for card in state.pack] for state in given]),
            dealers=np.array([state.dealer for state in given]),
        )
        encoding = encoding_for(rules)
        longest = max(len(state.history) for state in given)
        actions = np.full((len(given), longest + 1), -1, dtype=np.int64)
        for k, state in enumerate(given):
            actions[k, : len(state.history)] = [encoding.index(a) for a in state.history]
        bad = step_deals(batch._r, batch._d, actions)
        if bad >= 0:  # pragma: no cover - a GameState replays by construction
            raise ValueError(f"state {bad} does not replay from its pack and dealer")
        return batch

    # -- dealing -----------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | np.random.SeedSequence | np.random.Generator | None = None,
        decks: ArrayLike | None = None,
        dealers: ArrayLike | None = None,
    ) -> None:
        """Deal every deal anew.

        Args:
            seed: Shuffle the packs from ``numpy.random.default_rng(seed)``
                (which seeds each deal's shuffle in the kernels; deal ``i``
                need not match ``new_game(seed=...)``); with neither
                ``seed`` nor ``decks``, at random.
            decks: The pack orders instead: an int array of shape
                ``(size, len(rules.pack))`` of :attr:`Card.index
                <briscola.Card.index>` values, each row an order of the
                rules' pack, as :func:`~briscola.new_game`'s ``deck``.
            dealers: An int array of shape ``(size,)``: each deal's dealer
                (by default the last seat, as in :func:`~briscola.new_game`).

        Raises:
            ValueError: If both ``seed`` and ``decks`` are given, or an
                array has the wrong shape or type, or a row of ``decks``
                is not an order of the pack (the message names the first
                such deal), or a dealer is not a seat; the batch is then
                unchanged.

        >>> from briscola import preset
        >>> rules = preset("italian-2p")
        >>> batch = BatchGame(rules, 2)
        >>> decks = np.array([[c.index for c in rules.pack]] * 2)
        >>> batch.reset(decks=decks, dealers=np.array([1, 0]))
        >>> batch.to_move.tolist()
        [0, 1]
        >>> batch.reset(decks=decks[:, ::2])
        Traceback (most recent call last):
        ...
        ValueError: decks must be an int array of shape (2, 40), not one of shape (2, 20)
        """
        b, n = self.size, self.rules.players
        order: NDArray[np.int8] | None = None
        if decks is not None:
            if seed is not None:
                raise ValueError("give reset a seed or decks, not both")
            order = self._checked_decks(decks)
        if dealers is None:
            dealer = np.full(b, n - 1, dtype=np.int64)
        else:
            dealer = self._checked_seats(dealers, "dealers", "a dealer is a seat")
        d = self._d
        if order is None:
            self._shuffle_packs(d.deck, seeded(np.random.default_rng(seed), b))
        else:
            d.deck[:] = order
        d.dealer[:] = dealer
        self._deal_all(self._r, d)

    def _checked_seats(self, seats: ArrayLike, name: str, what: str) -> NDArray[np.int64]:
        """``seats``, one per deal, as int64, or a ValueError that calls
        them ``name`` and says ``what`` each must be."""
        given = np.asarray(seats)
        b, n = self.size, self.rules.players
        if given.shape != (b,) or given.dtype.kind not in "iu":
            raise ValueError(
                f"{name} must be an int array of shape ({b},), not one of {_shape_and_type(given)}"
            )
        bad = (given < 0) | (given >= n)
        if bad.any():
            i = int(np.argmax(bad))
            raise ValueError(f"deal {i}: {what} from 0 to {n - 1}, not {given[i]}")
        checked: NDArray[np.int64] = given.astype(np.int64)
        return checked

    def _checked_decks(self, decks: ArrayLike) -> NDArray[np.int8]:
        """``decks`` as slots of the rules' pack, or a ValueError."""
        b, p = self.size, self._r.cards
        given = np.asarray(decks)
        if given.shape != (b, p) or given.dtype.kind not in "iu":
            raise ValueError(
                f"decks must be an int array of shape ({b}, {p}), "
                f"not one of {_shape_and_type(given)}"
            )
        slot = np.full(40, -1, dtype=np.int64)
        slot[[card.index for card in self.rules.pack]] = np.arange(p)
        inside = (given >= 0) & (given < 40)
        slots = slot[np.where(inside, given, 0)]
        slots[~inside] = -1
        present = np.zeros((b, p + 1), dtype=np.int16)
        np.add.at(present, (np.arange(b)[:, None], slots), 1)  # -1 lands at column p
        bad = (present[:, :p] != 1).any(axis=1)
        if bad.any():
            i = int(np.argmax(bad))
            raise ValueError(
                f"deal {i}: decks[{i}] is not an order of the rules' {p} cards "
                "(each Card.index of rules.pack once)"
            )
        order: NDArray[np.int8] = slots.astype(np.int8)
        return order

    # -- reading -----------------------------------------------------------

    @property
    def to_move(self) -> NDArray[np.int64]:
        """The seat to move in each deal, ``-1`` where the deal is over (a
        new array of shape ``(size,)``).

        >>> from briscola import preset
        >>> BatchGame(preset("split-2p"), 2).to_move.tolist()
        [0, 0]
        """
        d = self._d
        seats: NDArray[np.int64] = np.where(d.over, -1, d.mover)
        return seats

    @property
    def is_over(self) -> NDArray[np.bool_]:
        """Whether each deal is over (a new bool array of shape ``(size,)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).is_over.tolist()
        [False, False]
        """
        over: NDArray[np.bool_] = self._d.over.copy()
        return over

    def legal_mask(self) -> NDArray[np.bool_]:
        """The legal actions of each deal: a read-only bool array of shape
        ``(size, E.num_actions)`` whose row ``i`` is ``E.mask`` of deal
        ``i`` (all false where the deal is over).

        It is a view of the batch's own mask, which the kernels keep up to
        date: it changes with the batch, at the next :meth:`step`,
        :meth:`reset` or :meth:`play_out`. Copy it to keep it.

        >>> from briscola import preset
        >>> batch = BatchGame(preset("split-2p"), 2)
        >>> batch.legal_mask()[:, 40:].tolist()
        [[True, True], [True, True]]
        """
        mask: NDArray[np.bool_] = _read_only(self._d.mask)
        return mask

    def observations(self, seats: ArrayLike | None = None) -> NDArray[np.float32]:
        """The encoded observations: a read-only float32 array of shape
        ``(size, E.observation_size)`` whose row ``i`` equals
        ``E.encode(observe(state_i, seat_i))``.

        It is a view of one buffer of the batch, written in place (a row
        is written again only when its deal or its seat changed): it
        changes at the next call of :meth:`observations`, :meth:`step`,
        :meth:`reset` or :meth:`play_out`. Copy it to keep it.

        Args:
            seats: An int array of shape ``(size,)``: the seat observing
                each deal. By default the seat to move (a row of zeros
                where the deal is over).

        Raises:
            ValueError: If ``seats`` has the wrong shape or type, or holds
                something other than a seat.

        >>> from briscola import preset
        >>> batch = BatchGame(preset("italian-2p"), 2)
        >>> batch.observations(np.array([0, 1]))[:, :40].sum(axis=1).tolist()
        [3.0, 3.0]
        """
        if seats is None:
            seat = self._movers
        else:
            seat = self._checked_seats(seats, "seats", "a seat is")
        self._observe_deals(self._r, self._d, seat)
        rows: NDArray[np.float32] = _read_only(self._d.obs)
        return rows

    def points(self) -> NDArray[np.int64]:
        """Per deal and seat, the card points of the seat's side in the
        deal's :func:`~briscola.outcome` (in bastardo, of the declarer's
        side or the others'; zero after a void auction); zero where the
        deal is not over (a new int array of shape ``(size, players)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).points().tolist()
        [[0, 0], [0, 0]]
        """
        points = np.zeros((self.size, self.rules.players), dtype=np.int64)
        self._deal_points(self._r, self._d, points)
        return points

    def scores(self) -> NDArray[np.int64]:
        """Per deal and seat, :attr:`Outcome.scores <briscola.Outcome>`: 1
        for each seat of the side with the most points, 0 for the others
        and for everyone on a tie (in bastardo, the contract's zero-sum
        scores; zero after a void auction); zero where the deal is not
        over (a new int array of shape ``(size, players)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).scores().tolist()
        [[0, 0], [0, 0]]
        """
        scores = np.zeros((self.size, self.rules.players), dtype=np.int64)
        self._deal_scores(self._r, self._d, scores)
        return scores

    # -- stepping ----------------------------------------------------------

    def step(self, actions: ArrayLike) -> None:
        """Take one action in every deal that is not over.

        Args:
            actions: An int array of shape ``(size,)`` of ``E`` indices;
                ignored where the deal is over (``-1`` is fine there).

        Raises:
            ValueError: If ``actions`` has the wrong shape or type, or an
                index is not legal in a deal that goes on (the message
                names the first such deal); the batch is then unchanged.

        >>> from briscola import preset
        >>> batch = BatchGame(preset("italian-2p"), 2)
        >>> batch.step(batch.legal_mask().argmax(axis=1))
        >>> batch.to_move.tolist()
        [1, 1]
        >>> batch.step(np.array([-1, -1]))
        Traceback (most recent call last):
        ...
        ValueError: deal 0: action -1 is not legal for seat 1 (legal: ...)
        """
        given = np.asarray(actions)
        if given.shape != (self.size,) or given.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be an int array of shape ({self.size},), "
                f"not one of {_shape_and_type(given)}"
            )
        action = self._actions
        action[:, 0] = given  # out-of-range unsigned values wrap to illegal ones
        d = self._d
        i = int(self._first_illegal(self._r, d, action))
        if i >= 0:
            choices = np.flatnonzero(d.mask[i]).tolist()
            raise ValueError(
                f"deal {i}: action {given[i]} is not legal for seat {d.mover[i]} (legal: {choices})"
            )
        self._step_deals(self._r, d, action)

    def play_out(
        self,
        policy: str = "random",
        seed: int | None = None,
    ) -> NDArray[np.int64]:
        """Play every deal that goes on to its end, inside the kernels, and
        return :meth:`points`.

        Args:
            policy: ``"random"``: uniform over the legal actions but table
                talk (as :func:`briscola.bots.random_rollout`); or
                ``"greedy"``: :func:`briscola.bots.greedy_rollout`'s rules
                of thumb (the same card, deal by deal; at random outside
                trick play).
            seed: An int that seeds the play-out's random choices (the
                same seed plays the same deals again); ``None`` for fresh
                ones.

        Returns:
            The points, as :meth:`points` gives them.

        Raises:
            ValueError: If ``policy`` is neither ``"random"`` nor
                ``"greedy"``.

        >>> from briscola import preset
        >>> batch = BatchGame(preset("italian-2p"), 4)
        >>> batch.reset(seed=1)
        >>> batch.play_out("greedy", seed=1).sum(axis=1).tolist()
        [120, 120, 120, 120]
        >>> batch.is_over.all()
        np.True_
        """
        if policy not in ("random", "greedy"):
            raise ValueError(f"policy must be 'random' or 'greedy', not {policy!r}")
        state = seeded(np.random.default_rng(seed), 1)
        self._play_out_deals(self._r, self._d, policy == "greedy", state)
        return self.points()

    # -- checking ------------------------------------------------------------

    def _places(self) -> NDArray[np.int8]:
        """Where each card of each deal lies (a testing aid): per deal and
        slot, the seat holding it (0 to n - 1), ``n + seat`` for a pile,
        ``2n`` in the stock, ``2n + 1`` the face-up card, ``2n + 2`` on the
        table, ``-1`` in no place or in several (an error)."""
        d = self._d
        n, p, b = self.rules.players, self._r.cards, self.size
        places = np.full((b, p), -1, dtype=np.int8)
        count = np.zeros((b, p), dtype=np.int8)
        for seat in range(n):
            held = d.hands[:, seat, :]
            places[held] = seat
            count += held
        piled = d.pile >= 0
        places[piled] = n + d.pile[piled]
        count += piled
        everyone = np.arange(b)
        positions = np.arange(d.stock.shape[1])[None, :]
        in_stock_at = (positions >= d.top[:, None]) & (positions < (d.top + d.left)[:, None])
        in_stock = np.zeros((b, p + 1), dtype=bool)
        in_stock[everyone[:, None], np.where(in_stock_at, d.stock, p)] = True
        in_stock = in_stock[:, :p]
        places[in_stock] = 2 * n
        count += in_stock
        face = np.zeros((b, p), dtype=bool)
        face[everyone, d.face] = d.up
        places[face] = 2 * n + 1
        count += face
        table = np.zeros((b, p + 1), dtype=bool)
        on_table = np.arange(d.trick.shape[1]) < d.played[:, None]
        table[everyone[:, None], np.where(on_table, d.trick, p)] = True
        table = table[:, :p]
        places[table] = 2 * n + 2
        count += table
        places[count != 1] = -1
        cutting = d.phase == CUT_PHASE
        places[cutting] = 2 * n
        return places


def _shape_and_type(array: NDArray[np.generic]) -> str:
    return f"shape {array.shape}" if array.dtype.kind in "iu" else f"type {array.dtype}"
