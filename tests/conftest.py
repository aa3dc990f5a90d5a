"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import charlemagne_learn as cl


@pytest.fixture
def french_course() -> Iterator[None]:
    """The course set to French for one test, and back to the folder's course after it, whatever happens."""
    cl.set_course(lang="fr")
    try:
        yield
    finally:
        cl.set_course()
