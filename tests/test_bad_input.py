"""Each bad input issue 11 measured, refused with a CharlemagneError that says what is allowed.

The fuzz test (``test_fuzz_api.py``) looks for the others of the same kinds; these are the cases
found, kept by name so a regression says exactly what broke.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint

RULES = cl.Rules.preset("canadian")
K = cl.Contract(RULES, "6", "N", trump="H")


@pytest.mark.parametrize("action", [None, 5, 6.0, ["bid 6"], cl.Card.parse("JH")])
def test_apply_refuses_what_is_not_an_action(action: Any) -> None:
    state = cl.HandState.new(RULES, dealer="W", seed=1)
    before = state.to_json()
    with pytest.raises(cl.IllegalActionError, match="is not an action"):
        state.apply(action)
    assert state.to_json() == before


def test_a_variant_name_stands_for_its_rules_and_anything_else_is_refused() -> None:
    assert cl.Contract("canadian", "6", "N", trump="H") == K
    assert cl.HandState.new("american", seed=1).rules.name == "american"
    with pytest.raises(cl.RulesOptionError, match="not a rule system"):
        cl.Contract(5, "6", "N", trump="H")  # type: ignore[arg-type]


def test_hint_of_a_whole_hand_says_to_give_a_seats_view() -> None:
    state = cl.HandState.new(RULES, dealer="W", seed=4)
    with pytest.raises(cl.IllegalActionError, match=r"state\.view"):
        hint(state)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: cl.parse_cards(None), cl.CardParseError),  # type: ignore[arg-type]
        (lambda: cl.legal_plays(K, None), cl.CardParseError),  # type: ignore[arg-type]
        (lambda: cl.legal_plays(RULES, "JH"), cl.ContractError),  # type: ignore[arg-type]
        (lambda: cl.Card.from_index("5"), cl.CardParseError),  # type: ignore[arg-type]
        (lambda: cl.Action("trump"), cl.IllegalActionError),
        (lambda: cl.Action("play", card="JH"), cl.IllegalActionError),  # type: ignore[arg-type]
        (lambda: cl.Action("bid", bid="6", suit=cl.Suit.H, no_trump=True), cl.IllegalActionError),
        (lambda: cl.Action("shuffle"), cl.IllegalActionError),  # type: ignore[arg-type]
        (lambda: cl.score_hand(K, True), cl.TrickError),
        (lambda: cl.score_hand(K, 6.0), cl.TrickError),  # type: ignore[arg-type]
        (lambda: cl.trump_order(RULES, 5), cl.CardParseError),  # type: ignore[arg-type]
        (lambda: cl.card_order([], "H"), cl.RulesOptionError),  # type: ignore[arg-type]
        (lambda: cl.Contract(RULES, "6", "N", trump="H", alone=1), cl.ContractError),  # type: ignore[arg-type]
        (lambda: cl.play_hand(RULES, None, seed=1), cl.RulesOptionError),  # type: ignore[arg-type]
    ],
    ids=[
        "parse_cards-None",
        "legal_plays-None",
        "legal_plays-rules-for-contract",
        "from_index-str",
        "Action-trump-no-suit",
        "Action-card-as-text",
        "Action-suit-and-no-trump",
        "Action-unknown-kind",
        "score_hand-True",
        "score_hand-float",
        "trump_order-number",
        "card_order-list",
        "Contract-alone-1",
        "play_hand-no-bots",
    ],
)
def test_bad_arguments_raise_charlemagne_errors(call: Any, error: type[cl.CharlemagneError]) -> None:
    with pytest.raises(error):
        call()


def test_an_action_that_can_be_built_can_be_printed_and_read_back() -> None:
    for action in (cl.Action("trump", suit=cl.Suit.H), cl.Action("bid", bid="4", no_trump=True), cl.Action("give")):
        assert str(action)
        if action.card is not None or action.kind != "give":
            assert cl.Action.parse(str(action)) == action


def test_double_dummy_of_no_cards_is_refused_and_writes_nothing(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(cl.TrickError, match="from 1 to 8 cards"):
        cl.double_dummy(K, {}, "N")
    with pytest.raises(cl.TrickError, match="from 1 to 8 cards"):
        cl.double_dummy(K, {s: "" for s in "NESW"}, "N")
    assert os.listdir(tmp_path) == []  # DDS writes dump.txt when it is handed an impossible deal


def test_solver_refuses_a_contract_that_is_not_one() -> None:
    with pytest.raises(cl.ContractError, match="not a contract"):
        cl.double_dummy("6H", {"N": "JH"}, "N")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: cl.legal_plays(K, "JD JD AD", "9H"), "J♦ is in the hand twice"),
        (lambda: cl.legal_plays(K, "JD AD", "9H 9H"), "9♥ is in the trick twice"),
        (lambda: cl.explain_play(K, "JD AD", "9H 9H", "JD"), "9♥ is in the trick twice"),
        (lambda: cl.double_dummy(K, {"N": "JH JH", "E": "AC KS", "S": "JD 7S", "W": "KC QS"}, "N"), "twice"),
    ],
)
def test_repeated_cards_are_refused(call: Any, words: str) -> None:
    with pytest.raises(cl.CharlemagneError, match=words):
        call()


def test_a_hand_of_nine_texts_with_one_repeated_is_refused() -> None:
    dealt = cl.HandState.new(RULES, seed=2)
    hands = {s: [str(c) for c in cards] for s, cards in dealt.hands.items()}
    hands["N"] = [*hands["N"], hands["N"][0]]  # nine texts, eight cards
    with pytest.raises(cl.CardParseError, match="in North's hand twice"):
        cl.HandState.new(RULES, hands=hands, kitty=dealt.kitty)


def test_a_seat_named_twice_is_refused() -> None:
    dealt = cl.HandState.new(RULES, seed=2)
    hands: dict[str, Any] = dict(dealt.hands)
    hands["north"] = hands["N"]
    with pytest.raises(cl.HandError, match="North's hand is given twice"):
        cl.HandState.new(RULES, hands=hands, kitty=dealt.kitty)
    with pytest.raises(cl.HandError, match="given twice"):
        cl.double_dummy(K, {"N": "JH", "north": "JH"}, "N")


def test_a_seed_with_given_hands_is_refused_not_ignored() -> None:
    dealt = cl.HandState.new(RULES, seed=2)
    with pytest.raises(cl.IllegalActionError, match="a seed or hands=, not both"):
        cl.HandState.new(RULES, seed=3, hands=dealt.hands, kitty=dealt.kitty)


def test_a_record_whose_actions_are_not_a_list_of_texts_is_refused() -> None:
    state = cl.play_hand(RULES, [cl.RandomBot(s) for s in range(4)], seed=1)
    record = json.loads(state.to_json())
    for actions in ({"pass": 1}, "pass", [1, 2], None):
        record["actions"] = actions
        with pytest.raises(cl.IllegalActionError, match="must be a list of texts"):
            cl.HandState.from_json(json.dumps(record))


def test_a_record_with_a_tampered_deal_is_refused_clearly() -> None:
    state = cl.HandState.new(RULES, seed=1)
    record = json.loads(state.to_json())
    record["deal"]["N"] = record["deal"]["E"]
    with pytest.raises(cl.IllegalActionError, match="not a valid record"):
        cl.HandState.from_json(json.dumps(record))


def test_a_hand_played_out_through_game_hand_is_scored_as_through_game_apply() -> None:
    direct, through = cl.Game("canadian", seed=7), cl.Game("canadian", seed=7)
    bots = [cl.RandomBot(s) for s in range(4)]
    while not through.is_over:
        h = direct.hand
        while not h.is_over:
            seat = h.to_move
            assert seat is not None
            h.apply(bots[seat].act(h.view(seat)), seat)
        for _, action in h.history[len(through.hand.history) :]:
            through.apply(action)
        assert direct.legal_actions() == through.legal_actions()
        assert direct.is_over == through.is_over and direct.winner == through.winner
        assert direct.scores == through.scores
        assert len(direct.finished) == len(through.finished)
        assert direct.to_json() == through.to_json()
        assert cl.Game.from_json(direct.to_json()).to_json() == direct.to_json()
    assert direct.is_over and len(direct.finished) > 1


def test_next_active_takes_a_seat_as_text_too() -> None:
    assert K.next_active("N") == K.next_active(cl.Seat.N) == cl.Seat.E
    with pytest.raises(cl.CardParseError, match="not a seat"):
        K.next_active(5)  # type: ignore[arg-type]


BOTS4 = [cl.RandomBot(i) for i in range(4)]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: cl.number(0.5, None), cl.RulesOptionError, "spec=None"),  # type: ignore[arg-type]
        (lambda: cl.number(0.5, "x"), cl.RulesOptionError, "spec='x'"),
        (lambda: cl.number("0.5", ".0%"), cl.RulesOptionError, "finite number"),  # type: ignore[arg-type]
        (lambda: cl.number(None, ".0%"), cl.RulesOptionError, "finite number"),  # type: ignore[arg-type]
        (lambda: cl.number(float("nan"), ".0%"), cl.RulesOptionError, "finite number"),
        (lambda: cl.number(float("inf")), cl.RulesOptionError, "finite number"),
        (lambda: cl.Action([]), cl.IllegalActionError, "not a kind of action"),  # type: ignore[arg-type]
        (lambda: cl.Action.face_down([]), cl.IllegalActionError, "face down"),  # type: ignore[arg-type]
        (lambda: cl.Action.face_down("play"), cl.IllegalActionError, "face down"),  # type: ignore[arg-type]
        (lambda: cl.Card("JH"), cl.CardParseError, r"Card\.parse"),  # type: ignore[call-arg]
        (lambda: cl.RandomBot(0).act(None), cl.IllegalActionError, "SeatView"),  # type: ignore[arg-type]
        (lambda: cl.RuleBot(0).advise("x"), cl.IllegalActionError, "SeatView"),  # type: ignore[arg-type]
        (lambda: cl.play_game(RULES, BOTS4, 0, max_hands=None), cl.RulesOptionError, "max_hands"),  # type: ignore[arg-type]
        (lambda: cl.play_game(RULES, BOTS4, 0, max_hands=""), cl.RulesOptionError, "max_hands"),  # type: ignore[arg-type]
        (lambda: cl.play_game(RULES, BOTS4, 0, max_hands=[]), cl.RulesOptionError, "max_hands"),  # type: ignore[arg-type]
        (lambda: cl.play_game(RULES, BOTS4, 0, max_hands=0), cl.RulesOptionError, "max_hands"),
        (lambda: cl.play_game(RULES, BOTS4, 0, max_hands=-1), cl.RulesOptionError, "max_hands"),
        (lambda: cl.play_game(RULES, BOTS4, 0, max_hands=1.5), cl.RulesOptionError, "max_hands"),  # type: ignore[arg-type]
        (lambda: cl.play_hand(RULES, BOTS4, seed=1, observe=5), cl.RulesOptionError, "observe"),  # type: ignore[arg-type]
    ],
)
def test_small_helpers_refuse_what_they_cannot_use(call: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((11, 10), "successes=11"),
        ((-1, 10), "successes=-1"),
        ((1, None), "trials=None"),
        ((1, 10, -2), "z=-2"),
        ((1, 10, 0), "z=0"),
        ((1, 10, float("nan")), "z=nan"),
        ((1.5, 10), "successes=1.5"),
    ],
)
def test_wilson_interval_wants_counts_and_a_positive_z(args: tuple[Any, ...], words: str) -> None:
    from charlemagne_learn.analysis import wilson_interval

    with pytest.raises(cl.RulesOptionError, match=words):
        wilson_interval(*args)


def test_register_bot_keeps_the_package_s_bots() -> None:
    from charlemagne_learn.analysis.kinds import BOTS, make_bot, register_bot

    with pytest.raises(cl.RulesOptionError, match="bot's name"):
        register_bot(None, cl.RandomBot)  # type: ignore[arg-type]
    with pytest.raises(cl.RulesOptionError, match="makes no bot"):
        register_bot("mine", 5)  # type: ignore[arg-type]
    with pytest.raises(cl.RulesOptionError, match="package's own bots"):
        register_bot("Random", lambda seed: cl.RuleBot(seed))
    assert isinstance(make_bot("random"), cl.RandomBot) and "mine" not in BOTS


def test_a_numpy_integer_is_a_seed() -> None:
    np = pytest.importorskip("numpy")
    state = cl.HandState.new("canadian", seed=np.int64(5))
    assert state.to_json() == cl.HandState.new("canadian", seed=5).to_json()
    assert cl.Game("canadian", seed=np.uint64(5)).seed == 5
    with pytest.raises(cl.SeedError):
        cl.HandState.new("canadian", seed=np.int64(-1))


def test_a_record_in_text_may_start_with_a_byte_order_mark() -> None:
    state, game = cl.HandState.new(RULES, seed=3), cl.Game(RULES, seed=3)
    state.apply(state.legal_actions()[0])
    assert cl.HandState.from_json("\ufeff" + state.to_json()).to_json() == state.to_json()
    assert cl.Game.from_json("\ufeff" + game.to_json()).to_json() == game.to_json()


def test_a_tampered_record_is_described_in_words() -> None:
    record = json.loads(cl.HandState.new(RULES, seed=3).to_json())
    record["deal"] = 5
    with pytest.raises(cl.IllegalActionError) as info:
        cl.HandState.from_json(json.dumps(record))
    assert "wrong kind of value" in str(info.value) and "subscriptable" not in str(info.value)
    with pytest.raises(cl.IllegalActionError, match=r"line 1, column 2"):
        cl.HandState.from_json("{bad")


def test_spoken_card_names_are_separated_by_commas() -> None:
    assert str(cl.parse_cards("jack of diamonds, ace of spades, red joker")) == "J♦ A♠ RJ"
    assert str(cl.parse_cards("AS, 10♥ BJ")) == "A♠ 10♥ BJ"
    with pytest.raises(cl.CardParseError, match="'XX' is not a card"):
        cl.parse_cards("AS XX")


def test_card_role_refuses_a_card_the_deck_does_not_have() -> None:
    with pytest.raises(cl.CardParseError, match="RJ is not in the American Charlemagne deck"):
        cl.card_role(cl.Rules.preset("american"), "H", "RJ")
    assert cl.card_role(RULES, "H", "RJ") == "high joker"


@pytest.mark.parametrize("also", [5, [], ("RJ BJ", "H", 3), ("RJ BJ", 3), "RJ BJ"])
def test_exchange_hint_refuses_an_also_of_the_wrong_shape(also: Any) -> None:
    from charlemagne_learn.analysis.exchange import exchange_hint

    state = cl.HandState.new(RULES, dealer="W", seed=0)
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    while state.phase is not cl.Phase.DISCARD:
        state.apply(state.legal_actions()[0])
    with pytest.raises(cl.IllegalActionError, match=r"also= must give"):
        exchange_hint(state, samples=2, also=also)


@pytest.mark.parametrize(("field", "value"), [("tricks", 2**64), ("made", 10**6), ("failed", -1)])
def test_a_bid_s_numbers_are_bounded(field: str, value: int) -> None:
    import dataclasses

    with pytest.raises(cl.RulesOptionError, match=f"{field}="):
        dataclasses.replace(RULES.bid("6"), **{field: value})


def test_a_hand_result_refuses_fields_of_the_wrong_kind() -> None:
    fields: dict[str, Any] = dict(
        points={"NS": 0, "EW": 0}, contract=None, bidder_tricks=0, made=None, decided_after=None,
        outright_winner=None, passed_out=True,
    )  # fmt: skip
    assert cl.HandResult(**fields).passed_out
    with pytest.raises(cl.HandError, match=r"made='x', decided_after=\[\]"):
        cl.HandResult(**{**fields, "made": "x", "decided_after": []})
    with pytest.raises(cl.HandError, match="points="):
        cl.HandResult(**{**fields, "points": {"NS": 0}})
