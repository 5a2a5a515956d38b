"""What many board-scoring systems share, written once.

Rank points (ties split the points of the places they span, or all take the lowest place's),
years survived and played, the solo year, the board leader's lead, the rule for a solo, and the
parsers of command-line parameters. Private to the scoring package (the registry skips modules
whose name starts with ``_``).

Years: the standard game starts in 1901. "Years survived" by a power eliminated in year *y* is
``y − 1901`` (a power out in 1904 survived 1901–1903); "years played" counts the year of
elimination too (``y − 1900``). A power that loses to a solo counts as eliminated in the solo year
(the board's final year).

A system's typed figures (issue 19; Carnage is the pattern):

1. In the system's module, a frozen dataclass of one power's figures, subclassing
   :class:`~palmares.diplomacy.scoring.base.Figures`, its docstring naming the rule's source;
   fields are the rule's values in its words, typed (``centres: int``, ``place_points:
   Fraction``; ``X | None = None`` for a value the variant does not use, which is then not
   said)::

       @dataclass(frozen=True, slots=True)
       class CarnagePower(Figures):
           centres: int
           place_points: Fraction
           centre_points: int
           lead_bonus: int | None = None

2. ``score`` ends with :func:`board_score` (``board_score(board, slug, scores, powers)``,
   ``powers`` a dict power → figures), and a solo with :func:`solo_score`
   (``years="played"`` or ``"survived"``
   where the losers are paid by the years they lasted). A remark on the whole board is a
   :class:`~palmares.diplomacy.scoring.base.BoardNote` subclass in the module, passed as
   ``notes=``, with a renderer in ``explain/renderers/scoring.py``.
3. Each new field name gets a label in ``FIELD_LABELS`` of ``explain/renderers/scoring.py``
   (``N_("place points")``) and its French in ``explain/locale/fr/LC_MESSAGES/palmares.po``
   (then ``msgfmt -o palmares.mo palmares.po``); a field already labelled (``centres``) needs
   nothing. No renderer of its own unless the rule needs a sentence.
4. Tests: the figures' values on a board (``result.workings.powers["Russia"]``) and one power's
   line in English and French (``explain(result.workings, "fr")``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.core.message import power as named_power
from palmares.core.ranking import tie_groups
from palmares.diplomacy.board import Board
from palmares.diplomacy.scoring.base import (
    BoardNote,
    BoardScore,
    Figures,
    Outcome,
    PowerWorkings,
    Score,
    SoloFigures,
)

__all__ = [
    "FIRST_YEAR",
    "board_score",
    "choice",
    "elimination_year",
    "fraction_param",
    "int_param",
    "lead",
    "leaders",
    "lowest_place_points",
    "rank_points",
    "solo_score",
    "solo_year",
    "top_centres",
    "years_played",
    "years_survived",
]

#: The first game year of the standard map.
FIRST_YEAR = 1901


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
        said = Message.of(
            "scoring.no_elimination_year", board=str(board.id), power=named_power(power)
        )
        raise PalmaresError.of(said) from None


def solo_year(board: Board) -> int:
    if board.final_year is None:
        raise PalmaresError.of(Message.of("scoring.no_final_year", board=str(board.id)))
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


def board_outcome(board: Board) -> Outcome | None:
    """How the board ended for its soloist: 18 centres (or ``Board.solo_centres``) a solo,
    fewer a concession; ``None``: no soloist."""
    soloist = board.soloist
    if soloist is None:
        return None
    return Outcome.SOLO if board.centres[soloist] >= board.solo_centres else Outcome.CONCESSION


def board_score(
    board: Board,
    system: str,
    scores: Mapping[str, Fraction | int],
    powers: Mapping[str, Figures],
    notes: Iterable[BoardNote] = (),
) -> BoardScore:
    """A :class:`BoardScore` with typed workings: every score a Fraction, powers in the board's
    order, each power's :class:`Figures`, the board's soloist (if any) and ``notes``."""
    exact: dict[str, Score] = {p: Fraction(scores[p]) for p in board.powers}
    workings = PowerWorkings(
        scores=exact,
        powers={p: powers[p] for p in board.powers},
        soloist=board.soloist,
        outcome=board_outcome(board),
        notes=tuple(notes),
    )
    return BoardScore(board=board, system=system, scores=exact, workings=workings)


def solo_score(
    board: Board,
    system: str,
    soloist: str,
    solo_points: Fraction | int,
    others: Callable[[str], Fraction | int] = lambda _p: 0,
    *,
    years: Literal["played", "survived"] | None = None,
) -> BoardScore:
    """Scores of a soloed (or conceded) board, typed: the soloist's points, ``others(power)``
    for the rest, each power's :class:`SoloFigures` (with the years it played or survived when
    the system pays the losers by them)."""
    outcome = board_outcome(board) or Outcome.SOLO
    scores: dict[str, Fraction | int] = {}
    powers: dict[str, Figures] = {}
    for power in board.powers:
        centres = board.centres[power]
        if power == soloist:
            scores[power] = solo_points
            powers[power] = SoloFigures(outcome, centres)
            continue
        scores[power] = others(power)
        powers[power] = SoloFigures(
            Outcome.LOST_TO_SOLO,
            centres,
            years_played=years_played(board, power) if years == "played" else None,
            years_survived=years_survived(board, power) if years == "survived" else None,
        )
    return board_score(board, system, scores, powers)


def choice(*allowed: str) -> Callable[[str], str]:
    """A parameter parser accepting one of ``allowed``."""

    def parse(text: str) -> str:
        if text not in allowed:
            said = Message.of("option.one_of", options=", ".join(allowed), got=repr(text))
            raise PalmaresError.of(said)
        return text

    return parse


def fraction_param(text: str) -> Fraction:
    """A parameter that is a number (``75``, ``2.5``, ``1/3``)."""
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise PalmaresError.of(Message.of("io.number", got=repr(text))) from None


def int_param(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise PalmaresError.of(Message.of("io.whole", got=repr(text))) from None
