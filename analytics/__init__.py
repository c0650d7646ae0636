"""Named questions asked of the DuckDB read models (architecture §5).

Each question is one SQL file in ``analytics/questions/common/`` (asked of every game's results) or
``analytics/questions/<game>/`` (shipped as package data). The file opens
with a header of ``--`` comments, then the query::

    -- name: win_rate_by_strategy
    -- headline: 1                  (optional: a headline question, charted first; 1 before 2)
    -- grain: one row per strategy
    -- parameters:
    --   players INTEGER  keep only games with this many players; NULL = all player counts
    -- answers: Which strategy wins most often ...   (continuation lines are indented)
    -- columns:
    --   strategy  the bot policy ...

Parameters are DuckDB named parameters written ``$players`` in the SQL and passed as a dict
(``con.execute(sql, {"players": 3})``). Every declared parameter is optional: ``None`` (SQL NULL)
means "no filter", so each query writes ``($players IS NULL OR g.players = $players)``.

    from analytics import QUESTIONS, run_question, run_sql
    columns, rows = run_question(con, "win_rate_by_strategy", players=4)
    columns, rows = run_sql(con, "SELECT count(*) FROM games")   # read-only; writes are refused
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from importlib.resources import files
from typing import Any

__all__ = [
    "Parameter",
    "Question",
    "QUESTIONS",
    "HEADLINES",
    "ReadOnlyViolation",
    "UserQueryRefused",
    "address_space_limit",
    "run_user_sql",
    "load_questions",
    "parse_question",
    "SCOPE",
    "EXPORT_FORMATS",
    "expand",
    "export_question",
    "export_tables",
    "prepare",
    "run_question",
    "run_sql",
    "scope_of",
    "scope_predicate",
    "warnings_for",
]

HEADER_KEYS = ("name", "headline", "grain", "parameters", "answers", "columns")


#: the common filters every question takes (``-- parameters: scope`` in its header), applied to the games
#: read model wherever the SQL writes ``/*scope ALIAS*/`` (see :func:`scope_predicate`)
SCOPE_SPEC = (
    ("game", "VARCHAR", "this game's results only (a registered game's name); a game's own questions: its own"),
    ("rulesets", "VARCHAR[]", "games of these rulesets ('base', 'five_seasons', ...: games.ruleset)"),
    ("variants", "VARCHAR[]", "games of these variants ('first_game', 'full'; Monster Inn 'standard', ...)"),
    ("players", "INTEGER", "games with this many players"),
    ("origins", "VARCHAR[]", "games of these origins (simulated, recorded, imported, forked, scenario, training)"),
    ("since", "TIMESTAMP", "games started at or after this time (UTC; games.started_at)"),
    ("until", "TIMESTAMP", "games started before this time (UTC)"),
    ("strategies", "VARCHAR[]", "games in which at least one seat played one of these strategies"),
    ("derived", "BOOLEAN", "a person's seat counts under its derived strategy (player_results.derived_strategy)"),
)


@dataclass(frozen=True)
class Parameter:
    """One optional named parameter of a question (``$name`` in the SQL)."""

    name: str
    type: str  # DuckDB type name as documented in the header, e.g. "INTEGER"
    description: str


@dataclass(frozen=True)
class Question:
    """A named analytics question: the parsed header of its SQL file and the query itself."""

    name: str
    description: str  # the plain-language ``answers:`` sentence
    grain: str  # what one result row stands for
    parameters: tuple[Parameter, ...]
    sql: str  # the whole file, header included (comments are valid SQL)
    headline: bool = False  # shown first, as a chart, in the HTML report
    headline_rank: int = 0  # ``-- headline: 1`` comes before ``-- headline: 2`` ("true" = 1); 0 = not a headline
    columns: dict[str, str] = field(default_factory=dict)  # result column -> its documented meaning
    path: str = ""
    game: str = "common"  # the folder: "common" (asked of every game's results) or a game's name
    cells_sql: str = ""  # the same answer from its aggregate (``<name>.cells.sql``), when the filters allow

    @property
    def parameter_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parameters)


class ReadOnlyViolation(ValueError):
    """Raised by :func:`run_sql` for anything but a single read-only query."""


SCOPE: tuple[Parameter, ...] = tuple(Parameter(n, t, d) for n, t, d in SCOPE_SPEC)

#: every question's ``pooled`` (it comes with ``scope``): true pools the rulesets, variants and player counts
#: in scope into one row per the question's own keys ('(pooled)', '(pooled)', NULL in those columns); a game's
#: results are never pooled with another's (their strategies, scores and rules differ)
POOLED = Parameter(
    "pooled",
    "BOOLEAN",
    "true: one row per the question's own keys over every ruleset, variant and player count in scope; "
    "NULL = stratified",
)

#: a stratum's value as an answer shows it (``{a}``: the alias of the games or an aggregate)
_POOL = "CASE WHEN coalesce($pooled, false) THEN {pooled} ELSE {a}.{column} END"

#: a seat's strategy as the questions read it (``$derived``: people's seats by the derivation rule)
STRATEGY_SQL = (
    "coalesce(CASE WHEN coalesce($derived, false) AND {a}.bot IS NULL THEN {a}.derived_strategy "
    "ELSE {a}.strategy END, '(none)')"
)


def scope_predicate(alias: str) -> str:
    """The common filters as a SQL condition on the games read model under ``alias``: finished, not
    archived, and each filter that is not NULL."""
    a = alias
    return (
        f"({a}.finished AND {a}.archived IS NOT TRUE"
        f" AND ($game IS NULL OR {a}.game = $game)"
        f" AND ($rulesets IS NULL OR list_contains($rulesets, {a}.ruleset))"
        f" AND ($variants IS NULL OR list_contains($variants, {a}.variant))"
        f" AND ($players IS NULL OR {a}.players = $players)"
        f" AND ($origins IS NULL OR list_contains($origins, {a}.origin))"
        f" AND ($since IS NULL OR {a}.started_at >= CAST($since AS TIMESTAMP))"
        f" AND ($until IS NULL OR {a}.started_at < CAST($until AS TIMESTAMP))"
        f" AND ($strategies IS NULL OR {a}.game_id IN (SELECT sp.game_id FROM player_results AS sp"
        f" WHERE list_contains($strategies, {STRATEGY_SQL.format(a='sp')}))))"
    )


def _pooled_strata(alias: str) -> str:
    """``REPLACE`` of the strata columns of ``alias`` (games or an aggregate) by their pooled values when
    ``$pooled``; ``table_size`` keeps the game's player count (a fair share is 1 / table_size, pooled too) and
    ``table_ruleset`` its ruleset (the modules a question needs: bards, pets)."""
    cols = (("ruleset", "'(pooled)'"), ("variant", "'(pooled)'"), ("players", "NULL::INTEGER"))
    pooled = ", ".join(_POOL.format(a=alias, column=c, pooled=v) + f" AS {c}" for c, v in cols)
    return f"{alias}.* REPLACE ({pooled}), {alias}.players AS table_size, {alias}.ruleset AS table_ruleset"


def games_source(alias: str) -> str:
    """``/*games ALIAS*/``: the games read model in scope (:func:`scope_predicate`), with the strata pooled when
    ``$pooled`` (:func:`_pooled_strata`), as a table under ``alias``."""
    return f"(SELECT {_pooled_strata(alias)} FROM games AS {alias} WHERE {scope_predicate(alias)}) AS {alias}"


def cells_source(table: str, alias: str) -> str:
    """``/*cellsof TABLE ALIAS*/``: the aggregate ``table`` in scope (:func:`cells_predicate`), strata pooled
    when ``$pooled``, as a table under ``alias``."""
    return f"(SELECT {_pooled_strata(alias)} FROM {table} AS {alias} WHERE {cells_predicate(alias)}) AS {alias}"


def cells_predicate(alias: str) -> str:
    """The common filters on an aggregate (projections/rollups.py: whole days for ``since``/``until``)."""
    a = alias
    return (
        f"(($game IS NULL OR {a}.game = $game)"
        f" AND ($rulesets IS NULL OR list_contains($rulesets, {a}.ruleset))"
        f" AND ($variants IS NULL OR list_contains($variants, {a}.variant))"
        f" AND ($players IS NULL OR {a}.players = $players)"
        f" AND ($origins IS NULL OR list_contains($origins, {a}.origin))"
        f" AND ($since IS NULL OR {a}.day >= CAST($since AS DATE))"
        f" AND ($until IS NULL OR {a}.day < CAST($until AS DATE)))"
    )


def _whole_day(value: Any) -> bool:
    from datetime import date, datetime

    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return False
    return (
        value is None
        or (isinstance(value, date) and not isinstance(value, datetime))
        or (isinstance(value, datetime) and value.time() == datetime.min.time() and value.tzinfo is None)
    )


def _cells_fresh(con) -> bool:
    """The aggregates agree with the read models at the projection's position (projections/rollups.py)."""
    import duckdb

    try:
        rows = con.execute(
            "SELECT (SELECT max(position) FROM rollup_state) = "
            "(SELECT coalesce(max(position), 0) FROM projection_tracking)"
        ).fetchall()
    except duckdb.CatalogException:
        return False
    return bool(rows and rows[0][0])


def _cells_answer(con, values: dict[str, Any]) -> bool:
    """The aggregates can answer under these filters: no ``strategies`` (a property of a game's seats, which
    a cell does not keep), ``since``/``until`` on whole days (a cell is a day), and they are fresh."""
    return (
        values.get("strategies") is None
        and _whole_day(values.get("since"))
        and _whole_day(values.get("until"))
        and _cells_fresh(con)
    )


def _wilson_bound(sign: str) -> str:
    # (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), multiplied through by n: the same bound in
    # fewer terms, which DuckDB plans in a third of the time (it counts at 100,000 games: docs/performance.md)
    return f"(p * n + z * z / 2 {sign} z * sqrt(p * (1 - p) * n + z * z / 4)) / (n + z * z)"


#: ``/*wilson*/``: the 95% Wilson score interval of a rate, as the columns ``ci_low, ci_high``, from the
#: columns ``p`` (the rate), ``n`` (the trials) and ``z`` (1.959964) of the row (NULL when ``n`` is 0)
WILSON_SQL = (
    f"CASE WHEN n > 0 THEN greatest(0.0, {_wilson_bound('-')}) END AS ci_low, "
    f"CASE WHEN n > 0 THEN least(1.0, {_wilson_bound('+')}) END AS ci_high"
)


#: ``/*meanci MEAN SD N*/``: the 95% interval of an average on its standard error, normal approximation
#: (``MEAN ± z·SD/√N``, z = 1.959964), as the columns ``MEAN_ci_low, MEAN_ci_high`` (NULL when N < 2)
MEANCI_SQL = (
    "CASE WHEN {n} > 1 THEN {m} - 1.959963984540054 * {sd} / sqrt({n}) END AS {m}_ci_low, "
    "CASE WHEN {n} > 1 THEN {m} + 1.959963984540054 * {sd} / sqrt({n}) END AS {m}_ci_high"
)

#: ``/*sd SUM SQUARES N*/``: the sample standard deviation from a sum, a sum of squares and a count (an
#: aggregate's sums; exact on integers: ``(N·Σx² − (Σx)²) / (N(N − 1))`` is computed before the division)
SD_SQL = "CASE WHEN {n} > 1 THEN sqrt(greatest(0, ({n} * {q} - {s} * {s})::DOUBLE / ({n} * ({n} - 1)))) END"


def expand(sql: str) -> str:
    """The SQL of a question as it runs: every ``/*scope ALIAS*/`` becomes ``AND`` :func:`scope_predicate`,
    ``/*games ALIAS*/`` the games in scope with the strata pooled on request (:func:`games_source`),
    ``/*cellsof TABLE ALIAS*/`` an aggregate likewise (:func:`cells_source`), ``/*game*/`` the answer's game
    column, every ``/*strategy ALIAS*/`` the seat's strategy (:data:`STRATEGY_SQL`), ``/*wilson*/`` the
    interval columns (:data:`WILSON_SQL`), ``/*meanci MEAN SD N*/`` an average's (:data:`MEANCI_SQL`) and
    ``/*sd SUM SQUARES N*/`` a standard deviation from sums (:data:`SD_SQL`)."""
    import re

    sql = sql.replace("/*wilson*/", WILSON_SQL)
    sql = sql.replace("/*game*/", "CAST($game AS VARCHAR) AS game")
    sql = re.sub(r"/\*games (\w+)\*/", lambda m: games_source(m.group(1)), sql)
    sql = re.sub(r"/\*cellsof (\w+) (\w+)\*/", lambda m: cells_source(m.group(1), m.group(2)), sql)
    sql = re.sub(
        r"/\*meanci (\S+) (\S+) (\S+)\*/",
        lambda m: MEANCI_SQL.format(m=m.group(1), sd=m.group(2), n=m.group(3)),
        sql,
    )
    sql = re.sub(r"/\*sd (\S+) (\S+) (\S+)\*/", lambda m: SD_SQL.format(s=m.group(1), q=m.group(2), n=m.group(3)), sql)
    sql = re.sub(r"/\*scope (\w+)\*/", lambda m: "AND " + scope_predicate(m.group(1)), sql)
    sql = re.sub(r"/\*cells (\w+)\*/", lambda m: "AND " + cells_predicate(m.group(1)), sql)
    return re.sub(r"/\*strategy (\w+)\*/", lambda m: STRATEGY_SQL.format(a=m.group(1)), sql)


def parse_question(text: str, path: str = "") -> Question:
    """Parse one question file: its ``--`` header (see the module docstring) and its SQL.

    Raises:
        ValueError: a required header key (name, grain, parameters, answers) is missing, or a
            parameter line does not read ``name TYPE description``.
    """
    header: dict[str, list[str]] = {}
    key: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("--"):
            break  # the header ends at the first SQL line
        body = stripped[2:]
        head, sep, rest = body.strip().partition(":")
        if sep and not body.startswith("  ") and head.strip() in HEADER_KEYS:
            key = head.strip()
            header[key] = [rest.strip()] if rest.strip() else []
        elif key is not None and body.strip():
            header[key].append(body.strip())
    missing = [k for k in ("name", "grain", "parameters", "answers") if k not in header]
    if missing:
        raise ValueError(f"{path or 'question'}: the header lacks {', '.join(missing)}")

    def one_line(k: str) -> str:
        return " ".join(header.get(k, []))

    params = []
    for entry in header["parameters"]:
        parts = entry.split(None, 2)
        if entry.lower() in ("none", "-"):
            continue
        if parts[0] == "scope":  # the common filters (:data:`SCOPE`) and :data:`POOLED` (/*games g*/, /*cellsof*/)
            params += [p for p in (*SCOPE, POOLED) if p.name not in {q.name for q in params}]
            continue
        if len(parts) < 2:
            raise ValueError(f"{path}: parameter line {entry!r} should read 'name TYPE description'")
        params.append(Parameter(parts[0], parts[1], parts[2] if len(parts) > 2 else ""))
    columns: dict[str, str] = {}
    for entry in header.get("columns", []):  # one line per column: name, then its meaning
        name, _, desc = entry.partition(" ")
        columns[name] = desc.strip()
    flag = one_line("headline").lower()
    rank = int(flag) if flag.isdigit() else 1 if flag in ("true", "yes") else 0
    return Question(
        name=one_line("name"),
        description=one_line("answers"),
        grain=one_line("grain"),
        parameters=tuple(params),
        sql=text,
        headline=rank > 0,
        headline_rank=rank,
        columns=columns,
        path=path,
    )


def load_questions() -> dict[str, Question]:
    """Every ``questions/<folder>/*.sql`` of this package, by name: ``common/`` (asked of every game's
    results) and one folder per game; headline questions first (by their rank), then the others by name.

    Raises:
        ValueError: a file's header is malformed, its ``name`` differs from the file name, or two folders
            hold a question of the same name.
    """
    found = []
    for folder in sorted(files(__package__).joinpath("questions").iterdir(), key=lambda r: r.name):
        if not folder.is_dir():
            continue
        for res in sorted(folder.iterdir(), key=lambda r: r.name):
            if not res.name.endswith(".sql") or res.name.endswith(".cells.sql"):
                continue
            path = f"{folder.name}/{res.name}"
            q = parse_question(res.read_text(encoding="utf-8"), path=path)
            if q.name != res.name[:-4]:
                raise ValueError(f"{path}: the header names the question {q.name!r}; name and file must match")
            cells = folder.joinpath(res.name[:-4] + ".cells.sql")
            fast = cells.read_text(encoding="utf-8") if cells.is_file() else ""
            found.append(replace(q, game=folder.name, cells_sql=fast))
    names = [q.name for q in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"questions named twice (in two folders): {', '.join(twice)}")
    found.sort(key=lambda q: (not q.headline, q.headline_rank, q.name))
    return {q.name: q for q in found}


QUESTIONS: dict[str, Question] = load_questions()
HEADLINES: tuple[str, ...] = tuple(n for n, q in QUESTIONS.items() if q.headline)


#: the registered games in registration order, as the projection recorded them (``projections.runner``): the
#: registry's default game (the first) without importing the engine
REGISTERED_GAMES = "projection_games"


def default_game(con) -> str | None:
    """The game a common question reads when none is named (as `stats` does): the registry's default, its first
    registered game, as the projection recorded it in ``projection_games`` (:data:`REGISTERED_GAMES`). Read
    models the projection did not write (a connection filled by hand) have no record: then the one game whose
    rows they hold, or None if they hold none (every question then answers nothing).

    Raises:
        ValueError: no record, and the read models hold the games of several (name the game)."""
    recorded = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE table_name = ? AND database_name = current_database()",
        [REGISTERED_GAMES],
    ).fetchall()[0][0]
    if recorded:
        first = con.execute(f"SELECT name FROM {REGISTERED_GAMES} ORDER BY rank LIMIT 1").fetchall()
        if first:
            return first[0][0]
    held = [r[0] for r in con.execute("SELECT DISTINCT game FROM games ORDER BY game").fetchall()]
    if len(held) > 1:
        raise ValueError(
            "these read models do not record the default game (not written by the projection) and hold games "
            f"of {', '.join(held)}: name the game"
        )
    return held[0] if held else None


MIN_GAMES = 30  # a row resting on fewer games than this is flagged (its interval is wide)
#: the column that counts what a row rests on, by preference
_COUNTS = ("games", "meetings", "player_games", "plays", "takes", "uses")


def _same(text: str) -> str:
    return text


def N_(message: str) -> str:  # noqa: N802  (gettext's name: pybabel extracts it; analytics imports no cli)
    """Mark ``message`` for the catalog (cli/locale, docs/i18n.md); the caller's ``words`` translate it."""
    return message


DERIVATION_RULE = N_(
    "peak Evil at the top of the Evilometer -> evil; no room built, no monster hired and 10+ tiles -> tunneller; "
    "3+ rooms and at most 1 monster -> room_builder; 5+ monsters -> monster_keeper; otherwise balanced"
)


def warnings_for(
    con, name: str, columns: list[str], rows: list[tuple], words: Callable[[str], str] = _same, **params: Any
) -> list[str]:
    """What a reader should know before trusting the answer of ``name`` (asked with ``params``):

    * the games in scope mix rulesets, player counts or variants the rows do not separate (always said
      when ``pooled``): win rates and fair shares differ between them;
    * rows resting on fewer than :data:`MIN_GAMES` games (or meetings, plays ...);
    * a win rate depends on the opponents a strategy met (``head_to_head`` compares two in the same games);
    * with ``derived``: how people's seats were classified, and how often the rule gives back the bot's
      own name on the bots' seats in scope (its calibration here).

    ``words``: the reader's language (a gettext lookup of each English template, then filled: cli/i18n.py);
    English when not given.
    """
    _ = words
    q = QUESTIONS[name]
    given = dict(params)
    given["game"] = q.game if q.game != "common" else given.get("game") or default_game(con)
    scope = {p.name: given.get(p.name) for p in SCOPE}
    mixed = (
        "SELECT list(DISTINCT g.ruleset ORDER BY g.ruleset), list(DISTINCT g.players ORDER BY g.players), "
        "list(DISTINCT g.variant ORDER BY g.variant) FROM {} AS g WHERE TRUE {}"
    )
    if _cells_answer(con, scope):  # every counted game has its seats in seat_cells
        mixed = mixed.format("seat_cells", "/*cells g*/")
        mix = con.execute(expand(mixed), {k: v for k, v in scope.items() if f"${k}" in cells_predicate("g")})
    else:
        mix = con.execute(expand(mixed.format("games", "/*scope g*/")), scope)
    rulesets, counts, variants = (m or [] for m in mix.fetchall()[0])
    pooled = bool(given.get("pooled"))
    out = []
    if len(rulesets) > 1 and ("ruleset" not in columns or pooled):
        said = N_("mixes rulesets ({rulesets}): their games differ; ask one with --ruleset")
        out.append(_(said).format(rulesets=", ".join(map(str, rulesets))))
    if len(counts) > 1 and ("players" not in columns or pooled):
        said = N_(
            "mixes player counts ({counts}): a seat's fair share is 1/players, so rates of different counts "
            "are not comparable"
        )
        pooled_said = N_("; pooled, the fair share shown is the average of 1/players over each row's games")
        out.append(_(said).format(counts=", ".join(map(str, counts))) + (_(pooled_said) if pooled else ""))
    if len(variants) > 1 and ("variant" not in columns or pooled):
        said = N_("mixes variants ({variants}); ask one with --variant to compare like with like")
        out.append(_(said).format(variants=", ".join(map(str, variants))))
    count = next((c for c in _COUNTS if c in columns), None)
    if count is not None and rows:
        i = columns.index(count)
        small = [r for r in rows if (r[i] or 0) < MIN_GAMES]
        if small:
            said = N_("{small} of {rows} rows rest on fewer than {least} {count}: their rates are uncertain")
            out.append(_(said).format(small=len(small), rows=len(rows), least=MIN_GAMES, count=column_name(count, _)))
    if name == "win_rate_by_strategy" and len({r[columns.index("strategy")] for r in rows}) > 2:
        said = N_(
            "a strategy's win rate depends on whom it met (the line-ups drawn): head_to_head compares two "
            "strategies in the same games"
        )
        out.append(_(said))
    if given.get("derived"):
        seats, same = con.execute(
            expand(
                "SELECT count(*), count(*) FILTER (WHERE pr.derived_strategy = pr.bot) FROM player_results AS pr "
                "JOIN games AS g USING (game_id) WHERE pr.bot IS NOT NULL AND pr.derived_strategy IS NOT NULL "
                "AND TRUE /*scope g*/"
            ),
            scope,
        ).fetchall()[0]
        people = con.execute(
            expand(
                "SELECT count(*) FROM player_results AS pr JOIN games AS g USING (game_id) "
                "WHERE pr.bot IS NULL AND TRUE /*scope g*/"
            ),
            scope,
        ).fetchall()[0][0]
        calibration = N_("; on the {seats} bot seats in scope it gives back the bot's own name for {share}")
        said = N_(
            "{people} seats played by people are counted under the strategy their play looks like, by the rule of "
            "the game's projection ({rule})"
        )
        out.append(
            _(said).format(people=people, rule=_(DERIVATION_RULE))
            + (_(calibration).format(seats=seats, share=f"{same / seats:.0%}") if seats else "")
        )
    return out


def column_name(column: str, words: Callable[[str], str] = _same) -> str:
    """A column of an answer as a reader sees it (a table's header, an axis): its words in the reader's
    language (``words`` of the column with spaces: ``win rate``; the questions' extractor puts every
    documented column in the catalog, analytics/questions_i18n.py), else the column as it is (``win_rate``).
    The column itself (JSON, CSV, Parquet, ``--data``) stays English."""
    spaced = column.replace("_", " ")
    said = words(spaced)
    return column if said == spaced else said


def scope_of(con, name: str, **params: Any) -> dict[str, Any]:
    """What the answer of ``name`` (asked with ``params``, as :func:`run_question`) stands on: ``{"game",
    "games", "seats", "rulesets", "variants", "players", "pooled"}``: the finished, non-archived games in
    scope and their seats (counts), the strata they hold (sorted lists), and whether the rows pool those
    strata (``--pooled``). Said with every answer, so that an empty one says how much it looked at."""
    q = QUESTIONS[name]
    given = dict(params)
    given["game"] = q.game if q.game != "common" else given.get("game") or default_game(con)
    scope = {p.name: given.get(p.name) for p in SCOPE}
    row = con.execute(
        expand(
            "SELECT count(*), coalesce(sum(g.players), 0), list(DISTINCT g.ruleset ORDER BY g.ruleset), "
            "list(DISTINCT g.variant ORDER BY g.variant), list(DISTINCT g.players ORDER BY g.players) "
            "FROM games AS g WHERE TRUE /*scope g*/"
        ),
        scope,
    ).fetchall()[0]
    return {
        "game": scope["game"],
        "games": int(row[0]),
        "seats": int(row[1]),
        "rulesets": list(row[2] or []),
        "variants": list(row[3] or []),
        "players": list(row[4] or []),
        "pooled": bool(given.get("pooled")),
    }


def _result(cursor) -> tuple[list[str], list[tuple[Any, ...]]]:
    columns = [d[0] for d in cursor.description] if cursor.description else []
    return columns, cursor.fetchall()


def run_question(con, name: str, players: int | None = None, **params: Any) -> tuple[list[str], list[tuple]]:
    """Run the question ``name`` on the DuckDB connection ``con``.

    Args:
        con: a ``duckdb.DuckDBPyConnection`` holding the read models (``projections.schema``).
        name: a key of :data:`QUESTIONS`.
        players: keep only games with this many players; ``None`` = all player counts.
        **params: values for any other parameter the question declares; each defaults to ``None``.

    Returns:
        ``(columns, rows)``: the column names and the rows as tuples, in the question's order.

    Raises:
        KeyError: no question has that name.
        TypeError: a parameter the question does not declare.
    """
    sql, values = prepare(name, players, con=con, **params)
    return _result(con.execute(sql, values) if values else con.execute(sql))


def prepare(name: str, players: int | None = None, con=None, **params: Any) -> tuple[str, dict[str, Any]]:
    """The SQL of question ``name`` as it runs (:func:`expand`) and the values of its parameters (see
    :func:`run_question`, which raises the same errors; without ``con`` a common question's game, unless given, is
    NULL: no default game is known). With ``con``, a question that has a ``.cells.sql``
    is answered from its aggregate when it is fresh and the filters allow (no ``strategies``;
    ``since``/``until`` on whole days): the same answer, in milliseconds at 100,000 games."""
    try:
        q = QUESTIONS[name]
    except KeyError:
        raise KeyError(f"no question named {name!r}; the questions are: {', '.join(QUESTIONS)}") from None
    given = {"players": players, **params}
    unknown = [k for k, v in given.items() if k not in q.parameter_names and v is not None]
    if unknown:
        raise TypeError(
            f"question {name!r} takes {', '.join(q.parameter_names) or 'no parameters'}, not {', '.join(unknown)}"
        )
    if q.game != "common" and "game" in q.parameter_names:
        if given.get("game") not in (None, q.game):
            raise ValueError(f"question {name!r} is asked of {q.game.replace('_', ' ')} games only")
        given["game"] = q.game
    elif "game" in q.parameter_names and given.get("game") is None:
        # a common question reads one game's results (never two pooled); without ``con`` (the SQL alone, as
        # stats --schema describes it) none is known, and the game is left NULL
        given["game"] = default_game(con) if con is not None else None
    # DuckDB refuses values for parameters the statement does not use, so pass exactly the declared ones
    values = {p: given.get(p) for p in q.parameter_names}
    if con is not None and q.cells_sql and _cells_answer(con, values):
        sql = expand(q.cells_sql)
        return sql, {k: v for k, v in values.items() if f"${k}" in sql}
    return expand(q.sql), values


#: ``--format`` -> DuckDB's COPY options
EXPORT_FORMATS = {"csv": "FORMAT csv, HEADER true", "json": "FORMAT json, ARRAY true", "parquet": "FORMAT parquet"}


def _copy(con, query: str, path: str, fmt: str, values: dict[str, Any] | None = None) -> int:
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"the formats are {', '.join(EXPORT_FORMATS)}, not {fmt!r}")
    target = "'" + str(path).replace("'", "''") + "'"
    cur = con.execute(f"COPY ({query}) TO {target} ({EXPORT_FORMATS[fmt]})", values or None)
    return int(cur.fetchall()[0][0])


def export_question(con, name: str, path: str, fmt: str, **params: Any) -> int:
    """Write the answer of ``name`` (with ``params``, as :func:`run_question`) to ``path`` as CSV (with a
    header), JSON (an array of row objects) or Parquet, by DuckDB's own ``COPY``; returns the rows written.
    The query is the question's, read-only; only the command writes the file."""
    sql, values = prepare(name, con=con, **params)
    return _copy(con, sql, path, fmt, values)


def export_tables(con, directory: str, fmt: str, tables: list[str]) -> dict[str, int]:
    """Write each read model of ``tables`` whole to ``directory/<table>.<fmt>`` (DuckDB's ``COPY``); returns
    the rows written per table."""
    from pathlib import Path

    return {t: _copy(con, f"SELECT * FROM {t}", str(Path(directory) / f"{t}.{fmt}"), fmt) for t in tables}


def run_sql(con, sql: str) -> tuple[list[str], list[tuple]]:
    """Run one ad-hoc read-only query and return ``(columns, rows)``.

    Two guarantees, both DuckDB's own rather than string matching:

    1. DuckDB's parser (``con.extract_statements``) must find exactly one statement, of type
       SELECT (which includes ``WITH ... SELECT``, ``DESCRIBE``, ``SUMMARIZE``, ``FROM t``, ``VALUES``).
       INSERT, UPDATE, DELETE, CREATE, DROP, ALTER, COPY, ATTACH, SET, PRAGMA, CALL, EXPORT, INSTALL,
       LOAD and multi-statement strings are refused before anything runs.
    2. The query runs on a cursor of ``con`` (a separate connection to the same database, so a
       transaction the caller has open is neither used nor disturbed) inside
       ``BEGIN TRANSACTION READ ONLY``, which is always rolled back. DuckDB then refuses any write
       to any attached database that a SELECT could still attempt (for example ``nextval``).

    This protects the read models; :func:`run_user_sql` adds the sandbox (no file access, no settings or
    paths, memory, time and result limits) for SQL typed by a user.

    Raises:
        ReadOnlyViolation: the text is not a single SELECT, or the query tried to write.
        duckdb.Error: the query is invalid (syntax, unknown table...).
    """
    return _read_only(con, _one_select(con, sql), lambda cur: cur.fetchall())


def _one_select(con, sql: str) -> str:
    """The one SELECT statement of ``sql`` (see :func:`run_sql`). Raises ReadOnlyViolation."""
    import duckdb

    statements = con.extract_statements(sql)
    if len(statements) != 1:
        raise ReadOnlyViolation(f"give exactly one query, not {len(statements)} statements")
    kind = statements[0].type
    if kind != duckdb.StatementType.SELECT:
        raise ReadOnlyViolation(f"only read-only queries (SELECT) may run here, not {kind.name}")
    return statements[0].query


def _read_only(con, query: str, fetch, started=None) -> tuple[list[str], list[tuple]]:
    """``query`` on a cursor of ``con`` in a read-only transaction, always rolled back; ``fetch(cursor)``
    takes the rows; ``started(cursor)`` is told the cursor first (whoever must interrupt the query needs
    the object that runs it: interrupting ``con`` does not stop a query on its cursor)."""
    import duckdb

    cur = con.cursor()
    try:
        if started is not None:
            started(cur)
        cur.execute("BEGIN TRANSACTION READ ONLY")
        try:
            cur.execute(query)
            columns = [d[0] for d in cur.description] if cur.description else []
            return columns, fetch(cur)
        except duckdb.TransactionException as exc:
            raise ReadOnlyViolation(f"the query tried to write: {exc}") from exc
        finally:
            try:
                cur.execute("ROLLBACK")
            except duckdb.Error:  # an interrupted or failed query may have ended the transaction already
                pass
    finally:
        cur.close()


USER_SQL_SECONDS = 30.0  # a user's query is interrupted after this long (wall clock, fetching included)
USER_SQL_MEMORY = "1GB"  # DuckDB's memory_limit for a user's query
USER_SQL_ROWS = 100_000  # an answer with more rows is refused (exit 2): aggregate, or add a LIMIT
USER_SQL_BYTES = 64 * 2**20  # ... and one bigger than this (its values' text and bytes, counted as fetched)
#: what a user's SQL may not call or read: the settings (their paths), the attached databases' files, the
#: temporary files, the extensions' install paths, the environment, and functions that run SQL given as a
#: string (which would escape this check); matched on DuckDB's own parse tree (``json_serialize_sql``)
USER_SQL_DENIED_PREFIXES = ("duckdb_", "pragma_")
USER_SQL_DENIED = frozenset(
    {
        "current_setting",
        "getenv",
        "query",
        "query_table",
        "which_secret",
        "json_execute_serialized_sql",
        "database_list",
        "database_size",
        "show_databases",
        "sql_auto_complete",
    }
)


#: the address space a process running a user's query may take beyond what it holds already (bytes): DuckDB's
#: ``memory_limit`` does not count the vectors a query computes (1,200 rows of a megabyte took 1.2 GB), so
#: an allocation past this fails, and DuckDB refuses the query, where the machine would otherwise give it all
USER_SQL_HEADROOM = 4 * 2**30


@contextmanager
def address_space_limit(headroom: int | None = None) -> Iterator[None]:
    """Within the block, this process cannot map more than ``headroom`` bytes (None: :data:`USER_SQL_HEADROOM`)
    beyond its address space on entry (``RLIMIT_AS``); the limit it had is put back on leaving. For a process
    that runs one user query (``stats --sql``): the limit is the whole process's. Where the platform has no
    such limit (no ``resource`` module, no ``/proc/self/statm``) it does nothing."""
    try:
        import resource

        with open("/proc/self/statm") as statm:
            mapped = int(statm.read().split()[0]) * resource.getpagesize()
    except (ImportError, OSError, ValueError):
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = mapped + (USER_SQL_HEADROOM if headroom is None else headroom)
    if soft != resource.RLIM_INFINITY and soft <= wanted or hard != resource.RLIM_INFINITY and hard < wanted:
        yield  # a lower limit is there already
        return
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


class UserQueryRefused(ValueError):
    """A user's SQL that may not run here, or that failed (one line for people; exit code 2)."""


#: words of DuckDB's messages that say the read models' file itself is damaged (not the query): such an
#: error is re-raised as it is, for the command to name the way out (``project --rebuild``)
DAMAGED = ("Corrupt database file", "Could not read enough bytes")


def run_user_sql(
    con,
    sql: str,
    seconds: float | None = None,
    memory: str | None = None,
    max_rows: int | None = None,
    max_bytes: int | None = None,
) -> tuple[list[str], list[tuple]]:
    """Run SQL typed by a user (``stats --sql``) in a sandbox, on a connection of its own: read-only, with
    no access to files or other databases (``enable_external_access = false``: ``read_csv``,
    ``read_text``, ``read_blob``, ``glob``, ``ATTACH`` ... are refused), no settings or paths
    (:data:`USER_SQL_DENIED`: ``duckdb_settings()``, ``duckdb_databases()``, ``current_setting(...)``,
    ``pragma_database_list`` ...), a memory limit and a locked configuration (the query cannot undo any of
    it), and :func:`run_sql`'s single-SELECT check.

    Limits (``None``: the module's constant, read at call time so tests can lower it):

    * ``seconds`` (:data:`USER_SQL_SECONDS`): wall-clock time, fetching included; the running query is
      interrupted on the cursor that runs it;
    * ``memory`` (:data:`USER_SQL_MEMORY`): DuckDB's ``memory_limit``;
    * ``max_rows`` / ``max_bytes`` (:data:`USER_SQL_ROWS`, :data:`USER_SQL_BYTES`): the answer is fetched in
      chunks, never whole, and refused as soon as it has more rows or bytes than that (a refusal, not a
      truncated answer, so that no one mistakes part of an answer for all of it).

    ``con``: the read models' connection. For a file it is closed here, so that the file can be opened
    again read-only with the sandbox's settings (DuckDB shares one instance per file in a process); for
    an in-memory database the sandbox settings are applied to ``con`` itself. Either way ``con`` must
    not be used afterwards.

    Raises:
        UserQueryRefused: the query is not one SELECT, wrote, touched a file or a setting, is not valid SQL
            (the message lists the tables), ran out of time or memory, or its answer is over a limit.
        duckdb.Error: the read models' file is damaged (its message has one of :data:`DAMAGED`).
    """
    import duckdb

    seconds = USER_SQL_SECONDS if seconds is None else seconds
    memory = USER_SQL_MEMORY if memory is None else memory
    limits = (USER_SQL_ROWS if max_rows is None else max_rows, USER_SQL_BYTES if max_bytes is None else max_bytes)
    path = con.execute("SELECT path FROM duckdb_databases() WHERE database_name = current_database()").fetchall()
    path = path[0][0] if path else None
    settings = {"enable_external_access": False, "memory_limit": memory, "lock_configuration": True}
    if path:
        con.close()
        try:
            sandbox = duckdb.connect(path, read_only=True, config=settings)
        except duckdb.ConnectionException:
            raise UserQueryRefused(
                "the read models are open elsewhere in this process with other settings; run the query on its own"
            ) from None
    else:
        sandbox = con
        for key, value in settings.items():
            sandbox.execute(f"SET {key} = {value!r}" if isinstance(value, str) else f"SET {key} = {str(value).lower()}")
    try:
        return _sandboxed(sandbox, sql, seconds, memory, limits)
    finally:
        if path:
            sandbox.close()


def _names_used(con, query: str) -> set[str]:
    """Every function and table name in ``query``'s parse tree (DuckDB's ``json_serialize_sql``), lower
    case. Raises ReadOnlyViolation when DuckDB cannot serialise the query (then it cannot be checked)."""
    import json

    tree = json.loads(con.execute("SELECT json_serialize_sql(?)", [query]).fetchall()[0][0])
    if tree.get("error"):
        raise ReadOnlyViolation(f"this query cannot be checked: {tree.get('error_message', 'unsupported')}")
    names: set[str] = set()
    todo: list[Any] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if node.get("class") == "FUNCTION" and isinstance(node.get("function_name"), str):
                names.add(node["function_name"].lower())
            if node.get("type") == "BASE_TABLE" and isinstance(node.get("table_name"), str):
                names.add(node["table_name"].lower())
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return names


def _size(value: Any) -> int:
    """About how many bytes ``value`` takes in an answer (text and bytes by their length)."""
    if isinstance(value, str | bytes | bytearray):
        return len(value)
    if isinstance(value, list | tuple | dict):
        return len(str(value))
    return 8


def _capped(max_rows: int, max_bytes: int):
    """``fetch(cursor)``: the rows in chunks sized to the rows seen so far (a wide row is fetched nearly
    alone), refused once there are more than ``max_rows`` rows or ``max_bytes`` bytes."""

    def fetch(cur) -> list[tuple]:
        rows: list[tuple] = []
        size, chunk = 0, 1
        while True:
            got = cur.fetchmany(chunk)
            if not got:
                return rows
            rows += got
            size += sum(_size(v) for r in got for v in r)
            if len(rows) > max_rows:
                raise UserQueryRefused(
                    f"the answer has more than {max_rows:,} rows; aggregate it or add a LIMIT "
                    "(or write it to a file with --format/--out of a named question)"
                )
            if size > max_bytes:
                raise UserQueryRefused(
                    f"the answer is larger than {max_bytes // 2**20} MB; select fewer or shorter columns, "
                    "or add a LIMIT"
                )
            per_row = max(1, size // len(rows))
            chunk = max(1, min(8192, max_bytes // 32 // per_row))

    return fetch


def _sandboxed(con, sql: str, seconds: float, memory: str, limits: tuple[int, int]) -> tuple[list[str], list[tuple]]:
    import threading

    import duckdb

    running: list = []
    stopped = threading.Event()

    def stop() -> None:  # the query runs on a cursor: interrupting ``con`` would not reach it
        stopped.set()
        for cur in running:
            cur.interrupt()

    timer = threading.Timer(seconds, stop)
    try:
        query = _one_select(con, sql)
        denied = sorted(
            n for n in _names_used(con, query) if n in USER_SQL_DENIED or n.startswith(USER_SQL_DENIED_PREFIXES)
        )
        if denied:
            raise UserQueryRefused(
                f"{', '.join(denied)}: settings, paths and the database catalog's files are not shown to queries; "
                "ask the read models (`stats --schema` lists them)"
            )
        timer.start()
        return _read_only(con, query, _capped(*limits), started=running.append)
    except ReadOnlyViolation as exc:
        raise UserQueryRefused(str(exc)) from None
    except duckdb.PermissionException:
        raise UserQueryRefused(
            "queries read the read models only: file functions (read_csv, read_text, read_blob, "
            "glob ...) and other databases are refused"
        ) from None
    except duckdb.InterruptException:
        raise UserQueryRefused(f"the query ran longer than {seconds:g} s and was stopped") from None
    except duckdb.OutOfMemoryException:
        raise UserQueryRefused(f"the query needed more than {memory} of memory") from None
    except duckdb.Error as exc:
        if stopped.is_set():  # interrupted while DuckDB was between operators: the same limit
            raise UserQueryRefused(f"the query ran longer than {seconds:g} s and was stopped") from None
        if any(word in str(exc) for word in DAMAGED):
            raise
        tables = [
            r[0]
            for r in con.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' ORDER BY 1"
            ).fetchall()
        ]
        first = str(exc).splitlines()[0]
        raise UserQueryRefused(f"{first} (the tables: {', '.join(tables)})") from None
    finally:
        timer.cancel()
