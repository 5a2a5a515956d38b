"""Generate the Wizard example files (deterministic: run it again and get the same bytes).

    python examples/wizard/generate.py

Writes ``games.csv`` (three months of online games: November 2019 to January 2020, so the 2020
switch from the matrix to points shows), ``tournament.csv`` (an invitational for the top 25 of
November, a 45-player open with a tied place, and a 2020 open that pays no master points) and
``triad.csv`` (the TRIADs of the two 2019 tournaments: one with a tie, one with the 4th-placed
player substituting). Each hand is scored by the rule book (``palmares.wizard.hand_score``):
a player makes their bid with a probability that grows with their skill.
"""

from __future__ import annotations

import csv
import random
from datetime import date, timedelta
from pathlib import Path

from palmares.io.wizard import read_games
from palmares.wizard.hand_score import hand_score, hands_in_game
from palmares.wizard.invitational import invitation_list
from palmares.wizard.month import month_table

HERE = Path(__file__).resolve().parent
RNG = random.Random(20191101)

NAMES = [
    "AceOfWands", "BidderBea", "CardShark", "DeltaDeal", "EchoTrump", "Fizzbin", "GandalfG",
    "HexHand", "IvyJester", "JokerJoe", "KnaveKate", "LunaLead", "MerlinMo", "NoTrumpNed",
    "OracleOz", "PixieP", "QuillQueen", "RuneRay", "SageSam", "TrickTess", "UmbraU", "VexVal",
    "WandWill", "XanaduX", "YarrowY", "ZephyrZ", "Alchemist", "Banshee", "Cinder", "Dryad",
    "Ember", "Faerie", "Golem", "Hydra", "Imp", "Jinx", "Kelpie", "Lich", "Mystic", "Nimbus",
    "Ogre", "Pooka", "Quasar", "Raven",
]  # fmt: skip
SKILL = {name: RNG.uniform(0.45, 0.8) for name in NAMES}
# How many games a player plays in a month, roughly: a few play 100+, many 20-60, some few.
APPETITE = {name: RNG.choice([8, 15, 25, 35, 45, 55, 70, 90, 120]) for name in NAMES}


def final_score(player: str, hands: int, players: int) -> int:
    total = 0
    for hand in range(1, hands + 1):
        cards = hand  # hand n deals n cards each
        bid = RNG.randint(0, max(0, min(cards, 60 // players) // 2))
        if RNG.random() < SKILL[player]:
            tricks = bid
        else:
            tricks = max(0, bid + RNG.choice([-2, -1, -1, 1, 1, 2]))
        total += hand_score(bid, tricks)
    return total


def month_games(year: int, month: int, start: int) -> list[list[str]]:
    rows: list[list[str]] = []
    first = date(year, month, 1)
    days = ((first.replace(day=28) + timedelta(days=4)).replace(day=1) - first).days
    left = {n: max(0, APPETITE[n] + RNG.randint(-6, 6)) for n in NAMES}
    number = start
    while sum(1 for n in NAMES if left[n] > 0) >= 3:
        keen = [n for n in NAMES if left[n] > 0]
        size = min(len(keen), RNG.choice([3, 4, 4, 5, 5, 6]))
        weights = [left[n] for n in keen]
        table: list[str] = []
        while len(table) < size:
            pick = RNG.choices(keen, weights)[0]
            if pick not in table:
                table.append(pick)
        day = first + timedelta(days=RNG.randrange(days))
        hands = hands_in_game(size)
        number += 1
        for player in table:
            left[player] -= 1
            score = final_score(player, hands, size)
            rows.append([day.isoformat(), f"G{number:05d}", player, str(score)])
    rows.sort(key=lambda r: (r[0], r[1]))
    return rows


def main() -> None:
    rows = month_games(2019, 11, 0)
    rows += month_games(2019, 12, 10000)
    rows += month_games(2020, 1, 20000)
    with (HERE / "games.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["date", "game", "player", "score"])
        writer.writerows(rows)

    november = month_table(read_games(HERE / "games.csv"), "2019-11")
    invited = invitation_list(november)
    tournaments: list[list[str]] = []
    masters = sorted(invited, key=lambda n: -SKILL[n] - RNG.uniform(0, 0.2))
    for place, name in enumerate(masters, start=1):
        tournaments.append(["Masters Invitational", "2019-12-14", name, str(place), "", "yes"])
    winter = [*sorted(NAMES, key=lambda n: -SKILL[n] - RNG.uniform(0, 0.2)), "GuestOne"]
    for name, place in zip(winter, [1, 2, 2, *range(4, 46)], strict=True):  # two tied 2nd
        games = max(1, 8 - (place - 1) // 6)
        tournaments.append(["Winter Open", "2019-12-28", name, str(place), str(games), "no"])
    new_year = sorted(NAMES[:30], key=lambda n: -SKILL[n] - RNG.uniform(0, 0.2))
    for place, name in enumerate(new_year, start=1):
        tournaments.append(["New Year Open", "2020-01-18", name, str(place), "", "no"])
    with (HERE / "tournament.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["tournament", "date", "player", "place", "games_finished", "invitational"])
        writer.writerows(tournaments)

    # TRIADs: the invitational's top 3 with two tied first; at the Winter Open one of the two
    # tied 2nd cannot be contacted and the 4th-placed player takes the seat.
    triads = [
        ["Masters Invitational", masters[0], "310"],
        ["Masters Invitational", masters[1], "310"],
        ["Masters Invitational", masters[2], "150"],
        ["Winter Open", winter[0], "220"],
        ["Winter Open", winter[1], "260"],
        ["Winter Open", winter[3], "90"],
    ]
    with (HERE / "triad.csv").open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["tournament", "player", "score"])
        writer.writerows(triads)


if __name__ == "__main__":
    main()
