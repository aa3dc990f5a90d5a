"""The hand told as it happens: one short line for each action, as one seat at the table sees it.

A card put aside or passed between partners is named only to the seats that see it (the bidder who puts it aside,
the two partners who pass it); everyone else hears that a card went, face down. The play table tells the bots'
part of the hand this way, a step at a time.

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
>>> for action in ["bid 6", "pass", "pass", "pass"]:
...     state.apply(action)
>>> narrate(state, 0, cl.Seat.S), narrate(state, 1, cl.Seat.S, "fr")
('North bids 6.', 'Est passe.')

Where an action falls in the hand (:meth:`HandState.when <charlemagne_learn.engine.hand.HandState.when>`) is said as players say it,
never as a move number: the bidding, the exchange, or the trick and the card's place in it.

>>> played = cl.play_hand(cl.Rules.preset("canadian"), [cl.RuleBot(s) for s in range(4)], dealer="W", seed=7)
>>> played.when(0), played.when(len(played.history) - 1), played.when(len(played.history) - 3, "fr")
('The bidding', 'Trick 8, fourth card', 'Levée 8, deuxième carte')
"""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.cards import Seat
from ..engine.hand import HandState, Phase
from ..engine.i18n import Lang, lang_or_current, say, seat_word, word
from ..engine.rules import Rules

__all__ = ["narrate"]


def narrate(state: HandState, move: int, viewer: Seat | None, lang: str | None = None) -> str:
    """Action ``move`` of ``state``'s hand (0: the first bid) in one line, as ``viewer`` sees it (None: the teacher,
    who sees every card): who did what, and who won the trick that action finished."""
    language = lang_or_current(lang)
    seat, action = state.history[move]
    before, after = state.at(move), state.at(move + 1)
    line = _line(before, Seat(seat), action, viewer, language)
    if action.kind == "play" and len(after.tricks) > len(before.tricks):
        line += " " + say("narrate.won", language, seat=after.tricks[-1].winner)
    if before.phase is Phase.BIDDING and after.phase is not Phase.BIDDING and after.bidder is not None:
        won = next(a for _, a in reversed(after.history) if a.kind == "bid")
        line += " " + say("narrate.won_bidding", language, seat=after.bidder, bid=_bid_text(won, after.rules, language))
    if before.kitty and not after.kitty and after.bidder is not None:  # the kitty goes with the contract
        line += " " + say("narrate.kitty", language, seat=after.bidder)
    return line


def _bid_text(action: Action, rules: Rules, lang: Lang) -> str:
    """A bid as a player says it: "6", "Gros Mulot", "4♦", "3 no trump"."""
    name = rules.bid(action.bid or "").text(lang)
    if action.suit is not None:
        return name + action.suit.symbol
    return f"{name} {word('no trump', lang)}" if action.no_trump else name


def _line(before: HandState, seat: Seat, action: Action, viewer: Seat | None, lang: Lang) -> str:
    rules: Rules = before.rules
    if action.kind == "pass":
        return say("narrate.pass", lang, seat=seat)
    if action.kind == "bid":
        return say("narrate.bid", lang, seat=seat, bid=_bid_text(action, rules, lang))
    if action.kind == "choose":
        return say("narrate.choose", lang, seat=seat, choice=action.text(lang))
    if action.kind == "trump":
        return say("narrate.trump", lang, seat=seat, suit=action.suit) if action.suit is not None else ""
    if action.kind in ("give", "discard"):
        # seen by the seat that moves the card and, for a card passed, the partner who takes it
        sees = viewer is None or viewer == seat or (action.kind == "give" and viewer == seat.partner)
        key = f"narrate.{action.kind}" if sees else f"narrate.{action.kind}_hidden"
        return say(key, lang, seat=seat, card=action.card, partner=seat.partner)
    if action.kind == "play":
        key = "narrate.play" if before.trick else "narrate.lead"
        return say(key, lang, seat=seat, card=action.card)
    return f"{seat_word(seat, lang)}: {action.text(lang)}"  # pragma: no cover (every kind is above)
