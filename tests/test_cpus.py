"""Worker processes on shared machines: one per CPU this process may really use, at most a few.

Issue 25 item 12: bid odds and datasets started ``os.cpu_count()`` processes, which inside a container (a
JupyterHub pod limited to one CPU) is the host's count: thirty students each forking dozens of workers. And
(item 11) ``make_dataset(workers=)`` had no upper bound.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import stats, work
from charlemagne_learn.analysis.work import MAX_DEFAULT_WORKERS, default_workers, usable_cpus


def affinity() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def fake(tmp_path: Path, cgroup: str, files: dict[str, str]) -> tuple[Path, Path]:
    """A cgroup mount at ``tmp_path/cgroup`` holding ``files`` and a ``/proc/self/cgroup`` naming ``cgroup``."""
    root = tmp_path / "cgroup"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    (tmp_path / "self").write_text(cgroup)
    return root, tmp_path / "self"


@pytest.mark.parametrize(
    ("cgroup", "files", "limit"),
    [
        # cgroup v2: the pod's quota of one CPU, in its own group
        ("0::/kubepods/pod7/box\n", {"kubepods/pod7/box/cpu.max": "100000 100000\n"}, 1),
        # half a CPU is still one process
        ("0::/kubepods/pod7\n", {"kubepods/pod7/cpu.max": "50000 100000\n"}, 1),
        # a limit in a group above ours binds us too; the tighter one wins
        ("0::/a/b\n", {"a/cpu.max": "200000 100000\n", "a/b/cpu.max": "max 100000\n"}, 2),
        # inside a container the host's path is missing: the container's own root carries the limit
        ("0::/host/path/we/cannot/see\n", {"cpu.max": "150000 100000\n"}, 2),
        # cgroup v1: quota over period, in the cpu controller's hierarchy
        ("4:cpu,cpuacct:/docker/1f\n", {"cpu,cpuacct/docker/1f/cpu.cfs_quota_us": "100000\n",
                                         "cpu,cpuacct/docker/1f/cpu.cfs_period_us": "100000\n"}, 1),
        ("3:cpu:/\n", {"cpu/cpu.cfs_quota_us": "250000", "cpu/cpu.cfs_period_us": "100000"}, 3),
    ],
)  # fmt: skip
def test_the_cgroup_quota_caps_the_cpus(tmp_path: Path, cgroup: str, files: dict[str, str], limit: int) -> None:
    root, self_cgroup = fake(tmp_path, cgroup, files)
    assert usable_cpus(root, self_cgroup) == min(limit, affinity())


@pytest.mark.parametrize(
    ("cgroup", "files"),
    [
        ("0::/\n", {"cpu.max": "max 100000\n"}),  # no limit
        ("3:cpu:/\n", {"cpu/cpu.cfs_quota_us": "-1", "cpu/cpu.cfs_period_us": "100000"}),  # no limit (v1)
        ("0::/\n", {"cpu.max": "garbage\n"}),  # unreadable: no limit read
        ("0::/\n", {"cpu.max": "0 0\n"}),
        ("0::/\n", {}),  # no files at all (not Linux, no cgroup mounted)
        ("not a cgroup line\n", {}),
    ],
)
def test_without_a_quota_the_affinity_counts(tmp_path: Path, cgroup: str, files: dict[str, str]) -> None:
    root, self_cgroup = fake(tmp_path, cgroup, files)
    assert usable_cpus(root, self_cgroup) == affinity()


def test_no_proc_at_all(tmp_path: Path) -> None:
    assert usable_cpus(tmp_path / "none", tmp_path / "none" / "cgroup") == affinity()


def test_the_default_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work, "usable_cpus", lambda: 96)
    assert default_workers() == MAX_DEFAULT_WORKERS == 8
    monkeypatch.setattr(work, "usable_cpus", lambda: 3)
    assert default_workers() == 3


def test_on_one_usable_cpu_the_defaults_start_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pod limited to one CPU on a many-core host: bid odds and a dataset run in the caller's process."""
    monkeypatch.setattr(work, "usable_cpus", lambda: 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)  # the host's cores, as a container sees them

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(work, "shared_pool", no_pool)
    monkeypatch.setattr(work, "job_pool", no_pool)
    hand = "RJ JH JD AH KH AS AC 9C"
    assert cl.bid_odds("canadian", hand, samples=20, seed=2) == cl.bid_odds(
        "canadian", hand, samples=20, seed=2, workers=1
    )
    assert (
        stats.make_dataset("bid_euchre", deals=2, seed=3).records
        == stats.make_dataset("bid_euchre", deals=2, seed=3, workers=1).records
    )


@pytest.mark.parametrize("workers", [257, 10_000, 0, -1, 2.5, "4", True])
def test_make_dataset_bounds_its_workers(monkeypatch: pytest.MonkeyPatch, workers: object) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("processes were started for a refused call")

    monkeypatch.setattr(work, "job_pool", no_pool)
    with pytest.raises(cl.CharlemagneError, match=r"workers=.* from 1 to 256"):
        stats.make_dataset("bid_euchre", deals=2, workers=workers)  # type: ignore[arg-type]
