"""The PlayTable widget from Python: bots move, the learner's clicks go through the engine, hints, grades,
reviews, whole games, determinism and validation."""

from __future__ import annotations

import re
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.exchange import ExchangeHint
from charlemagne_learn.analysis.hints import Hint
from charlemagne_learn.engine.i18n import card_name
from charlemagne_learn.widgets._base import card_id
from charlemagne_learn.widgets.playtable import PlayTable


def _my_cards(p: PlayTable) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = next(s for s in p.picture["seats"] if s["you"])["cards"]
    return cards


def _first_choice(p: PlayTable) -> str:
    """What a learner clicking the first button (or the first legal card) would send."""
    if p.actions:
        return str(p.actions[0]["id"])
    return str(next(c["id"] for c in _my_cards(p) if c.get("legal", True)))


def _finish_hand(p: PlayTable) -> None:
    while not p.review:
        assert p.play(_first_choice(p)), p.message


def test_bots_move_until_it_is_the_learners_turn() -> None:
    p = PlayTable(seed=1, grade_moves=False)
    assert repr(p) == "PlayTable(Canadian Charlemagne, you are South; hand 1, bidding, your turn; NS 0 – EW 0)"
    assert p.your_turn and p.state.to_move == cl.Seat.S
    assert [b["seat"] for b in p.picture["bidding"]] == ["E"]  # North deals; East has bid 5
    assert [a["id"] for a in p.actions][:2] == ["pass", "bid 6"] and p.actions[1]["text"] == "6"
    assert p.prompt == "Your turn to bid: choose a bid or pass."


def test_an_illegal_action_shows_the_engines_reason_and_changes_nothing() -> None:
    p = PlayTable(seed=1, grade_moves=False)
    before = p.game.to_json()
    p._on_front_end(p, {"type": "action", "action": "trump H"}, [])
    assert "not allowed now" in p.message and p.game.to_json() == before
    assert not p.play("JH") and "not allowed now" in p.message  # a card while bidding
    assert not p.play("bid nonsense") and "has no bid" in p.message
    assert p.play("pass") and p.message == ""


def test_choose_discard_and_trump_by_clicks() -> None:
    p = PlayTable(seed=1, grade_moves=False)
    p._on_front_end(p, {"type": "action", "action": "bid gros_charlemagne"}, [])
    assert p.telling  # the others' passes are told first
    p._on_front_end(p, {"type": "skip"}, [])
    assert [a["id"] for a in p.actions] == ["choose kitty", "choose partner_card"]
    assert p.actions[0]["text"] == "Take the kitty"
    # the choice is ranked like a bid or a card: each way played out on deals of the hidden cards
    ranked = p.show_hint()
    assert isinstance(ranked, Hint) and {str(c.action) for c in ranked.choices} == {
        "choose kitty",
        "choose partner_card",
    }
    assert {c["text"] for c in p.hint["choices"]} == {a["text"] for a in p.actions}  # as the buttons say them
    p._on_front_end(p, {"type": "action", "action": "choose kitty"}, [])
    assert p.state.phase is cl.Phase.DISCARD and p.actions == []
    hand = [c["id"] for c in _my_cards(p)]
    assert len(hand) == 10 and all(c["legal"] for c in _my_cards(p))
    p._on_front_end(p, {"type": "card", "card": "RJ"}, [])  # not held
    assert "does not hold" in p.message
    # a click chooses a card (raised), a second takes it back; nothing is put aside until confirmed
    p._on_front_end(p, {"type": "card", "card": hand[-1]}, [])
    assert [c["id"] for c in _my_cards(p) if c.get("selected")] == [hand[-1]]
    assert [a["kind"] for a in p.actions] == ["undo"] and "1 chosen" in p.prompt
    p._on_front_end(p, {"type": "card", "card": hand[-1]}, [])
    assert not any(c.get("selected") for c in _my_cards(p)) and p.actions == []
    p._on_front_end(p, {"type": "card", "card": hand[-3]}, [])
    p._on_front_end(p, {"type": "card", "card": hand[-2]}, [])
    p._on_front_end(p, {"type": "card", "card": hand[-1]}, [])  # a third, for a discard of two: refused
    assert "chosen already" in p.message
    assert p.state.phase is cl.Phase.DISCARD and len(p.state.hand("S")) == 10  # nothing put aside yet
    assert [a["kind"] for a in p.actions] == ["confirm", "undo"]
    p._on_front_end(p, {"type": "action", "action": "undo discards"}, [])  # take them all back
    assert not any(c.get("selected") for c in _my_cards(p)) and p.actions == []
    p._on_front_end(p, {"type": "action", "action": "confirm discards"}, [])
    assert "Choose 2 cards to put aside first (0 chosen)" in p.message and p.state.phase is cl.Phase.DISCARD
    p._on_front_end(p, {"type": "card", "card": hand[-1]}, [])
    p._on_front_end(p, {"type": "card", "card": hand[-2]}, [])
    assert p.actions[0]["text"] == "Put them aside"
    assert p.prompt.endswith(
        f"2 chosen {cl.Card.parse(hand[-1])} {cl.Card.parse(hand[-2])}. Click a chosen card to take it back."
    )
    p._on_front_end(p, {"type": "action", "action": "confirm discards"}, [])
    assert p.state.phase.value == "trump" and p.picture["kitty"]["discards"]
    assert {c["id"] for c in p.picture["kitty"]["discards"]} == {hand[-1], hand[-2]}
    assert [a["text"] for a in p.actions] == ["♣ clubs", "♦ diamonds", "♥ hearts", "♠ spades"]
    p._on_front_end(p, {"type": "action", "action": "trump S"}, [])
    assert p.state.phase.value == "play" and p.picture["contract"] == "Gros Charlemagne ♠ by South"


def test_trump_named_before_the_kitty_comes_is_ranked_like_a_choice() -> None:
    p = PlayTable("canadian", "S", seed=1, hint_samples=4, grade_samples=4, partner_card_first=False)
    assert p.play("bid charlemagne") and p.state.phase is cl.Phase.TRUMP and p.state.to_move == cl.Seat.S
    ranked = p.show_hint()  # each trump played on: the partner's card, the kitty and the discards as RuleBot makes them
    assert isinstance(ranked, Hint) and sorted(str(c.action) for c in ranked.choices) == [
        "trump ♠",
        "trump ♣",
        "trump ♥",
        "trump ♦",
    ]
    assert [c["text"] for c in p.hint["choices"]] == [_suit_button(c) for c in ranked.choices]


def test_the_bidders_exchange_is_hinted_and_graded_as_a_whole() -> None:
    p = PlayTable(seed=0, hint_samples=24, grade_samples=24)
    p.play("bid 6")  # the others pass: South takes the kitty
    assert p.state.phase is cl.Phase.DISCARD and p.state.to_move == cl.Seat.S
    ranked = p.show_hint()
    assert isinstance(ranked, ExchangeHint) and p.hint["title"].startswith("Your exchanges, best first")
    assert len(ranked.choices) == 24  # two of the four weakest cards for each trump: the best eight are shown
    assert [c["text"] for c in p.hint["choices"]] == [c.said("en") for c in ranked.choices[:8]]
    assert p.hint["choices"][0]["text"].startswith("discard ") and ", trump " in p.hint["choices"][0]["text"]
    # the worst of them, card by card: nothing is graded until the exchange is complete
    worst = ranked.choices[-1]
    assert worst.grade != "best" and worst.trump is not None
    p.play(str(worst.discards[0]))
    assert p.grade == {} and p.state.phase is cl.Phase.DISCARD
    p.play(str(worst.discards[1]))
    assert p.grade == {} and p.state.phase is cl.Phase.TRUMP
    # with the cards put aside, the hint ranks the trumps that are left to choose
    trumps = p.show_hint()
    assert isinstance(trumps, ExchangeHint) and p.hint["title"].startswith("Your trumps, best first")
    assert sorted(c["text"] for c in p.hint["choices"]) == ["trump ♠", "trump ♣", "trump ♥", "trump ♦"]
    p.play(f"trump {worst.trump.name}")
    assert p.state.phase is cl.Phase.PLAY
    assert p.grade["text"] == f"You chose {worst.said('en')}: {worst.grade}"
    # the choice's reason, then the best one's, each said once
    # the reason, how sure the grade is where that needs saying, then the better exchange's reason
    mine = f"{worst.reason} ({worst.doubt('en')})" if worst.doubt("en") else worst.reason
    assert p.grade["grade"] == worst.grade and p.grade["reason"] == f"{mine}. Better: {ranked.best.reason}"


def test_every_choice_of_a_maine_charlemagne_bidder_is_hinted_and_graded() -> None:
    p = PlayTable("maine", "S", seed=0, hint_samples=6, grade_samples=6)
    assert p.play("bid charlemagne") and p.state.phase is cl.Phase.TRUMP  # trump first, before the partner's card
    trumps = p.show_hint()
    assert isinstance(trumps, Hint) and len(trumps.choices) == 4 and p.hint["title"].startswith("Your choices")
    best = trumps.best
    assert best.action.suit is not None
    assert p.play(str(best.action)) and p.grade["text"] == f"You chose {_suit_button(best)}: best"
    choices = p.show_hint()
    assert isinstance(choices, Hint) and {c.action.choice for c in choices.choices} == {"alone", "with_partner"}
    assert p.play("choose alone") and p.grade["text"].startswith("You chose Play alone: ")
    assert p.state.phase is cl.Phase.DISCARD  # the partner's card came: South puts one card aside
    discards = p.show_hint()
    assert isinstance(discards, ExchangeHint) and p.hint["title"].startswith("Your discards, best first")
    assert {c.trump for c in discards.choices} == {best.action.suit}
    chosen = discards.choices[-1]
    assert p.play(str(chosen.discards[0])) and p.state.phase is cl.Phase.PLAY
    assert p.grade["text"].startswith(f"You chose {chosen.said('en')}: {chosen.grade}")


def _suit_button(choice: Any) -> str:
    return {"C": "♣ clubs", "D": "♦ diamonds", "H": "♥ hearts", "S": "♠ spades"}[choice.action.suit.name]


def test_a_partners_card_to_a_lone_bidder_is_hinted_and_graded() -> None:
    p = PlayTable(seed=1, people="N S", hint_samples=6, grade_samples=6)
    # South bids Gros Charlemagne and asks for North's card; North (the dealer) passes
    moves = {cl.Phase.BIDDING: {cl.Seat.S: "bid gros_charlemagne", cl.Seat.N: "pass"}, cl.Phase.CHOOSE: {}}
    moves[cl.Phase.CHOOSE][cl.Seat.S] = "choose partner_card"
    while p.state.phase is not cl.Phase.GIVE:
        if p.screen:
            assert p.ready()
        else:
            assert p.play(moves[p.state.phase][p.seat]), p.message
    assert p.state.to_move == cl.Seat.N
    if p.screen:
        p.ready()
    ranked = p.show_hint()
    assert isinstance(ranked, Hint) and {c.action.kind for c in ranked.choices} == {"give"}
    worst = ranked.choices[-1]
    p.play(str(worst.action.card))
    # graded, but never on the pass screen the next person reads: kept for North's review after the hand
    assert "grade" not in p.screen and p.grade == {}


def test_an_illegal_card_says_why_and_a_legal_one_is_graded() -> None:
    p = PlayTable(seed=2, grade_samples=6)
    while p.state.phase is not cl.Phase.PLAY or not p.state.trick:
        assert p.play(_first_choice(p)), p.message
    illegal = [c["id"] for c in _my_cards(p) if c.get("legal") is False]
    if illegal:
        before = p.game.to_json()
        p._on_front_end(p, {"type": "card", "card": illegal[0]}, [])
        assert "cannot be played" in p.message and p.game.to_json() == before
    ranked = p.show_hint()
    assert ranked is not None and p.hint["choices"][0]["id"] == str(ranked.best.action)
    assert {c["grade"] for c in p.hint["choices"]} <= {"best", "good", "inaccuracy", "mistake", "blunder"}
    legal = next(c["id"] for c in _my_cards(p) if c.get("legal"))
    p._on_front_end(p, {"type": "card", "card": legal}, [])
    assert p.grade["text"].startswith("You chose ") and p.grade["grade"] in (
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    )
    assert p.hint == {}


def test_a_whole_hand_ends_in_a_review_then_next_hand() -> None:
    p = PlayTable(seed=1, grade_moves=False)
    _finish_hand(p)
    r = p.review
    assert r["title"] == "Review of hand 1" and r["lines"] and r["next"] == "Next hand"
    assert r["lines"][0]["when"] == "The bidding" and r["hand_points"].startswith("This hand: NS")
    assert repr(p).startswith("PlayTable(Canadian Charlemagne, you are South; hand 1 over, review;")
    assert not p.play("pass") and "press Next hand" in p.message
    p._on_front_end(p, {"type": "next"}, [])
    assert p.review == {} and p.your_turn and "hand 2" in repr(p)
    assert not p.next_hand() and p.message == "finish this hand first"


def test_a_whole_game_ends_with_the_winner() -> None:
    p = PlayTable(seed=4, bots="random", grade_moves=False, hint_samples=4, grade_samples=4, target=6)
    for _ in range(40):
        _finish_hand(p)
        if p.game.is_over:
            break
        assert p.next_hand()
    assert p.game.is_over
    team = {"NS": "North–South", "EW": "East–West"}[p.game.winner or ""]
    assert p.review["winner"] == f"Game over: {team} win the game." and p.review["next"] == ""
    assert p.prompt == p.review["winner"] and "game over" in repr(p)
    assert not p.play("pass") and "the game is over" in p.message


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_the_same_seed_gives_the_same_deals_and_bot_moves() -> None:
    records = []
    for _ in range(2):
        p = PlayTable(seed=7, grade_moves=False)
        _finish_hand(p)
        p.next_hand()
        records.append(p.game.to_json())
    assert records[0] == records[1]
    other = PlayTable(seed=8, grade_moves=False)
    assert other.game.hand.hands != PlayTable(seed=7, grade_moves=False).game.hand.hands


def test_the_learner_sees_only_their_own_cards() -> None:
    p = PlayTable(seed=3, grade_moves=False)
    hidden = {card_id(c) for s in "NEW" for c in p.state.hand(s)} | {card_id(c) for c in p.state.kitty}
    state = {k: v for k, v in p.get_state().items() if not k.startswith("_")}
    assert not hidden & set(_ids(state))


def _ids(data: Any) -> list[str]:
    if isinstance(data, dict):
        return ([data["id"]] if isinstance(data.get("id"), str) else []) + [i for v in data.values() for i in _ids(v)]
    if isinstance(data, list):
        return [i for v in data for i in _ids(v)]
    return []


def test_other_variants_seats_and_french() -> None:
    p = PlayTable("american", "N", seed=1, grade_moves=False, lang="fr")
    assert repr(p).startswith("PlayTable(American Charlemagne, you are North; hand 1, ")
    assert p.status.startswith("Donne 1 · Enchères · vous êtes Nord")
    p.lang = "en"
    assert p.status.startswith("Hand 1 · Bidding · you are North")
    _finish_hand(p)
    assert p.review["lines"]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"variant": "poker"}, cl.RulesOptionError, "unknown variant"),
        ({"seat": "X"}, cl.CardParseError, "not a seat"),
        ({"bots": "nobody"}, cl.RulesOptionError, "no bot called"),
        ({"hint_samples": 0}, cl.RulesOptionError, "hint_samples"),
        ({"lang": "de"}, cl.RulesOptionError, "'en'"),
        ({"seed": "x"}, cl.RulesOptionError, "seed"),
        ({"no_such_option": 1}, cl.RulesOptionError, "no_such_option"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        PlayTable(**kwargs)


def test_static_html_stands_in_where_widgets_do_not_run() -> None:
    p = PlayTable(seed=1, grade_moves=False)
    bundle = p._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(p)
    assert "What South sees" in data["text/html"] and "Your turn to bid" in data["text/html"]
    assert "function drawTable" in p._esm and p._esm.count("export default") == 1 and ".cl-seat" in p._css


# ---------------------------------------------------------------- several people at one screen
def _on_screen(p: PlayTable) -> dict[str, list[str]]:
    """The cards the picture shows face up, seat by seat."""
    return {s["seat"]: sorted(c["id"] for c in s["cards"]) for s in p.picture["seats"] if s["face_up"]}


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_four_people_each_see_only_their_own_cards_and_pass_the_screen() -> None:
    p = PlayTable("canadian", people="NESW", seed=4, grade_moves=False)
    assert p.people == (cl.Seat.N, cl.Seat.E, cl.Seat.S, cl.Seat.W) and not p.session.bots
    passes = 0
    while not p.review:
        state = p.state
        mover = state.to_move
        assert mover is not None
        exposed = {s: sorted(card_id(c) for c in cards) for s, cards in state.view(mover).exposed.items()}
        if p.screen:
            passes += 1
            assert p.screen["to"] == mover.name and not p.your_turn and p.actions == []
            assert _on_screen(p) == exposed  # no private hand while the screen passes
            before = state.to_json()
            assert p.play(state.legal_actions()[0]) is False and "presses the button" in p.message
            assert p.state.to_json() == before
            assert p.ready()
        assert p.your_turn and p.seat == mover
        mine = sorted(card_id(c) for c in state.hand(mover))
        assert _on_screen(p) == {**exposed, mover.name: mine}
        assert next(s for s in p.picture["seats"] if s["seat"] == mover.name)["place"] == "bottom"
        assert p.prompt.startswith(mover.word)
        # East opens with the lowest bid and everyone else passes, so the hand is played out
        bids = [a["id"] for a in p.actions if a["kind"] == "bid"]
        assert p.play(bids[0] if bids and mover == cl.Seat.E else _first_choice(p)), p.message
    assert passes >= 20  # every bid and card of the hand changed hands
    assert not p.screen and len(_on_screen(p)) == 4  # the hand is over: every card may be seen
    who = {line["phase"].split(",")[0] for line in p.review["lines"]}
    assert who <= {"North", "East", "South", "West"} and len(who) >= 2
    assert p.next_hand() and p.screen  # the next hand starts by passing the screen
    assert "people at North, East, South, West" in repr(p)


def test_two_people_and_two_bots_grades_go_to_the_player_who_moved() -> None:
    p = PlayTable("canadian", people="NS", seed=3, grade_samples=6)
    assert set(p.session.bots) == {cl.Seat.E, cl.Seat.W}
    assert p.screen["to"] == "S" and p.ready()  # East (a bot) bid first; South is next
    assert p.play("pass")
    assert p.screen["to"] == "N"  # West, a bot, passed too: North is next, and South hands over
    assert "grade" not in p.screen and "You chose" not in str(p.screen)  # North reads the pass screen
    assert p.grade == {}  # the grade is South's: not left on the table for North
    assert p.show_hint() is None and "your turn" in p.hint["note"]
    assert p.ready() and p.seat == cl.Seat.N and p.grade == {} and "grade" not in p.screen
    ranked = p.show_hint()
    assert ranked is not None and ranked.seat == cl.Seat.N  # the hint is for the person to move
    assert p.ready() is False and p.message == "No screen is passing: play on."


def test_one_person_never_sees_a_pass_screen() -> None:
    p = PlayTable("canadian", "W", seed=2, grade_moves=False)
    for _ in range(3):
        assert not p.screen and p.your_turn
        if p.review:
            break
        assert p.play(_first_choice(p))
    assert next(s for s in p.picture["seats"] if s["you"])["place"] == "bottom"  # your own hand is at the bottom


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"people": "NX"}, "not a seat"),
        ({"people": ["N", "N"]}, "different seats"),
        ({"people": ""}, "different seats"),
        ({"people": 5}, "give seats"),
        ({"people": "NS", "seat": "E"}, "must be one of"),
    ],
)
def test_bad_people_are_refused_with_what_is_allowed(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(cl.CharlemagneError, match=match) as caught:
        PlayTable(**kwargs)
    assert isinstance(caught.value, ValueError)


def test_people_may_be_written_as_players_write_them() -> None:
    for people in ("NS", "n s", "North, South", ["S", cl.Seat.N], cl.Seat.N):
        p = PlayTable(people=people, seed=1, grade_moves=False)
        assert p.people == ((cl.Seat.N,) if people is cl.Seat.N else (cl.Seat.N, cl.Seat.S))
    assert PlayTable(seat="S", people="NS", seed=1, grade_moves=False).people == (cl.Seat.S, cl.Seat.N)


def test_the_exchange_is_graded_live_and_listed_in_the_review_with_the_same_grade() -> None:
    p = PlayTable("canadian", "S", seed=1, grade_samples=8, hint_samples=4)
    p.play("bid gros_charlemagne")
    p.play("choose kitty")
    p.show_hint()  # a hint on fewer deals than the grade: the grade is still the grade's own deals'
    hand = [c["id"] for c in _my_cards(p)]
    p.choose_discard(hand[-1])
    p.choose_discard(hand[-4])
    assert p.confirm_discards()
    p.play(str(p.state.legal_actions()[1]))
    live = p.grade
    assert live["text"].startswith("You chose discard ")
    while p.state.phase is not cl.Phase.OVER:
        p.play(str(p.state.legal_actions()[0]))
    exchange = [line for line in p.review["lines"] if line["when"] == "The exchange"]
    assert len(exchange) == 1 and exchange[0]["action"] in live["text"] and ", trump " in exchange[0]["action"]
    assert exchange[0]["grade"] == live["grade"]
    assert [line["move"] for line in p.review["lines"]] == sorted(line["move"] for line in p.review["lines"])


def _click(p: PlayTable, **content: str) -> None:
    p._on_front_end(p, content, [])


def _legal_card(p: PlayTable) -> str:
    return next(c["id"] for c in _my_cards(p) if c.get("legal"))


def test_the_bots_part_of_the_hand_is_told_a_step_at_a_time_after_a_click() -> None:
    p = PlayTable("canadian", "S", seed=4, grade_moves=False)
    assert not p.telling and p.actions  # made from Python: the table at once, the learner's turn
    _click(p, type="action", action="pass")
    assert p.telling and p.actions == [] and p.prompt == "South passes." and p.story["step"].startswith("Step 1 of ")
    lines = [p.prompt]
    while p.telling:
        shown = p.picture
        assert not any(s["you"] for s in shown["seats"])  # the learner's cards wait for the learner's turn
        _click(p, type="card", card="AS")  # no choice meanwhile: refused, nothing changes
        assert p.message == "The bots are still playing: Continue, or Skip to your turn." and p.telling
        _click(p, type="continue")
        lines.append(p.prompt)
    assert p.actions == [] and p.prompt.endswith("Your turn: click a card to play it.")  # play: cards, not buttons
    assert lines[1:4] == ["West passes.", "North passes. East wins the bidding with 5. East takes the kitty.",
                          "East puts a card aside, face down."]  # fmt: skip
    assert p.prompt.startswith(lines[-1].split(" Your turn")[0])
    # a card: told again, from it; Skip goes straight to the learner's turn
    _click(p, type="card", card=_legal_card(p))
    assert p.telling
    _click(p, type="skip")
    assert not p.telling and p.your_turn and p.story == {}


def test_the_story_never_shows_a_card_the_learner_cannot_see() -> None:
    p = PlayTable("canadian", "W", seed=4, grade_moves=False, bots="rule")
    _click(p, type="action", action="pass")
    seen = 0
    while p.telling or p.your_turn:
        if not p.telling:
            if p.state.phase is cl.Phase.OVER:
                break
            _click(p, type="card", card=_legal_card(p)) if p.state.phase is cl.Phase.PLAY else _click(
                p, type="action", action=p.actions[0]["id"]
            )
            continue
        told = p.session.story
        assert told is not None
        hand, at = told.hand, told.at
        moment = hand.at(at + 1)
        hidden = {card_id(c) for s in cl.Seat if s != cl.Seat.W for c in moment.hand(s)}
        shown = {c["id"] for s in p.picture["seats"] for c in s["cards"]}
        shown |= {c["id"] for c in (p.picture["kitty"] or {}).get("cards", [])}
        assert not shown & hidden, (p.prompt, shown & hidden)
        assert "puts a card aside, face down" in p.prompt or "aside" not in p.prompt
        seen += 1
        _click(p, type="continue")
    assert seen > 20


def test_the_pace_is_checked_and_off_tells_nothing() -> None:
    with pytest.raises(cl.RulesOptionError, match="pace='slowly' is not a pace; use one of step, slow, normal"):
        PlayTable("canadian", "S", seed=4, pace="slowly")
    p = PlayTable("canadian", "S", seed=4, pace="off")
    _click(p, type="action", action="pass")
    assert not p.telling and p.actions == [] and "East names" in p.prompt  # the last line leads the prompt
    p.pace = "step"
    _click(p, type="card", card=_legal_card(p))
    assert p.telling
    p.pace = "off"  # from the page's menu: the story ends there
    assert not p.telling and p.your_turn


def test_a_story_says_the_same_whatever_the_pace() -> None:
    told = []
    for pace in ("step", "fast", "slow"):
        p = PlayTable("canadian", "S", seed=9, pace=pace, grade_moves=False)
        _click(p, type="action", action="pass")
        lines = [p.prompt]
        while p.telling:
            _click(p, type="continue")
            lines.append(p.prompt)
        told.append(lines)
    assert told[0] == told[1] == told[2] and len(told[0]) > 3


def test_after_the_hand_a_replay_steps_through_it_face_up_with_the_learners_grades() -> None:
    p = PlayTable("canadian", "S", seed=4, grade_samples=8)
    while p.state.phase is not cl.Phase.OVER:
        p.play(str(p.state.legal_actions()[-1]))
    hand = p.state
    total = len(hand.history)
    # where each action fell, as a player says it: the bidding, the exchange, the trick and the card's place in it
    nth = ("first", "second", "third", "fourth")
    cards = [f"Trick {n}, {nth[i]} card" for n, trick in enumerate(hand.tricks, 1) for i in range(len(trick.cards))]
    assert p.replay == -1 and p.replay_info["steps"] == total and p.replay_info["where"] == cards[-1]
    p.replay = 0  # the deal: every hand as dealt, face up
    assert [len(s["cards"]) for s in p.picture["seats"]] == [8, 8, 8, 8]
    assert p.replay_info["line"] == "The deal: every hand as dealt."
    assert p.replay_info["where"] == "The deal"
    graded = {line["move"]: line["grade"] for line in p.review["lines"]}
    places = []
    for step in range(1, total + 1):
        p.replay = step
        places.append(p.replay_info["where"])
        assert not re.search(r"\bMove\b|\d+ of \d+", places[-1])
        assert p.replay_info["grade"] == graded.get(step, "")  # the review's grade, on the learner's own moves
        seen = sum(len(s["cards"]) for s in p.picture["seats"]) + sum(
            len(c) for c in (p.picture["trick"], (p.picture["last_trick"] or {}).get("cards", []))
        )
        assert seen >= 8  # the table at that move, every hand face up
    with pytest.raises(cl.RulesOptionError, match=f"use -1 \\(the end\\) or 0 to {total}"):
        p.replay = total + 1
    assert p.replay == total  # unchanged
    assert places[-len(cards) :] == cards and set(places[: -len(cards)]) <= {
        "The bidding",
        "After the bidding",
        "The exchange",
    }
    # the review says where each decision fell in the same words
    assert [line["when"] for line in p.review["lines"]] == [places[line["move"] - 1] for line in p.review["lines"]]
    p.lang = "fr"
    assert p.replay_info["where"] == cards[-1].replace("Trick", "Levée").replace(" card", " carte").replace(
        nth[len(hand.tricks[-1].cards) - 1],
        ("première", "deuxième", "troisième", "quatrième")[len(hand.tricks[-1].cards) - 1],
    )
    assert p.next_hand() and p.replay == -1 and p.replay_info == {}


def test_the_partner_and_the_opponents_may_be_bots_of_different_strengths_and_each_seat_says_whose() -> None:
    p = PlayTable("canadian", "S", seed=4, partner="pimc", opponents="random", grade_moves=False)
    players = {s["seat"]: s["player"] for s in p.picture["seats"]}
    assert players == {
        "N": "PIMC bot: looks ahead on sampled deals",
        "E": "random bot: the weakest",
        "S": "you",
        "W": "random bot: the weakest",
    }
    assert [type(p.session.bots[s]).__name__ for s in (cl.Seat.N, cl.Seat.E, cl.Seat.W)] == [
        "PimcBot",
        "RandomBot",
        "RandomBot",
    ]
    only_partner = PlayTable("canadian", "S", seed=4, partner="random", grade_moves=False)
    assert {s["seat"]: s["player"] for s in only_partner.picture["seats"]}["E"].startswith("rule bot")
    with pytest.raises(cl.RulesOptionError, match="no bot"):
        PlayTable("canadian", "S", seed=4, opponents="grandmaster")
    two = PlayTable("canadian", people="NS", seed=4, grade_moves=False, lang="fr")
    assert {s["seat"]: s["player"] for s in two.picture["seats"]}["N"] == "une personne"


def test_the_review_keeps_a_log_of_the_games_hands() -> None:
    p = PlayTable("canadian", "S", seed=4, grade_moves=False)
    while len(p.game.finished) < 2:
        if p.state.phase is cl.Phase.OVER:
            p.next_hand()
        else:
            p.play(str(p.state.legal_actions()[-1]))
    log = p.review["log"]
    assert len(log) == 2 and log[0].startswith("Hand 1, NS ") and log[1].startswith("Hand 2, NS ")
    points = [h.result.points for h in p.game.finished]  # type: ignore[union-attr]
    assert all(f"NS {pt['NS']} – EW {pt['EW']}: " in line for line, pt in zip(log, points, strict=True))
    assert p.review["log_title"] == "Hands so far"


def test_the_bots_part_waits_for_the_learner_and_every_line_told_stays_on_show() -> None:
    p = PlayTable("canadian", "S", seed=4, grade_moves=False)  # as a lesson makes it: no pace given
    assert p.pace == "step"  # the learner's pace: nothing moves on until Continue (or a pace the learner picks)
    _click(p, type="action", action="pass")
    assert p.telling and p.told == ["South passes."]
    _click(p, type="skip")
    assert not p.telling and len(p.told) > 1  # skipped, yet every line is there to read
    assert p.prompt.startswith(p.told[-1].split(" Your turn")[0])
    hand, cards = p.state, 0
    while p.your_turn:
        before = len(hand.history)
        _click(p, type="card", card=_legal_card(p))
        while p.telling:
            told = list(p.told)
            assert told[-1] == p.story["line"]  # the line on show is the newest of the list
            _click(p, type="continue")  # one action a click: one line more
            assert p.told[: len(told)] == told and len(p.told) == len(told) + 1
        # the learner's card and every card after it, a line each, still there at the learner's turn
        played = [a.card for _, a in hand.history[before:]]
        # each line names its card: a joker by its name, as the story says it
        said = [card_name(c) if c.is_joker else str(c) for c in played if c is not None]
        assert len(p.told) == len(said) and all(c in line for c, line in zip(said, p.told, strict=True))
        cards += len(played)
    assert hand.phase is cl.Phase.OVER and cards == 32
