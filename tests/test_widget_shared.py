"""SharedTable and Lobby on the kernel's side: they hold the room, the seat asked for, the language and the page's
words, never a card; a bad room or seat is refused saying what is allowed; each has a plain repr and a static
picture, in both languages."""

from __future__ import annotations

import pytest

from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.errors import CharlemagneError, RulesOptionError
from charlemagne_learn.engine.i18n import LANGS, templates
from charlemagne_learn.widgets import Lobby, PlayTable, SharedTable
from charlemagne_learn.widgets.shared import _LOBBY_WORDS, _TABLE_WORDS


def _synced(widget: SharedTable | Lobby) -> dict[str, object]:
    """What the widget sends its page (its built front end aside)."""
    return {k: v for k, v in widget.get_state().items() if not k.startswith("_")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_kernel_sends_a_shared_table_no_game_only_its_room_seat_and_words(lang: str) -> None:
    table = SharedTable("class-3", seat=Seat.W, lang=lang)
    state = _synced(table)
    assert (state["room"], state["seat"], state["lang"]) == ("class-3", "W", lang)
    # nothing of the game: the page is the referee's client (the widget's own traits and its base class's only)
    assert set(state) - {"layout", "tabbable", "tooltip", "four_colour", "message", "thinking"} == {
        "room",
        "seat",
        "lang",
        "words",
    }
    words = table.words
    assert set(_TABLE_WORDS) <= set(words) and all(words.values())
    assert SharedTable("class-3", lang=lang).seat == ""


def test_the_words_are_each_language_s_own() -> None:
    english, french = SharedTable("t", lang="en").words, SharedTable("t", lang="fr").words
    assert english["start"] == "Start the game" and french["start"] == "Commencer la partie"
    assert (english["N"], french["W"], french["you"]) == ("North", "Ouest", "vous")
    lobby = Lobby(lang="en").words
    assert {f"lobby_{key}" for key in _LOBBY_WORDS} <= set(lobby)


def test_the_lobby_s_title_and_free_seats_are_its_own_not_a_table_s() -> None:
    lobby = Lobby(lang="en").words
    assert lobby["lobby_title"] == templates("shared.lobby.title")["en"] != lobby["title"]
    assert lobby["lobby_free"] == templates("shared.lobby.free")["en"] != lobby["free"]


@pytest.mark.parametrize(
    ("room", "seat"), [("class 3", "N"), ("", None), ("x" * 41, None), ("-room", None), (7, None), ("ok", "X")]
)
def test_a_bad_room_or_seat_is_refused_saying_what_is_allowed(room: object, seat: str | None) -> None:
    with pytest.raises(CharlemagneError) as caught:
        SharedTable(room, seat=seat, lang="en")  # type: ignore[arg-type]
    assert ("letters, digits" in str(caught.value)) or ("N, E, S or W" in str(caught.value))


def test_a_repr_and_a_static_picture_where_no_widget_runs() -> None:
    table = SharedTable("class-3", seat="s", lang="fr")
    assert repr(table) == "SharedTable(class-3, seat S)"
    assert repr(Lobby()) == "Lobby()"
    assert "class-3" in table._static_html() and "JupyterLab" in table._static_html()
    assert "ouvrez ce notebook" in table._static_html()
    assert '<p class="cl-shared">' in Lobby(lang="en")._static_html()


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_table_s_constructor_with_a_room_gives_that_shared_table(lang: str) -> None:
    table = PlayTable(room="class-3", seat="e", lang=lang)
    assert isinstance(table, SharedTable) and not isinstance(table, PlayTable)
    assert (table.room, table.seat, table.lang) == ("class-3", "E", lang)
    assert table.words == SharedTable("class-3", lang=lang).words
    assert PlayTable(None, "W", room="class-3").seat == "W" and PlayTable(room="class-3").seat == ""
    # no room: the play table, as it always was
    assert isinstance(PlayTable("canadian", "S", seed=1, grade_moves=False, room=None), PlayTable)


@pytest.mark.parametrize(
    ("args", "options", "named"),
    [
        (("canadian",), {}, "variant"),
        ((), {"seed": 4}, "seed"),
        ((), {"bots": "pimc", "target": 32}, "bots, target"),
        ((), {"boards": "TG60-00E4", "hints": False}, "boards, hints"),
        ((None, "N", "extra"), {}, "'extra'"),
    ],
)
def test_a_room_refuses_any_other_game_option_naming_it(
    args: tuple[object, ...], options: dict[str, object], named: str
) -> None:
    with pytest.raises(RulesOptionError) as caught:
        PlayTable(*args, room="class-3", **options)
    assert str(caught.value).endswith(f"give room= with seat= and lang= only, without {named}")
    with pytest.raises(CharlemagneError, match="letters, digits"):
        PlayTable(room="class 3", seat="N")
