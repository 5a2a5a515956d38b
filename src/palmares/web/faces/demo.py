"""Load the bundled sample data (idempotently: every import replaces what it loaded before)."""

from __future__ import annotations

import csv
import logging
import random
import tempfile
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from django.db import transaction

from palmares.diplomacy.powers import Power
from palmares.web.events.models import Result as EventResult
from palmares.web.events.services import import_results
from palmares.web.lib.schema import migrate
from palmares.web.lib.synthetic import RESULTS_HEADER, write_history
from palmares.web.players.models import Player
from palmares.web.ratinglists.services import recompute_dip_pouch
from palmares.web.tantrixdb.services import import_matches
from palmares.web.tournaments import adapters
from palmares.web.tournaments.closing import classification
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.results import BoardResult, enter_result
from palmares.web.tournaments.services import import_boards
from palmares.web.wizarddb.models import TournamentPlace
from palmares.web.wizarddb.services import import_games, import_tournaments, import_triads

__all__ = ["SAMPLE", "DemoAccount", "DemoSummary", "demo_accounts", "load_demo"]

SAMPLE = Path(__file__).resolve().parents[1] / "sample"
WC_NAME = "World Diplomacy Championship 2007"
WC_DATE = date(2007, 8, 3)
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DemoSummary:
    events: int
    results: int


def load_demo() -> DemoSummary:
    """Dip in the Ocean 2004 (seed 000), a synthetic 2001–2010 history with the 2007 WC and its
    boards and teams, the NZ 2000 Tantrix tournament, a Wizard month, a Wizard Junior session and a
    Wizard tournament with its TRIAD."""
    migrate()
    with tempfile.TemporaryDirectory() as tmp, transaction.atomic():
        history = write_history(Path(tmp))
        first = import_results(SAMPLE / "dip-in-the-ocean-2004.csv", recompute=False)
        second = import_results(history.results, recompute=False)
        tournament = import_boards(history.boards, event=WC_NAME, day=WC_DATE, teams=history.teams)
        _finish_world_championship(tournament, history.folder, history.nationalities)
        recompute_dip_pouch()
        import_matches(
            SAMPLE / "tantrix-nz-2000-matches.csv", ratings=SAMPLE / "tantrix-nz-2000-ratings.csv"
        )
        import_games(history.games)
        import_tournaments(history.tournament)
        _wizard_junior_and_triad(Path(tmp))
    return DemoSummary(first.events + second.events, first.results + second.results)


JUNIOR_NICKS = ("kiddo", "sprout", "pip", "wren", "tadpole", "acorn", "minnow", "button")


def _wizard_junior_and_triad(folder: Path) -> None:
    """A Wizard Junior session (2010-03/04: 60 games of eight juniors, own random stream so the
    synthetic history is unchanged) and the Spring Cup 2010's TRIAD (its top three)."""
    rng = random.Random(2010)
    junior = folder / "wizard-junior-2010.csv"
    with junior.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["date", "game", "player", "score"])
        for g in range(1, 61):
            day = date(2010, 3, 1) + timedelta(days=g % 61)
            for nick in rng.sample(JUNIOR_NICKS, rng.choice([3, 4, 5])):
                w.writerow([day.isoformat(), f"J{g:03d}", nick, rng.randrange(-5, 25) * 10])
    import_games(junior, division="junior")
    top = TournamentPlace.objects.filter(
        event__name="Spring Cup 2010", place__lte=3
    ).select_related("player")
    triad = folder / "wizard-triad-2010.csv"
    with triad.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(["tournament", "player", "score"])
        for seat, score in zip(top.order_by("place"), (140, 230, 90), strict=True):
            w.writerow(["Spring Cup 2010", seat.player.name, score])
    import_triads(triad)


TOP_BOARD_CENTRES = (11, 9, 6, 4, 3, 1, 0)
TOP_BOARD_POWERS = tuple(p.initial for p in Power)


def _finish_world_championship(tournament: Tournament, folder: Path, nationalities: Path) -> None:
    """Seat the top board of round 6 with the seven invited by the engine after round 5, play it
    (fixed centres), and file the final classification (the engine's: champion, places 2–7, then
    the rest by final score) as the WC's results, through the results reader."""
    # A second run of the demo finds the classification filed (the tournament closed): it is
    # filed again below, from the same boards.
    EventResult.objects.filter(event=tournament.event).delete()
    after_five = adapters.tournament_prizes(tournament, up_to_round=5)
    assert after_five.top_board is not None
    invited = [i.player for i in after_five.top_board.invitations if i.accepted][:7]
    ids = dict(Player.objects.filter(name__in=invited).values_list("name", "pk"))
    seated = list(zip(TOP_BOARD_POWERS, invited, TOP_BOARD_CENTRES, strict=True))
    tournament.event.rounds = 6
    tournament.event.save()
    tournament.planned_rounds = 6
    tournament.save(update_fields=["planned_rounds"])
    result = BoardResult(
        centres={power: centres for power, _, centres in seated},
        eliminated={power: 1908 for power, _, centres in seated if centres == 0},
        final_year=1909,
        seats={power: ids[name] for power, name, _ in seated},
        top_board=True,
    )
    enter_result(None, tournament, 6, "Top", result)
    order = [(line.player, line.rank) for line in classification(tournament)]
    nation = {r["player"]: r["nationality"] for r in csv.DictReader(nationalities.open())}
    filed = folder / "wdc-2007-results.csv"
    with filed.open("w", newline="", encoding="utf-8") as out:
        w = csv.writer(out)
        w.writerow(RESULTS_HEADER)
        for name, rank in order:
            w.writerow(
                [
                    WC_NAME,
                    WC_DATE.isoformat(),
                    name,
                    rank,
                    nation.get(name, ""),
                    "Netherlands",
                    "Leiden",
                    6,
                    "yes",
                ]
            )
    import_results(filed, recompute=False)


@dataclass(frozen=True, slots=True)
class DemoAccount:
    username: str
    role: str
    password: str


def demo_accounts() -> list[DemoAccount]:
    """Two accounts for a newcomer to try the other sides of the site: ``td``, a tournament
    director (directs the 2007 World Championship and may create tournaments), and ``officer``,
    a ratings officer. Their passwords are new on every run and only printed, never stored in
    the repository."""
    import secrets

    from django.contrib.auth.models import Group, User

    from palmares.web.accounts.roles import RATINGS_OFFICERS, TOURNAMENT_DIRECTORS

    accounts = []
    with transaction.atomic():
        for username, group_name, role in (
            ("td", TOURNAMENT_DIRECTORS, "tournament director"),
            ("officer", RATINGS_OFFICERS, "ratings officer"),
        ):
            password = secrets.token_urlsafe(9)
            user, _ = User.objects.get_or_create(username=username)
            user.set_password(password)
            user.save()
            group, _ = Group.objects.get_or_create(name=group_name)
            user.groups.add(group)
            if username == "td":
                for t in Tournament.objects.filter(event__name=WC_NAME):
                    t.directors.add(user)
            accounts.append(DemoAccount(username, role, password))
    return accounts
