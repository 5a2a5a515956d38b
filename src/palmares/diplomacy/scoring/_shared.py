"""What many board-scoring systems share, written once.

Rank points (ties split the points of the places they span, or all take the lowest place's),
years survived and played, the solo year, the board leader's lead, the rule for a solo, and the
parsers of command-line parameters. Private to the scoring package (the registry skips modules
whose name starts with ``_``).

Years: the standard game starts in 1901. "Years survived" by a power eliminated in year *y* is
``y − 1901`` (a power out in 1904 survived 1901–1903); "years played" counts the year of
elimination too (``y − 1900``). A power that loses to a solo counts as eliminated in the solo year
(the board's final year).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from palmares.core.errors import PalmaresError
from palmares.core.ranking import tie_groups
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring.base import BoardScore
from palmares.explain.numbers import figure

__all__ = [
    "FIRST_YEAR",
    "Details",
    "choice",
    "elimination_year",
    "finish",
    "fraction_param",
    "int_param",
    "lead",
    "leaders",
    "lowest_place_points",
    "rank_points",
    "solo_result",
    "solo_year",
    "top_centres",
    "years_played",
    "years_survived",
]

#: The first game year of the standard map.
FIRST_YEAR = 1901

Details = dict[str, dict[str, Any]]


def rank_points(
    powers: Sequence[str],
    key: Callable[[str], Any],
    points: Sequence[Fraction | int],
) -> dict[str, Fraction]:
    """Points by place, best first; powers that tie share the points of the places they span.

    ``points[0]`` is first place's. Places beyond the list are worth nothing, so three powers tied
    for 2nd with points (38, 14, 7) share 14 + 7 + 0 and get 7 each.
    """
    out: dict[str, Fraction] = {}
    for group in tie_groups(list(powers), key=key):
        paid = [Fraction(points[p - 1]) for p in group.places if p <= len(points)]
        total = sum(paid, Fraction(0))
        for member in group.members:
            out[member] = total / group.size
    return out


def lowest_place_points(
    powers: Sequence[str],
    key: Callable[[str], Any],
    points: Sequence[Fraction | int],
) -> dict[str, Fraction]:
    """Points by place where every power of a tie takes the points of the lowest place it spans."""
    out: dict[str, Fraction] = {}
    for group in tie_groups(list(powers), key=key):
        last = group.places[-1]
        value = Fraction(points[last - 1]) if last <= len(points) else Fraction(0)
        for member in group.members:
            out[member] = value
    return out


def top_centres(board: Board) -> int:
    return max(board.centres.values())


def leaders(board: Board) -> tuple[str, ...]:
    """The powers with the most centres (the board toppers)."""
    top = top_centres(board)
    return tuple(p for p, c in board.centres.items() if c == top)


def lead(board: Board) -> int:
    """Centres by which a lone board topper leads the next power (0 when the top is shared)."""
    counts = sorted(board.centres.values(), reverse=True)
    return counts[0] - counts[1] if len(counts) > 1 else counts[0]


def elimination_year(board: Board, power: str) -> int:
    try:
        return board.eliminated[power]
    except KeyError:
        raise PalmaresError(
            f"board {board.id}: {power} has no centres but no elimination year"
            " (this system needs it)"
        ) from None


def solo_year(board: Board) -> int:
    if board.final_year is None:
        raise PalmaresError(f"board {board.id}: no final year (this system needs the solo year)")
    return board.final_year


def _year_out(board: Board, power: str) -> int:
    """The year a power's game ended: its elimination, else (losing to a solo) the solo year."""
    if board.centres[power] == 0:
        return elimination_year(board, power)
    return solo_year(board)


def years_survived(board: Board, power: str) -> int:
    """Years a dead power (or a loser to a solo) survived, not counting the year it went out."""
    return _year_out(board, power) - FIRST_YEAR


def years_played(board: Board, power: str) -> int:
    """Years a dead power (or a loser to a solo) played, counting the year it went out."""
    return _year_out(board, power) - FIRST_YEAR + 1


def _say(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | Fraction):
        return figure(value)
    return str(value)


def finish(
    board: Board,
    system: str,
    scores: Mapping[str, Fraction | int],
    details: Details | None = None,
    notes: Iterable[str] = (),
) -> BoardScore:
    """A :class:`BoardScore` with every score a Fraction, powers in the board's order, and each
    power's details said in words (``details[power]["explain"]``, which ``--explain`` prints)."""
    details = details or {}
    exact = {p: Fraction(scores[p]) for p in board.powers}
    said: dict[str, dict[str, Any]] = {}
    for p in board.powers:
        own = dict(details.get(p, {}))
        parts = ", ".join(f"{k} {_say(v)}" for k, v in own.items())
        own["explain"] = f"{p} = {figure(exact[p])}" + (f": {parts}" if parts else "")
        said[p] = own
    return BoardScore(board=board, system=system, scores=exact, details=said, notes=tuple(notes))


def solo_result(
    board: Board,
    system: str,
    soloist: str,
    solo_points: Fraction | int,
    others: Callable[[str], Fraction | int] = lambda _p: 0,
    why: Callable[[str], str] = lambda _p: "lost to a solo",
) -> BoardScore:
    """Scores of a soloed (or conceded) board: the soloist's points, and ``others(power)``."""
    scores: dict[str, Fraction | int] = {}
    details: Details = {}
    for power in board.powers:
        if power == soloist:
            scores[power] = solo_points
            details[power] = {"result": "solo", "centres": board.centres[power]}
        else:
            scores[power] = others(power)
            details[power] = {"result": why(power), "centres": board.centres[power]}
    kind = "solo" if board.centres[soloist] >= board.solo_centres else "concession"
    return finish(board, system, scores, details, notes=(f"{kind}: {soloist}",))


def choice(*allowed: str) -> Callable[[str], str]:
    """A parameter parser accepting one of ``allowed``."""

    def parse(text: str) -> str:
        if text not in allowed:
            raise ValueError(f"expected one of {', '.join(allowed)}, got {text!r}")
        return text

    return parse


def fraction_param(text: str) -> Fraction:
    """A parameter that is a number (``75``, ``2.5``, ``1/3``)."""
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected a number, got {text!r}") from None


def int_param(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"expected a whole number, got {text!r}") from None
