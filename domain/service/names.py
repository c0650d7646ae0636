"""Components as people say them: a draw typed by printed name, case-insensitive, by an unambiguous
prefix, with a did-you-mean for a typo (rapidfuzz), identical copies interchangeable (the first copy
still possible is taken). Used by every interface that takes a draw (``act --draw``, ``record``).

    resolve_draw(["troll", "ghost", "witch"], pool, name_of) -> ["troll_y1#1", "ghost_y1#1", "witch_y1#1"]

A component's names in other languages (the game's ``component_aliases``: Russian from the Russian
rulebook, a table's own) are understood too, in any inflection a table types: each word is cut to its
Snowball stem (PyStemmer, the C build: about 1 ms to load, where pymorphy3's dictionaries take 1-2 s
at every start), ``ё`` read as ``е``, hyphens as spaces, so ``тролля``, ``троллей``, ``Тролли`` read
``Тролль``. English names keep working beside them (mixed tables); a name typed in another script is
answered in that script (the did-you-mean and the list of what can come up).

    resolve_draw(["тролля", "Призрак", "ведьму"], pool, name_of, aliases) -> the same three ids
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from domain.kernel.errors import N_, Listed, Phrase, Verbatim


class NameUnknown(ValueError):
    """A typed name matches no component that can still come up (or several kinds); the message says
    which could, or what was probably meant. ``phrase``: the message as a :class:`~domain.kernel.errors.Phrase`
    (its template a msgid of the gettext domain ``refusals``, the names a :class:`~domain.kernel.errors.Listed`),
    so that a refusal quoting it reads in the reader's language (:func:`refusal_params`)."""

    def __init__(self, phrase: str) -> None:
        super().__init__(phrase)
        self.phrase = phrase


class NameAmbiguous(NameUnknown):
    """A typed prefix fits several kinds of component; the message names them."""


def refusal_params(exc: NameUnknown) -> tuple[str, dict[str, Any]]:
    """The template and params of a refusal saying ``exc`` (``index.refuse(code, *refusal_params(exc)...)``
    is spelt ``template, params = refusal_params(exc); index.refuse(code, template, rule, **params)``)."""
    phrase = exc.phrase
    if isinstance(phrase, Phrase):
        return phrase.template, dict(phrase.params)
    return "{reason}", {"reason": str(phrase)}


def _names(components: Sequence[str], shown: Callable[[str], str], joiner: str = ", ") -> str:
    """``components`` named (one entry per kind: the names as ``shown``, sorted), or "nothing"."""
    pairs = {shown(c): base(c) for c in sorted(components, reverse=True)}
    return Listed(sorted(((c, n) for n, c in pairs.items()), key=lambda p: p[1]), joiner) or N_("nothing")


_OR = N_(" or ")  # between the names of a did-you-mean


def _did_you_mean(near: Sequence[tuple[str, str]]) -> str:
    """ "; did you mean A or B?" for ``(component id, name)`` pairs, best first ("" for none)."""
    return Phrase("; did you mean {near}?", near=Listed(near, _OR, ranked=True)) if near else ""


def base(component: str) -> str:
    """A component's kind: its id without the copy suffix (``troll_y1#2`` -> ``troll_y1``)."""
    return component.split("#", 1)[0]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def _said(typed: str) -> str:
    """What a person typed, normalised: ``Warrior 3hp`` and ``warrior 3 hit points`` read ``warrior 3``."""
    return _norm(re.sub(r"(\d+)\s*(hp|hit points?)\b", r"\1", typed.lower()))


Aliases = Callable[[str], Sequence[str]]  # a component -> its other names (another language's first)
_LETTERS = re.compile(r"[^\W\d_]")


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import Stemmer  # PyStemmer: Snowball's algorithms in C (loaded only when a name is not English)

    return Stemmer.Stemmer("russian")


def folded_words(text: str) -> list[str]:
    """The words of ``text`` as names are compared across inflections: lower case, ``ё`` as ``е``, hyphens
    and underscores as spaces, hit points as in :func:`_said`, each Cyrillic word cut to its Snowball stem
    (``"Тёмной комнаты"`` -> ``["темн", "комнат"]``)."""
    words = _said(text.replace("ё", "е").replace("Ё", "Е").replace("-", " ")).split()
    if not any("а" <= ch <= "я" for w in words for ch in w):
        return words
    stem = _stemmer()
    return [stem.stemWord(w) if any("а" <= ch <= "я" for ch in w) else w for w in words]


def fold(text: str) -> str:
    """A name as compared across inflections and spacing: :func:`folded_words` joined without spaces
    (``Анти магическая комната`` and ``антимагической комнаты`` fold alike)."""
    return "".join(folded_words(text))


def spellings(name: str) -> list[str]:
    """``name`` and the ways a table writes it with two of its words (or a hyphenated word's parts) as one:
    ``Анти магическая комната`` -> ``[..., "Антимагическая комната", "Анти магическаякомната"]``."""
    words = name.replace("-", " ").split()
    return [name] + [" ".join([*words[:i], words[i] + words[i + 1], *words[i + 2 :]]) for i in range(len(words) - 1)]


def _foreign(text: str) -> bool:
    """Typed in another script than English (letters beyond ASCII)."""
    return any(not ch.isascii() for ch in _LETTERS.findall(text))


def _shown(typed: str, component: str, name_of: Callable[[str], str], aliases: Aliases | None) -> str:
    """The name to answer with: in the script the person typed when the component has a name in it."""
    if aliases is not None and _foreign(typed):
        return next((a for a in aliases(component) if _foreign(a)), name_of(component))
    return name_of(component)


def _by_alias(word: str, remaining: list[str], name_of: Callable[[str], str], aliases: Aliases) -> str | None:
    """The component an other-language name (or its prefix) picks, None when none fits.

    Raises:
        NameAmbiguous: a prefix that fits several kinds (named in the typed script)."""
    said = fold(word)
    if not said:
        return None
    plain = "".join(_said(word.replace("ё", "е").replace("-", " ")).split())
    names = {c: [fold(v) for a in aliases(c) for v in spellings(a)] for c in remaining}
    exact = sorted(c for c in remaining if said in names[c])
    if exact:
        return exact[0]
    raw = {c: ["".join(_said(a.replace("ё", "е").replace("-", " ")).split()) for a in aliases(c)] for c in remaining}
    prefix = sorted(
        c
        for c in remaining
        if any(n.startswith(said) for n in names[c]) or any(n.startswith(plain) for n in raw[c] if plain)
    )
    if len({name_of(c) for c in prefix}) == 1:
        return prefix[0]
    if prefix:
        shown = _names(prefix, lambda c: _shown(word, c, name_of, aliases))
        raise NameAmbiguous(
            Phrase("{word!r} could be any of {names}: type more of the name", word=Verbatim(word), names=shown)
        )
    return None


def _pick(word: str, remaining: list[str], name_of: Callable[[str], str], aliases: Aliases | None = None) -> str:
    typed = word.strip().lower()
    if not typed:
        raise NameUnknown(Phrase("an empty name"))
    for c in sorted(remaining):  # the exact id, copy suffix and all
        if c.lower() == typed:
            return c
    said = _said(typed)
    exact = sorted(c for c in remaining if _norm(base(c)) == said or _norm(name_of(c)) == said)
    if exact:
        return exact[0]
    prefix = sorted(c for c in remaining if _norm(base(c)).startswith(said) or _norm(name_of(c)).startswith(said))
    if len({name_of(c) for c in prefix}) == 1:  # one kind, or tiles no rule tells apart (the same name)
        return prefix[0]
    if prefix:
        names = _names(prefix, name_of)
        raise NameAmbiguous(
            Phrase("{word!r} could be any of {names}: type more of the name", word=Verbatim(word), names=names)
        )
    if aliases is not None:
        found = _by_alias(word, remaining, name_of, aliases)
        if found is not None:
            return found
        if _foreign(word):
            raise _unknown_foreign(word, remaining, name_of, aliases)
    left = _names(remaining, name_of)
    known = said.replace(" ", "_")
    if name_of(known) != known:  # a component of the game, but not among what can come up
        raise NameUnknown(
            Phrase(
                "{name} cannot come up now: it was already drawn or is out of play (what can: {left})",
                name=Listed([(known, name_of(known))]),
                left=left,
            )
        )
    choices: dict[str, str] = {}  # what a typo is compared with (names and ids) -> the component
    for c in sorted(remaining, reverse=True):
        choices[_norm(name_of(c))] = choices[_norm(base(c))] = base(c)
    from rapidfuzz import fuzz, process  # a typo's did-you-mean only (start-up: ~15 ms to import)

    close = process.extract(said, sorted(choices), scorer=fuzz.WRatio, limit=3, score_cutoff=60)
    near = [(choices[m], m) for m, _, _ in close]
    hint = _did_you_mean(near)
    raise NameUnknown(
        Phrase("{word!r} cannot come up (what can: {left}){hint}", word=Verbatim(word), left=left, hint=hint)
    )


def _unknown_foreign(word: str, remaining: list[str], name_of: Callable[[str], str], aliases: Aliases) -> NameUnknown:
    """A name typed in another script that fits nothing still possible: what can come up and what was
    probably meant, in that script."""

    def said(c: str) -> str:
        return _shown(word, c, name_of, aliases)

    left = _names(remaining, said)
    shown = {a.lower().replace("ё", "е"): base(c) for c in sorted(remaining, reverse=True) for a in aliases(c)}
    typed = word.strip().lower().replace("ё", "е")
    from rapidfuzz import fuzz, process

    found = process.extract(
        typed, sorted(k for k in shown if _foreign(k)), scorer=fuzz.WRatio, limit=5, score_cutoff=60
    )
    near = list(dict.fromkeys((shown[m], said(shown[m])) for m, _, _ in found))[:3]
    hint = _did_you_mean(near)
    return NameUnknown(
        Phrase("{word!r} cannot come up (what can: {left}){hint}", word=Verbatim(word), left=left, hint=hint)
    )


def resolve_draw(
    words: Sequence[str], pool: Sequence[str], name_of: Callable[[str], str], aliases: Aliases | None = None
) -> list[str]:
    """The component ids of a draw typed as ``words`` (names, ids or prefixes), taken from ``pool`` (the
    components that can still come up, one entry per copy) one by one, so two ``ghost`` take two copies.
    ``aliases`` gives each component's other names (other languages), understood in any inflection.

    Raises:
        NameUnknown: a word matches nothing still possible, or several kinds (the message says which).
    """
    remaining = list(pool)
    out: list[str] = []
    for word in words:
        try:
            chosen = _pick(word, remaining, name_of, aliases)
        except NameAmbiguous:
            raise
        except NameUnknown:
            said = _said(word)
            taken = [
                c
                for c in out
                if said in (_norm(name_of(c)), _norm(base(c)))
                or (aliases is not None and fold(word) in {fold(a) for a in aliases(c)})
            ]
            if taken:  # more copies typed than can come up
                raise NameUnknown(
                    Phrase(
                        "{name} is typed {typed} times, but only {n} can come up",
                        name=Listed([(base(taken[0]), _shown(word, taken[0], name_of, aliases))]),
                        typed=len(taken) + 1,
                        n=len(taken),
                    )
                ) from None
            raise
        remaining.remove(chosen)
        out.append(chosen)
    return out


def only_outcome(pool: Sequence[str], count: int) -> list[str] | None:
    """The one draw that can come up, when there is only one: the pool holds just ``count`` components,
    or copies of one kind only (identical copies are interchangeable: the first ones are taken). None when
    the draw could come out in more than one way. A draw of nothing (an empty stack: a round a module adds,
    played with components that have none left) has one outcome too."""
    if count == 0:
        return []
    if count and (len(pool) == count or len({base(c) for c in pool}) == 1) and len(pool) >= count:
        return sorted(pool)[:count]
    return None


def typed_name(component: str, name_of: Callable[[str], str]) -> str:
    """What to type for ``component``: its printed name, or its kind (id without the copy suffix) when
    the name holds a comma (a list separator) or is not a name at all (``priest_y1_a (priest, 3 hp)``)."""
    name = name_of(component)
    return base(component) if "," in name or "(" in name else name


def split_draw(text: str) -> list[str]:
    """A typed draw split into words: by commas when there are any (names may then hold spaces), else
    by spaces (``troll ghost witch``)."""
    parts = text.split(",") if "," in text else text.split()
    return [p.strip() for p in parts if p.strip()]


def group_words(words: list[str], names: set[str], others: Sequence[str] = ()) -> list[str]:
    """Words joined while the run so far begins a name of ``names`` (normalised), word by word:
    ``["kamikaze", "imp", "pendulum"]`` -> ``["kamikaze imp", "pendulum"]``, ``["warrior", "3hp", "priest",
    "3", "heal", "1"]`` -> ``["warrior 3hp", "priest 3 heal 1"]``; or begins one of ``others`` (names in
    other languages) in any inflection (``["монетного", "двора"]`` -> ``["монетного двора"]``)."""
    folded = [folded_words(v) for n in others for v in spellings(n)]
    out: list[str] = []
    for word in words:
        run = out[-1] + " " + word if out else ""
        if out and (
            any((n + " ").startswith(_said(run) + " ") for n in names)
            or any(f[: len(w)] == w for w in [folded_words(run)] for f in folded if len(f) >= len(w))
        ):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def _aliases(package: Any, state: Any) -> Aliases | None:
    """The game's other names for components in ``state`` (None: a game that has only its printed ones)."""
    other = getattr(package, "component_aliases", None)
    if other is None:
        return None
    return lru_cache(maxsize=None)(lambda component: tuple(other(state, component)))


def _all(aliases: Aliases | None, components: Sequence[str]) -> list[str]:
    return sorted({a for c in components for a in aliases(c)}) if aliases is not None else []


def draw_command(package: Any, state: Any, text: str) -> Any:
    """The draw command for what a person typed (printed names, ids or prefixes), checked against what
    can still come up in ``state`` of the game ``package``. When the game waits for no draw, the words
    go to the engine as they are (it says what it waits for instead).

    Raises:
        RuleViolation: DRAW_IMPOSSIBLE naming what could come up, and what was probably meant."""
    words = split_draw(text)
    p = package.engine.pending(state)
    if not p.is_chance or p.chance is None:
        return package.rules.draw_command(words)

    def name_of(component: str) -> str:
        return str(package.component_name(state, component))

    aliases = _aliases(package, state)
    if "," not in text:  # names of several words ("kamikaze imp") typed with spaces between names
        words = group_words(words, {_norm(name_of(c)) for c in p.chance.pool}, _all(aliases, p.chance.pool))
    try:
        cards = resolve_draw(words, p.chance.pool, name_of, aliases)
    except NameUnknown as exc:
        template, params = refusal_params(exc)
        raise package.rules.index.refuse("DRAW_IMPOSSIBLE", template, "input.chance", **params) from None
    return package.rules.draw_command(cards)


def draw_command_at(package: Any, log: list[Any], number: int, text: str) -> Any:
    """The draw command for ``text`` as a correction of the draw behind event ``number`` of ``log``: the
    names are resolved against what could come up just before that draw.

    Raises:
        RuleViolation: DRAW_IMPOSSIBLE (see :func:`draw_command`)."""
    span = next((s for s in package.history.spans_of(log) if s.first <= number <= s.last), None)
    if span is None or span.first < 2:
        return package.rules.draw_command(split_draw(text))  # the correction itself says what is wrong
    return draw_command(package, package.history.state_before(log, span.first), text)


def picked_list(options: Sequence[dict[str, Any]]) -> tuple[str, dict[str, Any], list[list[str]]] | None:
    """When a decision's options differ only in one list of fixed length (three orders from a hand, first
    order first): that list's field, the rest of the command, and the values each position may take (in
    the order first met); else None."""
    if not options:
        return None
    lists = [k for k, v in options[0].items() if isinstance(v, list)]
    if len(lists) != 1:
        return None
    field = lists[0]
    rest = {k: v for k, v in options[0].items() if k != field}
    size = len(options[0][field])
    columns: list[list[str]] = [[] for _ in range(size)]
    for o in options:
        if {k: v for k, v in o.items() if k != field} != rest or len(o[field]) != size:
            return None
        for i, value in enumerate(o[field]):
            if value not in columns[i]:
                columns[i].append(value)
    return field, rest, columns


def list_command(package: Any, state: Any, actor: str, text: str) -> Any:
    """The command for a list decision typed as names, prefixes or numbers (``mine dig 3``: numbers count
    in the choices sorted by id), first pick first, each value at most once. A word that fits none of the
    choices goes to the rules as it is, so they refuse it with their own code (ORDER_NOT_IN_HAND...).

    Raises:
        RuleViolation: COMMAND_MALFORMED (the decision is not a list of picks, a prefix fits several
            choices, a number is out of range, or the count is wrong)."""
    p = package.engine.pending(state)
    options = [o.model_dump(mode="json") for o in p.options(actor)] if actor in p.actors else []
    picked = picked_list(options)
    index = package.rules.index
    if picked is None:
        raise index.refuse(
            "COMMAND_MALFORMED", "{actor} is not choosing a list of cards now (see `options`)", actor=actor
        )
    field, rest, columns = picked
    choices = sorted({v for column in columns for v in column})
    remaining, chosen = list(choices), []

    def name_of(component: str) -> str:
        return str(package.component_name(state, component))

    aliases = _aliases(package, state)
    words = split_draw(text)
    if "," not in text:
        words = group_words(words, {_norm(name_of(c)) for c in choices}, _all(aliases, choices))
    for word in words:
        try:
            if word.isdigit():
                if not 1 <= int(word) <= len(choices) or choices[int(word) - 1] not in remaining:
                    raise NameUnknown(
                        Phrase(
                            "{number} is not one of 1..{count} still to pick", number=Verbatim(word), count=len(choices)
                        )
                    )
                value = choices[int(word) - 1]
            else:
                value = _pick(word, remaining, name_of, aliases)
        except NameAmbiguous as exc:
            template, params = refusal_params(exc)
            raise index.refuse("COMMAND_MALFORMED", template, **params) from None
        except NameUnknown as exc:
            if not word.isdigit():  # not among the choices: the rules say why (an inaccessible card...)
                chosen.append(word.strip().lower().replace(" ", "_"))
                continue
            numbered = ", ".join(f"{i} {c}" for i, c in enumerate(choices, 1))
            raise index.refuse(
                "COMMAND_MALFORMED", "{exc} (choose from: {numbered})", exc=exc.phrase, numbered=numbered
            ) from None
        remaining.remove(value)
        chosen.append(value)
    if len(chosen) != len(columns):
        raise index.refuse(
            "COMMAND_MALFORMED",
            "choose {count_columns}, first first; you gave {count_chosen}",
            count_columns=len(columns),
            count_chosen=len(chosen),
        )
    return package.parse_command({**rest, field: chosen})
