"""A Wizard rule set and a player's ledger in words (seed 004; specs/wizard.md "After the
seed"; ``palmares.wizard.rules``, ``palmares.wizard.ledger``).

Renders :class:`~palmares.wizard.rules.WizardRules` (what a month or tournament is judged by,
with its sources), :class:`~palmares.wizard.ledger.LedgerMethod`,
:class:`~palmares.wizard.ledger.LedgerEntry` and :class:`~palmares.wizard.ledger.Ledger` (the
lifetime total and levels).
"""

from __future__ import annotations

from datetime import date

from palmares.explain.registry import explain, renders
from palmares.explain.renderers.wizard import bracket, master_points
from palmares.explain.voice import Voice
from palmares.wizard.ledger import Ledger, LedgerEntry, LedgerMethod
from palmares.wizard.rules import WizardRules

__all__: list[str] = []


def _lists(rules: WizardRules, v: Voice) -> str:
    names = {
        "points": v.say("the number ranking"),
        "skill-ratio": v.say("Skill Ratio"),
        "wp": v.say("W.P."),
    }
    return ", ".join(names[n] for n in rules.lists)


def _top_ten(rules: WizardRules, v: Voice) -> str:
    if rules.straddle == "zero":
        straddle = v.say("places past 10th count 0")
    else:
        straddle = v.say("only paid places count")
    if rules.tie_rounding == "up":
        straddle += "; " + v.say("rounded up")
    elif rules.whole_master_points:
        straddle += "; " + v.say("half up")
    return v.say(
        "- Top 10 master points of {lists}: {values} ({month} a month without ties); tied "
        "players share the average of the places they span ({straddle})",
        lists=_lists(rules, v),
        values=", ".join(str(x) for x in rules.top_ten),
        month=sum(rules.top_ten) * len(rules.lists),
        straddle=straddle,
    )


def _whole(rules: WizardRules, v: Voice) -> str:
    if rules.whole_master_points and rules.tie_rounding == "up":
        return v.say(
            "- master points are whole numbers (tied shares rounded up, other awards half up)"
        )
    if rules.whole_master_points:
        return v.say("- master points are whole numbers (half up)")
    return v.say("- master points are kept as fractions")


def _tournaments(rules: WizardRules, v: Voice) -> str:
    if rules.tournament_master_points:
        text = v.say(
            "- tournaments award master points (1st = players in the field, each next place half)"
        )
    else:
        text = v.say("- tournaments award no master points")
    return text + "; " + (v.say("TRIAD 3 / 2 / 1") if rules.triad else v.say("no TRIAD"))


@renders(WizardRules)
def _rules(rules: WizardRules, v: Voice) -> tuple[str, ...]:
    if rules.since == date.min:
        head = v.say("Rule set, the earliest rules:")
    else:
        head = v.say("Rule set in force from {since}:", since=rules.since.isoformat())
    if rules.ranking == "matrix":
        ranking = v.say(
            "- number ranking by the matrix (rank in points + rank in Skill Ratio, low is best; "
            "ties broken by points, then SR), for players with at least {n} games",
            n=rules.qualifying_games,
        )
    else:
        ranking = v.say(
            "- number ranking by points alone, for players with at least {n} games",
            n=rules.qualifying_games,
        )
    lines = [head, ranking, _top_ten(rules, v)]
    if len(rules.lists) > 1:
        lines.append(
            v.say(
                "- the Skill Ratio and W.P. lists take players with at least {n} games",
                n=rules.list_minimum,
            )
        )
    if rules.wp_brackets:
        lines.append(
            v.say(
                "- {award} master points for the best W.P. in each bracket: {brackets}; A must be "
                "higher than B and B higher than C, else the award passes to the next",
                award=rules.wp_award,
                brackets=", ".join(bracket(b, v) for b in rules.wp_brackets),
            )
        )
    if rules.levels:
        lines.append(
            v.say(
                "- lifetime levels: {levels} master points",
                levels=", ".join(f"{lv.name} {lv.master_points}" for lv in rules.levels),
            )
        )
    if rules.fractional_wins:
        lines.append(v.say("- a tie for first is 1/k of a win for each of k"))
    else:
        lines.append(v.say("- a tie for first is a win for each tied player"))
    lines += [_whole(rules, v), _tournaments(rules, v), v.say("Sources of this rule set:")]
    lines += [f"- {cite}" for cite in rules.cited]
    return tuple(lines)


@renders(LedgerMethod)
def _method(_: LedgerMethod, v: Voice) -> tuple[str, ...]:
    return (
        v.say(
            "Months: every calendar month with games, each under the rules of its last day "
            "(Top 10 and W.P. awards); tournaments under the rules of their date."
        ),
    )


@renders(LedgerEntry)
def _entry(entry: LedgerEntry, v: Voice) -> tuple[str, ...]:
    award = entry.award
    return (
        v.say(
            "{day} {source}: {points} for {reason}",
            day=award.day.isoformat(),
            source=award.source,
            points=master_points(v, award.points),
            reason=" ".join(explain(award.reason, v.language)),
        ),
    )


@renders(Ledger)
def _ledger(book: Ledger, v: Voice) -> tuple[str, ...]:
    """The total, then (with a ladder) the level and the month or tournament of each level."""
    total = master_points(v, book.total)
    lines = [v.say("{player}: {total} master points in all", player=book.player, total=total)]
    if not book.ladder:
        return tuple(lines)
    if book.level is not None:
        head = v.say(
            "{player}: level {level}, {total} lifetime master points",
            player=book.player,
            level=book.level.name,
            total=total,
        )
    else:
        head = v.say(
            "{player}: no level yet, {total} lifetime master points",
            player=book.player,
            total=total,
        )
    nxt = book.next_level
    if nxt is not None:
        head += "; " + v.say(
            "next {level} at {at} ({to_go} to go)",
            level=nxt.name,
            at=nxt.master_points,
            to_go=master_points(v, nxt.master_points - book.total),
        )
    lines.append(head)
    lines += [
        v.say(
            "{level} ({at}) reached in {source} ({day}), {balance} master points",
            level=r.level.name,
            at=r.level.master_points,
            source=r.source,
            day=r.day.isoformat(),
            balance=master_points(v, r.balance),
        )
        for r in book.reached
    ]
    return tuple(lines)
