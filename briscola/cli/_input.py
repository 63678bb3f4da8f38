"""What a player types at ``briscola play``, read as an action.

A player may type what they mean: a bid's value (``61``), ``pass``,
``cut`` or ``knock``, a card by name in any language of
:mod:`briscola.names` or in a French-suited pack (``ace of coins``,
``asso di denari``, ``queen of spades``), a short form (``7d``, ``Kc``,
``3 coppe``, ``A♦``) or just enough of it to tell one legal move from the
others (``ace`` when only one ace can be played). Where no choice is a
number, the number of a choice in the menu also works. With table talk,
``say`` and a word (``say karik``, ``say liso``) says it aloud, and
``sign`` and what it claims (``sign ace``, ``sign small``) makes a secret
sign to the partner.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from .. import names as _names
from .._actions import (
    TALK,
    Action,
    Bid,
    Call,
    Cut,
    Knock,
    Pass,
    Play,
    Say,
    Sign,
    Signal,
    SwapTrump,
    Word,
)
from .._cards import Card, Rank, Suit
from .._heard import talk_this_turn
from .._observe import Observation
from .._talk import may_talk
from ._words import Names, listing

__all__ = ["Answer", "read_answer", "SIGN_CHOICES"]


def fold(text: str) -> str:
    """Lower case without accents: "Špade" reads as "spade", "ás" as "as"."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_SYMBOLS = {"♦": Suit.COINS, "♥": Suit.CUPS, "♠": Suit.SWORDS, "♣": Suit.CLUBS}
# Words a player may put around a card or a bid, which name nothing.
_FILLER = frozenset({"of", "di", "od", "de", "the", "il", "la", "lo", "el", "play", "call"})
_PASS = frozenset({"pass", "p", "passo", "paso", "dalje", "passe"})
_CUT = frozenset({"cut", "taglio", "taglia", "cortar", "corto", "presjeci", "sijeci"})
_KNOCK = frozenset({"knock", "busso", "bussa", "kucam", "kuc", "knock-knock"})
_EXCHANGE = frozenset({"exchange", "swap", "scambio", "cambio", "zamjena", "trade"})
_BID = frozenset({"bid", "at", "al"})
_SAY = frozenset({"say", "reci", "dire"})
_SIGN = frozenset({"sign", "signal", "moto", "mot"})
# What may follow "say": the words in Croatian (without accents, in the
# forms heard at the table) and in English.
_WORDS: dict[str, Word] = {
    **{word.value: word for word in Word},
    **{fold(word.croatian): word for word in Word},
    "korga": Word.ACE_OR_THREE,
    "karig": Word.ACE_OR_THREE,
    "briskula": Word.TRUMP,
    "briskulica": Word.SMALL_TRUMP,
    "malu": Word.SMALL_TRUMP,
    "mala": Word.SMALL_TRUMP,
}
# What may follow "sign": the English value, its first word for a trump
# (``ace`` is the ace of trumps), and the Croatian names.
_SIGNALS: dict[str, Signal] = {
    **{signal.value: signal for signal in Signal},
    **{signal.value.split("-")[0]: signal for signal in Signal if "trumps" in signal.value},
    "karik": Signal.ACE_OR_THREE,
    "small": Signal.SMALL_TRUMP,
    "mala": Signal.SMALL_TRUMP,
    "malu": Signal.SMALL_TRUMP,
    "briskulica": Signal.SMALL_TRUMP,
}


SIGN_CHOICES = (
    "karik (an ace or a three, not of trumps), ace, three, king, knight or jack (of trumps), "
    "or small (a small trump)"
)
"""What a player may type after ``sign``, in words."""


def _suit_words() -> dict[str, Suit]:
    words: dict[str, Suit] = {}
    for suit in Suit:
        forms = {str(suit), str(suit).rstrip("s"), _names.french_suit(suit)}
        forms.add(_names.french_suit(suit).rstrip("s"))
        for language in _names.LANGUAGES:
            forms.add(_names.suit_name(suit, language))
            # The genitive of the Croatian names: "as od dinara".
            forms.add(_names.card_name(Card(suit, Rank.ACE), language).rsplit(" ", 1)[1])
        for form in forms:
            words[fold(form)] = suit
    return words


_SUIT_WORDS = _suit_words()


def _rank_words(style: str) -> dict[str, Rank]:
    """Words and short forms of the ranks, as a player using ``style``
    would type them. The ten-for-three French reading renames the ranks
    (its "seven" is the five), so it takes only its own words."""
    words: dict[str, Rank] = {}
    mapping: _names.FrenchMapping = (
        "ten-for-three" if style == "french-ten-for-three" else "drop-8-9-10"
    )
    for rank in Rank:
        index = _names.french_rank(rank, mapping)
        words[index.lower()] = rank
        french = _names.french_name(Card(Suit.COINS, rank), mapping).split(" ")[0]
        words[french] = rank
    if mapping == "drop-8-9-10":
        for rank in Rank:
            for language in _names.LANGUAGES:
                words[fold(_names.rank_name(rank, language))] = rank
        words["knight"] = Rank.KNIGHT
    return words


class Answer:
    """A line of input, read against the legal actions: either the chosen
    :attr:`action` or a :attr:`problem` to tell the player."""

    def __init__(self, action: Action | None = None, problem: str = "") -> None:
        self.action = action
        self.problem = problem


def _tokens(text: str) -> list[str]:
    spaced = text
    for symbol in _SYMBOLS:
        spaced = spaced.replace(symbol, f" {symbol} ")
    return [token for token in re.split(r"[\s,.;:!]+", fold(spaced)) if token]


def _matches(token: str, card: Card, ranks: dict[str, Rank]) -> bool:
    """Whether ``token`` can name ``card``: its rank, its suit or the
    start of its suit's name, or a short form such as ``7d`` or ``10h``."""
    if token in ranks:
        # A rank's word or letter names the rank only ("k" is the king,
        # not the start of "kupe").
        return ranks[token] is card.rank
    if _SYMBOLS.get(token) is card.suit:
        return True
    if any(word.startswith(token) for word, suit in _SUIT_WORDS.items() if suit is card.suit):
        return True
    short = re.fullmatch(r"(10|[0-9]|[a-z])([a-z]+|[♦♥♠♣])", token)
    if short is None:
        return False
    rank, suit = short.groups()
    return ranks.get(rank) is card.rank and _matches(suit, card, {})


def _which(cards: Sequence[Card], name: Names) -> str:
    return listing([name.the(card) for card in cards], "or")


def _read_card(
    tokens: list[str], legal: Sequence[Action], name: Names, style: str
) -> Answer | None:
    """The card move the words name, if they name cards at all."""
    ranks = _rank_words(style)
    exchange = any(token in _EXCHANGE for token in tokens)
    words = [t for t in tokens if t not in _FILLER and t not in _EXCHANGE and t != "for"]
    options: dict[Card, Action] = {}
    for action in legal:
        if isinstance(action, SwapTrump) and exchange:
            options[action.card] = action
        elif isinstance(action, (Play, Call)) and not exchange:
            options[action.card] = action
    if exchange and not options:
        return Answer(problem="you cannot exchange a card for the trump card now.")
    if exchange and len(options) == 1 and not words:
        return Answer(next(iter(options.values())))
    if not words or not options:
        return None
    every = [card for card in _all_cards() if all(_matches(t, card, ranks) for t in words)]
    if not every:
        return None
    chosen = [card for card in every if card in options]
    if len(chosen) == 1:
        return Answer(options[chosen[0]])
    if len(chosen) > 1:
        return Answer(problem=f"which one: {_which(chosen, name)}?")
    if exchange:
        return Answer(problem=f"you can only exchange {_which(list(options), name)}.")
    if len(every) == 1:
        return Answer(problem=f"{name.the(every[0])} is not one of your choices.")
    return Answer(problem=f"none of your choices is {' '.join(tokens)!r}.")


def _all_cards() -> list[Card]:
    return [Card(suit, rank) for suit in Suit for rank in Rank]


def _read_bid(tokens: list[str], legal: Sequence[Action], style: str) -> Answer | None:
    """A bid: its value, and in the chiamata auction its rank."""
    bids = [action for action in legal if isinstance(action, Bid)]
    if not bids:
        return None
    words = [t for t in tokens if t not in _BID and t not in _FILLER]
    ranks = _rank_words(style)
    points = [int(t) for t in words if t.isascii() and t.isdigit() and len(t) <= 6]
    named = [ranks[t] for t in words if t in ranks and not t.isdigit()]
    if len(points) + len(named) != len(words) or not words or len(points) > 1 or len(named) > 1:
        return None
    found = [
        bid
        for bid in bids
        if (not points or bid.points == points[0]) and (not named or bid.rank is named[0])
    ]
    if points and not named and len(found) > 1:
        ranks_left = listing([str(bid.rank) for bid in found], "or")
        return Answer(problem=f"at {points[0]} you bid a rank: type {ranks_left}.")
    if named and not points:
        # A rank alone is the rank bid.
        found = found[:1]
    if len(found) == 1:
        return Answer(found[0])
    values = sorted({bid.points for bid in bids})
    span = f"{values[0]}" if len(values) == 1 else f"from {values[0]} to {values[-1]}"
    return Answer(problem=f"you can bid {span} now, or pass.")


def _read_talk(
    tokens: list[str], legal: Sequence[Action], seen: Observation | None = None
) -> Answer | None:
    """``say`` and a word, or ``sign`` and what it claims (``seen``, what
    the player sees, tells why talk is refused)."""
    if len(tokens) < 2 or not (tokens[0] in _SAY or tokens[0] in _SIGN):
        return None
    saying = tokens[0] in _SAY
    key = "-".join(t for t in tokens[1:] if t not in ("a", "an", "the"))
    action: Action
    if saying:
        if key not in _WORDS:
            words = ", ".join(word.croatian for word in Word)
            return Answer(problem=f"say one of the words {words}.")
        action = Say(_WORDS[key])
    else:
        if key not in _SIGNALS:
            return Answer(problem=f"sign {SIGN_CHOICES}.")
        action = Sign(_SIGNALS[key])
    if action in legal:
        return Answer(action)
    used = _used_this_turn(seen)
    if saying and used[0] or not saying and used[1]:
        what = "said a word" if saying else "made a sign"
        return Answer(problem=f"you have already {what} this turn: play a card.")
    if not any(type(a) in TALK for a in legal):
        return Answer(
            problem="you cannot talk now: partners talk only in games with table talk, "
            "before they play a card, while there are cards to draw."
        )
    what = "said a word" if saying else "made a sign"
    return Answer(problem=f"you have already {what} this turn: play a card.")


def _used_this_turn(seen: Observation | None) -> tuple[bool, bool]:
    """Whether the player, to move in a game whose talk is still open, has
    already said a word, and made a sign, this turn."""
    if seen is None or not seen.rules.table_talk or seen.to_move != seen.seat:
        return False, False
    if not may_talk(seen.stock_size, seen.trump_card is not None):
        return False, False
    return talk_this_turn(seen.history)


def read_answer(
    text: str,
    legal: Sequence[Action],
    menu: Sequence[Action],
    name: Names,
    style: str = "en",
    seen: Observation | None = None,
) -> Answer:
    """Read ``text`` as one of the ``legal`` actions.

    Args:
        text: What the player typed (``q`` and ``?`` are the caller's).
        legal: The legal actions.
        menu: The same actions, in the order the menu numbers them.
        name: How cards are named in messages.
        style: The card names in use (``--names``), which decides what
            rank short forms such as ``10`` mean.
        seen: What the player sees, if known: it tells why a word or a
            sign is refused.

    Returns:
        The action, or the problem to tell the player.
    """
    tokens = _tokens(text)
    if not tokens:
        return Answer(problem="type your move, or q to quit.")
    has = {type(action) for action in legal}
    if tokens == ["pass"] or (len(tokens) == 1 and tokens[0] in _PASS and Pass in has):
        return Answer(Pass()) if Pass in has else Answer(problem="you cannot pass now.")
    if len(tokens) == 1 and tokens[0] in _CUT | _KNOCK and has & {Cut, Knock}:
        action: Action = Cut() if tokens[0] in _CUT else Knock()
        return Answer(action) if type(action) in has else Answer(problem=f"you cannot {action}.")
    talk = _read_talk(tokens, legal, seen)
    if talk is not None:
        return talk
    bid = _read_bid(tokens, legal, style)
    if bid is not None:
        return bid
    if Bid not in has and len(tokens) == 1 and tokens[0].isascii() and tokens[0].isdigit():
        number = int(tokens[0]) if len(tokens[0]) <= 6 else 0
        if 1 <= number <= len(menu):
            return Answer(menu[number - 1])
        return Answer(
            problem=f"there is no choice {_short(tokens[0])}: the menu goes from 1 to {len(menu)}."
        )
    card = _read_card(tokens, legal, name, style)
    if card is not None:
        return card
    return Answer(problem=f"{_short(text.strip())!r} is not a move: {hint(legal, menu, name)}")


def _short(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "..."


def hint(legal: Sequence[Action], menu: Sequence[Action], name: Names) -> str:
    """What the player may type, in a few words."""
    has = {type(action) for action in legal}
    ways = []
    if Bid in has:
        ways.append("a bid")
    if Pass in has:
        ways.append("pass")
    if Cut in has:
        ways.append("cut")
    if Knock in has:
        ways.append("knock")
    if has & {Play, Call}:
        ways.append("a card (such as " + _example(menu, name) + ")")
    if SwapTrump in has:
        ways.append("exchange")
    if Bid not in has:
        ways.append(f"a number from 1 to {len(menu)}")
    if Say in has:
        ways.append("say and a word")
    if Sign in has:
        ways.append("sign and what it claims")
    return f"type {listing(ways, 'or')}, or q to quit."


def _example(menu: Sequence[Action], name: Names) -> str:
    card = next(action.card for action in menu if isinstance(action, (Play, Call)))
    return repr(name(card))
