"""What the catalogue's aggregations share: each player's games, the lines that explain a total,
the declared tie-break chain and the ranking it gives.

Private to the aggregation package (the registry skips modules whose name starts with ``_``).
Every board score is taken exactly (``exact``: a Fraction; Divide and Conquer's rounded raw
scores are Decimals and stay exact).

Tie-break chain (``tiebreak=best-game/centres/head-to-head``, applied in the order given, only
among players still tied):

- ``best-game``: the best single board score among the player's counted games, higher first;
- ``centres``: the total of final centres over the counted games, more first;
- ``head-to-head``: among the players still tied, each scores a point for every board they
  shared with another of them where their board score was higher; more points first.

Players still tied after the chain share the rank (competition ranking: 1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.ranking import tie_groups
from palmares.diplomacy.aggregation.base import (
    BoardKey,
    Line,
    Note,
    Standing,
    Standings,
    Step,
    TiesBrokenBy,
)
from palmares.diplomacy.board import PlayedBoard
from palmares.diplomacy.scoring.base import BoardScore, exact

__all__ = [
    "TIEBREAKS",
    "Counted",
    "CountedGame",
    "Game",
    "SitOutCredit",
    "TieBroken",
    "fraction",
    "game_lines",
    "games_by_player",
    "parse_tiebreak",
    "rank",
    "standings",
    "whole",
]

TIEBREAKS = ("best-game", "centres", "head-to-head")


@dataclass(frozen=True, slots=True)
class Game:
    """One board a player played, with its board score (exact)."""

    round: int
    board: str
    power: str
    centres: int
    score: Fraction
    top_board: bool


#: A game and the weight it counts with (1: in full, 0: dropped, 1/4: a quarter …).
Counted = tuple[Game, Fraction]


@dataclass(frozen=True, slots=True)
class CountedGame(Step):
    """A game of an aggregation that adds weighted board scores (the catalogue's sum of
    rounds, best N games or rounds, best two plus, pool multiplier): the board score counts
    × ``factor`` (1 in full, 0 dropped); ``top_board``: the factor is the pool multiplier's
    top-board factor; ``total``: the running total after it."""

    factor: Fraction
    total: Fraction
    top_board: bool = False

    def weight(self) -> Fraction:
        return self.factor


@dataclass(frozen=True, slots=True)
class SitOutCredit(Step):
    """Points credited for a round sat out (the sit-out aggregation, palmares' reading): the
    round's average board score over ``games`` games, or the fixed bonus (``games`` None);
    ``total``: the running total after it (``None`` until the lines are totalled)."""

    points: Fraction
    games: int | None
    total: Fraction | None = None


@dataclass(frozen=True, slots=True)
class TieBroken(Note):
    """A tie on ``score`` between ``players`` broken by the tie-break ``by``: each player's
    value of that criterion, in the order it gives."""

    score: Fraction
    players: tuple[str, ...]
    by: str
    values: tuple[tuple[str, Fraction], ...]


def games_by_player(
    boards: Sequence[PlayedBoard], scored: Mapping[BoardKey, BoardScore]
) -> dict[str, list[Game]]:
    """Every player's games, in round then board order."""
    out: dict[str, list[Game]] = defaultdict(list)
    for board in sorted(boards, key=lambda b: (b.round, b.board)):
        result = scored[(board.round, board.board)]
        for seat in board.seats:
            out[seat.player].append(
                Game(
                    round=board.round,
                    board=board.board,
                    power=seat.power,
                    centres=seat.centres,
                    score=exact(result[seat.power]),
                    top_board=board.top_board,
                )
            )
    return out


def game_lines(
    counted: Sequence[Counted],
    extras: Sequence[Line] = (),
    *,
    multiplied: Callable[[Game], bool] = lambda _g: False,
) -> list[Line]:
    """One line per game, in round order, the running total adding weight × board score; lines
    for points that are not a game (``extras``: their ``points`` and step) go in their round,
    after its games. ``multiplied``: the game's weight is a top-board factor."""
    lines: list[Line] = []
    running = Fraction(0)
    steps: list[tuple[int, int, str, Counted | Line]] = [
        (g.round, 0, g.board, (g, w)) for g, w in counted
    ]
    steps.extend((x.round, 1, "", x) for x in extras)
    for _rnd, _order, _board, step in sorted(steps, key=lambda s: s[:3]):
        if isinstance(step, Line):
            points = Fraction(step.points or 0)
            before, running = running, running + points
            credit = step.step
            lines.append(
                Line(
                    round=step.round,
                    kind=step.kind,
                    before=before,
                    after=running,
                    step=replace(credit, total=running)
                    if isinstance(credit, SitOutCredit)
                    else credit,
                    points=points,
                )
            )
            continue
        game, weight = step
        points = weight * game.score
        before, running = running, running + points
        lines.append(
            Line(
                round=game.round,
                kind="game",
                before=before,
                after=running,
                step=CountedGame(weight, running, multiplied(game)),
                board=game.board,
                power=game.power,
                centres=game.centres,
                board_score=game.score,
                points=points,
            )
        )
    return lines


def whole(text: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise PalmaresError.of(Message.of("io.whole", got=repr(text))) from None
    if value < 1:
        raise PalmaresError.of(Message.of("aggregation.at_least_one", got=str(value)))
    return value


def fraction(text: str) -> Fraction:
    """A number parameter (``0.5``, ``1/2``)."""
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise PalmaresError.of(Message.of("io.number", got=repr(text))) from None


def parse_tiebreak(text: str) -> tuple[str, ...]:
    """``best-game/centres/head-to-head`` (``none``: no chain)."""
    if text.strip() in {"", "none"}:
        return ()
    chain = tuple(part.strip() for part in text.split("/"))
    for part in chain:
        if part not in TIEBREAKS:
            said = Message.of(
                "aggregation.unknown_tiebreak", part=repr(part), known=", ".join(TIEBREAKS)
            )
            raise PalmaresError.of(said)
    return chain


def _criterion(
    name: str,
    members: Sequence[str],
    counted: Mapping[str, Sequence[Counted]],
    all_games: Mapping[str, Sequence[Game]],
) -> dict[str, Fraction]:
    if name == "best-game":
        return {
            p: max((g.score for g, w in counted[p] if w > 0), default=Fraction(0)) for p in members
        }
    if name == "centres":
        return {p: Fraction(sum(g.centres for g, w in counted[p] if w > 0)) for p in members}
    wins: dict[str, Fraction] = dict.fromkeys(members, Fraction(0))
    seat = {p: {(g.round, g.board): g.score for g in all_games.get(p, ())} for p in members}
    for p in members:
        for q in members:
            if p != q:
                for key in seat[p].keys() & seat[q].keys():
                    if seat[p][key] > seat[q][key]:
                        wins[p] += 1
    return wins


def rank(
    totals: Mapping[str, Fraction],
    counted: Mapping[str, Sequence[Counted]],
    all_games: Mapping[str, Sequence[Game]],
    chain: Sequence[str],
    *,
    low_is_best: bool = False,
) -> tuple[dict[str, int], list[str], list[TieBroken]]:
    """Ranks after the tie-break chain, the order of players, and notes on the ties broken."""
    ranks: dict[str, int] = {}
    order: list[str] = []
    notes: list[TieBroken] = []

    def split(members: list[str], start: int, depth: int) -> None:
        if len(members) == 1 or depth == len(chain):
            for m in sorted(members):
                ranks[m] = start
                order.append(m)
            return
        value = _criterion(chain[depth], members, counted, all_games)
        groups = tie_groups(sorted(members), key=lambda p: value[p])
        if len(groups) > 1:
            notes.append(
                TieBroken(
                    score=totals[members[0]],
                    players=tuple(sorted(members)),
                    by=chain[depth],
                    values=tuple((p, Fraction(value[p])) for g in groups for p in g.members),
                )
            )
        for group in groups:
            split(list(group.members), start + group.rank - 1, depth + 1)

    for group in tie_groups(sorted(totals), key=lambda p: totals[p], descending=not low_is_best):
        split(list(group.members), group.rank, 0)
    return ranks, order, notes


def standings(
    *,
    slug: str,
    boards: Sequence[PlayedBoard],
    scored: Mapping[BoardKey, BoardScore],
    totals: Mapping[str, Fraction],
    lines: Mapping[str, Sequence[Line]],
    counted: Mapping[str, Sequence[Counted]],
    after: Mapping[str, Mapping[int, Fraction]],
    chain: Sequence[str],
    low_is_best: bool = False,
    notes: Sequence[Note] = (),
    round_columns: tuple[str, ...] = ("points", "score"),
) -> Standings:
    """Assemble ranked :class:`Standings` from each player's total, lines and counted games."""
    all_games = games_by_player(boards, scored)
    ranks, order, tie_notes = rank(totals, counted, all_games, chain, low_is_best=low_is_best)
    players = tuple(
        Standing(
            player=p,
            score=totals[p],
            games=len(all_games.get(p, ())),
            lines=tuple(lines[p]),
            after=dict(after[p]),
            rank=ranks[p],
        )
        for p in order
    )
    system = next(iter(scored.values())).system if scored else ""
    chain_note = [TiesBrokenBy(tuple(chain))] if chain else []
    return Standings(
        aggregation=slug,
        system=system,
        rounds=tuple(sorted({b.round for b in boards})),
        players=players,
        board_scores=scored,
        notes=(*notes, *chain_note, *tie_notes),
        low_is_best=low_is_best,
        round_columns=round_columns,
    )
