"""Bidding statistics: a dataset of solved random deals, one file per variant, and how to read it.

Each record is one seeded random deal. West deals, so North speaks first and is the would-be bidder;
nothing is bid for real: every bid of the ladder is tried on the same cards. A record holds

* what North sees when bidding: the hand, its features in each trump suit (:func:`hand_features`) and
  ``bid_suit``, the suit a sensible player would name from those eight cards
  (:func:`~charlemagne_learn.analysis.evaluate.best_trump`);
* ``tricks_<T>``: the tricks North–South take double-dummy in the lowest numeric bid with trump ``T``,
  after that bid's exchange (Canadian: North takes the kitty and discards two);
* for every bid ``b``: ``made_dd_b`` / ``made_bots_b``, 1 when the bid is makeable by perfect play
  (double dummy) / by the greedy bots, played the best way the rules allow (the trump that works,
  the partner's card, alone or not: :func:`~charlemagne_learn.analysis.odds.deal_outcomes`); and
  ``points_dd_b`` / ``points_bots_b``, the net points of that result for North–South (their points minus
  East–West's), empty when the bid wins or loses the game outright (Maine Charlemagne).

Columns, in file order (``T`` runs over C, D, H, S, and NT where no-trump is a numeric-bid option):

=================  ==================================================================================
``seed``           the deal's seed: ``deal_hands(rules, Seat.W, seed)`` deals it again
``hand``           North's cards, e.g. ``RJ JH AH 9S``; ``T`` is the ten (``parse_cards`` reads it)
``jokers``         jokers held (0–2; Canadian only)
``aces``           aces held, trump or not
``bid_suit``       C, D, H or S: the suit North would name from the hand as dealt
``tricks_T``       double-dummy tricks of North–South in the lowest numeric bid with trump T
``trumps_T``       trumps held with trump T, counting jokers and both jacks (no-trump: the jokers)
``jacks_T``        big and little jack held with trump T (0–2)
``voids_T``        side suits with no card, once the little jack and jokers count as trumps
``strength_T``     :func:`~charlemagne_learn.analysis.evaluate.hand_strength`, a rough trick count
``made_dd_b``      1 if bid b is makeable with perfect play, else 0
``made_bots_b``    1 if bid b is made by the greedy bots, else 0
``points_dd_b``    net points of bid b for North–South with perfect play (best way to play it)
``points_bots_b``  the same with the bots
=================  ==================================================================================

The file is a gzip'd CSV whose first line is a ``#`` comment naming the variant, deal count and seed.
Deal ``i`` of a dataset made with ``seed`` has deal seed ``seed * 1_000_000 + i``, so a record can be
checked alone, and the same seed gives the same bytes however many processes made it.
``scripts/bidding_dataset.py`` makes the files; :func:`load_dataset` reads the ones shipped.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.engine.deal import mask_of
>>> rules = cl.Rules.preset("canadian")
>>> hand = mask_of(cl.parse_cards("RJ JH JD AH 9H AS 7C 8C"))
>>> f = hand_features(rules, hand, cl.Suit.H)
>>> f["trumps"], f["jokers"], f["jacks"], f["aces"], f["voids"]
(5, 1, 2, 2, 1)
>>> data = load_dataset("american")
>>> data.variant, len(data) >= 1000, data.records[0]["seed"]
('american', True, 1000000)
"""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

from ..engine.cards import Rank, Seat, Suit
from ..engine.checks import whole_number
from ..engine.contract import Contract
from ..engine.deal import deal_hands, indices_of
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import sentence
from ..engine.ranking import card_order
from ..engine.rng import SEED_LIMIT, check_seed
from ..engine.rules import BidSpec, Rules
from ..engine.scoring import net_points
from ..engine.spreadsheet import csv_text, read_cell
from . import work
from .evaluate import best_trump, hand_strength
from .odds import Method, deal_outcomes, trump_tricks

__all__ = [
    "BiddingDataset",
    "Record",
    "columns",
    "dataset_bytes",
    "dataset_of",
    "deal_record",
    "hand_features",
    "load_dataset",
    "make_dataset",
    "read_dataset",
    "trump_keys",
]

Value = int | float | str | None
Record = dict[str, Value]
Progress = Callable[[int, int], None]
Feature = Literal["trumps", "jacks", "voids", "strength", "tricks", "jokers", "aces"]

#: The dealer of every deal: North, on the dealer's left, speaks first.
DEALER = Seat.W
BIDDER = Seat.N
_SEED_STRIDE = 1_000_000
_FORMAT = 1
_PER_TRUMP = ("tricks", "trumps", "jacks", "voids", "strength")
_RANKS = "789TJQKA"


def _trump_key(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.name


def trump_keys(rules: Rules) -> tuple[str, ...]:
    """The trumps a record has columns for: the four suits, and NT where a numeric bid may be no-trump.

    >>> trump_keys(Rules.preset("bid_euchre"))
    ('C', 'D', 'H', 'S', 'NT')
    """
    first = rules.numbered_bids[0]
    return ("C", "D", "H", "S", "NT") if first.trump == "with_bid_or_none" else ("C", "D", "H", "S")


def columns(rules: Rules) -> tuple[str, ...]:
    """Every column of a record of ``rules``, in file order (see the module docstring)."""
    out = ["seed", "hand", "jokers", "aces", "bid_suit"]
    out += [f"{name}_{t}" for t in trump_keys(rules) for name in _PER_TRUMP]
    out += [f"{name}_{b.name}" for b in rules.bids for name in ("made_dd", "made_bots", "points_dd", "points_bots")]
    return tuple(out)


def _card_text(index: int) -> str:
    if index >= 32:
        return "RJ" if index == 32 else "BJ"
    return _RANKS[index % 8] + "CDHS"[index // 8]


def hand_features(rules: Rules, hand: int, trump: Suit | None) -> dict[str, int | float]:
    """What a bidder counts in ``hand`` (a bit set) when thinking of ``trump`` (``None``: no trump suit).

    ``trumps``: cards that are trumps, jokers and the little jack included; ``jokers``; ``jacks``: the big
    and little jack held; ``plain_jacks``: the other jacks; ``aces``: every ace, trump or side;
    ``voids``: side suits with no card (the little jack has left its suit); ``strength``: the rough
    trick count of :func:`~charlemagne_learn.analysis.evaluate.hand_strength`, to two decimals.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.engine.deal import mask_of
    >>> hand = mask_of(cl.parse_cards("JS JC AS KS 9S AH 7D 8C"))
    >>> hand_features(cl.Rules.preset("american"), hand, cl.Suit.S)
    {'trumps': 5, 'jokers': 0, 'jacks': 2, 'plain_jacks': 0, 'aces': 2, 'voids': 0, 'strength': 6.4}
    """
    order = card_order(rules, trump)
    trump_suit = order.trump_suit
    trumps = (hand & order.suit_mask[trump_suit]).bit_count() if trump_suit is not None else 0
    cards = indices_of(hand)
    jacks = [c for c in cards if c < 32 and c % 8 == Rank.JACK]
    bowers = sum(1 for c in jacks if order.role[c] in rules.bower_names)
    return {
        "trumps": trumps,
        "jokers": sum(1 for c in cards if c >= 32),
        "jacks": bowers,
        "plain_jacks": len(jacks) - bowers,
        "aces": sum(1 for c in cards if c < 32 and c % 8 == Rank.ACE),
        "voids": sum(1 for s in range(4) if s != trump_suit and not hand & order.suit_mask[s]),
        "strength": round(hand_strength(order, hand), 2),
    }


def _net_points(rules: Rules, spec: BidSpec, ways: Sequence[tuple[str, int, bool]]) -> int | None:
    """North–South's points minus East–West's for the best way to play ``spec``; None when it decides the game."""
    if spec.outright:
        return None
    # scores do not depend on the trump suit, only on tricks, so any suit stands for the one played
    trump = Suit.S if spec.has_trump and spec.trump != "with_bid_or_none" else None
    contract = Contract.cached(rules, spec, BIDDER, trump)
    best: int | None = None
    for _, tricks, _made in ways:
        net = net_points(contract, tricks)
        best = net if best is None else max(best, net)
    return best


def deal_record(rules: Rules, seed: int) -> Record:
    """The record of deal ``seed`` (West deals, North bids): hand, features, tricks and every bid's result.

    >>> import charlemagne_learn as cl
    >>> r = deal_record(cl.Rules.preset("bid_euchre"), 5)
    >>> r["hand"], r["bid_suit"], r["tricks_C"], r["made_dd_6"], r["points_dd_3"]
    ('9C TC AC QD QH KH', 'C', 3, 0, 4)
    """
    hands, kitty = deal_hands(rules, DEALER, seed)
    hand = hands[BIDDER]
    suit, _ = best_trump(rules, hand)
    assert suit is not None
    plain = hand_features(rules, hand, None)
    record: Record = {
        "seed": seed,
        "hand": " ".join(_card_text(c) for c in indices_of(hand)),
        "jokers": plain["jokers"],
        "aces": plain["aces"],
        "bid_suit": suit.name,
    }
    tricks = {_trump_key(t): n for t, n in trump_tricks(rules, hands, kitty, BIDDER).items()}
    for key in trump_keys(rules):
        features = hand_features(rules, hand, None if key == "NT" else Suit[key])
        record[f"tricks_{key}"] = tricks[key]
        for name in _PER_TRUMP[1:]:
            record[f"{name}_{key}"] = features[name]
    perfect = deal_outcomes(rules, hands, kitty, BIDDER, method="double_dummy")
    bots = deal_outcomes(rules, hands, kitty, BIDDER, method="bots")
    for spec in rules.bids:
        record[f"made_dd_{spec.name}"] = int(any(made for _, _, made in perfect[spec.name]))
        record[f"made_bots_{spec.name}"] = int(any(made for _, _, made in bots[spec.name]))
        record[f"points_dd_{spec.name}"] = _net_points(rules, spec, perfect[spec.name])
        record[f"points_bots_{spec.name}"] = _net_points(rules, spec, bots[spec.name])
    return record


# ---------------------------------------------------------------- the dataset
@dataclass(frozen=True)
class BiddingDataset:
    """Records of solved random deals of one variant (see the module docstring), with typed column readers."""

    rules: Rules
    seed: int
    records: tuple[Record, ...]

    @property
    def variant(self) -> str:
        return self.rules.name

    def __len__(self) -> int:
        return len(self.records)

    @property
    def numeric_bids(self) -> tuple[BidSpec, ...]:
        return self.rules.numbered_bids

    @property
    def special_bids(self) -> tuple[BidSpec, ...]:
        """The named bids above the numbers: Mulot, Charlemagne, Le Petit, No Trump, …"""
        return tuple(b for b in self.rules.bids if not b.numbered)

    def feature(self, name: Feature) -> list[float]:
        """One hand feature per deal; per-trump features are read in the suit North would name (``bid_suit``)."""
        if name in ("jokers", "aces"):
            return [_number(r[name]) for r in self.records]
        if name not in _PER_TRUMP:
            allowed = ", ".join(repr(n) for n in (*_PER_TRUMP, "jokers", "aces"))
            raise RulesOptionError(sentence("stats.no_feature", name=quote(name), allowed=allowed))
        return [_number(r[f"{name}_{r['bid_suit']}"]) for r in self.records]

    def made(self, bid: str, method: Method = "double_dummy") -> list[bool]:
        """Per deal: is ``bid`` makeable with perfect play (``"double_dummy"``) or by the bots (``"bots"``)?"""
        return [bool(r[self._column("made", bid, method)]) for r in self.records]

    def points(self, bid: str, method: Method = "double_dummy") -> list[int]:
        """Per deal: North–South's net points in ``bid`` played the best way (bids that decide the game: none)."""
        column = self._column("points", bid, method)
        return [int(_number(r[column])) for r in self.records if r[column] is not None]

    def _column(self, kind: str, bid: str, method: Method) -> str:
        if method not in ("double_dummy", "bots"):
            raise RulesOptionError(sentence("odds.bad_method", method=quote(method)))
        return f"{kind}_{'dd' if method == 'double_dummy' else 'bots'}_{self.rules.bid(bid).name}"


def _number(value: Value) -> float:
    if isinstance(value, (int, float)):
        return value
    raise RulesOptionError(
        sentence("stats.not_number", value=quote(value))
    )  # pragma: no cover - only a damaged file gets here


def _record_job(args: tuple[str, int]) -> Record:
    variant, seed = args
    return deal_record(Rules.preset(variant), seed)


def _preset(variant: str) -> Rules:
    rules = Rules.preset(variant)
    if rules.options():  # pragma: no cover - preset() without options is always the plain preset
        raise RulesOptionError(sentence("stats.plain_only"))
    return rules


def make_dataset(
    variant: str, deals: int, seed: int = 1, workers: int | None = None, progress: Progress | None = None
) -> BiddingDataset:
    """Solve ``deals`` random deals of ``variant`` on ``workers`` processes (1 to 256; default: one per CPU this
    process may use, at most 8, :mod:`~charlemagne_learn.analysis.work`). The same bytes however many.

    ``progress(done, total)`` is called as deals finish. Deal ``i`` has seed ``seed * 1_000_000 + i``.

    >>> data = make_dataset("bid_euchre", deals=3, seed=2, workers=1)
    >>> [r["seed"] for r in data.records]
    [2000000, 2000001, 2000002]
    """
    rules = _preset(variant)
    whole_number("deals", deals, 1, _SEED_STRIDE)
    # Deal i's seed is seed * 1,000,000 + i, and it must itself be a seed (below 2**64).
    whole_number("seed", check_seed(seed), 0, (SEED_LIMIT - 1) // _SEED_STRIDE - 1)
    workers = work.check_workers(workers)
    jobs = [(rules.name, seed * _SEED_STRIDE + i) for i in range(deals)]
    records: list[Record] = []

    def collect(found: Iterable[Record]) -> None:
        for record in found:
            records.append(record)
            if progress is not None:
                progress(len(records), deals)

    if workers == 1:
        collect(map(_record_job, jobs))
    else:
        with work.job_pool(min(workers, deals)) as pool:
            collect(pool.imap(_record_job, jobs, chunksize=4))  # imap keeps deal order: same seed, same bytes
    return BiddingDataset(rules, seed, tuple(records))


def dataset_bytes(data: BiddingDataset) -> bytes:
    """The dataset as the gzip'd CSV that is shipped; the same records always give the same bytes."""
    text = io.StringIO(newline="")
    text.write(
        f"# charlemagne_learn bidding dataset format={_FORMAT} variant={data.variant} "
        f"deals={len(data)} seed={data.seed}\n"
    )
    names = columns(data.rules)
    text.write(csv_text([names, *([record[n] for n in names] for record in data.records)]))
    out = io.BytesIO()
    # mtime=0 and no file name: the gzip header would otherwise differ from run to run
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0, compresslevel=9) as packed:
        packed.write(text.getvalue().encode("utf-8"))
    return out.getvalue()


def _parse(name: str, text: str) -> Value:
    if name in ("hand", "bid_suit"):
        return read_cell(text)
    if text == "":
        return None
    return float(text) if name.startswith("strength_") else int(text)


def _from_bytes(raw: bytes, where: str) -> BiddingDataset:
    lines = gzip.decompress(raw).decode("utf-8").splitlines()
    if not lines or not lines[0].startswith("# charlemagne_learn bidding dataset"):
        raise RulesOptionError(sentence("stats.not_dataset", where=where))
    meta = dict(part.split("=", 1) for part in lines[0].split() if "=" in part)
    if meta.get("format") != str(_FORMAT):
        raise RulesOptionError(sentence("stats.format", where=where, found=meta.get("format"), wanted=_FORMAT))
    rules = _preset(meta["variant"])
    rows = csv.reader(lines[1:])
    header = tuple(next(rows))
    if header != columns(rules):
        raise RulesOptionError(sentence("stats.columns", where=where, title=rules.named()))
    records = tuple({n: _parse(n, v) for n, v in zip(header, row, strict=True)} for row in rows)
    return BiddingDataset(rules, int(meta["seed"]), records)


def read_dataset(path: str | Path) -> BiddingDataset:
    """A dataset file made by ``scripts/bidding_dataset.py`` (for a bigger one than the package ships)."""
    return _from_bytes(Path(path).read_bytes(), str(path))


_LOADED: dict[str, BiddingDataset] = {}


def dataset_of(data: str | BiddingDataset) -> BiddingDataset:
    """``data`` itself, or the shipped dataset of the variant it names."""
    if isinstance(data, BiddingDataset):
        return data
    if isinstance(data, str):
        return load_dataset(data)
    raise RulesOptionError(sentence("stats.not_data", type=type(data).__name__))


def load_dataset(variant: str = "canadian") -> BiddingDataset:
    """The dataset shipped with the package for ``variant`` (read once, then kept)."""
    name = _preset(variant).name
    if name not in _LOADED:
        resource = resources.files("charlemagne_learn") / "data" / f"bidding_{name}.csv.gz"
        _LOADED[name] = _from_bytes(resource.read_bytes(), f"the shipped {name} dataset")
    return _LOADED[name]
