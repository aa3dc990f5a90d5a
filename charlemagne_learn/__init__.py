"""charlemagne_learn: learn the card game Charlemagne in JupyterLab.

>>> import charlemagne_learn as cl
>>> rules = cl.Rules.preset("canadian")
>>> k = cl.Contract(rules, bid="6", bidder="N", trump="H")
>>> [str(c) for c in cl.trump_order(rules, trump="H")][:4]
['RJ', 'BJ', 'J♥', 'J♦']
>>> cl.trick_winner(k, "E", cl.parse_cards("AS JD 7S KS")).name
'S'
>>> cl.score_hand(k, 6)
{'NS': 6, 'EW': 0}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine.lazy import given_when_asked

if TYPE_CHECKING:
    from .analysis.bots import Bot, RandomBot, play_game, play_hand
    from .analysis.odds import BidChance, BidOdds, bid_odds
    from .analysis.pimcbot import PimcBot
    from .analysis.rulebot import RuleBot
    from .analysis.solver import double_dummy, solve_position
    from .course import (
        Course,
        CourseSettingsError,
        course_lang,
        course_rules,
        set_course,
        set_student,
        speaking,
        student,
    )
    from .engine.actions import Action
    from .engine.cards import BLACK_JOKER, RED_JOKER, TEAMS, Card, CardList, Rank, Seat, Suit, parse_cards
    from .engine.contract import Contract
    from .engine.errors import (
        CardParseError,
        CharlemagneError,
        ContractError,
        HandError,
        IllegalActionError,
        RulesOptionError,
        SeedError,
        TrickError,
    )
    from .engine.game import Game
    from .engine.hand import HandResult, HandState, Phase, SeatView, Trick
    from .engine.i18n import number
    from .engine.ranking import card_order, card_role, jokers, trump_order
    from .engine.rules import BidSpec, Rules
    from .engine.ruling import Ruling
    from .engine.scoring import HandScore, explain_score, score_hand
    from .engine.tricks import explain_legal_plays, explain_play, explain_trick_winner, legal_plays, trick_winner
    from .teach.glossary import term

#: Where each name of the facade is defined, imported when the name is first asked for: importing the package or a
#: card loads neither the analysis nor the lessons' tools (and so not the solver, the statistics or matplotlib).
_HOMES: dict[str, str] = {
    **dict.fromkeys(("BidChance", "BidOdds", "bid_odds"), ".analysis.odds"),
    **dict.fromkeys(("double_dummy", "solve_position"), ".analysis.solver"),
    **dict.fromkeys(("Bot", "RandomBot", "play_game", "play_hand"), ".analysis.bots"),
    "PimcBot": ".analysis.pimcbot",
    "RuleBot": ".analysis.rulebot",
    "Action": ".engine.actions",
    **dict.fromkeys(
        (
            "Course",
            "CourseSettingsError",
            "course_lang",
            "course_rules",
            "set_course",
            "set_student",
            "speaking",
            "student",
        ),
        ".course",
    ),
    **dict.fromkeys(
        ("BLACK_JOKER", "RED_JOKER", "TEAMS", "Card", "CardList", "Rank", "Seat", "Suit", "parse_cards"),
        ".engine.cards",
    ),
    "Contract": ".engine.contract",
    **dict.fromkeys(
        (
            "CardParseError",
            "CharlemagneError",
            "ContractError",
            "HandError",
            "IllegalActionError",
            "RulesOptionError",
            "SeedError",
            "TrickError",
        ),
        ".engine.errors",
    ),
    "Game": ".engine.game",
    **dict.fromkeys(("HandResult", "HandState", "Phase", "SeatView", "Trick"), ".engine.hand"),
    "number": ".engine.i18n",
    **dict.fromkeys(("card_order", "card_role", "jokers", "trump_order"), ".engine.ranking"),
    **dict.fromkeys(("BidSpec", "Rules"), ".engine.rules"),
    "Ruling": ".engine.ruling",
    **dict.fromkeys(("HandScore", "explain_score", "score_hand"), ".engine.scoring"),
    **dict.fromkeys(
        ("explain_legal_plays", "explain_play", "explain_trick_winner", "legal_plays", "trick_winner"), ".engine.tricks"
    ),
    "term": ".teach.glossary",
}
#: The package's parts, reachable as ``cl.analysis`` and the like as they were when the facade imported them all.
_PARTS = ("analysis", "engine", "teach", "widgets")

__all__ = [
    "BLACK_JOKER",
    "RED_JOKER",
    "TEAMS",
    "Action",
    "BidChance",
    "BidOdds",
    "BidSpec",
    "Bot",
    "Card",
    "CardList",
    "CardParseError",
    "CharlemagneError",
    "Contract",
    "ContractError",
    "Course",
    "CourseSettingsError",
    "Game",
    "HandError",
    "HandResult",
    "HandScore",
    "HandState",
    "IllegalActionError",
    "Phase",
    "PimcBot",
    "RandomBot",
    "Rank",
    "RuleBot",
    "Rules",
    "RulesOptionError",
    "Ruling",
    "Seat",
    "SeatView",
    "SeedError",
    "Suit",
    "Trick",
    "TrickError",
    "bid_odds",
    "card_order",
    "card_role",
    "course_lang",
    "course_rules",
    "double_dummy",
    "explain_legal_plays",
    "explain_play",
    "explain_score",
    "explain_trick_winner",
    "jokers",
    "legal_plays",
    "number",
    "parse_cards",
    "play_game",
    "play_hand",
    "score_hand",
    "set_course",
    "set_student",
    "solve_position",
    "speaking",
    "student",
    "term",
    "trick_winner",
    "trump_order",
]

__version__ = "0.1.0"


__getattr__, __dir__ = given_when_asked(__name__, _HOMES, _PARTS)
