"""How `dungeon-lords --help` groups the commands: one panel per job, each command in one, in this order."""

from __future__ import annotations

import typer

#: panel -> its commands, in the order `--help` lists them (docs/cli.md follows the same groups)
PANELS: dict[str, tuple[str, ...]] = {
    "Play": ("new", "act", "orders", "options", "status", "play", "training", "bots"),
    "Record": ("record", "log", "explain", "undo", "correct", "fork", "export", "import", "games"),
    "Audit": ("audit", "diff", "snapshots"),
    "Analyze": ("simulate", "project", "stats", "report", "export-data", "demo"),
    "Serve": ("serve", "tokens"),
    "Tools": ("bench", "catalog"),
}

ORDER = [name for names in PANELS.values() for name in names]
PANEL_OF = {name: panel for panel, names in PANELS.items() for name in names}


def command_name(info) -> str:
    """The name a registered command (or group of commands) is typed as."""
    if info.name:
        return str(info.name)
    callback = info.callback
    return str(callback.__name__).lower().replace("_", "-") if callback is not None else ""


def group(app: typer.Typer) -> None:
    """Put every command registered on ``app`` in its panel, in :data:`PANELS` order (the commands of a
    process that loaded only some modules: those).

    Raises:
        RuntimeError: a command that no panel lists (add it to :data:`PANELS`)."""
    for infos in (app.registered_commands, app.registered_groups):
        missing = [command_name(i) for i in infos if command_name(i) not in PANEL_OF]
        if missing:
            raise RuntimeError(f"commands without a --help panel (cli/panels.py): {', '.join(missing)}")
        infos.sort(key=lambda i: ORDER.index(command_name(i)))
        for info in infos:
            info.rich_help_panel = PANEL_OF[command_name(info)]
