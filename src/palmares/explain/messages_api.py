"""The site's remaining refusals: the JSON API's own checks (web.api: a parameter, a role, a
Junior session, a tournament's directors), the events' and the accounts' services
(web.events, web.accounts): each key's English sentence, its French in the catalogue
(issue 19)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["API"]

API: dict[str, str] = {
    # web.api (api, records, tournaments, tables): a role, a parameter, a login
    "api.officers_change": N_("only ratings officers may change results"),
    "api.officers_import": N_("only ratings officers may import"),
    "api.officers_publish": N_("only ratings officers may publish"),
    "api.between": N_("between 1 and {most}"),
    "api.seven_powers": N_("each of the seven powers once"),
    "api.month": N_("expected YYYY-MM, got {got}"),
    "api.unknown_kind": N_("unknown kind {kind}"),
    "api.log_in": N_("log in first"),
    "api.not_found": N_("not found"),
    "api.bad_token": N_("invalid API token"),
    "api.swap": N_("give player_a and player_b, or label, power_a and power_b"),
    "api.directors": N_("only this tournament's directors"),
    # web.faces.uploads: a file past the size limit
    "upload.too_large": N_("{file}: {size} MB; files of at most {most} MB are accepted"),
    "upload.the_file": N_("the file"),
    # web.wizarddb: a games file's division
    "wizard.division": N_("unknown division {division} (regular or junior)"),
    # web.api.games: a Wizard Junior session (seed 005's two-month sessions)
    "api.not_junior": N_("not a Junior session: {why}"),
    # web.api.closing: a tournament's end is its directors' (issue 12, step 7)
    "api.directors_close": N_("only this tournament's directors may close it"),
    # web.tournaments: who may change a tournament (registration, setup)
    "api.directors_change": N_("only this tournament's directors may change it"),
    "api.directors_add": N_("only this tournament's directors may add directors"),
    "api.tds_create": N_("only tournament directors may create tournaments"),
    # web.events: a classification, a WDD export
    "events.from_games": N_("{event} is a {kind} event: its results come from its games"),
    "events.no_rows": N_("a classification needs at least one row"),
    "events.not_closed": N_(
        "{event} is not closed: it has no classification yet (its TD closes the tournament)"
    ),
    "events.no_boards": N_("{event} has no boards stored (only its classification)"),
    # web.accounts: a user, a password, a token
    "accounts.role": N_("unknown role {role} (expected {roles})"),
    "accounts.needs_name": N_("a user needs a name"),
    "accounts.name_long": N_("the name {name} is too long"),
    "accounts.exists": N_("a user named {name} already exists"),
    "accounts.empty_password": N_("an empty password is refused"),
    "accounts.password": N_("password refused: {why}"),
    # web.api.invalid: what a request's schema refuses (pydantic's error types, issue 35)
    "api.invalid.missing": N_("{field} is required"),
    "api.invalid.type": N_("{field} must be {expected}"),
    "api.invalid.choice": N_("{field} must be one of {choices}"),
    "api.invalid.at_least": N_("{field} must be at least {limit}"),
    "api.invalid.at_most": N_("{field} must be at most {limit}"),
    "api.invalid.above": N_("{field} must be greater than {limit}"),
    "api.invalid.below": N_("{field} must be less than {limit}"),
    "api.invalid.longest": N_("{field} may hold at most {limit} characters"),
    "api.invalid.shortest": N_("{field} must hold at least {limit} characters"),
    "api.invalid.most_items": N_("{field} may hold at most {limit} items"),
    "api.invalid.fewest_items": N_("{field} must hold at least {limit} items"),
    "api.invalid.nul": N_("{field}: a NUL character is not allowed"),
    "api.invalid.json": N_("the request's body is not valid JSON"),
    "api.invalid.extra": N_("{field} is not a field of this request"),
    "api.invalid.the_body": N_("the request's body"),
    "api.invalid.int": N_("an integer"),
    "api.invalid.number": N_("a number"),
    "api.invalid.text": N_("text"),
    "api.invalid.bool": N_("true or false"),
    "api.invalid.date": N_("a date (YYYY-MM-DD)"),
    "api.invalid.list": N_("a list"),
    "api.invalid.object": N_("an object"),
    "api.invalid.uuid": N_("a UUID"),
}
