"""Diplomacy in words: a board's scores, a player's steps through the standings, the notes.

Seed 002 (the 2007 World Diplomacy Championship), Appendix A, writes its worked examples as
"Austria = 64.47 (12.45434/19.31802*100)" and "64.47% of 70 is 45.129"; the renderers here write
the same sentences from the typed values (:class:`DivideAndConquerWorkings`, :class:`AntePot`)
and every other step of a tournament in the same voice, in English and in French.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from palmares.core.rounding import half_up
from palmares.diplomacy.aggregation._games import CountedGame, SitOutCredit, TieBroken
from palmares.diplomacy.aggregation.ante import AnteGame, AntePot, FewerGames
from palmares.diplomacy.aggregation.base import Absent, Account, Line, Note, TiesBrokenBy
from palmares.diplomacy.aggregation.best_games import BestGamesRule
from palmares.diplomacy.aggregation.best_rounds import BestRoundsRule
from palmares.diplomacy.aggregation.best_two_plus import BestTwoPlusRule
from palmares.diplomacy.aggregation.pool_multiplier import TopBoardMultiplied
from palmares.diplomacy.aggregation.round_ranks import LowestRankSum, RoundRank
from palmares.diplomacy.overrides import GameRuling, Ignored, RulingsApplied, TotalRuling
from palmares.diplomacy.powers import Power
from palmares.diplomacy.scoring.base import BoardScore
from palmares.diplomacy.scoring.divide_and_conquer import DivideAndConquerWorkings
from palmares.diplomacy.teams import TeammatesTogether
from palmares.explain.registry import explain, renders
from palmares.explain.voice import N_, Voice

__all__ = ["power_name"]

_POWER_NAMES: Mapping[Power, str] = {
    Power.AUSTRIA: N_("Austria"),
    Power.ENGLAND: N_("England"),
    Power.FRANCE: N_("France"),
    Power.GERMANY: N_("Germany"),
    Power.ITALY: N_("Italy"),
    Power.RUSSIA: N_("Russia"),
    Power.TURKEY: N_("Turkey"),
}


def power_name(power: str, v: Voice) -> str:
    """A power's name in ``v``'s language (a name that is not a Great Power stays as written)."""
    try:
        return v.say(_POWER_NAMES[Power(power)])
    except ValueError:
        return power


def _chart(f: float, v: Voice) -> str:
    """f(sc) as seed 002 writes it: five decimals as in its chart (12.45434), a whole value to
    two (Example 2: "3.00/13.77727*100")."""
    return v.figure(f, 2 if f == int(f) else 5, fixed=True)


@renders(DivideAndConquerWorkings)
def _divide_and_conquer(w: DivideAndConquerWorkings, v: Voice) -> tuple[str, ...]:
    if w.soloist is not None:
        return (
            v.say("{power} solos: raw score 100, everyone else 0", power=power_name(w.soloist, v)),
        )
    if w.total_f == 0:
        return (v.say("no power holds a centre: every raw score is 0"),)
    # The seed adds up the chart's five-decimal values (Example 1: 19.31802, not 19.31804).
    total = sum((half_up(x, 5) for x in w.f.values()), start=half_up(0, 5))
    lines = [
        v.say(
            "The sum of all {n} f(sc) in this case is {total}.",
            n=len(w.f),
            total=v.figure(total, 5, fixed=True),
        )
    ]
    order = sorted(w.raw, key=lambda p: (-w.raw[p], p))
    zeros = [p for p in sorted(w.raw) if w.raw[p] == 0]
    for power in (p for p in order if w.raw[p] != 0):
        raw = w.raw[power]
        lines.append(
            v.say(
                "{power} = {raw} ({f}/{total}*100)",
                power=power_name(power, v),
                raw=v.figure(raw, 2 if w.rounded else 5, fixed=True),
                f=_chart(w.f[power], v),
                total=v.figure(total, 5, fixed=True),
            )
        )
    if zeros:
        names = v.and_list([power_name(p, v) for p in zeros], ampersand=True)
        lines.append(v.say("{powers} = 0", powers=names))
    if w.rounded:
        lines.append(v.say("raw scores rounded to two decimals, as the seed pays them"))
    return tuple(lines)


@renders(BoardScore)
def _board_score(result: BoardScore, v: Voice) -> tuple[str, ...]:
    head = v.say("Board {board} ({system}):", board=result.board.id, system=result.system)
    if result.workings is None:  # a score with no workings (a test's own system): the scores
        said = tuple(f"{power_name(p, v)} = {v.figure(s)}" for p, s in result.scores.items())
    else:
        said = explain(result.workings, v.language)
    lines = [head, *(f"  {x}" for x in said)]
    if result.normalised_to is not None:
        scores = ", ".join(f"{power_name(p, v)} {v.figure(s)}" for p, s in result.scores.items())
        lines.append(
            "  "
            + v.say(
                "normalised to a board total of {total}: {scores}",
                total=v.figure(result.normalised_to),
                scores=scores,
            )
        )
    return tuple(lines)


@renders(AntePot)
def _ante_pot(pot: AntePot, v: Voice) -> tuple[str, ...]:
    """Seed 002, Appendix A, Examples 1 and 2, sentence by sentence."""
    stakes = {s.stake for s in pot.seats}
    head = v.say("Round {round}, board {board}:", round=pot.round, board=pot.board)
    if len(stakes) == 1:
        lines = [
            head
            + " "
            + v.say(
                "each of the {n} powers antes {stake} points, creating a pot of {pot} points.",
                n=len(pot.seats),
                stake=v.figure(next(iter(stakes))),
                pot=v.figure(pot.pot),
            )
        ]
    else:
        lines = [
            head
            + " "
            + v.say(
                "the {n} powers ante {stakes}, creating a pot of {pot} points.",
                n=len(pot.seats),
                stakes=v.and_list([v.figure(s.stake) for s in pot.seats]),
                pot=v.figure(pot.pot),
            )
        ]
    # The seed tells the board's best take in full, then "the same thing with each of the
    # other" powers in short.
    ordered = sorted(pot.seats, key=lambda s: (-s.take, s.power))
    for n, seat in enumerate(ordered):
        name = power_name(seat.power, v)
        share = v.percent(seat.take / pot.pot * 100 if pot.pot else 0)
        if n > 0:
            lines.append(
                v.say(
                    "{power} took {take} back out of the pot, making his new score {after}.",
                    power=name,
                    take=v.figure(seat.take),
                    after=v.figure(seat.after),
                )
            )
            continue
        lines.append(
            v.say(
                "{power} then receives {share} of the pot. {share} of {pot} is {take}. So, he "
                "started with {before} points, put {stake} points into the pot, and took {take} "
                "points out of the pot, meaning that his score after round {round} is {after}. "
                "In the next round, he will ante {rate} of this new score, or {next} points.",
                power=name,
                share=share,
                pot=v.figure(pot.pot),
                take=v.figure(seat.take),
                before=v.figure(seat.before),
                stake=v.figure(seat.stake),
                round=pot.round,
                after=v.figure(seat.after),
                rate=v.percent(pot.stake_rate * 100),
                next=v.figure(seat.after * pot.stake_rate),
            )
        )
    lines.append(_new_scores(pot, v))
    return tuple(lines)


def _new_scores(pot: AntePot, v: Voice) -> str:
    """Example 2: "So everyone's new scores after this round will be: Turkey 113.66, …, and
    Austria, England, and France are at 90." (powers level on one score go together)."""
    by_score: dict[Fraction, list[str]] = {}
    for seat in sorted(pot.seats, key=lambda s: (-s.after, s.power)):
        by_score.setdefault(seat.after, []).append(seat.power)
    parts: list[str] = []
    for score, powers in by_score.items():
        names = [power_name(p, v) for p in sorted(powers)]
        if len(names) == 1:
            parts.append(v.say("{power} {score}", power=names[0], score=v.figure(score)))
        else:
            parts.append(
                v.say(
                    "{powers} are at {score}",
                    powers=v.and_list(names, serial_comma=True),
                    score=v.figure(score),
                )
            )
    return v.say(
        "So everyone's new scores after this round will be: {scores}.",
        scores=v.and_list(parts, serial_comma=True) if len(parts) > 1 else parts[0],
    )


def _seat(line: Line, v: Voice) -> str:
    return v.say(
        "Round {round}, board {board}, {power} ({centres} centres)",
        round=line.round,
        board=line.board or "",
        power=power_name(line.power or "", v),
        centres=line.centres if line.centres is not None else 0,
    )


def _ante_game(line: Line, step: AnteGame, v: Voice) -> str:
    raw = line.board_score if line.board_score is not None else 0
    if step.board_total == 100:
        paid = v.say(
            "raw score {raw}: takes {share} of the pot",
            raw=v.figure(raw, 2),
            share=v.percent(step.share * 100),
        )
    else:
        paid = v.say(
            "board score {score} of a board total of {total}: takes {share} of the pot",
            score=v.figure(raw),
            total=v.figure(step.board_total),
            share=v.percent(step.share * 100),
        )
    take = line.points or Fraction(0)
    return v.say(
        "{seat}: stakes {rate} of {base} = {stake} into a pot of {pot}; {paid} = {take}; "
        "new score {before} − {stake} + {take} = {after}.",
        seat=_seat(line, v),
        rate=v.percent(step.stake_rate * 100),
        base=v.figure(step.base),
        stake=v.figure(step.stake),
        pot=v.figure(step.pot),
        paid=paid,
        take=v.figure(take),
        before=v.figure(line.before),
        after=v.figure(line.after),
    )


def _fewer_games(step: FewerGames, v: Voice) -> str:
    path = " → ".join(
        [v.figure(step.before)]
        + [
            v.say("{score} (loses {lost})", score=v.figure(s), lost=v.figure(lost))
            for lost, s in step.steps
        ]
    )
    return v.say_n(
        "After round {round}: played in only {played} of rounds 1–{round}, so adjusted as if "
        "eliminated in {n} more game (a {rate} stake lost each, nothing taken): {path}.",
        "After round {round}: played in only {played} of rounds 1–{round}, so adjusted as if "
        "eliminated in {n} more games (a {rate} stake lost each, nothing taken): {path}.",
        step.missing_games,
        round=step.after_round,
        played=step.rounds_played,
        rate=v.percent(step.stake_rate * 100),
        path=path,
    )


def _counted(line: Line, step: CountedGame, v: Voice) -> str:
    if step.top_board:
        why = v.say("top board × {factor}", factor=v.figure(step.factor))
    elif step.factor == 1:
        why = v.say("counts in full")
    elif step.factor == 0:
        why = v.say("dropped")
    else:
        why = v.say("counts × {factor}", factor=v.figure(step.factor))
    return v.say(
        "{seat}: board score {score}; {why}; total {total}.",
        seat=_seat(line, v),
        score=v.figure(line.board_score if line.board_score is not None else 0),
        why=why,
        total=v.figure(step.total),
    )


def _sit_out(line: Line, step: SitOutCredit, v: Voice) -> str:
    if step.games is None:
        how = v.say("the fixed sit-out bonus")
    else:
        how = v.say("the round's average board score ({n} games)", n=step.games)
    text = v.say(
        "Round {round}: sat out; credited {points}, {how}.",
        round=line.round,
        points=v.figure(step.points),
        how=how,
    )
    if step.total is not None:
        text += " " + v.say("Total {total}.", total=v.figure(step.total))
    return text


def _round_rank(line: Line, step: RoundRank, v: Voice) -> str:
    if step.round_score is not None:
        where = v.say(
            "round score {score}, ranked {rank} of {n}",
            score=v.figure(step.round_score),
            rank=step.rank,
            n=step.ranked,
        )
    else:
        where = v.say(
            "did not play: ranked {rank}, below the {n} who did", rank=step.rank, n=step.ranked
        )
    return v.say(
        "Round {round}: {where}; {counts}; sum {total}.",
        round=line.round,
        where=where,
        counts=v.say("counts") if step.counts else v.say("dropped"),
        total=v.figure(step.total),
    )


@renders(Line)
def _line(line: Line, v: Voice) -> tuple[str, ...]:
    step = line.step
    if isinstance(step, AnteGame):
        return (_ante_game(line, step, v),)
    if isinstance(step, FewerGames):
        return (_fewer_games(step, v),)
    if isinstance(step, CountedGame):
        return (_counted(line, step, v),)
    if isinstance(step, SitOutCredit):
        return (_sit_out(line, step, v),)
    if isinstance(step, RoundRank):
        return (_round_rank(line, step, v),)
    if isinstance(step, GameRuling):
        return (
            v.say(
                "Round {round}, board {board}: the game brought {was}; the TD set {score} "
                "({reason}), so {delta} is added from round {round} on.",
                round=step.round,
                board=step.board,
                was=v.figure(step.was),
                score=v.figure(step.score),
                reason=step.reason,
                delta=v.figure(step.delta),
            ),
        )
    if isinstance(step, TotalRuling):
        return (
            v.say(
                "Computed tournament score {computed}; the TD set {score} ({reason}).",
                computed=v.figure(step.computed),
                score=v.figure(step.score),
                reason=step.reason,
            ),
        )
    if isinstance(step, Absent):
        return (
            v.say(
                "Round {round}: did not play; score stays {score}.",
                round=line.round,
                score=v.figure(line.after),
            ),
        )
    raise TypeError(f"no words for a {type(step).__qualname__} step")


@renders(Account)
def _account(a: Account, v: Voice) -> tuple[str, ...]:
    s = a.standing
    start = v.figure(s.lines[0].before) if s.lines else "—"
    lines = [
        v.say(
            "{player}: {aggregation} with {system}; starts at {start}.",
            player=s.player,
            aggregation=a.aggregation,
            system=a.system,
            start=start,
        )
    ]
    for line in s.lines:
        lines.extend(explain(line, v.language))
    lines.append(
        v.say(
            "Final score {score}, rank {rank} of {n}.",
            score=v.figure(s.score),
            rank=s.rank,
            n=a.players,
        )
    )
    return tuple(lines)


@renders(Note)
def _note(note: Note, v: Voice) -> tuple[str, ...]:
    if isinstance(note, TiesBrokenBy):
        return (v.say("ties broken by {chain}", chain=" / ".join(note.chain)),)
    if isinstance(note, TieBroken):
        values = ", ".join(f"{p} {v.figure(x)}" for p, x in note.values)
        return (
            v.say(
                "tie on {score} between {players} broken by {by}: {values}",
                score=v.figure(note.score),
                players=", ".join(note.players),
                by=note.by,
                values=values,
            ),
        )
    if isinstance(note, BestGamesRule):
        return (v.say("the best {n} games count, in any rounds", n=note.n),)
    if isinstance(note, BestRoundsRule):
        return (v.say("the best {n} rounds count (a round: its best game)", n=note.n),)
    if isinstance(note, BestTwoPlusRule):
        return (
            v.say(
                "the best {n} games count in full, the rest {fraction} of their average",
                n=note.n,
                fraction=str(note.fraction),
            ),
        )
    if isinstance(note, TopBoardMultiplied):
        return (v.say("top-board scores count × {factor}", factor=v.figure(note.factor)),)
    if isinstance(note, LowestRankSum):
        return (v.say("the lowest sum of round ranks is best"),)
    if isinstance(note, RulingsApplied):
        return (
            v.say_n(
                "{n} score ruling by the TD applied; the computed figures are kept.",
                "{n} score rulings by the TD applied; the computed figures are kept.",
                note.count,
            ),
        )
    raise TypeError(f"no words for a {type(note).__qualname__} note")


@renders(TeammatesTogether)
def _together(x: TeammatesTogether, v: Voice) -> tuple[str, ...]:
    return (
        v.say(
            "team rule broken: round {round} board {board} seats {members} of team {team}",
            round=x.round,
            board=x.board,
            members=v.and_list(list(x.members)),
            team=x.team,
        ),
    )


@renders(Ignored)
def _ignored(x: Ignored, v: Voice) -> tuple[str, ...]:
    o = x.ruling
    if x.game:
        return (
            v.say(
                "{player}: no game on board {board} of round {round}",
                player=o.player,
                board=o.board or "",
                round=o.round if o.round is not None else 0,
            ),
        )
    return (v.say("{player}: not in these standings", player=o.player),)
