"""A tournament's scoring and aggregation specs: the admin checks them through the registries,
and a spec stored wrong (before the check, or in the database) never makes a page a 500."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from palmares.web.tournaments.admin import TournamentForm
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.systems import system_problems


def _form(wc: Tournament, scoring: str, aggregation: str) -> TournamentForm:
    return TournamentForm(
        instance=wc,
        data={"event": wc.event_id, "scoring": scoring, "aggregation": aggregation},
    )


def test_the_registries_judge_the_specs() -> None:
    assert system_problems("divide-and-conquer", "ante") == {}
    problems = system_problems("divide-and-conqer", "ante:nope=1")
    assert "unknown scoring system 'divide-and-conqer'" in problems["scoring"]
    assert "divide-and-conquer" in problems["scoring"]  # the known ones are listed
    assert "bad parameter 'nope=1'" in problems["aggregation"]


def test_the_admin_form_refuses_a_slug_typed_wrong(wc: Tournament) -> None:
    form = _form(wc, "divide-and-conqer", "ante")
    assert not form.is_valid()
    assert "unknown scoring system" in form.errors["scoring"][0]
    assert "aggregation" not in form.errors
    assert Tournament.objects.get(pk=wc.pk).scoring == "divide-and-conquer"
    assert _form(wc, "divide-and-conquer", "ante").is_valid()


def test_the_admin_page_shows_the_error_on_its_field(wc: Tournament) -> None:
    admin = User.objects.create_superuser("root", password="root-password-2007")
    client = Client()
    client.force_login(admin)
    url = f"/admin/tournaments/tournament/{wc.pk}/change/"
    assert client.get(url).status_code == 200
    answer = client.post(
        url, {"event": wc.event_id, "scoring": "divide-and-conquer", "aggregation": "antee"}
    )
    assert answer.status_code == 200  # the form again, with its error
    assert "unknown aggregation" in answer.content.decode()
    assert Tournament.objects.get(pk=wc.pk).aggregation == "ante"


def test_pages_show_a_stored_bad_slug_instead_of_failing(client: Client, wc: Tournament) -> None:
    Tournament.objects.filter(pk=wc.pk).update(scoring="nonsense")
    listing = client.get("/diplomacy/")
    assert listing.status_code == 200
    assert "unknown scoring system &#x27;nonsense&#x27;" in listing.content.decode()
    page = client.get(f"/diplomacy/{wc.pk}/")
    assert page.status_code == 200
    assert 'id="system-problems"' in page.content.decode()
    api = client.get(f"/api/tournaments/{wc.pk}/standings")
    assert api.status_code == 400 and "nonsense" in api.json()["detail"]
    assert client.get(f"/api/tournaments/{wc.pk}/boards").status_code == 400
