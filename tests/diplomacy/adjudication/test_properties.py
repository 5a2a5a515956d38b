"""Property: adjudicating a random legal position with random orders never raises, each unit
ends in exactly one place (on the board or dislodged), and the centre counts sum to 34
(issue 17, "Must show")."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from palmares.diplomacy.adjudication.board_map import standard_map
from palmares.diplomacy.adjudication.orders import Order, OrderKind, Unit, UnitType
from palmares.diplomacy.adjudication.phases import adjudicate
from palmares.diplomacy.adjudication.position import Position

GMAP = standard_map()
POWERS = tuple(GMAP.standard_homes())
PROVINCES = tuple(sorted(GMAP.provinces))
CENTRES = tuple(sorted(GMAP.supply_centres))


@st.composite
def positions_and_orders(draw: st.DrawFn) -> tuple[Position, tuple[Order, ...]]:
    chosen = draw(st.lists(st.sampled_from(PROVINCES), min_size=1, max_size=34, unique=True))
    units = []
    for p in chosen:
        power = draw(st.sampled_from(POWERS))
        options = [Unit(power, UnitType.FLEET, loc) for loc in GMAP.fleet_locations(p)]
        if GMAP.army_can_stand(p):
            options.append(Unit(power, UnitType.ARMY, p))
        units.append(draw(st.sampled_from(options)))
    owners = draw(st.lists(st.sampled_from(POWERS), min_size=34, max_size=34))
    centres = {
        pw: tuple(c for c, o in zip(CENTRES, owners, strict=True) if o == pw) for pw in POWERS
    }
    season = draw(st.sampled_from(["spring", "fall"]))
    position = Position(1901, season, "movement", tuple(units), centres, GMAP.standard_homes())
    orders = []
    for i, u in enumerate(units):
        kind = draw(
            st.sampled_from([OrderKind.HOLD, OrderKind.MOVE, OrderKind.SUPPORT, OrderKind.CONVOY])
        )
        target = draw(st.sampled_from(PROVINCES))
        subject = draw(st.sampled_from([province_of_unit(x) for x in units]))
        orders.append(
            Order(
                line=i + 1,
                text="",
                power=u.power,
                kind=kind,
                location=u.location,
                target=target if kind is not OrderKind.HOLD else None,
                subject=subject if kind in (OrderKind.SUPPORT, OrderKind.CONVOY) else None,
                via_convoy=draw(st.booleans())
                if kind is OrderKind.MOVE and u.type is UnitType.ARMY
                else False,
            )
        )
    return position, tuple(orders)


def province_of_unit(u: Unit) -> str:
    return u.location.split("/")[0]


@settings(max_examples=150, deadline=None)
@given(positions_and_orders(), st.sampled_from(["datc", "wdc-2007"]))
def test_random_phase_never_raises_and_keeps_every_unit(
    data: tuple[Position, tuple[Order, ...]], rules: str
) -> None:
    position, orders = data
    result = adjudicate(position, orders, GMAP, rules)
    after = result.next_position
    placed = [province_of_unit(u) for u in after.units]
    assert len(placed) == len(set(placed))  # one unit a province
    assert len(after.units) + len(after.dislodged) == len(position.units)
    before = sorted((u.power, u.type) for u in position.units)
    assert (
        sorted((u.power, u.type) for u in (*after.units, *(d.unit for d in after.dislodged)))
        == before
    )
    assert sum(len(c) for c in after.centres.values()) == 34
    for d in after.dislodged:
        assert province_of_unit(d.unit) in placed  # dislodged from a province someone took


@settings(max_examples=60, deadline=None)
@given(positions_and_orders(), st.randoms(use_true_random=False))
def test_a_whole_year_never_raises(data: tuple[Position, tuple[Order, ...]], rng: Any) -> None:
    """Movement, then random retreats, then random builds and removals: every phase keeps one
    unit a province and all 34 centres owned."""
    position, orders = data
    result = adjudicate(position, orders, GMAP, "datc")
    pos = result.next_position
    for _ in range(3):
        if pos.phase == "movement" and pos.season == "spring":
            break
        if pos.phase == "retreat":
            moves = []
            for i, d in enumerate(pos.dislodged):
                kind = rng.choice([OrderKind.RETREAT, OrderKind.DISBAND])
                moves.append(
                    Order(
                        i + 1,
                        "",
                        d.unit.power,
                        kind,
                        location=d.unit.location,
                        target=rng.choice(PROVINCES) if kind is OrderKind.RETREAT else None,
                    )
                )
            pos = adjudicate(pos, tuple(moves), GMAP).next_position
        elif pos.phase == "adjustment":
            adjust = []
            for i, power in enumerate(POWERS):
                kind = rng.choice([OrderKind.BUILD, OrderKind.REMOVE, OrderKind.WAIVE])
                place = rng.choice(CENTRES if kind is OrderKind.BUILD else PROVINCES)
                ut = rng.choice([UnitType.ARMY, UnitType.FLEET, None])
                adjust.append(Order(i + 1, "", power, kind, unit_type=ut, location=place))
            before = pos
            pos = adjudicate(pos, tuple(adjust), GMAP).next_position
            for power in POWERS:
                had = sum(1 for u in before.units if u.power == power)
                owns = len(before.centres.get(power, ()))
                has = sum(1 for u in pos.units if u.power == power)
                if had > owns:
                    assert has == owns  # removals, then civil disorder
                else:
                    assert had <= has <= owns
        else:
            pos = adjudicate(pos, (), GMAP).next_position
        placed = [province_of_unit(u) for u in pos.units]
        assert len(placed) == len(set(placed))
        assert sum(len(c) for c in pos.centres.values()) == 34
