"""The widgets' front end, built: each widget's ES module and style sheet from the ES modules of ``widgets/``.

A widget's own file (``hand.js``) imports what it draws with from the files beside it (``common.js``,
``table_picture.js``) and has the one default export anywidget reads. The browser gets one module per widget, with no
imports left (anywidget loads a module from a string, where a relative import has nothing to resolve against), so
:func:`bundle` follows the relative imports and writes each imported file once, in the order ES modules run them,
wrapped in a function of its own that returns what it exports: a file's private names stay its own, as in the
browser. (An importer reads an exported ``let`` as it was when its file had run: export a function to share a value
that changes.) Each JavaScript file's style sheet (``common.css`` beside ``common.js``) joins the widget's, in the same
order, under the palette's custom properties.

No Node here: the package's build (``hatch_build.py``, for a wheel, an install from the sources and an editable one)
runs this file with the standard library alone, and so does the package itself in a checkout
(:mod:`charlemagne_learn.widgets._base`), where the built files are not kept in git.

Only two forms of ``import`` and ``export`` are read, each at the start of a line (a file's top level), and anything
else is refused with a :class:`FrontEndError` rather than built wrong:

- ``import { name, other as alias } from "./file.js";`` (relative, within the front end's folder; one statement may
  span lines);
- ``export`` before a top-level ``function``, ``const``, ``let`` or ``class``, and ``export default …`` in a widget's
  own file, which makes it a widget's entry.

>>> _imports('import { el, cardRow as row } from "./common.js";\\nconst x = 1;\\n')
[('./common.js', (('el', 'el'), ('cardRow', 'row')))]
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

__all__ = ["FrontEndError", "Module", "build_all", "bundle", "entries", "write"]


class FrontEndError(ValueError):
    """A front-end file the bundler cannot build: what was wrong, where, and what is allowed."""


_IMPORT = re.compile(r"^import\s*\{(?P<names>[^}]*)\}\s*from\s*(?P<q>[\"'])(?P<spec>[^\"'\n]+)(?P=q)[ \t]*;?", re.M)
_ANY_IMPORT = re.compile(r"^import\b.*", re.M)
_EXPORT = re.compile(
    r"^export\s+(?:(?P<default>default)\b|(?:async\s+)?function\s*\*?\s*(?P<function>[\w$]+)"
    r"|(?:const|let|class)\s+(?P<binding>[\w$]+))",
    re.M,
)
_ANY_EXPORT = re.compile(r"^export\b.*", re.M)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_IMPORT_FORM = 'import { name, other as alias } from "./file.js";'
_EXPORT_FORM = "export function name, export const name, export let name, export class Name, export default"


def _imports(text: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """Each relative import of a file: its specifier and the names it takes (exported name, local name)."""
    found = []
    for match in _IMPORT.finditer(text):
        pairs = []
        for item in filter(None, (part.strip() for part in match["names"].split(","))):
            exported, _, local = (p.strip() for p in item.partition(" as "))
            local = local or exported
            if not (_NAME.fullmatch(exported) and _NAME.fullmatch(local)):
                raise FrontEndError(f"cannot read the import of {item!r}: write {_IMPORT_FORM}")
            pairs.append((exported, local))
        found.append((match["spec"], tuple(pairs)))
    return found


class Module(NamedTuple):
    """One front-end file as the bundler reads it."""

    name: str  #: its file name in the front end's folder: "common.js"
    text: str
    imports: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]  #: (file imported, ((exported, local), ...))
    exports: tuple[str, ...]  #: the names it exports, "default" among them for a widget's own file


def _read(folder: Path, name: str) -> Module:
    path = folder / name
    if not path.is_file():
        raise FrontEndError(f"{name} is not in {folder}: a relative import names a file of the front end's folder")
    text = path.read_text(encoding="utf-8")
    imports = []
    for spec, names in _imports(text):
        target = os.path.normpath(os.path.join(os.path.dirname(name), spec))
        if not spec.startswith(("./", "../")) or not spec.endswith(".js") or target.startswith(".."):
            raise FrontEndError(
                f"{name} imports {spec!r}: only a relative import of a .js file in the front end's folder is built "
                f'(no package: the browser has no node_modules), as in import {{ el }} from "./common.js";'
            )
        imports.append((target.replace(os.sep, "/"), names))
    read_whole = [m.start() for m in _IMPORT.finditer(text)]
    odd = [m[0] for m in _ANY_IMPORT.finditer(text) if m.start() not in read_whole]
    if odd:
        raise FrontEndError(f"{name}: cannot read {odd[0].strip()!r}: write {_IMPORT_FORM}")
    exports = []
    for match in _EXPORT.finditer(text):
        exports.append("default" if match["default"] else match["function"] or match["binding"])
    odd = [m[0] for m in _ANY_EXPORT.finditer(text) if not _EXPORT.match(m[0])]
    if odd:
        raise FrontEndError(f"{name}: cannot read {odd[0].strip()!r}: write one of {_EXPORT_FORM}")
    if len(set(exports)) < len(exports):
        raise FrontEndError(f"{name} exports one name twice: {sorted(exports)}")
    return Module(name, text, tuple(imports), tuple(exports))


def _in_order(folder: Path, entry: str) -> list[Module]:
    """``entry`` and every file it imports, each once, in the order ES modules run them: a file after all it
    imports. An import circle is refused: its files would run half-defined."""
    done: dict[str, Module] = {}
    path: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in path:
            circle = " → ".join([*path[path.index(name) :], name])
            raise FrontEndError(f"the front end's imports go round in a circle: {circle}")
        path.append(name)
        module = _read(folder, name)
        for target, names in module.imports:
            visit(target)
            missing = [
                exported for exported, _ in names if exported not in done[target].exports or exported == "default"
            ]
            if missing:
                raise FrontEndError(
                    f"{name} imports {', '.join(missing)} from {target}, which exports "
                    f"{', '.join(e for e in done[target].exports if e != 'default') or 'nothing'}"
                )
        path.pop()
        done[name] = module

    visit(entry)
    return list(done.values())


def _variable(name: str) -> str:
    """The bundle's name for what a file exports: ``common.js`` → ``__module_common``."""
    return "__module_" + re.sub(r"\W", "_", name.removesuffix(".js"))


def _body(module: Module) -> str:
    """The file with its imports made local names, read from the files' export objects, and the ``export``
    keyword taken off its declarations (the default export of a widget's own file stays: the bundle's one export)."""
    imports = iter(module.imports)  # in the order the statements come

    def local_names(_match: re.Match[str]) -> str:
        target, names = next(imports)
        taken = ", ".join(exported if exported == local else f"{exported}: {local}" for exported, local in names)
        return f"const {{ {taken} }} = {_variable(target)};"

    text = _IMPORT.sub(local_names, module.text)
    return _EXPORT.sub(lambda m: m[0] if m["default"] else m[0].removeprefix("export").lstrip(), text)


def bundle(folder: Path, entry: str, palette: str) -> tuple[str, str]:
    """The ES module and the style sheet of the widget whose own file is ``entry`` (``"hand.js"``, in ``folder``).

    Every file ``entry`` imports comes first, once, inside a function that returns its exports; ``entry`` itself
    last, with the bundle's one ``export default``. The style sheet is ``palette``, then each file's ``.css`` (where
    it has one) in the same order: the palette's custom properties come before every rule that reads them.
    """
    modules = _in_order(folder, entry)
    if "default" not in modules[-1].exports:
        raise FrontEndError(
            f"{entry} has no export default: a widget's own file ends with export default {{ render }};"
        )
    stray = [m.name for m in modules[:-1] if "default" in m.exports]
    if stray:
        raise FrontEndError(f"{entry} imports {stray[0]}, a widget's own file (it has an export default)")
    names = [m.name for m in modules]
    sources = ", ".join(f"widgets/{n}" for n in names)
    note = f"Built from {sources} (and their .css) by charlemagne_learn/widgets/_bundle.py: edit those."
    parts = [f"// {note}\n"]
    for module in modules[:-1]:
        shared = ", ".join(e for e in module.exports)
        parts.append(
            f"\n// widgets/{module.name}\nconst {_variable(module.name)} = (() => {{\n{_body(module).rstrip()}\n"
            f"return {{ {shared} }};\n}})();\n"
        )
    parts.append(f"\n// widgets/{entry}\n{_body(modules[-1]).rstrip()}\n")
    css = [palette]
    for name in names:
        sheet = folder / (name.removesuffix(".js") + ".css")
        if sheet.is_file():
            css.append("\n" + sheet.read_text(encoding="utf-8"))
    return "".join(parts), f"/* {note} */\n" + "".join(css)


def entries(folder: Path) -> list[str]:
    """The widgets' own files in ``folder``: every ``.js`` with an ``export default``, by name."""
    return [p.name for p in sorted(folder.glob("*.js")) if "default" in _read(folder, p.name).exports]


def build_all(folder: Path, palette: str) -> dict[str, str]:
    """Every built file, by name (``hand.js``, ``hand.css``, …), and its text: one module and one style sheet per
    widget's own file in ``folder``."""
    out = {}
    for entry in entries(folder):
        esm, css = bundle(folder, entry, palette)
        stem = entry.removesuffix(".js")
        out[f"{stem}.js"], out[f"{stem}.css"] = esm, css
    return out


def write(out: Path, files: Mapping[str, str]) -> list[Path]:
    """Write ``files`` into the folder ``out``, each only where its text changed and whole or not at all (several
    processes may build at once: a reader never sees half a file), and remove any other built file there (a widget's
    file deleted from the sources). The files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files.items():
        path = out / name
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        handle, temporary = tempfile.mkstemp(dir=out, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        written.append(path)
    for path in [*out.glob("*.js"), *out.glob("*.css")]:
        if path.name not in files:
            path.unlink(missing_ok=True)
    return written
