"""The best-country awards in the last round's outlook (issue 38): for each power, whether each
player has clinched the award, can still take it, or is out of it, whatever the boards of the
final round do.

The rule (seed 002, "Prizes": "Best Country Awards will go to the players with the individual
best performances with each of the seven powers"; our reading, specs/diplomacy.md and
:mod:`palmares.diplomacy.awards`): a game with a power is ranked by its board score, then its
centres, then its payout (the ante's take from the pot); a tie on all three is shared. A player
holds the award when one of their games with the power is among the best. "Clinched" here means
held *at least shared* in every outcome; "out" means held in none.

A two-boarder (specs/diplomacy.md, "Board call") plays two powers in the final round, one game
each, on two boards that end independently; should they play one power twice, the better of
the two games counts, its range from the better of the two lowest keys to the better of the two
highest.

Exactly: each board of the final round seats one player per power, and the boards end
independently, so every player's best game with a power ranges over an interval of keys of its
own — the games of the earlier rounds (fixed), a reported board's game (fixed), and a free
board's game, from its lowest key to its highest over every way the board can end (the
catalogue, :mod:`.catalogue`: each centre count in each position; the payout is the share of
the board's pot). The lowest keys are reached together (every free board ends as badly for its
player of the power), and so are the highest. So a player has clinched the award when their
lowest key is no lower than every rival's highest, and is out when their highest is below some
rival's lowest; otherwise either can happen.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import cast

from palmares.core.message import Message
from palmares.core.message import power as power_named
from palmares.diplomacy.board import GREAT_POWERS
from palmares.diplomacy.outlook.catalogue import STANDARD, Map, catalogue
from palmares.diplomacy.outlook.places import FinalBoard, Status, Verdict
from palmares.diplomacy.scoring.base import ScoringSystem, exact

__all__ = ["CountryOutlook", "Key", "best_country_outlook"]

#: A game's rank for the award: board score, centres, payout (the take from the pot).
Key = tuple[Fraction, int, Fraction]


@dataclass(frozen=True, slots=True)
class CountryOutlook:
    """One player's verdict for the award of one power."""

    power: str
    player: str
    verdict: Verdict


@dataclass(frozen=True, slots=True)
class _Range:
    """A player's best game with one power: its lowest and highest key over the outcomes, and
    whether it is still open (a free board of the final round)."""

    low: Key
    high: Key
    free: bool


@lru_cache(maxsize=16)
def _extremes(key: str, system: Hashable, board_map: Map) -> tuple[Key, Key]:
    """The lowest and highest (score, centres, share) a power can end a board with (once per
    process, system and map: the catalogue holds every outcome)."""
    cat = catalogue(key, cast(ScoringSystem, system), board_map)
    keys = [
        (row.scores[j], row.centres[j], row.shares[j])
        for row in cat.every
        for j in range(len(row.centres))
    ]
    return min(keys), max(keys)


def _final_games(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    extremes: tuple[Key, Key],
    system: ScoringSystem,
    stake: Fraction,
) -> dict[tuple[str, str], _Range]:
    """(power, player) → the range of their game in the final round."""
    low, high = extremes
    out: dict[tuple[str, str], _Range] = {}
    for b in boards:
        pot = stake * sum(scores[p] for _, p in b.seats)
        if b.result is not None:
            scored = system.score(b.result)
            for power, player in b.seats:
                key = (exact(scored[power]), b.result.centres[power], scored.share(power) * pot)
                known = out.get((power, player))
                if known is not None:  # a two-boarder with one power twice (see below)
                    out[(power, player)] = _Range(
                        max(known.low, key), max(known.high, key), free=known.free
                    )
                else:
                    out[(power, player)] = _Range(key, key, free=False)
            continue
        for power, player in b.seats:
            game = _Range(
                (low[0], low[1], low[2] * pot), (high[0], high[1], high[2] * pot), free=True
            )
            known = out.get((power, player))
            if known is not None:  # a two-boarder with one power twice: the better game counts
                game = _Range(max(known.low, game.low), max(known.high, game.high), free=True)
            out[(power, player)] = game
    return out


def _said(key: Key) -> dict[str, Fraction | int]:
    return {"score": key[0], "centres": key[1], "payout": key[2]}


def _verdict(name: str, player: str, mine: _Range | None, rivals: dict[str, _Range]) -> Verdict:
    power = power_named(name)
    if mine is None:
        return Verdict(Status.OUT, Message.of("outlook.country.none", player=player, power=power))
    if not rivals:
        return Verdict(
            Status.CLINCHED, Message.of("outlook.country.alone", player=player, power=power)
        )
    best_rival = max(rivals, key=lambda q: (rivals[q].high, q))
    floor_rival = max(rivals, key=lambda q: (rivals[q].low, q))
    high, low = rivals[best_rival].high, rivals[floor_rival].low
    if mine.low >= high:
        return Verdict(
            Status.CLINCHED,
            Message.of(
                "outlook.country.clinched" if mine.low > high else "outlook.country.clinched_tie",
                player=player,
                power=power,
                rival=best_rival,
                rival_score=high[0],
                rival_centres=high[1],
                **_said(mine.low),
            ),
        )
    if mine.high < low:
        return Verdict(
            Status.OUT,
            Message.of(
                "outlook.country.out",
                player=player,
                power=power,
                rival=floor_rival,
                rival_score=low[0],
                rival_centres=low[1],
                **_said(mine.high),
            ),
        )
    return Verdict(
        Status.POSSIBLE,
        Message.of(
            "outlook.country.possible",
            player=player,
            power=power,
            rival=best_rival,
            rival_score=high[0],
            rival_centres=high[1],
            **_said(mine.high),
        ),
    )


def best_country_outlook(
    scores: Mapping[str, Fraction],
    boards: Sequence[FinalBoard],
    history: Mapping[str, Mapping[str, Key]],
    *,
    system: ScoringSystem,
    system_key: str,
    stake: Fraction = Fraction(1, 10),
    board_map: Map = STANDARD,
    powers: Sequence[str] = GREAT_POWERS,
) -> tuple[CountryOutlook, ...]:
    """Every player's verdict for the award of each of ``powers``: ``scores`` are the scores
    before the final round (its pots), ``history`` each power's best game of each player in the
    earlier rounds (power → player → key)."""
    extremes = _extremes(system_key, cast(Hashable, system), board_map)
    full = {p: exact(s) for p, s in scores.items()}
    for b in boards:
        for _, player in b.seats:
            full.setdefault(player, Fraction(0))
    final = _final_games(full, boards, extremes, system, stake)
    players = sorted(
        {*full, *(p for by in history.values() for p in by)},
    )
    out: list[CountryOutlook] = []
    for power in powers:
        ranges: dict[str, _Range] = {}
        for player, key in history.get(power, {}).items():
            ranges[player] = _Range(key, key, free=False)
        for (seat, player), game in final.items():
            if seat != power:
                continue
            before = ranges.get(player)
            if before is None:
                ranges[player] = game
            else:
                ranges[player] = _Range(
                    max(before.low, game.low), max(before.high, game.high), free=game.free
                )
        for player in players:
            rivals = {q: r for q, r in ranges.items() if q != player}
            verdict = _verdict(power, player, ranges.get(player), rivals)
            out.append(CountryOutlook(power, player, verdict))
    return tuple(out)
