"""Every rule the engine enforces, with its source.

A rule id (for example ``"dig.no_2x2"``) is what a :class:`~domain.games.dungeon_lords.errors.RuleViolation`
cites; the CLI and the audit print the citation. Sources are sections of the base
rulebook (Dungeon Lords, CGE 2009), cited as "Rulebook › Section ›
Subsection", or engine choices where the rulebook is silent ("Engine choice: ..."). An engine choice's
citation is marked ``N_``: the reader's language has it in the gettext domain ``refusals`` (there is no
rulebook section to cite in another language).
"""

from __future__ import annotations

from domain.kernel.codes import KernelRefusal, refusals_markdown
from domain.kernel.errors import N_
from domain.kernel.rules_index import RuleIndex

from .refusals import Refusal

RULES: dict[str, str] = {
    # --- set-up and flow
    "setup.players": "Rulebook › Summary (2 to 4 players)",
    "setup.modules": "Festival Season › Combining Variants (each part of the expansion can be left out)",
    "setup.catalog": N_("Engine: a table's catalog overrides use the shipped catalog's schema (see `catalog`)"),
    "setup.first_game": "Rulebook › Rules › First Game › Setup (inaccessible orders chosen at random)",
    "setup.full_inaccessible": "Rulebook › Full Game › Choosing Initial Inaccessible Orders",
    "setup.special_events": "Rulebook › Full Game › Special Events",
    "flow.turn": "Rulebook › First Year (phases in Progress Board order; decisions in play order)",
    "flow.not_your_turn": "Rulebook › First Year (the game waits for one input at a time; see `options`)",
    # --- new round
    "round.new_round": "Rulebook › First Year › New Round Phase",
    "round.adventurers_redraw": "Rulebook › First Year › New Round Phase › Next Round's Adventurers",
    # --- orders
    "orders.choose_three": "Rulebook › Orders Phase › Selecting Orders (choose 3 of the 6 cards in hand)",
    "orders.placement": "Rulebook › Orders Phase › Revealing Orders (lowest free space, clockwise from the starting player)",
    "orders.hire_first_fee": "Rulebook › Full Game › Recruiting as First Order",
    "orders.three_players": "Rulebook › The Orders Phase with 3 Players",
    "orders.two_players": "Rulebook › The Orders Phase with 2 Players",
    "orders.retrieval": "Rulebook › Production and Orders Retrieval Phase › Orders Retrieval",
    # --- actions
    "action.order": "Rulebook › Executing Orders (board order; Hire Monster and Build Room go III, II, I)",
    "action.full_cost": "Rulebook › Executing Orders (pay the full cost or nothing)",
    "evil.cost_at_top": "Rulebook › Full Game › Paying a Cost vs. Gaining Evil (full game: an Evil cost cannot be paid past "
    "the top; the first game moves the counter 'unless you are already at the top')",
    "evil.clamp": "Rulebook › Full Game › Paying a Cost vs. Gaining Evil (gaining or losing Evil stops at the ends)",
    "action.spy": "Rulebook › Description of Actions › Improve Reputation (spy on one of the four Combat Cards)",
    "dig.adjacent": "Rulebook › Description of Actions › Dig Tunnels (adjacent to a previously placed tile)",
    "dig.no_2x2": "Rulebook › Description of Actions › Dig Tunnels (no 2x2 block may be filled)",
    "dig.permit": "Rulebook › Description of Actions › Dig Tunnels (up to the permit; one imp per tunnel; foreimp on space III)",
    "mine.permit": "Rulebook › Description of Actions › Mine Gold (up to the permit; one imp per unconquered tunnel; foreimp on space III)",
    "imps.available": "Rulebook › Dig Tunnels / Mine Gold / Production (each imp does one job per round)",
    "recruit.after_mining": "Rulebook › Description of Actions › Recruit Imps (new imps cannot dig or mine this round)",
    "traps.buy": "Rulebook › Description of Actions › Buy Traps",
    "traps.second_year": "Rulebook › Second Year › Buying Traps in the Second Year (draw one extra, discard one)",
    "traps.deck_empty": N_(
        "Engine choice: an empty Trap deck is re-formed from the face-down discards (the rulebook is silent)"
    ),
    "hire.choose": "Rulebook › Description of Actions › Hire Monster (or Ghost)",
    "hire.cost": "Rulebook › Hire Monster (pay the cost on the tile; space III pays 1 extra Food)",
    "hire.golem": "Rulebook › Appendix › Golem (discard a Trap Card to hire or pay him)",
    "hire.demon": "Rulebook › Appendix › Demon (discard a monster, not a ghost, to hire or pay him)",
    "room.choose": "Rulebook › Description of Actions › Build Room",
    "room.on_tunnel": "Rulebook › Build Room (a room replaces one of your unconquered Tunnel Tiles)",
    "room.zone": "Rulebook › Build Room (a First Year room must be placed in its zone)",
    "room.not_adjacent": "Rulebook › Build Room (two rooms cannot be adjacent)",
    # --- production and events
    "production.rooms": "Rulebook › Production and Orders Retrieval Phase › Production",
    "production.twice": "Rulebook › Second Year › Rooms and Monsters in the Second Year (first-year rooms produce twice)",
    "production.conquered": "Rulebook › Conquering Step (a conquered room loses its function)",
    "event.payday": "Rulebook › Event Phase › Pay Day",
    "event.taxes": "Rulebook › Event Phase › Taxes",
    "event.special": "Rulebook › Full Game › Special Events (card text: see the catalog; most are provisional)",
    # --- adventurers and paladin
    "adventurers.assign": "Rulebook › Adventurers Phase (least powerful to the nicest; ties by play order)",
    "adventurers.warrior": "Rulebook › Adventurers Phase (a new warrior pushes to the front)",
    "adventurers.two_players": "Rulebook › Assigning Adventurers to 2 Players",
    "paladin.arrives": "Rulebook › Paladin (arrives at the first player on or above his space)",
    "paladin.moves": "Rulebook › Paladin (moves only to a strictly more evil player at or above his space; ties: later in play order)",
    "paladin.nonplayer": N_("Engine choice: the paladin only goes to players, never to a non-player Evil Counter"),
    "paladin.nonplayer_festival": "Festival Season › Evilometer for Two Players (the non-player counter is "
    "ranked for the paladins; the one it gets goes to the Distant Lands; ties: the non-player is the nicer, "
    "provisional)",
    # --- Festival Season: Unique Opportunities
    "uo.boards": "Festival Season › Revealing Unique Opportunities (one board turned up each round but the last; "
    "from round 2 it covers its place for the round)",
    "uo.harvest_food": "Festival Season › Unique Opportunities › Harvest Food (one imp per food, foreimps 1 / 1 / 2; "
    "space III loses 1 Evil; food per space provisional, spec U-01)",
    "uo.masquerade": "Festival Season › Unique Opportunities › Masquerade (every other player gains 1 Evil; space II "
    "may put the spied card back anywhere, announced)",
    "uo.invest_gold": "Festival Season › Unique Opportunities › Invest Gold (the return comes when the Orders Phase "
    "ends; amounts provisional, spec U-02)",
    "uo.improve_tunnels": "Festival Season › Unique Opportunities › Improve Tunnels (III, I, II; 2 imps to improve a "
    "plain unconquered tunnel or deconquer a tunnel, 3 to deconquer a room; only II twice, never mixed; options on "
    "every space provisional, spec U-05)",
    "uo.install_traps": "Festival Season › Unique Opportunities › Install Traps (3 traps dealt face up; III, II, I "
    "each installs one on an unconquered dungeon tile, paying its cost, +1 gold on a room; it springs by itself in "
    "the first battle there; the others are discarded as the Orders Phase ends)",
    "uo.rent_rooms": "Festival Season › Unique Opportunities › Rent Rooms (III pays 1 gold and chooses first, II "
    "free, I free or III's gold; a rented room lies beside the player board: production once a round, any "
    "battle if a combat room, never a room for scoring but its own bonus)",
    "combat.bards": "Festival Season › Bards (the Bard Step first: a Courage token per lute, front to back, paladins "
    "skipped, a lute fewer per adventurer captured this Combat; a token cancels a damage counter; all removed before "
    "the Conquering Step; bards' values provisional, spec U-14)",
    "festival.bids": "Festival Season › Festival! (available imps sent in secret, 0 allowed; most imps picks "
    "first, ties to the more evil, then the later in play order; every imp sent is used; Troll Tokens cannot "
    "go, provisional U-27)",
    "festival.prizes": "Festival Season › Festival! (the Year's boards, 3 with 3 players, 2 with 2; one each, "
    "its prize at once, paid in full; engine choice: a prize that cannot be had cannot be chosen)",
    "pets.draft": "Festival Season › Pets › Pet Phase (deal 2 each, Second Year with the unused pets; pass one "
    "left at once; discard one face down, keep the rest; the deck and texts are provisional, spec U-17)",
    "pets.show": "Festival Season › Pets During Scoring (1 point for each unused pet; a Scoring pet scores its "
    "own points instead, when more)",
    "production.training": "Festival Season › Appendix › imp Training Room (each Production Phase 1 available "
    "imp in or 1 out; Second Year 1 or 2, never both; no Troll Tokens, no Tool Shed; the imps stay each round)",
    "combat.trained_imps": "Festival Season › Appendix › imp Training Room (each time the party accumulates fatigue, "
    "return 1 trained imp to the Imp Den for +1 fatigue, never doubled or halved; provisional U-43: a "
    "0-fatigue card too)",
    "pets.use": "Festival Season › Using Pets (when the card says: Building, Combat or Scoring; once per game; a "
    "pet is not a monster, but Baby Golem; the effects are provisional, spec U-17)",
    # --- combat
    "combat.planning": "Rulebook › Combat › Planning Phase (simultaneous; traps face down, monsters face up)",
    "combat.tile": "Rulebook › Planning Phase › Choosing a Dungeon Tile (an unconquered tile nearest the entrance)",
    "combat.defense": "Rulebook › Planning Phase › Choosing Defense (tunnel: 1 trap, 1 monster; room: 1 trap, "
    "2 monsters; any number of ghosts; Appendix › Labyrinth: 2 traps, 1 monster)",
    "combat.trap_cost": "Rulebook › Trap Step (a trap whose cost cannot be paid cannot be chosen; +1 gold in a room)",
    "combat.trap": "Rulebook › Trap Step; Notes on Selected Traps; CGE FAQ (anti-trap symbols stop damage only)",
    "combat.spell": "Rulebook › Fast Spells Step / Slow Spells Step (magic symbols must reach the round number)",
    "combat.monsters": "Rulebook › Monsters (and Ghosts) Step; Appendix › Monsters",
    "combat.training": "Rulebook › Combat Training (the four training dungeons and their Solutions)",
    "combat.labyrinth": "CGE FAQ (Labyrinth): the owner chooses the order in which its two traps spring when "
    "they spring, after the Combat Card is revealed (Appendix › Labyrinth: either order)",
    "combat.conquering": "Rulebook › Conquering Step (someone was left after fatigue; the lord loses 1 Evil)",
    "combat.no_tile": "Rulebook › End of Combat (no unconquered tile: release a prisoner instead; you *can* save "
    "the paladin for last: the owner chooses)",
    # --- rounds and years
    "round.end": "Rulebook › End of the Round (imps return; the Starting Player Token passes left, not in fall)",
    "scoring.winner": "Rulebook › Scoring; Titles; Winning the Game",
    "year.second": "Rulebook › Second Year (stacks, combat cards, paladin, starting player)",
    # --- recording
    "record.ruling": N_("Engine: a table ruling applies the table's outcome as entered; audits list it"),
    "record.after_end": N_(
        "Engine: once the game is scored, a record takes only an undo or a correction of an input "
        "(which scores it again) and archiving; nothing else changes a finished game"
    ),
    # --- input validity
    "input.schema": N_("Engine: the command must match its documented schema"),
    "input.chance": N_("Engine: a recorded draw must be possible from the components that remain"),
    "scenario.valid": N_("Engine: a scenario must respect component counts and the rules of placement"),
}


R = "Правила › "
#: the same rules cited from the Russian rulebook («Повелители подземелий», the translation of the base
#: rulebook): each section heading as it is printed there, without its page mark ("[14]") and closing
#: punctuation, in the rulebook's order of sections; the parenthesis says what the rule is, as in English.
RULES_RU: dict[str, str] = {
    # --- set-up and flow
    "setup.players": R + "Кратко (игра от 2 до 4 игроков)",
    "setup.first_game": R + "Первая игра › Установка (недоступные приказы выбираются случайно)",
    "setup.full_inaccessible": R + "Полная игра › Выбор начальных неиспользуемых приказов",
    "setup.special_events": R + "Полная игра › Специальные события",
    "flow.turn": R + "Первый год (фазы по порядку Поля прогресса; решения по порядку хода)",
    "flow.not_your_turn": R + "Первый год (игра ждёт одного ввода за раз, от названных игроков; см. `options`)",
    # --- new round
    "round.new_round": R + "Первый год › Этап начало раунда",
    "round.adventurers_redraw": R + "Первый год › Искатели приключений следующего раунда",
    # --- orders
    "orders.choose_three": R + "Этап Приказов › Выбор приказов (выберите 3 из 6 карт на руке)",
    "orders.placement": R + "Этап Приказов › Открытие приказов (самое нижнее свободное место, по часовой стрелке "
    "от первого игрока)",
    "orders.hire_first_fee": R + "Полная игра › Найм монстров первым приказом",
    "orders.three_players": R + "Фаза приказов при трех игроках",
    "orders.two_players": R + "Фаза приказов с двумя игроками",
    "orders.retrieval": R + "Фаза производства и возвращения приказов › Возвращение приказов",
    # --- actions
    "action.order": R + "Выполнение приказов (по порядку поля; Найм монстров и Строительство комнат: III, II, I)",
    "action.full_cost": R + "Выполнение приказов (оплатите всю стоимость или ничего)",
    "evil.cost_at_top": R + "Полная игра › Оплата стоимости против получения зла (в полной игре нельзя оплатить "
    "зло выше верха Злометра)",
    "evil.clamp": R + "Полная игра › Оплата стоимости против получения зла (получая или теряя зло, счетчик "
    "останавливается на краю Злометра)",
    "action.spy": R + "Описание действий › Улучшение репутации (подсмотреть одну из четырех карт боя)",
    "dig.adjacent": R + "Описание действий › Копать туннель (рядом с уже выложенной карточкой)",
    "dig.no_2x2": R + "Описание действий › Копать туннель (нельзя заполнить квадрат 2x2)",
    "dig.permit": R + "Описание действий › Копать туннель (не больше разрешения; один имп на туннель; прораб на "
    "месте III)",
    "mine.permit": R + "Описание действий › Добыча золота (не больше разрешения; один имп на незавоеванный "
    "туннель; прораб на месте III)",
    "imps.available": R + "Копать туннель / Добыча золота / Производство (каждый имп выполняет одну работу за раунд)",
    "recruit.after_mining": R + "Описание действий › Найм импов (новые импы не копают и не добывают в этом раунде)",
    "traps.buy": R + "Описание действий › Покупка ловушек",
    "traps.second_year": R + "Второй год › Покупка ловушек во втором году (взять одну лишнюю, одну сбросить)",
    "hire.choose": R + "Описание действий › Найм монстров (или призраков)",
    "hire.cost": R + "Найм монстров (или призраков) (оплатите стоимость с карточки; место III платит 1 еду сверх)",
    "hire.golem": R + "Приложение › Монстры и призраки (Голем: сбросьте карту ловушки, чтобы нанять его или "
    "заплатить ему)",
    "hire.demon": R + "Приложение › Монстры и призраки (Демон: сбросьте монстра, не призрака, чтобы нанять его "
    "или заплатить ему)",
    "room.choose": R + "Описание действий › Строительство комнат",
    "room.on_tunnel": R + "Строительство комнат (комната заменяет один из ваших незавоеванных туннелей)",
    "room.zone": R + "Строительство комнат (комната первого года ставится в своей зоне)",
    "room.not_adjacent": R + "Строительство комнат (две комнаты не могут быть соседними)",
    # --- production and events
    "production.rooms": R + "Фаза производства и возвращения приказов › Производство",
    "production.twice": R + "Второй год › Комнаты и монстры во втором году (комнаты первого года производят дважды)",
    "production.conquered": R + "Этап завоевания (завоеванная комната теряет свою функцию)",
    "event.payday": R + "Фаза событий › День зарплаты",
    "event.taxes": R + "Фаза событий › Налоги",
    "event.special": R + "Полная игра › Специальные события (текст карт: см. каталог; большинство предварительные)",
    # --- adventurers and paladin
    "adventurers.assign": R + "Фаза искателей приключений (самый слабый к самому доброму; при равенстве по "
    "порядку хода)",
    "adventurers.warrior": R + "Фаза искателей приключений (новый воин встает в начало группы)",
    "adventurers.two_players": R + "Назначение искателей приключений для двух игроков",
    "paladin.arrives": R + "Паладин (приходит к первому игроку на его месте Злометра или выше)",
    "paladin.moves": R + "Паладин (переходит только к более злому игроку на его месте или выше; при равенстве "
    "к более позднему по порядку хода)",
    # --- combat
    "combat.planning": R + "Бой › Фаза планирования (одновременно; ловушки рубашкой вверх, монстры открыто)",
    "combat.tile": R + "Фаза планирования › Выбор захватываемого подземелья (незавоеванная карточка, самая "
    "близкая ко входу)",
    "combat.defense": R + "Фаза планирования (туннель: 1 ловушка, 1 монстр; комната: 1 ловушка, 2 монстра; "
    "призраков сколько угодно; Приложение › Боевые комнаты › Лабиринт: 2 ловушки, 1 монстр)",
    "combat.trap_cost": R + "Этап ловушек (ловушку, стоимость которой нельзя оплатить, нельзя выбрать; +1 золото "
    "в комнате)",
    "combat.trap": R + "Этап ловушек; Заметки по выбранным ловушкам; CGE FAQ (на английском: символы "
    "против ловушек отменяют только повреждения)",
    "combat.spell": R + "Этап быстрых заклинаний / Этап медленных заклинаний",
    "combat.monsters": R + "Этап монстров (и призраков); Приложение › Монстры и призраки",
    "combat.training": R + "Боевое обучение (четыре учебных подземелья и их прохождение)",
    "combat.labyrinth": "CGE FAQ (на английском, Лабиринт): владелец выбирает порядок срабатывания двух "
    "ловушек после открытия карты боя; " + R + "Приложение › Боевые комнаты (Лабиринт: в любом порядке)",
    "combat.conquering": R + "Этап завоевания (кто-то остался после усталости; повелитель теряет 1 зло)",
    "combat.no_tile": R + "Конец боя (незавоеванных карточек нет: вместо этого освободите пленника)",
    # --- rounds and years
    "round.end": R + "Конец раунда (импы возвращаются; жетон первого игрока переходит налево, но не осенью)",
    "scoring.winner": R + "Подсчет очков; Победа в игре",
    "year.second": R + "Второй год",
}

#: the rule ids cited in English only, and why: the rules of Festival Season (no Russian rulebook of the
#: expansion) and the engine's own choices and input rules (no rulebook's section to cite)
ENGLISH_ONLY: dict[str, str] = {
    **dict.fromkeys(
        [
            "setup.modules",
            "paladin.nonplayer_festival",
            "uo.boards",
            "uo.harvest_food",
            "uo.masquerade",
            "uo.invest_gold",
            "uo.improve_tunnels",
            "uo.install_traps",
            "uo.rent_rooms",
            "combat.bards",
            "festival.bids",
            "festival.prizes",
            "pets.draft",
            "pets.show",
            "production.training",
            "combat.trained_imps",
            "pets.use",
        ],
        "Festival Season: no Russian rulebook",
    ),
    **dict.fromkeys(
        [
            "setup.catalog",
            "traps.deck_empty",
            "paladin.nonplayer",
            "record.ruling",
            "record.after_end",
            "record.undo",
            "record.correction",
            "record.format",
            "record.event_number",
            "input.schema",
            "input.chance",
            "input.seat",
            "scenario.valid",
        ],
        "engine: no rulebook section (its citation is translated in the catalog, domain refusals)",
    ),
}


#: the game's rule index (the kernel's input rules included): ``INDEX.cite(rule_id)``, ``INDEX.refuse(...)``;
#: its refusals carry the Russian citations too (``RuleViolation.citations["ru"]``)
INDEX = RuleIndex(RULES, [Refusal], citations={"ru": RULES_RU})


def cite(rule_id: str) -> str:
    """The citation text for a rule id; unknown ids are returned as they are."""
    return INDEX.cite(rule_id)


def markdown() -> str:
    """``docs/refusals.md``: every refusal code a user can meet, the kernel's and this game's."""
    head = (
        "# Refusal codes\n\nGenerated from `domain/kernel/codes.py` and "
        "`domain/games/dungeon_lords/refusals.py`; a test keeps this file in step with the code. A refusal "
        "appends nothing; its message gives the particulars, `rule` the citation it rests on. To regenerate:\n\n"
        "    python -c 'from domain.games.dungeon_lords.rules_index import markdown; print(markdown(), end=\"\")' "
        "> docs/refusals.md\n\n"
    )
    return (
        head
        + refusals_markdown("Every game (the kernel)", [KernelRefusal], RULES)
        + "\n"
        + refusals_markdown("Dungeon Lords", [Refusal], RULES)
        + LANGUAGES
    )


LANGUAGES = """
## Languages

A refusal's `code` never changes; its `message` and `rule` read in the reader's language. The CLI takes the
language from `DL_LANG` (`DL_LANG=ru dungeon-lords act ...`), the HTTP service from the request's
`Accept-Language` (JSON answers and the table page); English is the default and reads as before. The messages
are the gettext domain `refusals`: the template `cli/locale/refusals.pot` and a catalog per language,
`cli/locale/<lang>/LC_MESSAGES/refusals.po` (Russian: `ru`, with its three plural forms: 1 имп, 2 импа,
5 импов). In Russian a rule of the base game is cited by the Russian rulebook's section headings (`RULES_RU`
in `domain/games/dungeon_lords/rules_index.py`); Festival Season, Monster Inn and the engine's own rules have
no Russian source and are cited in English (`ENGLISH_ONLY` there and in `domain/games/monster_inn/refusals.py`).
Component ids and colors in a message stay as typed until a names catalog is plugged in
(`cli.i18n.set_names`). A few texts come whole from elsewhere and read in English inside the
translated message: a set-up's or a scenario's problem, a JSON command's schema reasons, why a draw cannot
be, a catalog override's error.

In the code a message is a template with named placeholders and its params (`refuse("DIG_NOWHERE", "no square
can take a new tunnel", "dig.no_2x2")`, `refuse(code, "{color} has no room on {square}", rule, color=...,
square=...)`); one that depends on a count is `refuse_n(code, singular, plural, n, rule, **params)` (`{n}` in
both); a fragment passed as a param is marked with `N_` (`where=N_("a room")`), or is a `Phrase` when it
has placeholders of its own (`what=Phrase("{action} space {space}", action=..., space=2)`). The domain
imports no gettext: the message is translated where it is shown (`cli/refusal_i18n.py`). After changing a
message:

    pybabel extract -F cli/locale/refusals-babel.cfg --no-default-keywords -k refuse:2 -k refuse_n:2,3 \\
      -k RuleViolation:2 -k N_ -k Phrase --omit-header --no-location --sort-output --no-wrap \\
      -o cli/locale/refusals.pot domain cli/http
    pybabel update -D refusals -i cli/locale/refusals.pot -d cli/locale --no-wrap --ignore-obsolete

then translate the new and fuzzy entries of each `refusals.po`. A new language: `pybabel init -D refusals -i
cli/locale/refusals.pot -d cli/locale -l LANG --no-wrap`. Nothing is compiled by hand and no `.mo` is
committed: a catalog is compiled in memory the first time a reader of its language meets a refusal.
`tests/cli/test_refusals_i18n.py` fails on a message missing from the template, missing, empty or fuzzy in a
catalog, or a placeholder a translation misspells.
"""
