"""The rules of a preset in words: ``briscola rules``."""

from __future__ import annotations

import textwrap

from .._actions import Word
from .._cards import Rank
from .._rules import (
    STANDARD_STRENGTH,
    Auction,
    DealStyle,
    Exchange,
    MatchFormat,
    PartnerHands,
    Rules,
)
from ._words import article, count, listing, number, seats_text


def _players_text(rules: Rules) -> str:
    n = rules.players
    direction = "clockwise" if rules.clockwise else "anticlockwise"
    order = f" Seats are numbered in playing order, which runs {direction} round the table."
    if rules.auction is not Auction.NONE:
        return (
            f"{count(n, 'player')}. The winner of the auction, the declarer, plays with a "
            "secret partner, the holder of the card the declarer calls, against the other "
            f"{number(n - 2)}; a declarer who calls a card of their own hand plays alone "
            f"against {number(n - 1)}." + order
        )
    if rules.teams is None:
        return f"{count(n, 'player')}, each playing alone." + order
    sizes = {len(team) for team in rules.teams}
    kind = {frozenset({2}): "pairs", frozenset({3}): "teams of three"}.get(
        frozenset(sizes), "teams"
    )
    sides = [seats_text(team) for team in rules.teams]
    against = " against ".join(sides) if len(sides) == 2 else "; ".join(sides)
    return f"{count(n, 'player')} in {number(len(rules.teams))} {kind}: {against}." + order


def _pack_text(rules: Rules) -> str:
    text = (
        f"{len(rules.pack)} cards of the Italian pack: coins, cups, swords and clubs, "
        "each from the ace to the seven, then the jack, the knight and the king."
    )
    removed = rules.removed
    if removed and len(removed) == 4 and all(card.rank is Rank.TWO for card in removed):
        text += " The four twos are taken out of the 40-card pack."
    elif removed:
        cards = listing([f"the {card}" for card in removed])
        text += f" {cards[0].upper()}{cards[1:]} {'is' if len(removed) == 1 else 'are'} taken out of the 40-card pack."
    return text


def _cards_text(rules: Rules) -> str:
    order = ", ".join(str(rank) for rank in rules.strength)
    valued = sorted(rules.card_points, key=lambda item: rules.strength.index(item[0]))
    points = listing([f"{rank} {value}" for rank, value in valued])
    return (
        f"From high to low: {order}. Points: {points}; the other cards count nothing. "
        f"The pack holds {rules.total_points} points."
    )


def _deal_text(rules: Rules) -> str:
    h, n = rules.hand_size, rules.players
    packets = (
        "one card at a time"
        if rules.packet_size == 1
        else f"{number(rules.packet_size)} cards at a time"
    )
    if rules.deal is DealStyle.WHOLE:
        return (
            "The dealer deals the whole pack one card at a time, starting with the player "
            f"after the dealer: {count(h, 'card')} each. There is no stock and no trump card: "
            "trump comes from the called card."
        )
    trump = (
        "its suit is trump for the whole deal, and it lies face up under the stock, to be "
        "drawn last"
    )
    if rules.deal is DealStyle.CUT_OR_KNOCK:
        text = (
            "After the shuffle the previous dealer (the seat before the dealer) either cuts "
            f"the pack or knocks on it. After a cut the dealer deals {packets} to each "
            "player, starting with the player after the dealer, turns a card face up once "
            f"{n * h // 2} cards are dealt, then deals on until each holds {count(h, 'card')}. "
            f"After a knock each player gets {count(h, 'card')} at once, then a card is "
            f"turned face up. The turned card is the trump card: {trump}."
        )
    elif rules.deal is DealStyle.KNOCK:
        text = (
            f"The dealer gives each player {count(h, 'card')} at once, starting with the "
            f"player after the dealer, then turns the next card face up: {trump}."
        )
    else:
        half = " once half of the hands' cards are dealt" if rules.deal is DealStyle.CUT else ""
        text = (
            f"The dealer deals {packets} to each player, starting with the player after the "
            f"dealer, until each holds {count(h, 'card')}, and turns the next card face "
            f"up{half}: {trump}."
        )
    if rules.redraw_ranks:
        ranks = listing([article(str(rank)) for rank in rules.redraw_ranks], "or")
        text += (
            f" If the turned card is {ranks}, it is put back into the middle of the undealt "
            "cards, in everyone's sight, and the next card is turned instead."
        )
    return text


def _play_text(rules: Rules) -> str:
    k = rules.plays_per_trick
    text = (
        "The player after the dealer leads the first trick. Any card may be played: there "
        "is no need to follow suit or to trump. The highest trump takes the trick; without "
        "a trump, the highest card of the suit led. The winner leads the next trick."
    )
    if k > 1:
        text += (
            f" Each player plays {count(k, 'card')} to every trick, one at a time in turn "
            "(leader, other, leader, other), and the highest card takes them all."
        )
    return text + f" A deal has {rules.tricks} tricks."


def _drawing_text(rules: Rules) -> str:
    k = rules.plays_per_trick
    each = (
        "a card from the stock" if k == 1 else f"{count(k, 'card')} from the stock, one at a time"
    )
    return (
        f"After each trick every player draws {each}, the winner first, then "
        "the others in playing order; the trump card is the last card drawn. When the stock "
        "is gone the hands are played out without drawing."
    )


def _exchange_text(rules: Rules) -> str:
    mode = rules.exchange
    if mode is Exchange.NONE:
        return "The trump card cannot be exchanged."
    if mode is Exchange.TWO_FIRST_TRICK:
        return (
            "A player holding the two of trumps may, on their turn during the first trick "
            "and before playing, give it for the face-up trump card; the two then lies face "
            "up and is drawn last."
        )
    if mode is Exchange.SEVEN_AFTER_WIN:
        return (
            "A player whose side has won a trick may, on their turn and before playing, give "
            "the seven of trumps for the face-up trump card, while at least two tricks with "
            "drawing remain."
        )
    who = "whose side has won a trick" if rules.exchange_side_wins else "who has won a trick"
    return (
        f"A player {who} may, on their turn and before playing, give the seven of trumps for "
        "a face-up ace, three, king, knight or jack, or the two of trumps for a face-up "
        "seven, six, five or four, while a face-down card remains in the stock; one exchange "
        "per turn."
    )


def _partners_text(rules: Rules) -> str | None:
    if rules.auction is not Auction.NONE:
        return (
            "Only the partner knows who the partner is, until the called card is played; "
            "then everyone knows."
        )
    if rules.teams is None or all(len(team) == 1 for team in rules.teams):
        return None
    text = {
        PartnerHands.HIDDEN: "Partners never see each other's hands.",
        PartnerHands.AFTER_STOCK: (
            "Once the stock and the trump card are gone, partners show each other their "
            "hands for the rest of the deal."
        ),
        PartnerHands.BEFORE_FIRST_TRICK: (
            "Before the first trick partners show each other their hands, and so know them "
            "through the deal."
        ),
    }[rules.partner_hands]
    if rules.piles_by_side:
        text += " Each side keeps its tricks in one pile."
    return text


def _talk_text(rules: Rules) -> str:
    words = ", ".join(f'"{word.croatian}" ({word.meaning})' for word in Word)
    return (
        "While there are cards to draw, the player to move may, before playing, say one "
        f"word aloud that everyone hears: {words}; and make one secret sign that only the "
        "partner sees, claiming a card: an ace or a three, the ace, three, king, knight or "
        "jack of trumps, or a small trump. Signs may lie. Once the last cards are drawn "
        "the deal is played in silence."
    )


def _auction_text(rules: Rules) -> str:
    total = rules.total_points
    ending = (
        "A pass is final. The auction ends when all but one have passed and that one has "
        "bid; if everyone passes the deal is void and the next dealer deals."
    )
    if rules.auction is Auction.CHIAMATA:
        weakest = rules.strength[-1]
        return (
            "Starting with the player after the dealer, each player in turn passes or bids "
            f"higher: first by naming a rank, from the {rules.strength[0]} down to the "
            f"{weakest}, undertaking {rules.min_bid} points; then, with the {weakest}, by "
            f"raising the points from {rules.min_bid + 1} to {total}. {ending} The declarer "
            "then calls a card of the rank bid: its suit is trump, and its holder is the "
            "secret partner; calling a card of one's own hand means playing alone."
        )
    return (
        "Starting with the player after the dealer, each player in turn passes or bids a "
        f"number of points from {rules.min_bid} to {total}, higher than the last bid. {ending} "
        "The declarer then calls any card: its suit is trump, and its holder is the secret "
        "partner; calling a card of one's own hand means playing alone."
    )


def _winning_text(rules: Rules) -> str:
    total = rules.total_points
    n = rules.players
    if rules.auction is not Auction.NONE:
        text = (
            "The declarer's side must take at least the points bid. If it does, the declarer "
            "scores 2, the partner 1 and each other player -1; if not, the declarer scores -2, "
            f"the partner -1 and each other player 1. Playing alone, the declarer scores "
            f"{n - 1} or -{n - 1}, and each other player -1 or 1."
        )
        if rules.cappotto_doubles:
            text += " If one side takes every point, the scores are doubled."
        return text
    if len(rules.sides) == 2:
        text = f"The side with more than half of the points ({total // 2 + 1} of {total}) wins the deal"
        if total % 2 == 0:
            text += f"; {total // 2} each is a tie"
        return text + "."
    who = "player" if rules.teams is None else "side"
    return f"The {who} with the most points wins the deal; a shared top score is a tie."


def _match_text(rules: Rules) -> str:
    target = rules.match_target
    fmt = rules.match
    if fmt is MatchFormat.SINGLE:
        return "A single deal; a tie is a drawn match."
    if fmt is MatchFormat.FIRST_TO:
        text = (
            f"The first side to win {count(target, 'deal')} wins the match; a match won "
            "without losing a deal is a sweep (Split's češalj)."
        )
    elif fmt is MatchFormat.BEST_OF:
        text = (
            f"Best of {count(target, 'deal')}: the match ends when a side has won more than "
            f"half of {number(target)}, or after {count(target, 'deal')} that had a winner; "
            "tied deals do not count."
        )
    else:
        text = (
            f"Deals are played until a player's total score reaches {target} with that "
            "player alone in the lead."
        )
    if rules.tie_same_dealer:
        return text + (
            " After a tied deal the same dealer deals again; otherwise the deal passes to "
            "the next player in playing order."
        )
    return text + " After every deal the deal passes to the next player in playing order."


def describe_rules(rules: Rules, name: str | None = None, width: int = 79) -> str:
    """The rules in words, derived from the fields of ``rules``.

    Args:
        rules: Any rules, a preset or one made with :func:`attrs.evolve`.
        name: A title (such as the preset's name).
        width: The line width to wrap to.

    Returns:
        Labelled paragraphs: players, pack, cards, deal, play, drawing,
        exchange, partners, auction, winning and match, as they apply.

    >>> from briscola import preset
    >>> print(describe_rules(preset("italian-2p"), "italian-2p"))
    italian-2p
    <BLANKLINE>
    Players   Two players, each playing alone. Seats are numbered in playing order,
              which runs anticlockwise round the table.
    ...
    Winning   The side with more than half of the points (61 of 120) wins the deal;
              60 each is a tie.
    Match     A single deal; a tie is a drawn match.
    """
    sections: list[tuple[str, str | None]] = [
        ("Players", _players_text(rules)),
        ("Pack", _pack_text(rules)),
        ("Cards", _cards_text(rules)),
        ("Deal", _deal_text(rules)),
        ("Play", _play_text(rules)),
        ("Drawing", None if rules.deal is DealStyle.WHOLE else _drawing_text(rules)),
        ("Exchange", None if rules.deal is DealStyle.WHOLE else _exchange_text(rules)),
        ("Auction", None if rules.auction is Auction.NONE else _auction_text(rules)),
        ("Partners", _partners_text(rules)),
        ("Talk", _talk_text(rules) if rules.table_talk else None),
        ("Winning", _winning_text(rules)),
        ("Match", _match_text(rules)),
    ]
    lines = [] if name is None else [name, ""]
    for label, text in sections:
        if text is None:
            continue
        text = text[0].upper() + text[1:]
        lines.extend(
            textwrap.wrap(
                text,
                width=width,
                initial_indent=f"{label:<10}",
                subsequent_indent=" " * 10,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)


def summary(rules: Rules) -> str:
    """A one-line summary of the rules for the list of presets."""
    if rules.auction is not Auction.NONE:
        sides = "declarer and partner against the rest"
    elif rules.teams is None:
        sides = "singles"
    else:
        sides = " v ".join("+".join(map(str, team)) for team in rules.teams)
    deal = {
        DealStyle.CUT_OR_KNOCK: "cut or knock",
        DealStyle.WHOLE: "whole pack dealt",
    }.get(rules.deal, f"{rules.deal.value} deal")
    match = {
        MatchFormat.SINGLE: "single deal",
        MatchFormat.FIRST_TO: f"first to {rules.match_target}",
        MatchFormat.BEST_OF: f"best of {rules.match_target}",
        MatchFormat.POINTS_TARGET: f"to {rules.match_target} points",
    }[rules.match]
    extras = []
    if rules.plays_per_trick > 1 or rules.hand_size == 4:
        extras.append("dupla")
    if rules.redraw_ranks:
        extras.append("redraw")
    if rules.exchange is not Exchange.NONE:
        extras.append(f"{rules.exchange.value} exchange")
    if rules.strength != STANDARD_STRENGTH:
        extras.append("strength " + "-".join(str(rank) for rank in rules.strength[:5]) + "...")
    if rules.total_points != 120:
        extras.append(f"{rules.total_points} points")
    if rules.auction is Auction.CHIAMATA:
        extras.append("chiamata auction")
    text = (
        f"{rules.players} players, {len(rules.pack)} cards, {rules.hand_size} in hand, "
        f"{sides}, {deal}, {match}"
    )
    return text + "".join(f", {extra}" for extra in extras)
