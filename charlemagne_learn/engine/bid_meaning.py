"""What each bid of a ladder means and scores, in words: one place for the bid box, the rules' table and
the lessons, in English or French.

>>> from .rules import Rules
>>> rules = Rules.preset("canadian")
>>> meaning = bid_meaning(rules, rules.bid("charlemagne"))
>>> meaning["who plays"], meaning["to make it"], meaning["made"]
('bidder alone', 'take all 8', '+16')
>>> bid_meaning(rules, rules.bid("mulot"), "fr")["to make it"]
'le preneur ne fait aucune levée'
>>> bid_meaning(Rules.preset("american"), Rules.preset("american").bid("charles_alone"), "fr")["bid"]
'Charles seul'
>>> bid_meaning(rules, rules.bid("Charles+"))["also called"], bid_meaning(rules, rules.bid("8"), "fr")["also called"]
('also called Charles+', '')
"""

from __future__ import annotations

from .i18n import Lang, say, word
from .rules import BidSpec, Rules

__all__ = ["COLUMNS", "bid_meaning"]

#: The columns of :func:`bid_meaning`, in the order a table shows them.
COLUMNS = ("bid", "who plays", "exchange", "trump", "first lead", "to make it", "made", "failed")


def bid_meaning(rules: Rules, spec: BidSpec, lang: Lang = "en") -> dict[str, str]:
    """What a bid means and scores, one entry per column of the box (``"who plays"``, ``"to make it"``, …), and
    ``"also called"``: the names players also call it by ("also called Charles+"), or ""."""
    n = rules.tricks_per_hand
    if spec.avoid:
        goal = word("meaning.goal.avoid", lang)
    else:
        goal = say(
            "meaning.goal.all" if spec.tricks >= n else "meaning.goal.n", lang, n=spec.tricks if spec.tricks < n else n
        )
    if spec.exposed_after_first_trick:
        goal += word("meaning.goal.shown", lang)
    if rules.per_trick_scoring:
        made, failed = word("meaning.made.per_trick", lang), say("meaning.failed.per_trick", lang, n=spec.made)
    elif spec.outright:
        made, failed = word("meaning.made.outright", lang), word("meaning.failed.outright", lang)
    else:
        made, failed = say("meaning.made.points", lang, n=spec.made), say("meaning.failed.points", lang, n=spec.failed)
    exchange = f"meaning.exchange.{spec.exchange}" + (
        "_optional" if spec.exchange == "partner" and spec.alone == "optional" else ""
    )
    trump = spec.trump if spec.has_trump else ("jokers_only" if rules.jokers else "no_trump")
    also = say("bid.also_called", lang, names=", ".join(spec.also_called)) if spec.also_called else ""
    return {
        "bid": spec.text(lang),
        # not a column of the box: what a bid is also called, for where a bid is explained by name
        "also called": also,
        "who plays": word(f"meaning.alone.{spec.alone}", lang),
        "exchange": say(exchange, lang, k=rules.kitty_size, k1=rules.kitty_size + 1),
        "trump": word(trump, lang),
        "first lead": word("meaning.leads.bidder" if spec.bidder_leads else "meaning.leads.left", lang),
        "to make it": goal,
        "made": made,
        "failed": failed,
    }
