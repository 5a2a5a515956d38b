"""`palmares demo` (interim): the commands run on the bundled example tournament.

Until the web site exists, the demo prints what a tournament director sees: the seed's two
example boards scored with Divide and Conquer (explained), the standings of the six-round example
tournament in ``examples/wdc-2007/`` with its top board, champion, places, best countries, teams
and chaos game, and one player's path explained in words.
"""

from __future__ import annotations

import sys
from pathlib import Path

from palmares.cli.diplomacy.boards import board_score, standings
from palmares.cli.output import Format
from palmares.core.errors import PalmaresError

__all__ = ["EXAMPLES", "demo"]

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "wdc-2007"
EXPLAINED = "Dana Fraser"


def demo() -> None:
    """Run the diplomacy commands on the bundled example tournament and print the results."""
    if not EXAMPLES.is_dir():
        raise PalmaresError(f"the example tournament is missing: {EXAMPLES}")
    out = sys.stdout
    out.write("$ palmares diplomacy board-score examples/wdc-2007/examples.json --explain\n")
    board_score(EXAMPLES / "examples.json", explain=True, fmt=Format.table)
    out.write(
        "\n$ palmares diplomacy standings examples/wdc-2007/boards.csv "
        "--teams examples/wdc-2007/teams.csv --declines examples/wdc-2007/declines.csv "
        f"--chaos examples/wdc-2007/chaos.csv --explain '{EXPLAINED}'\n"
    )
    standings(
        EXAMPLES / "boards.csv",
        teams=EXAMPLES / "teams.csv",
        declines=EXAMPLES / "declines.csv",
        chaos=EXAMPLES / "chaos.csv",
        explain=EXPLAINED,
        fmt=Format.table,
    )
