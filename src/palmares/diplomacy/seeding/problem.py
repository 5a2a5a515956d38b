"""The board call as a problem: who plays this round, what they did before, who is kept apart.

Seed 002 ("Board Assignments"): the TD assigns players to boards and powers before each round,
"minimizing the number of times players play the same opponents, and minimizing the number of
times players play the same powers", and keeps apart "couples and blood relatives" and any pair
brought to the TD's attention. "Team Tournament": team-mates never share a board. "Top Board": in
the final round the seven invited players form one fixed board. Our reading is in
``specs/diplomacy.md`` ("Board call (seeding)").

A player normally plays one board; the TD may have a player sit out (``boards = 0``) or play two
boards (``boards = 2``) when the number of players is not a multiple of seven. When the TD names
too few, :func:`prepare` proposes the rest (see :func:`_propose_fill`) and explains the choice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.diplomacy.board import GREAT_POWERS, PlayedBoard

__all__ = ["Entrant", "Fill", "Prepared", "SeedingProblem", "prepare"]

Fill = Literal["auto", "sit", "double"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player present for the round: ``boards`` 0, 1 or 2 as named by the TD, ``None`` unnamed."""

    player: str
    boards: int | None = None
    team: str | None = None


@dataclass(frozen=True, slots=True)
class SeedingProblem:
    """Everything the board call of one round depends on.

    ``history`` holds the boards of earlier rounds (only round, board, power and player matter;
    centres, where known, rank players for the sit-out / two-board proposal). ``keep_apart`` are
    the TD's pairs; ``teams`` maps a team to its players (merged with each entrant's ``team``).
    ``top_board`` is the fixed seven of the final round, if any. ``fill`` says what palmares
    proposes when the seats are not a multiple of the board size: sitters, two-boarders, or
    whichever changes fewer players (``auto``). ``rounds`` is the tournament's number of
    rounds, if the TD gives it: the call foresees the rounds up to it (see :mod:`.plan`).
    """

    round: int
    entrants: tuple[Entrant, ...]
    history: tuple[PlayedBoard, ...] = ()
    keep_apart: tuple[tuple[str, str], ...] = ()
    teams: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    top_board: tuple[str, ...] = ()
    fill: Fill = "auto"
    powers: tuple[str, ...] = GREAT_POWERS
    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class Prepared:
    """The problem in numbers, for the objective, the bound and the search.

    Players who play are numbered ``0 … n-1`` (``players``); ``entries`` has one item per seat
    to fill (a two-boarder appears twice). ``met[i][j]`` counts earlier boards shared by ``i``
    and ``j``; ``forbidden`` holds the pairs ``(i, j)``, ``i < j``, that may never share a board
    and why; ``played[i][k]`` counts the times ``i`` played power ``k`` before, and ``last[i]``
    is the power of their latest game (-1 if none). ``top`` lists the
    players of the fixed top board (board 1). ``notes`` explains the choices made.
    """

    round: int
    powers: tuple[str, ...]
    players: tuple[str, ...]
    entries: tuple[int, ...]
    doubles: tuple[int, ...]
    sitters: tuple[str, ...]
    met: tuple[tuple[int, ...], ...]
    forbidden: Mapping[tuple[int, int], Message]
    played: tuple[tuple[int, ...], ...]
    top: tuple[int, ...]
    history: tuple[PlayedBoard, ...]
    notes: tuple[Message, ...]
    last: tuple[int, ...] = ()
    #: The last round of the tournament (``SeedingProblem.rounds``, else the board size, and
    #: never before this round): the worst pair is bounded over the rounds up to it.
    final_round: int = 0

    @property
    def board_size(self) -> int:
        return len(self.powers)

    @property
    def n_boards(self) -> int:
        return len(self.entries) // self.board_size

    def distinct_powers(self, i: int) -> int:
        return sum(1 for c in self.played[i] if c)


def _games_and_centres(history: Sequence[PlayedBoard]) -> tuple[dict[str, int], dict[str, int]]:
    games: dict[str, int] = defaultdict(int)
    centres: dict[str, int] = defaultdict(int)
    for board in history:
        for seat in board.seats:
            games[seat.player] += 1
            centres[seat.player] += seat.centres
    return games, centres


def _apart(problem: SeedingProblem) -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """Each player's keep-apart partners, and each team's players (teams.csv and players.csv)."""
    partners: dict[str, set[str]] = defaultdict(set)
    for a, b in problem.keep_apart:
        partners[a].add(b)
        partners[b].add(a)
    team_of: dict[str, str] = {}
    for team, members in problem.teams.items():
        for p in members:
            team_of[p] = team
    for e in problem.entrants:
        if e.team:
            team_of[e.player] = e.team
    teams: dict[str, list[str]] = defaultdict(list)
    for p, team in team_of.items():
        teams[team].append(p)
    return partners, teams


def _choose_two_boarders(
    problem: SeedingProblem,
    eligible: list[str],
    need: int,
    boards: int,
    seats_of: dict[str, int],
    chosen: list[str],
) -> list[str]:
    """Take ``need`` two-boarders from ``eligible`` in order, passing over a player who could not
    be kept apart: two kept-apart two-boarders need four boards, a team's seats may not
    outnumber the boards, and on three boards everyone kept apart from a two-boarder must fit
    together on the third. Returns the players passed over."""
    partners, teams = _apart(problem)
    top = set(problem.top_board)  # the top board is not open to anyone else
    if top:
        boards -= 1
    team_seats = {t: sum(seats_of.get(p, 0) for p in ps if p not in top) for t, ps in teams.items()}
    team_of = {p: t for t, ps in teams.items() for p in ps}
    passed: list[str] = []
    for p in eligible:
        if len(chosen) == need:
            break
        doubles = {q for q, n in seats_of.items() if n == 2} | set(chosen)
        team = team_of.get(p)
        if (
            (boards < 4 and partners[p] & doubles)
            or (team is not None and team_seats[team] + 1 > boards)
            or (
                boards == 3
                and not _fit_on_one_board(
                    p, partners, teams, team_of, seats_of, len(problem.powers)
                )
            )
        ):
            passed.append(p)
            continue
        chosen.append(p)
        if team is not None:
            team_seats[team] += 1
    if len(chosen) < need:
        chosen.extend(passed[: need - len(chosen)])
    return [p for p in passed if p not in chosen]


def _fit_on_one_board(
    p: str,
    partners: dict[str, set[str]],
    teams: dict[str, list[str]],
    team_of: dict[str, str],
    seats_of: dict[str, int],
    size: int,
) -> bool:
    """Whether the players ``p`` must be kept apart from (keep-apart partners and team-mates
    who play) can all sit on one board: at most seven seats, none kept apart from another."""
    team = team_of.get(p)
    near = {q for q in partners[p] | set(teams.get(team, []) if team else []) if q != p}
    near = {q for q in near if seats_of.get(q, 0) > 0}
    if sum(seats_of[q] for q in near) > size:
        return False
    for a in near:
        if partners[a] & near or (
            team_of.get(a) is not None
            and any(team_of.get(b) == team_of.get(a) for b in near if b != a)
        ):
            return False
    return True


def _propose_fill(
    problem: SeedingProblem, named: dict[str, int], notes: list[Message], size: int
) -> dict[str, int]:
    """Complete the TD's sitters and two-boarders so the seats fill whole boards.

    Our decision (the seed is silent): two-boarders are proposed from the players who have played
    the fewest games, then the lowest score (total centres in the history, our stand-in for the
    tournament score), then the order of ``players.csv``; sitters the other way round (most games,
    then highest score), so that sitting out and extra games rotate through the field rather
    than falling on the same players every round. ``auto`` changes the fewest players: sitters
    when fewer than half a board is left over, two-boarders otherwise.
    """
    seats = sum(named.values())
    if seats < size:
        raise PalmaresError.of(Message.of("seeding.too_few", seats=seats, size=size))
    left = seats % size
    if left == 0:
        return named
    fill = problem.fill
    if fill == "auto":
        fill = "sit" if left < size - left else "double"
    need = left if fill == "sit" else size - left
    games, centres = _games_and_centres(problem.history)
    top = set(problem.top_board)
    order = {e.player: i for i, e in enumerate(problem.entrants)}
    eligible = [e.player for e in problem.entrants if e.boards is None and e.player not in top]
    if fill == "sit":
        eligible.sort(key=lambda p: (-games[p], -centres[p], order[p]))
    else:
        eligible.sort(key=lambda p: (games[p], centres[p], order[p]))
    if len(eligible) < need:
        raise PalmaresError.of(
            Message.of(
                "seeding.too_few_sit" if fill == "sit" else "seeding.too_few_double",
                seats=seats,
                size=size,
                left=len(eligible),
                need=need,
            )
        )
    out = dict(named)
    chosen: list[str] = []
    if fill == "sit":
        chosen = eligible[:need]
    else:
        boards = (seats + need) // size
        passed = _choose_two_boarders(problem, eligible, need, boards, out, chosen)
        if passed:
            notes.append(Message.of("seeding.passed_over", boards=boards, players=tuple(passed)))
    for p in chosen:
        out[p] = 0 if fill == "sit" else 2
    detail = tuple(
        Message.of("seeding.games_centres", player=p, games=games[p], centres=centres[p])
        for p in chosen
    )
    notes.append(
        Message.of(
            "seeding.fill_sit" if fill == "sit" else "seeding.fill_double",
            seats=seats,
            left=left,
            size=size,
            detail=detail,
        )
    )
    return out


def prepare(problem: SeedingProblem) -> Prepared:
    """Check the problem and turn it into numbers; raise :class:`PalmaresError` if impossible."""
    size = len(problem.powers)
    if problem.round < 1:
        raise PalmaresError.of(Message.of("seeding.round", got=problem.round))
    names = [e.player for e in problem.entrants]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise PalmaresError.of(Message.of("seeding.twice", players=tuple(dup)))
    notes: list[Message] = []
    history = tuple(b for b in problem.history if b.round < problem.round)
    later = sorted({b.round for b in problem.history if b.round >= problem.round})
    if later:
        notes.append(
            Message.of("seeding.late_history", rounds=tuple(map(str, later)), round=problem.round)
        )
    top = problem.top_board
    if top:
        if len(top) != size or len(set(top)) != size:
            raise PalmaresError.of(Message.of("seeding.top_size", size=size, got=len(top)))
        missing = [p for p in top if p not in names]
        if missing:
            raise PalmaresError.of(Message.of("seeding.top_unknown", players=tuple(missing)))
        for e in problem.entrants:
            if e.player in top and e.boards not in (None, 1):
                raise PalmaresError.of(
                    Message.of("seeding.top_boards", player=e.player, boards=str(e.boards))
                )

    named = {e.player: (1 if e.boards is None else e.boards) for e in problem.entrants}
    boards_of = _propose_fill(problem, named, notes, size)
    players = tuple(p for p in names if boards_of[p] > 0)
    sitters = tuple(p for p in names if boards_of[p] == 0)
    if not players:
        raise PalmaresError.of(Message.of("seeding.nobody"))
    index = {p: i for i, p in enumerate(players)}
    entries = tuple(index[p] for p in players for _ in range(boards_of[p]))
    doubles = tuple(index[p] for p in players if boards_of[p] == 2)
    n = len(players)
    boards_needed = len(entries) // size
    if boards_needed < 2 and doubles:
        raise PalmaresError.of(Message.of("seeding.two_boarder"))

    met = [[0] * n for _ in range(n)]
    played = [[0] * size for _ in range(n)]
    last = [-1] * n
    for board in sorted(history, key=lambda b: b.round):
        seated = [index[s.player] for s in board.seats if s.player in index]
        for a in seated:
            for b in seated:
                if a != b:
                    met[a][b] += 1
        for seat in board.seats:
            if seat.player in index and seat.power in problem.powers:
                played[index[seat.player]][problem.powers.index(seat.power)] += 1
                last[index[seat.player]] = problem.powers.index(seat.power)

    forbidden: dict[tuple[int, int], Message] = {}  # each pair's reason
    unknown = sorted({p for pair in problem.keep_apart for p in pair} - set(names))
    if unknown:
        notes.append(Message.of("seeding.unknown_apart", players=tuple(unknown)))
    for name_a, name_b in problem.keep_apart:
        if name_a in index and name_b in index and name_a != name_b:
            x, y = sorted((index[name_a], index[name_b]))
            forbidden[(x, y)] = Message.of("seeding.keep_apart")
    free_boards = boards_needed - (1 if top else 0)
    for team, members in _apart(problem)[1].items():
        numbers = [index[p] for p in members if p in index]
        team_seats = sum(boards_of[p] for p in members if p in index and p not in top)
        if team_seats > free_boards:
            raise PalmaresError.of(
                Message.of("seeding.team_seats", team=team, seats=team_seats, boards=free_boards)
            )
        for x in numbers:
            for y in numbers:
                if x < y:
                    forbidden.setdefault((x, y), Message.of("seeding.team", team=team))
    top_idx = tuple(index[p] for p in top)
    for (i, j), why in forbidden.items():
        if i in top_idx and j in top_idx:
            notes.append(
                Message.of("seeding.top_board_together", a=players[i], b=players[j], why=why)
            )
    return Prepared(
        round=problem.round,
        powers=problem.powers,
        players=players,
        entries=entries,
        doubles=doubles,
        sitters=sitters,
        met=tuple(tuple(r) for r in met),
        forbidden=forbidden,
        played=tuple(tuple(r) for r in played),
        top=top_idx,
        history=history,
        notes=tuple(notes),
        last=tuple(last),
        final_round=max(
            problem.round, problem.rounds if problem.rounds is not None else len(problem.powers)
        ),
    )
