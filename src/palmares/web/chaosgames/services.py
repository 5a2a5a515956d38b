"""Use cases of the chaos game: start one, adjudicate each deadline's orders, read its
supply-centre chart. Every write is one transaction; the core (:mod:`palmares.diplomacy.
adjudication`) checks the assignment, the orders and each position."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from palmares.core.errors import InputError, Problem
from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.outcome import result_rows
from palmares.diplomacy.adjudication.parse import parse_orders
from palmares.diplomacy.adjudication.phases import adjudicate
from palmares.diplomacy.adjudication.position import (
    Position,
    position_from_json,
    position_to_json,
)
from palmares.diplomacy.chaos import ChaosEntry
from palmares.diplomacy.chaos import ChaosGame as ChaosResult
from palmares.web.chaosgames.models import ChaosGame, ChaosTurn
from palmares.web.tournaments.models import Tournament

__all__ = [
    "CentreChart",
    "adjudicate_turn",
    "centre_chart",
    "current_position",
    "read_assignment",
    "start_chaos_game",
]

START_YEAR = 1900
MAX_NAME = 200


def read_assignment(text: str, file: str = "players") -> dict[str, str]:
    """``Player name: CENTRE`` lines → player → centre; each centre at most once, every problem
    at once (file:line). Seed 002: each player starts "with one supply centre"."""
    gmap = standard_map()
    problems: list[Problem] = []
    players: dict[str, str] = {}
    taken: dict[str, int] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" not in line:
            problems.append(Problem.of(file, n, None, Message.of("chaos.line", line=repr(line))))
            continue
        name, centre = (part.strip() for part in line.rsplit(":", 1))
        key = centre.lower()
        if not name or len(name) > MAX_NAME or ":" in name:
            problems.append(
                Problem.of(file, n, None, Message.of("chaos.player_name", most=MAX_NAME))
            )
        elif name.lower() in {p.lower() for p in players}:
            problems.append(
                Problem.of(file, n, None, Message.of("chaos.listed_twice", name=repr(name)))
            )
        elif key not in gmap.supply_centres:
            problems.append(
                Problem.of(file, n, None, Message.of("chaos.not_centre", centre=repr(centre)))
            )
        elif key in taken:
            said = Message.of("chaos.centre_taken", centre=key.upper(), line=taken[key])
            problems.append(Problem.of(file, n, None, said))
        else:
            taken[key] = n
            players[name] = key
    if not problems and len(players) < 2:
        problems.append(Problem.of(file, None, None, Message.of("chaos.two_players")))
    if problems:
        raise InputError(problems)
    return players


def start_chaos_game(
    tournament: Tournament,
    name: str,
    assignment: str,
    *,
    rules: str = "wdc-2007",
    build_anywhere: bool = False,
) -> ChaosGame:
    """A new chaos game: winter 1900, each player owning its one home centre, to build in."""
    players = read_assignment(assignment)
    homes = {p: [c.upper()] for p, c in players.items()}
    start: dict[str, Any] = {
        "year": START_YEAR,
        "season": "winter",
        "phase": "adjustment",
        "units": {},
        "centres": homes,
        "homes": homes,
    }
    if build_anywhere:
        start["build_anywhere"] = True
    position_from_json(start, standard_map(), "start")  # the core checks it
    if not name.strip() or len(name) > MAX_NAME:
        raise InputError.at("name", None, None, Message.of("chaos.name_length", most=MAX_NAME))
    if rules not in ("wdc-2007", "datc"):
        raise InputError.at(
            "rules", None, None, Message.of("chaos.unknown_rules", rules=repr(rules))
        )
    with transaction.atomic():
        if ChaosGame.objects.filter(tournament=tournament, name=name.strip()).exists():
            raise InputError.at(
                "name", None, None, Message.of("chaos.exists", name=repr(name.strip()))
            )
        return ChaosGame.objects.create(
            tournament=tournament, name=name.strip(), rules=rules, start_position=start
        )


def current_position(game: ChaosGame) -> Position:
    """The position to adjudicate next: the last turn's next position, or the start."""
    last = game.turns.order_by("-number").first()
    data = last.next_position if last is not None else game.start_position
    return position_from_json(data, standard_map(), "position")


def adjudicate_turn(game: ChaosGame, orders: str, user: Any = None) -> ChaosTurn:
    """Adjudicate the current phase with ``orders`` and keep it as the next turn."""
    gmap = standard_map()
    with transaction.atomic():
        game = ChaosGame.objects.select_for_update().get(pk=game.pk)
        position = current_position(game)
        parsed = parse_orders(
            orders, gmap, rules=game.rules, file="orders", powers=position.all_powers()
        )
        result = adjudicate(position, parsed, gmap, game.rules)
        number = (game.turns.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        return ChaosTurn.objects.create(
            game=game,
            number=number,
            position=position_to_json(position),
            orders=orders,
            results=result_rows(result),
            next_position=position_to_json(result.next_position),
            entered_by=user if getattr(user, "is_authenticated", False) else None,
        )


@dataclass(frozen=True, slots=True)
class CentreChart:
    """Centres per player after each fall (the winter positions), and the result so far."""

    years: tuple[int, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]
    result: tuple[tuple[int, ChaosEntry], ...]


def centre_chart(game: ChaosGame) -> CentreChart:
    players: Sequence[str] = list(game.start_position["homes"])
    counts: dict[int, dict[str, int]] = {
        START_YEAR: {p: len(c) for p, c in game.start_position["centres"].items()}
    }
    for turn in game.turns.order_by("number"):
        nxt = turn.next_position
        if nxt["phase"] == "adjustment":
            counts[nxt["year"]] = {p: len(c) for p, c in nxt.get("centres", {}).items()}
    years = tuple(sorted(counts))
    rows = tuple((p, tuple(counts[y].get(p, 0) for y in years)) for p in players)
    entries = []
    for p, series in rows:
        eliminated = next((y for y, n in zip(years, series, strict=True) if n == 0), None)
        entries.append(ChaosEntry(p, series[-1], eliminated))
    return CentreChart(years, rows, ChaosResult(tuple(entries)).ranked())
