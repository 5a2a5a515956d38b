"""The tournament's own steps in the day: registration changes that touch the rounds, the top
board's invitations, and the close (issue 32; seed 002, "Top Board", "Board Assignments").

- A withdrawal or a later arrival is refused while the player is seated in a call or played a
  result of a round they would no longer be expected in; their place in the roll calls of
  rounds not called yet is dropped.
- A keep-apart pair, or a player joining a team, is refused while a board not played yet
  seats them with their partner or a team-mate (swap first).
- The top board's seven are the engine's (``diplomacy.top_board.invite``); every write that can
  move them (a result, a correction, a ruling, a decline, a withdrawal) passes the new seven to
  :func:`invite`: the final round's draft call is dropped if it seated the others, and a
  published one refuses the change — so the top board played always agrees with its
  invitations, and closing is always possible.
- Closing is refused while a round is half played (enter its last results, or remove the
  round's results); a round called but never played is not counted. After close nothing
  changes.
"""

from __future__ import annotations

from dataclasses import replace

from palmares.core.message import Message
from palmares.diplomacy.lifecycle.guards import open_day, registered
from palmares.diplomacy.lifecycle.refusal import Change, bad, conflict
from palmares.diplomacy.lifecycle.rollcall import drop_from_rolls
from palmares.diplomacy.lifecycle.state import CallStatus, Day, Registered

__all__ = [
    "add_keep_apart",
    "close",
    "invite",
    "join_team",
    "keep_rounds",
    "register",
    "set_attendance",
]


def register(day: Day, players: tuple[Registered, ...]) -> Change:
    """New registrations (a player registered already keeps their entry). A tournament
    recorded from its boards file, whose rounds have results and no call, takes none: a
    registration would make it a tournament run here, whose every result needs its call."""
    open_day(day)
    known = {r.player for r in day.registered}
    new = tuple(p for p in players if p.player not in known)
    if not new:
        return Change(day)
    if day.recorded and any(rnd.results for rnd in day.played):
        raise conflict(Message.of("lifecycle.recorded_takes_no_registration"))
    said = (Message.of("lifecycle.registered", players=tuple(p.player for p in new)),)
    return Change(replace(day, registered=(*day.registered, *new)), said)


def set_attendance(day: Day, player: str, arrives: int, withdrawn_after: int | None) -> Change:
    """``player`` plays from round ``arrives`` until ``withdrawn_after`` (``None``: still)."""
    open_day(day)
    registered(day, player, "player")
    entry = day.entry(player)
    assert entry is not None
    after = replace(entry, arrives=arrives, withdrawn_after=withdrawn_after)
    if after == entry:
        return Change(day)
    for rnd in day.played:
        if after.plays_in(rnd.number):
            continue
        if rnd.call is not None and rnd.call.count(player):
            board = rnd.call.places_of(player)[0].board
            raise conflict(
                Message.of("lifecycle.seated_then", player=player, round=rnd.number, board=board),
                "withdrawn_after",
            )
        if any(player in r.players() for r in rnd.results):
            raise conflict(
                Message.of("lifecycle.played_then", player=player, round=rnd.number),
                "withdrawn_after",
            )
    entries = tuple(after if r.player == player else r for r in day.registered)
    moved = drop_from_rolls(replace(day, registered=entries), player)
    said = (
        Message.of("lifecycle.arrives", player=player, round=arrives)
        if withdrawn_after is None
        else Message.of("lifecycle.withdrawn", player=player, round=withdrawn_after),
    )
    return Change(moved, said)


def _together(day: Day, a: str, b: str) -> tuple[int, str] | None:
    """A board not played yet that seats ``a`` and ``b`` together (round, board)."""
    for number, place in day.iter_places():
        if place.player != a:
            continue
        rnd = day.round(number)
        if rnd.result(place.board) is not None:
            continue
        assert rnd.call is not None
        if b in rnd.call.board(place.board).values():
            return number, place.board
    return None


def add_keep_apart(day: Day, pairs: tuple[tuple[str, str], ...]) -> Change:
    """Keep each pair apart from now on (seed 002, "Board Assignments")."""
    open_day(day)
    new: list[tuple[str, str]] = []
    for i, (a, b) in enumerate(pairs):
        registered(day, a, f"{i}.player_a")
        registered(day, b, f"{i}.player_b")
        if a == b:
            raise bad(Message.of("site.paired_self", player=a), f"{i}.player_b")
        pair = (a, b) if a < b else (b, a)
        if pair in day.keep_apart or pair in new:
            continue
        found = _together(day, a, b)
        if found is not None:
            raise conflict(
                Message.of("lifecycle.together", a=a, b=b, round=found[0], board=found[1]),
                f"{i}.player_b",
            )
        new.append(pair)
    if not new:
        return Change(day)
    said = tuple(Message.of("lifecycle.kept_apart_now", a=a, b=b) for a, b in new)
    return Change(replace(day, keep_apart=(*day.keep_apart, *new)), said)  # kept in order


def join_team(day: Day, player: str, team: str) -> Change:
    """``player`` plays for ``team`` (seed 002, "Team Tournament": team-mates never share a
    board)."""
    open_day(day)
    registered(day, player, "team")
    entry = day.entry(player)
    assert entry is not None
    if entry.team == team:
        return Change(day)
    for other in day.registered:
        if other.team == team and other.player != player:
            found = _together(day, player, other.player)
            if found is not None:
                raise conflict(
                    Message.of(
                        "lifecycle.together",
                        a=player,
                        b=other.player,
                        round=found[0],
                        board=found[1],
                    ),
                    "team",
                )
    entries = tuple(replace(r, team=team) if r.player == player else r for r in day.registered)
    said = (Message.of("lifecycle.joined", player=player, team=team),)
    return Change(replace(day, registered=entries), said)


def keep_rounds(day: Day) -> Change:
    """A write of the tournament's own records that leaves every round as it is (a top-board
    decline, a score ruling): refused after close like every other; the invitations it may
    move are passed to :func:`invite` next."""
    open_day(day)
    return Change(day)


def invite(day: Day, invited: tuple[str, ...] | None) -> Change:
    """The top board's seven become ``invited`` (after a write that may move them)."""
    top = day.top_board
    if top is None or top.invited == invited:
        return Change(day)
    open_day(day)
    final = day.round(top.final_round)
    call = final.call
    before = set(top.invited or ())
    after = set(invited or ())
    ins, outs = tuple(sorted(after - before)), tuple(sorted(before - after))
    if call is not None and call.status is not CallStatus.DRAFT:
        raise conflict(
            Message.of("lifecycle.top_board_moved", round=top.final_round, ins=ins, outs=outs)
        )
    said: list[Message] = []
    if before or after:
        said.append(Message.of("lifecycle.invitations", ins=ins, outs=outs))
    rnd = final
    if (
        call is not None
        and call.top_board is not None
        and set(call.board(call.top_board).values()) != after
    ):
        rnd = replace(rnd, call=None)
        said.append(Message.of("lifecycle.draft_dropped", round=top.final_round))
    if rnd.roll is not None and invited:
        roll = dict(rnd.roll)
        for player in invited:
            if roll.get(player, 0) not in (None, 1):
                roll[player] = 1
                said.append(Message.of("lifecycle.invitee_present", player=player))
        rnd = replace(rnd, roll=tuple(sorted(roll.items())))
    moved = replace(day, top_board=replace(top, invited=invited))
    return Change(moved.with_round(rnd) if rnd != final else moved, tuple(said))


def close(day: Day) -> Change:
    """The tournament closes: refused while a round is half played or nothing was played."""
    open_day(day)
    if not day.rounds_with_results():
        raise conflict(Message.of("lifecycle.nothing_played"))
    said: list[Message] = []
    for rnd in day.played:
        if rnd.call is None or not rnd.results:
            if rnd.call is not None and rnd.call.published:
                said.append(Message.of("lifecycle.not_played", round=rnd.number))
            continue
        missing = tuple(sorted(set(rnd.call.labels()) - rnd.labels_with_results()))
        if missing:
            raise conflict(
                Message.of("lifecycle.round_unfinished", round=rnd.number, boards=missing)
            )
    said.insert(0, Message.of("lifecycle.closed_now"))
    return Change(replace(day, closed=True), tuple(said))
