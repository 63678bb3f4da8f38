"""The CPython floor: the least work one random two-player deal costs.

A faithful copy of the project's reference floor loop: plain integers for
cards (``10 * suit + rank``), lists for hands, one ``random.Random`` for
the shuffle and for every choice, no states, no checks. A rules engine
written in pure Python can hardly do a deal with less work, so the
benchmark reports every deal rate as a fraction of this one. Keep it
equivalent to the reference: ``deal`` must consume the generator the same
way and return the same points.
"""

import random

POINTS = [11, 0, 10, 0, 0, 0, 0, 2, 3, 4]
STRENGTH = [10, 1, 9, 2, 3, 4, 5, 6, 7, 8]

CARDS_PER_DEAL = 40
"""Cards played in one deal of the floor (every card of the pack)."""


def beats(a: int, b: int, trump: int) -> bool:
    """Whether card ``b`` takes the trick led with card ``a``."""
    sa, sb = a // 10, b // 10
    if sa == sb:
        return STRENGTH[b % 10] > STRENGTH[a % 10]
    return sb == trump


def deal(rng: random.Random) -> tuple[int, int]:
    """Shuffle, deal and play one random deal; the two seats' points."""
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [[deck[0], deck[2], deck[4]], [deck[1], deck[3], deck[5]]]
    stock = deck[7:] + [deck[6]]
    trump = deck[6] // 10
    pts = [0, 0]
    leader = 0
    pos = 0
    choice = rng.randrange
    while hands[leader]:
        h = hands[leader]
        a = h.pop(choice(len(h)))
        o = 1 - leader
        h = hands[o]
        b = h.pop(choice(len(h)))
        if beats(a, b, trump):
            leader = o
        pts[leader] += POINTS[a % 10] + POINTS[b % 10]
        if pos < 34:
            hands[leader].append(stock[pos])
            hands[1 - leader].append(stock[pos + 1])
            pos += 2
    return pts[0], pts[1]
