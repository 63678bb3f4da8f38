"""A player that evaluates a small trained network: :class:`LearnedBot`.
The network is :mod:`briscola.bots._network`'s, read from a weights file
by :mod:`briscola.bots._weights`."""

from __future__ import annotations

import math
import os
import random
import warnings
from collections.abc import Sequence
from typing import Literal, TypeAlias

from .._actions import Action
from .._observe import Observation
from .._rules import Rules
from ..encoding import encoding_for
from ._heuristic import HeuristicBot
from ._network import Network
from ._weights import load_weights, shipped_weights

__all__ = ["LearnedBot"]

Backend: TypeAlias = Literal["auto", "numpy", "python"]


def _numpy_available() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


class LearnedBot:
    """Plays the action its network likes best: the network reads the
    seat's encoded observation (:meth:`briscola.encoding.Encoding.encode`)
    and gives a logit per action index; the legal action with the highest
    logit is played. The networks were fitted to :class:`StrongBot`'s
    values of the legal actions, and italian-2p's then trained further by
    self-play and fitted again to the search it guides (the "Bots" guide
    says how, and how strong the result is);
    they ship with the package for the rules the guide lists,
    keyed by the whole rules. For other rules it plays as
    :class:`HeuristicBot`, and says so once, with a warning, when it is
    first asked to choose under those rules.

    A move costs well under a millisecond with NumPy installed; without
    it, the same network is evaluated in plain Python, a few milliseconds
    a move.

    Args:
        weights: The path of a weights file to play from, instead of the shipped
            ones (the format is in the "Bots" guide).
        temperature: 0 plays the best action; above 0 draws an action from
            the softmax of the logits divided by it (from ``rng``).
        backend: ``"numpy"``, ``"python"``, or ``"auto"`` (NumPy when it
            imports).

    Raises:
        ValueError: If the weights file is malformed or for another
            observation layout, or an argument is out of range.

    >>> from briscola import preset, outcome
    >>> from briscola.bots import HeuristicBot, play_deal
    >>> state = play_deal(preset("italian-2p"), [LearnedBot(), HeuristicBot()], seed=1)
    >>> sum(outcome(state).points)
    120
    """

    def __init__(
        self,
        weights: str | os.PathLike[str] | None = None,
        *,
        temperature: float = 0.0,
        backend: Backend = "auto",
    ) -> None:
        if not 0 <= temperature < math.inf:
            raise ValueError(f"temperature must be 0 or more, not {temperature!r}")
        if backend not in ("auto", "numpy", "python"):
            raise ValueError(f"backend must be 'auto', 'numpy' or 'python', not {backend!r}")
        self.weights = weights
        self.temperature = temperature
        self.backend = backend
        self._networks = None if weights is None else [load_weights(weights)]
        self._numpy = backend == "numpy" or (backend == "auto" and _numpy_available())
        self._rules: Rules | None = None
        self._network: Network | None = None
        self._warned = False
        self._heuristic = HeuristicBot()

    def __repr__(self) -> str:
        options = [] if self.weights is None else [repr(os.fspath(self.weights))]
        if self.temperature:
            options.append(f"temperature={self.temperature!r}")
        if self.backend != "auto":
            options.append(f"backend={self.backend!r}")
        return f"LearnedBot({', '.join(options)})"

    def has_weights(self, rules: Rules) -> bool:
        """Whether the bot has a network for ``rules`` (else it plays them
        as :class:`HeuristicBot`).

        Args:
            rules: The rules of a deal.

        Returns:
            ``True`` if its weights were trained for exactly these rules.

        >>> from briscola import preset
        >>> LearnedBot().has_weights(preset("italian-2p"))
        True
        >>> LearnedBot().has_weights(preset("spanish-2p"))
        False
        """
        return self._network_for(rules) is not None

    def _network_for(self, rules: Rules) -> Network | None:
        networks = shipped_weights() if self._networks is None else self._networks
        return next((net for net in networks if net.rules == rules), None)

    def _network_in(self, rules: Rules, warn: bool) -> Network | None:
        """The network for ``rules``, looked up once per rules in a row;
        with ``warn``, the first time rules without one are met says so."""
        if rules is not self._rules:
            if self._rules is None or rules != self._rules:
                self._network = self._network_for(rules)
                self._warned = False
            self._rules = rules
        if warn and self._network is None and not self._warned:
            self._warned = True
            warnings.warn(
                "LearnedBot has no weights for these rules; it plays as "
                "HeuristicBot (the 'Bots' guide lists the rules with weights)",
                stacklevel=3,
            )
        return self._network

    def _scores(
        self, network: Network, observation: Observation, legal: Sequence[Action]
    ) -> list[float]:
        """The network's logit of each action of ``legal``, in order."""
        encoding = encoding_for(observation.rules)
        vector = encoding.encode(observation)
        logits = network.logits_numpy(vector) if self._numpy else network.logits_python(vector)
        return [logits[encoding.index(action)] for action in legal]

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The legal action with the highest logit (see the class).

        Args:
            observation: What the seat to move may see.
            legal: The legal actions; never empty.
            rng: Draws the action when ``temperature`` is above 0.

        Returns:
            One of ``legal``.
        """
        network = self._network_in(observation.rules, warn=True)
        if network is None:
            return self._heuristic.choose(observation, legal, rng)
        if len(legal) == 1:
            return legal[0]
        scores = self._scores(network, observation, legal)
        if self.temperature:
            top = max(scores)
            weights = [math.exp((s - top) / self.temperature) for s in scores]
            return rng.choices(legal, weights)[0]
        return legal[max(range(len(legal)), key=scores.__getitem__)]

    def policy(self, observation: Observation, legal: Sequence[Action]) -> tuple[float, ...] | None:
        """The network's probability of each action of ``legal``: the
        softmax of its logits over them (``temperature`` aside), or
        ``None`` for rules it has no weights for (without a warning).
        :class:`StrongBot` takes it as a prior (its ``prior`` argument).

        Args:
            observation: What the seat to move may see.
            legal: The actions to weigh; never empty.

        Returns:
            Per action, in order, its probability; they sum to 1.

        >>> from briscola import legal_actions, new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> odds = LearnedBot().policy(observe(state, 0), legal_actions(state))
        >>> len(odds), round(sum(odds), 6)
        (3, 1.0)
        """
        network = self._network_in(observation.rules, warn=False)
        if network is None:
            return None
        scores = self._scores(network, observation, legal)
        top = max(scores)
        odds = [math.exp(score - top) for score in scores]
        total = sum(odds)
        return tuple(value / total for value in odds)

    def value(self, observation: Observation) -> float | None:
        """The outcome the network's value head expects for the observing
        seat, from what it sees: in the units it was trained on (the
        weights file's ``value_target`` metadata: ``"margin"``, the side's
        card points less the other side's over the pack's, or ``"win"``,
        1 for a win and -1 for a loss; both from -1 to 1). ``None`` for
        rules it has no weights for, or weights without a value head
        (of the shipped networks, italian-2p's has one).

        Args:
            observation: What a seat may see (any seat, to move or not).

        Returns:
            The expected outcome, or ``None``.

        >>> from briscola import new_game, observe, preset
        >>> state = new_game(preset("italian-2p"), seed=3)
        >>> -1 <= LearnedBot().value(observe(state, 0)) <= 1
        True
        >>> print(LearnedBot().value(observe(new_game(preset("spanish-2p"), seed=3), 0)))
        None
        """
        network = self._network_in(observation.rules, warn=False)
        if network is None:
            return None
        vector = encoding_for(observation.rules).encode(observation)
        return network.value_numpy(vector) if self._numpy else network.value_python(vector)
