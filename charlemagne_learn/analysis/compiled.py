"""The double-dummy search compiled to WebAssembly: the same search as :mod:`.solver`'s, tens of times faster.

``native/solver.wasm`` is built from ``native/solver.cpp`` (``scripts/build_solver.py``) and shipped in the
package, so nobody installing the course needs a compiler. One binary serves everywhere: CPython runs it with
the ``wasmtime`` package, Pyodide (JupyterLite) with the browser's own WebAssembly. The module imports nothing,
so loading it is the same few lines in both. Where neither works (no ``wasmtime`` wheel for a platform), the
pure-Python search answers instead, with the same numbers, and :func:`why_unavailable` says why.

Where the package was built with clang 19 at hand (an editable install in a checkout, a wheel built for a platform),
the same source is also built natively (``native/solver.so``, loaded with ctypes): CPython then runs that in the
module's place, faster still; the .wasm stays the one build for the browser and everywhere else. :func:`engine`
says which answers: ``"native"``, ``"wasm"`` or ``"python"``.

The module is checked against the SHA-256 digest it was built with (``native/solver.wasm.sha256``, written by
the build beside it) before it is loaded, once a process: a damaged copy that WebAssembly would still accept (a
flipped byte in its code or data) could answer wrongly. A module that fails the check, or cannot load at all
where wasmtime is installed, is said once, in a warning, as a broken endplay is (:mod:`.dds`): the analyses
then use the pure-Python search, 10 to 50 times slower. The native library is checked the same way, and one that
fails is said once too, and the .wasm answers; one built beside another .wasm than the one here (left from an older
source) is not loaded, and not said: the .wasm answers.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.engine.deal import mask_of
>>> k = cl.Contract(cl.Rules.preset("canadian"), bid="mulot", bidder="N")
>>> hands = [mask_of(cl.parse_cards(h)) for h in ("BJ 7S", "AC RJ", "", "KC QC")]
>>> CompiledSearch(k, hands).solve(int(cl.Seat.E)) if available() else 1  # the joker rule makes North win one
1
"""

from __future__ import annotations

import atexit
import ctypes
import hashlib
import struct
import sys
import tempfile
import threading
import warnings
import weakref
from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Any

from ..engine.cards import Seat
from ..engine.contract import Contract
from ..engine.i18n import say, sentence
from . import work
from .dds import outside_package

__all__ = ["CompiledSearch", "available", "bounds", "engine", "own_module", "why_unavailable"]

WASM = Path(__file__).with_name("native") / "solver.wasm"
#: The SHA-256 digest of the module as built, in ``sha256sum``'s format (written by ``scripts/build_solver.py``).
DIGEST = WASM.with_name(WASM.name + ".sha256")
#: The same search built natively for this machine (``scripts/build_solver.py --native``), where the package's build
#: had clang 19: not in git, nor in every installation.
LIBRARY = WASM.with_name("solver.so")
#: The library's digest and that of the .wasm it was built beside, in ``sha256sum``'s format (written by the build).
LIBRARY_DIGEST = LIBRARY.with_name(LIBRARY.name + ".sha256")
#: Contracts the module holds at once (its ``SLOTS``); the least recently used one makes way for a new one.
SLOTS = 64
#: A hand crosses the boundary as two halves of this many bits (compact card indices run 0-33).
HALF = 17
_LOW = (1 << HALF) - 1
#: Questions the module answers in one call (its ``BATCH``), each of ``_RECORD`` numbers (``bound``'s arguments).
BATCH = 1024
_RECORD = 13

Call = Callable[..., int]


# ---------------------------------------------------------------- loading
class _Module:
    """The instantiated module's exported functions, each called with plain ints and returning an int."""

    #: Called through wasmtime's unchecked entry point (see :func:`_wasmtime_module`).
    fast = False
    #: Which build of the search this is (:func:`engine`).
    engine = "wasm"
    #: The native library, loaded while the instance lives.
    library: Any = None

    def __init__(
        self, function: Callable[[str, int], Call], slots: int = SLOTS, view: Callable[[int, int], Any] | None = None
    ) -> None:
        self.set_config = function("set_config", 2)
        self.configure = function("configure", 1)
        self.solve = function("solve", 11)
        self.bound = function("bound", 13)
        self.position = function("position", 17)
        self.visited = function("visited", 0)
        # Where the caller writes many questions and reads their answers (``view(address, size)``, a writable
        # buffer onto the module's memory); without one, :meth:`bounds` asks them one call each.
        self._records: Any = None
        self._values: Any = None
        if view is not None:
            self._bound_many = function("bound_many", 1)
            self._records = view(function("batch_records", 0)(), BATCH * _RECORD * 4)
            self._values = view(function("batch_values", 0)(), BATCH * 4)
        # Which contract each of the module's slots holds lives here, with the module whose memory holds them:
        # bookkeeping kept apart from that memory could outlive it and send a contract to another's layout.
        self._slots: dict[int, int] = {}
        #: How many contracts this instance holds at once.
        self.slots = min(slots, SLOTS)
        self._free = list(range(self.slots))[::-1]
        #: Held around every call: the module keeps the contract being searched and the table in its own memory.
        self.lock = threading.Lock()
        _INSTANCES.add(self)

    def slot(self, contract: Contract) -> int:
        """The slot holding ``contract``'s search, configured the first time (call with the lock held); the
        least recently used contract makes way once every slot is taken."""
        key = _shape(contract)
        slot = self._slots.pop(key, None)
        if slot is None:
            slot = self._free.pop() if self._free else self._slots.pop(next(iter(self._slots)))
            for i, value in enumerate(_config(contract)):
                self.set_config(i, value)
            if self.configure(slot) < 0:  # pragma: no cover (every contract the engine makes fits: tested)
                self._free.append(slot)  # the module has marked it empty
                raise ValueError(f"the compiled search cannot hold {contract}")
        self._slots[key] = slot  # now the most recently used
        return slot

    def holding(self) -> int:
        """How many contracts the module holds."""
        return len(self._slots)

    def bounds(self, records: Sequence[Sequence[int]]) -> list[int]:
        """``bound(*record)`` of each record, in as few calls as the module's batch allows (call with the lock
        held)."""
        if self._records is None:
            return [self.bound(*record) for record in records]
        out: list[int] = []
        for at in range(0, len(records), BATCH):
            work.stop_if_exiting()
            part = records[at : at + BATCH]
            count = len(part)
            struct.pack_into(f"<{count * _RECORD}i", self._records, 0, *chain.from_iterable(part))
            if self._bound_many(count) != count:  # pragma: no cover (the batch is never over the module's size)
                raise RuntimeError("the compiled search refused a batch")
            out += struct.unpack_from(f"<{count}i", self._values, 0)
        return out


def _wasmtime_module(data: bytes, slots: int = SLOTS) -> _Module:
    """The module under wasmtime, called through wasmtime's unchecked C entry point when this version of the
    package exposes it (a few microseconds a call, against tens through ``Func.__call__``, which converts and
    checks every argument), else through ``Func.__call__``."""
    import wasmtime

    config = wasmtime.Config()
    # no compiler threads: bid-odds workers are forked from a process that has loaded the module
    config.parallel_compilation = False
    engine = wasmtime.Engine(config)
    store = wasmtime.Store(engine)
    instance = wasmtime.Instance(store, wasmtime.Module(engine, data), [])
    exports = instance.exports(store)
    try:
        fast: Callable[[Any, int], Call] | None = _unchecked(store)
    except Exception:  # another wasmtime version's internals: the public, slower calls still work
        fast = None

    def function(name: str, params: int) -> Call:
        nonlocal fast
        func = exports[name]
        assert isinstance(func, wasmtime.Func)
        if fast is not None:
            try:
                return fast(func, params)
            except Exception:  # as above
                fast = None

        def call(*args: int) -> int:
            value = func(store, *args)
            assert isinstance(value, int)
            return value

        return call

    memory = exports["memory"]
    assert isinstance(memory, wasmtime.Memory)
    # The module never grows its memory (no allocator: its arrays are static), so where it starts stays put.
    base = ctypes.addressof(memory.data_ptr(store).contents)
    size = memory.data_len(store)

    def view(address: int, length: int) -> Any:
        if address < 0 or address + length > size:  # pragma: no cover (a module built otherwise)
            raise RuntimeError("the compiled search's batch lies outside its memory")
        return (ctypes.c_ubyte * length).from_address(base + address)

    module = _Module(function, slots, view)
    module.fast = fast is not None
    # Freed before the interpreter tears wasmtime's own module down, or their finalizers fail noisily at exit.
    atexit.register(_close, [store, instance, engine])
    return module


def _close(objects: list[Any]) -> None:
    global _loaded
    _loaded = None
    for obj in objects:
        close = getattr(obj, "close", None)
        if close is not None:
            close()


def _unchecked(store: Any) -> Callable[[Any, int], Call]:
    """Calls through ``wasmtime_func_call_unchecked``: arguments packed into one reused buffer of raw values."""
    from wasmtime import WasmtimeError, _ffi

    call_unchecked = _ffi.dll.wasmtime_func_call_unchecked
    # the C signature this code was written for (context, function, values, their number, trap); wasmtime's
    # own bindings, generated from its headers, say whether this version has it
    if len(call_unchecked.argtypes or ()) != 5:
        raise RuntimeError("another wasmtime_func_call_unchecked")
    context = store._context()
    raw_size = ctypes.sizeof(_ffi.wasmtime_val_raw_t)

    def make(func: Any, params: int) -> Call:
        raw = (_ffi.wasmtime_val_raw_t * max(params, 1))()
        pack = struct.Struct("<" + f"i{raw_size - 4}x" * params).pack_into
        target = ctypes.byref(func._func)
        trap = ctypes.POINTER(_ffi.wasm_trap_t)()
        trap_ref = ctypes.byref(trap)
        size = max(params, 1)

        def call(*args: int) -> int:
            pack(raw, 0, *args)
            error = call_unchecked(context, target, raw, size, trap_ref)
            if error or trap:
                raise WasmtimeError("the compiled search stopped")
            return int(raw[0].i32)

        return call

    return make


def _browser_module(data: bytes, slots: int = SLOTS) -> _Module:
    """The module in Pyodide, compiled by the browser's (or Node's) WebAssembly; synchronous compiling is
    allowed there for a module this small."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    module = js.WebAssembly.Module.new(to_js(data))
    exports = js.WebAssembly.Instance.new(module).exports

    def function(name: str, params: int) -> Call:
        func = getattr(exports, name)

        def call(*args: int) -> int:
            return int(func(*args))

        return call

    return _Module(function, slots)


#: The entry points that answer an address in the module's memory: pointer-sized in the native library.
_ADDRESSES = frozenset({"batch_records", "batch_values"})


def _native_module(data: bytes, slots: int = SLOTS, path: Path | None = None) -> _Module:
    """The native library through ctypes, which lets go of Python's global lock during each call, as wasmtime's
    calls do: loaded from ``path``, or without one from a private copy of ``data`` (its bytes as checked). Its state
    (the contracts, the table) is the library's own global memory, one copy a loaded file: so the first instance of
    the process loads :data:`LIBRARY` itself, and each further one (a thread's own, :func:`own_module`) a copy."""
    if path is not None:
        library = ctypes.CDLL(str(path))
    else:
        with tempfile.TemporaryDirectory(prefix="charlemagne-solver-") as folder:
            copy = Path(folder) / LIBRARY.name
            copy.write_bytes(data)
            library = ctypes.CDLL(str(copy))  # loaded, the file is no longer needed

    def function(name: str, params: int) -> Call:
        func = getattr(library, name)
        # declared once here, not converted by guesswork at every call
        func.argtypes = (ctypes.c_int,) * params
        func.restype = ctypes.c_ssize_t if name in _ADDRESSES else ctypes.c_int
        return func  # type: ignore[no-any-return]

    def view(address: int, length: int) -> Any:
        return (ctypes.c_ubyte * length).from_address(address)

    module = _Module(function, slots, view)
    module.engine = "native"
    module.library = library  # loaded while the instance lives
    return module


def load(slots: int = SLOTS) -> _Module:
    """A new instance of the compiled search, with its own memory and table, holding at most ``slots`` contracts:
    the native library where one was built beside this .wasm (the first time, a damaged one is said and the .wasm
    loaded instead), else the .wasm."""
    global _native_refused, _native_loaded
    if sys.platform == "emscripten":
        return _browser_module(shipped(), slots)
    if _native_refused is None:
        native = None
        try:
            native = native_library()
            if native is not None:
                module = _native_module(native, slots, None if _native_loaded else LIBRARY)
                _native_loaded = True
                return module
        except Exception as error:
            if native is not None and _native_loaded:  # a further instance: the caller shares the first
                raise
            _native_refused = f"{type(error).__name__}: {error}"
            fix = say("compiled.fix_install")
            warning = say("compiled.native_unusable", error=_native_refused, fix=fix)
            warnings.warn(warning, RuntimeWarning, stacklevel=outside_package())
    return _wasmtime_module(shipped(), slots)


class DamagedModuleError(RuntimeError):
    """The module's bytes are not the ones it was built as (their digest differs from :data:`DIGEST`'s)."""


def digest_of(data: bytes) -> str:
    """The SHA-256 digest of ``data``, as :data:`DIGEST` holds it (64 hexadecimal digits)."""
    return hashlib.sha256(data).hexdigest()


def shipped() -> bytes:
    """The module's bytes, checked against :data:`DIGEST` (once a process: then kept); raises
    :class:`DamagedModuleError` when they differ, ``OSError`` when either file cannot be read."""
    global _bytes
    if _bytes is None:
        data = WASM.read_bytes()
        if [digest_of(data).encode()] != DIGEST.read_bytes().split()[:1]:
            raise DamagedModuleError(sentence("compiled.damaged", file=WASM.name))
        _bytes = data
    return _bytes


def native_library() -> bytes | None:
    """The native library's bytes, checked against :data:`LIBRARY_DIGEST` (once a process: then kept); None where no
    library was built beside this .wasm (none at all, or one from an older source); raises
    :class:`DamagedModuleError` when its bytes are not the ones it was built as."""
    global _native_bytes
    if _native_bytes is None:
        try:
            listed = LIBRARY_DIGEST.read_text(encoding="ascii").split()
            built = dict(zip(listed[1::2], listed[::2], strict=True))  # by file name, the digest
            beside = DIGEST.read_text(encoding="ascii").split()[:1]
        except (OSError, ValueError):
            return None
        if [built.get(WASM.name)] != beside:
            return None
        data = LIBRARY.read_bytes()
        if digest_of(data) != built.get(LIBRARY.name):
            raise DamagedModuleError(sentence("compiled.damaged", file=LIBRARY.name))
        _native_bytes = data
    return _native_bytes


#: The module's bytes, once checked (:func:`shipped`).
_bytes: bytes | None = None
#: The native library's bytes, once checked (:func:`native_library`); whether this process has loaded it from
#: :data:`LIBRARY` (further instances load copies); why it was refused (then the .wasm loads), said once.
_native_bytes: bytes | None = None
_native_loaded = False
_native_refused: str | None = None
_loaded: _Module | None = None
_failure: str | None = None
_tried = False
_LOAD_LOCK = threading.Lock()
#: Every instance of this process, so a forked child can give each a lock of its own.
_INSTANCES: weakref.WeakSet[_Module] = weakref.WeakSet()
#: A thread's own instance (:func:`own_module`), where it has one.
_own = threading.local()


def _fresh_locks() -> None:
    # A process forked while another thread held a lock would inherit it held, by a thread it does not have.
    global _SHAPES_LOCK, _LOAD_LOCK
    _SHAPES_LOCK = threading.Lock()
    _LOAD_LOCK = threading.Lock()
    for module in list(_INSTANCES):
        module.lock = threading.Lock()


work.in_forked_child(_fresh_locks)


def own_module() -> None:
    """Give the calling thread an instance of the module of its own (its own memory and table), used by every
    search the thread makes from now on, so that searches in several threads run at once: the module runs
    outside Python's global lock. Without it, every thread shares one instance, one call at a time. Where a
    second instance cannot be made, the thread goes on sharing."""
    if _module() is None or getattr(_own, "module", None) is not None:
        return
    try:
        _own.module = load()
    except Exception:  # pragma: no cover (the first instance loaded; a second fails only out of memory)
        _own.module = None


def _module() -> _Module | None:
    own: _Module | None = getattr(_own, "module", None)
    if own is not None:
        return own
    global _loaded, _failure, _tried
    if not _tried:
        # one thread loads it; another asking meanwhile (a grade worked out ahead, as the learner clicks) waits
        # for it rather than find it missing and search in pure Python
        with _LOAD_LOCK:
            if not _tried:
                try:
                    _loaded = load()
                except ModuleNotFoundError as error:
                    _failure = "no_wasmtime" if error.name == "wasmtime" else f"{type(error).__name__}: {error}"
                except Exception as error:  # damaged, a missing file, a wasmtime without a wheel for this system, …
                    _failure = f"{type(error).__name__}: {error}"
                _tried = True
                if _failure is not None and _failure != "no_wasmtime":
                    # said once, as a broken endplay is: without it every hint is 10-50 times slower, unexplained
                    fix = say("compiled.fix_site") if sys.platform == "emscripten" else say("compiled.fix_install")
                    warning = say("compiled.unusable", error=_failure, fix=fix)
                    warnings.warn(warning, RuntimeWarning, stacklevel=outside_package())
    return _loaded


def available() -> bool:
    """Can the compiled search run here? When not, the pure-Python search answers (the same numbers)."""
    return _module() is not None


def engine() -> str:
    """Which build of the search answers here: ``"native"`` (the library built for this machine), ``"wasm"`` (the
    WebAssembly module, under wasmtime or in the browser) or ``"python"`` (neither loads: the pure-Python search)."""
    module = _module()
    return "python" if module is None else module.engine


# The threads that search deals together each take an instance of their own, and share deals only where the module
# loads: the pure-Python search would take turns at the global lock.
work.in_each_thread(own_module)
work.threads_help_when(available)


def why_unavailable(lang: str | None = None) -> str:
    """Why :func:`available` is False, in words."""
    _module()
    if _failure == "no_wasmtime":
        return say("compiled.no_wasmtime", lang)
    return say("compiled.cannot_load", lang, error=_failure or "?")


def finding() -> str | None:
    """Why the module could not load in this process (None: it loaded), trying it first if need be: for
    :func:`take_finding` in a worker process."""
    _module()
    return _failure


def take_finding(failure: str | None) -> None:
    """Take the parent's finding in a worker process: a worker then neither loads the module where its parent
    could not nor warns a second time (where it could, the worker loads its own, or has the parent's)."""
    global _failure, _tried
    if failure is not None:
        _failure, _tried = failure, True


work.to_workers(finding, take_finding)


def native_finding() -> str | None:
    """Why the native library was refused in this process (None: it was not), for :func:`take_native_finding`."""
    _module()
    return _native_refused


def take_native_finding(refused: str | None) -> None:
    """Take the parent's refusal of the native library in a worker process, which then loads the .wasm without a
    second warning."""
    global _native_refused
    if refused is not None:
        _native_refused = refused


work.to_workers(native_finding, take_native_finding)


# ---------------------------------------------------------------- contracts
#: What a contract's search depends on (its card order, who sits out, the bidder, avoid or not), numbered: the
#: number of each contract object is kept with the object, so a search asks for it without hashing its card
#: order each time (several microseconds: a hint asks thousands of times).
_SHAPES: dict[tuple[Any, ...], int] = {}
_SHAPE_OF: dict[int, tuple[Contract, int]] = {}
_SHAPES_LOCK = threading.Lock()


def _shape(contract: Contract) -> int:
    known = _SHAPE_OF.get(id(contract))
    if known is not None and known[0] is contract:
        return known[1]
    key = (contract.order, contract.sitting_out, contract.bidder, contract.spec.avoid)
    with _SHAPES_LOCK:  # two threads never give two shapes one number
        number = _SHAPES.setdefault(key, len(_SHAPES))
        if len(_SHAPE_OF) >= 1024:  # the contract objects held here keep their ids from being reused
            _SHAPE_OF.clear()
        _SHAPE_OF[id(contract)] = (contract, number)
    return number


def _config(contract: Contract) -> list[int]:
    """What the module needs to know about a contract: the packed layout (each segment's cards, weakest first,
    trumps last) and the seats (who plays next, whose tricks count)."""
    from .solver import _layout  # solver imports this module

    order = contract.order
    layout = _layout(order)
    active = contract.active_seats
    out = [
        len(layout.cards),
        int(order.trump_suit is not None),
        int(layout.joker_rule),
        int(contract.spec.avoid),
        int(contract.bidder),
        *(int(contract.next_active(Seat(s))) if Seat(s) in active else -1 for s in range(4)),
        *(int(Seat(s).team == contract.team) for s in range(4)),
    ]
    for cards in layout.cards:
        out += [len(cards), *cards]
    return out


def _halves(hands: Sequence[int]) -> list[int]:
    h0, h1, h2, h3 = hands
    return [h0 & _LOW, h0 >> HALF, h1 & _LOW, h1 >> HALF, h2 & _LOW, h2 >> HALF, h3 & _LOW, h3 >> HALF]


# ---------------------------------------------------------------- the search
class CompiledSearch:
    """One contract's search in the compiled module, with the entry points of :class:`.solver._Search`
    (``solve``, ``boundary``) and its ``hands`` (bit sets of compact card indices by seat, read at every call).

    Calls on one object share the module's table of positions, as calls on one ``_Search`` share its own;
    the first call of a new object starts from an empty table, or with ``fresh=False`` from the table the calls
    before left (its entries are keyed by the whole position, so they stay true for any deal of the contract:
    the exact answers are the same, and a bound outside the window is still on the same side of it, though
    perhaps another bound). Raises ``RuntimeError`` when the module is not :func:`available`.
    """

    def __init__(self, contract: Contract, hands: list[int], *, fresh: bool = True) -> None:
        module = _module()
        if module is None:
            raise RuntimeError(why_unavailable())
        self._module = module
        self.contract = contract
        self.hands = hands
        self._fresh = int(fresh)

    def solve(self, leader: int) -> int:
        """Bidder-side tricks still to come, ``leader`` to lead, exactly."""
        work.stop_if_exiting()
        with self._module.lock:
            slot = self._module.slot(self.contract)
            value = self._module.solve(slot, self._fresh, *_halves(self.hands), leader)
        self._fresh = 0
        return _checked(value)

    def boundary(self, leader: int, alpha: int, beta: int) -> int:
        """As :meth:`solve` when strictly inside (alpha, beta), otherwise a bound on the side of the window
        it fell."""
        work.stop_if_exiting()
        with self._module.lock:
            slot = self._module.slot(self.contract)
            value = self._module.bound(slot, self._fresh, *_halves(self.hands), leader, alpha, beta)
        self._fresh = 0
        return _checked(value)

    def position(self, leader: int, trick: Sequence[int], cards: Sequence[int]) -> list[int]:
        """The bidder's side's tricks from now on (this trick included) after each of ``cards`` (compact
        indices, ascending, at most eight), played by the seat to move to ``trick`` (``leader``'s card
        first)."""
        if not cards:
            return []
        if len(cards) > 8 or len(trick) > 3:
            raise ValueError("at most eight cards and a trick of three")
        work.stop_if_exiting()
        candidates = sum(1 << c for c in cards)
        played = [*trick, 0, 0, 0][:3]
        with self._module.lock:
            slot = self._module.slot(self.contract)
            packed = self._module.position(
                slot, self._fresh, *_halves(self.hands), leader, len(trick), *played,
                candidates & _LOW, candidates >> HALF,
            )  # fmt: skip
        self._fresh = 0
        # no value reaches 15, so -1 (every nibble 15) is the module's refusal, not eight answers
        _checked(packed)
        return [packed >> (4 * i) & 15 for i in range(len(cards))]


def bounds(asks: Sequence[tuple[Contract, Sequence[int], int, int, int]], *, fresh: bool = False) -> list[int]:
    """For each ``(contract, hands, leader, alpha, beta)``, what ``CompiledSearch(contract, hands,
    fresh=fresh).boundary(leader, alpha, beta)`` answers, asked in as few calls as the module allows: for a part
    of a hint's deals, searched in a thread that then needs Python's global lock once or twice, not once a
    deal, while the calling thread goes on in Python. Each search keeps the table the ones before left, or with
    ``fresh`` starts from an empty one."""
    module = _module()
    if module is None:
        raise RuntimeError(why_unavailable())
    out: list[int] = []
    with module.lock:
        records: list[list[int]] = []
        slot_of: dict[int, int] = {}  # by contract object, the slots of this batch's contracts
        for contract, hands, leader, alpha, beta in asks:
            slot = slot_of.get(id(contract))
            if slot is None:
                if len(slot_of) == module.slots:  # one more would put out a contract this batch still asks about
                    out += module.bounds(records)
                    records.clear()
                    slot_of.clear()
                slot = slot_of[id(contract)] = module.slot(contract)
            records.append([slot, int(fresh), *_halves(hands), leader, alpha, beta])
        out += module.bounds(records)
    return [_checked(value) for value in out]


def _checked(value: int) -> int:
    if value == -1:
        raise RuntimeError("the compiled search refused the position")
    return value


@cache
def visited() -> Callable[[], int]:
    """The module's count of search nodes (modulo 2^32), for benchmarks."""
    module = _module()
    if module is None:
        raise RuntimeError(why_unavailable())
    return module.visited
