"""Tantrix performance ratings in words, the way seed 003 explains its tables (the NZ Tantrix
Championship 2000 sheet; ``specs/tantrix.md``).

A table row is told in the seed's key ("TP % is the weighted (by G for each match) average
tournament point percentage", "Factor is the Elo difference factor for the given TP %", "Oppnt
Elo", "Tournt G", "Pre-tnmt Elo") with the seed's roundings: TP % to one decimal, Factor and Elo
whole, G to one decimal (Jace: lost to Chriz; TP % 37.5%, Factor -180, Oppnt Elo 1827, Elo 1646,
Tournt G 8.0). A player's explanation follows the chain unrounded, ratings to two decimals
(1826.53 − 180.25 = 1646.28 → 1646), Factor = 400·√2 · Φ⁻¹(p).

Renders :class:`~palmares.tantrix.tables.PerformanceRow`,
:class:`~palmares.tantrix.performance.Performance`,
:class:`~palmares.tantrix.tournament.UnratedPlayer`,
:class:`~palmares.tantrix.tournament.OfficialPlayer`,
:class:`~palmares.tantrix.tournament.MatchUse`, :class:`~palmares.tantrix.match.Match`,
:class:`~palmares.tantrix.tournament.Conservation`,
:class:`~palmares.tantrix.tournament.TournamentRating` (its notes),
:class:`~palmares.tantrix.rating_list.ListChange` and
:class:`~palmares.tantrix.rating_list.Recentring`.
"""

from __future__ import annotations

from palmares.explain.registry import renders
from palmares.explain.voice import Voice
from palmares.tantrix.match import Match
from palmares.tantrix.performance import Performance
from palmares.tantrix.rating_list import ListChange, Recentring
from palmares.tantrix.tables import PerformanceRow
from palmares.tantrix.tournament import (
    Conservation,
    MatchUse,
    OfficialPlayer,
    TournamentRating,
    UnratedPlayer,
    UseReason,
)
from palmares.tantrix.tournament_points import GAME_POINTS

__all__: list[str] = []


def _r(v: Voice, x: float) -> str:
    """A rating in the chain: two decimals."""
    return v.figure(x, 2, fixed=True)


def _whole(v: Voice, x: float) -> str:
    return v.figure(x, 0, fixed=True)


def _one(v: Voice, x: float) -> str:
    return v.figure(x, 1, fixed=True)


@renders(PerformanceRow)
def _row(row: PerformanceRow, v: Voice) -> tuple[str, ...]:
    """A line of the seed's tables, in its key and its roundings (the officially rated players'
    table has no "Lost to" column)."""
    parts: list[str] = []
    if row.lost_to and not row.official:
        parts.append(v.say("lost to {players}", players=v.and_list(row.lost_to.split(";"))))
    if row.games is not None and row.official:
        parts.append(v.say("G {g}", g=_one(v, row.games)))
    if row.tp_percent is not None and row.factor is not None:
        parts.append(v.say("TP % {tp}", tp=v.percent(row.tp_percent, 1, fixed=True)))
        parts.append(v.say("Factor {factor}", factor=_whole(v, row.factor)))
    if row.opponent_elo is not None and row.elo is not None:
        parts.append(v.say("Oppnt Elo {elo}", elo=_whole(v, row.opponent_elo)))
        parts.append(v.say("Elo {elo}", elo=_whole(v, row.elo)))
    if row.pre_elo is not None:
        parts.append(v.say("Pre-tnmt Elo {elo}", elo=_whole(v, row.pre_elo)))
    parts.append(v.say("Tournt G {g}", g=_one(v, row.tournament_games)))
    if row.tournament_elo is None:
        parts.append(v.say("unrated"))
    elif row.official:
        parts.append(v.say("Tournt Elo {elo}", elo=_whole(v, row.tournament_elo)))
    return (v.say("{player}: {figures}", player=row.player, figures=v.say("; ").join(parts)),)


@renders(Match)
def _match(m: Match, v: Voice) -> tuple[str, ...]:
    fields = {
        "a": m.player_a,
        "b": m.player_b,
        "tp_a": v.figure(m.tp_a),
        "tp_b": v.figure(m.tp_b),
        "games": m.games,
    }
    if m.round:
        return (
            v.say("{a} {tp_a} – {tp_b} {b} over {games} games ({round})", round=m.round, **fields),
        )
    return (v.say("{a} {tp_a} – {tp_b} {b} over {games} games", **fields),)


@renders(Performance)
def _performance(perf: Performance, v: Voice) -> tuple[str, ...]:
    """The normal method, match by match, then the averages and the Factor."""
    lines = [
        "  "
        + v.say(
            "v {opponent}: {tp} of {available} TP over {games} games, {opponent}'s rating {rating}",
            opponent=o.opponent,
            tp=v.figure(o.tp),
            available=GAME_POINTS * o.games,
            games=o.games,
            rating=_r(v, o.opponent_rating),
        )
        for o in perf.outcomes
    ]
    lines.append(
        "  "
        + v.say(
            "TP % = {tp} / {available} = {percent} (G {games}); Factor = 400·√2 · Φ⁻¹({share}) "
            "= {factor}",
            tp=v.figure(perf.tp),
            available=GAME_POINTS * perf.games,
            percent=v.percent(perf.tp_percent, 2, fixed=True),
            games=perf.games,
            share=v.figure(perf.share, 4, fixed=True),
            factor=_r(v, perf.factor),
        )
    )
    lines.append(
        "  "
        + v.say(
            "opponent Elo (G-weighted) {opponents} + Factor {factor} = {elo} → {whole}",
            opponents=_r(v, perf.opponent_elo),
            factor=_r(v, perf.factor),
            elo=_r(v, perf.elo),
            whole=_whole(v, perf.elo),
        )
    )
    return tuple(lines)


@renders(UnratedPlayer)
def _unrated(p: UnratedPlayer, v: Voice) -> tuple[str, ...]:
    lost = v.and_list(p.lost_to) if p.lost_to else v.say("nobody")
    head = v.say(
        "{player}: no official pre-tournament rating; lost to {lost}; tournament G {games}.",
        player=p.player,
        lost=lost,
        games=p.tournament_games,
    )
    if p.chain is None:
        played = v.and_list(p.unconnected.played) if p.unconnected else ""
        return (
            head,
            "  "
            + v.say(
                "Unrated: met no officially rated player, directly or through the draw "
                "(played {played}).",
                played=played,
            ),
        )
    chain = p.chain
    if chain.stage == 1:
        source = v.say(
            "  Rated at stage {stage} from matches against officially rated opponents:",
            stage=chain.stage,
        )
    else:
        source = v.say(
            "  Rated at stage {stage} from matches against players rated at stage {previous} of "
            "the draw:",
            stage=chain.stage,
            previous=chain.stage - 1,
        )
    return (head, source, *_performance(chain.performance, v))


@renders(MatchUse)
def _use(use: MatchUse, v: Voice) -> tuple[str, ...]:
    normal = use.counted == "normal"
    how = v.say("normal method") if normal else v.say("own pre-tournament rating")
    if use.why is UseReason.OWN_RATING_SET:
        why = v.say("own_rating set for this match")
    elif use.why is UseReason.OFFICIAL_OPPONENT:
        why = v.say("officially rated opponent")
    elif use.why is UseReason.OPPONENT_PLAYED_MORE:
        why = v.say("opponent played {n} matches", n=use.opponent_matches)
    else:
        why = v.say("unrated opponent who played no one else")
    (match,) = _match(use.match, v)
    if use.match.line:
        match += " " + v.say("(matches.csv line {line})", line=use.match.line)
    return (f"  {match}: {how} — {why}.",)


@renders(OfficialPlayer)
def _official(p: OfficialPlayer, v: Voice) -> tuple[str, ...]:
    lines = [
        v.say(
            "{player}: official pre-tournament rating {elo}; tournament G {games}.",
            player=p.player,
            elo=_r(v, p.pre_elo),
            games=p.tournament_games,
        )
    ]
    for use in p.uses:
        lines += _use(use, v)
    if p.normal is not None:
        lines.append(v.say("  Normal method over {games} games:", games=p.normal.games))
        lines += _performance(p.normal, v)
        normal_part = f"{p.normal.games} × {_r(v, p.normal.elo)}"
    else:
        lines.append(v.say("  No match counted by the normal method."))
        normal_part = "0"
    lines.append(
        "  "
        + v.say(
            "Tournament Elo = ({normal} + {own} × {pre}) / {games} = {elo} → {whole}",
            normal=normal_part,
            own=p.own_games,
            pre=_r(v, p.pre_elo),
            games=p.tournament_games,
            elo=_r(v, p.tournament_elo),
            whole=_whole(v, p.tournament_elo),
        )
    )
    return tuple(lines)


@renders(Conservation)
def _conservation(c: Conservation, v: Voice) -> tuple[str, ...]:
    return (
        v.say(
            "Conservation (officially rated players): Σ tournament Elo·G = {performance}, "
            "Σ pre-tournament Elo·G = {pre}, difference {difference} ({per_game} per game over "
            "{games} G).",
            performance=_one(v, c.performance_sum),
            pre=_one(v, c.pre_sum),
            difference=_one(v, c.difference),
            per_game=v.figure(c.per_game, 2, fixed=True),
            games=c.games,
        ),
    )


@renders(TournamentRating)
def _notes(result: TournamentRating, v: Voice) -> tuple[str, ...]:
    """The notes under the tables: conservation, the players left unrated, illustrative
    matches."""
    notes = list(_conservation(result.conservation, v))
    for u in result.unrated:
        if u.unconnected is not None:
            notes.append(
                v.say(
                    "{player} is unrated: met no officially rated player, directly or through "
                    "the draw (played {played}).",
                    player=u.player,
                    played=v.and_list(u.unconnected.played),
                )
            )
    shown = result.illustrative
    if shown:
        notes.append(
            v.say(
                "Illustrative matches (TP split chosen to fit known totals): {matches}.",
                matches=", ".join(
                    v.say("{a} v {b} (line {line})", a=m.player_a, b=m.player_b, line=m.line)
                    for m in shown
                ),
            )
        )
    return tuple(notes)


@renders(ListChange)
def _change(c: ListChange, v: Voice) -> tuple[str, ...]:
    new = _r(v, c.new.rating)
    if c.old_rating is None:
        return (
            v.say(
                "{player}: new → {new} (G 0 + {games} = {total})",
                player=c.player,
                new=new,
                games=c.tournament_games,
                total=c.new.games,
            ),
        )
    if c.old_games is None:
        before = v.say("{g} (unknown, assumed)", g=c.games_before)
    else:
        before = str(c.old_games)
    return (
        v.say(
            "{player}: {old} → {new} (G {before} + {games} = {total})",
            player=c.player,
            old=_r(v, c.old_rating),
            new=new,
            before=before,
            games=c.tournament_games,
            total=c.new.games,
        ),
    )


@renders(Recentring)
def _recentring(r: Recentring, v: Voice) -> tuple[str, ...]:
    return (
        v.say(
            "Re-centred: mean of the championship's players {mean} → {centre}, every rating "
            "shifted by {shift}.",
            mean=_r(v, r.mean_before),
            centre=_r(v, r.centre),
            shift=_r(v, r.shift),
        ),
    )
