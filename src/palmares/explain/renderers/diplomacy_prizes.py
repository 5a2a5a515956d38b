"""Diplomacy's prizes in words: the top-board invitation, the title, the places, best
countries and teams (seed 002, "Prizes", "Top Board", "Team Tournament"), for one player
(:class:`PlayerPrizes`) and for the prize list's own entries."""

from __future__ import annotations

from palmares.diplomacy.prizes import PlayerPrizes
from palmares.diplomacy.teams import Member
from palmares.diplomacy.top_board import Champion
from palmares.explain.registry import explain, renders
from palmares.explain.renderers.diplomacy import power_name
from palmares.explain.voice import Voice

__all__: list[str] = []


@renders(Champion)
def _champion(c: Champion, v: Voice) -> tuple[str, ...]:
    """The title's reason: the most points on the top board, a tie to the better standing."""
    who = v.say("{player} ({power})", player=c.player, power=power_name(c.power, v))
    if c.from_pot:
        text = v.say(
            "{who} takes the most points from the top-board pot, {points}",
            who=who,
            points=v.figure(c.points),
        )
    else:
        text = v.say(
            "{who} has the best board score on the top board, {points}",
            who=who,
            points=v.figure(c.points),
        )
    if c.tied_with:
        others = ", ".join(c.tied_with)
        if c.low_is_best:
            text += v.say(
                "; tied with {others}, broken by the score going into round {round} "
                "({score}, lower is better)",
                others=others,
                round=c.round,
                score=v.figure(c.score_before),
            )
        else:
            text += v.say(
                "; tied with {others}, broken by the score going into round {round} ({score})",
                others=others,
                round=c.round,
                score=v.figure(c.score_before),
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
    final = v.figure(m.final) if m.final is not None else "—"
    if m.by_rank:
        return (
            v.say(
                "one of {n} team members on the top board: counts the rank after round "
                "{round}, {score}, not the final {final}",
                n=m.on_top,
                round=m.counted_after,
                score=v.figure(m.score),
                final=final,
            ),
        )
    return (
        v.say(
            "one of {n} team members on the top board: counts the score after round {round}, "
            "{score}, not the final {final}",
            n=m.on_top,
            round=m.counted_after,
            score=v.figure(m.score),
            final=final,
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
        score = v.figure(best.board_score, 2)
        if p.raw_score:
            where = v.say(
                "round {round}, raw score {score}, {centres} centres",
                round=best.round,
                score=score,
                centres=best.centres,
            )
        else:
            where = v.say(
                "round {round}, board score {score}, {centres} centres",
                round=best.round,
                score=score,
                centres=best.centres,
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
