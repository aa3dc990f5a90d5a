"""Shared tables: a class plays together, each person at their own screen, on the JupyterLab server it already
uses. :mod:`.tables` is the referee itself (plain Python: the seats, who sees what, the frames, the tables kept on
disk); :mod:`.server` carries its frames as a Jupyter Server extension (``charlemagne_learn.referee``). Beside the
widgets, not above them: neither imports the other. The package's facade does not import it."""

from .tables import Link, Referee, RefereeError, Table

__all__ = ["Link", "Referee", "RefereeError", "Table"]
