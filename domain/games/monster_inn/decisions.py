"""Every kind of decision a game of Monster Inn waits for, as data (``docs/decisions.md`` lists them)."""

from __future__ import annotations

from domain.kernel.pending import DecisionSpec as D

DECISIONS: dict[str, D] = {
    d.kind: d
    for d in [
        D(
            "chance",
            "chance (the recorder at a table)",
            ("record_draw",),
            "inn.deal",
            "what came up: the Inn's cards, or a humanoid turned over at scoring",
            ("what", "round", "player", "position"),
        ),
        D(
            "turn",
            "the player whose turn it is",
            ("remain", "exchange", "leave"),
            "turn.leftmost",
            "Remain (add to the Pool), exchange, or Leave with the Pool and the leftmost creature",
            ("card", "pool", "pool_type"),
        ),
        D(
            "bonus",
            "the player who took a humanoid",
            ("take_bonus",),
            "bonus.take",
            "which treasure to take from the general supply",
        ),
        D(
            "support",
            "the player who placed a monster of a kind they have",
            ("support", "no_support"),
            "support.same_kind",
            "Support one monster of that kind with 1 treasure, or not",
            ("targets",),
        ),
        D("game_over", "nobody", (), "score.winner", "the game is over"),
    ]
}
