"""The seeding engine's problem for one round of a tournament run on the site: who is present
(the roll call), what they played before (the results entered, else the board call), teams and
keep-apart pairs (seed 002, "Board Assignments", "Team Tournament")."""

from __future__ import annotations

from collections import defaultdict

from palmares.diplomacy.board import PlayedBoard, Seat, parse_power
from palmares.diplomacy.seeding import Entrant, SeedingProblem
from palmares.web.tournaments.adapters import played_boards, teams
from palmares.web.tournaments.models import CalledSeat, Entry, KeepApart, Presence, Tournament

__all__ = ["active_players", "history", "present", "round_problem"]


def active_players(t: Tournament, number: int) -> list[str]:
    """The registered players expected in round ``number``: arrived, not withdrawn."""
    return [
        e.player.name
        for e in Entry.objects.filter(tournament=t, arrives__lte=number)
        .select_related("player")
        .order_by("player__key", "player_id")
        if e.withdrawn_after is None or e.withdrawn_after >= number
    ]


def present(t: Tournament, number: int) -> tuple[dict[str, int | None], bool]:
    """Each present player's boards (0, 1, 2; ``None``: palmares may propose), and whether the
    roll call was taken (else every active player is present, with no request)."""
    rows = list(
        Presence.objects.filter(round__tournament=t, round__number=number)
        .select_related("player")
        .order_by("player__key", "player_id")
    )
    if rows:
        return {p.player.name: p.boards for p in rows}, True
    return dict.fromkeys(active_players(t, number)), False


def history(t: Tournament, before: int) -> tuple[PlayedBoard, ...]:
    """The boards of the rounds before ``before``: their results where entered, else the board
    call (powers and players only: who met whom, who played what)."""
    played = played_boards(t, up_to_round=before - 1)
    have = {(b.round, b.board) for b in played}
    called: dict[tuple[int, str], list[Seat]] = defaultdict(list)
    # As values: a round row carries its call's report, decoded from JSON for every seat.
    for number, label, power, name in (
        CalledSeat.objects.filter(round__tournament=t, round__number__lt=before)
        .order_by("round__number", "label", "power")
        .values_list("round__number", "label", "power", "player__name")
    ):
        key = (number, label)
        if key not in have:
            called[key].append(Seat(parse_power(power), name, 0))
    extra = [PlayedBoard(r, label, tuple(seats)) for (r, label), seats in called.items()]
    return tuple(sorted([*played, *extra], key=lambda b: b.round))


def round_problem(
    t: Tournament,
    number: int,
    *,
    boards: dict[str, int | None] | None = None,
    top_board: tuple[str, ...] = (),
) -> SeedingProblem:
    """The problem of round ``number``; ``boards`` replaces the roll call (the TD's change
    being checked). A tournament with no registration (imported from boards.csv) seats
    everyone who has played."""
    past = history(t, number)
    if boards is None:
        boards, _ = present(t, number)
        if not boards and not Entry.objects.filter(tournament=t).exists():
            boards = dict.fromkeys(sorted({p for b in past for p in b.players}))
    team_map = teams(t)
    team_of = {p: team for team, members in team_map.items() for p in members}
    pairs = tuple(
        (k.player_a.name, k.player_b.name)
        for k in KeepApart.objects.filter(tournament=t).select_related("player_a", "player_b")
    )
    return SeedingProblem(
        round=number,
        entrants=tuple(Entrant(p, n, team_of.get(p)) for p, n in boards.items()),
        history=past,
        keep_apart=pairs,
        teams=team_map,
        top_board=top_board,
        rounds=t.event.rounds,
    )
