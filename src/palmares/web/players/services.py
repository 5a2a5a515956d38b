"""Finding or creating players in bulk (by external id, else by accent-free name)."""

from __future__ import annotations

from collections.abc import Iterable

from palmares.web.lib.bulk import insert_raw, new_ids, new_rows
from palmares.web.lib.names import name_key
from palmares.web.players.models import Player

__all__ = ["resolve_player_ids", "resolve_players"]

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
        for p in Player.objects.filter(external_id__in=ids[i : i + CHUNK]).exclude(external_id=""):
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


#: From this many players asked on, :func:`resolve_player_ids` reads every stored player at
#: once when they are asked for a quarter of the table or more (one query, not one per chunk).
READ_ALL_FROM = 2_000


def resolve_player_ids(people: Iterable[tuple[str, str, str]]) -> dict[tuple[str, str], int]:
    """:func:`resolve_players` for a whole file's players, giving their ids: the same players
    found, updated or created, with no model object per player (the stored ones are read as
    plain rows; the new ones are written with ids of their own, ``lib.bulk.new_ids``, in one
    ``insert_raw``). Call inside a transaction."""
    wanted: dict[tuple[str, str], tuple[str, str]] = {}
    for name, external_id, nationality in people:
        wanted[(external_id, name_key(name))] = (name, nationality)
    by_id: dict[str, tuple[int, str]] = {}
    by_key: dict[str, tuple[int, str]] = {}
    ids = sorted({ext for ext, _ in wanted if ext})
    keys = sorted({key for ext, key in wanted if not ext})
    fields = ("id", "external_id", "key", "nationality")
    asked = len(ids) + len(keys)
    if asked >= READ_ALL_FROM and asked * 4 > Player.objects.count():
        # Most of the table (a federation's whole history; the first import): read at once.
        wanted_ids, wanted_keys = set(ids), set(keys)
        every = Player.objects.order_by("id").values_list(*fields)
        for pk, ext, key, nat in every.iterator(chunk_size=10_000):
            if ext in wanted_ids:
                by_id[ext] = (pk, nat)
            if key in wanted_keys:
                by_key.setdefault(key, (pk, nat))
    else:
        for i in range(0, len(ids), CHUNK):
            # (``exclude``: the condition of the partial unique index, which SQLite then uses
            # rather than reading every player)
            found_ids = Player.objects.filter(external_id__in=ids[i : i + CHUNK]).exclude(
                external_id=""
            )
            for pk, ext, _, nat in found_ids.values_list(*fields):
                by_id[ext] = (pk, nat)
        for i in range(0, len(keys), CHUNK):
            found_keys = Player.objects.filter(key__in=keys[i : i + CHUNK]).order_by("id")
            for pk, _, key, nat in found_keys.values_list(*fields):
                by_key.setdefault(key, (pk, nat))
    # New players by their (external id or key), as [name, key, external id, nationality];
    # a later row of the same player only changes the nationality, as with the stored ones.
    new: dict[str, list[str]] = {}
    wants: dict[tuple[str, str], int | str] = {}  # an id, or the new player's ext or key
    changed: dict[int, str] = {}
    for (ext, key), (name, nationality) in wanted.items():
        at = ("i" if ext else "k") + (ext or key)
        known = by_id.get(ext) if ext else by_key.get(key)
        if known is None:
            if at in new:
                new[at][3] = nationality or new[at][3]
            else:
                new[at] = [name, key, ext, nationality]
            wants[(ext, key)] = at
            continue
        pk, stored = known
        if nationality and stored != nationality:
            changed[pk] = nationality
            (by_id if ext else by_key)[ext or key] = (pk, nationality)
        wants[(ext, key)] = pk
    fresh = dict(zip(new, new_ids(Player, len(new)), strict=True))
    with new_rows(Player, len(new)):
        insert_raw(
            Player,
            ("id", "name", "key", "external_id", "nationality"),
            ((fresh[at], *row) for at, row in new.items()),
        )
    by_nationality: dict[str, list[int]] = {}
    for pk, nationality in changed.items():
        by_nationality.setdefault(nationality, []).append(pk)
    for nationality, pks in by_nationality.items():
        for i in range(0, len(pks), CHUNK):
            Player.objects.filter(pk__in=pks[i : i + CHUNK]).update(nationality=nationality)
    return {w: fresh[v] if isinstance(v, str) else v for w, v in wants.items()}
