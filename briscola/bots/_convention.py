"""Table talk by agreement: :class:`Convention`, which sign or word a bot
gives when, and how it reads the signs and words of the others.

A pair that talks agrees beforehand on what its signs and words mean
(see "Table talk" in :doc:`/rules/split`). The meanings are the library's
(:class:`~briscola.Signal`, :class:`~briscola.Word`); a convention says
when a seat gives them. Everything here reads an
:class:`~briscola.Observation` only.
"""

from __future__ import annotations

import enum
import random
import threading
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, TypeAlias

import attrs

from .._actions import Action, Play, Say, Sign, Signal, Word
from .._cards import FULL_PACK, Card, Rank, Suit
from .._heard import partner_of
from .._observe import Observation
from .._rules import Rules
from .._trick import leading
from ._tables import suit_index, tables_for

__all__ = [
    "Need",
    "Convention",
    "CONVENTIONS",
    "HONEST",
    "SILENT",
    "Reading",
    "Readings",
    "read",
    "claimed_cards",
    "partner_word",
    "signal_to_give",
    "talk_open_in",
    "world_claims",
]


class Need(enum.Enum):
    """What the trick needs from the partner, as the seat about to play
    sees it once it has chosen its card: the situations a
    :class:`Convention` gives a word for. Only a seat whose partner is
    still to play in the trick speaks.

    >>> [need.value for need in Need]
    ['load', 'spare']
    """

    LOAD = "load"
    """The seat's card will take the trick whatever the others hold (no
    card an opponent may have beats it): the partner may put points on
    it."""
    SPARE = "spare"
    """The seat's card may lose the trick: the partner had better keep its
    points."""


_SPECIFIC: Final[Mapping[Signal, Rank]] = MappingProxyType(
    {
        Signal.ACE_OF_TRUMPS: Rank.ACE,
        Signal.THREE_OF_TRUMPS: Rank.THREE,
        Signal.KING_OF_TRUMPS: Rank.KING,
        Signal.KNIGHT_OF_TRUMPS: Rank.KNIGHT,
        Signal.JACK_OF_TRUMPS: Rank.JACK,
    }
)
"""The signals that name one card of the trump suit, by its rank."""

_TOP: Final = frozenset((Rank.ACE, Rank.THREE))
_FIGURES: Final = frozenset((Rank.ACE, Rank.THREE, Rank.KING, Rank.KNIGHT, Rank.JACK))


def _is_signal_tuple(instance: object, attribute: object, value: object) -> None:
    if type(value) is not tuple or not all(type(s) is Signal for s in value):
        raise TypeError(f"Convention.signals must be a tuple of Signal, not {value!r}")
    if len(set(value)) != len(value):
        raise ValueError(f"Convention.signals names a signal twice: {value!r}")


def _is_word_table(instance: object, attribute: object, value: object) -> None:
    if type(value) is not tuple or not all(
        type(pair) is tuple and len(pair) == 2 and type(pair[0]) is Need and type(pair[1]) is Word
        for pair in value
    ):
        raise TypeError(f"Convention.words must be a tuple of (Need, Word) pairs, not {value!r}")
    if len({need for need, _ in value}) != len(value):
        raise ValueError(f"Convention.words gives a need two words: {value!r}")


@attrs.frozen
class Convention:
    """A pair's agreement on table talk: which sign (*moto*) and which word
    a seat gives, and when, and whether it reads the talk of the others.

    Each turn before its card, while talk is allowed, a bot by this
    convention:

    - makes the first sign of :attr:`signals` that is true of its hand and
      that its partner has not been told yet (a sign naming one card is
      told until that card is played; a sign naming a kind of card, until a
      card of that kind is played);
    - then, if its partner is still to play in the trick, says the word
      :attr:`words` gives for what the trick needs (:class:`Need`) with the
      card it is about to play, if any.

    With :attr:`lies` it instead signs and says anything at random every
    turn: a partner that cannot be trusted. With :attr:`listens` it reads
    its partner's signs and everyone's words, dropping any that
    contradicts what it sees.

    >>> HONEST.words
    ((<Need.LOAD: 'load'>, <Word.POINTS: 'points'>),)
    >>> HONEST.word_for(Need.LOAD), HONEST.word_for(Need.SPARE)
    (<Word.POINTS: 'points'>, None)
    >>> sorted(CONVENTIONS)
    ['honest', 'liar', 'signs', 'silent', 'words']
    >>> Convention("mine", signals=(Signal.ACE_OF_TRUMPS,), words=()).talks
    True
    >>> Convention("bad", signals=(Signal.SMALL_TRUMP, Signal.SMALL_TRUMP), words=())
    Traceback (most recent call last):
    ...
    ValueError: Convention.signals names a signal twice: (<Signal.SMALL_TRUMP: 'small-trump'>, <Signal.SMALL_TRUMP: 'small-trump'>)
    """

    name: str = attrs.field(validator=attrs.validators.instance_of(str))
    """The convention's name (shown in a bot's ``repr``)."""
    signals: tuple[Signal, ...] = attrs.field(validator=_is_signal_tuple)
    """The signs a seat makes, in order of preference: each turn, the
    first one true of its hand and not yet told."""
    words: tuple[tuple[Need, Word], ...] = attrs.field(validator=_is_word_table)
    """The word said for each :class:`Need` (a need without a word is
    kept quiet: every word is heard by the opponents too)."""
    lies: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    """Sign and say at random instead, every turn."""
    listens: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))
    """Read the partner's signs and the words said (dropping any that
    contradicts what the seat sees)."""

    @property
    def talks(self) -> bool:
        """Whether a seat by this convention ever signs or speaks."""
        return self.lies or bool(self.signals) or bool(self.words)

    def word_for(self, need: Need) -> Word | None:
        """The word said when the trick needs ``need``, if any.

        Args:
            need: What the trick needs from the partner.

        Returns:
            The convention's word for it, or ``None`` to stay quiet.
        """
        for known, word in self.words:
            if known is need:
                return word
        return None


HONEST: Final = Convention(
    "honest",
    signals=(
        Signal.ACE_OF_TRUMPS,
        Signal.THREE_OF_TRUMPS,
        Signal.KING_OF_TRUMPS,
        Signal.KNIGHT_OF_TRUMPS,
        Signal.JACK_OF_TRUMPS,
        Signal.ACE_OR_THREE,
        Signal.SMALL_TRUMP,
    ),
    words=((Need.LOAD, Word.POINTS),),
)
"""The bots' default: sign the trumps with points held, strongest first,
then a *karik* (an ace or a three of another suit), then a small trump;
say "punti" when the card about to be played will take the trick
whatever comes, the partner still to play; say nothing else."""

SILENT: Final = Convention("silent", signals=(), words=(), listens=False)
"""Never talk, and read no talk: the bots as they play without table
talk."""

CONVENTIONS: Final[Mapping[str, Convention]] = MappingProxyType(
    {
        convention.name: convention
        for convention in (
            HONEST,
            SILENT,
            attrs.evolve(HONEST, name="signs", words=()),
            attrs.evolve(HONEST, name="words", signals=()),
            attrs.evolve(HONEST, name="liar", lies=True),
        )
    }
)
"""The named conventions: ``honest`` (the default, :data:`HONEST`),
``silent`` (:data:`SILENT`), ``signs`` and ``words`` (the honest signs
alone, the honest words alone) and ``liar`` (a sign and a word at random
every turn, listening as the honest one does).

>>> CONVENTIONS["signs"].words, CONVENTIONS["liar"].lies
((), True)
"""


def talk_open_in(legal: Sequence[Action]) -> tuple[bool, bool]:
    """Whether ``legal`` (in :func:`~briscola.legal_actions` order: cards
    first, then words, then signs) offers a word, and a sign."""
    last = type(legal[-1])
    if last is Sign:
        return any(type(action) is Say for action in legal), True
    return last is Say, False


def _trump(trump: Suit, rank: Rank) -> Card:
    return FULL_PACK[10 * trump.value + rank.value]


def _true_of(signals: Sequence[Signal], hand: Sequence[Card], trump: Suit) -> list[Signal]:
    """The signals of ``signals`` that are true of ``hand``, in order."""
    ranks = {card.rank for card in hand if card.suit is trump}
    karik = any(card.rank in _TOP and card.suit is not trump for card in hand)
    small = not ranks <= _FIGURES
    found = []
    for signal in signals:
        rank = _SPECIFIC.get(signal)
        if rank is not None:
            if rank in ranks:
                found.append(signal)
        elif karik if signal is Signal.ACE_OR_THREE else small:
            found.append(signal)
    return found


def signal_to_give(
    convention: Convention,
    observation: Observation,
    rng: random.Random,
    playing: Card | None = None,
    cache: Readings | None = None,
) -> Signal | None:
    """The sign ``convention`` makes now, if any (see :class:`Convention`).

    Args:
        convention: The seat's convention.
        observation: What the seat to move sees, in trick play.
        rng: Draws a liar's sign.
        playing: The card the seat is about to play, if known: a sign
            true only of it is not worth making.
        cache: The bot's readings so far, to take up (:func:`read`).

    Returns:
        The signal, or ``None`` to make no sign.

    >>> import random
    >>> from briscola import Cut, apply, new_game, observe, preset
    >>> state = apply(new_game(preset("split-4p"), seed=4), Cut())
    >>> seen = observe(state, 0)
    >>> [str(c) for c in seen.hand], str(seen.trump)
    (['knight of swords', 'four of swords', 'knight of cups'], 'swords')
    >>> signal_to_give(HONEST, seen, random.Random(0))
    <Signal.KNIGHT_OF_TRUMPS: 'knight-of-trumps'>
    """
    if convention.lies:
        return _SIGNALS[rng.randrange(len(_SIGNALS))]
    trump = observation.trump
    if trump is None or not convention.signals:
        return None
    hand = observation.hand
    if playing is not None:
        hand = tuple(card for card in hand if card != playing)
    candidates = _true_of(convention.signals, hand, trump)
    if not candidates:
        return None
    told = read(observation, observation.seat, convention, cache).standing
    for signal in candidates:
        if signal not in told:
            return signal
    return None


_SIGNALS: Final = tuple(Signal)


def claimed_cards(
    observation: Observation, convention: Convention = HONEST, cache: Readings | None = None
) -> frozenset[Card]:
    """The cards the seat's partner has signed that it holds and that may
    still be in its hand: each one named by a sign (the ace, three, king,
    knight or jack of trumps) that the seat cannot place elsewhere (not in
    its hand, played, face up or known in another hand), as many as the
    cards of the partner's hand the seat does not know. Once the partner's
    talk has proved false or strayed from ``convention`` in this deal (see
    the Bots guide: a sign naming a card it could not hold, a "punti" that
    lost its trick, a sign made twice while it stands, talk the convention
    never gives), none of its signs is trusted for the rest of the deal.

    Args:
        observation: What the seat sees (with table talk and pairs).
        convention: The agreement the seat reads its partner's talk by.
        cache: The bot's readings so far, to take up (:func:`read`).

    Returns:
        The cards, none of them known to the seat to lie elsewhere.

    >>> from briscola import Cut, Sign, Signal, apply, new_game, observe, preset
    >>> state = apply(new_game(preset("split-4p"), seed=4), Cut())
    >>> state = apply(state, Sign(Signal.KNIGHT_OF_TRUMPS))
    >>> sorted(str(card) for card in claimed_cards(observe(state, 2)))
    ['knight of swords']
    >>> claimed_cards(observe(state, 1))
    frozenset()
    """
    trump = observation.trump
    if trump is None:
        return frozenset()
    partner = partner_of(observation.rules, observation.seat)
    room = observation.hand_sizes[partner] - len(observation.known_hands[partner])
    if room <= 0:
        return frozenset()
    reading = read(observation, partner, convention, cache)
    if not reading.named or _false(observation, reading, partner):
        return frozenset()
    played = reading.played
    found = [card for card in reading.named if card not in played and _hidden(observation, card)]
    return frozenset(found[:room])


def _hidden(observation: Observation, card: Card) -> bool:
    """Whether the seat does not know where ``card`` lies, given that it
    has not been played: it is in no hand the seat knows, not the face-up
    trump, not a stock card it knows. For one card this is ``card in
    observation.unseen``, which works out the whole pack: on every
    decision of a talking bot, that was a tenth of its time per card."""
    if card is observation.trump_card:
        return False
    if any(card in cards for cards in observation.known_hands):
        return False
    return all(known is not card for _, known in observation.stock_known)


def partner_word(
    observation: Observation, convention: Convention = HONEST, cache: Readings | None = None
) -> Word | None:
    """The word the seat's partner said before playing its card to the
    trick in progress, if any, unless the partner's talk has proved false
    or strayed from ``convention`` in this deal (as for
    :func:`claimed_cards`).

    >>> from briscola import Cut, Play, Say, Word, apply, new_game, observe, preset
    >>> state = apply(new_game(preset("split-4p"), seed=1), Cut())
    >>> state = apply(state, Say(Word.POINTS))
    >>> state = apply(state, Play(state.hands[0][0]))
    >>> partner_word(observe(state, 2)), partner_word(observe(state, 1))
    (<Word.POINTS: 'points'>, None)
    """
    partner = partner_of(observation.rules, observation.seat)
    word = _word_in_trick(observation, partner)
    if word is None or _caught(observation, partner, convention, cache):
        return None
    return word


class Reading:
    """What a seat has read of one speaker's talk so far in a deal: the
    state of the walk through the history that finds whether the talk
    proved false or strayed from the convention (:func:`_caught`) and the
    cards its signs named. A bot keeps one per seat and speaker (a
    :data:`Readings` cache) so that each decision reads only the actions
    since the last one (:func:`read`). It depends only on the rules, the
    trump, the convention and the history with its actors, and is read
    afresh whenever the history is not the one it read, grown."""

    __slots__ = (
        "rules",
        "trump",
        "convention",
        "history",
        "actors",
        "beats",
        "points",
        "size",
        "allies",
        "said",
        "load",
        "signs",
        "strayed",
        "named",
        "played",
        "standing",
        "trick",
        "by",
        "pending",
        "vouched",
    )

    def __init__(
        self, rules: Rules, trump: Suit, convention: Convention, listener: int, speaker: int
    ) -> None:
        self.rules = rules
        self.trump = trump
        self.convention = convention
        self.history: tuple[Action, ...] = ()
        self.actors: tuple[int, ...] = ()
        tables = tables_for(rules)
        self.beats = tables.trump_beats[suit_index(trump)]
        self.points = tables.points
        self.size = tables.trick_size
        self.allies = partner_of(rules, speaker)
        self.said = frozenset(word for _, word in convention.words)
        self.load = convention.word_for(Need.LOAD)
        # The signs the listener sees: its partner's and its own.
        self.signs = speaker == listener or speaker == partner_of(rules, listener)
        self.strayed = False  # proved false or strayed, by the history alone
        self.named: list[Card] = []  # the cards its signs named, in order
        self.played: dict[Card, int] = {}  # every card played, by whom
        self.standing: set[Signal] = set()  # the signs told and still standing
        self.trick: list[int] = []
        self.by: list[int] = []
        self.pending = False  # said the load word, its card not yet played
        self.vouched = -1  # the card vouched for in the trick in progress


Readings: TypeAlias = dict[tuple[int, int, int], Reading]
"""A bot's cache of :class:`Reading` by thread, listener and speaker: a
bot playing several deals at once on threads keeps one per thread."""


def read(
    observation: Observation,
    speaker: int,
    convention: Convention,
    cache: Readings | None = None,
) -> Reading:
    """``speaker``'s talk as the seat of ``observation`` reads it by
    ``convention`` (a deal with a trump), taken up where ``cache``'s
    reading left off."""
    trump = observation.trump
    assert trump is not None
    rules = observation.rules
    history = observation.history
    actors = observation.actors
    place = (threading.get_ident(), observation.seat, speaker)
    reading = None if cache is None else cache.get(place)
    if reading is not None:
        done = len(reading.history)
        if not (
            reading.rules is rules
            and reading.trump is trump
            and reading.convention is convention
            and (
                history is reading.history
                or (
                    len(history) >= done
                    and history[:done] == reading.history
                    and actors[:done] == reading.actors
                )
            )
        ):
            reading = None
    if reading is None:
        reading = Reading(rules, trump, convention, observation.seat, speaker)
        if cache is not None:
            cache[place] = reading
    start = len(reading.history)
    reading.history, reading.actors = history, actors
    if start < len(history):
        _walk(reading, speaker, start)
    return reading


def _walk(reading: Reading, speaker: int, start: int) -> None:
    """Read the history of ``reading`` from ``start`` on."""
    history = reading.history
    actors = reading.actors
    trump = reading.trump
    played = reading.played
    standing = reading.standing
    trick = reading.trick
    by = reading.by
    for k in range(start, len(history)):
        action = history[k]
        kind = type(action)
        actor = actors[k]
        if kind is Play:
            card = action.card  # type: ignore[union-attr]
            played[card] = actor
            if actor == speaker:
                if reading.pending:
                    reading.vouched, reading.pending = card.index, False
                if card.rank in _TOP:
                    standing.discard(Signal.ACE_OR_THREE)
                elif card.suit is trump and card.rank not in _FIGURES:
                    standing.discard(Signal.SMALL_TRUMP)
            trick.append(card.index)
            by.append(actor)
            if len(trick) == reading.size:
                vouched = reading.vouched
                if vouched >= 0 and leading(reading.beats, reading.points, trick)[1] != vouched:
                    reading.strayed = True
                trick.clear()
                by.clear()
                reading.vouched = -1
        elif actor != speaker:
            continue
        elif kind is Say:
            word = action.word  # type: ignore[union-attr]
            if word not in reading.said or reading.allies in by:
                reading.strayed = True
            reading.pending = word is reading.load
        elif kind is Sign and reading.signs:
            signal = action.signal  # type: ignore[union-attr]
            if signal not in reading.convention.signals or signal in standing:
                reading.strayed = True
            standing.add(signal)
            rank = _SPECIFIC.get(signal)
            if rank is not None:
                card = _trump(trump, rank)
                if card in played:
                    reading.strayed = True
                elif card not in reading.named:
                    reading.named.append(card)


def _caught(
    observation: Observation,
    speaker: int,
    convention: Convention,
    cache: Readings | None = None,
) -> bool:
    """Whether the seat has seen ``speaker``'s talk prove false in this
    deal, or stray from ``convention``, the agreement it reads talk by.

    Proved false: a word the convention says when the card will take the
    trick (by :data:`HONEST`, "punti") said for a card that then lost it;
    and, for the seat's partner, whose signs it sees, a sign naming a card
    that is or was in the seat's hand, had been played, or is played by
    another seat. Strayed: a word or sign the convention never gives, a
    word said after the speaker's partner had played to the trick, or a
    sign made again while it still stands (a sign naming a card stands
    until that card is played, a sign naming a kind of card until the
    signer plays a card of that kind). A partner that lies at random
    strays within a few turns; one that talks by the same convention never
    does.
    """
    if observation.trump is None:
        return False
    return _false(observation, read(observation, speaker, convention, cache), speaker)


def _false(observation: Observation, reading: Reading, speaker: int) -> bool:
    """Whether ``reading`` of ``speaker``'s talk, with what the seat sees
    now, shows the talk false or astray (see :func:`_caught`)."""
    if reading.strayed:
        return True
    own = observation.hand
    played = reading.played
    return any(card in own or played.get(card, speaker) != speaker for card in reading.named)


def _word_in_trick(observation: Observation, speaker: int) -> Word | None:
    """The word ``speaker`` said before its card in the trick in progress."""
    trick = observation.trick
    if not any(seat == speaker for seat, _ in trick):
        return None
    plays = 0
    history = observation.history
    actors = observation.actors
    for k in range(len(history) - 1, -1, -1):
        action = history[k]
        kind = type(action)
        if kind is Play:
            plays += 1
            if plays > len(trick):
                return None
        elif kind is Say and actors[k] == speaker:
            return action.word  # type: ignore[union-attr]
    return None


def world_claims(
    convention: Convention, observation: Observation, cache: Readings | None = None
) -> list[tuple[int, tuple[int, ...]]]:
    """What the talk a seat heard says the other hands hold, for the worlds
    a search deals: ``(seat, cards)`` pairs, cards as indices, all of them
    hidden from the seat. By ``convention`` (when it listens): the cards its
    partner's signs name (:func:`claimed_cards`); and for each seat that
    said "punti" before its card in the trick in progress, the hidden cards
    that beat that card (by the honest reading, the speaker holds them),
    when they fit in its hand; the talk of a seat that has proved false or
    strayed from the convention in this deal (as for :func:`claimed_cards`)
    is not read.

    Args:
        convention: How the seat reads talk.
        observation: What the seat sees.
        cache: The bot's readings so far, to take up (:func:`read`).

    Returns:
        The claims; none without table talk or listening.

    >>> from briscola import Cut, Sign, Signal, apply, new_game, observe, preset
    >>> state = apply(new_game(preset("split-4p"), seed=4), Cut())
    >>> state = apply(state, Sign(Signal.KNIGHT_OF_TRUMPS))
    >>> world_claims(HONEST, observe(state, 2)), world_claims(SILENT, observe(state, 2))
    ([(0, (28,))], [])
    """
    if not convention.listens or not observation.rules.table_talk or observation.trump is None:
        return []
    claims: list[tuple[int, tuple[int, ...]]] = []
    cards = claimed_cards(observation, convention, cache)
    if cards:
        partner = partner_of(observation.rules, observation.seat)
        claims.append((partner, tuple(sorted(card.index for card in cards))))
    trick = observation.trick
    load = convention.word_for(Need.LOAD)
    if load is None or not trick or not any(type(a) is Say for a in observation.history[-12:]):
        return claims
    unseen: list[int] | None = None
    beats = tables_for(observation.rules).trump_beats[suit_index(observation.trump)]
    for speaker, card in trick:
        if speaker == observation.seat or _word_in_trick(observation, speaker) is not load:
            continue
        if _caught(observation, speaker, convention, cache):
            continue
        if unseen is None:
            unseen = [c.index for c in observation.unseen]
        row = card.index * 40
        beaters = tuple(c for c in unseen if beats[row + c])
        room = observation.hand_sizes[speaker] - len(observation.known_hands[speaker])
        if beaters and len(beaters) <= room:
            claims.append((speaker, beaters))
    return claims
