"""Guessing the hidden cards: :func:`sample_state`.

Monte Carlo search ("determinization") plays from full states that agree
with what a seat has seen. :func:`sample_state` builds one: it works out
which positions of the pack went where (the deal is fixed by the rules, the
dealer and Split's cut or knock; the redraw moves the buried cards to known
places; every draw follows from the trick winners), puts every card the
seat has seen where it was seen, deals the cards it has not seen at random
over the positions it could not see, and replays the observed history
through the engine from that pack.
"""

from __future__ import annotations

import enum
import random
from typing import cast

import attrs

from ._actions import Call, Cut, IllegalActionError, Knock, Play, SwapTrump
from ._cards import Card, Suit
from ._deal import new_game
from ._engine import apply
from ._layout import deal_layout, dealt_style, redraw_positions
from ._observe import Observation, _with_record, observe
from ._rules import DealStyle, Rules
from ._state import GameState
from ._trick import per_rules, table_for

__all__ = ["sample_state"]


def sample_state(observation: Observation, rng: random.Random) -> GameState:
    """A full deal that agrees with everything ``observation`` shows.

    The cards the seat has not seen (:attr:`Observation.unseen`) are dealt
    at random, with ``rng``, over the places it cannot see: the other
    seats' hands (to their sizes) and the face-down stock. Everything the
    seat has seen stays where it was seen: its own hand (in order), its
    partner's hand when shown, the face-up trump card and whoever drew it,
    the buried redraw cards, every card played. In bastardo the called
    card, if the seat has not seen it, may lie in any other hand, the
    declarer's included (the declarer may be playing alone).

    The result replays: it is ``new_game(rules, deck=pack, dealer=dealer)``
    followed by the observed history, and ``observe(result, seat)`` equals
    the observation (without the match record, for a match's observation:
    the sample is the deal in progress). With table talk, the secret signs
    the opponents made to each other are not in the observation, so they
    are not in the sample's history either.

    Args:
        observation: What the seat has seen, from :func:`observe`.
        rng: The source of randomness; the same ``rng`` state gives the
            same sample.

    Returns:
        A :class:`~briscola.GameState` consistent with ``observation``.

    Raises:
        TypeError: If ``observation`` is not an observation or ``rng`` not a
            :class:`random.Random`.
        ValueError: If no deal agrees with ``observation`` (it was not made
            by :func:`observe`, or was altered); the message names the field
            that disagrees and the field, or the replay of the history,
            that it disagrees with.

    >>> import random
    >>> from briscola import new_game, observe, preset, sample_state
    >>> state = new_game(preset("italian-2p"), seed=3)
    >>> guess = sample_state(observe(state, 0), random.Random(1))
    >>> guess.hands[0] == state.hands[0], observe(guess, 0) == observe(state, 0)
    (True, True)
    """
    if not isinstance(observation, Observation):
        raise TypeError(f"sample_state takes an Observation, not {observation!r}")
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"sample_state takes a random.Random as rng (random.Random(seed)), "
            f"not {type(rng).__name__}"
        )
    seen = (
        observation
        if observation.match_results is None and observation.match_totals is None
        else _with_record(observation, match_results=None, match_totals=None)
    )
    pack = _Placement(seen, rng).pack()
    state = new_game(seen.rules, deck=pack, dealer=seen.dealer)
    for number, action in enumerate(seen.history):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            raise ValueError(
                f"no deal agrees with the observation: action {number} ({action}) "
                f"cannot be replayed: {error}"
            ) from None
    replayed = observe(state, seen.seat)
    if replayed != seen:
        raise _inconsistent(_difference(seen, replayed))
    return state


def _inconsistent(why: str) -> ValueError:
    return ValueError(f"no deal agrees with the observation: {why}")


def _difference(seen: Observation, replayed: Observation) -> str:
    """Which field of ``seen`` differs from the observation its history
    replays to, and how, in words."""
    for field in attrs.fields(Observation):
        mine, theirs = getattr(seen, field.name), getattr(replayed, field.name)
        if mine == theirs:
            continue
        name = field.name
        # Go down into per-seat tuples to the seat that differs.
        while (
            isinstance(mine, tuple)
            and isinstance(theirs, tuple)
            and len(mine) == len(theirs)
            and all(isinstance(item, tuple) for item in mine + theirs)
        ):
            index = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
            name, mine, theirs = f"{name}[{index}]", mine[index], theirs[index]
        if isinstance(mine, tuple) and isinstance(theirs, tuple):
            extra = next((card for card in mine if card not in theirs), None)
            if isinstance(extra, Card):
                return (
                    f"its {name} holds the {extra}, which replaying its history does not put there"
                )
            missing = next((card for card in theirs if card not in mine), None)
            if isinstance(missing, Card):
                return f"its {name} lacks the {missing}, which replaying its history puts there"
        return f"its {name} is {_words(mine)}, but replaying its history gives {_words(theirs)}"
    raise AssertionError("two observations differ in no field")  # pragma: no cover


_PACKS: dict[Rules, frozenset[Card]] = {}


@per_rules(_PACKS)
def _pack_of(rules: Rules) -> frozenset[Card]:
    """The cards of the rules' pack, as a set."""
    return frozenset(rules.pack)


def _holds(name: str) -> str:
    """The verb of a field that places cards: a one-card field *is* its
    card, the others *hold* theirs."""
    return "is" if name in ("trump_card", "turned_card") else "holds"


def _both(name: str, other: str, card: Card) -> str:
    """Why ``card`` cannot be where both ``name`` and ``other`` put it."""
    if name == other:
        return f"its {name} holds the {card} twice"
    if _holds(other) == "is":
        return f"its {name} {_holds(name)} the {card}, which is also its {other}"
    return f"its {name} {_holds(name)} the {card}, which its {other} also holds"


def _words(value: object) -> str:
    """A field's value as a message shows it: cards by name, enums by their
    member name, tuples in brackets."""
    if isinstance(value, Card):
        return f"the {value}"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, tuple):
        return "(" + ", ".join(_words(item).removeprefix("the ") for item in value) + ")"
    return repr(value)


class _Entry:
    """A card in a hand during the replay of positions: where in the pack
    it came from (``None`` for the face-up trump card taken into the hand),
    which card it is if known, and when it arrived."""

    __slots__ = ("time", "position", "card")

    def __init__(self, time: int, position: int | None, card: Card | None) -> None:
        self.time = time
        self.position = position
        self.card = card


class _Placement:
    """Follows the positions of the pack through the observed history and
    fills them with cards."""

    def __init__(self, seen: Observation, rng: random.Random) -> None:
        self.seen = seen
        self.rng = rng
        rules = seen.rules
        self.n = rules.players
        size = len(rules.pack)
        self.cards: list[Card | None] = [None] * size
        self.where: dict[Card, int] = {}
        # The field of the observation that put each placed card there.
        self.source: dict[Card, str] = {}
        self.hands: list[list[_Entry]] = [[] for _ in range(self.n)]
        self.stock: list[int] = []
        self.face_up: Card | None = None
        self.trump: Suit | None = None
        self.trick: list[tuple[int, Card]] = []
        # The seat's own plays whose positions are chosen at the end, when
        # its hand's order is known: (card, time).
        self.pending: list[tuple[Card, int]] = []
        self.pending_cards: set[Card] = set()

    # -- building the pack ------------------------------------------------

    def pack(self) -> tuple[Card, ...]:
        seen = self.seen
        self._check_shape()
        history = seen.history
        start = 0
        if seen.rules.deal is DealStyle.CUT_OR_KNOCK:
            if not history:
                self.stock = list(range(len(self.cards)))
                if seen.turned_card is not None or seen.buried:
                    raise _inconsistent("nothing is turned before the cut or knock")
            elif type(history[0]) in (Cut, Knock):
                self._deal(0)
                start = 1
            else:
                raise _inconsistent("Split dealing starts with a cut or a knock")
        else:
            self._deal(-1)
        for time in range(start, len(history)):
            self._act(time)
        self._settle_own_hand()
        self._settle_other_hands()
        return self._fill()

    def _check_shape(self) -> None:
        seen = self.seen
        n = self.n
        for name in ("seat", "dealer"):
            if not 0 <= getattr(seen, name) < n:
                raise _inconsistent(
                    f"its {name} is {getattr(seen, name)}, but the rules have seats 0 to {n - 1}"
                )
        if len(seen.history) != len(seen.actors):
            raise _inconsistent(
                f"its history holds {len(seen.history)} actions, "
                f"but its actors name {len(seen.actors)} seats"
            )
        for time, actor in enumerate(seen.actors):
            if not 0 <= actor < n:
                raise _inconsistent(
                    f"its actors[{time}] is {actor}, but the rules have seats 0 to {n - 1}"
                )
        for name in ("known_hands", "hand_sizes", "shown_dealt", "piles", "tricks_won"):
            if len(getattr(seen, name)) != n:
                raise _inconsistent(
                    f"its {name} has {len(getattr(seen, name))} entries, "
                    f"but the rules have {n} seats"
                )
        self._check_cards()

    def _check_cards(self) -> None:
        """Refuse a card outside the pack, or one that two of the fields
        that place cards (hands, piles, the trick, the face-up card, the
        stock's known cards) both hold, naming both fields.

        A search samples again and again from observations that pass, so
        the check is a count first; only a failure looks for the card."""
        seen = self.seen
        if seen.known_hands[seen.seat] != seen.hand:
            raise self._own_hand_differs()
        placed = list(seen.hand)
        for seat, cards in enumerate(seen.known_hands):
            if seat != seen.seat:
                placed += cards
        for pile in seen.piles:
            placed += pile
        placed += [card for _, card in seen.trick]
        placed += [card for _, card in seen.stock_known]
        if seen.trump_card is not None:
            placed.append(seen.trump_card)
        found = set(placed)
        once = len(found) == len(placed)
        found.update(seen.buried)
        for shown in seen.shown_dealt:
            found.update(shown)
        if seen.turned_card is not None:
            found.add(seen.turned_card)
        if not once or not found <= _pack_of(seen.rules):
            raise self._misplaced()

    def _own_hand_differs(self) -> ValueError:
        """The refusal of a seat's known hand that is not its hand."""
        seen = self.seen
        own = seen.known_hands[seen.seat]
        extra = next((card for card in seen.hand if card not in own), None)
        if extra is not None:
            return _inconsistent(
                f"its hand holds the {extra}, which its known_hands[{seen.seat}] "
                "(the seat's own hand again) lacks"
            )
        extra = next((card for card in own if card not in seen.hand), None)
        if extra is not None:
            return _inconsistent(
                f"its known_hands[{seen.seat}] holds the {extra}, which its hand lacks"
            )
        return _inconsistent(
            f"its known_hands[{seen.seat}] lists the seat's hand otherwise than its hand"
        )

    def _misplaced(self) -> ValueError:
        """The refusal of a card outside the pack or held by two fields,
        naming the card and the fields."""
        seen = self.seen
        fields: list[tuple[str, tuple[Card, ...]]] = [("hand", seen.hand)]
        fields += [
            (f"known_hands[{s}]", h) for s, h in enumerate(seen.known_hands) if s != seen.seat
        ]
        fields += [(f"piles[{s}]", pile) for s, pile in enumerate(seen.piles)]
        fields += [("trick", tuple(card for _, card in seen.trick))]
        fields += [("stock_known", tuple(card for _, card in seen.stock_known))]
        if seen.trump_card is not None:
            fields.append(("trump_card", (seen.trump_card,)))
        # Cards that may also lie in the fields above: the cards as dealt
        # or turned, whose place may have changed since.
        elsewhere = [("buried", seen.buried)]
        elsewhere += [(f"shown_dealt[{s}]", shown) for s, shown in enumerate(seen.shown_dealt)]
        if seen.turned_card is not None:
            elsewhere.append(("turned_card", (seen.turned_card,)))
        pack = _pack_of(seen.rules)
        for name, cards in fields + elsewhere:
            for card in cards:
                if card not in pack:
                    return _inconsistent(
                        f"its {name} {_holds(name)} the {card}, which the rules' pack lacks"
                    )
        holder: dict[Card, str] = {}
        for name, cards in fields:
            for card in cards:
                if card in holder:
                    return _inconsistent(_both(name, holder[card], card))
                holder[card] = name
        raise AssertionError("every card is in the pack, and once")  # pragma: no cover

    def _place(self, position: int | None, card: Card, source: str) -> None:
        """Put ``card`` at ``position`` of the pack, for the field
        ``source`` of the observation."""
        # Only the face-up trump card taken into a hand has no position,
        # and that card is known: no card is ever placed there.
        assert position is not None, f"the {card} has no position in the pack"
        held = self.cards[position]
        if held is card:
            return
        if card in self.where:
            raise _inconsistent(_both(source, self.source[card], card))
        if card in self.pending_cards:
            raise _inconsistent(_both(source, self._played_at(card), card))
        if held is not None:
            raise _inconsistent(
                f"its {source} {_holds(source)} the {card}, where its {self.source[held]} "
                f"{_holds(self.source[held])} the {held}"
            )
        self.cards[position] = card
        self.where[card] = position
        self.source[card] = source

    def _played_at(self, card: Card) -> str:
        """The seat's own play of ``card``, waiting for a position, as a
        field of the observation."""
        time = next(time for played, time in self.pending if played is card)
        return f"history (action {time})"

    def _deal(self, time: int) -> None:
        seen = self.seen
        rules = seen.rules
        layout = deal_layout(rules, seen.dealer, dealt_style(rules, seen.history))
        for seat, positions in enumerate(layout.hands):
            self.hands[seat] = [_Entry(time, p, None) for p in positions]
            shown = seen.shown_dealt[seat]
            if shown:
                # A hand shown as dealt (a partner's): its cards fill the
                # positions it was dealt, in an order the seat never saw.
                if len(shown) != len(positions) or seat == seen.seat:
                    raise _inconsistent(f"seat {seat}'s hand shown as dealt does not fit the deal")
                order = list(shown)
                self.rng.shuffle(order)
                for entry, card in zip(self.hands[seat], order):
                    self._place(entry.position, card, f"shown_dealt[{seat}]")
                    entry.card = card
        turned = seen.turned_card
        if layout.trump is None:
            if turned is not None or seen.buried:
                raise _inconsistent("this deal turns no trump card")
            self.stock = list(layout.stock)
            return
        if turned is None:
            raise _inconsistent("the deal turned a trump card")
        redraw = rules.redraw_ranks
        if any(card.rank not in redraw for card in seen.buried) or turned.rank in redraw:
            raise _inconsistent("the buried cards, and only they, have redrawn ranks")
        if seen.trump is not turned.suit:
            raise _inconsistent(
                f"its trump is {_words(seen.trump)}, but its turned_card is the {turned}"
            )
        exchanged = any(type(action) is SwapTrump for action in seen.history)
        if seen.trump_card is not None and seen.trump_card is not turned and not exchanged:
            raise _inconsistent(
                f"its trump_card is the {seen.trump_card}, but its turned_card is the {turned} "
                "and its history exchanges no card for it"
            )
        positions, stock = redraw_positions(layout, len(seen.buried))
        names = ("buried",) * len(seen.buried) + ("turned_card",)
        for position, card, name in zip(positions, seen.buried + (turned,), names):
            self._place(position, card, name)
        self.stock = list(stock)
        self.face_up = turned
        self.trump = turned.suit

    def _act(self, time: int) -> None:
        action = self.seen.history[time]
        seat = self.seen.actors[time]
        if type(action) is Play:
            self._remove(seat, action.card, time)
            self.trick.append((seat, action.card))
            if len(self.trick) == self.n * self.seen.rules.plays_per_trick:
                self._collect(time)
        elif type(action) is SwapTrump:
            if self.face_up is None:
                raise _inconsistent("an exchange needs a face-up trump card")
            self._remove(seat, action.card, time)
            self.hands[seat].append(_Entry(time, None, self.face_up))
            self.face_up = action.card
        elif type(action) is Call:
            self.trump = action.card.suit
        elif type(action) in (Cut, Knock):
            raise _inconsistent("only the first action may cut or knock")

    def _collect(self, time: int) -> None:
        """Give the complete trick to its winner, then draw."""
        table = table_for(self.seen.rules)
        winner = table.trick_winner(self.trump, self.trick)[0]
        self.trick.clear()
        if self.face_up is None:
            return
        order = table.trick_orders[winner]
        stock = self.stock
        if len(stock) >= len(order):
            for seat, position in zip(order, stock):
                self.hands[seat].append(_Entry(time, position, self.cards[position]))
            del stock[: len(order)]
        else:
            for seat, position in zip(order[:-1], stock):
                self.hands[seat].append(_Entry(time, position, self.cards[position]))
            self.hands[order[-1]].append(_Entry(time, None, self.face_up))
            self.face_up = None
            stock.clear()

    def _remove(self, seat: int, card: Card, time: int) -> None:
        """Take ``card`` out of ``seat``'s hand, deciding (or, for the
        observing seat, postponing) which dealt position held it."""
        hand = self.hands[seat]
        for k, entry in enumerate(hand):
            if entry.card is card:
                del hand[k]
                return
        play = f"history (action {time})"
        if card in self.where:
            raise _inconsistent(_both(play, self.source[card], card))
        if card in self.pending_cards:
            raise _inconsistent(_both(play, self._played_at(card), card))
        if card is self.face_up:
            raise _inconsistent(
                f"its {play} has seat {seat} play the {card}, which lies face up as the trump card"
            )
        if seat == self.seen.seat:
            self.pending.append((card, time))
            self.pending_cards.add(card)
            return
        unknown = [k for k, entry in enumerate(hand) if entry.card is None]
        if not unknown:
            raise _inconsistent(
                f"its {play} has seat {seat} play the {card}, "
                f"but seat {seat} has no card left that could be it"
            )
        entry = hand.pop(self.rng.choice(unknown))
        self._place(entry.position, card, play)

    # -- the hands at the end ---------------------------------------------

    def _settle_own_hand(self) -> None:
        """Fit the seat's hand, in order, and its earlier plays to the
        positions it received.

        The hand takes the latest positions its order allows, which leaves
        the earliest ones for the cards played before (a card must have
        arrived before it was played)."""
        entries = self.hands[self.seen.seat]
        hand = self.seen.hand
        known = {entry.card: k for k, entry in enumerate(entries) if entry.card is not None}
        chosen: list[int] = []
        bound = len(entries)
        for card in reversed(hand):
            k = known.get(card)
            if k is None:
                k = bound - 1
                while k >= 0 and entries[k].card is not None:
                    k -= 1
                if k < 0:
                    raise _inconsistent("its hand holds more cards than its history gives the seat")
            elif k >= bound:
                raise _inconsistent(
                    f"its hand lists the {card} before cards its history gives the seat earlier"
                )
            chosen.append(k)
            bound = k
        chosen.reverse()
        used = set(chosen)
        taken = next(
            (entry.card for k, entry in enumerate(entries) if entry.card and k not in used), None
        )
        if taken is not None:
            raise _inconsistent(
                f"its hand lacks the {taken}, which its history shows the seat taking"
            )
        # Place the hand before the plays, so that a card both held and
        # played is reported as such.
        self.pending_cards.clear()
        for card, k in zip(hand, chosen):
            position = entries[k].position
            if position is not None and entries[k].card is None:
                self._place(position, card, "hand")
        spare = [entry for k, entry in enumerate(entries) if k not in used]
        for card, time in self.pending:
            if not spare or spare[0].time >= time:
                raise _inconsistent(
                    f"its history (action {time}) has the seat play the {card} "
                    "before the seat could hold it"
                )
            self._place(spare.pop(0).position, card, f"history (action {time})")
        if spare:
            raise _inconsistent(
                f"its hand holds {len(hand)} cards, but its history leaves the seat "
                f"holding {len(hand) + len(spare)}"
            )

    def _settle_other_hands(self) -> None:
        """Put the cards the seat knows in other hands (a partner's shown
        hand) on positions those hands received."""
        seen = self.seen
        for seat, entries in enumerate(self.hands):
            if seat == seen.seat:
                continue
            if len(entries) != seen.hand_sizes[seat]:
                raise _inconsistent(
                    f"its hand_sizes[{seat}] is {seen.hand_sizes[seat]}, but its history "
                    f"leaves seat {seat} holding {len(entries)} cards"
                )
            held = {entry.card for entry in entries if entry.card is not None}
            unknown = [entry for entry in entries if entry.card is None]
            self.rng.shuffle(unknown)
            for card in seen.known_hands[seat]:
                if card in held:
                    continue
                if not unknown:
                    raise _inconsistent(
                        f"its known_hands[{seat}] holds more cards than its history "
                        f"leaves seat {seat}"
                    )
                self._place(unknown.pop().position, card, f"known_hands[{seat}]")

    def _fill(self) -> tuple[Card, ...]:
        """Deal the unseen cards over the positions still empty."""
        rules = self.seen.rules
        empty = [p for p, card in enumerate(self.cards) if card is None]
        unseen = [card for card in rules.pack if card not in self.where]
        if len(unseen) != len(empty):
            raise _inconsistent("the cards it shows do not fit the pack")
        self.rng.shuffle(unseen)
        for position, card in zip(empty, unseen):
            self.cards[position] = card
        # Every position holds a card now: as many were empty as unseen.
        return cast("tuple[Card, ...]", tuple(self.cards))
