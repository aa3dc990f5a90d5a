"""Quiz questions: deterministic for a seed, every answer the engine's, each level on its topic."""

from __future__ import annotations

from itertools import islice, pairwise

import pytest

import charlemagne_learn as cl
from charlemagne_learn import RulesOptionError, Seat, Suit
from charlemagne_learn.teach.quiz import KINDS, Question, questions

VARIANTS = ("canadian", "american", "maine", "bid_euchre")


def _take(variant: str, level: int, n: int = 12, seed: int = 3) -> list[Question]:
    return list(islice(questions(variant, level, seed=seed), n))


def test_same_seed_same_questions_other_seed_others() -> None:
    a, b, c = _take("canadian", 2), _take("canadian", 2), _take("canadian", 2, seed=4)
    assert [q.prompt for q in a] == [q.prompt for q in b]
    assert [q.prompt for q in a] != [q.prompt for q in c]
    assert [q.kind for q in a[:4]] == [k for k in KINDS if k != "table"]  # the rules of play, by default


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_answer_is_the_engines(variant: str, level: int) -> None:
    for q in _take(variant, level, 8):
        k = q.contract
        assert q.check(q.answer) and q.explanation
        if q.kind == "winner":
            assert q.answer == (cl.trick_winner(k, q.leader, q.trick).name,)  # type: ignore[arg-type]
            assert q.explanation == cl.explain_trick_winner(k, q.leader, q.trick).reason  # type: ignore[arg-type]
        elif q.kind == "legal":
            assert set(q.answer) == {str(c) for c in cl.legal_plays(k, q.cards, q.trick)}
            assert set(q.answer) <= set(q.choices)
        elif q.kind == "order":
            top = [str(c) for c in cl.trump_order(k.rules, k.trump)]
            assert list(q.answer) == sorted(q.answer, key=top.index)
            assert list(q.choices) != list(q.answer) and sorted(q.choices) == sorted(q.answer)
        else:
            assert q.bidder_tricks is not None and q.answer[0] in q.choices
            assert q.explanation == cl.explain_score(k, q.bidder_tricks).reason


def test_level_one_is_plain_and_level_two_has_bowers_or_jokers() -> None:
    for q in _take("canadian", 1):
        if q.kind in ("winner", "legal", "order"):
            assert not any(q.contract.order.role[c.index] for c in [*q.trick, *q.cards])
    for q in _take("canadian", 2):
        if q.kind in ("winner", "legal", "order"):
            assert any(q.contract.order.role[c.index] for c in [*q.trick, *q.cards])


def test_level_three_reaches_the_tricky_cases() -> None:
    canadian = _take("canadian", 3, 40)
    assert any(q.contract.trump is None for q in canadian if q.kind in ("winner", "legal"))  # Mulot
    assert any(
        q.trick and cl.card_role(q.contract.rules, q.contract.trump, q.trick[0]) == "little jack"
        for q in canadian
        if q.contract.trump is not None
    )
    american = _take("american", 3, 40)
    assert any("top trump (the nine)" in q.explanation for q in american if q.kind == "winner")
    euchre = _take("bid_euchre", 3, 40)
    assert any("left bower" in q.explanation or "J♥" in q.explanation for q in euchre)


def test_answers_in_any_form_are_understood() -> None:
    winner, legal, order, score = _take("canadian", 1, 4)
    assert winner.normalise(cl.Seat.find(winner.answer[0])) == winner.answer
    assert legal.check(legal.normalise(list(reversed(legal.answer))))
    assert order.normalise(" ".join(order.answer)) == order.answer
    assert score.normalise(score.choices.index(score.answer[0])) == score.answer
    assert legal.answer_text and score.text(score.answer) == score.answer[0]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"level": 4}, "level=4"),
        ({"kinds": ["bogus"]}, "kinds="),
        ({"seed": -1}, "seed=-1"),
        ({"variant": "poker"}, "unknown variant"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(cl.RulesOptionError, match=match):
        next(questions(**kwargs))  # type: ignore[arg-type]


@pytest.mark.parametrize("level", [2.0, 2.5, Suit.H, Seat.S, True, "2", None, [2]], ids=repr)
def test_only_whole_numbers_are_levels(level: object) -> None:
    # 2.0 and Suit.H (an int to Python) used to pass as level 2, then raise KeyError or ask other questions
    from charlemagne_learn.teach import answer_key
    from charlemagne_learn.widgets import TrickQuiz

    with pytest.raises(RulesOptionError, match=r"level=.* is not allowed; use 1 \(plain cards\)"):
        next(questions("canadian", level, seed=1))  # type: ignore[arg-type]
    with pytest.raises(RulesOptionError, match="level="):
        TrickQuiz("canadian", level=level, count=2)  # type: ignore[arg-type]
    with pytest.raises(RulesOptionError, match="level="):
        answer_key("canadian", level=level, count=2)  # type: ignore[arg-type]


def test_numpy_levels_are_the_numbers_they_hold() -> None:
    import numpy as np

    from charlemagne_learn.widgets import TrickQuiz

    made = list(islice(questions("canadian", np.int64(2), seed=1), 4))  # type: ignore[arg-type]
    assert made == list(islice(questions("canadian", 2, seed=1), 4))
    assert all(type(q.level) is int for q in made)
    assert repr(TrickQuiz("canadian", level=np.int64(2), count=2)).startswith("TrickQuiz(canadian, level 2,")  # type: ignore[arg-type]


def _dealer_of(prompt: str) -> Seat:
    """The seat a table question names first (the dealer): the first seat word of its prompt."""
    names = {cl.Seat(i).word: cl.Seat(i) for i in range(4)}
    return names[next(w.strip(".,") for w in prompt.split() if w.strip(".,") in names)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_tables_questions_are_answered_as_the_engine_plays(variant: str) -> None:
    """Who deals next is who deals the next hand of a Game; who bids first is who is to move in a new hand; who leads
    is who is to move once the contract is set; the cutter sits on the dealer's right."""
    rules = cl.Rules.preset(variant)
    asked: set[str] = set()
    for level in (1, 2, 3):
        for q in islice(questions(variant, level, ["table"], seed=5), 12):
            assert q.kind == "table" and q.check(q.answer) and q.answer[0] in q.choices and q.explanation
            topic = q.skill.split(": ")[1]
            asked.add(topic)
            if topic == "who deals next":
                dealer = _dealer_of(q.prompt)
                game = cl.Game(rules, dealer, seed=1)
                while len(game.finished) == 0:
                    game.apply(game.legal_actions()[0])
                assert q.answer == (game.hand.dealer.name,)
            elif topic == "who bids first":
                hand = cl.HandState.new(rules, _dealer_of(q.prompt), seed=9)
                assert q.answer == (hand.to_move.name,)  # type: ignore[union-attr]
            elif topic == "who cuts":
                assert Seat.find(q.answer[0]).left == _dealer_of(q.prompt)
            else:
                assert q.answer == (q.contract.first_leader.name,)
                assert set(q.choices) == {s.name for s in q.contract.active_seats}
    assert asked == {"who deals next", "who bids first", "who cuts", "who leads the first trick"}


def test_the_tables_questions_are_asked_only_by_name_and_never_twice_running() -> None:
    for variant in VARIANTS:
        assert all(q.kind != "table" for q in islice(questions(variant, 1, seed=2), 20))
    for level in (1, 2, 3):
        prompts = [q.prompt for q in islice(questions("canadian", level, ["table"], seed=1), 30)]
        assert all(a != b for a, b in pairwise(prompts))
    english = [q.answer for q in islice(questions("maine", 2, ["table"], seed=4, lang="en"), 6)]
    french = [q.answer for q in islice(questions("maine", 2, ["table"], seed=4, lang="fr"), 6)]
    assert english == french
