"""HandTyper: a hand played with real cards typed in by clicks (the board or the deal, the bids, the exchange, each
card), its record written as it goes, and the play table's own review once the last card is clicked."""

from __future__ import annotations

from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.analysis.shown import review_why
from charlemagne_learn.teach.played import PlayedHand, parse, write
from charlemagne_learn.widgets._base import card_id
from charlemagne_learn.widgets.typer import HandTyper

SAMPLES = 8


def _click(typer: HandTyper, kind: str, **content: Any) -> None:
    typer._on_front_end(typer, {"type": kind, **content}, [])


def _bot_hand(rules: cl.Rules, played: PlayedHand) -> cl.HandState:
    state = played.state()
    return play_hand(state, {s: make_bot("rule", int(s)) for s in cl.Seat})


def _type_in(typer: HandTyper, hand: cl.HandState) -> None:
    """Every action of ``hand`` clicked as the page sends it: a card on the table (a discard chosen then confirmed),
    anything else on its button."""
    for _, action in hand.history:
        if action.card is not None:
            _click(typer, "card", card=card_id(action.card))
            if action.kind == "discard" and any(b["id"] == "confirm discards" for b in typer.actions):
                _click(typer, "action", action="confirm discards")
        else:
            ids = [b["id"] for b in typer.actions]
            assert str(action) in ids, (str(action), ids)
            _click(typer, "action", action=str(action))
        assert typer.message == "", typer.message


def test_a_board_typed_in_by_clicks_is_reviewed_as_the_table_reviews_it() -> None:
    typer = HandTyper("canadian", seed=1, board=2, grade_samples=SAMPLES, lang="en")
    hand = _bot_hand(typer._rules, PlayedHand.from_board("canadian", 1, 2))
    assert typer.typer["stage"] == "play" and typer.typer["board"] == "2"
    assert typer.status == "Board 2 (seed 1) · Bidding"  # one hand: no game score
    # every hand face up, only the seat to move's cards to click
    seats = {s["seat"]: s for s in typer.picture["seats"]}
    assert all(s["face_up"] for s in seats.values()) and [n for n, s in seats.items() if s["you"]] == ["S"]
    _type_in(typer, hand)
    assert typer.typer["stage"] == "review"
    record = parse(typer.typer["record"])
    assert record.board == 2 and record.seed == 1 and record.state().to_json() == hand.to_json()
    # the review: every seat's decisions, graded, with the Why? line, as the table's review writes them
    table_rows = PlayedHand.of(hand).review(samples=SAMPLES, lang="en")
    assert [(line["move"], line["grade"], line["reason"]) for line in typer.review["lines"]] == [
        (line.move + 1, line.grade, review_why(line, "en")) for _, line in table_rows
    ]
    assert typer.review["next"] == "" and typer.replay_info["steps"] == len(hand.history)
    # where no widget runs (a saved notebook on a static page): the review's lines, each with its grade and why
    static = typer._static_html()
    assert static.count("<li>") == len(table_rows) and review_why(table_rows[-1][1], "en") in static.replace(
        "&#x27;", "'"
    )
    # one hand, not a game: a "next hand" the page could still send deals nothing
    _click(typer, "next")
    assert typer.typer["stage"] == "review" and typer.record.state().to_json() == hand.to_json()
    # card by card: the replay steps through it
    typer.replay = 5
    assert typer.replay_info["step"] == 5 and typer.replay_info["line"]


def test_only_legal_cards_and_undo() -> None:
    typer = HandTyper("canadian", seed=1, board=1, grade_samples=SAMPLES, lang="en")
    for bid in ("bid 5", "pass", "pass", "bid 6"):
        _click(typer, "action", action=bid)
    north = next(s for s in typer.picture["seats"] if s["seat"] == "N")
    assert north["you"] and all(c["legal"] for c in north["cards"])  # discarding: any card
    _click(typer, "card", card="8S")
    _click(typer, "card", card="9C")
    _click(typer, "action", action="confirm discards")
    _click(typer, "action", action="trump D")
    east = next(s for s in typer.picture["seats"] if s["seat"] == "E")
    assert east["you"]
    _click(typer, "card", card="AS")
    south = next(s for s in typer.picture["seats"] if s["seat"] == "S")
    assert {c["id"] for c in south["cards"] if c["legal"]} == {"7S"}
    _click(typer, "card", card="10C")  # not a spade: refused, with the seat and what it could play
    assert typer.message.startswith("action 9 (trick 1): ") and "South could: 7♠" in typer.message
    assert len(typer.record.actions) == 8
    _click(typer, "undo")
    assert len(typer.record.actions) == 7 and typer.message == ""
    assert next(s for s in typer.picture["seats"] if s["seat"] == "E")["you"]


def test_a_deal_of_ones_own_by_clicks() -> None:
    typer = HandTyper("canadian", seed=1, board=None, grade_samples=SAMPLES, lang="en")
    assert typer.typer["stage"] == "deal" and len(typer.typer["deck"]) == 34
    # nothing to bid or play, and no pass screen, while the cards are dealt
    assert typer.actions == [] and typer.screen == {} and typer.prompt == ""
    played = PlayedHand.from_board("canadian", 5, 3)
    _click(typer, "dealer", value=played.dealer.name)
    for seat in cl.Seat:
        _click(typer, "deal_to", value=seat.name)
        for card in played.hands[seat]:
            _click(typer, "deal_card", value=card_id(card))
    assert typer.typer["finish"] and {c["id"] for c in typer.typer["deck"]} == {card_id(c) for c in played.kitty}
    # a card clicked in a seat goes back to the deck, and a full seat takes no more
    back = card_id(played.hands[cl.Seat.W][0])
    _click(typer, "deal_card", value=back)
    assert not typer.typer["finish"] and typer.typer["seats"][3]["current"]
    _click(typer, "deal_card", value=back)
    _click(typer, "deal_to", value="N")
    _click(typer, "deal_card", value=card_id(played.kitty[0]))
    assert typer.message.startswith("North has 8 cards already")
    _click(typer, "finish_deal")
    assert typer.typer["stage"] == "play"
    record = typer.record
    assert record.board is None and record.dealer == played.dealer and record.kitty == played.kitty


def test_a_record_read_in_plays_on_and_french() -> None:
    hand = _bot_hand(cl.Rules.preset("canadian"), PlayedHand.from_board("canadian", 1, 1))
    text = write(PlayedHand.of(hand.at(20)))
    typer = HandTyper(record=text, grade_samples=SAMPLES, lang="fr")
    assert len(typer.record.actions) == 20 and typer.typer["title"] == "Une main jouée avec de vraies cartes"
    assert typer.typer["undo"] == "Annuler" and typer.typer["record"] == text
    at = hand.at(20)
    mover = at.to_move
    assert at.phase is cl.Phase.PLAY and mover is not None and at.trick  # a card to follow
    legal = {a.card for a in at.legal_actions()}
    wrong = next(c for c in at.hand(mover) if c not in legal)
    _click(typer, "card", card=card_id(wrong))
    assert typer.message.startswith("action 21 (levée ") and f"{mover.named('fr')} pouvait : " in typer.message
    typer.lang = "en"
    assert typer.typer["title"] == "A hand played with real cards"


def test_page_values_are_checked() -> None:
    typer = HandTyper("canadian", seed=1, board=1, grade_samples=SAMPLES, lang="en")
    _click(typer, "board", value="99")
    assert typer.message.startswith("board=99")
    _click(typer, "undo")
    assert typer.message.startswith("Nothing to undo")
    _click(typer, "board", value="²")
    assert typer.message.startswith("board=") and typer.typer["board"] == "1"
    with pytest.raises(cl.CharlemagneError):
        HandTyper("canadian", seed=-1)
    with pytest.raises(cl.CharlemagneError, match=r"^board=99"):
        HandTyper("canadian", board=99)


def test_a_record_loaded_into_the_typer_and_a_bad_one_refused() -> None:
    typer = HandTyper("canadian", seed=1, board=1, grade_samples=SAMPLES, lang="en")
    hand = _bot_hand(cl.Rules.preset("american"), PlayedHand.from_board("american", 2, 3))
    assert typer.load(write(PlayedHand.of(hand.at(12), board=3, seed=2)))
    assert typer.record.rules.name == "american" and len(typer.record.actions) == 12 and typer.typer["board"] == "3"
    assert typer.typer["boards"][3]["text"] == "Board 3 (seed 2)"  # the record's seed, as its board was dealt
    before = typer.record
    assert not typer.load("board: 1\nseed: 1\nbidding: E 12\n")
    assert typer.message.startswith("line 3 (the bidding): ") and typer.record == before
