"""What one player may see (rulebook › Set-up: keep your personal supply hidden until the end; Variant:
open Treasures). The state holds no humanoid's front before it is turned over, so only the other
players' supplies and, in digital play, the seed (it predicts every draw) are hidden."""

from __future__ import annotations

from typing import Any

from domain.kernel import HIDDEN

from .state import GameState, to_dict


def view(state: GameState, viewer: str | None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat; None: the recorder, who sees the whole table) may see it: a
    JSON-native dict with the secrets as HIDDEN."""
    data = to_dict(state)
    over = state.phase == "over"
    if state.mode == "digital" and not over:
        data["seed"] = HIDDEN
    if viewer is None or over or state.variant == "open_treasure":
        return data
    for p in data["players"]:
        if p["seat"] != viewer:
            p["gold"] = p["gem"] = HIDDEN
    return data
