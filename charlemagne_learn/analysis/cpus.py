"""How many worker processes an analysis starts when it is not told: one per CPU this process may really use,
at most :data:`MAX_DEFAULT_WORKERS`.

``os.cpu_count()`` counts the machine's CPUs. A process may use fewer: those of its affinity mask
(``taskset``, a batch scheduler), and the share of CPU time its control group allows, which is how a
container is limited (a JupyterHub pod given one CPU sees all of the host's 64). Thirty students each
starting 64 workers on such a server would crowd out each other. The cap keeps a default call modest on a
big machine too: bid odds of a few hundred deals gain little beyond a handful of processes. The number of
processes never changes an answer, only how soon it comes.

>>> 1 <= default_workers() <= MAX_DEFAULT_WORKERS
True
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from ..engine.checks import whole_number

__all__ = ["MAX_DEFAULT_WORKERS", "MAX_WORKERS", "check_workers", "default_workers", "usable_cpus"]

#: The most processes a call starts unless told otherwise (``workers=``).
MAX_DEFAULT_WORKERS = 8
#: The most processes a call may ask for.
MAX_WORKERS = 256

_CGROUP_ROOT = Path("/sys/fs/cgroup")
_SELF_CGROUP = Path("/proc/self/cgroup")


def usable_cpus(cgroup_root: Path = _CGROUP_ROOT, self_cgroup: Path = _SELF_CGROUP) -> int:
    """CPUs this process may use: those of its affinity mask, fewer when its control group's CPU quota (cgroup
    v2 ``cpu.max``, v1 ``cpu.cfs_quota_us`` over ``cpu.cfs_period_us``, in its own group or any above it) allows
    less time than that; a fraction of a CPU counts as one. At least 1.

    ``cgroup_root`` and ``self_cgroup`` are where the groups are mounted and where this process's group is named
    (``/proc/self/cgroup``): a test points them at files of its own."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # no affinity on macOS and Windows
        cpus = os.cpu_count() or 1
    quota = _quota(cgroup_root, self_cgroup)
    if quota is not None:
        cpus = min(cpus, max(1, math.ceil(quota)))
    return max(1, cpus)


def default_workers() -> int:
    """Processes a call starts unless told: one per usable CPU (:func:`usable_cpus`), at most
    :data:`MAX_DEFAULT_WORKERS`."""
    return min(usable_cpus(), MAX_DEFAULT_WORKERS)


def check_workers(workers: object) -> int:
    """``workers=`` checked (a whole number from 1 to :data:`MAX_WORKERS`), or :func:`default_workers` for None."""
    return whole_number("workers", default_workers() if workers is None else workers, 1, MAX_WORKERS)


def _quota(root: Path, self_cgroup: Path) -> float | None:
    """The smallest CPU quota (in CPUs) of this process's control group and the groups above it, or None."""
    try:
        lines = self_cgroup.read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:  # not Linux, or no /proc
        lines = []
    found: list[float] = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if controllers == "":  # cgroup v2: one hierarchy, mounted at the root
            found += [q for d in _up_from(root, path) if (q := _v2_quota(d)) is not None]
        elif "cpu" in controllers.split(","):  # cgroup v1: the cpu controller's own hierarchy
            for mount in dict.fromkeys((root / controllers, root / "cpu", root / "cpu,cpuacct")):
                found += [q for d in _up_from(mount, path) if (q := _v1_quota(d)) is not None]
    if not found and not lines:
        # no /proc/self/cgroup to say where we are: a container's own root still carries its limit
        found += [q for q in (_v2_quota(root), _v1_quota(root / "cpu")) if q is not None]
    return min(found, default=None)


def _up_from(mount: Path, path: str) -> list[Path]:
    """``mount/path`` and each group above it, up to ``mount`` itself. Inside a container the path named may be
    the host's, missing here; the mount's own root (the container's group) is then still read."""
    parts = [p for p in path.strip().split("/") if p and p not in (".", "..")]
    return [mount.joinpath(*parts[:n]) for n in range(len(parts), -1, -1)]


def _v2_quota(group: Path) -> float | None:
    fields = _read(group / "cpu.max").split()
    if len(fields) != 2 or fields[0] == "max":
        return None
    return _ratio(fields[0], fields[1])


def _v1_quota(group: Path) -> float | None:
    return _ratio(_read(group / "cpu.cfs_quota_us").strip(), _read(group / "cpu.cfs_period_us").strip())


def _ratio(quota: str, period: str) -> float | None:
    """``quota / period`` in CPUs; None for no limit (-1, max) or anything unreadable."""
    try:
        q, p = int(quota), int(period)
    except ValueError:
        return None
    return q / p if q > 0 and p > 0 else None


def _read(file: Path) -> str:
    try:
        with file.open(encoding="ascii", errors="replace") as f:
            return f.read(200)  # a few numbers; bounded, whatever sits there
    except OSError:
        return ""
