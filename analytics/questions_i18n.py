"""The questions' own words for the translators: a `pybabel extract` method (babel.cfg's ``[extractors]``) that
reads each question file's ``answers:`` and ``grain:`` headers (analytics.parse_question), its name as a
heading reads it (``Win rate by strategy``: analytics.report.display_name) and its documented columns with
spaces (``win rate``: analytics.column_name) as messages, so the report and `stats` show them in the reader's
language (``cli.i18n.gettext`` of the English text,
docs/i18n.md). The aggregates' files (``*.cells.sql``, no header) give none."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method: ``(line, function, message, comments)`` for the file's ``answers:`` and
    ``grain:`` (none for a file without a question header)."""
    from . import parse_question

    text = fileobj.read().decode("utf-8")
    try:
        q = parse_question(text)
    except ValueError:
        return
    lines = text.splitlines()
    for key, message in (("grain", q.grain), ("answers", q.description)):
        line = next((i for i, t in enumerate(lines, 1) if t.startswith(f"-- {key}:")), 1)
        yield line, None, message, [f"{q.name}: {key}"]
    yield 1, None, q.name.replace("_", " ").capitalize(), [f"{q.name}: the question's name"]
    for column in q.columns:
        line = next((i for i, t in enumerate(lines, 1) if t.startswith(f"--   {column} ")), 1)
        yield line, None, column.replace("_", " "), [f"{q.name}: column {column}"]
