"""What a fault means for the person who ran the command: the read models' file damaged or unwritable, a
stored log that cannot be replayed because it was damaged (cli.errors.report asks these first)."""

from __future__ import annotations

from typing import Any


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())


GAMES_IN_USE: list = []  # (application, game id) of the games the command named (cli.context._game_id)


#: DuckDB's words for a read-models file that is damaged, and for one it could not write (full disk, a file
#: size limit); the file can be set aside and projected again from the log, or the projection re-run
_DAMAGED = ("Corrupt database file", "Could not read enough bytes")
_UNWRITTEN = ("Could not write file", "File too large", "No space left on device")


def read_models_fault(exc: BaseException) -> str | None:
    """What to tell the user when ``exc`` is DuckDB failing to read or write the read models' file."""
    import sys

    duckdb = sys.modules.get("duckdb")  # only a command that opened DuckDB can have raised its error
    if duckdb is None or not isinstance(exc, duckdb.Error):
        return None
    text = str(exc)
    if any(word in text for word in _DAMAGED):
        return (
            f"the read models' file is damaged ({_one_line(text.splitlines()[0])}); run `dungeon-lords project "
            "--rebuild`: it sets the file aside and projects every game again from the event store"
        )
    if any(word in text for word in _UNWRITTEN):
        import re

        named = re.search(r'Could not write file \\?"([^"\\]+)', text)  # (quoted, or escaped inside JSON)
        if named and not named.group(1).endswith((".duckdb", ".duckdb.wal")):  # an output file: export, --out
            return (
                f"could not write {named.group(1)} (the disk is full, or a file size limit was reached): free "
                "some space and run the command again"
            )
        return (
            "the read models could not be written (the disk is full, or a file size limit was reached); "
            "nothing of them was half-stored and the games are safe: free some space, then run `dungeon-lords project`"
        )
    return None


def damaged_log() -> str | None:
    """The first problem of the stored log of a game the command named, if its hash chain shows one (an
    event edited, or missing): then a replay that failed is the store's fault, not a bug."""
    while GAMES_IN_USE:
        application, gid = GAMES_IN_USE.pop()
        try:
            problems = application.integrity(gid)
        except Exception as exc:  # noqa: BLE001  (the log cannot even be read: say so)
            return f"game {gid}: its stored log cannot be read ({_one_line(exc)})"
        if problems:
            more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
            return f"game {gid}: {problems[0]}{more}; the stored log cannot be replayed (see `dungeon-lords audit`)"
    return None
