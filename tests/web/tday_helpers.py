"""Shared steps of the tournament-day tests: a TD, a tournament of 21 players with a team and
a keep-apart pair, set up through the JSON API."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import Group, User
from django.test import Client

from palmares.web.accounts.roles import TOURNAMENT_DIRECTORS

PLAYERS = [f"Player {chr(65 + i)}" for i in range(21)]
TEAM = ["Player A", "Player B", "Player C"]
APART = ("Player D", "Player E")
CENTRES = [10, 8, 6, 5, 3, 2, 0]  # a board's centres, in the order of its powers


def director(name: str = "director") -> tuple[User, Client]:
    """A user in the tournament directors' group, logged in."""
    user = User.objects.create_user(name, password=f"{name}-password-2026")
    group, _ = Group.objects.get_or_create(name=TOURNAMENT_DIRECTORS)
    user.groups.add(group)
    client = Client()
    client.force_login(user)
    return user, client


def send(client: Client, method: str, url: str, body: Any = None) -> Any:
    """A JSON request; returns the response (``.json()`` for its body)."""
    call = getattr(client, method.lower())
    return call(
        url, data=json.dumps(body) if body is not None else None, content_type="application/json"
    )


def create(client: Client, **extra: Any) -> int:
    body = {
        "name": "Day Cup",
        "date": "2026-05-01",
        "rounds": 3,
        "scoring": "divide-and-conquer",
        "aggregation": "ante",
        "team_size": 3,
        **extra,
    }
    answer = send(client, "POST", "/api/tournaments", body)
    assert answer.status_code == 201, answer.content
    return int(answer.json()["id"])


def register(client: Client, tid: int) -> list[dict[str, Any]]:
    rows = [
        {"name": p, "nationality": "France", **({"team": "Trio"} if p in TEAM else {})}
        for p in PLAYERS
    ]
    answer = send(client, "POST", f"/api/tournaments/{tid}/players", rows)
    assert answer.status_code == 200, answer.content
    pair = [{"player_a": APART[0], "player_b": APART[1]}]
    assert send(client, "POST", f"/api/tournaments/{tid}/keep-apart", pair).status_code == 200
    return list(answer.json())


def result(seats: dict[str, str], shift: int = 0) -> dict[str, Any]:
    """A board's result: the centres of :data:`CENTRES` turned by ``shift`` over its powers,
    the power with none eliminated in 1905, the game ended in 1907."""
    powers = list(seats)
    counts = CENTRES[-shift:] + CENTRES[:-shift] if shift else CENTRES
    centres = dict(zip(powers, counts, strict=True))
    out = [p for p, n in centres.items() if n == 0]
    return {"centres": centres, "eliminated": dict.fromkeys(out, 1905), "final_year": 1907}
