"""The names players use (issue 47, item 8).

The online rooms call Charlemagne, Gros Mulot and Gros Charlemagne "Charles", "Mulot+" and "Charles+": the engine
reads them wherever a bid is read from text, lists them when it refuses a bid, and says them where a bid is
explained. The American table's rules are also the game of the Bas-Saint-Laurent and the Madawaska, as Jean Pichette
writes it down: the course names it so, and Rules.preset takes the names a Québec learner would type. Lesson 14 tells
the customs of those tables: the 2s to 6s kept to count the points, the first spade choosing the first dealer.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.hints import hint
from charlemagne_learn.engine.bid_meaning import bid_meaning
from charlemagne_learn.engine.errors import ContractError, IllegalActionError
from charlemagne_learn.engine.rules import ALIASES, VARIANTS
from charlemagne_learn.teach.cheatsheet import cheatsheet_html
from charlemagne_learn.teach.glossary import GLOSSARY
from charlemagne_learn.widgets import BidBox

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

#: The online rooms' names, each with the Canadian bid it is (the rooms list them in ladder order: Mulot, Charles,
#: Mulot+, Charles+), in the spellings a learner types.
ROOM_NAMES = {
    "Charles": "charlemagne",
    "charles": "charlemagne",
    "Mulot+": "gros_mulot",
    "mulot +": "gros_mulot",
    "MULOT PLUS": "gros_mulot",
    "Charles+": "gros_charlemagne",
    "Charles +": "gros_charlemagne",
    "charles-plus": "gros_charlemagne",
}


def test_the_online_rooms_names_are_the_canadian_bids_in_any_spelling() -> None:
    canadian = cl.Rules.preset("canadian")
    for said, bid in ROOM_NAMES.items():
        assert canadian.bid(said).name == bid, said
        # as a hand reads it: the bid recorded by its name, whichever name was typed
        state = cl.HandState.new(canadian, dealer="W", seed=1)
        state.apply(f"bid {said}")
        assert state.history[-1][1] == cl.Action.parse(f"bid {bid}"), said
    # each table's own bid where it has one: American Charles (with the partner), Maine's Charlemagne
    assert cl.Rules.preset("american").bid("Charles").name == "charles"
    assert cl.Rules.preset("maine").bid("charles").name == "charlemagne"


@pytest.mark.parametrize("variant", ["american", "maine", "bid_euchre"])
@pytest.mark.parametrize(("said", "bid"), [("Mulot+", "Gros Mulot"), ("Charles +", "Gros Charlemagne")])
def test_a_room_name_of_a_bid_a_table_lacks_is_refused_saying_what_it_is(variant: str, said: str, bid: str) -> None:
    rules = cl.Rules.preset(variant)
    with pytest.raises(ContractError, match="has no bid") as info:
        rules.bid(said)
    assert f"that is {bid} in Canadian Charlemagne" in str(info.value)
    assert all(spec.label in str(info.value) for spec in rules.bids)
    state = cl.HandState.new(rules, dealer="W", seed=1)
    with pytest.raises(IllegalActionError, match=f"that is {bid}"):
        state.apply(f"bid {said}")
    assert state.history == []


def test_a_refusal_lists_the_names_players_use() -> None:
    with pytest.raises(ContractError) as info:
        cl.Rules.preset("canadian").bid("Gros Charles")
    said = str(info.value)
    for name in ("Charlemagne (Charles, Petit Charles)", "Gros Mulot (Mulot+)", "Gros Charlemagne (Charles+)"):
        assert name in said
    with pytest.raises(ContractError, match=re.escape("Le Petit (Mulot)")):
        cl.Rules.preset("american").bid("Mulot+")


def test_the_bid_box_takes_the_room_names_and_records_the_bid_by_its_name() -> None:
    chosen: list[cl.Action] = []
    box = BidBox("canadian")  # a reference card
    box.on_bid(chosen.append)
    assert box.bid("bid Charles+")
    assert box.chosen == "bid gros_charlemagne" and chosen == [cl.Action.parse("bid gros_charlemagne")]
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=1)
    live = BidBox(state=state, seat="N")
    assert live.bid("bid Mulot +") and live.chosen == "bid gros_mulot"
    with pytest.raises(ContractError, match=re.escape("Le Petit (Mulot), No Trump")):
        BidBox("american").bid("bid Mulot+")


def test_a_hint_finds_a_bid_by_its_room_name() -> None:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
    h = hint(state.view("N"), samples=8, workers=1)
    assert h.choice("bid Charles+") == h.choice("bid gros_charlemagne")
    assert h.choice("bid charles") == h.choice("bid charlemagne")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_explaining_a_bid_says_the_names_players_use(lang: str) -> None:
    canadian = cl.Rules.preset("canadian")
    for bid, names in (("charlemagne", "Charles"), ("gros_mulot", "Mulot+"), ("gros_charlemagne", "Charles+")):
        assert names in bid_meaning(canadian, canadian.bid(bid), lang)["also called"]
        term = GLOSSARY[canadian.bid(bid).label]
        assert names in (term.meaning if lang == "en" else term.sens)
    assert bid_meaning(canadian, canadian.bid("mulot"), lang)["also called"] == ""


# ------------------------------------------------------------------ the Bas-Saint-Laurent / Madawaska game
@pytest.mark.parametrize("name", ["bas_saint_laurent", "Bas-Saint-Laurent", "bas st laurent", "Madawaska", "pichette"])
def test_the_quebec_names_of_the_american_table(name: str) -> None:
    assert cl.Rules.preset(name) is cl.Rules.preset("american")
    assert cl.Rules.find(name).name == "american"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_course_names_the_american_table_as_the_quebec_game(lang: str) -> None:
    american = cl.Rules.preset("american")
    for said in (american.known_as(lang), cheatsheet_html("american", lang=lang)):
        assert "Bas-Saint-Laurent" in said and "Madawaska" in said and "Jean Pichette" in said
    assert cl.Rules.preset("canadian").known_as(lang) == ""
    assert "Bas-Saint-Laurent" not in cheatsheet_html("canadian", lang=lang)
    charles = GLOSSARY["Charles"]
    assert "Bas-Saint-Laurent" in (charles.meaning if lang == "en" else charles.sens)


def _markdown(path: Path) -> str:
    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")


@pytest.mark.parametrize("folder", ["", "fr"])
def test_lesson_13_names_the_american_table_as_the_quebec_game(folder: str) -> None:
    (path,) = (NOTEBOOKS / folder).glob("13_*.ipynb")
    text = _markdown(path)
    assert "Bas-Saint-Laurent" in text and "Madawaska" in text and "Pichette" in text
    assert "Mulot+" in text and "Charles+" in text


@pytest.mark.parametrize(
    ("folder", "spade", "counters"),
    [("", r"first spade", r"2s? to (?:the )?6s?"), ("fr", r"premier pique", r"2 au 6|2 à 6")],
)
def test_lesson_14_tells_the_customs_of_a_real_table(folder: str, spade: str, counters: str) -> None:
    (path,) = (NOTEBOOKS / folder).glob("14_*.ipynb")
    text = _markdown(path)
    assert re.search(spade, text, re.IGNORECASE), "the first spade dealt chooses the first dealer"
    assert re.search(counters, text, re.IGNORECASE), "the 2s to 6s taken out count the points"


def test_the_rulebook_lists_the_names_the_engine_reads() -> None:
    rulebook = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for rules in VARIANTS.values():
        for spec in rules.bids:
            if spec.also_called:
                assert f"| {spec.label} ({', '.join(spec.also_called)}" in rulebook, (rules.name, spec.name)
    for alias in ("bas_saint_laurent", "madawaska", "pichette"):
        assert ALIASES[alias] == "american" and f'"{alias}"' in rulebook, alias
