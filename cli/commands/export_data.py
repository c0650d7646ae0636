"""export-data: the read models as files, one per table, with their provenance (and the filters of stats)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..context import StoreOpt, app
from ..errors import UserError, handled
from ..filter_options import (
    DerivedOpt,
    OriginFilter,
    PlayersFilter,
    RulesetFilter,
    SinceFilter,
    StrategyFilter,
    UntilFilter,
    VariantFilter,
)
from .stats import _caught_up, _engine


@app.command("export-data")
@handled
def export_data(
    out: Annotated[Path, typer.Option("--out", help="The folder to write one file per read model into.")],
    fmt: Annotated[str, typer.Option("--format", help="parquet or csv.")] = "parquet",
    game: Annotated[str | None, typer.Option(help="Only this registered game's games (default: every game).")] = None,
    ruleset: RulesetFilter = None,
    variant: VariantFilter = None,
    players: PlayersFilter = None,
    origin: OriginFilter = None,
    since: SinceFilter = None,
    until: UntilFilter = None,
    strategy: StrategyFilter = None,
    derived: DerivedOpt = False,
    store: StoreOpt = None,
    partition_by: Annotated[
        str | None,
        typer.Option(
            help="Write one Hive-partitioned Parquet dataset by these keys (game,ruleset,month) instead, with a "
            "manifest; `stats --data` answers over it."
        ),
    ] = None,
) -> None:
    """Write every read model to a folder, one file per table (DuckDB's COPY), after catching up. Parquet files
    carry their provenance (table, filters, store, last notification, engine, time). With a filter, only the
    rows of the games `stats` would count with it (finished, not archived), and only the tables of games."""
    from analytics.api import export_tables
    from projections.schema import TABLES

    from ..analytics_cmds import catch_up
    from ..consoles import console
    from ..filters import registry_name, scope

    if fmt not in ("parquet", "csv"):
        raise UserError(f"--format takes parquet or csv, not {fmt!r}")
    if out.exists() and not out.is_dir():
        raise UserError(f"--out {out} is a file; give a folder")
    given = (ruleset, variant, players, origin, since, until, strategy)
    if partition_by is not None:
        return _partitioned(
            out, fmt, partition_by, store, game is not None or derived or any(v is not None for v in given)
        )
    con = _caught_up(store, catch_up)
    params = None
    if game is not None or derived or any(v is not None for v in given):
        from ..analytics_games import no_read_models

        name = registry_name(game) if game else None
        no_read_models(con, name, UserError)
        params = scope(con, name, *given, derived=derived)
    out.mkdir(parents=True, exist_ok=True)
    written = export_tables(con, str(out), fmt, list(TABLES), engine=_engine(), params=params)
    for table, n in written.items():
        console.print(f"{table}: {n} rows -> {out / f'{table}.{fmt}'}")


def _partitioned(out: Path, fmt: str, keys: str, store, filtered: bool) -> None:
    """export-data --partition-by: the whole read models as one dataset (analytics.dataset)."""
    import time

    from ..analytics_cmds import catch_up
    from ..consoles import console
    from ..datasets import export, partition_keys

    wanted = partition_keys(keys)
    if fmt != "parquet":
        raise UserError("--partition-by writes Parquet only (give no --format, or --format parquet)")
    if filtered:
        raise UserError("--partition-by writes every game (filter when asking: `stats --data DIR --ruleset ...`)")
    con = _caught_up(store, catch_up)
    started = time.perf_counter()
    written = export(con, out, wanted, _engine())
    took = time.perf_counter() - started
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    console.print(
        f"wrote {sum(written.values())} rows of {len(written)} tables to {out}, partitioned by {','.join(wanted)} "
        f"({size / 2**20:.1f} MiB in {took:.1f} s); ask it with `dungeon-lords stats NAME --data {out}`"
    )
