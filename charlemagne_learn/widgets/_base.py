"""What every widget shares: its front-end files, language, four-colour deck, the message shown after a
refused click, a stable ``repr`` and a static HTML fallback.

The front-end lives in the repository's top-level ``widgets/`` folder as ES modules and CSS. The package's build
(``hatch_build.py``: a wheel, an install, an editable install) bundles each widget's module and style sheet into
``_static/`` with :mod:`._bundle`, and a wheel carries them; in a checkout, where git keeps only the sources, the
package builds them again when a source has changed, the first time a widget class is defined. Every widget draws
cards and seats the same way, with the same ``common.js``. The front-end only displays what Python sends and reports
clicks: every rule, label and reason comes from the engine.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import anywidget
import traitlets as t

from ..course import course_lang
from ..engine.cards import Suit
from ..engine.checks import flag
from ..engine.errors import CharlemagneError, RulesOptionError, quote
from ..engine.i18n import LANGS, Lang, check_lang, number, say, sentence, speaking
from ..engine.palette import palette_css, suit_colour
from ..teach.picture import bid_label, card_id, card_view, engine_text, variant_title
from ._bundle import build_all, write
from .payloads import SuitInks

__all__ = [
    "FrontEndMissing",
    "GameWidget",
    "asset",
    "bid_label",
    "card_id",
    "card_view",
    "clip",
    "engine_text",
    "number_text",
    "suit_inks",
    "variant_title",
]

#: Each widget's front-end as anywidget loads it, one ES module and one style sheet per widget, built from the
#: sources in ``widgets/`` by the package's build (:mod:`._bundle`), not kept in git. Given to anywidget as paths, so
#: the browser's tools show the files and ``ANYWIDGET_HMR=1`` reloads them when rebuilt.
STATIC = Path(__file__).with_name("_static")
#: The front-end's sources, ES modules and style sheets: in a checkout, beside the package.
SOURCE = Path(__file__).resolve().parents[2] / "widgets"


class FrontEndMissing(RuntimeError):
    """The package has neither the built front end nor the sources to build it from: an install gone wrong."""


class _Built(NamedTuple):
    """The front end as this process found it: built files in :data:`STATIC`, or their texts where the checkout
    cannot be written."""

    texts: dict[str, str]
    written: bool


def _in_checkout() -> bool:
    """Is the package run from the repository, with the front end's sources beside it? (An installed package has
    only the built files: its folder's parent holds other packages, never this pyproject.)"""
    pyproject = SOURCE.parent / "pyproject.toml"
    return (
        (SOURCE / "common.js").is_file()
        and pyproject.is_file()
        and 'name = "charlemagne_learn"' in pyproject.read_text(encoding="utf-8")
    )


@cache
def _checkout_build() -> _Built | None:
    """In a checkout, every widget's front end built from the sources now and written where it changed (a source
    edited since the last build, or a fresh clone that was never installed); None in an installed package."""
    if not _in_checkout():
        return None
    texts = build_all(SOURCE, palette_css())
    try:
        write(STATIC, texts)
    except OSError:  # a checkout that may not be written: the texts themselves, in place of the files
        return _Built(texts, written=False)
    return _Built(texts, written=True)


def front_end_files(module: str) -> tuple[Path | str, Path | str]:
    """What anywidget loads for the widget whose front-end file is ``<module>.js``: the built module and style sheet,
    as paths (or, in a checkout that cannot be written, their texts). :class:`FrontEndMissing` when there is nothing
    to load or build them from."""
    names = (f"{module}.js", f"{module}.css")
    built = _checkout_build()
    if built is not None and not built.written:
        return built.texts[names[0]], built.texts[names[1]]
    paths = (STATIC / names[0], STATIC / names[1])
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise FrontEndMissing(
            f"the widgets' front end is not built ({', '.join(missing)} missing), and there are no sources to build it "
            f"from: install charlemagne_learn with pip (a wheel, or pip install -e in a checkout), whose build makes them"
        )
    return paths


def _trait_refusal(exc: Exception, values: dict[str, Any]) -> RulesOptionError:
    """traitlets' refusal of a value of the wrong type, as a CharlemagneError of bounded length: its message ends
    with the whole value (a list of 100,000 cards), and the value's repr fails for a list nested 1,000 deep."""
    if isinstance(exc, t.TraitError):
        text = str(exc)
        return RulesOptionError(text if len(text) <= 300 else text[:297] + "...")
    return RulesOptionError(
        sentence("widget.unreadable_value", values=", ".join(f"{k}={quote(v)}" for k, v in values.items()))
    )


#: The most characters a page's message may carry in one text (a typed hand, a card, an action): longer is refused
#: before the engine reads it.
PAGE_TEXT_LIMIT = 400
#: The most characters of an input a refusal repeats.
ECHO_LIMIT = 40
#: The longest message shown: a refusal names its choices, never a whole essay.
MESSAGE_LIMIT = 2000


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` as a refusal repeats it: its first ``limit`` characters and "…" when it is longer."""
    return text if len(text) <= limit else text[:limit] + "…"


_LONG = ECHO_LIMIT + 1
_QUOTED = re.compile(rf"'[^']{{{_LONG},}}'|\"[^\"]{{{_LONG},}}\"|«[^»]{{{_LONG},}}»")


def _clip_message(text: str) -> str:
    """A refusal with every quoted input it repeats cut to :data:`ECHO_LIMIT` characters, and the whole to
    :data:`MESSAGE_LIMIT`: a 5 MB click repeated by the engine stays a line."""
    if len(text) <= 200:
        return text
    text = _QUOTED.sub(lambda m: m[0][0] + clip(m[0][1:-1]) + m[0][-1], text)
    return clip(text, MESSAGE_LIMIT)


def _made_in_its_lang(init: Callable[..., None]) -> Callable[..., None]:
    """A widget class's ``__init__`` run speaking the ``lang=`` it was given, before its ``lang`` trait exists: its
    refusals and its first words are made in the widget's language, whatever the course speaks (every later entry
    point speaks the trait's, :meth:`GameWidget._speaking`)."""

    @functools.wraps(init)
    def run(self: Any, *args: Any, **kwargs: Any) -> None:
        lang = kwargs.get("lang")
        with speaking(lang) if isinstance(lang, str) and lang in LANGS else nullcontext():
            init(self, *args, **kwargs)

    run._made_in_its_lang = True  # type: ignore[attr-defined]
    return run


def number_text(value: float, spec: str, lang: Lang = "en") -> str:
    """A number as the language writes it: ``number_text(1.5, "+.1f", "fr")`` is ``"+1,5"`` (a decimal comma)."""
    return number(value, spec, lang)


def asset(name: str) -> str:
    """The text of one front-end source file (``widgets/<name>``, in the source tree: an installed package holds
    only the built modules)."""
    return (SOURCE / name).read_text(encoding="utf-8")


#: Every widget class with a front-end of its own (it names its ``_module``), in the order they are defined.
DRAWN: list[type[GameWidget]] = []


def suit_inks(suit: Suit | None) -> SuitInks:
    """A suit's inks for the page, as :func:`card_view` gives a card's: ``ink`` and ``ink4`` (the four-colour deck);
    nothing for no suit (a no-trump bid, the pass button)."""
    if suit is None:
        return {}
    return {"ink": suit_colour(suit), "ink4": suit_colour(suit, four_colour=True)}


class GameWidget(anywidget.AnyWidget):
    """Base class of the course's widgets; subclasses set ``_module`` to their front-end file's stem."""

    #: The widget's own front-end files, ``<_module>.js`` (which exports ``render``, and imports what it draws with)
    #: and ``<_module>.css``.
    _module = ""
    lang = t.Unicode("en").tag(sync=True)
    #: Four-colour deck: clubs green and diamonds blue, so no two suits share a colour.
    four_colour = t.Bool(False).tag(sync=True)
    #: Why the last click was refused (empty when it was not); shown in the widget, changes nothing else.
    message = t.Unicode("").tag(sync=True)
    #: While Python works on a click from the page (a hint, a grade, the bots' moves): the words the page shows if
    #: the wait is long enough to notice; empty otherwise.
    thinking = t.Unicode("").tag(sync=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Only where a widget class names its module: anywidget subclasses each instance's class again to add
        # the synced _esm/_css traits, and those must not be overwritten. Set before anywidget's own hook, which
        # reads a path's file (and watches it when ANYWIDGET_HMR is set).
        if "_module" in cls.__dict__:
            cls._esm, cls._css = front_end_files(cls._module)
            DRAWN.append(cls)
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is not None and not getattr(init, "_made_in_its_lang", False):
            setattr(cls, "__init__", _made_in_its_lang(init))  # noqa: B010 (mypy forbids assigning a method)

    #: The traits the page may change itself (a slider, a menu). Any other change the page sends is ignored and
    #: the true value sent back: the page draws the state, Python keeps it (a quiz's page cannot reset its phase
    #: to answer a question twice).
    _page_writable: frozenset[str] = frozenset()

    def __init__(self, **kwargs: Any) -> None:
        if kwargs.get("lang") is None:  # not given: the course's language (course.json), English by default
            kwargs["lang"] = course_lang()
        if "four_colour" in kwargs:
            flag("four_colour", kwargs["four_colour"])
        try:
            super().__init__(**kwargs)
        except (t.TraitError, RecursionError) as exc:
            raise _trait_refusal(exc, kwargs) from None
        self.on_msg(self._on_front_end)
        self.observe(self._on_lang, names="lang")

    def _on_lang(self, _change: Any) -> None:
        # a refusal is about the click before: in another language it is gone, not left in the old one
        self.message = ""

    def __setattr__(self, name: str, value: Any) -> None:
        # traitlets refuses a value of the wrong type with TraitError, which is no ValueError: the course promises a
        # CharlemagneError (a ValueError) for every bad input, from Python as from the constructor.
        with self._speaking():
            try:
                super().__setattr__(name, value)
            except (t.TraitError, RecursionError) as exc:
                raise _trait_refusal(exc, {name: value}) from None

    def _speaking(self) -> AbstractContextManager[object]:
        """The widget's language spoken (once its ``lang`` trait exists): what Python asks of a widget, and each
        message from its page, is answered in it, whatever the course speaks."""
        lang = self.__dict__.get("_trait_values", {}).get("lang")  # none while traitlets makes the widget
        return speaking(lang) if isinstance(lang, str) and lang in LANGS else nullcontext()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        # ipywidgets calls this only with the changes a page sends; Python sets traits directly. Each value the page
        # may set is checked first (its type and the widget's own validator): a bad one is refused with a message
        # and the true value sent back, so nothing the page sends raises out of here or stays in the widget.
        allowed: dict[str, Any] = {}
        refused = [name for name in sync_data if name not in self._page_writable and name in self.keys]
        for name, value in sync_data.items():
            if name not in self._page_writable:
                continue
            try:
                from_json = self.trait_metadata(name, "from_json", self._trait_from_json)
                self.traits()[name]._validate(self, from_json(value, self))
            except (t.TraitError, ValueError, TypeError) as exc:
                refused.append(name)
                self.message = self._page_value_refusal(name, value, exc)
            else:
                allowed[name] = value
        if allowed:
            old = {name: getattr(self, name) for name in allowed}
            try:
                super().set_state(allowed)
            except (t.TraitError, ValueError, TypeError) as exc:  # a value good alone but not with the others
                with self.hold_sync():
                    for name, value in old.items():
                        self.set_trait(name, value)
                refused.extend(allowed)
                name = next(iter(allowed))
                self.message = self._page_value_refusal(name, allowed[name], exc)
            else:
                if len(refused) == 0:
                    self.message = ""  # the page's change is taken: an earlier refusal is over
        if refused:
            self.send_state(refused)

    def _page_value_refusal(self, name: str, value: Any, exc: Exception) -> str:
        if isinstance(exc, CharlemagneError):
            return self._refusal(exc)  # the widget's own check: what was wrong and what is allowed
        return say(
            "widget.bad_page_value",
            self._lang,
            name=name,
            value=quote(value, ECHO_LIMIT),
            old=quote(getattr(self, name), ECHO_LIMIT),
        )

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Every message from the page comes here. A click the engine refuses — or a stale one, sent before the
        page caught up — puts the reason in :attr:`message` and changes nothing else."""
        if not isinstance(content, dict):
            return
        for field, value in content.items():
            if isinstance(value, str) and len(value) > PAGE_TEXT_LIMIT:
                self.message = say(
                    "widget.too_long", self._lang, n=len(value), field=clip(str(field)), limit=PAGE_TEXT_LIMIT
                )
                return
        if content.get("type") == "shown":  # the page drew the widget: no click, nothing to think about
            self._shown = True
            self._on_shown()
            return
        # sent before the work starts, so the page can say it is thinking while the kernel is busy
        self.thinking = say("widget.thinking", self._lang)
        try:
            with self._speaking():
                self._on_click(content)
        except ValueError as exc:
            self.message = self._refusal(exc)
        finally:
            self.thinking = ""

    def _on_click(self, content: dict[str, Any]) -> None:
        """What this widget does with one message from its page (``content["type"]`` says which)."""

    #: Has a page drawn the widget (and so may a learner be looking at it)? Not in a notebook run without one.
    _shown = False

    def _on_shown(self) -> None:
        """What this widget does once a page has drawn it."""

    def _refusal(self, exc: ValueError) -> str:
        """The words shown for a refusal: the engine's message said again in this widget's language (an error
        keeps its key and fields), whatever language was spoken where it was raised."""
        return exc.said(self._lang) if isinstance(exc, CharlemagneError) else str(exc)

    @t.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        return check_lang(proposal["value"])

    @t.validate("message")
    def _check_message(self, proposal: dict[str, Any]) -> str:
        return _clip_message(str(proposal["value"]))

    @property
    def _lang(self) -> Lang:
        return check_lang(self.lang)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # Where no widget runs (GitHub, nbviewer, exported HTML) the static picture stands in.
        data = super()._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        if isinstance(bundle, dict):
            bundle["text/html"] = self._static_html()
        return data

    def _static_html(self) -> str:
        raise NotImplementedError
