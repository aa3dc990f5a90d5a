"""Compile the course's sentence catalogs: each ``charlemagne_learn/locale/<lang>/LC_MESSAGES/charlemagne_learn.po``
into the ``.mo`` file beside it (what the package reads, with the standard library's ``gettext``), and write the
template ``charlemagne_learn/locale/charlemagne_learn.pot`` (every key, its English as a comment) from the English
catalog. Run it after editing a ``.po`` file; a test checks that the committed files are what it writes.

    .venv/bin/python scripts/catalogs.py

Adding a sentence: give it a key (``"module.what"``) in the English catalog and in every other one, run this, and
write ``say("module.what", lang, field=...)``. Adding a language: copy the template to
``locale/<lang>/LC_MESSAGES/charlemagne_learn.po``, set its ``Language`` and fill each ``msgstr``, run this.

Babel reads and writes the catalogs here (a development tool; the package itself needs only ``gettext``).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "charlemagne_learn" / "locale"
DOMAIN = "charlemagne_learn"


def po_files(locale: Path = LOCALE) -> dict[str, Path]:
    """Each language's catalog, by language code."""
    return {p.parents[1].name: p for p in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of ``po``."""
    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def template(english: Path) -> bytes:
    """The template: every key of the English catalog, its English text as a comment, no translation."""
    with english.open("rb") as f:
        source = read_po(f)
    pot = Catalog(
        project="charlemagne_learn",
        fuzzy=False,
        creation_date=source.creation_date,
        revision_date=source.revision_date,
    )
    for message in source:
        if message.id:
            pot.add(message.id, "", auto_comments=[f"en: {message.string}"])
    out = io.BytesIO()
    write_po(out, pot, width=120, omit_header=False, sort_output=True)
    return out.getvalue()


def outputs(locale: Path = LOCALE) -> dict[Path, bytes]:
    """Every file this script writes, and its bytes."""
    files = po_files(locale)
    out = {po.with_suffix(".mo"): compiled(po) for po in files.values()}
    out[locale / f"{DOMAIN}.pot"] = template(files["en"])
    return out


def main() -> int:
    for path, data in outputs().items():
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
