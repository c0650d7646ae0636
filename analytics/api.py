"""The answers and the read models as Arrow tables, and as files, with where they come from (issue #31).

    table = answer(con, "win_rate_by_strategy", {"players": 4}, engine="dungeon-lords 0.1.0")
    meta(table)    # {"question": ..., "filters": {...}, "warnings": [...], "scope": {"games": n, "seats": m}, ...}
    table.to_pandas(); polars.from_arrow(table)

SQL over the read models only (no engine, no event store): ``con`` is a DuckDB connection holding them, read-only
or not. Opening the store and catching up is the caller's (``cli.notebook.ask`` for a notebook, the commands).

Every table and file carries its provenance (:func:`provenance`) as Arrow schema metadata and as Parquet
key-value metadata: the question or read model, the filters, the store's identity, the last notification
projected (its id and a digest of the stored event), the engine's version and the time it was made (UTC).
Times are ``TIMESTAMP WITH TIME ZONE`` (UTC), JSON payloads are text, and a seat's row says whether its game
is finished and archived.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import QUESTIONS, SCOPE, prepare, scope_predicate, warnings_for

#: the provenance keys (Arrow schema metadata, Parquet key-value metadata); the values are text (JSON where noted)
PROVENANCE = {
    "question": "the question asked (an answer), or empty",
    "table": "the read model (a table of export-data or read_model), or empty",
    "filters": "JSON: the filters given, by name (those not given are left out)",
    "store_id": "the identity of the event store the read models were projected from",
    "head_notification": "the last notification of that store the read models applied",
    "head_digest": "sha256 of that notification's stored bytes (which hold the event's chain hash)",
    "engine": "the engine's name and version",
    "created_at": "when the table or file was made, ISO 8601 in UTC",
    "warnings": "JSON: the answer's warnings, as `stats` prints them (a list of text)",
    "scope": 'JSON: {"games": N, "seats": M} in scope (finished, not archived, within the filters)',
}

#: per-seat read models whose rows say whether their game is finished and archived (from ``games``)
FLAGGED = ("player_results", "mi_results")


def _rows(con, sql: str) -> list[tuple]:
    return con.execute(sql).fetchall()


def _tables(con) -> set[str]:
    return {r[0] for r in _rows(con, "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'")}


def provenance(con, engine: str, question: str = "", table: str = "", filters: dict | None = None) -> dict[str, str]:
    """The provenance of an answer (``question``) or a read model (``table``) over the read models in ``con``:
    :data:`PROVENANCE`'s keys, every value text. ``filters``: the parameters given (None values left out)."""
    have = _tables(con)
    store = _rows(con, "SELECT store_id FROM projection_store") if "projection_store" in have else []
    head = (
        _rows(con, "SELECT position, digest FROM projection_head WHERE name = 'read_models'")
        if "projection_head" in have
        else []
    )
    given = {k: v for k, v in (filters or {}).items() if v is not None}
    return {
        "question": question,
        "table": table,
        "filters": json.dumps(given, default=_text, sort_keys=True),
        "store_id": str(store[0][0]) if store else "",
        "head_notification": str(head[0][0]) if head else "0",
        "head_digest": str(head[0][1] or "") if head else "",
        "engine": engine,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _text(value: Any) -> str:
    if isinstance(value, datetime):  # the filters' times are UTC (analytics.SCOPE)
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()
    return str(value)


def in_scope(con, **params: Any) -> dict[str, int]:
    """How many games and seats the common filters (``params``: :data:`analytics.SCOPE`'s names) leave in scope:
    finished, not archived, within every filter given."""
    values = {p.name: params.get(p.name) for p in SCOPE}
    games = f"SELECT g.game_id FROM games AS g WHERE {scope_predicate('g')}"
    row = con.execute(
        f"SELECT (SELECT count(*) FROM ({games})), "
        f"(SELECT count(*) FROM player_results WHERE game_id IN ({games})) + "
        f"(SELECT count(*) FROM mi_results WHERE game_id IN ({games}))",
        values,
    ).fetchall()[0]
    return {"games": int(row[0]), "seats": int(row[1])}


def answer(con, name: str, params: dict[str, Any], engine: str) -> Any:
    """The answer of question ``name`` with ``params`` (as ``analytics.run_question`` takes them) as a
    ``pyarrow.Table``, its :data:`PROVENANCE` in the schema metadata (:func:`meta` reads it back).

    Raises:
        KeyError: no such question; TypeError: a parameter the question does not take.
    """
    sql, values = prepare(name, con=con, **params)
    table = con.sql(sql, params=values or None).to_arrow_table()
    columns = table.column_names
    rows = list(zip(*(c.to_pylist() for c in table.columns)))
    said = warnings_for(con, name, columns, rows, **params)
    info = provenance(con, engine, question=name, filters=params)
    info["warnings"] = json.dumps(said)
    info["scope"] = json.dumps(in_scope(con, **params))
    return table.replace_schema_metadata({**(table.schema.metadata or {}), **info})


def shaped(con, table: str) -> str:
    """The query that reads read model ``table`` as exports and notebooks get it: ``TIMESTAMP`` columns as
    ``TIMESTAMP WITH TIME ZONE`` (they hold UTC), ``JSON`` as text, and (:data:`FLAGGED`) each seat's game's
    ``finished`` and ``archived``.

    Raises:
        ValueError: ``table`` is not a read model in ``con``.
    """
    types = con.execute(
        "SELECT column_name, data_type FROM duckdb_columns() WHERE schema_name = 'main' AND table_name = ? "
        "ORDER BY column_index",
        [table],
    ).fetchall()
    if not types or not table.replace("_", "").isalnum():  # (a name written into SQL below)
        raise ValueError(f"no read model named {table!r}")
    cols = []
    for column, kind in types:
        if kind == "TIMESTAMP":
            cols.append(f"timezone('UTC', t.{column}) AS {column}")
        elif kind == "JSON":
            cols.append(f"CAST(t.{column} AS VARCHAR) AS {column}")
        else:
            cols.append(f"t.{column}")
    have = {c for c, _ in types}
    if table in FLAGGED and not {"finished", "archived"} & have:
        cols += ["coalesce(g.finished, false) AS finished", "coalesce(g.archived, false) AS archived"]
        return f"SELECT {', '.join(cols)} FROM {table} AS t LEFT JOIN games AS g USING (game_id)"
    return f"SELECT {', '.join(cols)} FROM {table} AS t"


def games_where() -> str:
    """A condition on ``game_id`` keeping the games the common filters leave in scope (as the questions count
    them: finished, not archived), for :func:`shaped` queries; the values are :func:`scope_values`."""
    return f"game_id IN (SELECT g.game_id FROM games AS g WHERE {scope_predicate('g')})"


def scope_values(params: dict[str, Any]) -> dict[str, Any]:
    return {p.name: params.get(p.name) for p in SCOPE}


def read_model(con, table: str, engine: str, params: dict[str, Any] | None = None) -> Any:
    """Read model ``table`` as a ``pyarrow.Table`` shaped as :func:`shaped` says, with its :data:`PROVENANCE`;
    with ``params`` (the common filters), only the rows of the games in scope.

    Raises:
        ValueError: no such read model, or one without games (an aggregate) asked with filters.
    """
    sql, values = _filtered(con, table, params)
    out = con.sql(sql, params=values).to_arrow_table()
    info = provenance(con, engine, table=table, filters=params)
    return out.replace_schema_metadata({**(out.schema.metadata or {}), **info})


def _filtered(con, table: str, params: dict[str, Any] | None) -> tuple[str, dict[str, Any] | None]:
    sql = shaped(con, table)
    if not params or all(v is None for v in params.values()):
        return sql, None
    if table not in _game_tables(con):
        raise ValueError(f"{table} holds no games (an aggregate): it cannot be filtered by game")
    return f"SELECT * FROM ({sql}) WHERE {games_where()}", scope_values(params)


def meta(table: Any) -> dict[str, Any]:
    """The provenance of an Arrow table made here (or read back from a Parquet file written here): the
    :data:`PROVENANCE` keys, the JSON ones decoded."""
    raw = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items() if k.decode() in PROVENANCE}
    return {k: json.loads(v) if k in ("filters", "warnings", "scope") else v for k, v in raw.items()}


def answer_schema(con) -> list[tuple[str, str, str, str]]:
    """Every question's answer as ``stats --schema`` prints it, after the read models: ``(table, column, type,
    comment)`` rows, a question's own row first (table ``stats NAME``, column ``''``, its ``answers:``
    sentence), then each column with its type (DuckDB's ``DESCRIBE`` of the query) and its documented meaning."""
    out = []
    for name, q in QUESTIONS.items():
        sql, values = prepare(name)
        try:
            describe = con.execute(f"DESCRIBE {sql}", values) if values else con.execute(f"DESCRIBE {sql}")
            types = {r[0]: r[1] for r in describe.fetchall()}
        except Exception:  # noqa: BLE001  (a read model it needs is missing: the columns without their types)
            types = {}
        out.append((f"stats {name}", "", "", f"{q.description} Grain: {q.grain}."))
        out += [(f"stats {name}", c, types.get(c, ""), meaning) for c, meaning in q.columns.items()]
        out += [(f"stats {name}", c, t, "") for c, t in types.items() if c not in q.columns]
    return out


# --- files -------------------------------------------------------------------------------------------------
FORMATS = {"csv": "FORMAT csv, HEADER true", "json": "FORMAT json, ARRAY true", "parquet": "FORMAT parquet"}


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def copy(con, query: str, path: str | Path, fmt: str, info: dict[str, str], values: dict | None = None) -> int:
    """``COPY (query) TO path`` (DuckDB's own writer) in ``fmt``; a Parquet file carries ``info`` as key-value
    metadata. Times are written in UTC (a CSV's too). Returns the rows written.

    Raises:
        ValueError: an unknown format; duckdb.Error: the file cannot be written.
    """
    if fmt not in FORMATS:
        raise ValueError(f"the formats are {', '.join(FORMATS)}, not {fmt!r}")
    options = FORMATS[fmt]
    if fmt == "parquet":
        options += ", KV_METADATA {" + ", ".join(f'"{k}": {_literal(v)}' for k, v in info.items()) + "}"
    con.execute("SET TimeZone = 'UTC'")  # a TIMESTAMPTZ is written as UTC in CSV and JSON too
    cur = con.execute(f"COPY ({query}) TO {_literal(str(path))} ({options})", values or None)
    return int(cur.fetchall()[0][0])


def export_answer(con, name: str, path: str | Path, fmt: str, params: dict[str, Any], engine: str) -> int:
    """Write the answer of ``name`` (``params`` as :func:`answer`) to ``path`` with its provenance (Parquet
    metadata: :data:`PROVENANCE`, with the warnings and the scope); returns the rows written."""
    sql, values = prepare(name, con=con, **params)
    info = provenance(con, engine, question=name, filters=params)
    columns, rows = _answer_rows(con, sql, values)
    info["warnings"] = json.dumps(warnings_for(con, name, columns, rows, **params))
    info["scope"] = json.dumps(in_scope(con, **params))
    return copy(con, sql, path, fmt, info, values)


def _answer_rows(con, sql: str, values: dict[str, Any]) -> tuple[list[str], list[tuple]]:
    cur = con.execute(sql, values) if values else con.execute(sql)
    return [d[0] for d in cur.description], cur.fetchall()


def export_tables(
    con, directory: str | Path, fmt: str, tables: list[str], engine: str, params: dict[str, Any] | None = None
) -> dict[str, int]:
    """Write each read model of ``tables`` to ``directory/<table>.<fmt>`` shaped as :func:`shaped` says, with its
    provenance; with ``params`` (the common filters) only the rows of the games in scope, and only the tables
    that hold games (the aggregates are left out). Returns the rows written per table."""
    written = {}
    filtered = bool(params) and any(v is not None for v in (params or {}).values())
    for table in tables:
        if filtered and table not in _game_tables(con):
            continue
        sql, values = _filtered(con, table, params)
        info = provenance(con, engine, table=table, filters=params)
        written[table] = copy(con, sql, Path(directory) / f"{table}.{fmt}", fmt, info, values)
    return written


def _game_tables(con) -> set[str]:
    return {r[0] for r in _rows(con, "SELECT table_name FROM duckdb_columns() WHERE column_name = 'game_id'")}


__all__ = [
    "FLAGGED",
    "PROVENANCE",
    "QUESTIONS",
    "answer",
    "answer_schema",
    "copy",
    "export_answer",
    "export_tables",
    "in_scope",
    "meta",
    "provenance",
    "read_model",
    "shaped",
]
