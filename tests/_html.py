"""Reading a static page as a learner without a kernel sees it: what shows, and what is folded away."""

from __future__ import annotations

from html.parser import HTMLParser


class Folded(HTMLParser):
    """Text inside and outside <details>, and the spoken labels of the cards shown outside."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.inside: list[str] = []
        self.outside: list[str] = []
        self.labels: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.depth += tag == "details"
        if not self.depth:
            self.labels += [v or "" for k, v in attrs if k == "aria-label"]

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag == "details"

    def handle_data(self, data: str) -> None:
        (self.inside if self.depth else self.outside).append(data)
