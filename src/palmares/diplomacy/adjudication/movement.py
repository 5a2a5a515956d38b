"""The movement phase: which moves succeed, which supports are cut, who is dislodged.

The algorithm is the one L. B. Kruijswijk describes with the DATC ("The Math of Adjudication"):
every order is a decision (a move succeeds; a support is not cut; a convoying fleet is not
dislodged), decided from the strengths the DATC defines — *attack*, *hold*, *defend* and
*prevent* strength — by a recursive resolver. When a decision depends on itself, the resolver
guesses it false, then true: if only one guess is consistent, that is the answer; if both are
(a circular movement, DATC 6.C.1–6.C.3) all moves of the cycle succeed; if neither is (a convoy
paradox, DATC 6.F.14 onwards) the *Szykman rule*, the DATC's preference, applies: the convoyed
armies of the cycle fail to move and have no effect (DATC 4.A.2).

An army moving to an adjacent province goes by convoy when ordered ``via convoy`` or when a fleet
of its own power is ordered to convoy it (the 2000/2023 rulebooks, the DATC's preference, DATC
4.A.3, 6.G.1–6.G.7). ``via convoy`` when no fleets are ordered to convoy the army along any
route — the convoy is missing — is read by the rule set:

- ``datc``: the move fails, without falling back on the land route (DATC v3.0 6.G.8: "I don't
  prefer fallback anymore").
- ``wdc-2007``: the army moves by land (DATC v2.4's preference for 6.G.8). Seed 002, "Order
  Writing and Format": "A legal and unambiguous order should always be executed." The order
  names one unit and one destination it can reach by land: it has one reasonable meaning and
  it is legal, and "via convoy" with no fleet to convoy is a route that cannot be taken, as
  superfluous as the unit type or a coast the seed disregards. Where fleets *are* ordered to
  convoy it and are dislodged, the army was convoyed and the convoy failed: it does not fall
  back (DATC 6.G.20), under either rule set.
"""

from __future__ import annotations

from dataclasses import dataclass

from palmares.core.message import Message
from palmares.diplomacy.adjudication.board_map import GameMap, province_of
from palmares.diplomacy.adjudication.orders import OrderKind
from palmares.diplomacy.adjudication.rulings import Ruled

__all__ = ["MovementResult", "resolve_movement"]

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class MovementResult:
    """Per unit province: whether its order succeeds and why; the dislodged units with the
    province of their attacker (``None`` when it came by convoy) and the bounce provinces."""

    succeeds: dict[str, bool]
    reasons: dict[str, Message]
    dislodged: dict[str, tuple[str, bool]]
    standoffs: frozenset[str]


class _Resolver:
    def __init__(self, ruled: dict[str, Ruled], gmap: GameMap, rules: str = "datc") -> None:
        self.gmap = gmap
        self.fallback = rules == "wdc-2007"
        self.by_land: set[str] = set()  # "via convoy" with the convoy missing, moved by land
        self.r = ruled  # province -> ruled order (a valid one; invalid ones are holds)
        self.unit = {p: x.unit for p, x in ruled.items() if x.unit is not None}
        self.state: dict[str, int] = dict.fromkeys(ruled, _UNRESOLVED)
        self.result: dict[str, bool] = dict.fromkeys(ruled, False)
        self.deps: list[str] = []
        self.szykman: set[str] = set()
        self.moves_to: dict[str, list[str]] = {}
        self.supports_of: dict[str, list[str]] = {}
        self.convoys_of: dict[str, list[str]] = {}
        for p, x in ruled.items():
            if x.kind is OrderKind.MOVE:
                self.moves_to.setdefault(province_of(x.target or ""), []).append(p)
        for p, x in ruled.items():
            if x.kind is OrderKind.SUPPORT and self._support_matches(x):
                self.supports_of.setdefault(x.subject or "", []).append(p)
            if x.kind is OrderKind.CONVOY and self._convoy_matches(x):
                self.convoys_of.setdefault(x.subject or "", []).append(p)
        self.by_convoy = {p: self._uses_convoy(p) for p, x in ruled.items() if self.is_move(p)}

    # ---- static facts --------------------------------------------------------------------
    def is_move(self, p: str) -> bool:
        return self.r[p].kind is OrderKind.MOVE

    def _support_matches(self, s: Ruled) -> bool:
        subject = self.r.get(s.subject or "")
        if subject is None:
            return False
        if s.target is None:
            return subject.kind is not OrderKind.MOVE
        if subject.kind is not OrderKind.MOVE or province_of(subject.target or "") != s.target:
            return False
        return s.target_coast is None or subject.target == f"{s.target}/{s.target_coast}"

    def _convoy_matches(self, c: Ruled) -> bool:
        army = self.r.get(c.subject or "")
        if army is None or army.unit is None or army.unit.type.value != "A":
            return False
        return army.kind is OrderKind.MOVE and army.target == c.target

    def _uses_convoy(self, p: str) -> bool:
        x = self.r[p]
        unit = self.unit[p]
        if unit.type.value != "A":
            return False
        if not self.gmap.army_adjacent(p, x.target or ""):
            return True
        if x.via_convoy:
            if self.fallback and not self.route(p, self.convoys_of.get(p, [])):
                self.by_land.add(p)
                return False
            return True
        return any(self.unit[c].power == unit.power for c in self.convoys_of.get(p, []))

    def _sea_touches(self, sea: str, province: str) -> bool:
        return any(
            province_of(n) == province for n in self.gmap.fleet_neighbours.get(sea, frozenset())
        )

    # ---- the convoy route ----------------------------------------------------------------
    def path(self, p: str) -> bool:
        """Whether the army at ``p`` has a route of convoying fleets that are not dislodged."""
        if p in self.szykman:
            return False
        return self.route(p, [c for c in self.convoys_of.get(p, []) if self.resolve(c)])

    def route(self, p: str, fleets: list[str]) -> bool:
        """Whether ``fleets`` form a chain from the army at ``p`` to its destination."""
        dest = province_of(self.r[p].target or "")
        frontier = [f for f in fleets if self._sea_touches(f, p)]
        seen = set(frontier)
        while frontier:
            f = frontier.pop()
            if self._sea_touches(f, dest):
                return True
            for g in fleets:
                if g not in seen and self.gmap.fleet_adjacent(f, g):
                    seen.add(g)
                    frontier.append(g)
        return False

    def route_ok(self, p: str) -> bool:
        return not self.by_convoy[p] or self.path(p)

    # ---- strengths (DATC "The Math of Adjudication") --------------------------------------
    def head_to_head(self, p: str) -> str | None:
        """The unit moving the opposite way over the same border, if any (no convoy either)."""
        dest = province_of(self.r[p].target or "")
        if dest not in self.r or not self.is_move(dest) or self.by_convoy[p]:
            return None
        if province_of(self.r[dest].target or "") == p and not self.by_convoy[dest]:
            return dest
        return None

    def support_count(self, p: str, exclude_power: str | None = None) -> int:
        return sum(
            1
            for s in self.supports_of.get(p, [])
            if self.unit[s].power != exclude_power and self.resolve(s)
        )

    def attack(self, p: str) -> int:
        if not self.route_ok(p):
            return 0
        dest = province_of(self.r[p].target or "")
        other = self.unit.get(dest)
        if other is None or (
            self.is_move(dest) and self.head_to_head(p) is None and self.resolve(dest)
        ):
            return 1 + self.support_count(p)
        if other.power == self.unit[p].power:
            return 0
        return 1 + self.support_count(p, other.power)

    def hold(self, province: str) -> int:
        if province not in self.unit:
            return 0
        if self.is_move(province):
            return 0 if self.resolve(province) else 1
        return 1 + self.support_count(province)

    def defend(self, p: str) -> int:
        return 1 + self.support_count(p)

    def prevent(self, q: str) -> int:
        if not self.route_ok(q):
            return 0
        opp = self.head_to_head(q)
        if opp is not None and self.resolve(opp):
            return 0
        return 1 + self.support_count(q)

    # ---- decisions -----------------------------------------------------------------------
    def adjudicate(self, p: str) -> bool:
        x = self.r[p]
        if x.kind is OrderKind.MOVE:
            return self.move_succeeds(p)
        if x.kind is OrderKind.SUPPORT:
            return self.cutter(p) is None
        return not any(self.resolve(q) for q in self.moves_to.get(p, []))

    def move_succeeds(self, p: str) -> bool:
        if not self.route_ok(p):
            return False
        dest = province_of(self.r[p].target or "")
        a = self.attack(p)
        opp = self.head_to_head(p)
        if a <= (self.defend(opp) if opp is not None else self.hold(dest)):
            return False
        return all(a > self.prevent(q) for q in self.moves_to.get(dest, []) if q != p)

    def cutter(self, s: str) -> str | None:
        """The unit that cuts the support at ``s``, if any."""
        x = self.r[s]
        toward = x.target if x.target is not None else x.subject
        for q in self.moves_to.get(s, []):
            if self.unit[q].power == self.unit[s].power:
                continue
            if self.by_convoy[q] and not self.path(q):
                continue
            if q == toward:
                if self.resolve(q):
                    return q
                continue
            return q
        return None

    def resolve(self, p: str) -> bool:
        st = self.state[p]
        if st == _RESOLVED:
            return self.result[p]
        if st == _GUESSING:
            # Recorded on every use, so that any decision taken on a guess knows it.
            self.deps.append(p)
            return self.result[p]
        old = len(self.deps)
        self.result[p], self.state[p] = False, _GUESSING
        first = self.adjudicate(p)
        if len(self.deps) == old:
            if self.state[p] != _RESOLVED:
                self.result[p], self.state[p] = first, _RESOLVED
            return first
        if self.deps[old] != p:
            self.deps.append(p)
            self.result[p] = first
            return first
        for q in self.deps[old:]:
            self.state[q] = _UNRESOLVED
        del self.deps[old:]
        self.result[p], self.state[p] = True, _GUESSING
        second = self.adjudicate(p)
        if first == second:
            for q in self.deps[old:]:
                self.state[q] = _UNRESOLVED
            del self.deps[old:]
            self.result[p], self.state[p] = first, _RESOLVED
            return first
        self.backup_rule(old)
        return self.resolve(p)

    def backup_rule(self, old: int) -> None:
        cycle = self.deps[old:]
        del self.deps[old:]
        convoyed = [q for q in cycle if self.r[q].kind is OrderKind.CONVOY]
        if convoyed:
            # Szykman: the convoyed armies of the paradox fail and have no effect.
            for c in convoyed:
                self.szykman.add(self.r[c].subject or "")
            for q in cycle:
                self.state[q] = _UNRESOLVED
            return
        for q in cycle:  # circular movement: every move of the cycle succeeds
            if self.is_move(q):
                self.result[q], self.state[q] = True, _RESOLVED
            else:
                self.state[q] = _UNRESOLVED


def resolve_movement(ruled: dict[str, Ruled], gmap: GameMap, rules: str = "datc") -> MovementResult:
    """Adjudicate a movement phase. ``ruled``: one entry per unit (by province), invalid
    orders already turned into holds (seed 002: "units given an invalid order shall be treated
    as though they received Hold orders"); ``rules`` decides a ``via convoy`` whose convoy is
    missing."""
    r = _Resolver(ruled, gmap, rules)
    for p in ruled:
        r.resolve(p)
    succeeds: dict[str, bool] = {}
    reasons: dict[str, Message] = {}
    dislodged: dict[str, tuple[str, bool]] = {}
    for p in ruled:
        moved = r.is_move(p) and r.result[p]
        if not moved:
            winners = [q for q in r.moves_to.get(p, []) if r.result[q]]
            if winners:
                dislodged[p] = (winners[0], r.by_convoy[winners[0]])
    for p, x in ruled.items():
        succeeds[p], reasons[p] = _explain(r, p, x, dislodged)
    standoffs = set()
    for dest, movers in r.moves_to.items():
        occupied_after = any(r.result[q] for q in movers) or (
            dest in r.unit and not (r.is_move(dest) and r.result[dest])
        )
        # A standoff needs a move that could bounce: not one whose convoy failed, nor one that
        # lost a head-to-head battle (DATC 6.H.9).
        if not occupied_after and any(r.prevent(q) > 0 for q in movers):
            standoffs.add(dest)
    return MovementResult(succeeds, reasons, dislodged, frozenset(standoffs))


def _name(r: _Resolver, p: str) -> str:
    return str(r.unit[p])


def _explain(
    r: _Resolver, p: str, x: Ruled, dislodged: dict[str, tuple[str, bool]]
) -> tuple[bool, Message]:
    by = (
        Message.of("order.dislodged_by", unit=_name(r, dislodged[p][0])) if p in dislodged else None
    )
    then: Message | str = Message.of("order.then", what=by) if by else ""
    if x.kind is OrderKind.MOVE:
        dest = province_of(x.target or "")
        if r.result[p] and p in r.by_land:
            return True, Message.of(
                "order.moves_by_land", to=(x.target or "").upper(), attack=r.attack(p)
            )
        if r.result[p]:
            return True, Message.of(
                "order.moves_convoyed" if r.by_convoy[p] else "order.moves",
                to=(x.target or "").upper(),
                attack=r.attack(p),
            )
        if not r.route_ok(p):
            why = Message.of("order.no_route" if p not in r.szykman else "order.paradox")
            return False, Message.of("order.fails", why=why, then=then)
        a = r.attack(p)
        opp = r.head_to_head(p)
        parts: list[Message] = []
        if opp is not None and a <= r.defend(opp):
            parts.append(
                Message.of("order.head_to_head", unit=_name(r, opp), attack=a, defend=r.defend(opp))
            )
        elif opp is None and a <= r.hold(dest):
            other = r.unit.get(dest)
            if other is not None and other.power == r.unit[p].power and a == 0:
                parts.append(Message.of("order.own_power", unit=str(other)))
            else:
                parts.append(
                    Message.of("order.against_hold", attack=a, hold=r.hold(dest), at=dest.upper())
                )
        for q in r.moves_to.get(dest, []):
            if q != p and a <= r.prevent(q):
                parts.append(
                    Message.of(
                        "order.bounced_with", unit=_name(r, q), attack=a, prevent=r.prevent(q)
                    )
                )
        why = Message.of("semicolons", items=tuple(parts)) if parts else Message.of("order.bounced")
        return False, Message.of("order.fails", why=why, then=then)
    if x.kind is OrderKind.SUPPORT:
        if not r._support_matches(x):
            at = (x.subject or "").upper()
            if x.target:
                return False, Message.of("order.support_move_unmatched", at=at, to=x.target.upper())
            return False, Message.of("order.support_hold_unmatched", at=at)
        c = r.cutter(p)
        if c is not None:
            return False, Message.of("order.cut", unit=_name(r, c), then=then)
        return True, Message.of("order.supports", at=(x.subject or "").upper())
    if x.kind is OrderKind.CONVOY:
        if not r._convoy_matches(x):
            return False, Message.of(
                "order.convoy_unmatched", at=(x.subject or "").upper(), to=(x.target or "").upper()
            )
        if by:
            return False, Message.of("order.disrupted", by=by)
        if (x.subject or "") in r.szykman:
            return False, Message.of("order.paradox_stays")
        return True, Message.of("order.convoys")
    if by:
        return False, by
    return True, Message.of("order.holds")
