"""The read models, derived in SQL from one batch of events (architecture §5): what every game's projection
shares. Each game's own derivation (its clock, how an undo takes rows back, its look-backs) is its projection
module, found by the game's registry name (:mod:`projections.games`); this module imports no game.

:func:`apply_batch` runs inside the runner's transaction: every registered game's projection stages the batch's
events of its game (in registration order), the aggregates take out the games the batch touches as they stood
(:mod:`projections.rollups`), each projection derives its rows from the new events (looking back at earlier
events of the same games where a row needs them), and the aggregates put the games back as they stand.
"""

from __future__ import annotations

from types import ModuleType

from . import rollups
from .games import registered


def read_json(path: str) -> str:
    """The NDJSON batch at ``path`` (:mod:`projections.staging`) as a DuckDB ``read_json(...)`` source."""
    quoted = path.replace("'", "''")
    return (
        f"read_json('{quoted}', format = 'newline_delimited', "
        "columns = {p: 'BIGINT', g: 'VARCHAR', s: 'INTEGER', ts: 'TIMESTAMP', t: 'VARCHAR', e: 'JSON'})"
    )


def batch_projections(lines: bytes | None = None) -> list[ModuleType]:
    """The projection modules a batch needs (registration order): every registered game's, or with the batch's
    ``lines``, those of the games whose staged events it holds (a module's ``STAGED`` prefix in a ``"t"``; the
    game whose types are staged bare is always run). A registered game without a module is not projected (its
    events stay in the store; :func:`projections.games.unprojected`)."""
    modules = registered()
    if lines is None:
        return modules
    return [m for m in modules if not m.STAGED or f'"t":"{m.STAGED}'.encode() in lines]


def apply_batch(
    con, path: str, first: int, undo: bool = True, lines: bytes | None = None, aggregates: bool = True
) -> None:
    """Insert the NDJSON batch at ``path`` (see :mod:`projections.staging`) whose first notification id is
    ``first``, every row derived from it, and the aggregates brought along (:mod:`projections.rollups`: the games
    it touches taken out as they stood, and put back as they stand). ``undo``: the batch may hold an InputUndone
    or InputCorrected (False skips that step); ``lines``: the batch's bytes, to run only the projections of the
    games it holds (:func:`batch_projections`; None: every game's). ``aggregates`` False: the aggregates are left
    as they are (the caller rebuilds them: :func:`projections.rollups.refresh`). Runs in the caller's transaction."""
    projections = batch_projections(lines)
    source = read_json(path)
    for projection in projections:
        projection.stage(con, source)
    if aggregates:
        rollups.touched(con, first, projections)
        rollups.leave(con)
    for projection in projections:
        projection.derive(con, first, undo)
    if aggregates:
        rollups.enter(con)


__all__ = ["apply_batch", "batch_projections", "read_json"]
