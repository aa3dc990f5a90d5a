"""Static HTML of engine objects: what a notebook shows on GitHub and nbviewer, where no widget runs."""

from __future__ import annotations

import re

import charlemagne_learn as cl

CANADIAN = cl.Rules.preset("canadian")


def played_hand(seed: int = 11) -> cl.HandState:
    state = cl.HandState.new(CANADIAN, dealer="N", seed=seed)
    state.apply("bid 5")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return state


def test_card_html_has_symbol_and_spoken_name() -> None:
    html = cl.Card.parse("JD")._repr_html_()
    assert "J♦" in html
    assert 'aria-label="jack of diamonds"' in html


def test_card_list_names_each_card_with_its_role_under_a_contract() -> None:
    from charlemagne_learn.engine.display import cards_html

    k = cl.Contract(CANADIAN, "6", "N", "H")
    html = cards_html(cl.trump_order(CANADIAN, "H"), k)
    assert html.count('role="img"') == 11
    assert 'aria-label="jack of diamonds, little jack"' in html
    assert 'aria-label="red joker, high joker"' in html


def test_suits_differ_by_symbol_not_only_colour() -> None:
    html = cl.parse_cards("7C 7D 7H 7S")._repr_html_()
    assert [s for s in "♣♦♥♠" if s in html] == list("♣♦♥♠")


def test_parse_cards_and_trump_order_show_as_cards() -> None:
    assert "A♠" in cl.parse_cards("AS")._repr_html_()
    assert "J♥" in cl.trump_order(CANADIAN, "H")._repr_html_()
    assert "no cards" in cl.parse_cards("")._repr_html_()


def test_trick_html_shows_every_seat_and_the_winner() -> None:
    state = played_hand()
    trick = state.tricks[0]
    html = trick._repr_html_()
    for seat, card in zip(trick.seats, trick.cards, strict=True):
        assert seat.word in html and str(card) in html
    assert f"{trick.winner.word} wins the trick" in html


def test_contract_html_says_trump_and_who_sits_out() -> None:
    html = cl.Contract(CANADIAN, "mulot", "E")._repr_html_()
    assert "Mulot" in html and "East" in html
    assert "jokers only" in html
    assert "West sits out" in html


def test_ruling_html_is_the_reason() -> None:
    k = cl.Contract(CANADIAN, "6", "N", "H")
    ruling = cl.explain_trick_winner(k, "E", cl.parse_cards("AS JD 7S KS"))
    assert ruling.reason in ruling._repr_html_()


def test_hand_html_is_deterministic_and_shows_the_result() -> None:
    a, b = played_hand(), played_hand()
    assert a._repr_html_() == b._repr_html_()
    assert a.result is not None
    assert a.result.reason.split(":")[0] in a._repr_html_()
    assert not re.search(r"0x[0-9a-f]{6,}", a._repr_html_() + repr(a))  # no memory addresses


def test_rules_html_lists_the_ladder_with_its_points() -> None:
    html = CANADIAN._repr_html_()
    assert "Canadian Charlemagne" in html and "34 cards" in html and "kitty of 2" in html
    rows = re.findall(r"<tr>(.*?)</tr>", html)[1:]
    assert [re.sub("<[^>]+>", "|", r).split("|")[1] for r in rows] == [b.label for b in CANADIAN.bids]
    mulot = next(r for r in rows if ">Mulot<" in r)
    assert "+15" in mulot and "opponents +7" in mulot and "bidder takes no trick" in mulot
    maine = cl.Rules.preset("maine")._repr_html_()
    assert "wins the game" in maine and "loses the game" in maine


def test_a_seat_view_shows_only_that_seats_cards() -> None:
    state = cl.HandState.new(CANADIAN, dealer="N", seed=4)
    html = state.view("E")._repr_html_()
    assert "What East sees" in html
    for card in state.hand("E"):
        assert f'aria-label="{card.name}' in html
    for seat in "NSW":
        for card in state.hand(seat):
            assert f'aria-label="{card.name}' not in html
    assert html.count("8 cards face down") == 3


def test_gros_mulot_bidder_hand_shows_in_other_views_after_trick_one() -> None:
    state = cl.HandState.new(CANADIAN, dealer="W", seed=8)
    state.apply("bid gros mulot")
    for _ in range(3):
        state.apply("pass")
    while len(state.tricks) < 1:
        state.apply(state.legal_actions()[0])
    html = state.view("E")._repr_html_()
    for card in state.hand("N"):
        assert f'aria-label="{card.name}' in html


def test_a_legal_plays_ruling_shows_the_cards_before_the_reason() -> None:
    k = cl.Contract(CANADIAN, "6", "N", "H")
    html = cl.explain_legal_plays(k, "JD AD 7S", "9H")._repr_html_()
    assert html.index('aria-label="jack of diamonds"') < html.index("A heart was led")
    assert 'aria-label="ace of diamonds"' not in html  # only the cards that may be played


def test_a_seat_view_reads_as_text_and_shows_only_that_seat() -> None:
    state = cl.HandState.new(CANADIAN, dealer="W", seed=7)
    text = repr(state.view("N"))
    assert text == "<SeatView North, bidding, North to move: hand K♣ 8♦ Q♦ K♦ 7♥ A♥ 8♠ 9♠>"
    assert all(str(c) not in text for c in state.hand("E"))


def test_static_html_takes_every_colour_from_the_widgets_palette() -> None:
    # Issue 11: one palette for widgets and static HTML, so both read in JupyterLab Light and Dark.
    import re

    from charlemagne_learn.analysis import hint, review
    from charlemagne_learn.engine.palette import PALETTE, colour

    rules = cl.Rules.preset("canadian")
    state = cl.play_hand(rules, [cl.RandomBot(s) for s in range(4)], seed=2)
    pages = [
        cl.parse_cards("JH 10D RJ")._repr_html_(),
        rules._repr_html_(),
        state._repr_html_(),
        cl.bid_odds(rules, "RJ BJ JH JD AH KH AS AC", samples=4, workers=1)._repr_html_(),
        hint(cl.HandState.new(rules, "W", 4).view("N"), samples=2, workers=1)._repr_html_(),
        review(state, state.bidder or "N", samples=2, workers=1)._repr_html_(),
    ]
    allowed = {colour(name) for name in PALETTE}
    declarations = re.compile(r"(?<![-\w])(background|color|border(?:-color)?)\s*:\s*([^;'\"]+)")
    found = [value for page in pages for _, value in declarations.findall(page)]
    assert len(found) > 20
    for value in found:
        assert any(a in value for a in allowed), f"{value!r} is not a palette colour"


def test_every_engine_object_is_drawn_through_one_seam() -> None:
    """Each engine class's ``_repr_html_`` hands itself to ``display.show`` and does nothing else, and ``show``
    draws every one of them: one place to change how the engine looks in a notebook."""
    import ast
    from pathlib import Path

    import charlemagne_learn.engine as engine
    from charlemagne_learn.engine.display import _PICTURES

    drawn = set()
    for path in Path(engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "_repr_html_":
                        body = [ast.unparse(s) for s in item.body]
                        assert body == ["from .display import show", "return show(self)"], (path.name, node.name)
                        drawn.add(node.name)
    assert drawn == set(_PICTURES)
    state = cl.HandState.new(seed=3)
    things = [
        cl.Card.parse("JD"),
        state.hand("N"),
        state,
        state.view("N"),
        cl.Rules.preset("canadian"),
        cl.Game(seed=1),
    ]
    things.append(cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H"))
    for thing in things:
        assert thing._repr_html_().startswith("<"), type(thing).__name__
