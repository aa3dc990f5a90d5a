"""The bot ladder: the levels, the beginner's mistakes at their documented rates, and a table seating a level per
seat."""

from __future__ import annotations

import json
import logging
import math
from collections import Counter
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.bots import play_hand
from charlemagne_learn.analysis.kinds import BOTS, LEVELS, make_bot, seat_kinds
from charlemagne_learn.analysis.learner import MISTAKES, NEWCOMER, PRACTISED, LearnerBot, mistake_open
from charlemagne_learn.analysis.pimcbot import PimcBot
from charlemagne_learn.analysis.rulebot import advise
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.i18n import word
from charlemagne_learn.referee.front import RefereeSettings
from charlemagne_learn.referee.tables import Referee
from charlemagne_learn.teach.ratings import Rating, chance
from charlemagne_learn.teach.session import TableSession

DATA = Path(cl.__file__).parent / "data"
VARIANTS = ("canadian", "american", "maine", "bid_euchre")


def test_the_levels_are_kinds_of_bot_weakest_first_each_its_own_player() -> None:
    assert LEVELS == ("beginner", "casual", "club", "strong", "expert")
    assert set(LEVELS) <= set(BOTS)
    bots = [make_bot(level, 7) for level in LEVELS]
    assert [type(b) for b in bots] == [LearnerBot, LearnerBot, cl.RuleBot, PimcBot, PimcBot]
    beginner, casual, _, strong, expert = bots
    assert isinstance(beginner, LearnerBot) and isinstance(casual, LearnerBot)
    assert beginner.rates == NEWCOMER and casual.rates == PRACTISED
    # the casual player makes each mistake less often than the beginner, the expert looks at more deals a card
    assert all(casual.rates[m] < beginner.rates[m] for m in MISTAKES)
    assert isinstance(strong, PimcBot) and isinstance(expert, PimcBot) and expert.samples > strong.samples


@pytest.mark.parametrize("level", ["beginner", "casual", "club"])
def test_a_level_plays_the_same_hands_from_the_same_seed(level: str) -> None:
    rules = cl.Rules.preset("canadian")
    histories = {
        seed: [
            play_hand(rules, [make_bot(level, seed * 4 + s) for s in range(4)], seed=deal).history for deal in (1, 2)
        ]
        for seed in (1, 1, 2)
    }
    again = [play_hand(rules, [make_bot(level, 4 + s) for s in range(4)], seed=deal).history for deal in (1, 2)]
    assert again == histories[1]
    if level != "club":  # RuleBot's seed only names it; a learner's draws its mistakes
        others = [
            play_hand(rules, [make_bot(level, 100 + seed * 4 + s) for s in range(4)], seed=1).history
            for seed in range(8)
        ]
        assert len({tuple(h) for h in others}) > 1


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_the_search_levels_choose_a_card_from_their_seed_alone(level: str) -> None:
    state = play_hand(cl.Rules.preset("canadian"), [cl.RuleBot(s) for s in range(4)], seed=3)
    middle = state.at(len(state.history) - 9)  # a card to choose with tricks behind it
    seat = middle.to_move
    assert seat is not None and len(middle.view(seat).legal_actions) > 1
    chosen = {make_bot(level, 5).act(middle.view(seat)) for _ in range(2)}
    assert len(chosen) == 1


def _bank_rate(theme: str, learner: Rating) -> float:
    ratings = [
        p["rating"]
        for v in VARIANTS
        for p in json.loads((DATA / f"problems_{v}.json").read_text())["problems"]
        if theme in p["themes"]
    ]
    return sum(1 - chance(learner, Rating(r, 350)) for r in ratings) / len(ratings)


def test_the_mistakes_rates_are_what_the_course_ratings_predict_a_learner_misses() -> None:
    for rates, learner in ((NEWCOMER, Rating(1500, 350)), (PRACTISED, Rating(1800, 150))):
        for mistake, theme in MISTAKES.items():
            assert rates[mistake] == pytest.approx(_bank_rate(theme, learner), abs=0.006), (mistake, theme)


def _count(rates: str, hands: int) -> tuple[Counter[str], Counter[str], int]:
    """Over seeded hands of learners at every seat: how often each mistake was open, how often it was made, and how
    many decisions with no mistake open went another way than RuleBot's."""
    opened: Counter[str] = Counter()
    made: Counter[str] = Counter()
    astray = 0
    for n in range(hands):
        bots = [LearnerBot(n * 4 + s, rates=rates) for s in range(4)]
        state = cl.HandState.new(cl.Rules.preset(VARIANTS[n % 3]), cl.Seat(n % 4), n)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            found = mistake_open(view)
            action = bots[seat].act(view)
            if found is None:
                astray += action != advise(view).action
            else:
                opened[found[0]] += 1
                assert found[1] != advise(view).action and found[1] in view.legal_actions
                if action == found[1]:
                    made[found[0]] += 1
                    assert bots[seat].last_mistake == found[0]
                else:
                    assert action == advise(view).action and bots[seat].last_mistake is None
            state.apply(action, seat)
    return opened, made, astray


@pytest.mark.parametrize(("name", "rates"), [("newcomer", NEWCOMER), ("practised", PRACTISED)])
def test_a_learner_makes_each_mistake_at_about_its_rate_and_no_other(name: str, rates: dict[str, float]) -> None:
    opened, made, astray = _count(name, 600)
    assert astray == 0  # where no mistake is open, a learner plays as RuleBot
    assert set(opened) == set(MISTAKES), "every mistake is met on ordinary deals"
    for mistake, rate in rates.items():
        n = opened[mistake]
        if n < 100:
            continue
        # four standard deviations of a count of n draws: a seeded run, far from the edge either way
        assert abs(made[mistake] / n - rate) <= 4 * math.sqrt(rate * (1 - rate) / n), (mistake, made[mistake], n)


def test_a_learner_with_no_mistakes_is_rulebot_and_bad_rates_are_refused() -> None:
    rules = cl.Rules.preset("american")
    perfect = dict.fromkeys(MISTAKES, 0.0)
    learners = play_hand(rules, [LearnerBot(s, rates=perfect) for s in range(4)], seed=9).history
    assert learners == play_hand(rules, [cl.RuleBot(s) for s in range(4)], seed=9).history
    with pytest.raises(cl.RulesOptionError, match="rates='expert' is not allowed; give one of 'newcomer', 'practised'"):
        LearnerBot(1, rates="expert")
    with pytest.raises(cl.RulesOptionError, match=r"rates=.* is not allowed"):
        LearnerBot(1, rates={"overbid": 0.5})
    with pytest.raises(
        cl.RulesOptionError, match=r"the rate of overbid, 1\.5, is not allowed; give a chance from 0 to 1"
    ):
        LearnerBot(1, rates={**perfect, "overbid": 1.5})


def _duplicate(level: str, deals: int) -> list[float]:
    """The level's points a hand less RuleBot's on each seeded deal, played twice with the partnerships swapped."""
    rules = cl.Rules.preset("canadian")
    diffs = []
    for deal in range(deals):
        net = 0
        for ns in (True, False):
            bots = [make_bot(level if (s % 2 == 0) == ns else "rule", deal * 4 + s) for s in range(4)]
            result = play_hand(rules, bots, dealer=cl.Seat(deal % 4), seed=10_000 + deal).result
            assert result is not None
            net += result.margin("NS" if ns else "EW")
        diffs.append(net / 2)
    return diffs


def test_the_lower_rungs_of_the_ladder_lose_to_rulebot_in_their_order() -> None:
    # 400 deals: the beginner and the casual player are several standard errors apart, and below RuleBot
    beginner, casual = (_duplicate(level, 400) for level in ("beginner", "casual"))
    assert sum(beginner) < sum(casual) < 0
    mean = sum(beginner) / len(beginner)
    sd = math.sqrt(sum((d - mean) ** 2 for d in beginner) / (len(beginner) - 1))
    assert mean + 1.96 * sd / math.sqrt(len(beginner)) < 0


def test_a_table_seats_a_level_per_seat_and_plays_a_hand() -> None:
    s = TableSession("canadian", "S", seed=4, grade_moves=False, bots={"E": "beginner", "N": "casual", "W": "club"})
    assert s.kinds == {cl.Seat.N: "casual", cl.Seat.E: "beginner", cl.Seat.W: "club"}
    assert isinstance(s.bots[cl.Seat.E], LearnerBot) and s.bots[cl.Seat.E].rates == NEWCOMER
    while s.done is None:
        s.play(s.seen_by(s.seat).legal[0])
    assert s.done.result is not None
    # a seat not named has RuleBot; partner= and opponents= still name their seats' kinds over it
    t = TableSession("canadian", "S", seed=4, grade_moves=False, bots={"E": "beginner"}, opponents="club")
    assert t.kinds == {cl.Seat.N: "rule", cl.Seat.E: "club", cl.Seat.W: "club"}
    # a person's seat handed to a bot gets the kind named for it
    two = TableSession("canadian", people="NS", seed=4, grade_moves=False, bots={"N": "beginner"})
    two.bot_plays("N")
    assert two.player(cl.Seat.N) == "beginner"


def test_the_play_table_names_each_seats_level_in_both_languages() -> None:
    from charlemagne_learn.widgets.playtable import PlayTable

    for lang, beginner in (
        ("en", "beginner: a newcomer's mistakes"),
        ("fr", "débutant : les erreurs d'un nouveau venu"),
    ):
        p = PlayTable("canadian", "S", seed=2, grade_moves=False, lang=lang, bots={"W": "beginner", "N": "expert"})
        players = {s["seat"]: s["player"] for s in p.picture["seats"]}
        assert players["W"] == beginner and players["N"] == word("play.bot.expert", lang)
        assert players["E"] == word("play.bot.rule", lang)


def test_the_referee_fills_each_empty_seat_with_its_level(tmp_path: Path) -> None:
    settings = RefereeSettings(bots={"E": "beginner", "W": "expert"})
    referee = settings.make_tables(logging.getLogger("test"), tmp_path).referee
    assert referee.bots == {Seat.N: "rule", Seat.E: "beginner", Seat.S: "rule", Seat.W: "expert"}
    table = referee.open("room", "teacher", "canadian", seed=3)
    session = referee._session(table, [Seat.S])
    assert [session.player(s) for s in Seat] == ["rule", "beginner", None, "expert"]


@pytest.mark.parametrize(
    ("bots", "error", "said"),
    [
        ({"E": "grandmaster"}, cl.RulesOptionError, "no bot called 'grandmaster'.*levels, weakest first: beginner, "),
        ("nobody", cl.RulesOptionError, "beginner, casual, club, strong, expert"),
        ({"X": "club"}, cl.CardParseError, "not a seat"),
        ({"E": 3}, cl.RulesOptionError, "no bot called 3"),
    ],
)
def test_a_bad_level_or_seat_is_refused_saying_the_levels(bots: object, error: type, said: str) -> None:
    with pytest.raises(error, match=said):
        seat_kinds(bots)  # type: ignore[arg-type]
    with pytest.raises(error, match=said):
        TableSession("canadian", "S", seed=1, grade_moves=False, bots=bots)  # type: ignore[arg-type]
    with pytest.raises(error, match=said):
        Referee(bots=bots)  # type: ignore[arg-type]
