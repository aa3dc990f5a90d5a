"""The French edition: every sentence key in both languages, French with no English in it, and the course's
language followed by the rulings unless a ``lang=`` says otherwise."""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import string
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn import i18n
from charlemagne_learn.tricks import explain_legal_plays, explain_play, explain_trick_winner

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

english_words_in = _french.english_words_in


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _all_messages() -> list[str]:
    # Every module imported, so the catalogue is complete before it is checked (some load only when first used).
    for module in pkgutil.walk_packages(cl.__path__, "charlemagne_learn."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)

    return sorted(i18n.message_keys())


@pytest.mark.parametrize("key", _all_messages())
def test_every_message_has_both_languages_with_the_same_fields(key: str) -> None:
    english, french = i18n.message_pair(key)
    assert english.strip() and french.strip()
    assert _fields(english) == _fields(french), f"{key}: the two languages fill in different fields"
    assert english != french or not english_words_in(english), f"{key}: the French is the English"


@pytest.mark.parametrize("key", _all_messages())
def test_french_messages_hold_no_english_word(key: str) -> None:
    french = i18n.message_pair(key)[1]
    template_text = "".join(literal for literal, *_ in string.Formatter().parse(french))
    assert not english_words_in(template_text), f"{key}: {french!r}"


def test_a_second_text_for_a_key_is_refused_and_changes_nothing() -> None:
    i18n.add_messages({"test.once": ("Once.", "Une fois.")})
    with pytest.raises(cl.RulesOptionError, match="already defined"):
        i18n.add_messages({"test.once": ("Twice.", "Deux fois.")})
    assert i18n.say("test.once", "fr") == "Une fois."
    with pytest.raises(cl.RulesOptionError, match="english, french"):
        i18n.add_messages({"test.half": ("Only English.", "")})


def test_fields_take_the_language_s_own_forms() -> None:
    i18n.add_messages({"test.forms": ("{c:the}, {q:the}, {a:de}, {s}, {s:short}, {p:.1%}, {n:,}",
                                      "{c:the}, {q:the}, {a:de}, {s}, {s:short}, {p:.1%}, {n:,}")})  # fmt: skip
    fields = dict(c=cl.Card.parse("JH"), q=cl.Card.parse("QS"), a=cl.Card.parse("AD"), s=cl.Seat.W, p=0.125, n=1234)
    assert (
        i18n.say("test.forms", "en", **fields)
        == "the jack of hearts, the queen of spades, of the ace of diamonds, West, W, 12.5%, 1,234"
    )
    assert i18n.say("test.forms", "fr", **fields) == (
        "le valet de cœur, la dame de pique, de l'as de carreau, Ouest, O, 12,5\u202f%, 1\u202f234"
    )


def _random_positions(rules: cl.Rules, count: int, seed: int) -> list[tuple[cl.Contract, list[cl.Card], list[cl.Card]]]:
    rng = random.Random(seed)
    deck = [cl.Card.from_index(i) for i in rules.deck_indices]
    out = []
    for _ in range(count):
        bid = rng.choice(["6", "mulot"]) if rules.name == "canadian" else rules.bids[0]
        trump = rng.choice("CDHS") if bid != "mulot" else None
        try:
            contract = cl.Contract(rules, bid=bid, bidder="N", trump=trump)
        except cl.ContractError:
            contract = cl.Contract(rules, bid=bid, bidder="N")
        cards = rng.sample(deck, 8)
        out.append((contract, cards[:5], cards[5 : 5 + rng.randint(0, len(contract.active_seats) - 1)]))
    return out


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_rulings_in_french_hold_no_english_and_english_rulings_are_unchanged_by_the_setting(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    for contract, hand, trick in _random_positions(rules, 150, seed=15):
        for card in hand:
            french = explain_play(contract, hand, trick, card, lang="fr")
            english = explain_play(contract, hand, trick, card, lang="en")
            assert french.answer == english.answer
            assert not english_words_in(french.reason), french.reason
        if len(trick) + 1 == len(contract.active_seats):
            full = [*trick, hand[0]]
            won = explain_trick_winner(contract, contract.active_seats[0], full, lang="fr")
            assert not english_words_in(won.reason), won.reason
        legal = explain_legal_plays(contract, hand, trick, lang="fr")
        assert not english_words_in(legal.reason), legal.reason


def test_the_french_folder_speaks_french_with_the_teacher_s_house_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "course.json").write_text(json.dumps({"variant": "canadian", "house_rules": {"high_joker": "black"}}))
    fr = tmp_path / "fr"
    fr.mkdir()
    (fr / "course.json").write_text(json.dumps({"lang": "fr"}))
    monkeypatch.delenv("CHARLEMAGNE_COURSE", raising=False)
    monkeypatch.chdir(fr)
    cl.set_course()
    assert cl.course_lang() == "fr" and cl.course_rules().high_joker == "black"
    k = cl.Contract(cl.course_rules(), bid="6", bidder="N", trump="H")
    assert explain_trick_winner(k, "E", "AS QD 7S KS").reason.startswith("Est remporte la levée avec l'as de pique")
    assert explain_trick_winner(k, "E", "AS QD 7S KS", lang="en").reason.startswith("East wins with A♠")
    monkeypatch.chdir(tmp_path)
    assert cl.course_lang() == "en" and cl.course_rules().high_joker == "black"


def test_set_course_with_only_a_language_keeps_the_course_s_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "course.json").write_text(json.dumps({"house_rules": {"high_joker": "black"}}))
    monkeypatch.delenv("CHARLEMAGNE_COURSE", raising=False)
    monkeypatch.chdir(tmp_path)
    try:
        cl.set_course(lang="fr")
        assert cl.course_lang() == "fr" and cl.course_rules().high_joker == "black"
        with pytest.raises(cl.CourseSettingsError, match="'en'"):
            cl.set_course(lang="de")
        assert cl.course_lang() == "fr"
    finally:
        cl.set_course()
