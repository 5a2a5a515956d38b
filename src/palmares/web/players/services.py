"""Finding or creating players in bulk (by external id, else by accent-free name)."""

from __future__ import annotations

from collections.abc import Iterable

from palmares.web.lib.names import name_key
from palmares.web.players.models import Player

__all__ = ["resolve_players"]

CHUNK = 500


def resolve_players(people: Iterable[tuple[str, str, str]]) -> dict[tuple[str, str], Player]:
    """Map ``(external_id, key)`` to a saved player for each ``(name, external_id, nationality)``.

    Call inside a transaction. A known player's nationality is updated when a file gives one.
    """
    wanted: dict[tuple[str, str], tuple[str, str]] = {}
    for name, external_id, nationality in people:
        wanted[(external_id, name_key(name))] = (name, nationality)
    by_id: dict[str, Player] = {}
    by_key: dict[str, Player] = {}
    ids = sorted({ext for ext, _ in wanted if ext})
    keys = sorted({key for ext, key in wanted if not ext})
    for i in range(0, len(ids), CHUNK):
        for p in Player.objects.filter(external_id__in=ids[i : i + CHUNK]):
            by_id[p.external_id] = p
    for i in range(0, len(keys), CHUNK):
        for p in Player.objects.filter(key__in=keys[i : i + CHUNK]).order_by("id"):
            by_key.setdefault(p.key, p)
    found: dict[tuple[str, str], Player] = {}
    new: list[Player] = []
    changed: list[Player] = []
    for (ext, key), (name, nationality) in wanted.items():
        player = by_id.get(ext) if ext else by_key.get(key)
        if player is None:
            player = Player(name=name, key=key, external_id=ext, nationality=nationality)
            new.append(player)
            if ext:
                by_id[ext] = player
            else:
                by_key[key] = player
        elif nationality and player.nationality != nationality:
            player.nationality = nationality
            changed.append(player)
        found[(ext, key)] = player
    Player.objects.bulk_create(new, batch_size=CHUNK)
    Player.objects.bulk_update(changed, ["nationality"], batch_size=CHUNK)
    return found
