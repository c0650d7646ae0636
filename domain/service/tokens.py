"""Access tokens of the game service: one for the recorder (acts for every seat, enters draws) and one per
seat (sees only that seat's view, acts only for it). Tokens are random (``secrets``), shown once when
issued, stored only as SHA-256 digests beside the events (never in the log), compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any
from uuid import UUID

from .live import adopt_from_public, is_postgres, schema_lock_key, table_of

TOKENS_TABLE = "dungeonlords_tokens"
RECORDER = "recorder"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class AccessTokens:
    """The tokens of the games in one store (the application's own datastore; memory: in the process): every
    server process on the same store shares them. On PostgreSQL the table is in the store's schema
    (``?schema=``, else ``public``), created under that schema's advisory lock
    (:func:`~domain.service.live.schema_lock_key`), as the store's own tables are."""

    def __init__(self, application: Any) -> None:
        self.recorder: Any = application.recorder
        self.memory: dict[str, list[tuple[str, str]]] | None = None
        if hasattr(self.recorder, "_stored_events"):  # the memory store: nothing to create
            self.memory = self.recorder.__dict__.setdefault("_dl_tokens", {})
            return
        self.table = table_of(self.recorder, TOKENS_TABLE)
        self.mark = "?" if type(self.recorder).__module__.endswith("sqlite") else "%s"
        with self.recorder.datastore.transaction(commit=True) as c:
            if is_postgres(self.recorder):  # processes starting together on a fresh schema create it once
                c.execute("SELECT pg_advisory_xact_lock(%s)", (schema_lock_key(str(self.recorder.datastore.schema)),))
            c.execute(f"CREATE TABLE IF NOT EXISTS {self.table} (game_id TEXT, role TEXT, digest TEXT)")
            # the tokens of this store's games, made in public before they went to its schema
            adopt_from_public(c, self.recorder, TOKENS_TABLE, "game_id IN (SELECT originator_id::text FROM {events})")

    def issue(self, game_id: UUID, seats: list[str]) -> dict[str, Any]:
        """New tokens for ``game_id`` (earlier ones stop working): ``{"recorder": t, "seats": {seat: t}}``."""
        tokens = {RECORDER: secrets.token_urlsafe(24), **{s: secrets.token_urlsafe(24) for s in seats}}
        rows = [(str(game_id), role, _digest(t)) for role, t in tokens.items()]
        if self.memory is not None:
            self.memory[str(game_id)] = [(role, d) for _, role, d in rows]
        else:
            with self.recorder.datastore.transaction(commit=True) as c:
                c.execute(f"DELETE FROM {self.table} WHERE game_id = {self.mark}", (str(game_id),))
                for row in rows:
                    c.execute(f"INSERT INTO {self.table} VALUES ({self.mark}, {self.mark}, {self.mark})", row)
        return {RECORDER: tokens[RECORDER], "seats": {s: tokens[s] for s in seats}}

    def reissue(self, game_id: UUID, role: str) -> str:
        """A new token for one ``role`` of ``game_id`` (a seat, or the recorder): that role's earlier token
        stops working at once; every other role's keeps working."""
        token = secrets.token_urlsafe(24)
        if self.memory is not None:
            rows = [(r, d) for r, d in self.memory.get(str(game_id), []) if r != role]
            self.memory[str(game_id)] = [*rows, (role, _digest(token))]
            return token
        m = self.mark
        with self.recorder.datastore.transaction(commit=True) as c:
            c.execute(f"DELETE FROM {self.table} WHERE game_id = {m} AND role = {m}", (str(game_id), role))
            c.execute(f"INSERT INTO {self.table} VALUES ({m}, {m}, {m})", (str(game_id), role, _digest(token)))
        return token

    def role_of(self, game_id: UUID, token: str | None) -> str | None:
        """``"recorder"``, a seat, or None when ``token`` opens nothing of ``game_id``."""
        if not token:
            return None
        if self.memory is not None:
            known = self.memory.get(str(game_id), [])
        else:
            with self.recorder.datastore.transaction(commit=False) as c:
                c.execute(f"SELECT role, digest FROM {self.table} WHERE game_id = {self.mark}", (str(game_id),))
                known = [
                    (r[0], r[1]) if isinstance(r, tuple | list) else (r["role"], r["digest"]) for r in c.fetchall()
                ]
        digest = _digest(token)
        found = None
        for role, stored in known:  # every row compared, in constant time each
            if hmac.compare_digest(stored, digest):
                found = role
        return found

    def games_opened_by(self, tokens: list[str]) -> set[str]:
        """The ids of the games that any of ``tokens`` opens (as the recorder or a seat): the lobby shows
        the players' names of these games only. A lookup by digest: the digests of random tokens."""
        digests = {_digest(t) for t in tokens if t}
        if not digests:
            return set()
        if self.memory is not None:
            return {g for g, rows in self.memory.items() if any(d in digests for _, d in rows)}
        marks = ", ".join([self.mark] * len(digests))
        with self.recorder.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT game_id FROM {self.table} WHERE digest IN ({marks})", tuple(digests))
            return {str(r[0] if isinstance(r, tuple | list) else r["game_id"]) for r in c.fetchall()}
