"""The course's colours, kept apart from :mod:`.figures` so that naming them needs no matplotlib (the browser-only
site has none offline: see :mod:`.drawn`)."""

from __future__ import annotations

__all__ = ["OKABE_ITO"]

#: Okabe & Ito's colour-blind-safe palette, yellow last (it is faint on white).
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442")
