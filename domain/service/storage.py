"""Where games are stored: a store spec (a string) -> eventsourcing's persistence env.

Store specs (architecture §3: storage is configuration, not code):

    None                                  env var DL_STORE if set, else the SQLite file
                                          ``<user data dir>/dungeon-lords/games.sqlite`` (dir created)
    "memory"                              in memory (eventsourcing POPO): tests, simulation
    "sqlite:///abs/path.sqlite"           a SQLite file (also a plain path ending .sqlite, .sqlite3 or .db;
                                          a relative path is taken from the current directory)
    "postgresql://user[:pw]@host[:port]/dbname[?schema=name]"
                                          PostgreSQL (``postgres://`` too); the password may be empty
                                          (then env var POSTGRES_PASSWORD, else ""); the schema must exist;
                                          connecting gives up after POSTGRES_CONNECT_TIMEOUT (default 10) s

Nothing here opens a database; the application does (``GameService(env=store_env(spec))``).
"""

from __future__ import annotations

import getpass
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import platformdirs

from . import settings

SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
PG_RECORDER_TOPIC = "domain.service.pgrecorder:UnpipelinedRecorder"  # a topic: psycopg is imported only when used
SQLITE_RECORDER_TOPIC = "domain.service.recorder_sqlite:ManyRowsRecorder"  # an append's rows in one executemany


def default_sqlite_path() -> Path:
    """``games.sqlite`` in the user's data directory (created if missing)."""
    d = Path(platformdirs.user_data_dir("dungeon-lords"))
    d.mkdir(parents=True, exist_ok=True)
    return d / "games.sqlite"


def _sqlite(path: str | Path) -> dict[str, str]:
    p = Path(path).expanduser().resolve()
    if not p.parent.is_dir():
        raise ValueError(f"cannot store games in {p}: the directory {p.parent} does not exist")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(p),
        "APPLICATION_RECORDER_TOPIC": SQLITE_RECORDER_TOPIC,  # recorder_sqlite.py
    }


def _postgres(spec: str) -> dict[str, str]:
    u = urlsplit(spec)
    dbname = unquote(u.path.lstrip("/"))
    if not dbname:
        raise ValueError(f"the PostgreSQL address {spec!r} names no database (postgresql://user@host:port/dbname)")
    password = unquote(u.password) if u.password is not None else settings.postgres_password()
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": u.hostname or "localhost",
        "POSTGRES_PORT": str(u.port or 5432),
        "POSTGRES_USER": unquote(u.username) if u.username else getpass.getuser(),
        "POSTGRES_PASSWORD": password,
        # eventsourcing waits 30 s for an unreachable server by default: too long for a CLI
        "POSTGRES_CONNECT_TIMEOUT": settings.postgres_connect_timeout(),
        # eventsourcing 9.5's insert function (POSTGRES_ENABLE_DB_FUNCTIONS=y) takes no table lock: appends could
        # then commit out of notification-id order and a projection skip one for ever (docs/scaling.md)
        "POSTGRES_ENABLE_DB_FUNCTIONS": "n",
        # eventsourcing's recorder sends an append in psycopg's pipeline mode, where a big one (megabytes) can hang
        # for ever; this one sends the same statements outside it (pgrecorder.py, docs/scaling.md)
        "APPLICATION_RECORDER_TOPIC": PG_RECORDER_TOPIC,
    }
    schema = parse_qs(u.query).get("schema")
    if schema:
        env["POSTGRES_SCHEMA"] = schema[0]
    return env


def store_env(store: str | None = None) -> dict[str, str]:
    """The eventsourcing env for a store spec (see the module docstring).

    Raises:
        ValueError: the spec is not one of the forms above, or a SQLite file's directory is missing.
    """
    if store is None:
        store = settings.store_spec()
        if store is None:
            return _sqlite(default_sqlite_path())
    spec = store.strip()
    if spec == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if spec.startswith("sqlite://"):
        path = spec[len("sqlite://") :]
        if not path:
            raise ValueError("a SQLite store needs a file: sqlite:///abs/path.sqlite")
        return _sqlite(path)
    if spec.startswith(("postgresql://", "postgres://")):
        return _postgres(spec)
    if spec.lower().endswith(SQLITE_SUFFIXES):
        return _sqlite(spec)
    raise ValueError(
        f"unknown store {store!r}: use 'memory', a file ending .sqlite or .db, "
        "sqlite:///abs/path.sqlite, or postgresql://user@host:port/dbname"
    )


def describe_store(env: Mapping[str, str]) -> str:
    """A one-line description for people: "SQLite file /path", "PostgreSQL user@host:port/db", "in memory"."""
    module = env.get("PERSISTENCE_MODULE", "eventsourcing.popo")
    if module == "eventsourcing.sqlite":
        return f"SQLite file {env.get('SQLITE_DBNAME')}"
    if module == "eventsourcing.postgres":
        where = (
            f"PostgreSQL {env.get('POSTGRES_USER')}@{env.get('POSTGRES_HOST')}:"
            f"{env.get('POSTGRES_PORT', '5432')}/{env.get('POSTGRES_DBNAME')}"
        )
        return where + (f" (schema {env['POSTGRES_SCHEMA']})" if env.get("POSTGRES_SCHEMA") else "")
    if module == "eventsourcing.popo":
        return "in memory"
    return module
