"""What one player may see (rulebook › Set-up: keep your personal supply hidden until the end; Variant:
open Treasures). The state holds no humanoid's front before it is turned over, so only the other
players' supplies, the general supply's split (it would tell the type of another seat's humanoid bonus)
and, in digital play, the seed (it predicts every draw) are hidden. The log's events as a seat sees them
agree (``audit.visible_event``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import HIDDEN

from .state import GameState, to_dict


def view(state: GameState, viewer: str | None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat; None: the recorder, who sees the whole table) may see it: a
    JSON-native dict with the secrets as HIDDEN."""
    return redacted(to_dict(state), viewer)


def redacted(data: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """A state's JSON form (``to_dict``; also as an undo or a correction stores it) as ``viewer`` may see
    it: a digital game's seed hidden until the end; in the standard variant, another seat's supply and the
    general supply's split. ``data`` is changed in place and returned."""
    over = data.get("phase") == "over"
    if data.get("mode") == "digital" and not over:
        data["seed"] = HIDDEN
    if viewer is None or over or data.get("variant") == "open_treasure":
        return data
    for p in data.get("players", []):
        if p.get("seat") != viewer:
            p["gold"] = p["gem"] = HIDDEN
    # the general supply's split would tell which treasure another seat took as a humanoid bonus
    if isinstance(data.get("supply"), dict):
        data["supply"] = dict.fromkeys(data["supply"], HIDDEN)
    return data
