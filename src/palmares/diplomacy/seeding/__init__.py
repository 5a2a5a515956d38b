"""The board call (seed 002, "Board Assignments"): players to boards and powers, near-optimally,
with a lower bound that shows how near. Start with :func:`board_call`."""

from palmares.diplomacy.seeding.call import BoardCall, CalledSeat, board_call
from palmares.diplomacy.seeding.problem import Entrant, SeedingProblem

__all__ = ["BoardCall", "CalledSeat", "Entrant", "SeedingProblem", "board_call"]
