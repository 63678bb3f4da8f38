"""The batched engine: :class:`BatchGame` (internal; the public names are
re-exported by :mod:`briscola.vector`).

Cards are held as their slot in the rules' pack (the ``play`` index of
:mod:`briscola.encoding`), in small integer and boolean arrays over the
batch. Every seat's encoded observation is kept up to date as the deals
go on, entry by entry, so that :meth:`BatchGame.observations` is one
gather of rows. The rule tables are those of :mod:`briscola.vector._tables`;
the arrays are allocated in :mod:`briscola.vector._held`, the cards dealt
in :mod:`briscola.vector._dealing` and the auction run in
:mod:`briscola.vector._bidding`; the tricks are played here.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._rules import (
    DEAL_CUT,
    DEAL_CUT_OR_KNOCK,
    DEAL_KNOCK,
    EXCHANGE_SEVEN_AFTER_WIN,
    EXCHANGE_TWO_FIRST_TRICK,
    Rules,
)
from ._bidding import Bidding
from ._dealing import Dealing
from ._tables import BIDDING as _BIDDING
from ._tables import CALLING as _CALLING
from ._tables import CUT_PHASE as _CUT_PHASE
from ._tables import OVER as _OVER
from ._tables import PLAYING as _PLAYING
from ._tables import Ints, Tables, unsupported

__all__ = ["BatchGame"]


class BatchGame(Dealing, Bidding):
    """``size`` deals of one :class:`~briscola.Rules`, held in NumPy arrays
    and stepped together.

    With ``E = briscola.encoding.encoding_for(rules)``: :attr:`to_move`,
    :attr:`is_over`, :meth:`legal_mask`, :meth:`observations`,
    :meth:`points` and :meth:`scores` give, row by row, what
    :func:`~briscola.legal_actions` (as ``E.mask``), ``E.encode(observe(...))``
    and :func:`~briscola.outcome` give for each deal; :meth:`step` applies
    one action index of ``E`` per deal. The batch is dealt at random when
    built; :meth:`reset` deals it anew. Every array handed out is a new
    one: keep it or change it as you like.

    Supported (see :func:`unsupported`): every preset, that is
    ``italian-2p``, ``italian-3p``, ``italian-4p``, ``italian-5p``,
    ``italian-6p``, ``italian-6p-pairs``, ``briscacard-3p``,
    ``finnish-2p``, ``finnish-3p``, ``finnish-4p``, ``finnish-6p``,
    ``split-2p``, ``split-4p``, ``split-5p``, ``split-dupla-2p``,
    ``split-dupla-4p``, ``romanian-2p``, ``romanian-4p``,
    ``spanish-2p``, ``spanish-4p``, ``portuguese-2p``, ``bastardo`` and
    ``chiamata``, and the rules evolved from them but for a cut deal or a
    knocked deal alone (without Split's choice between them). In
    bastardo each deal's call makes its sides: :meth:`points` and
    :meth:`scores` read its contract. With a trump exchange, table talk
    or an auction the deals of a batch fall out of step (an exchange, a
    word or a sign leaves the same seat to move; each auction takes its
    own number of bids, and a void one ends the deal), so they may end
    at different steps: :attr:`is_over` says which.

    Args:
        rules: The rules of every deal.
        size: The number of deals, at least 1.

    Raises:
        ValueError: If the batched engine does not handle ``rules`` yet
            (the message says which rule), or ``size`` is not a positive
            int.

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
    ValueError: BatchGame cannot hold these rules: the knock deal is not yet supported
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
        t = Tables(rules)
        super().__init__(t, self.size)
        self.reset()

    def __repr__(self) -> str:
        return f"BatchGame(<{self.rules.players}-seat rules>, {self.size})"

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
            seed: Shuffle the packs with ``numpy.random.default_rng(seed)``
                (deal ``i`` need not match ``new_game(seed=...)``); with
                neither ``seed`` nor ``decks``, at random.
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
                unchanged, and nothing was drawn from a generator given
                as ``seed``.

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
        t = self._t
        b, n, p = self.size, t.n, t.size
        if decks is not None:
            if seed is not None:
                raise ValueError("give reset a seed or decks, not both")
            given = np.asarray(decks)
            if given.shape != (b, p) or given.dtype.kind not in "iu":
                raise ValueError(
                    f"decks must be an int array of shape ({b}, {p}), "
                    f"not one of {_shape_and_type(given)}"
                )
            inside = (given >= 0) & (given < 40)
            slots = t.slot[np.where(inside, given, 0)]
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
            order = slots.astype(np.int8)
        if dealers is None:
            dealer = np.full(b, n - 1, dtype=np.intp)
        else:
            given = np.asarray(dealers)
            if given.shape != (b,) or given.dtype.kind not in "iu":
                raise ValueError(
                    f"dealers must be an int array of shape ({b},), "
                    f"not one of {_shape_and_type(given)}"
                )
            bad = (given < 0) | (given >= n)
            if bad.any():
                i = int(np.argmax(bad))
                raise ValueError(f"deal {i}: a dealer is a seat from 0 to {n - 1}, not {given[i]}")
            dealer = given.astype(np.intp)
        if decks is None:  # shuffled only once every argument is checked
            rng = np.random.default_rng(seed)
            order = rng.permuted(np.broadcast_to(np.arange(p, dtype=np.int8), (b, p)), axis=1)
        self._deck[:] = order
        self._dealer[:] = dealer
        self._view[:] = 0.0
        self._acts[:] = False
        self._count[:] = 0
        self._drawn_by[:] = -1
        self._buried[:] = -1
        self._public[:] = False
        self._taken[:] = 0
        self._side_won[:] = 0
        self._won[:] = 0
        self._pile[:] = -1
        self._stock_at[:] = -1
        self._played[:] = 0
        self._top[:] = 0
        self._up[:] = False
        self._swapped[:] = False
        self._talked[:] = 0
        self._over[:] = False
        self._stage[:] = t.dealt_phase
        self._high[:] = -1
        self._declarer[:] = -1
        self._passed[:] = 0
        self._called[:] = -1
        self._partner[:] = -1
        # Talk leaves the same seat to move, and auctions take their own
        # number of bids: deals fall out of step at once.
        self._in_step = not t.talk and not t.auction
        if self.rules.deal is DEAL_CUT_OR_KNOCK:
            self._wait_for_cut()
        else:
            self._deal(self._everyone, self.rules.deal)

    # -- reading -----------------------------------------------------------

    @property
    def to_move(self) -> NDArray[np.intp]:
        """The seat to move in each deal, ``-1`` where the deal is over (a
        new array of shape ``(size,)``).

        >>> from briscola import preset
        >>> BatchGame(preset("split-2p"), 2).to_move.tolist()
        [0, 0]
        """
        seats: NDArray[np.intp] = np.where(self._over, -1, self._mover)
        return seats

    @property
    def is_over(self) -> NDArray[np.bool_]:
        """Whether each deal is over (a new bool array of shape ``(size,)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).is_over.tolist()
        [False, False]
        """
        over: NDArray[np.bool_] = self._over.copy()
        return over

    def legal_mask(self) -> NDArray[np.bool_]:
        """The legal actions of each deal: a new bool array of shape
        ``(size, E.num_actions)`` whose row ``i`` is ``E.mask`` of deal
        ``i`` (all false where the deal is over).

        >>> from briscola import preset
        >>> batch = BatchGame(preset("split-2p"), 2)
        >>> batch.legal_mask()[:, 40:].tolist()
        [[True, True], [True, True]]
        """
        t = self._t
        mask: NDArray[np.bool_] = self._acts.reshape(-1, t.actions).take(
            self._seat_rows + self._mover, axis=0, mode="clip"
        )
        if t.swap >= 0:
            mask[:, t.swap : t.swap + t.size] = self._swaps()
        if t.talk:
            may = self._may_talk()
            talked = self._talked
            mask[:, t.say : t.sign] = (may & (talked & 1 == 0))[:, None]
            mask[:, t.sign :] = (may & (talked & 2 == 0))[:, None]
        if t.auction:
            self._auction_mask(mask)
        if self._over.any():
            mask[self._over] = False
        return mask

    def _may_talk(self) -> NDArray[np.bool_]:
        """Per deal, whether talk is still allowed (the engine's
        ``may_talk``): in trick play, until the stock and the face-up card
        have been drawn."""
        if self._phase != _PLAYING:
            return np.zeros(self.size, dtype=bool)
        may: NDArray[np.bool_] = (self._left > 0) | self._up
        return may

    def _swaps(self) -> NDArray[np.bool_]:
        """Per deal and slot, whether the seat to move may give that card
        for the face-up trump card now (the engine's ``why_no_swap``)."""
        t = self._t
        everyone = self._everyone
        mover = self._mover
        may = t.gives[self._face] & self._acts[everyone, mover, : t.size]
        now = self._up & ~self._over
        if self._phase != _PLAYING:
            now[:] = False
        if t.exchange is EXCHANGE_TWO_FIRST_TRICK:
            now &= ~self._won.any(axis=1)
        else:
            side_won = self._side_won[everyone, t.side_of[mover]] > 0
            if t.exchange is EXCHANGE_SEVEN_AFTER_WIN:
                now &= side_won & (self._left + 1 >= 2 * t.trick)
            else:
                now &= side_won if t.side_wins else self._won[everyone, mover] > 0
                now &= (self._left > 0) & ~self._swapped
        swaps: NDArray[np.bool_] = may & now[:, None]
        return swaps

    def observations(self, seats: ArrayLike | None = None) -> NDArray[np.float32]:
        """The encoded observations: a new float32 array of shape
        ``(size, E.observation_size)`` whose row ``i`` equals
        ``E.encode(observe(state_i, seat_i))``.

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
        t = self._t
        if seats is None:
            seat = self._mover
        else:
            given = np.asarray(seats)
            n = t.n
            if given.shape != (self.size,) or given.dtype.kind not in "iu":
                raise ValueError(
                    f"seats must be an int array of shape ({self.size},), "
                    f"not one of {_shape_and_type(given)}"
                )
            bad = (given < 0) | (given >= n)
            if bad.any():
                i = int(np.argmax(bad))
                raise ValueError(f"deal {i}: a seat is from 0 to {n - 1}, not {given[i]}")
            seat = given.astype(np.intp)
        rows: NDArray[np.float32] = self._view.reshape(-1, t.width).take(
            self._seat_rows + seat, axis=0, mode="clip"
        )
        if seats is None and self._over.any():
            rows[self._over] = 0.0
        return rows

    def points(self) -> NDArray[np.intp]:
        """Per deal and seat, the card points of the seat's side in the
        deal's :func:`~briscola.outcome` (in bastardo, of the declarer's
        side or the others'; zero after a void auction); zero where the
        deal is not over (a new int array of shape ``(size, players)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).points().tolist()
        [[0, 0], [0, 0]]
        """
        t = self._t
        if t.auction:
            played, declarer, partner, taken = self._contract()
            points: NDArray[np.intp] = np.where(
                t.ours[declarer, partner], taken[:, None], t.total - taken[:, None]
            )
            points[~played] = 0
            return points
        points = self._taken[:, t.side_of]
        points[~self._over] = 0
        return points

    def scores(self) -> NDArray[np.intp]:
        """Per deal and seat, :attr:`Outcome.scores <briscola.Outcome>`: 1
        for each seat of the side with the most points, 0 for the others
        and for everyone on a tie (in bastardo, the contract's zero-sum
        scores; zero after a void auction); zero where the deal is not
        over (a new int array of shape ``(size, players)``).

        >>> from briscola import preset
        >>> BatchGame(preset("italian-2p"), 2).scores().tolist()
        [[0, 0], [0, 0]]
        """
        t = self._t
        if t.auction:
            played, declarer, partner, taken = self._contract()
            made = taken >= t.bid_points[np.maximum(self._high, 0)]
            every = (taken == 0) | (taken == t.total)
            scores: NDArray[np.intp] = t.contract_scores[
                declarer, partner, made.astype(np.intp), every.astype(np.intp)
            ]
            scores[~played] = 0
            return scores
        points = self._taken
        top = points == points.max(axis=1, keepdims=True)
        alone = top.sum(axis=1, keepdims=True) == 1
        scores = (top & alone)[:, t.side_of].astype(np.intp)
        scores[~self._over] = 0
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
        t = self._t
        given = np.asarray(actions)
        if given.shape != (self.size,) or given.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be an int array of shape ({self.size},), "
                f"not one of {_shape_and_type(given)}"
            )
        over = self._over
        ended = bool(over.any())
        if ended and over.all():
            return
        rows = self._seat_rows + self._mover
        action = given.astype(np.intp, copy=False)
        if ended:
            action = np.where(over, 0, action)  # a finished deal's action is ignored
        if not (action.min() >= 0 and action.max() < t.actions):
            self._refuse(given)
        acts = self._acts.reshape(-1)
        swap = None
        if t.swap >= 0:
            swap = action >= t.swap
            swap &= action < t.swap + t.size
            if swap.any():
                # _acts holds the plays; the exchanges are worked out.
                card = np.where(swap, action - t.swap, action)
                legal = np.where(
                    swap, self._swaps()[self._everyone, card], acts[rows * t.actions + card]
                )
                action = card
            else:
                swap = None
        if swap is None:
            legal = acts[rows * t.actions + action]
        talk = None
        if t.talk:
            talk = action >= t.say
            if talk.any():
                # _acts holds the plays; what talk is allowed is worked out.
                used = np.where(action >= t.sign, 2, 1).astype(np.int8)
                allowed = self._may_talk() & (self._talked & used == 0)
                legal = np.where(talk, allowed, legal)
            else:
                talk = None
        if t.auction:
            legal = self._auction_legal(action, legal)
        if ended:
            legal |= over
        if not legal.all():
            self._refuse(given)
        if self._phase == _CUT_PHASE:
            knock = action == t.cut + 1
            self._deal(np.flatnonzero(~knock), DEAL_CUT)
            self._deal(np.flatnonzero(knock), DEAL_KNOCK)
            return
        where = rows * t.actions + action
        if t.auction:
            # Each deal at its own stage: bidding, calling or playing.
            stage = self._stage
            going = ~over
            bidding = np.flatnonzero(going & (stage == _BIDDING))
            calling = np.flatnonzero(going & (stage == _CALLING))
            deals = np.flatnonzero(going & (stage == _PLAYING))
            if len(bidding):
                self._bid(bidding, action[bidding])
            if len(calling):
                self._call(calling, action[calling] - t.call_at)
            self._play(deals, action[deals], where[deals])
            return
        if talk is not None:
            self._talk(np.flatnonzero(talk & ~over), action)
            deals = np.flatnonzero(~talk & ~over)
            self._play(deals, action[deals], where[deals])
        elif swap is not None:
            self._swap(np.flatnonzero(swap), action[swap])
            plays = ~swap if not ended else ~swap & ~over
            deals = np.flatnonzero(plays)
            self._play(deals, action[deals], where[deals])
        elif ended or not self._in_step:
            deals = np.flatnonzero(~over)
            self._play(deals, action[deals], where[deals])
        else:
            self._play(None, action, where)

    def _refuse(self, given: NDArray[np.integer]) -> None:
        """Raise the ValueError for the first deal where ``given`` is not
        legal."""
        t = self._t
        mask = self.legal_mask()
        inside = (given >= 0) & (given < t.actions)
        legal = mask[self._everyone, np.where(inside, given, 0)] & inside | self._over
        i = int(np.argmin(legal))
        choices = np.flatnonzero(mask[i]).tolist()
        raise ValueError(
            f"deal {i}: action {given[i]} is not legal for seat {self._mover[i]} (legal: {choices})"
        )

    def _on(self, base: Ints, offsets: Ints) -> Ints:
        """The flat entries of ``offsets`` (per deal, within its views)
        for the deals whose views start at ``base``: with every deal
        (``_base_column``), added to a base repeated to their width, as
        a plain add of two arrays of one shape is cheaper than one that
        broadcasts a column."""
        if base is not self._base_column:
            return offsets + base
        width = offsets.shape[-1]
        repeated = self._repeated.get(width)
        if repeated is None:
            repeated = self._repeated[width] = np.repeat(base, width, axis=1)
        entries: Ints = offsets + repeated
        return entries

    def _swap(self, deals: Ints, card: Ints) -> None:
        """Give ``card`` (a slot) for the face-up trump card in ``deals``
        (the engine's ``apply_swap``): the seat to move takes the face-up
        card into its hand, ``card`` lies face up, the same seat moves."""
        if not len(deals):
            return
        t = self._t
        seat = self._mover[deals]
        face = self._face[deals]
        self._acts[deals, seat, card] = False
        self._acts[deals, seat, face] = True
        flat = self._flat
        base = self._base[deals, None]
        own = self._base[deals] + seat * t.width + t.at_hand
        flat[own + card] = 0.0
        flat[own + face] = 1.0
        # Everyone saw the card taken (it lay face up) and the card given.
        flat[base + t.known_at[seat] + card[:, None]] = 0.0
        flat[base + t.known_at[seat] + face[:, None]] = 1.0
        flat[base + t.given_at[seat] + card[:, None]] = 1.0
        flat[base + t.face_up_at + face[:, None]] = 0.0
        flat[base + t.face_up_at + card[:, None]] = 1.0
        self._face[deals] = card
        self._swapped[deals] = True
        self._in_step = False

    def _talk(self, deals: Ints, action: Ints) -> None:
        """The seat to move in ``deals`` says the word or makes the sign
        of its ``action`` (the engine's ``apply_say`` and ``apply_sign``):
        only the views and what the turn has used change."""
        t = self._t
        seat = self._mover[deals]
        given = action[deals]
        flat = self._flat
        said = given < t.sign
        if said.any():
            speakers = deals[said]
            entries = t.word_at[seat[said]] + (given[said] - t.say)[:, None]
            flat[self._base[speakers, None] + entries] = 1.0
            self._talked[speakers] |= 1
        signed = ~said
        if signed.any():
            signers = deals[signed]
            entries = t.sign_at[seat[signed]] + (given[signed] - t.sign)[:, None]
            flat[self._base[signers, None] + entries] = 1.0
            self._talked[signers] |= 2

    def _play(self, deals: Ints | None, card: Ints, where: Ints) -> None:
        """Play ``card`` (a slot) for the seat to move in ``deals``, or in
        every deal when ``None`` and the deals are in step (the engine's
        ``apply_play``); ``where`` is the card's entry in the flat
        ``_acts``."""
        t = self._t
        self._acts.reshape(-1)[where] = False
        count = self._count.reshape(-1)
        k: Ints | int
        if deals is None:
            # In step: every deal at the same place of its trick, every
            # mover with as many cards.
            base = self._base_column
            seat = self._mover
            at = self._seat_rows + seat
            k = int(self._played[0])
            left: Ints | int = int(count[at[0]]) - 1
            count[at] = left
            self._trick[:, k] = card
            if k == 0:
                self._leader = seat.copy()
        else:
            if not len(deals):
                return
            base = self._base[deals, None]
            seat = self._mover[deals]
            at = self._seat_rows[deals] + seat
            k = self._played[deals]
            left = count[at] - 1
            count[at] = left
            self._trick[deals, k] = card
            first = k == 0
            self._leader[deals[first]] = seat[first]
            if t.auction:
                # The called card played: everyone knows the partner now.
                shown = card == self._called[deals]
                if shown.any():
                    partner = self._partner[deals[shown]]
                    self._flat[base[shown] + t.partner_at[partner]] = 1.0
        # The entries set and cleared (see Tables): the card's, and the
        # seats' (the mover's size, the next seat to move).
        self._flat[self._on(base, t.step_at[k, seat * t.size + card])] = t.step_value[left]
        k += 1
        if deals is None:
            if k < t.trick:
                self._played[:] = k
                self._mover = t.next_seat[seat]
            else:
                self._played[:] = 0
                self._end_trick(None)
            return
        self._swapped[deals] = False
        if t.talk:
            self._talked[deals] = 0
        done: NDArray[np.bool_] = np.asarray(k == t.trick)
        self._played[deals] = np.where(done, 0, k)
        going = ~done
        self._mover[deals[going]] = t.next_seat[seat[going]]
        if done.any():
            self._end_trick(deals[done])

    def _end_trick(self, deals: Ints | None) -> None:
        """Collect the complete tricks of ``deals`` (of every deal, in step,
        when ``None``), draw, and end the deals after their last trick
        (the engine's ``_complete_trick``)."""
        t = self._t
        flat = self._flat
        if deals is None:
            rows = self._everyone
            base = self._base_column
            cards = self._trick
            trump = self._trump
            leader = self._leader
        else:
            rows = deals
            base = self._base[deals, None]
            cards = self._trick[deals]
            trump = self._trump[deals]
            leader = self._leader[deals]
        best = cards[:, 0]
        at = np.zeros(len(rows), dtype=np.intp)
        for j in range(1, t.trick):
            takes = t.beats[trump, best, cards[:, j]]
            best = np.where(takes, cards[:, j], best)
            at[takes] = j
        winner = t.trick_order[leader, at]
        side = rows * t.sides + t.side_of[winner]
        taken = self._taken.reshape(-1)
        points = taken[side]
        for j in range(t.trick):
            points += t.points[cards[:, j]]
        taken[side] = points
        side_won = self._side_won.reshape(-1)
        tricks = side_won[side] + 1
        side_won[side] = tricks
        won = self._won.reshape(-1)
        seat = rows * t.n + winner
        won[seat] += 1
        self._pile.reshape(-1)[(rows * t.size)[:, None] + cards] = t.pile_of[winner][:, None]
        # The trick leaves the table; the piles grow.
        flat[self._on(base, t.trick_clear_at + cards[:, t.trick_columns])] = 0.0
        if t.talk:
            flat[base + t.words_clear_at] = 0.0
        flat[self._on(base, t.leader_at[leader])] = 0.0
        flat[self._on(base, t.points_at[winner])] = t.points_value[points][:, None]
        flat[self._on(base, t.tricks_at[winner])] = t.tricks_value[tricks][:, None]
        if deals is None:
            self._mover = winner
            if self._up[0]:
                self._draw_from(None, winner, int(self._left[0]))
                if t.most_buried:
                    self._write_stock_known(rows)
                flat[self._on(base, t.to_move_at[winner])] = 1.0
                return
            up = self._up
        else:
            self._mover[deals] = winner
            up = self._up[deals]
            if up.any():
                self._draw(rows[up], winner[up])
        # The stock was gone: a deal ends when the winner's hand is.
        empty = ~up & (self._count.reshape(-1)[seat] == 0)
        if empty.any():
            finished = rows[empty]
            self._over[finished] = True
            self._view[finished, :, t.at_phase + _PLAYING] = 0.0
            self._view[finished, :, t.at_phase + _OVER] = 1.0
            going = ~empty
            flat[base[going] + t.to_move_at[winner[going]]] = 1.0
        else:
            flat[self._on(base, t.to_move_at[winner])] = 1.0

    def _draw(self, deals: Ints, winner: Ints) -> None:
        """Draw in ``deals`` after ``winner`` took the trick, the deals
        grouped by the cards left in their stock (see :meth:`_draw_from`)."""
        left = self._left[deals]
        low = int(left.min())
        if low == left.max():
            self._draw_from(deals, winner, low)
        else:
            for size in np.unique(left).tolist():
                same = left == size
                self._draw_from(deals[same], winner[same], size)
        if self._t.most_buried:
            self._write_stock_known(deals)

    def _draw_from(self, deals: Ints | None, winner: Ints, left: int) -> None:
        """The draw after a trick in ``deals`` (every deal, in step, when
        ``None``), each with ``left`` cards in the stock: the stock's
        cards in turn from the winner, then the face-up trump card when
        the stock runs out (Table.drawers)."""
        t = self._t
        n = t.n
        flat = self._flat
        view = self._view
        draws = int(t.draws[left])
        last_face_up = bool(t.takes_face_up[left])
        drawn = draws - last_face_up
        drawer = (winner[:, None] + t.draw_seat[left, :draws]) % n  # (m, draws)
        card = np.empty((len(winner), draws), dtype=np.intp)
        sel: Ints | slice
        if deals is None:
            rows, sel = self._everyone, slice(None)
            base = self._base_column
            top: Ints | int = int(self._top[0])
            card[:, :drawn] = self._stock[:, top : top + drawn]
            if last_face_up:
                card[:, -1] = self._face
        else:
            rows = sel = deals
            base = self._base[deals, None]
            top = self._top[deals]
            card[:, :drawn] = self._stock[deals[:, None], top[:, None] + np.arange(drawn)]
            if last_face_up:
                card[:, -1] = self._face[deals]
        seat_rows = self._seat_rows[rows, None]
        self._acts.reshape(-1)[(seat_rows + drawer) * t.actions + card] = True
        count = self._count.reshape(-1)
        count[seat_rows + (winner[:, None] + t.seats) % n] += t.draws_by[left]
        flat[self._on(base, drawer * t.width + t.at_hand + card)] = 1.0
        if last_face_up:
            # Everyone saw the face-up card go to the drawer.
            taker = drawer[:, -1]
            face = card[:, -1:]
            flat[self._on(base, t.known_at[taker] + face)] = 1.0
            flat[self._on(base, t.face_up_at + face)] = 0.0
            flat[self._on(base, t.drawn_at[taker])] = 1.0
            self._drawn_by[sel] = taker
            self._up[sel] = False
            if t.shows_after_stock:
                # The stock is gone: partners see each other's hands.
                hands = self._acts[:, :, : t.size]
                for viewer, partner, known, _ in t.partners:
                    start = known - viewer * t.width
                    view[sel, viewer, start : start + t.size] = hands[sel, partner]
        if t.most_buried:
            for j in range(drawn):
                seen = self._public[rows, card[:, j]]
                if seen.any():
                    shown = t.known_at[drawer[seen, j]] + card[seen, j, None]
                    flat[base[seen] + shown] = 1.0
        self._top[sel] = top + drawn
        remaining = left - drawn
        self._left[sel] = remaining
        view[sel, :, t.at_stock] = t.stock_value[remaining]
        held = self._count[sel]
        if (held == held[0, 0]).all():
            view[sel, :, t.at_sizes : t.at_sizes + n] = t.size_value[held[0, 0]]
        else:
            flat[self._on(base, t.all_sizes_at)] = t.size_value[held][:, t.all_sizes_seat]

    # -- checking ------------------------------------------------------------

    def _places(self) -> NDArray[np.int8]:
        """Where each card of each deal lies (a testing aid): per deal and
        slot, the seat holding it (0 to n - 1), ``n + seat`` for a pile,
        ``2n`` in the stock, ``2n + 1`` the face-up card, ``2n + 2`` on the
        table, ``-1`` in no place or in several (an error)."""
        t = self._t
        n, p, b = t.n, t.size, self.size
        places = np.full((b, p), -1, dtype=np.int8)
        count = np.zeros((b, p), dtype=np.int8)
        everyone = self._everyone
        if self._phase == _CUT_PHASE:
            return np.full((b, p), 2 * n, dtype=np.int8)
        for seat in range(n):
            held = self._acts[:, seat, :p]
            places[held] = seat
            count += held
        piled = self._pile >= 0
        places[piled] = n + self._pile[piled]
        count += piled
        where = self._stock_at.astype(np.intp)
        top = self._top[:, None]
        in_stock = (where >= top) & (where < top + self._left[:, None])
        places[in_stock] = 2 * n
        count += in_stock
        face = np.zeros((b, p), dtype=bool)
        face[everyone, self._face] = self._up
        places[face] = 2 * n + 1
        count += face
        table = np.zeros((b, p + 1), dtype=bool)  # column p for no card
        on_table = np.arange(t.trick) < self._played[:, None]
        table[everyone[:, None], np.where(on_table, self._trick, p)] = True
        table = table[:, :p]
        places[table] = 2 * n + 2
        count += table
        places[count != 1] = -1
        return places


def _shape_and_type(array: NDArray[np.generic]) -> str:
    return f"shape {array.shape}" if array.dtype.kind in "iu" else f"type {array.dtype}"
