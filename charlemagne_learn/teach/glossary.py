"""The course's words: each term once, with its French word, what it means, and the lesson that defines it.

One word per idea: a card put aside in the exchange is *discarded*; a card of another suit played to a
trick is *thrown off*. The lessons may use a term only from the lesson that defines it on (a test reads
every lesson's text against this list), so a newcomer never meets a word before its meaning.

>>> GLOSSARY["little jack"].french, GLOSSARY["little jack"].lesson
('le petit bar', '00')
>>> [t for t in terms_of("05")][:3]
['bid ladder', 'discard', 'stick the dealer']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from html import escape

from ..course import course_rules
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import Forms, lang_or_current, say, sentence, word, word_key
from ..engine.rules import VARIANTS, Rules

__all__ = ["GLOSSARY", "Term", "glossary_html", "term", "terms_of"]


#: The game's words :func:`term` names in a refusal (it knows every word of the interface besides).
_TERMS = ("red joker", "black joker", "high joker", "low joker", "big jack", "little jack", "right bower", "left bower",
          "kitty", "trump", "no trump", "trick", "bid", "bidder", "pass", "dealer", "contract", "score")  # fmt: skip


def term(key: str, lang: str | None = None) -> str:
    """A word of the game in the current language (or ``lang``): ``term("little jack")`` is "le petit bar" in the
    French edition; a card's role from :func:`~charlemagne_learn.engine.ranking.card_role` reads the same way (its ``""``,
    no special name, stays ``""``), and so does a bid's label ("6", "Mulot"). Capitals are kept: ``term("Little
    jack")`` is "Le petit bar". A word the package does not know is refused, with the words it knows.

    >>> term("little jack", "fr"), term("Bidder", "fr"), term("6", "fr")
    ('le petit bar', 'Preneur', '6')
    """
    language = lang_or_current(lang)
    if isinstance(key, str):
        found = word_key(key)
        if found is not None:
            text = word(found, language)
            # a word written with a capital where the catalog writes none keeps it ("Little jack")
            written = key.strip()
            capital = written[:1].isupper() and written not in (found, word(found, "en"))
            return text[:1].upper() + text[1:] if capital else text
        if _is_bid_label(key):
            return word(key, language)
    raise RulesOptionError(sentence("glossary.unknown_term", language, key=quote(key), terms=", ".join(_TERMS)))


def _is_bid_label(text: str) -> bool:
    """Is ``text`` the label of a bid of a preset, or of the course's rules (a house rule may rename one)?"""
    try:
        ladders = [Rules.preset(v).bids for v in VARIANTS] + [course_rules().bids]
    except RulesOptionError:  # the course's own settings cannot be read: that is their refusal, not this one
        ladders = [Rules.preset(v).bids for v in VARIANTS]
    return any(text in (b.label, b.name) for bids in ladders for b in bids)


@dataclass(frozen=True, kw_only=True)
class Term:
    """One word of the game."""

    lesson: str  # "00" … "13": the lesson that defines it
    french: str
    meaning: str
    #: The meaning in French, for the French edition.
    sens: str = ""
    #: The ways a lesson writes the term (a regular expression, matched case-blind on whole words).
    forms: str
    #: Words other books use for the same idea, which the course never does (one word per idea): a regular
    #: expression like ``forms``; "" for none.
    others: str = ""

    def found_in(self, text: str) -> bool:
        return re.search(rf"(?<![\w-])(?:{self.forms})(?![\w-])", text, re.IGNORECASE) is not None

    def other_word_in(self, text: str) -> str | None:
        """The first word of :attr:`others` in ``text``, or None."""
        if not self.others:
            return None
        found = re.search(rf"(?<![\w-])(?:{self.others})(?![\w-])", text, re.IGNORECASE)
        return found.group(0) if found else None


def _t(lesson: str, french: str, meaning: str, forms: str, others: str = "") -> Term:
    return Term(lesson=lesson, french=french, meaning=meaning, forms=forms, others=others)


#: Each term's meaning in French, as the French edition's glossary gives it.
_SENS: dict[str, str] = {
    "dealer": "le joueur qui donne les cartes ; la donne passe à gauche après chaque main",
    "kitty": "les 2 cartes données face cachée au milieu de la table, pour le preneur",
    "bid": "la promesse du nombre de levées que votre camp fera, ou une enchère spéciale",
    "pass": "dire qu'on ne fait pas d'enchère",
    "contract": "l'enchère la plus haute, que le camp du preneur doit réussir",
    "bidder": "le joueur qui a fait le contrat",
    "partner": "le joueur assis en face de vous, dans votre camp",
    "trump": "la couleur nommée par le preneur, dont les cartes battent toutes les autres couleurs",
    "trick": "une carte de chaque joueur à tour de rôle ; la plus haute la remporte",
    "lead": "jouer la première carte d'une levée",
    "follow suit": "jouer une carte de la couleur demandée",
    "throw off": "jouer une carte d'une autre couleur quand on ne peut pas fournir",
    "big jack": "le valet d'atout, le plus gros atout après les jokers",
    "little jack": "l'autre valet de la couleur de l'atout ; il compte comme un atout",
    "Mulot": "l'enchère de ne faire aucune levée, seul, avec les jokers pour seuls atouts",
    "Charlemagne": "l'enchère de faire toutes les levées, seul ; les salles en ligne disent Charles, certaines tables "
    "Petit Charles",
    "suit led": "la couleur de la carte qui ouvre une levée (le petit bar ou un joker demande de l'atout)",
    "Gros Mulot": "le Mulot, avec la main du preneur montrée à tous après la première levée ; les salles en ligne "
    "disent Mulot+",
    "Gros Charlemagne": "le Charlemagne avec le minou ou une carte du partenaire, pas les deux ; les salles en ligne "
    "disent Charles+",
    "house rule": "une règle que chaque table choisit, comme le joker qui est le plus fort",
    "high joker": "le plus gros atout de tous (le joker rouge, sauf si votre table joue le noir)",
    "low joker": "le deuxième plus gros atout",
    "plain suit": "une couleur qui n'est pas l'atout",
    "bower": "les noms des deux valets d'atout à l'Euchre à enchères : le droit (le bar) et le gauche (le petit bar)",
    "void": "n'avoir aucune carte d'une couleur",
    "bid ladder": "toutes les enchères du jeu, de la plus basse à la plus haute",
    "exchange": "le preneur prend le minou (ou une carte du partenaire) et met des cartes de côté",
    "discard": "mettre une carte de côté, face cachée, pendant l'échange",
    "stick the dealer": "la règle maison qui oblige le donneur à enchérir quand tous les autres ont passé",
    "thrown in": "une main où personne n'enchérit : elle n'est pas jouée et ne marque rien",
    "grade": "comment un choix se compare au meilleur : meilleur, bon, imprécision, erreur, gaffe",
    "exposed hand": "les cartes du preneur au Gros Mulot, face visible après la première levée",
    "partner's card": "la carte que le partenaire d'un preneur au Charlemagne lui donne avant de se retirer",
    "double dummy": "un jeu où chacun voit toutes les cartes et joue parfaitement",
    "rule of thumb": "une règle rapide qu'un joueur applique à la table, sans ordinateur",
    "the count": "atouts + gros atouts + as de côté : ce que vaut une main, compté à la table",
    "sure trick": "une carte qui gagne une levée quoi que tiennent les autres",
    "hint": "le classement de chaque choix par le moteur, avec sa note et sa raison",
    "review": "chaque décision d'une donne, notée, avec le meilleur choix",
    "expected points": "les points qu'une enchère rapporte en moyenne, réussites et chutes ensemble",
    "interval": "l'étendue où se trouve une chance, vu le nombre de donnes comptées (95 %)",
    "lone defender": "au Maine : un seul défenseur contre un Charlemagne seul, son partenaire se retirant",
    "Le Petit": "au jeu américain et au Maine : l'enchère de ne faire aucune levée, seul, sans atout (leur Mulot)",
    "No Trump": "au jeu américain : l'enchère de faire les 8 levées avec son partenaire, sans couleur d'atout",
    "Charles": "au jeu américain (aussi le jeu du Bas-Saint-Laurent et du Madawaska, les règles de Jean Pichette) : "
    "l'enchère de faire les 8 levées avec son partenaire, avec un atout ; Charles seul : la même, seul, avec une carte "
    "du partenaire ; au jeu canadien, le Charles des salles en ligne est le Charlemagne",
    "High Card No Trump": "au Maine : le Sans-atout, faire les 8 levées avec son partenaire sans couleur d'atout",
}


#: term → its entry, in the order the course meets them.
GLOSSARY: dict[str, Term] = {
    # lesson 00: the whole game on one page
    "dealer": _t("00", "le donneur", "the player who deals; the deal passes to the left after each hand", "dealers?"),
    "kitty": _t("00", "le minou", "the 2 cards dealt face down in the middle, for the bidder", "kitty|kitties"),
    "bid": _t("00", "l'enchère", "a promise of how many tricks your side will take, or a special bid", "bids?|bidding"),
    "pass": _t("00", "passer", "saying no bid", "pass|passes|passed|passing"),
    "contract": _t("00", "le contrat", "the highest bid, which the bidder's side must make", "contracts?"),
    # bridge and euchre books say declarer (or maker): one word here
    "bidder": _t("00", "le preneur", "the player who made the contract", "bidders?", "declar(?:er|ers|ing|es)|makers?"),
    "partner": _t("00", "le partenaire", "the player opposite you, on your side", "partners?"),
    "trump": _t("00", "l'atout", "the suit named by the bidder, whose cards beat every other suit", "trumps?|trumped"),
    "trick": _t("00", "la levée", "one card from each player in turn; the highest takes it", "tricks?"),
    "lead": _t("00", "entamer", "play the first card of a trick", "lead|leads|led|leader|leading"),
    "follow suit": _t("00", "fournir", "play a card of the suit led", r"follow(?:s|ed|ing)? suit"),
    "throw off": _t(
        "00",
        "se défausser",
        "play a card of another suit when you cannot follow",
        r"throw(?:s|n)? (?:it |a card )?off|thrown off",
    ),
    "big jack": _t("00", "le bar", "the jack of trumps, the highest trump after the jokers", "big jacks?"),
    "little jack": _t(
        "00", "le petit bar", "the other jack of the trump suit's colour; it counts as a trump", "little jacks?"
    ),
    "Mulot": _t("00", "Mulot", "the bid to take no trick at all, alone, with only the jokers as trumps", "mulot"),
    # the online rooms' names (Charles, Mulot+, Charles+) are said here, where the bids are explained
    "Charlemagne": _t(
        "00",
        "Charlemagne",
        "the bid to take every trick, alone; online rooms call it Charles, some tables Petit Charles",
        "charlemagne",
    ),
    "suit led": _t(
        "00",
        "la couleur demandée",
        "the suit of the card that leads a trick (a little jack or joker leads trumps)",
        "suit led",
    ),
    "Gros Mulot": _t(
        "00",
        "Gros Mulot",
        "Mulot with the bidder's hand shown to all after the first trick; online rooms call it Mulot+",
        "gros mulot",
    ),
    "Gros Charlemagne": _t(
        "00",
        "Gros Charlemagne",
        "Charlemagne with the kitty or a partner's card, not both; online rooms call it Charles+",
        "gros charlemagne",
    ),
    "house rule": _t("00", "la règle maison", "a rule each table chooses, such as which joker is high", "house rules?"),
    "high joker": _t(
        "00",
        "le grand joker",
        "the highest trump of all (the red joker, unless your table plays the black one)",
        "high jokers?",
    ),
    "low joker": _t("00", "le petit joker", "the second highest trump", "low jokers?"),
    "plain suit": _t("00", "une couleur ordinaire", "a suit that is not trump", "plain suits?"),
    "exchange": _t(
        "00", "l'échange", "the bidder taking the kitty (or a partner's card) and putting cards aside", "exchange"
    ),
    # lesson 02
    "bower": _t(
        "02", "le bower", "Bid Euchre's names for the two jacks of trump: right (big) and left (little)", "bowers?"
    ),
    # lesson 03
    "void": _t("03", "la chicane", "having no card of a suit", "void|voids"),
    # lesson 05
    "bid ladder": _t(
        "05", "l'échelle des enchères", "every bid of the game, from the lowest to the highest", "bid ladder"
    ),
    "discard": _t("05", "écarter", "put a card aside face down in the exchange", "discards?|discarded|discarding"),
    "stick the dealer": _t(
        "05",
        "le donneur est collé",
        "the house rule that the dealer must bid when the others all pass",
        "stick(?:s|ing)? the dealer|stuck",
    ),
    "thrown in": _t(
        "05", "la donne est annulée", "a hand nobody bids: it is not played and scores nothing", "thrown in"
    ),
    "grade": _t(
        "05",
        "la note",
        "how a choice compares with the best one: best, good, inaccuracy, mistake, blunder",
        "inaccurac(?:y|ies)|blunders?",
    ),
    "partner's card": _t(
        "05",
        "la carte du partenaire",
        "the card a Charlemagne bidder's partner gives before sitting out",
        "partner's card",
    ),
    "rule of thumb": _t(
        "05", "le truc", "a quick rule a player applies at the table, without the computer", r"rules? of thumb"
    ),
    # lesson 07
    "exposed hand": _t(
        "07", "la main exposée", "the Gros Mulot bidder's cards, face up after the first trick", "exposed|hand on show"
    ),
    # lesson 08
    "double dummy": _t(
        "08", "à cartes ouvertes", "play in which everyone sees every card and plays perfectly", "double[- ]dummy"
    ),
    # lesson 09
    "the count": _t(
        "09", "le compte", "trumps + top trumps + side aces: what a hand is worth, counted at the table", r"the count"
    ),
    "sure trick": _t("09", "la levée sûre", "a card that wins a trick whatever the others hold", "sure tricks?"),
    # lesson 11
    "hint": _t("11", "le conseil", "the engine's ranking of every choice, with its grade and reason", "hints?"),
    "review": _t("11", "le bilan", "every decision of a hand, graded, with the better choice", "reviews?"),
    # lesson 12
    "expected points": _t(
        "12", "les points espérés", "the points a bid brings on average, made and failed together", "expected points"
    ),
    "interval": _t(
        "12",
        "l'intervalle de confiance",
        "the range a chance lies in, given the deals counted (95%)",
        "intervals?|confidence",
    ),
    # lesson 13
    "lone defender": _t(
        "13",
        "le défenseur seul",
        "Maine: one defender against a lone Charlemagne, the partner sitting out",
        "lone defenders?",
    ),
    # the other tables' bids (a bid's label is always a term): their names are Canadian words for other things
    "Le Petit": _t(
        "13",
        "le Petit",
        "American and Maine: the bid to take no trick, alone, with no trump suit (their Mulot)",
        "(?-i:Le Petit)",
    ),
    "No Trump": _t(
        "13",
        "le Sans-atout",
        "American: the bid to take all 8 tricks with the partner, no suit trump",
        "(?-i:No Trump)",
    ),
    "Charles": _t(
        "13",
        "Charles",
        "American (also the Bas-Saint-Laurent / Madawaska game, Jean Pichette's rules): the bid to take all 8 tricks "
        "with the partner, a suit trump; Charles Alone: the same alone, with one card from the partner; at a "
        "Canadian table the online rooms' Charles is Charlemagne",
        "charles",
    ),
    "High Card No Trump": _t(
        "13", "le Sans-atout carte haute", "Maine's No Trump: all 8 tricks with the partner", "(?-i:High Card No Trump)"
    ),
}


GLOSSARY = {name: replace(term, sens=_SENS[name]) for name, term in GLOSSARY.items()}


def terms_of(lesson: str) -> Iterator[str]:
    """The terms lesson ``lesson`` defines, in the order it meets them."""
    return (name for name, term in GLOSSARY.items() if term.lesson == lesson)


_BOWER = "<span lang='en'>bower</span>"


def glossary_html(lang: str | None = None) -> str:
    """The glossary as a table: term, French, meaning, lesson; in French (``lang`` or the course's language):
    the French word, the English term (marked as English for screen readers), the meaning, the lesson."""
    # Each language's catalog lays a row out, its own word first (``glossary.row``): the English term, or the French
    # one with the English term beside it
    language = lang_or_current(lang)
    # JupyterLab right-aligns table cells in outputs: a glossary is read as text, from the left
    td = "<td style='text-align:left'>"
    rows = "".join(
        say(
            "glossary.row",
            language,
            td=td,
            term=Forms(
                english=escape(name),
                lesson=escape(t.lesson),
                meaning=escape(t.meaning),
                sens=escape(t.sens),
                french=escape(t.french),
                # "bower" is an English word French players borrow: marked as English for screen readers
                french_marked=escape(t.french).replace("bower", _BOWER),
            ),
        )
        for name, t in GLOSSARY.items()
    )
    heads = (say(f"glossary.head.{column}", language) for column in ("term", "other", "meaning", "lesson"))
    head = "".join(f"<th style='text-align:left'>{h}</th>" for h in heads)
    return f"<table class='cl-glossary' style='font-family:sans-serif'><tr>{head}</tr>{rows}</table>"
