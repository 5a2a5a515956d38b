"""Issue 19: the API's own refusals (a role, a parameter, a Junior session, a tournament's
directors) and the events' and accounts' services' refusals come from the explanation layer
(``explain.messages_api``): French for a French request or reader, the English unchanged."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from palmares.core.errors import InputError, PalmaresError
from palmares.explain.errors import told as told_in
from palmares.web.accounts.services import add_user, issue_token
from palmares.web.events.models import Event
from palmares.web.faces.uploads import UploadTooLarge, check_size
from palmares.web.lib.limits import MAX_QUERY_CHARS
from palmares.web.tournaments.exports import wdd_board_rows, wdd_classification_rows
from palmares.web.tournaments.models import Tournament
from palmares.web.tournaments.services import import_boards
from palmares.web.wizarddb.services import import_games
from tests.web.test_french_errors import _fr

NBSP = "\u202f"  # French groups thousands with a narrow no-break space


def test_the_api_checks_answer_in_french(
    officer: Client, other_td: Client, wc: Tournament, ocean: Event
) -> None:
    assert _fr(other_td, "POST", f"/api/tournaments/{wc.pk}/close") == (
        403,
        "seuls les directeurs de ce tournoi peuvent le clore",
        "only this tournament's directors may close it",
    )
    assert _fr(Client(), "POST", f"/api/tournaments/{wc.pk}/close") == (
        401,
        "connectez-vous d’abord",
        "log in first",
    )
    assert _fr(officer, "PUT", f"/api/events/{ocean.pk}/results?players=0", []) == (
        422,
        f"entre 1 et 2{NBSP}147{NBSP}483{NBSP}647",
        "between 1 and 2147483647",
    )
    assert _fr(other_td, "PUT", f"/api/events/{ocean.pk}/results", []) == (
        403,
        "seuls les responsables des classements peuvent modifier des résultats",
        "only ratings officers may change results",
    )
    assert _fr(other_td, "POST", "/api/wizard/months/2010-03/publish") == (
        403,
        "seuls les responsables des classements peuvent publier",
        "only ratings officers may publish",
    )
    assert _fr(officer, "GET", "/api/wizard/months/March") == (
        422,
        "attendu AAAA-MM, reçu 'March'",
        "expected YYYY-MM, got 'March'",
    )
    assert _fr(officer, "GET", "/api/wizard/junior/2016-02") == (
        422,
        "pas une session Junior : une session Junior commence un mois impair, pas 2",
        "not a Junior session: a Junior session starts in an odd month, not 2",
    )
    assert _fr(officer, "GET", "/api/players/999999999") == (404, "introuvable", "not found")
    long = "x" * (MAX_QUERY_CHARS + 1)
    assert _fr(officer, "GET", f"/api/players?q={long}") == (
        400,
        f"au plus {MAX_QUERY_CHARS} caractères",
        f"at most {MAX_QUERY_CHARS} characters",
    )
    seats = [{"power": "E", "player_id": 1, "centres": 0}] * 7
    board = {"round": 9, "board": "1", "seats": seats}
    assert _fr(officer, "POST", f"/api/tournaments/{wc.pk}/boards", board) == (
        422,
        "chacune des sept puissances une fois",
        "each of the seven powers once",
    )


def test_an_import_of_an_unknown_kind_in_french(officer: Client, other_td: Client) -> None:
    told = {}
    for lang in ("fr", "en"):
        upload = SimpleUploadedFile("x.csv", b"a\n1\n")
        answer = officer.post("/api/imports/poems", {"file": upload}, HTTP_ACCEPT_LANGUAGE=lang)
        assert answer.status_code == 422 and answer.json()["field"] == "kind"
        told[lang] = answer.json()["detail"]
    assert told == {"fr": "type inconnu 'poems'", "en": "unknown kind 'poems'"}
    upload = SimpleUploadedFile("x.csv", b"a\n1\n")
    refused = other_td.post("/api/imports/results", {"file": upload}, HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "seuls les responsables des classements peuvent importer"


@pytest.mark.django_db
def test_the_events_services_refuse_in_french(officer: Client) -> None:
    game = Event.objects.create(name="Tantrix Open", date=date(2012, 5, 1), kind="tantrix")
    row = [{"player": "Ann", "rank": 1}]
    assert _fr(officer, "PUT", f"/api/events/{game.pk}/results", row) == (
        400,
        "Tantrix Open (2012-05-01) est un événement tantrix : ses résultats viennent de ses "
        "parties",
        "Tantrix Open (2012-05-01) is a tantrix event: its results come from its games",
    )
    cup = Event.objects.create(name="Empty Cup", date=date(2012, 6, 1), kind="diplomacy")
    assert _fr(officer, "PUT", f"/api/events/{cup.pk}/results", []) == (
        400,
        "un classement demande au moins une ligne",
        "a classification needs at least one row",
    )
    with pytest.raises(PalmaresError) as open_cup:
        wdd_classification_rows(cup)
    assert told_in(open_cup.value, "fr") == (
        "Empty Cup (2012-06-01) n’est pas clos : il n’a pas encore de classement (son directeur "
        "clôt le tournoi)"
    )
    assert str(open_cup.value) == (
        "Empty Cup (2012-06-01) is not closed: it has no classification yet (its TD closes the "
        "tournament)"
    )
    ocean = Event.objects.get(name="Dip in the Ocean 2004")
    with pytest.raises(PalmaresError) as no_boards:
        wdd_board_rows(ocean)
    assert told_in(no_boards.value, "fr") == (
        f"{ocean} n’a aucune table enregistrée (seulement son classement)"
    )
    assert str(no_boards.value) == f"{ocean} has no boards stored (only its classification)"


@pytest.mark.django_db
def test_the_accounts_services_refuse_in_french() -> None:
    told: list[tuple[str, str]] = []
    for call in (
        lambda: add_user("Bob", "king", "x"),
        lambda: add_user("  ", "td", "x"),
        lambda: add_user("B" * 200, "td", "x"),
        lambda: add_user("Bob", "td", ""),
        lambda: issue_token("nobody"),
    ):
        with pytest.raises(PalmaresError) as refused:
            call()
        told.append((told_in(refused.value, "fr"), str(refused.value)))
    assert told == [
        ("rôle inconnu 'king' (attendu : td, officer, admin)",
         "unknown role 'king' (expected td, officer, admin)"),
        ("un utilisateur a besoin d’un nom", "a user needs a name"),
        (f"le nom '{'B' * 200}' est trop long", f"the name '{'B' * 200}' is too long"),
        ("un mot de passe vide est refusé", "an empty password is refused"),
        ("aucun utilisateur nommé 'nobody'", "no user named 'nobody'"),
    ]  # fmt: skip
    add_user("Bob", "td", "a long enough password 2026")
    with pytest.raises(PalmaresError) as again:
        add_user("bob", "td", "a long enough password 2026")
    assert told_in(again.value, "fr") == "un utilisateur nommé 'bob' existe déjà"
    assert str(again.value) == "a user named 'bob' already exists"


@pytest.mark.django_db
def test_the_event_option_of_a_board_import_in_french() -> None:
    with pytest.raises(InputError) as refused:
        import_boards("unused.csv", event="E" * 201, day=date(2012, 1, 1))
    assert told_in(refused.value, "fr") == "--event: au plus 200 caractères, reçu 201"
    assert str(refused.value) == "--event: at most 200 characters, got 201"


def test_the_day_api_and_a_token_refuse_in_french(
    td: Client, other_td: Client, wc: Tournament
) -> None:
    assert _fr(td, "POST", f"/api/tournaments/{wc.pk}/rounds/1/board-call/swap", {}) == (
        400,
        "donnez player_a et player_b, ou label, power_a et power_b",
        "give player_a and player_b, or label, power_a and power_b",
    )
    assert _fr(other_td, "GET", f"/api/tournaments/{wc.pk}/audit") == (
        403,
        "seuls les directeurs de ce tournoi",
        "only this tournament's directors",
    )
    told = {
        lang: Client()
        .post(
            f"/api/tournaments/{wc.pk}/close",
            headers={"authorization": "Bearer nonsense"},
            HTTP_ACCEPT_LANGUAGE=lang,
        )
        .json()["detail"]
        for lang in ("fr", "en")
    }
    assert told == {"fr": "jeton d’API invalide", "en": "invalid API token"}


def test_an_upload_past_the_limit_and_a_division_in_french(db: None) -> None:
    with pytest.raises(UploadTooLarge) as big:
        check_size("results.csv", 1_000 * 1024 * 1024)
    assert str(big.value).startswith("results.csv: 1000.0 MB; files of at most ")
    assert told_in(big.value, "fr").startswith("results.csv : 1000,0 Mo ; les fichiers d’au plus ")
    with pytest.raises(UploadTooLarge) as nameless:
        check_size("", 1_000 * 1024 * 1024)
    assert str(nameless.value).startswith("the file: 1000.0 MB; files of at most ")
    assert told_in(nameless.value, "fr").startswith("le fichier : 1")
    with pytest.raises(PalmaresError) as division:
        import_games("unused.csv", division="senior")
    assert str(division.value) == "unknown division 'senior' (regular or junior)"
    assert told_in(division.value, "fr") == "division inconnue 'senior' (regular ou junior)"


def test_who_may_change_a_tournament_in_french(other_td: Client, wc: Tournament) -> None:
    new = {"name": "Other Cup", "date": "2026-05-01", "rounds": 3, "scoring": "carnage",
           "aggregation": "ante", "team_size": None}  # fmt: skip
    assert _fr(other_td, "POST", "/api/tournaments", new) == (
        403,
        "seuls les directeurs de tournoi peuvent créer des tournois",
        "only tournament directors may create tournaments",
    )
    pairs = [{"player_a": "Player A", "player_b": "Player B"}]
    assert _fr(other_td, "POST", f"/api/tournaments/{wc.pk}/keep-apart", pairs) == (
        403,
        "seuls les directeurs de ce tournoi peuvent le modifier",
        "only this tournament's directors may change it",
    )
    assert _fr(other_td, "POST", f"/api/tournaments/{wc.pk}/directors", {"username": "x"}) == (
        403,
        "seuls les directeurs de ce tournoi peuvent ajouter des directeurs",
        "only this tournament's directors may add directors",
    )


def test_what_a_schema_refuses_is_told_in_french(officer: Client, ocean: Event) -> None:
    """pydantic's refusals (a missing field, a value of the wrong kind, past a bound, too
    long, a NUL, not JSON) come from the catalogue (web.api.invalid), French for a French
    request; the field is named in both."""
    url = f"/api/events/{ocean.pk}/results"
    cases = [
        ([{"rank": 1}], "0.player est obligatoire", "0.player is required"),
        (
            [{"player": "A", "rank": "1"}],
            "0.rank doit être un entier",
            "0.rank must be an integer",
        ),
        (
            [{"player": "A", "rank": 2**31}],
            f"0.rank doit valoir au plus 2{NBSP}147{NBSP}483{NBSP}647",
            "0.rank must be at most 2147483647",
        ),
        (
            [{"player": "x" * 201, "rank": 1}],
            "0.player compte au plus 200 caractères",
            "0.player may hold at most 200 characters",
        ),
        (
            [{"player": "A\u0000B", "rank": 1}],
            "0.player : un caractère NUL n’est pas admis",
            "0.player: a NUL character is not allowed",
        ),
        (
            {"player": "A"},
            "le corps de la requête doit être une liste",
            "the request's body must be a list",
        ),
    ]
    for body, french, english in cases:
        assert _fr(officer, "PUT", url, body) == (422, french, english), body
    for language, said in (
        ("fr", "le corps de la requête n’est pas du JSON valide"),
        ("en", "the request's body is not valid JSON"),
    ):
        answer = officer.put(
            url, "{not json", content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
        )
        assert (answer.status_code, answer.json()) == (400, {"detail": said, "field": None})
