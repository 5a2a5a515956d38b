"""The "which rating predicts best" pages (issue 18): the core's backtest of the stored history."""

from __future__ import annotations

from django.test import Client

from palmares.core.rounding import half_up
from palmares.ratings.backtest import backtest
from palmares.ratings.competitions import from_games, from_results
from palmares.web.ratinglists.backtests import SYSTEMS
from palmares.web.ratinglists.services import results_from_database
from palmares.web.wizarddb import adapters as wizard_adapters


def test_the_dip_pouch_page_shows_the_cores_backtest(client: Client, db: None) -> None:
    response = client.get("/ratings/dip-pouch/")
    assert response.status_code == 200
    page = response.content.decode()
    result = backtest(from_results(results_from_database()[0]), SYSTEMS["dip-pouch"])
    for s in result.systems:
        row = page.split(f"<td>{s.system}</td>")[1].split("</tr>")[0]
        tau = s.all.mean("kendall_tau")
        assert tau is not None
        assert f">{half_up(tau, 3)}<" in row, (s.system, row)
    assert 'id="calibration"' in page and "<polyline" in page


def test_the_wizard_page_and_its_link(client: Client, db: None) -> None:
    assert "/ratings/wizard/" in client.get("/wizard/").content.decode()
    page = client.get("/ratings/wizard/").content.decode()
    result = backtest(from_games(wizard_adapters.games()), SYSTEMS["wizard"])
    ratio = next(s for s in result.systems if s.system == "skill-ratio")
    assert ratio.all.competitions > 0
    row = page.split("<td>skill-ratio</td>")[1].split("</tr>")[0]
    assert f">{ratio.all.competitions}<" in row


def test_an_unknown_community_is_404(client: Client, db: None) -> None:
    assert client.get("/ratings/chess/").status_code == 404


def test_the_page_in_french(client: Client, db: None) -> None:
    page = client.get("/ratings/wizard/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Quelle cote prédit le mieux" in page


def test_the_tantrix_page_replays_the_stored_matches_with_tantrix_elo(
    client: Client, db: None
) -> None:
    from palmares.web.tantrixdb import adapters as tantrix_adapters

    assert "/ratings/tantrix/" in client.get("/tantrix/").content.decode()
    page = client.get("/ratings/tantrix/").content.decode()
    result = backtest(tantrix_adapters.competitions(), SYSTEMS["tantrix"])
    elo = next(s for s in result.systems if s.system == "tantrix-elo")
    tau = elo.all.mean("kendall_tau")
    assert elo.all.competitions == 20 and tau is not None and tau > 0
    row = page.split("<td>tantrix-elo</td>")[1].split("</tr>")[0]
    assert f">{half_up(tau, 3)}<" in row
