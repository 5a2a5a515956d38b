"""The last round's outlook of a tournament (issue 38), read from its stored rows at read time:
the standings before the final round, the final round's call (or each board as stored once it
is reported), and :func:`palmares.diplomacy.outlook.outlook` on them. So the outlook moves as the
boards of the final round report.

The final round is the tournament's last planned round. The outlook is computed under the ante
with a board score read from the centres alone (kind ``centre-count``: Divide and Conquer, seed
002); otherwise, or before the final round is called, it says why not (a typed reason).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from palmares.core.message import Message
from palmares.core.message import power as power_named
from palmares.core.spec import parse_spec
from palmares.diplomacy.aggregation.ante import Ante
from palmares.diplomacy.aggregation.registry import get_aggregation
from palmares.diplomacy.board import GREAT_POWERS, parse_power
from palmares.diplomacy.lifecycle.reports import agreed_outcome
from palmares.diplomacy.outlook import FinalBoard, Outlook, PlayerOutlook, Verdict, outlook
from palmares.diplomacy.outlook import unsupported as unsupported_outlook
from palmares.diplomacy.outlook.awards import CountryOutlook, Key, best_country_outlook
from palmares.diplomacy.outlook.teams import TeamOutlook, team_outlook
from palmares.diplomacy.scoring.base import exact
from palmares.diplomacy.scoring.registry import get_info, get_system
from palmares.explain.language import Language
from palmares.explain.messages import tell
from palmares.web.tournaments import adapters
from palmares.web.tournaments.day import load_day
from palmares.web.tournaments.models import CalledSeat, Round, Tournament
from palmares.web.tournaments.reports import load_reports
from palmares.web.tournaments.rows import planned_rounds

__all__ = [
    "FullOutlook",
    "OutlookLine",
    "OutlookPage",
    "ToldVerdict",
    "final_round",
    "outlook_page",
    "told_outlook",
    "tournament_outlook",
]


def final_round(t: Tournament) -> int:
    """The round the outlook looks at: the tournament's last planned round (or a later round
    already called, when the plan was not updated)."""
    called = Round.objects.filter(tournament=t, called__isnull=False).order_by("-number").first()
    return max(planned_rounds(t), called.number if called is not None else 0)


@dataclass(frozen=True, slots=True)
class FullOutlook:
    """The outlook of every player (places), the best-country awards, the team championship,
    each team's members, and who entered the report each free board's result is read from."""

    players: Outlook
    countries: tuple[CountryOutlook, ...] = ()
    teams: tuple[TeamOutlook, ...] = ()
    team_of: dict[str, str] = field(default_factory=dict)
    entered_by: dict[str, str] = field(default_factory=dict)
    #: The free boards whose reports from the table differ (left free in "as entered").
    conflicts: frozenset[str] = frozenset()


def tournament_outlook(t: Tournament, centres_for: frozenset[str] = frozenset()) -> FullOutlook:
    """The outlook of every player of ``t`` before (or during) its final round (with the fewest
    centres that clinch each place for the players of ``centres_for``), the best-country awards
    and the team championship."""
    final = final_round(t)
    spec = adapters.aggregation_spec(t.aggregation, t.fewer_games)
    aggregation = get_aggregation(spec)
    if not isinstance(aggregation, Ante):
        return FullOutlook(
            unsupported_outlook(
                Message.of("outlook.unsupported.aggregation", aggregation=t.aggregation)
            )
        )
    if get_info(parse_spec(t.scoring).slug).kind != "centre-count":
        return FullOutlook(
            unsupported_outlook(Message.of("outlook.unsupported.system", system=t.scoring))
        )
    if final < 2:
        return FullOutlook(
            unsupported_outlook(Message.of("outlook.unsupported.no_call", round=max(final, 1)))
        )
    if aggregation.adjusts(final) and final == aggregation.adjust_after:
        return FullOutlook(
            unsupported_outlook(Message.of("outlook.unsupported.adjusted", round=final))
        )
    called = list(
        CalledSeat.objects.filter(round__tournament=t, round__number=final)
        .select_related("player")
        .order_by("label", "power")
    )
    if not called:
        return FullOutlook(
            unsupported_outlook(Message.of("outlook.unsupported.no_call", round=final))
        )
    rnd = Round.objects.get(tournament=t, number=final)
    seats: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for c in called:
        seats[c.label].append((parse_power(c.power), c.player.name))
    reported = {b.board: b for b in adapters.played_boards(t) if b.round == final}
    boards: list[FinalBoard] = []
    for label, seated in seats.items():
        played = reported.get(label)
        if played is not None:
            seated = [(s.power, s.player) for s in played.seats]
        boards.append(
            FinalBoard(
                label=label,
                seats=tuple(seated),
                top=label == rnd.top_board,
                result=played.result() if played is not None else None,
            )
        )
    before = adapters.standings(t, up_to_round=final - 1)
    scores: dict[str, Fraction] = {s.player: exact(s.score) for s in before.players if s.games}
    start = aggregation.start
    for board in boards:
        for _, player in board.seats:
            if player not in scores:
                scores[player] = before.of(player).score if player in before else start
    scores = {p: exact(s) for p, s in scores.items()}
    system = get_system(t.scoring)
    entered, entered_by, conflicts = _entered(t, rnd, [b for b in boards if b.result is None])
    players = outlook(
        scores,
        boards,
        system=system,
        system_key=t.scoring,
        stake=aggregation.stake,
        centres_for=centres_for,
        entered=entered,
    )
    if players.reason is not None:
        return FullOutlook(players)
    history: dict[str, dict[str, Key]] = defaultdict(dict)
    for s in before.players:
        for x in s.lines:
            if x.kind != "game" or x.power is None or x.board_score is None:
                continue
            key = (exact(x.board_score), x.centres or 0, exact(x.points or 0))
            mine = history[x.power].get(s.player)
            history[x.power][s.player] = key if mine is None else max(mine, key)
    countries = best_country_outlook(
        scores,
        boards,
        history,
        system=system,
        system_key=t.scoring,
        stake=aggregation.stake,
        powers=GREAT_POWERS,
    )
    members = adapters.teams(t)
    teams = (
        team_outlook(
            scores, boards, members, system=system, system_key=t.scoring, stake=aggregation.stake
        )
        if members
        else ()
    )
    team_of = {p: team for team, ms in members.items() for p in ms}
    return FullOutlook(players, countries, teams, team_of, entered_by, conflicts)


def _entered(
    t: Tournament, rnd: Round, free: list[FinalBoard]
) -> tuple[dict[str, dict[str, int]], dict[str, str], frozenset[str]]:
    """Each free board's result as entered so far from the table (issue 38): the result its
    reports agree on under the board's rule, else the one result its reports give while they
    all say the same; who entered it (those players, in the order they reported). A board whose
    reports differ is left free — no report is taken over another — and named in the third
    value (the conflicts the TD's board of boards shows)."""
    labels = {b.label for b in free}
    reports = load_reports(t, rnd.number, load_day(t, with_invitations=False))
    entered: dict[str, dict[str, int]] = {}
    by: dict[str, str] = {}
    conflicts: set[str] = set()
    for board in reports.boards:
        if board.board not in labels or not board.reports:
            continue
        outcome = agreed_outcome(reports, board.board)
        if outcome is None:
            told = {r.outcome for r in board.reports}
            if len(told) > 1:
                conflicts.add(board.board)
                continue
            (outcome,) = told
        entered[board.board] = dict(outcome.centres)
        by[board.board] = ", ".join(r.player for r in board.reports if r.outcome == outcome)
    return entered, by, frozenset(conflicts)


@dataclass(frozen=True, slots=True)
class ToldVerdict:
    """A verdict and its explanation in one language."""

    verdict: str
    explanation: str


@dataclass(frozen=True, slots=True)
class OutlookLine:
    """One player's outlook told in one language (what the page and the API show)."""

    player: str
    place: int
    score: Fraction
    board: str | None
    worst: int
    best: int
    championship: ToldVerdict
    places: tuple[tuple[int, ToldVerdict], ...]
    #: The fewest centres on their own board that clinch each place (1: the title), and it
    #: told as a sentence; empty unless asked for.
    centres: tuple[tuple[int, int | None], ...] = ()
    centres_words: tuple[str, ...] = ()
    #: The same with the board's other results as entered so far in a report from the table
    #: (its heading names who entered it); empty when nothing is entered.
    centres_entered: tuple[tuple[int, int | None], ...] = ()
    centres_entered_words: tuple[str, ...] = ()
    centres_heading: str = ""
    centres_entered_heading: str = ""
    #: Whether the player's board has reports that differ (nothing is taken "as entered").
    entered_conflict: bool = False
    #: Each power's best-country award: (power, its name in the language, verdict).
    best_country: tuple[tuple[str, str, ToldVerdict], ...] = ()
    #: The player's team and its verdict for the team championship (``None``: no team).
    team: tuple[str, ToldVerdict] | None = None


def _told(v: Verdict, language: Language) -> ToldVerdict:
    return ToldVerdict(v.status.value, tell(v.because, language))


def _line(p: PlayerOutlook, found: FullOutlook, language: Language) -> OutlookLine:
    countries = tuple(
        (c.power, tell(power_named(c.power), language), _told(c.verdict, language))
        for c in found.countries
        if c.player == p.player
    )
    team_name = found.team_of.get(p.player)
    team = next((x for x in found.teams if x.team == team_name), None)
    by = found.entered_by.get(p.board or "", "")
    conflict = p.board is not None and p.board in found.conflicts
    return OutlookLine(
        player=p.player,
        place=p.place,
        score=p.score,
        board=p.board,
        worst=p.worst,
        best=p.best,
        championship=_told(p.championship, language),
        places=tuple((k, _told(v, language)) for k, v in p.places),
        centres=p.centres,
        centres_words=tuple(tell(_centres_said(p.player, k, c), language) for k, c in p.centres),
        centres_entered=p.centres_entered,
        centres_entered_words=tuple(
            tell(_centres_said(p.player, k, c), language) for k, c in p.centres_entered
        ),
        centres_heading=tell(Message.of("outlook.centres.free"), language) if p.centres else "",
        centres_entered_heading=tell(Message.of("outlook.centres.entered", entered=by), language)
        if p.centres_entered
        else tell(Message.of("outlook.centres.conflict", board=p.board or ""), language)
        if conflict and p.centres
        else "",
        entered_conflict=conflict,
        best_country=countries,
        team=(team.team, _told(team.verdict, language)) if team is not None else None,
    )


def _centres_said(player: str, place: int, centres: int | None) -> Message:
    if centres is None:
        if place == 1:
            return Message.of("outlook.centres.title_none", player=player)
        return Message.of("outlook.centres.none", player=player, place=place)
    if place == 1:
        return Message.of("outlook.centres.title", player=player, centres=centres)
    return Message.of("outlook.centres.place", player=player, place=place, centres=centres)


def told_outlook(
    t: Tournament, language: Language, player: str | None = None
) -> tuple[tuple[OutlookLine, ...], str | None]:
    """Every player's outlook told in ``language``, or (no lines) why there is none;
    ``player``: only theirs, with the fewest centres that clinch each place."""
    found = tournament_outlook(t, frozenset({player}) if player is not None else frozenset())
    players = found.players
    if player is not None:
        players = Outlook(tuple(p for p in players.players if p.player == player), players.reason)
    if players.reason is not None:
        return (), tell(players.reason, language)
    return tuple(_line(p, found, language) for p in players.players), None


@dataclass(frozen=True, slots=True)
class OutlookPage:
    """What the standings page and a player's outlook page show: the lines, why there are none
    (``reason``), and the words of the table."""

    lines: tuple[OutlookLine, ...]
    reason: str | None
    title: str
    champion: str
    place_or_better: str
    verdicts: dict[str, str]
    best_country: str = ""
    team: str = ""
    power: str = ""
    #: Whether any line has a team (the team championship's column).
    has_teams: bool = False


def outlook_page(t: Tournament, language: Language, player: str | None = None) -> OutlookPage:
    """The outlook as a page shows it (``player``: only that player's line)."""
    lines, reason = told_outlook(t, language, player)
    return OutlookPage(
        lines=lines,
        reason=reason,
        title=tell(Message.of("outlook.label.title", round=final_round(t)), language),
        champion=tell(Message.of("outlook.label.champion"), language),
        place_or_better=tell(Message.of("outlook.label.place_or_better"), language),
        verdicts={
            "clinched": tell(Message.of("outlook.label.clinched"), language),
            "possible": tell(Message.of("outlook.label.possible"), language),
            "out": tell(Message.of("outlook.label.out"), language),
            "not_computed": tell(Message.of("outlook.label.not_computed"), language),
        },
        best_country=tell(Message.of("outlook.label.best_country"), language),
        team=tell(Message.of("outlook.label.team"), language),
        power=tell(Message.of("outlook.label.power"), language),
        has_teams=any(x.team is not None for x in lines),
    )
