"""What "no English in the French edition" means, for every test that checks French text.

A list of English words that cannot appear in French prose (not "Est", "a", "on", "or", "but", "six", "points", "chance", "suit" (il suit),
"joker", "score", which French shares), and a finder that reads text as words. Card faces ("J♦", "RJ") and seat letters are not words
here, and neither is anything in ``backticks`` or an HTML tag's attributes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

import charlemagne_learn as cl

ENGLISH_WORDS = frozenset(
    """
    the and you your must may might cannot can't can play plays played playing wins win won with without
    trick tricks trump trumps trumping suits follow follows following hand hands card cards bid bids bidder
    bidding kitty partner partners pass passes passed of to is are was were it its this that these those
    which what who whom when where why how not no yes heart hearts spade spades club clubs diamond diamonds
    jack jacks queen queens king kings ace aces seven eight nine ten high highest low lowest little big
    bower bowers north south west lead leads leading led take takes taken took made make makes failed
    than then there their they them he she his her we our us if so because all any
    every each one two three four five only also just very more most less least best worst good bad
    answer next right wrong correct again try hint review new deal dealt dealer discard discards
    exchange choose chosen contract contracts alone side sides team teams game games should would
    could will shall odds samples sample perfect realistic
    """.split()  # noqa: SIM905 - a word list reads best as words
    # not "chose": it is also a French word ("quelque chose", "la même chose")
)

# English quoted on purpose is marked as English (<span lang="en">…</span>, <em lang='en'>…</em>): screen readers say
# it in English, and it is not counted here.
_QUOTED_ENGLISH = re.compile(r"""<(\w+)[^>]*\blang=["']en["'][^>]*>.*?</\1>""", re.S)
_TAGS = re.compile(r"<[^>]*>")
_CODE = re.compile(r"`[^`]*`")
# snake_case names (all_pass, high_joker) are code a learner types, not English prose
_IDENTIFIER = re.compile(r"\b\w+_\w+\b")
_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]+")


def english_words_in(text: str) -> set[str]:
    """The English words of ``text`` (lower case), after taking out what is marked English, HTML tags and code in
    backticks."""
    plain = _IDENTIFIER.sub(" ", _CODE.sub(" ", _TAGS.sub(" ", _QUOTED_ENGLISH.sub(" ", text))))
    return {w.lower() for w in _WORD.findall(plain)} & ENGLISH_WORDS


def refusal(call: Callable[[], object]) -> str:
    """The message of the :class:`CharlemagneError` that ``call()`` raises (the test fails if it raises none)."""
    with pytest.raises(cl.CharlemagneError) as info:
        call()
    return str(info.value)


@pytest.fixture
def french_course() -> Iterator[None]:
    """The course set to French for one test, and back to the folder's course after it, whatever happens (a test
    module takes it with ``french_course = _french.french_course``)."""
    cl.set_course(lang="fr")
    try:
        yield
    finally:
        cl.set_course()
