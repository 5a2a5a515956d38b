"""Diplomacy's prizes in words: the top-board invitation, the title, the places, best
countries and teams (seed 002, "Prizes", "Top Board", "Team Tournament"), for one player
(:class:`PlayerPrizes`) and for the prize list's own entries."""

from __future__ import annotations

from palmares.diplomacy.awards import BestCountryOrder
from palmares.diplomacy.prizes import PlayerPrizes, Prize
from palmares.diplomacy.teams import Member, TeamChampionship
from palmares.diplomacy.top_board import Champion
from palmares.explain.registry import explain, renders
from palmares.explain.renderers.diplomacy import power_name
from palmares.explain.voice import N_, Voice

__all__: list[str] = []


@renders(BestCountryOrder)
def _best_country_order(o: BestCountryOrder, v: Voice) -> tuple[str, ...]:
    if o.raw_score:
        text = v.say("Best country: raw score, then centres")
    else:
        text = v.say("Best country: board score, then centres")
    return (text + (v.say(", then payout") if o.payout else ""),)


@renders(TeamChampionship)
def _team_championship(t: TeamChampionship, v: Voice) -> tuple[str, ...]:
    if t.by_rank:
        return (v.say("Team championship: sum of the members' ranks, lowest best"),)
    return (v.say("Team championship"),)


@renders(Prize)
def _prize(p: Prize, v: Voice) -> tuple[str, ...]:
    """A prize's name."""
    if p.kind == "champion":
        return (v.say("champion"),)
    if p.kind == "place":
        return (v.say("place {place}", place=p.place),)
    if p.kind == "top board invitation":
        return (v.say("top board invitation"),)
    if p.kind == "best":
        return (v.say("best {power}", power=power_name(p.power or "", v)),)
    return (v.say("team championship"),)


@renders(Champion)
def _champion(c: Champion, v: Voice) -> tuple[str, ...]:
    """The title's reason: the most points on the top board, a tie to the better standing."""
    who = v.say("{player} ({power})", player=c.player, power=power_name(c.power, v))
    message = (
        N_("{who} takes the most points from the top-board pot, {points}")
        if c.from_pot
        else N_("{who} has the best board score on the top board, {points}")
    )
    text = v.say(message, who=who, points=v.figure(c.points))
    if c.tied_with:
        message = (
            N_(
                "; tied with {others}, broken by the score going into round {round} "
                "({score}, lower is better)"
            )
            if c.low_is_best
            else N_("; tied with {others}, broken by the score going into round {round} ({score})")
        )
        text += v.say(
            message, others=", ".join(c.tied_with), round=c.round, score=v.figure(c.score_before)
        )
        if len(c.players) > 1:
            text += v.say(", still tied: the title is shared")
    return (text + ".",)


@renders(Member)
def _member(m: Member, v: Voice) -> tuple[str, ...]:
    """Why a team member counts what it counts (empty: the final score, nothing to say)."""
    if not m.played:
        if m.by_rank:
            return (v.say("did not play: counts rank {rank}", rank=v.figure(m.score)),)
        return (v.say("did not play"),)
    if m.counted_after is None:
        return ()
    message = (
        N_(
            "one of {n} team members on the top board: counts the rank after round {round}, "
            "{score}, not the final {final}"
        )
        if m.by_rank
        else N_(
            "one of {n} team members on the top board: counts the score after round {round}, "
            "{score}, not the final {final}"
        )
    )
    return (
        v.say(
            message,
            n=m.on_top,
            round=m.counted_after,
            score=v.figure(m.score),
            final=v.figure(m.final) if m.final is not None else "—",
        ),
    )


@renders(PlayerPrizes)
def _player_prizes(p: PlayerPrizes, v: Voice) -> tuple[str, ...]:
    lines: list[str] = []
    i = p.invitation
    if i is not None:
        if i.accepted:
            what = v.say("accepted")
        else:
            what = v.say("declined ({reason})", reason=i.reason or v.say("no reason given"))
        lines.append(
            v.say(
                "Top board: invited as number {rank} after round {round} ({score}); {what}.",
                rank=i.rank,
                round=p.after_round or 0,
                score=v.figure(i.score),
                what=what,
            )
        )
    if p.champion is not None:
        lines.append(v.say("Champion: {why}", why=" ".join(explain(p.champion, v.language))))
    if p.place is not None:
        lines.append(
            v.say("Place {place} by final score, the champion not counted.", place=p.place)
        )
    for best in p.best:
        message = (
            N_("round {round}, raw score {score}, {centres} centres")
            if p.raw_score
            else N_("round {round}, board score {score}, {centres} centres")
        )
        where = v.say(
            message, round=best.round, score=v.figure(best.board_score, 2), centres=best.centres
        )
        if best.points is not None:
            where += v.say(", payout {payout}", payout=v.figure(best.points))
        lines.append(v.say("Best {power}: {where}.", power=power_name(best.power, v), where=where))
    for team, member in p.teams:
        note = " ".join(explain(member, v.language))
        counted = v.figure(member.score)
        if member.by_rank:
            counted = v.say("rank {rank}", rank=counted)
        text = v.say(
            "Team {team} (rank {rank}, {score}): counts {counted}",
            team=team.team,
            rank=team.rank,
            score=v.figure(team.score),
            counted=counted,
        )
        lines.append(text + (" — " + note if note else "") + ".")
    return tuple(lines)
