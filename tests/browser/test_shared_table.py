"""A class at one shared table on its own JupyterLab server: four people, each in a browser of their own (their own
cookies, so their own login identity), and the teacher watching from the lobby. Each page draws the play table's own
picture: its seat's hand at the bottom, the three others round the felt, the trick in the middle. They play a whole
hand by clicks on its cards and buttons, ask for their reviews, deal the next hand; one of them reloads mid-hand, gets
the seat back, and play goes on.

Every websocket frame each page receives, and every trait each seat's widget holds in its kernel, is read: no seat
is ever sent a card it may not see by then (the referee tests' own rule, worked out from the whole hand as the
referee keeps it on disk), and the kernels hold no card at all."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _jupyter import ARTIFACTS, CHROMIUM_ARGS, Lab, Notebook, chromium, running_lab, use_theme, write_notebook
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_referee import _cards_in, _deck, _legitimate
from test_theme_accessibility import _AXE_RUN, AXE, _findings

from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.referee.tables import Referee

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ROOM = "class-3"
SEATS = ("N", "E", "S", "W")
#: A bound on the clicks of one hand (bidding, the exchange, every card): a table stuck on a click fails, not hangs.
CLICKS = 120


@pytest.fixture(scope="module")
def class_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab with the referee enabled as the lessons' server settings enable it, and quick grades and hints."""
    if chromium() is None:
        pytest.skip("Chromium is not available on this machine")
    home = tmp_path_factory.mktemp("class")
    (home / "config").mkdir()
    settings = json.loads((REPO / "lab-settings" / "jupyter_server_config.json").read_text(encoding="utf-8"))
    settings["RefereeApp"] = {"grade_samples": 4, "hint_samples": 4, "folder": str(home / "tables")}
    (home / "config" / "jupyter_server_config.json").write_text(json.dumps(settings))
    with running_lab(home) as lab:
        lab.tables = home / "tables"  # type: ignore[attr-defined]
        yield lab


class Person:
    """One person's browser (a context of its own: its own cookies), their notebook open, every frame the referee's
    socket brought to the page recorded."""

    def __init__(self, browser: Any, lab: Lab, name: str, cells: list[str]) -> None:
        self.context = browser.new_context(viewport={"width": 900, "height": 1000})
        self.page = self.context.new_page()
        self.frames: list[dict[str, Any]] = []
        self.page.on("websocket", self._socket)
        write_notebook(lab.root, name, cells)
        self.book = Notebook(self.page, lab, f"{name}.ipynb")
        self.open()

    def _socket(self, socket: Any) -> None:
        if "/charlemagne/tables/" in socket.url:
            socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    def open(self) -> None:
        self.book.open()
        self.book.run_all()

    @property
    def table(self) -> Any:
        return self.page.locator(f".cl-shared-table[data-room='{ROOM}']")

    def state(self) -> dict[str, str]:
        return dict(self.table.evaluate("(node) => ({ ...node.dataset })"))


def _referee(lab: Lab) -> Referee:
    """The table as the referee keeps it on disk, replayed (the same seed deals the same hands)."""
    return Referee(lab.tables)  # type: ignore[attr-defined]


def _click_one(people: dict[str, Person], lab: Lab) -> bool:
    """The person to move makes one decision by a click: the lowest bid when nobody has bid yet, then passes; the
    first card or action they may choose otherwise. False when nobody is to move (the hand is over)."""
    table = _referee(lab).tables[ROOM]
    session = table.session
    assert session is not None
    if session.done is not None:
        return False
    seat = session.game.hand.to_move
    person = people[seat.name]
    move = str(table.moves)
    expect(person.table).to_have_attribute("data-move", move, timeout=30_000)
    expect(person.table).to_have_attribute("data-to-act", "yes", timeout=30_000)
    bid_yet = any(action.kind == "bid" for _, action in session.game.hand.history)
    root = person.table
    bids = root.locator(".cl-actions button[data-action^='bid']")
    if not bid_yet and bids.count():
        target = bids.first
    elif root.locator(".cl-actions button[data-action='pass']").count():
        target = root.locator(".cl-actions button[data-action='pass']")
    elif root.locator(f".cl-seat-bottom[data-seat='{seat.name}'] .cl-card:not(:disabled)").count():
        target = root.locator(f".cl-seat-bottom[data-seat='{seat.name}'] .cl-card:not(:disabled)").first
    else:
        target = root.locator(".cl-actions button").first
    target.click()
    expect(person.table).not_to_have_attribute("data-move", move, timeout=30_000)
    return True


def _check_frames(people: dict[str, Person], lab: Lab, seen_at: dict[str, int], hand_of: dict[str, int]) -> int:
    """Every frame a seat's page received since the last look names no card that seat may not have seen by now (a
    grade or a review, which may arrive once the next hand is dealt, against the hand it is about too)."""
    session = _referee(lab).tables[ROOM].session
    assert session is not None
    game = session.game
    hands = [*game.finished, *([game.hand] if session.done is None else [])]  # under review: the next is not dealt
    checked = 0
    for name, person in people.items():
        seat = Seat.find(name)
        for frame in person.frames[seen_at[name] :]:
            if frame["type"] == "view":
                hand_of[name] = frame["number"]
            number = hand_of.get(name, 1)
            about = [number] if frame["type"] not in ("grade", "review") else [number, number - 1]
            allowed: set[str] = set()
            deck: set[str] = set()
            for n in about:
                if 1 <= n <= len(hands):
                    allowed |= _legitimate(hands[n - 1], seat)
                    deck |= _deck(hands[n - 1])
            leaked = _cards_in(frame, deck) - allowed
            assert not leaked, f"{name} was sent {leaked} in {frame}"
            checked += 1
        seen_at[name] = len(person.frames)
    return checked


def _no_card_in_the_kernel(person: Person, deck: set[str]) -> None:
    state = person.book.value("{k: v for k, v in table.get_state().items() if not k.startswith('_')}")
    assert state["room"] == ROOM
    assert _cards_in(state, deck) == set(), state


@pytest.mark.timeout(600)
def test_four_people_play_a_hand_and_one_comes_back_after_a_reload(class_lab: Lab, playwright_session: Any) -> None:
    lab = class_lab
    browser = playwright_session.chromium.launch(executable_path=chromium(), headless=True, args=CHROMIUM_ARGS)
    try:
        host = Person(browser, lab, "lobby", ["from charlemagne_learn.widgets import Lobby\nLobby(lang='en')"])
        host.page.locator(".cl-shared-name").fill(ROOM)
        host.page.locator(".cl-shared-open").click()
        expect(host.table).to_have_attribute("data-kind", "table", timeout=30_000)
        people = {
            seat: Person(
                browser,
                lab,
                f"seat_{seat}",
                [
                    f"from charlemagne_learn.widgets import SharedTable\ntable = SharedTable({ROOM!r}, seat={seat!r}, lang='en')\ntable"
                ],
            )
            for seat in SEATS
        }
        for person in people.values():
            expect(person.table.locator(".cl-shared-player")).to_have_count(4, timeout=30_000)
        # each seat is its person's: four identities, none the host's
        seated = _referee(lab).tables[ROOM].seats
        assert sorted(s.name for s in seated) == sorted(SEATS)
        assert len({sitter.who for sitter in seated.values()} | {_referee(lab).tables[ROOM].host}) == 5
        host.table.locator(".cl-shared-start").click()
        for seat, person in people.items():
            expect(person.table).to_have_attribute("data-seat", seat, timeout=30_000)
            # the play table's picture: this seat's hand face up at the bottom, the three others round it face down
            expect(person.table.locator(f".cl-seat-bottom[data-seat='{seat}'] .cl-card")).to_have_count(8)
            expect(person.table.locator(".cl-seat .cl-backs")).to_have_count(3)
            expect(person.table.locator(".cl-shared-players")).to_be_hidden()
        host.table.locator(".cl-shared-watch").click()
        expect(host.table).to_have_attribute("data-kind", "watch", timeout=30_000)
        expect(host.table.locator(".cl-seat .cl-card")).to_have_count(32)  # the watch: every hand face up

        seen_at = dict.fromkeys(people, 0)
        hand_of: dict[str, int] = {}
        checked = _check_frames(people, lab, seen_at, hand_of)
        # the first hand, to its end, by clicks
        shot: list[bytes] = []
        for _ in range(CLICKS):
            if not _click_one(people, lab):
                break
            checked += _check_frames(people, lab, seen_at, hand_of)
            if not shot and len(_referee(lab).tables[ROOM].session.game.hand.trick) == 2:  # type: ignore[union-attr]
                shot = _pictures(people, lab)  # mid-trick: each seat its own hand, the same two cards on the table
        session = _referee(lab).tables[ROOM].session
        assert session is not None and session.done is not None, "the first hand was played to its end"
        first = session.done
        for person in people.values():
            person.table.locator(".cl-shared-review").click()
            expect(person.table.locator(".cl-review-list")).to_be_visible(timeout=60_000)
        deck = _deck(first)
        people["N"].table.locator(".cl-next-hand").click()
        for person in people.values():
            expect(person.table).to_have_attribute("data-number", "2", timeout=30_000)
        # the second hand: a few decisions, then East reloads their page
        for _ in range(3):
            _click_one(people, lab)
            checked += _check_frames(people, lab, seen_at, hand_of)
        east = people["E"]
        east.open()  # the page loaded again, the notebook run again: the same person (the same cookie)
        expect(east.table).to_have_attribute("data-seat", "E", timeout=30_000)
        for person in people.values():
            expect(person.table.locator(".cl-seat[data-seat='E'] .cl-seat-player")).not_to_contain_text("away")
        assert _referee(lab).tables[ROOM].seats[Seat.E].who == seated[Seat.E].who
        for _ in range(CLICKS):
            if not _click_one(people, lab):
                break
            checked += _check_frames(people, lab, seen_at, hand_of)
        session = _referee(lab).tables[ROOM].session
        assert session is not None and session.done is not None and session.number == 2, "the second hand ended"
        assert set(session.people) == set(Seat), "nobody was replaced by a bot"
        checked += _check_frames(people, lab, seen_at, hand_of)
        assert checked > 4 * (len(first.history) + len(session.done.history))
        # the host watched every hand face up; the kernels hold no card, only the room, the seat and words
        assert any(frame["type"] == "watch" for frame in host.frames)
        for person in people.values():
            _no_card_in_the_kernel(person, deck | _deck(session.done))
            assert person.book.real_errors() == []
        _four_seats(shot)
        host.table.screenshot(path=ARTIFACTS / "shared_watch.png")  # the host's picture: every hand face up
        _reads_well(people["S"])
    finally:
        browser.close()


def _pictures(people: dict[str, Person], lab: Lab) -> list[bytes]:
    """Each seat's table as its person sees it, once every page shows the table's move."""
    move = str(_referee(lab).tables[ROOM].moves)
    for person in people.values():
        expect(person.table).to_have_attribute("data-move", move, timeout=30_000)
        person.table.scroll_into_view_if_needed()
    return [person.table.screenshot() for person in people.values()]


def _four_seats(shots: list[bytes]) -> None:
    """The four pages side by side (each seat its own hand, the same trick), kept with the test's artifacts:
    docs/four_seats.png is this picture, copied by hand when the page's look changes (a test leaves the docs alone)."""
    from io import BytesIO

    from PIL import Image

    pictures = [Image.open(BytesIO(shot)) for shot in shots]
    width = sum(p.width for p in pictures) + 10 * (len(pictures) - 1)
    sheet = Image.new("RGB", (width, max(p.height for p in pictures)), "white")
    x = 0
    for picture in pictures:
        sheet.paste(picture, (x, 0))
        x += picture.width + 10
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    sheet.save(ARTIFACTS / "four_seats.png", optimize=True)


def _reads_well(person: Person) -> None:
    """A seat's page passes axe-core in JupyterLab Light and Dark; its table in each theme is kept with the test's
    artifacts, to be looked at."""
    page = person.page
    if AXE.is_file():
        page.add_script_tag(path=str(AXE))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        use_theme(page, theme)
        page.wait_for_selector("#jupyterlab-splash", state="detached")  # the theme's splash gone from over the page
        person.table.screenshot(path=ARTIFACTS / f"shared_seat_{theme.split()[-1].lower()}.png")
        if AXE.is_file():
            assert _findings(page.evaluate(_AXE_RUN)) == [], theme
