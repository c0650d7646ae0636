"""The partitioned Parquet dataset for the commands (analytics.dataset): `export-data --partition-by` writes one,
`stats --data DIR` answers over one (issue #34)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .consoles import err_console
from .errors import AFTER_COMMAND, UserError


def partition_keys(text: str) -> tuple[str, ...]:
    """``--partition-by game,ruleset,month`` as its keys, checked (exit 2 naming the keys there are)."""
    from analytics.dataset import PARTITION_KEYS

    keys = tuple(k.strip() for k in text.split(",") if k.strip())
    if not keys or any(k not in PARTITION_KEYS for k in keys) or len(set(keys)) != len(keys):
        raise UserError(f"--partition-by takes some of {','.join(PARTITION_KEYS)} (each once), not {text!r}")
    return keys


def export(con: Any, out: Path, keys: tuple[str, ...], engine: str) -> dict[str, int]:
    """Every read model (and aggregate) of ``con`` under ``out`` partitioned by ``keys``; the rows per table.

    Raises:
        UserError (exit 2): ``out`` is a file, or a folder of other files.
    """
    from analytics.dataset import write_dataset
    from projections.schema import SCHEMA_VERSION, TABLES

    try:
        return write_dataset(con, out, list(TABLES), keys, SCHEMA_VERSION, engine)
    except ValueError as exc:
        raise UserError(f"--out: {exc}") from None


def open_data(directory: Path) -> Any:
    """The dataset in ``directory`` as a DuckDB connection the questions read (closed when the command ends).

    Raises:
        UserError: no folder, or no dataset in it (exit 2); a dataset of another read-model schema, or damaged
            files (exit 5).
    """
    from analytics.dataset import DatasetUnusable, NotADataset, open_dataset
    from projections.schema import SCHEMA_VERSION

    try:
        con = open_dataset(directory, SCHEMA_VERSION)
    except NotADataset as exc:
        raise UserError(f"--data: {exc}") from None
    except DatasetUnusable as exc:
        raise UserError(f"--data: {exc}", 5) from None
    AFTER_COMMAND.append(con.close)
    return con


def say_source(directory: Path) -> None:
    """Which store the dataset in ``directory`` came from, up to which notification, and when it was written: a
    note on standard error (an answer never passes for the store's as it is now)."""
    from analytics.dataset import manifest

    said = manifest(directory)
    err_console.print(
        f"note: the dataset {directory}: store {said.get('store_id') or '(unknown)'} up to notification "
        f"{said.get('head_notification')}, exported {said.get('created_at')}",
        markup=False,
        highlight=False,
    )
