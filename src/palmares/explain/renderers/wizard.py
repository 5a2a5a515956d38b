"""The Wizard league in words (seed 004; specs/wizard.md): master-point awards and their
reasons, a month's lines, a tournament's places.

In the seed's words where it has them: "A player with 30 points in 20 games has an SR of 1.5";
"5th in points and 3rd in SR equals a matrix score of 8"; the TRIAD's "each player will receive
half of 3+2 points. (2.5 points)"; "1st place: receives points equal to the number in the
tournament", "2nd place: receives 50% of points for 1st place". Master points are written
exactly (whole, or to two decimals while fractions are kept), Skill Ratios and W.P. to two
decimals, trailing zeros dropped.

Renders the award reasons of :mod:`palmares.wizard.reasons`, ``Award``, ``LeagueLine``,
``LeagueTable`` and ``TournamentResult``; the rule sets and the ledger are in
``wizard_rules.py``.
"""

from __future__ import annotations

from fractions import Fraction

from palmares.explain.registry import explain, renders
from palmares.explain.voice import Voice
from palmares.wizard.master_points import Award
from palmares.wizard.month import LeagueLine, LeagueTable
from palmares.wizard.reasons import (
    NotHigher,
    PlaceShare,
    TopTenReason,
    TournamentPlaceReason,
    TriadReason,
    WPReason,
)
from palmares.wizard.rules import Bracket
from palmares.wizard.tournament import TournamentResult

__all__ = ["bracket", "master_points"]


def master_points(v: Voice, x: Fraction) -> str:
    """A master-point figure: whole numbers as such, fractions to two decimals."""
    return v.figure(x, 2, exact=False)


def _two(v: Voice, x: Fraction) -> str:
    return v.figure(x, 2, exact=False)


def bracket(b: Bracket, v: Voice) -> str:
    """ "A (40-74 games)", "C (100+ games)"."""
    if b.most is None:
        return v.say("{label} ({least}+ games)", label=b.label, least=b.least)
    return v.say("{label} ({least}-{most} games)", label=b.label, least=b.least, most=b.most)


def _rounded(share: PlaceShare, v: Voice) -> str:
    if not share.rounded:
        return ""
    if share.rounding == "up":
        return " " + v.say(
            "-> {paid} (whole numbers, rounded up)", paid=master_points(v, share.paid)
        )
    return " " + v.say("-> {paid} (whole numbers, half up)", paid=master_points(v, share.paid))


def _average(share: PlaceShare, v: Voice) -> str:
    """ "(27 + 24) / 2 = 25.5", "(only the paid places count)" when so."""
    parts = " + ".join(master_points(v, p) for p in share.parts)
    text = f"({parts}) / {len(share.parts)} = {master_points(v, share.exact)}"
    if share.only_paid_places:
        text += " " + v.say("(only the paid places count)")
    return text


def _place(share: PlaceShare, what: str, v: Voice) -> str:
    """ "2nd of the Top 10: 27", or shared: "2nd of the Top 10, shared by 2 players: …"."""
    place = v.ordinal(share.place)
    if share.shared:
        text = v.say(
            "{place} {what}, shared by {n} players: {average}",
            place=place,
            what=what,
            n=share.size,
            average=_average(share, v),
        )
    else:
        text = v.say(
            "{place} {what}: {points}", place=place, what=what, points=master_points(v, share.exact)
        )
    return text + _rounded(share, v)


@renders(TopTenReason)
def _top_ten(reason: TopTenReason, v: Voice) -> tuple[str, ...]:
    if reason.list == "sr-top-10":
        what = v.say("of the S.R. Top 10")
    elif reason.list == "wp-top-10":
        what = v.say("of the W.P. Top 10")
    else:
        what = v.say("of the Top 10")
    return (_place(reason.share, what, v),)


@renders(TournamentPlaceReason)
def _tournament_place(reason: TournamentPlaceReason, v: Voice) -> tuple[str, ...]:
    share = reason.share
    what = v.say("place of {n} players", n=reason.field)
    if share.shared:
        return (_place(share, what, v),)
    points = master_points(v, share.exact)
    if share.place == 1:
        text = v.say(
            "1st place of {n} players: receives points equal to the number in the tournament: "
            "{points}",
            n=reason.field,
            points=points,
        )
    else:
        text = v.say(
            "{place} place of {n} players: receives 50% of points for {previous} place: {points}",
            place=v.ordinal(share.place, feminine=True),
            previous=v.ordinal(share.place - 1, feminine=True),
            n=reason.field,
            points=points,
        )
    return (text + _rounded(share, v),)


@renders(TriadReason)
def _triad(reason: TriadReason, v: Voice) -> tuple[str, ...]:
    share = reason.share
    place = v.ordinal(share.place, feminine=True)
    fields = {
        "n": share.size,
        "place": place,
        "sum": "+".join(master_points(v, p) for p in share.parts),
        "share": master_points(v, share.exact),
    }
    if share.size == 2:
        text = v.say(
            "TRIAD: {n} players tie for {place}: each player will receive half of {sum} points. "
            "({share} points)",
            **fields,
        )
    elif share.size == 3:
        text = v.say(
            "TRIAD: {n} players tie for {place}: each player will receive a third of {sum} "
            "points. ({share} points)",
            **fields,
        )
    else:
        text = v.say("TRIAD: {place} in the 3-handed game: {share}", **fields)
    text += _rounded(share, v)
    if reason.substitute:
        text += " " + v.say("(4th place, substitute)")
    return (text,)


def _not_higher(why: NotHigher, v: Voice) -> str:
    return v.say(
        "{bracket}'s best {best} is not higher than {following}'s {following_best}",
        bracket=why.bracket.label,
        best=v.percent(why.best, 2, fixed=True),
        following=why.following.label,
        following_best=v.percent(why.following_best, 2, fixed=True),
    )


@renders(WPReason)
def _wp(reason: WPReason, v: Voice) -> tuple[str, ...]:
    best = v.percent(reason.best, 2, fixed=True)
    if reason.passed_down:
        text = v.say(
            "bracket {origin}'s award passed down ({why}) to the best W.P. in bracket "
            "{bracket}: {best}",
            origin=reason.origin.label,
            why="; ".join(_not_higher(w, v) for w in reason.passed),
            bracket=bracket(reason.bracket, v),
            best=best,
        )
    else:
        text = v.say(
            "best W.P. in bracket {bracket}: {best}", bracket=bracket(reason.bracket, v), best=best
        )
    if reason.shared_by > 1:
        text += "; " + v.say("shared by {n}: {award}/{n}", n=reason.shared_by, award=reason.award)
        if reason.paid != reason.exact:
            text += " " + v.say(
                "-> {paid} (whole numbers, half up)", paid=master_points(v, reason.paid)
            )
    return (text,)


@renders(Award)
def _award(award: Award, v: Voice) -> tuple[str, ...]:
    """ "27 MP for 2nd of the Top 10: 27"."""
    return (
        v.say(
            "{points} MP for {reason}",
            points=master_points(v, award.points),
            reason=" ".join(explain(award.reason, v.language)),
        ),
    )


@renders(LeagueLine)
def _line(line: LeagueLine, v: Voice) -> tuple[str, ...]:
    parts = [
        v.say(
            "{player}: a player with {points} points in {games} games has an SR of {sr}",
            player=line.player,
            points=line.points,
            games=line.games,
            sr=_two(v, line.skill_ratio),
        ),
        v.say(
            "{wins} wins, a W.P. of {wp}",
            wins=master_points(v, line.wins),
            wp=_two(v, line.win_percentage),
        ),
    ]
    if line.rank is None:
        parts.append(v.say("below the cut-off, no number ranking"))
    elif line.matrix is not None:
        parts.append(
            v.say(
                "{points_rank} in points and {sr_rank} in SR equals a matrix score of {matrix}, "
                "rank {rank}",
                points_rank=v.ordinal(line.points_rank or 0),
                sr_rank=v.ordinal(line.sr_rank or 0),
                matrix=line.matrix,
                rank=line.rank,
            )
        )
    else:
        parts.append(
            v.say(
                "{points_rank} in points, rank {rank}",
                points_rank=v.ordinal(line.points_rank or 0),
                rank=line.rank,
            )
        )
    parts += [_award(a, v)[0] for a in line.awards]
    return (v.say("; ").join(parts),)


@renders(LeagueTable)
def _table(table: LeagueTable, v: Voice) -> tuple[str, ...]:
    period = table.period
    fields = {
        "label": period.label,
        "first": period.first.isoformat(),
        "last": period.last.isoformat(),
        "n": len(table.lines),
    }
    if period.first.month == period.last.month:
        head = v.say("Month {label} ({first} to {last}): {n} players; rules of {last}.", **fields)
    else:
        head = v.say(
            "Junior session {label} ({first} to {last}): {n} players; rules of {last}.", **fields
        )
    lines = [head, *explain(table.rules, v.language)]
    if table.qualifying_games != table.rules.qualifying_games:
        lines.append(v.say("- cut-off for this table: {n} games", n=table.qualifying_games))
    lines += [_line(x, v)[0] for x in table.lines]
    return tuple(lines)


def _places_paid(result: TournamentResult, v: Voice) -> str:
    if not result.place_values:
        if result.unpaid_since is None:
            return v.say("- no master points: none are awarded for this tournament")
        return v.say(
            "- no master points: none are awarded for tournaments from {since} (master points "
            "only for regular play; the league's Master Point Plan of 2020)",
            since=result.unpaid_since.isoformat(),
        )
    rules = result.rules
    if rules.whole_master_points and rules.tournament_halving == "rounded":
        how = v.say("each next place half of the previous place's award, rounded half up")
    elif rules.whole_master_points:
        how = v.say("each next place half of the previous, rounded half up")
    else:
        how = v.say("each next place half of the previous, fractions kept")
    return v.say(
        "- {n} places paid: {values} (1st = the number of players; {how})",
        n=len(result.place_values),
        values=", ".join(master_points(v, x) for x in result.place_values),
        how=how,
    )


@renders(TournamentResult)
def _tournament(result: TournamentResult, v: Voice) -> tuple[str, ...]:
    t = result.tournament
    fields = {"name": t.name, "day": t.day.isoformat(), "n": t.field_size}
    if t.invitational:
        head = v.say("{name} (invitational, {day}): {n} players.", **fields)
    else:
        head = v.say("{name} (tournament, {day}): {n} players.", **fields)
    lines = [head, _places_paid(result, v)]
    for x in result.lines:
        lines += [f"{x.player}: {_award(a, v)[0]}" for a in x.awards]
    return tuple(lines)
