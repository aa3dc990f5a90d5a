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
from charlemagne_learn.engine import i18n
from charlemagne_learn.engine.tricks import explain_legal_plays, explain_play, explain_trick_winner

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

    return i18n.catalog_keys()


@pytest.mark.parametrize("key", _all_messages())
def test_every_message_has_both_languages_with_the_same_fields(key: str) -> None:
    texts = i18n.templates(key)
    english, french = texts["en"], texts["fr"]
    assert (english.strip() and french.strip()) or (key.startswith("format.") and english and french)  # marks: spaces
    assert _fields(english) == _fields(french), f"{key}: the two languages fill in different fields"
    assert english != french or not english_words_in(_literal(english)), f"{key}: the French is the English"


def _literal(template: str) -> str:
    """A template's own words, without its fields' names."""
    return "".join(literal for literal, *_ in string.Formatter().parse(template))


@pytest.mark.parametrize("key", _all_messages())
def test_french_messages_hold_no_english_word(key: str) -> None:
    french = i18n.templates(key)["fr"]
    assert not english_words_in(_literal(french)), f"{key}: {french!r}"


def test_fields_take_the_language_s_own_forms() -> None:
    template = "{c:the}, {q:the}, {a:de}, {s}, {s:short}, {p:.1%}, {n:,}"
    fields = dict(c=cl.Card.parse("JH"), q=cl.Card.parse("QS"), a=cl.Card.parse("AD"), s=cl.Seat.W, p=0.125, n=1234)
    assert (
        i18n.fill(template, "en", **fields)
        == "the jack of hearts, the queen of spades, of the ace of diamonds, West, W, 12.5%, 1,234"
    )
    assert i18n.fill(template, "fr", **fields) == (
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


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_quiz_questions_ask_the_same_positions_in_french_with_no_english(variant: str, level: int) -> None:
    from itertools import islice

    from charlemagne_learn.teach.quiz import questions

    english = list(islice(questions(variant, level, seed=11, lang="en"), 12))
    french = list(islice(questions(variant, level, seed=11, lang="fr"), 12))
    for en, fr in zip(english, french, strict=True):
        assert (fr.kind, fr.trick, fr.leader, fr.cards, fr.contract) == (
            en.kind,
            en.trick,
            en.leader,
            en.cards,
            en.contract,
        )
        if fr.kind != "score":  # a score's choices are words; the others are seats and cards, the same in both
            assert fr.choices == en.choices and fr.answer == en.answer
        assert len(fr.choices) == len(en.choices) and fr.lang == "fr"
        for text in (fr.prompt, fr.explanation, fr.skill, fr.answer_text, *fr.choices):
            assert not english_words_in(text), text


def test_scores_are_explained_in_french_for_every_bid_of_every_variant() -> None:
    from charlemagne_learn.engine.scoring import explain_score

    for variant in ("canadian", "american", "maine", "bid_euchre"):
        rules = cl.Rules.preset(variant)
        for spec in rules.bids:
            trump = "H" if spec.has_trump and spec.trump != "with_bid_or_none" else None
            contract = cl.Contract(rules, spec, "E", trump)
            for tricks in range(rules.tricks_per_hand + 1):
                french = explain_score(contract, tricks, lang="fr")
                assert french.answer == explain_score(contract, tricks, lang="en").answer
                assert not english_words_in(french.reason), french.reason


def test_rules_of_thumb_and_actions_read_in_french() -> None:
    from charlemagne_learn.analysis.rulebot import RULES, rule_text

    assert len(RULES) > 30
    for key in RULES:
        assert not english_words_in(rule_text(key, "fr")), key
        assert rule_text(key, "en") == RULES[key]
    for text in ("pass", "bid 6", "bid 5S", "bid 4 NT", "bid mulot", "trump H", "discard 7C", "give AS", "play JH"):
        action = cl.Action.parse(text)
        # the English as a learner reads it, which parse reads back as the records' form
        assert cl.Action.parse(action.text("en")) == action and not english_words_in(action.text("fr")), text
    for choice in cl.engine.actions.CHOICES:
        assert not english_words_in(cl.Action.choose(choice).text("fr"))


@pytest.mark.parametrize("seed", [3, 8])
def test_hints_and_reviews_reason_in_french(seed: int) -> None:
    from charlemagne_learn.analysis.bots import play_hand
    from charlemagne_learn.analysis.hints import hint, review

    rules = cl.Rules.preset("canadian")
    state = cl.HandState.new(rules, dealer="W", seed=seed)
    bid = hint(state.view(state.to_move), 24, lang="fr")
    played = play_hand(rules, [cl.RuleBot(i) for i in range(4)], seed=seed)
    graded = review(played, played.contract.bidder if played.contract else "N", 12, lang="fr")
    reasons = [c.reason.said("fr") for c in bid.choices] + [line.reason.said("fr") for line in graded.lines]
    assert reasons
    for reason in reasons:
        assert not english_words_in(reason), reason
    assert [c.action for c in hint(state.view(state.to_move), 24, lang="en").choices] == [c.action for c in bid.choices]


def test_decisions_read_in_french_with_their_tips_and_grades() -> None:
    from itertools import islice

    from charlemagne_learn.teach.decisions import decisions

    english = list(islice(decisions("canadian", ["bid", "exchange", "lead", "play"], seed=5, samples=8), 4))
    french = list(islice(decisions("canadian", ["bid", "exchange", "lead", "play"], seed=5, samples=8, lang="fr"), 4))
    for en, fr in zip(english, french, strict=True):
        assert (fr.kind, fr.seat, fr.deal_seed) == (en.kind, en.seat, en.deal_seed)
        texts = [fr.situation, fr.question, fr.skill, fr.tip]
        texts += [c.reason.said("fr") for c in fr.grade().choices]
        for text in texts:
            assert not english_words_in(text), text
        assert en.question.endswith("?") and not english_words_in(fr.question)


def test_the_count_advises_in_french() -> None:
    from charlemagne_learn.teach.judging import count_advice

    english = count_advice("RJ JH JD AH 9H AS 7C 8C", "canadian", ["7", "8"], "en")
    assert english.startswith("Count 9 with ♥ trump: 5 trumps")
    for hand, bids in (("RJ JH JD AH 9H AS 7C 8C", ["7", "8"]), ("RJ JH JD AH 9H AS 7C 8C", ["8"]),
                       ("7C 8C 9D 10S QH 7H 8S 9S", ["5"]), ("RJ JH JD AH 9H AS 7C 8C", ["5", "6", "7"])):  # fmt: skip
        assert not english_words_in(count_advice(hand, "canadian", bids, "fr"))
    assert not english_words_in(count_advice("9H JH AH KH AS 7C 8C 10D", "american", ["5"], "fr"))


def test_speaking_makes_the_engine_refuse_in_that_language_and_then_goes_back() -> None:
    state = cl.HandState.new(seed=1)
    with cl.speaking("fr"), pytest.raises(cl.IllegalActionError, match="n'est pas permis"):
        state.apply("play JH")
    with pytest.raises(cl.IllegalActionError, match="is not allowed now"):
        state.apply("play JH")
    with pytest.raises(cl.CharlemagneError, match="fr"), cl.speaking("de"):
        pass
    assert cl.course_lang() == "en"
