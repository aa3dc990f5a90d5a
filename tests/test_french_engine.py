"""The rules engine in French: score rulings, a hand's refusals and results, contracts, bids, records and the
readers of cards, seats, rules options and seeds, through the real code paths; English unchanged; the course's
language followed."""

# ruff: noqa: B023 - every lambda here is called at once, by _refusal, while its loop variables hold

from __future__ import annotations

import json
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.bots import play_hand
from charlemagne_learn.engine.bid_meaning import bid_meaning
from charlemagne_learn.engine.bidding import bid_trump_problem
from charlemagne_learn.engine.checks import flag, whole_number

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

french_course = _french.french_course

english_words_in = _french.english_words_in
_refusal = _french.refusal
VARIANTS = ["canadian", "american", "maine", "bid_euchre"]


def _french_only(text: str) -> str:
    assert text, "an empty sentence"
    assert not english_words_in(text), text
    return text


# ---------------------------------------------------------------- scoring
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_score_ruling_of_every_bid_reads_in_french(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    for spec in rules.bids:
        for bidder in "NE":
            trump = None if not spec.has_trump or spec.trump == "with_bid_or_none" else "S"
            alone_choices = [None, True] if spec.alone == "optional" else [None]
            for alone in alone_choices:
                k = cl.Contract(rules, bid=spec.name, bidder=bidder, trump=trump, alone=alone)
                for tricks in range(rules.tricks_per_hand + 1):
                    french = cl.explain_score(k, tricks, lang="fr")
                    english = cl.explain_score(k, tricks, lang="en")
                    assert french.answer == english.answer
                    _french_only(french.reason)
                    _french_only(k.text("fr"))


def test_score_rulings_in_english_are_unchanged() -> None:
    canadian, euchre = cl.Rules.preset("canadian"), cl.Rules.preset("bid_euchre")
    k = cl.Contract(canadian, bid="6", bidder="N", trump="H")
    assert cl.explain_score(k, 5, lang="en").reason == (
        "North–South bid 6 and took 5 tricks: the contract failed, so East–West score 6."
    )
    assert cl.explain_score(k, 8, lang="en").reason == (
        "North–South bid 6 and took 8 tricks: the contract is made, so North–South score 6 (no credit for extra tricks)."
    )
    mulot = cl.Contract(canadian, bid="mulot", bidder="E")
    assert cl.explain_score(mulot, 1, lang="en").reason == (
        "East bid Mulot (take no trick) and took 1 trick: the contract failed, so North–South score 7."
    )
    e = cl.Contract(euchre, bid="4", bidder="E", trump=None)
    assert cl.explain_score(e, 3, lang="en").reason == (
        "East–West bid 4 and took 3 tricks: the contract failed, so East–West lose 4 (the amount bid) and "
        "North–South score a point per trick they took, 3."
    )


def test_score_rulings_in_french_say_it_as_players_do() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
    assert cl.explain_score(k, 5, lang="fr").reason == (
        "Nord–Sud ont demandé 6 et fait 5 levées : le contrat a chuté, donc Est–Ouest marquent 6."
    )
    maine = cl.Contract(cl.Rules.preset("maine"), bid="charlemagne", bidder="W", trump="C", alone=True)
    assert cl.explain_score(maine, 8, lang="fr").reason == (
        "Ouest a demandé Charlemagne (faire toutes les levées) et fait 8 levées : le contrat est réussi, donc "
        "Est–Ouest gagnent la partie d'un coup."
    )
    nt = cl.Contract(cl.Rules.preset("american"), bid="nt", bidder="S")
    assert cl.explain_score(nt, 7, lang="fr").reason.startswith("Nord–Sud ont demandé Sans-atout (faire toutes")


# ---------------------------------------------------------------- whole hands
@pytest.mark.parametrize("variant", VARIANTS)
def test_hand_results_follow_the_language_they_are_read_in(variant: str) -> None:
    rules = cl.Rules.preset(variant, stop_when_decided=True)
    for seed in range(12):
        state = play_hand(rules, [cl.RandomBot(seed)] * 4, seed=seed)
        result = state.result
        assert result is not None
        english = result.text("en")
        assert result.reason == english  # the course speaks English here
        _french_only(result.text("fr"))
        if result.passed_out:
            assert english == "All four players passed: the hand is thrown in and the deal passes to the left."
        elif result.tricks_played is not None and result.tricks_played < rules.tricks_per_hand:
            assert english.endswith(f" (Play stopped after trick {result.tricks_played}, when the result was certain.)")
            assert "(Le jeu s'est arrêté après la levée" in result.text("fr")


def test_a_result_made_with_a_reason_keeps_it() -> None:
    result = cl.HandResult(
        points={"NS": 0, "EW": 0},
        contract=None,
        bidder_tricks=0,
        made=None,
        decided_after=None,
        outright_winner=None,
        passed_out=True,
        reason="Given.",
    )
    assert result.reason == "Given."
    assert result.text("fr").startswith("Les quatre joueurs ont passé")


def test_a_result_s_reason_is_in_the_course_s_language(french_course: None) -> None:
    state = play_hand(cl.Rules.preset("canadian"), [cl.RandomBot(3)] * 4, seed=3)
    assert state.result is not None
    assert state.result.reason == state.result.text("fr")
    _french_only(state.result.reason)


# ---------------------------------------------------------------- refusals of a hand
def _hand_refusals() -> list[str]:
    """Every refusal a learner meets at the table, for each variant."""
    out: list[str] = []
    for variant in VARIANTS:
        rules = cl.Rules.preset(variant)
        state = cl.HandState.new(rules, dealer="N", seed=5)
        mover = state.to_move
        assert mover is not None
        out.append(_refusal(lambda: state.apply("pass", seat=mover.left)))  # wrong seat
        out.append(_refusal(lambda: state.apply("play JH")))  # wrong kind of action
        out.append(_refusal(lambda: state.apply("bid 99")))  # no such bid
        first = rules.bids[0]
        out.append(_refusal(lambda: state.apply(f"bid {first.name}H NT")))
        wrong_trump = (
            f"bid {first.name}H" if first.trump in ("after_exchange", "after_bidding") else f"bid {first.name}"
        )
        out.append(_refusal(lambda: state.apply(wrong_trump)))
        state.apply(str(state.legal_actions()[1]))  # the lowest bid
        out.append(_refusal(lambda: state.apply(str(state.history[-1][1]))))  # not higher
        out.append(_refusal(lambda: state.undo() and state.at(99)))
        out.append(_refusal(lambda: cl.HandState.new(rules)))
        out.append(_refusal(lambda: cl.HandState.new(rules, seed=1, hands={"N": "JH"})))
        # the dealer who may not pass
        forced = cl.HandState.new(rules, dealer="N", seed=5)
        for _ in range(3):
            forced.apply("pass")
        if "pass" not in [str(a) for a in forced.legal_actions()]:
            out.append(_refusal(lambda: forced.apply("pass")))
        # the exchange and the play
        played = cl.HandState.new(rules, dealer="N", seed=5)
        while not played.is_over:
            legal = played.legal_actions()
            mover = played.to_move
            assert mover is not None
            held = played.hand(mover)
            stranger = next(c for c in (cl.Card.from_index(i) for i in rules.deck_indices) if c not in held)
            if played.phase in (cl.Phase.DISCARD, cl.Phase.GIVE, cl.Phase.PLAY):
                kind = {cl.Phase.DISCARD: "discard", cl.Phase.GIVE: "give", cl.Phase.PLAY: "play"}[played.phase]
                out.append(_refusal(lambda: played.apply(f"{kind} {stranger}")))
                illegal = [c for c in held if cl.Action.play(c) not in legal]
                if played.phase is cl.Phase.PLAY and illegal:
                    out.append(_refusal(lambda: played.apply(f"play {illegal[0]}")))
                if played.phase is cl.Phase.PLAY:
                    out.append(_refusal(lambda: played.apply(cl.Action.play(stranger))))
            if played.phase in (cl.Phase.TRUMP, cl.Phase.CHOOSE, cl.Phase.DISCARD):
                out.append(_refusal(lambda: played.apply("pass")))
            played.apply(legal[0])
        out.append(_refusal(lambda: played.apply("pass")))
    return out


def test_refusals_at_the_table_are_french_in_a_french_course(french_course: None) -> None:
    refusals = _hand_refusals()
    assert len(refusals) > 40
    for text in refusals:
        _french_only(text)


def test_refusals_at_the_table_are_unchanged_in_english() -> None:
    refusals = _hand_refusals()
    assert any("it is East's turn to bid, not South's" in t for t in refusals)
    assert any(t.startswith("play J♥ is not allowed now: it is East's turn to bid") for t in refusals)
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="N", seed=7)
    state.apply("bid 6")
    assert _refusal(lambda: state.apply("bid 5")) == (
        "bid 5 is not allowed: a bid must be higher than bid 6; allowed: pass, bid 7, bid 8, bid Mulot, "
        "bid Charlemagne, bid Gros Mulot, bid Gros Charlemagne"
    )
    assert _refusal(lambda: state.apply("bid 7H")) == (
        "bid 7♥ is not allowed: in Canadian Charlemagne trump is named after the exchange, not with the bid: "
        "write 'bid 7'"
    )


def test_the_french_refusals_say_it_as_players_do(french_course: None) -> None:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="N", seed=7)
    assert _refusal(lambda: state.apply("pass", seat="S")) == "c'est à Est d'enchérir, pas à Sud"
    state.apply("bid 6")
    assert _refusal(lambda: state.apply("bid 5")).startswith(
        "`bid 5` n'est pas permis : une enchère doit dépasser `bid 6` ; permis : `pass`, `bid 7`"
    )
    maine = cl.HandState.new(cl.Rules.preset("maine"), dealer="N", seed=7)
    assert _refusal(lambda: maine.apply("bid 6")) == (
        "`bid 6` n'est pas permis : au Charlemagne du Maine, une enchère de 6 nomme aussi sa couleur d'atout : "
        "écrivez `bid 6S` (ou C, D, H)"
    )


def test_bid_problems_in_every_language() -> None:
    canadian = cl.Rules.preset("canadian")
    assert bid_trump_problem(canadian, cl.Action.parse("bid 6H"), lang="en") == (
        "in Canadian Charlemagne trump is named after the exchange, not with the bid: write 'bid 6'"
    )
    for variant in VARIANTS:
        rules = cl.Rules.preset(variant)
        for spec in rules.bids:
            bids = (cl.Action.bid_(spec.name), cl.Action.bid_(spec.name, "S"), cl.Action.bid_(spec.name, no_trump=True))
            for bid in bids:
                problem = bid_trump_problem(rules, bid, lang="fr")
                if problem:
                    _french_only(problem)
                    assert bid_trump_problem(rules, bid, lang="en")


# ---------------------------------------------------------------- games, records, actions, contracts
def _other_refusals() -> list[str]:
    canadian = cl.Rules.preset("canadian")
    game = cl.Game(canadian, seed=3)
    state = cl.HandState.new(canadian, seed=3)
    record = json.loads(state.to_json())
    bad_records = [
        42,
        "[" * 10_000,
        "{",
        json.dumps({"format": "other"}),
        json.dumps({**record, "actions": [1]}),
        json.dumps({k: v for k, v in record.items() if k != "dealer"}),
        json.dumps({**record, "dealer": "X"}),
        json.dumps({**record, "deal": 5}),
        json.dumps({**record, "actions": ["bid 6", "bid 5"]}),
    ]
    out = [_refusal(lambda: cl.HandState.from_json(r)) for r in bad_records]  # type: ignore[arg-type]
    out += [
        _refusal(lambda: game.undo()),
        _refusal(lambda: cl.Game(canadian, seed=-1)),
        _refusal(lambda: cl.Action("jump")),  # type: ignore[arg-type]
        _refusal(lambda: cl.Action("bid", bid="6", no_trump=1)),  # type: ignore[arg-type]
        _refusal(lambda: cl.Action("play")),
        _refusal(lambda: cl.Action("pass", card=cl.Card.parse("JH"))),
        _refusal(lambda: cl.Action("bid", bid=6)),  # type: ignore[arg-type]
        _refusal(lambda: cl.Action("bid", bid="6", suit=cl.Suit.H, no_trump=True)),
        _refusal(lambda: cl.Action("bid", bid=" ")),
        _refusal(lambda: cl.Action("choose", choice="both")),
        _refusal(lambda: cl.Action.bid_(None)),  # type: ignore[arg-type]
        _refusal(lambda: cl.Action.choose("both")),
        _refusal(lambda: cl.Action.parse(5)),  # type: ignore[arg-type]
        _refusal(lambda: cl.Action.parse("")),
        _refusal(lambda: cl.Action.parse("jump high")),
        _refusal(lambda: cl.Action.parse("play XX")),
        _refusal(lambda: cl.Contract(canadian, bid=None, bidder="N")),  # type: ignore[arg-type]
        _refusal(lambda: cl.Contract(canadian, bid="6", bidder="N", alone=1)),  # type: ignore[arg-type]
        _refusal(lambda: cl.Contract(canadian, bid="6", bidder="N")),
        _refusal(lambda: cl.Contract(canadian, bid="mulot", bidder="N", trump="H")),
        _refusal(lambda: cl.Contract(canadian, bid="mulot", bidder="N", alone=False)),
        _refusal(lambda: cl.Contract(canadian, bid="6", bidder="N", trump="H", alone=True)),
        _refusal(lambda: cl.Contract(canadian, bid="6", bidder="N", trump="H", lone_defender="E")),
        _refusal(lambda: cl.Contract("maine", bid="charlemagne", bidder="N", trump="H", alone=True, lone_defender="S")),
        _refusal(lambda: cl.explain_score("6 by North", 3)),  # type: ignore[arg-type]
        _refusal(lambda: cl.score_hand(cl.Contract(canadian, bid="6", bidder="N", trump="H"), 9)),
    ]
    over = cl.Game(cl.Rules.preset("maine"), seed=1)
    while not over.is_over:
        over.apply(over.legal_actions()[-1])
    out.append(_refusal(lambda: over.apply("pass")))
    return out


def _reader_refusals() -> list[str]:
    """Refusals of what a learner types or gives: cards, seats, deals, rules options, numbers, seeds."""
    canadian = cl.Rules.preset("canadian")
    deal = {"N": "7C 8C 9C 10C JC QC KC AC", "E": "7D 8D 9D 10D JD QD KD AD"}
    return [
        _refusal(lambda: cl.Suit.find("x")),
        _refusal(lambda: cl.Rank.find("x")),
        _refusal(lambda: cl.Seat.find("x")),
        _refusal(lambda: cl.Card.from_index(40)),
        _refusal(lambda: cl.Card.parse(5)),  # type: ignore[arg-type]
        _refusal(lambda: cl.Card.parse("ZZ")),
        _refusal(lambda: cl.parse_cards(5)),  # type: ignore[arg-type]
        _refusal(lambda: cl.parse_cards("JD JD", distinct="the hand")),
        _refusal(lambda: cl.HandState.new(canadian, hands={"N": "JD JD"})),
        _refusal(lambda: cl.HandState.new(canadian, hands=5)),  # type: ignore[arg-type]
        _refusal(lambda: cl.HandState.new(canadian, hands={"N": "JD", "north": "AD"})),
        _refusal(lambda: cl.HandState.new(canadian, hands={**deal, "S": "7C"})),
        _refusal(lambda: cl.HandState.new(canadian, hands={**deal, "S": "9H"})),
        _refusal(lambda: cl.HandState.new("bid_euchre", hands={"N": "7H"})),
        _refusal(lambda: cl.HandState.new(canadian, hands=cl.HandState.new(canadian, seed=1).hands, kitty="")),
        _refusal(lambda: cl.Rules.preset("canadian", high_joker="blue")),
        _refusal(lambda: cl.Rules.preset("canadian", target=0)),
        _refusal(lambda: cl.Rules.preset("canadian", bower_names=("a",))),
        _refusal(lambda: cl.Rules.preset("canadian", bids=[])),
        _refusal(lambda: cl.Rules.preset("maine", dealer_minimum=9)),
        _refusal(lambda: cl.Rules.preset("canadian", hand_size=9)),
        _refusal(lambda: cl.Rules.preset("klondike")),
        _refusal(lambda: cl.Rules.preset("canadian", colour="red")),
        _refusal(lambda: cl.Rules.find(5)),  # type: ignore[arg-type]
        _refusal(lambda: cl.Rules.from_record({})),
        _refusal(lambda: canadian.bid("99")),
        _refusal(lambda: cl.BidSpec(name="", label="5", tricks=5, made=5, failed=5, trump="after_bidding")),
        _refusal(lambda: cl.BidSpec(name="5", label="5", tricks=-5, made=5, failed=5, trump="after_bidding")),
        _refusal(lambda: cl.BidSpec(name="5", label="5", tricks=5, made=5, failed=5, trump="later")),  # type: ignore[arg-type]
        _refusal(lambda: cl.BidSpec(name="5", label="5", tricks=5, made=5, failed=5, trump="none", aliases=["x"])),  # type: ignore[arg-type]
        _refusal(lambda: whole_number("samples", 2.5, 1)),
        _refusal(lambda: whole_number("samples", 0, 1, 10, advice=" ; essayez 20")),
        _refusal(lambda: flag("coach", 1)),
        _refusal(lambda: cl.HandState.new(canadian, seed=2**64)),
    ]


def test_reader_refusals_are_french_in_a_french_course(french_course: None) -> None:
    texts = _reader_refusals()
    for text in texts:
        _french_only(text)
    assert "le valet de carreau est deux fois dans la main ; chaque carte du jeu n'existe qu'une fois" in texts


def test_reader_refusals_are_unchanged_in_english() -> None:
    texts = _reader_refusals()
    assert "J♦ is in the hand twice; each card of the deck exists once" in texts
    assert "'x' is not a seat; use N, E, S or W (north, east, south, west)" in texts
    assert "samples=2.5 is not allowed; use a whole number >= 1" in texts
    assert "samples=0 is not allowed; use a whole number from 1 to 10 ; essayez 20" in texts
    assert "high_joker='blue' is not allowed; use 'red' or 'black'" in texts
    assert (
        "Canadian Charlemagne has no bid '99'; its bids are 5, 6, 7, 8, Mulot, Charlemagne (Charles, Petit Charles), "
        "Gros Mulot (Mulot+), Gros Charlemagne (Charles+)"
    ) in texts


def test_bad_house_rules_in_a_french_folder_are_refused_without_looping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "course.json").write_text(json.dumps({"lang": "fr", "house_rules": {"high_joker": "blue"}}))
    monkeypatch.delenv("CHARLEMAGNE_COURSE", raising=False)
    monkeypatch.chdir(tmp_path)
    try:
        with pytest.raises(cl.CourseSettingsError, match="high_joker='blue'"):
            cl.set_course()
    finally:
        (tmp_path / "course.json").unlink()
        cl.set_course()


def test_other_refusals_are_french_in_a_french_course(french_course: None) -> None:
    for text in _other_refusals():
        _french_only(text)


def test_other_refusals_are_unchanged_in_english() -> None:
    texts = _other_refusals()
    assert "nothing to undo: no action has been taken in this game" in texts
    assert "seed=-1 is not allowed; a seed is a whole number from 0 to 2**64 - 1" in texts
    assert "a 6 contract needs a trump suit; give trump='C', 'D', 'H' or 'S'" in texts
    assert any(t.startswith("the game is over: ") and t.endswith(" won; start a new Game to play on") for t in texts)
    assert (
        "'jump high' is not an action: write actions like 'pass', 'bid 6', 'bid 5S', 'bid 4 NT', 'bid mulot', "
        "'trump H', 'discard 7C', 'give AS', 'play JH' or 'choose kitty'"
    ) in texts


def test_contracts_are_said_in_each_language() -> None:
    maine, euchre = cl.Rules.preset("maine"), cl.Rules.preset("bid_euchre")
    k = cl.Contract(maine, bid="charlemagne", bidder="N", trump="S", alone=True, lone_defender="E")
    assert str(k) == "Charlemagne ♠ by North (alone), East defending alone" == k.text("en")
    assert k.text("fr") == "Charlemagne ♠ par Nord (seul), Est défend seul"
    nt = cl.Contract(euchre, bid="4", bidder="W", trump=None)
    assert (str(nt), nt.text("fr")) == ("4 no-trump by West", "4 sans atout par Ouest")
    assert nt.trump_text == "no trump" and nt.trump_words("fr") == "sans atout"
    assert cl.Contract("canadian", bid="6", bidder="N", trump="D").trump_words("fr") == "carreau"


def test_contracts_follow_the_course_s_language(french_course: None) -> None:
    k = cl.Contract("canadian", bid="6", bidder="N", trump="H")
    assert k.text() == "6 ♥ par Nord" and str(k) == "6 ♥ by North"


# ---------------------------------------------------------------- the course's language from a folder
def test_a_french_folder_gets_french_refusals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "course.json").write_text(json.dumps({"lang": "fr"}))
    monkeypatch.delenv("CHARLEMAGNE_COURSE", raising=False)
    monkeypatch.chdir(tmp_path)
    cl.set_course()
    state = cl.HandState.new("canadian", seed=7)
    assert _refusal(lambda: state.apply("choose kitty")).startswith("`choose kitty` n'est pas permis maintenant")
    k = cl.Contract("canadian", bid="6", bidder="N", trump="H")
    assert cl.explain_score(k, 6).reason.startswith("Nord–Sud ont demandé 6 et fait 6 levées : le contrat est réussi")
    assert cl.explain_score(k, 6, lang="en").reason.startswith("North–South bid 6 and took 6 tricks")


def test_tricks_choices_and_bid_names_are_said_in_french() -> None:
    state = play_hand(cl.Rules.preset("canadian"), [cl.RandomBot(1)] * 4, seed=1)
    for trick in state.tricks:
        english, french = str(trick), trick.text("fr")
        assert english == trick.text("en") and english.endswith(f": {trick.winner.word} wins")
        _french_only(french)
    for choice in cl.engine.actions.CHOICES:
        assert cl.engine.actions.choice_meaning(choice, "en") == cl.engine.actions.CHOICES[choice]
        _french_only(cl.engine.actions.choice_meaning(choice, "fr"))
    for variant in VARIANTS:
        rules = cl.Rules.preset(variant)
        for spec in rules.bids:
            assert spec.text("en") == spec.label
            _french_only(bid_meaning(rules, spec, "fr")["bid"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_bid_is_called_by_its_name_in_french(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    for spec in rules.bids:
        action = cl.Action("bid", bid=spec.name)
        said = _french_only(action.text("fr"))
        assert "_" not in said and cl.term(spec.label, "fr") in said, said
        assert action.text("en") == f"bid {spec.label}"  # a learner reads the bid's name,
        assert str(action) == f"bid {spec.name}" and cl.Action.parse(action.text("en")) == action  # records its id
