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
"""

from __future__ import annotations

from .i18n import Lang, add_words, word
from .rules import BidSpec, Rules

__all__ = ["COLUMNS", "bid_meaning"]

#: The columns of :func:`bid_meaning`, in the order a table shows them.
COLUMNS = ("bid", "who plays", "exchange", "trump", "first lead", "to make it", "made", "failed")

add_words(
    {
        "after_exchange": ("named by the bidder after the exchange", "nommé par le preneur après l'échange"),
        "after_bidding": ("named by the bidder after the bidding", "nommé par le preneur après les enchères"),
        "with_bid": ("named with the bid", "nommé avec l'enchère"),
        "with_bid_or_none": ("named with the bid, or no-trump", "nommé avec l'enchère, ou sans atout"),
    }
)
add_words(
    {
        "who plays": ("who plays", "qui joue"),
        "exchange": ("kitty / partner's card", "minou / carte du partenaire"),
        "first lead": ("first lead", "entame"),
        "to make it": ("to make it", "pour réussir"),
        "alone never": ("both partners", "les deux partenaires"),
        "alone always": ("bidder alone", "le preneur seul"),
        "alone optional": ("both partners, or the bidder alone", "les deux partenaires, ou le preneur seul"),
        "exchange none": ("none", "aucun"),
        "exchange kitty": ("bidder takes the kitty, discards {k}", "le preneur prend le minou, écarte {k}"),
        "exchange kitty_and_partner": (
            "kitty + 1 card from the partner, discards {k1}",
            "minou + 1 carte du partenaire, écarte {k1}",
        ),
        "exchange kitty_or_partner": (
            "the kitty (discards {k}) or 1 card from the partner (discards 1)",
            "le minou (écarte {k}) ou 1 carte du partenaire (écarte 1)",
        ),
        "exchange partner": (
            "partner passes 1 card and sits out, bidder discards 1",
            "le partenaire passe 1 carte et ne joue pas, le preneur en écarte 1",
        ),
        "exchange partner optional": (
            "if alone: partner passes 1 card, bidder discards 1",
            "seul : le partenaire passe 1 carte, le preneur en écarte 1",
        ),
        "leads bidder": ("the bidder", "le preneur"),
        "leads left": ("left of the bidder", "à gauche du preneur"),
        "goal avoid": ("bidder takes no trick", "le preneur ne fait aucune levée"),
        "goal all": ("take all {n}", "faire les {n} levées"),
        "goal n": ("take at least {n}", "faire au moins {n} levées"),
        "goal shown": ("; bidder's hand shown to all after trick 1", " ; main du preneur montrée après la 1re levée"),
        "made +n": ("+{n}", "+{n}"),
        "failed +n": ("opponents +{n}", "adversaires +{n}"),
        "made outright": ("wins the game", "gagne la partie"),
        "failed outright": ("loses the game", "perd la partie"),
        "made per trick": ("1 a trick to each team", "1 par levée à chaque équipe"),
        "failed per trick": (
            "bidders lose {n}; opponents 1 a trick",
            "les preneurs perdent {n} ; adversaires 1 par levée",
        ),
    }
)


def bid_meaning(rules: Rules, spec: BidSpec, lang: Lang = "en") -> dict[str, str]:
    """What a bid means and scores, one entry per column of the box (``"who plays"``, ``"to make it"``, …)."""
    n = rules.tricks_per_hand
    if spec.avoid:
        goal = word("goal avoid", lang)
    else:
        goal = word("goal all" if spec.tricks >= n else "goal n", lang).format(n=spec.tricks if spec.tricks < n else n)
    if spec.exposed_after_first_trick:
        goal += word("goal shown", lang)
    if rules.per_trick_scoring:
        made, failed = word("made per trick", lang), word("failed per trick", lang).format(n=spec.made)
    elif spec.outright:
        made, failed = word("made outright", lang), word("failed outright", lang)
    else:
        made, failed = word("made +n", lang).format(n=spec.made), word("failed +n", lang).format(n=spec.failed)
    exchange = f"exchange {spec.exchange}" + (
        " optional" if spec.exchange == "partner" and spec.alone == "optional" else ""
    )
    trump = spec.trump if spec.has_trump else ("jokers only" if rules.jokers else "no trump")
    return {
        "bid": spec.text(lang),
        "who plays": word(f"alone {spec.alone}", lang),
        "exchange": word(exchange, lang).format(k=rules.kitty_size, k1=rules.kitty_size + 1),
        "trump": word(trump, lang),
        "first lead": word("leads bidder" if spec.bidder_leads else "leads left", lang),
        "to make it": goal,
        "made": made,
        "failed": failed,
    }
