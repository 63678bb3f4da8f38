"""The public transition functions: ``legal_actions``, ``apply``,
``outcome``, for a deal or a match."""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

from ._actions import (
    CUT,
    KNOCK,
    Action,
    Bid,
    Call,
    Cut,
    IllegalActionError,
    Knock,
    Pass,
    Play,
    SwapTrump,
)
from ._bastardo import (
    apply_bid,
    apply_call,
    apply_pass,
    auction_actions,
    bastardo_outcome,
    call_actions,
)
from ._deal import deal_cards
from ._play import PLAY_OF, apply_play, apply_swap, play_actions
from ._rules import DealStyle, Rules
from ._state import GameState, Outcome, Phase

if TYPE_CHECKING:
    from ._match import MatchState

__all__ = ["legal_actions", "apply", "outcome", "is_legal"]

# Enum members as module constants: on Python 3.11 an attribute lookup
# on an Enum class costs several times a global lookup.
_CUT = DealStyle.CUT
_KNOCK = DealStyle.KNOCK
_BIDDING = Phase.BIDDING
_CALLING = Phase.CALLING
_CUT_OR_KNOCK = Phase.CUT_OR_KNOCK
_OVER = Phase.OVER
_PLAYING = Phase.PLAYING

_ACTION_TYPES = (Play, Cut, Knock, SwapTrump, Bid, Pass, Call)
_PLAY = PLAY_OF


def legal_actions(state: GameState | MatchState) -> tuple[Action, ...]:
    """Every action the seat to move may take, in a fixed order.

    The order depends only on what the seat to move can see:

    - trick play: the allowed trump exchanges (:class:`~briscola.SwapTrump`),
      then one :class:`~briscola.Play` per card in hand, in hand order;
    - Split dealing: :class:`~briscola.Cut`, then :class:`~briscola.Knock`;
    - bastardo's auction: :class:`~briscola.Pass`, then every higher
      :class:`~briscola.Bid`, lowest first;
    - bastardo's call: a :class:`~briscola.Call` per callable card, in
      canonical pack order.

    Args:
        state: A deal (:class:`~briscola.GameState`) or a match
            (:class:`~briscola.MatchState`).

    Returns:
        The legal actions; empty exactly when the state is over.

    >>> from briscola import new_game, preset, legal_actions
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> [str(action) for action in legal_actions(state)]
    ['play the six of coins', 'play the knight of cups', 'play the seven of swords']
    """
    if type(state) is not GameState:
        return _match.match_legal_actions(state)  # type: ignore[arg-type]
    phase = state.phase
    if phase is _PLAYING:
        if state.setup.table.plain_play:
            hand = state.hands[state.to_move]  # type: ignore[index]
            # Spelled out for the usual hand sizes: twice as fast as map().
            size = len(hand)
            if size == 3:
                return (_PLAY[hand[0]], _PLAY[hand[1]], _PLAY[hand[2]])
            if size == 2:
                return (_PLAY[hand[0]], _PLAY[hand[1]])
            if size == 1:
                return (_PLAY[hand[0]],)
            return tuple(map(_PLAY.__getitem__, hand))
        return play_actions(state)
    if phase is _OVER:
        return ()
    if phase is _BIDDING:
        return auction_actions(state)
    if phase is _CALLING:
        return call_actions(state)
    return (CUT, KNOCK)


@overload
def apply(state: GameState, action: Action) -> GameState: ...
@overload
def apply(state: MatchState, action: Action) -> MatchState: ...
def apply(state: GameState | MatchState, action: Action) -> GameState | MatchState:
    """The state after the seat to move takes ``action``.

    ``apply`` is pure: it returns a new state of the same type and never
    changes the one given.

    Args:
        state: A deal or a match.
        action: One of :func:`legal_actions` (any equal action will do).

    Returns:
        The next state.

    Raises:
        IllegalActionError: If the rules do not allow ``action`` now; the
            message says why, and ``state`` is untouched.

    >>> from briscola import new_game, preset, apply, legal_actions, Play
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> after = apply(state, legal_actions(state)[0])
    >>> after.to_move, len(after.trick)
    (1, 1)
    >>> apply(after, Play(state.hands[0][0]))
    Traceback (most recent call last):
    ...
    briscola.IllegalActionError: seat 1 cannot play the six of coins: it is not in their hand
    """
    kind = type(action)
    if type(state) is not GameState:
        return _match.match_apply(state, action)  # type: ignore[arg-type]
    phase = state.phase
    if phase is _PLAYING:
        if kind is Play:
            return apply_play(state, action)  # type: ignore[arg-type]
        if kind is SwapTrump:
            return apply_swap(state, action)  # type: ignore[arg-type]
    elif phase is _BIDDING:
        if kind is Bid:
            return apply_bid(state, action)  # type: ignore[arg-type]
        if kind is Pass:
            return apply_pass(state, action)  # type: ignore[arg-type]
    elif phase is _CALLING:
        if kind is Call:
            return apply_call(state, action)  # type: ignore[arg-type]
    elif phase is _CUT_OR_KNOCK:
        if kind is Cut or kind is Knock:
            style = _CUT if kind is Cut else _KNOCK
            return deal_cards(
                state.rules,
                state.pack,
                state.dealer,
                style,
                (CUT,) if kind is Cut else (KNOCK,),
                (state.to_move,),  # type: ignore[arg-type]
            )
    raise IllegalActionError(_why_not_now(state, action))


_WAITING = {
    _CUT_OR_KNOCK: "the pack is waiting to be cut or knocked",
    _BIDDING: "the auction is under way",
    _CALLING: "the declarer is to call a card",
    _PLAYING: "tricks are being played",
}


def _why_not_now(state: GameState, action: object) -> str:
    if not isinstance(action, _ACTION_TYPES):
        return f"{action!r} is not an action"
    if state.phase is _OVER:
        return f"the deal is over: no one can {action}"
    return f"seat {state.to_move} cannot {action} now: {_WAITING[state.phase]}"


def is_legal(state: GameState | MatchState, action: Action) -> bool:
    """Whether :func:`apply` would accept ``action`` in ``state``.

    >>> from briscola import new_game, preset, is_legal, Pass
    >>> is_legal(new_game(preset("italian-2p"), seed=1), Pass())
    False
    """
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def outcome(state: GameState | MatchState) -> Outcome | None:
    """How a finished deal or match ended; ``None`` while it goes on.

    For a deal: the sides, their card points, the winners (the side with
    the most points; nobody on a tie or a void deal) and each seat's score
    for a match. For a match, see :class:`~briscola.MatchState`.

    >>> from briscola import new_game, preset, apply, legal_actions, outcome
    >>> state = new_game(preset("italian-2p"), seed=5)
    >>> outcome(state) is None
    True
    >>> while not state.is_over:
    ...     state = apply(state, legal_actions(state)[0])
    >>> result = outcome(state)
    >>> sum(result.points)
    120
    """
    if type(state) is not GameState:
        return _match.match_outcome(state)  # type: ignore[arg-type]
    if state.phase is not _OVER:
        return None
    if state.contract is not None:
        return bastardo_outcome(state)
    return deal_outcome(state)


def deal_outcome(state: GameState) -> Outcome:
    """The outcome of a finished deal with fixed sides."""
    points_of = state.setup.table.points
    points = tuple(
        sum(points_of[card.index] for seat in side for card in state.piles[seat])
        for side in state.rules.sides
    )
    return sides_outcome(state.rules, points)


def sides_outcome(rules: Rules, points: tuple[int, ...]) -> Outcome:
    """The outcome of a deal with fixed sides that took ``points``: the
    side with the most points wins; a shared top is a tie (SPEC §8)."""
    sides = rules.sides
    best = max(points)
    leaders = [i for i, p in enumerate(points) if p == best]
    winners = sides[leaders[0]] if len(leaders) == 1 else ()
    scores = tuple(1 if seat in winners else 0 for seat in range(rules.players))
    return Outcome(sides=sides, points=points, winners=winners, scores=scores)


# Matches build on the functions above; imported last to close the cycle.
from . import _match  # noqa: E402
