"""The site's sentences about a rule come from the one catalogue and follow the page's language
(issue 35): the top board's rule, the chaos game's start and deadlines, a tournament's closing
are messages the views pass (the templates keep their layout); the clock's refusals are typed
messages told in the request's language on the API and on the page."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from palmares.web.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FR = {"Accept-Language": "fr"}


@pytest.fixture(autouse=True)
def _open(open_wc: Tournament) -> None:
    """The clock runs only in an open tournament."""


def test_the_top_board_rule_in_either_language(td: Client, wc: Tournament) -> None:
    url = f"/diplomacy/{wc.pk}/edit/top-board"
    english = td.get(url).content.decode()
    french = td.get(url, headers=FR).content.decode()
    assert "The seven best players after round" in english
    assert "Les sept meilleurs joueurs après la ronde" in french
    assert "The seven best players" not in french and "declines returns" not in french


def test_the_chaos_pages_rules_in_french(td: Client, wc: Tournament) -> None:
    schedule = td.get(f"/diplomacy/{wc.pk}/chaos-schedule/", headers=FR).content.decode()
    assert "Pas de pendule : les échéances de mouvement" in schedule
    assert "movement deadlines at set times" not in schedule
    bad = td.post(f"/diplomacy/{wc.pk}/chaos-schedule/", {"hours": "2007-08-10 09:00"}, headers=FR)
    page = bad.content.decode()
    assert bad.status_code == 200 and "donnez le jour et l&#x27;heure d&#x27;ouverture" in page
    assert "give the day and time" not in page


def test_the_closing_rule_in_french(td: Client, wc: Tournament) -> None:
    page = td.get(f"/diplomacy/{wc.pk}/edit/close", headers=FR).content.decode()
    assert "La clôture enregistre le classement final" in page
    assert "Closing files the final classification" not in page


@pytest.mark.parametrize(
    ("body", "field", "english", "french"),
    [
        (
            {"action": "jump"},
            "action",
            "action must be one of",
            "l'action doit être l'une de",
        ),
        (
            {"action": "pause"},
            "action",
            "the clock has not been started",
            "la pendule n'a pas été lancée",
        ),
        (
            {"action": "start", "round": 0},
            "round",
            "round must be between 1 and 99, not 0",
            "round doit être entre 1 et 99, pas 0",
        ),
    ],
)
def test_a_clock_refusal_in_the_request_s_language(
    td: Client, wc: Tournament, body: dict[str, object], field: str, english: str, french: str
) -> None:
    url = f"/api/tournaments/{wc.pk}/clock"
    data = json.dumps(body)
    said = td.post(url, data=data, content_type="application/json").json()
    dit = td.post(url, data=data, content_type="application/json", headers=FR).json()
    assert said["field"] == field == dit["field"]
    assert english in said["detail"] and french in dit["detail"]


def test_a_timing_table_refused_in_french(td: Client, wc: Tournament) -> None:
    answer = td.put(
        f"/api/tournaments/{wc.pk}/clock/settings",
        data=json.dumps({"timing": [[1903, 10, 5]]}),
        content_type="application/json",
        headers=FR,
    )
    assert answer.status_code == 422
    assert answer.json() == {
        "detail": "la table de minutage doit commencer en 1901",
        "field": "timing",
    }


def test_a_clock_run_by_another_director_is_refused_in_french(
    other_td: Client, wc: Tournament
) -> None:
    url = f"/api/tournaments/{wc.pk}/clock"
    data = json.dumps({"action": "pause"})
    said = other_td.post(url, data=data, content_type="application/json")
    dit = other_td.post(url, data=data, content_type="application/json", headers=FR)
    assert said.status_code == dit.status_code == 403
    assert said.json()["detail"] == "only this tournament's directors may run its clock"
    assert (
        dit.json()["detail"]
        == "seuls les directeurs de ce tournoi peuvent faire marcher sa pendule"
    )


def test_the_rulings_undo_and_board_form_rules_in_french(td: Client, wc: Tournament) -> None:
    rulings = td.get(f"/diplomacy/{wc.pk}/edit/overrides", headers=FR).content.decode()
    undo = td.get(f"/diplomacy/{wc.pk}/edit/undo", headers=FR).content.decode()
    sheet = td.get(f"/diplomacy/{wc.pk}/boards/new", headers=FR).content.decode()
    assert "Une décision (une pénalité, un arbitrage) fixe le score de tournoi" in rulings
    assert "La dernière saisie de résultat est annulée" in undo
    assert "Aucune nulle cochée : tous les survivants la partagent." in sheet
    for page, english in (
        (rulings, "A ruling (a penalty"),
        (undo, "The last result entry is undone"),
        (sheet, "No draw ticked"),
    ):
        assert english not in page


def test_a_call_report_in_either_language() -> None:
    from django.utils import translation

    from palmares.web.ui.templatetags.palmares import call_cost, call_meetings, call_pair

    report = {
        "objective": 3,
        "lower_bound": 2,
        "gap": 1,
        "worst_pair": 2,
        "repeated_pairs": [{"player_a": "Ann", "player_b": "Bob", "times": 2, "board": "4"}],
    }
    pair = report["repeated_pairs"][0]  # type: ignore[index]
    with translation.override("en"):
        assert call_cost(report) == "Repeated-opponent cost 3 (lower bound 2, gap 1)."
        assert call_pair(pair) == "Ann and Bob (met 2 times), board 4"
    with translation.override("fr"):
        assert call_cost(report) == "Coût des adversaires répétés 3 (borne inférieure 2, écart 1)."
        assert call_meetings(report).startswith("1 paires se retrouvent ;")
        assert call_pair(pair) == "Ann et Bob (déjà rencontrés 2 fois), table 4"
