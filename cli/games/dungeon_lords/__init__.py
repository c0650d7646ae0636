"""Dungeon Lords in the terminal and on the page (looked up by :mod:`cli.games` by the game's name): its status
picture, options and score card (``render.py``), the page's board (``board_svg.py``), and its own commands:
catalog (``catalog.py``), orders (a round's three orders) and training (the Combat Training dungeons), in
``commands.py`` (:func:`cli.games.load_commands` imports it; reading a game needs none of them);
the record loop's orders typed as cards (``record.py``); words in the reader's language (``words.py``; the
log's events: ``event_words.py``)."""

from __future__ import annotations

from .event_words import event_words, say  # noqa: F401  (the log in the reader's language, looked up here)
from .record import record_command, record_hint  # noqa: F401  (the record loop's hooks, looked up here)
from .render import options_table, scores_table, status_table


def status(package, state, viewer: str | None) -> None:
    """The status picture as ``viewer`` may see it (the view is the one redaction)."""
    status_table(package.from_dict(package.view(state, viewer)) if viewer else state, viewer)


def options(package, p, viewer: str | None, hide_others: bool, state) -> None:
    """The pending decision and its numbered options, with what each costs."""
    options_table(p, actor_filter=viewer, hide_others=hide_others, state=state)


def install_page(env) -> None:
    """The table page's board pictures (``dl_dungeon``, ``dl_central``) in its Jinja2 environment."""
    from .board_svg import install_board

    install_board(env)


def page_taps(package, pending, actors: list[str]):
    """The dungeon squares that answer the page's decision, by player and square (:mod:`.board_svg`)."""
    from .board_svg import page_taps as taps

    return taps(package, pending, actors)


def final(package, state) -> None:
    """The score card of a finished game (else the status picture)."""
    scores_table(state) if state.scores else status_table(state, None)
