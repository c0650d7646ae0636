"""Kept catalog versions: every released version of a game's catalog file, kept under its content hash so
that a stored game replays with the catalog it was played with. The game's catalog module (its one declared
loader) reads the files; this module only orders and checks what it read."""

from __future__ import annotations


def kept_in_order(kept: dict[str, str], current: str, file: str, folder: str) -> dict[str, str]:
    """``kept`` (content hash -> JSON text) with today's version ``current`` first, then the others by hash.

    Raises:
        ValueError: ``current`` is not kept; the message says which file to copy where (``file``, ``folder``)."""
    if current not in kept:
        raise ValueError(
            f"{file} (catalog {current[:12]}) is not kept in {folder}/: copy it to {folder}/{current}.json, "
            "so that the games played with it replay with it"
        )
    rest = {k: v for k, v in kept.items() if k != current}
    return {current: kept[current], **dict(sorted(rest.items()))}
