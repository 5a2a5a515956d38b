"""An order's ruling (diplomacy.adjudication, DATC v3.0 and seed 002 'Order Writing and Format'):
each reason's English sentence, its French in the catalogue (issue 19); a game's record and its
replay (diplomacy.adjudication.record and .replay, issue 34)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["ORDERS"]

ORDERS: dict[str, str] = {
    "order.fleet_land": N_("a fleet cannot move to a land province"),
    "order.fleet_reach": N_("a fleet at {at} cannot reach {to}"),
    "order.coast": N_("the coast must be named: the fleet could go to {options}"),
    "order.no_unit_in": N_("there is no unit in {where}"),
    "order.not_yours": N_("the unit in {where} belongs to {owner}, not {power}"),
    "order.is_army": N_("the unit in {where} is an army"),
    "order.is_fleet": N_("the unit in {where} is a fleet"),
    "order.not_in_movement": N_("a {kind} order is not given in a movement phase"),
    "order.waive_phase": N_("a waive is given only in an adjustment phase"),
    "order.own_province": N_("a unit cannot move to its own province"),
    "order.army_convoyed": N_("only an army can be convoyed"),
    "order.army_sea": N_("an army cannot move to a sea province"),
    "order.not_adjacent": N_("{here} is not adjacent to {to}"),
    "order.no_fleets": N_("no fleets could convoy {unit} to {to} (DATC 6.D.32)"),
    "order.itself": N_("a unit cannot {kind} itself"),
    "order.support_own": N_("a unit cannot support a move to its own province"),
    "order.cannot_support": N_("{unit} cannot support into {to}: it could not move there"),
    "order.supported_impossible": N_("the supported move to {to} is impossible (DATC 6.D.31)"),
    "order.fleet_convoys": N_("only a fleet can convoy"),
    "order.convoy_sea": N_("a fleet can convoy only from a sea province"),
    "order.coast_to_coast": N_("an army is convoyed only from a coast to a coast"),
    "order.not_needed": N_("no convoy route from {a} to {b} needs {unit}"),
    "order.either": N_("{a} or {b}"),
    "order.dislodged_by": N_("dislodged by {unit}"),
    "order.then": N_("; {what}"),
    "order.moves": N_("moves to {to} (attack {attack})"),
    "order.moves_convoyed": N_("moves by convoy to {to} (attack {attack})"),
    "order.moves_by_land": N_(
        "moves to {to} by land: no fleet was ordered to convoy it (attack {attack})"
    ),
    "order.no_route": N_("no convoy route"),
    "order.paradox": N_("convoy paradox (Szykman rule)"),
    "order.fails": N_("fails: {why}{then}"),
    "order.head_to_head": N_("head-to-head with {unit}: attack {attack} against defend {defend}"),
    "order.own_power": N_("cannot dislodge {unit}, a unit of its own power"),
    "order.against_hold": N_("attack {attack} against hold {hold} of {at}"),
    "order.bounced_with": N_("bounced with {unit}: attack {attack} against prevent {prevent}"),
    "order.bounced": N_("bounced"),
    "order.support_move_unmatched": N_(
        "no effect: the supported unit in {at} was not ordered to move to {to}"
    ),
    "order.support_hold_unmatched": N_(
        "no effect: the supported unit in {at} was not ordered to hold"
    ),
    "order.cut": N_("cut by {unit}{then}"),
    "order.supports": N_("support given to {at}"),
    "order.convoy_unmatched": N_("no effect: the army in {at} was not ordered to {to}"),
    "order.disrupted": N_("convoy disrupted: {by}"),
    "order.paradox_stays": N_("convoy paradox (Szykman rule): the army does not move"),
    "order.convoys": N_("convoys"),
    "order.holds": N_("holds"),
    "order.second": N_("a second order for the same unit"),
    "order.invalid": N_("invalid: {why}{then}"),
    "order.then_holds": N_("; the unit holds"),
    "order.then_holds_as": N_("; the unit holds ({fate})"),
    "order.nmr": N_("no order (NMR): holds"),
    "order.nmr_then": N_("no order (NMR): holds; {fate}"),
    "order.retreat_sea": N_("an army cannot retreat to a sea province"),
    "order.retreat_adjacent": N_("{here} is not adjacent to {to} (no convoy in a retreat)"),
    "order.occupied": N_("{at} is occupied"),
    "order.attacker_from": N_(
        "a unit cannot retreat to the province its attacker came from ({at})"
    ),
    "order.standoff": N_("{at} was left empty by a standoff"),
    "order.no_dislodged": N_("there is no dislodged unit in {at}"),
    "order.belongs": N_("the unit in {at} belongs to {owner}"),
    "order.dislodged_is": N_("the dislodged unit in {at} is {unit}"),
    "order.not_in_retreat": N_("a {kind} order is not given in a retreat phase"),
    "order.then_disbanded": N_("; the unit is disbanded"),
    "order.disbanded": N_("disbanded"),
    "order.retreat_bounced": N_("bounced with {units} in {at}: disbanded"),
    "order.retreats": N_("retreats to {to}"),
    "order.no_retreat": N_("no order: disbanded"),
    "order.not_owned": N_("{power} does not own {at}"),
    "order.not_home": N_("{at} is not a home centre of {power}"),
    "order.build_type": N_("waived: a build in a coastal province must say Fleet or Army"),
    "order.built": N_("built"),
    "order.fleet_inland": N_("a fleet cannot be built in a land province ({at})"),
    "order.build_coast": N_("a fleet built in {at} needs its coast"),
    "order.no_build": N_("{power} has no build"),
    "order.build_only": N_("{power} may build only {n}"),
    "order.waived": N_("build waived"),
    "order.none_to_remove": N_("{power} has no unit to remove"),
    "order.no_unit_of": N_("{power} has no unit in {at}"),
    "order.unit_is": N_("the unit in {at} is {unit}"),
    "order.removed_already": N_("{unit} is already removed"),
    "order.remove_only": N_("{power} must remove only {n}"),
    "order.removed": N_("removed"),
    "order.not_in_adjustment": N_("a {kind} order is not given in an adjustment phase"),
    "order.civil_disorder": N_("civil disorder: removed (distance {far} from an owned centre)"),
    "order.civil_disorder_home": N_("civil disorder: removed (distance {far} from a home centre)"),
    "order.no_province": N_("a province is missing"),
    "order.ambiguous": N_(
        "'{token}' could mean several provinces ({provinces}) — an order with several "
        "reasonable meanings is invalid"
    ),
    "order.unknown_province": N_("unknown province '{token}'"),
    "order.unreadable": N_("cannot read '{rest}'"),
    "order.via_convoy": N_("expected 'via convoy'"),
    "order.convoy_destination": N_("a convoy needs the army's destination"),
    # diplomacy.adjudication.record: game.json (issue 34)
    "record.object": N_("expected a JSON object with a list of 'phases'"),
    "record.text": N_("expected a text"),
    "record.phases": N_("expected a non-empty list of phases"),
    "record.phase_object": N_("expected a JSON object with 'orders' and 'next_position'"),
    "record.unknown_key": N_("unknown key {key} (known: {keys})"),
    "record.first_position": N_("the first phase needs its 'position'"),
    "record.missing": N_("{key} is missing"),
    "record.orders": N_("expected the orders as a text or a list of lines"),
    # diplomacy.adjudication.replay (cli diplomacy replay)
    "replay.when": N_("{season} {year}, {phase}"),
    "replay.before": N_(
        "{what} before the phase (the adjudication column: after phase {previous})"
    ),
    "replay.differences": N_("Where the record and the adjudication differ"),
    "replay.orders": N_("The orders involved"),
    "replay.clean": N_(
        "{phases} phases replayed under {rules}: every phase agrees with the record"
    ),
    "replay.differ": N_(
        "{phases} phases replayed under {rules}; phases that differ from the record: {differ}"
    ),
}
