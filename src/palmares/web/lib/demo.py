"""Load the bundled sample data (idempotently: every import replaces what it loaded before)."""

from __future__ import annotations

import logging
import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from django.core.management import call_command
from django.db import transaction

from palmares.web.events.services import import_results
from palmares.web.lib.synthetic import write_history
from palmares.web.ratinglists.services import recompute_dip_pouch
from palmares.web.tantrixdb.services import import_matches
from palmares.web.tournaments.services import import_boards
from palmares.web.wizarddb.services import import_games, import_tournaments

__all__ = ["SAMPLE", "DemoSummary", "load_demo", "migrate"]

SAMPLE = Path(__file__).resolve().parents[1] / "sample"
WC_NAME = "World Diplomacy Championship 2007"
WC_DATE = date(2007, 8, 3)
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DemoSummary:
    events: int
    results: int


def migrate() -> None:
    call_command("migrate", interactive=False, verbosity=0)


def load_demo() -> DemoSummary:
    """Dip in the Ocean 2004 (seed 000), a synthetic 2001–2010 history with the 2007 WC and its
    boards and teams, the NZ 2000 Tantrix tournament, a Wizard month and a Wizard tournament."""
    migrate()
    with tempfile.TemporaryDirectory() as tmp, transaction.atomic():
        history = write_history(Path(tmp))
        first = import_results(SAMPLE / "dip-in-the-ocean-2004.csv", recompute=False)
        second = import_results(history.results, recompute=False)
        import_boards(history.boards, event=WC_NAME, day=WC_DATE, teams=history.teams)
        recompute_dip_pouch()
        import_matches(
            SAMPLE / "tantrix-nz-2000-matches.csv", ratings=SAMPLE / "tantrix-nz-2000-ratings.csv"
        )
        import_games(history.games)
        import_tournaments(history.tournament)
    return DemoSummary(first.events + second.events, first.results + second.results)
