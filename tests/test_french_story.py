"""A hand told from a seat, in French: every part of every moment, the title, the labels of the text and HTML
forms, over seeded bot hands of every variant, every seat; the English story unchanged; the course followed."""

from __future__ import annotations

import re

import pytest

import charlemagne_learn as cl
from charlemagne_learn.teach.story import tell_hand

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

french_course = _french.french_course

VARIANTS = ["canadian", "american", "maine", "bid_euchre"]


def _hand(variant: str, seed: int) -> cl.HandState:
    return cl.play_hand(cl.Rules.preset(variant), [cl.RuleBot(s) for s in range(4)], dealer="W", seed=seed)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [3, 25])
def test_a_story_told_in_french_holds_no_english(variant: str, seed: int) -> None:
    hand = _hand(variant, seed)
    for seat in "NESW":
        story = tell_hand(hand, seat, samples=4, lang="fr")
        text, html = str(story), story._repr_html_()
        assert not _french.english_words_in(text), (seat, _french.english_words_in(text), text)
        assert not _french.english_words_in(html), (seat, _french.english_words_in(html))
        assert story.lang == "fr" and story.result == hand.result.text("fr")  # type: ignore[union-attr]
        assert "de Est" not in text and "de Ouest" not in text and "que Est" not in text
        for moment in story.moments:
            assert moment.chose.startswith(cl.Seat.find(seat).named("fr"))


def test_the_big_bids_and_the_exchange_are_told_in_french() -> None:
    # seeds where someone bids Mulot or Charlemagne, or exchanges: found among the first hands
    told = set()
    for seed in range(60):
        hand = _hand("canadian", seed)
        contract = hand.contract
        if contract is None or contract.spec.name in told:
            continue
        told.add(contract.spec.name)
        story = tell_hand(hand, contract.bidder, samples=4, lang="fr")
        text = str(story)
        assert not _french.english_words_in(text), text
        assert "_" not in text.replace("`", ""), text  # no bid by its record name
    assert {"mulot", "6"} <= told or len(told) >= 3


def test_the_english_story_is_unchanged() -> None:
    story = tell_hand(_hand("canadian", 4), "S", samples=6)
    assert str(story).splitlines()[0] == "The hand from South's seat (Canadian Charlemagne, West dealt)"
    assert story.moments[0].chose.startswith("South ") and story.moments[0].phase == "bidding"
    assert "  Sees: " in str(story) and "Move " not in str(story)  # where each decision falls, in a player's words
    assert str(story).count("\nThe bidding. Hand: ") == sum(m.phase == "bidding" for m in story.moments)
    assert re.search(r"\nTrick \d, (first|second|third|fourth) card\. Hand: ", str(story))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_story_names_the_jokers_and_writes_its_edition_s_letters(lang: str) -> None:
    """Lesson 10's hand: a joker played, on the table or in a trick is named ("South plays the red joker", "South red
    joker, West 9♦"), a reason after a colon goes on in small letters, and the French story's cards are V, D, R."""
    hand = _hand("canadian", 25)
    other = re.compile(r"(?<!\w)[VDR][♣♦♥♠]" if lang == "en" else r"(?<!\w)[JQK][♣♦♥♠]")
    joker = "the red joker" if lang == "en" else "le joker rouge"
    for seat in "SW":
        story = tell_hand(hand, seat, samples=4, lang=lang)
        assert not other.findall(str(story)), other.findall(str(story))
        for m in story.moments:
            # the count lists a joker among the trumps' faces ("4 trumps (RJ J♦ Q♦ 10♦)"); a sentence names it
            for part in (m.sees, m.chose, m.engine, m.then):
                assert not re.search(r"\b(RJ|BJ)\b", part), part
            assert not re.search(r": (The|Le|La) ", m.engine), m.engine
    told = tell_hand(hand, "S", samples=4, lang=lang)
    assert any(m.chose.endswith(f"{joker}.") for m in told.moments)


def test_a_big_bid_is_told_by_its_name_in_english() -> None:
    story = tell_hand(_hand("canadian", 12), "S", samples=4)  # South bids Gros Mulot
    assert not re.search(r"\b[a-z]+_[a-z]+\b", str(story)), str(story)


def test_a_story_follows_the_course_s_language(french_course: None) -> None:
    story = tell_hand(_hand("canadian", 4), "E", samples=4)
    assert story.lang == "fr" and story.title.startswith("La donne vue de la place d'Est")
    assert "Coup " not in str(story) and "  Voit : " in str(story)
    assert re.search(r"\nLevée \d, (première|deuxième|troisième|quatrième) carte\. Main : ", str(story))


def test_an_unfinished_hand_is_refused_in_french(french_course: None) -> None:
    refusal = _french.refusal(lambda: tell_hand(cl.HandState.new("canadian", seed=1), "S"))
    assert "donne finie" in refusal and not _french.english_words_in(refusal)
