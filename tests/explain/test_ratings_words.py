"""Seed 000's worked example and rule, word for word in English, and in French (issue 19).

The English is compared with the seed's own text, read from ``seeds/000_*.txt``: the rating step
of its example (55, 8th of 65 -> 60.019) and the rule's paragraphs.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from palmares.explain import explain
from palmares.ratings.dip_pouch import RULE, RatingStep, event_value, rate
from palmares.ratings.events import Event, Placement
from palmares.ratings.tournament_value import tournament_value

NNBSP = "\u202f"


def _seed(shared: Path) -> str:
    (path,) = (shared / "seeds").glob("000_*.txt")
    return path.read_text(encoding="utf-8")


def _example_step() -> RatingStep:
    event = Event(
        "big", "Big Open", date(2005, 3, 1), tuple(Placement(f"p{i}", i) for i in range(1, 66))
    )
    return rate(player="p8", event=event, value=event_value(event), place=8, before=Fraction(55))


def test_the_worked_example_word_for_word(shared: Path) -> None:
    seed = _seed(shared)
    start = seed.index("As an example of calculating new ratings")
    paragraph = seed[start : seed.index("\n", start)].strip()
    setup = (
        "As an example of calculating new ratings, suppose a player enters an event with a rating "
        "of 55. Suppose also that they finish in 8th place out of 65 players. "
    )
    assert paragraph.startswith(setup)
    head, told = explain(_example_step(), "en")
    assert told == paragraph[len(setup) :]
    assert head == (
        "Big Open (2005-03-01): the player enters with a rating of 55 and finishes in 8th place "
        "out of 65 players."
    )


def test_the_worked_example_in_french() -> None:
    head, told = explain(_example_step(), "fr")
    assert head == (
        "Big Open (2005-03-01) : le joueur arrive avec une cote de 55 et finit à la 8e place sur "
        "65 joueurs."
    )
    assert told == (
        "Le score centile du joueur est (65 + 0,5 - 8)/65 * 100 = 88,46. Un tournoi de 65 joueurs "
        "aurait une valeur de tournoi de (65/3,5) +2 = 20,57. Cependant, la valeur de tournoi "
        "maximale étant de 15, ce sera la valeur de ce tournoi. Par conséquent, la cote de ce "
        f"joueur parcourra 15{NNBSP}% de la distance de 55 à 88,46. La différence entre 88,46 et "
        f"55 est de 33,46. 15{NNBSP}% de 33,46 font 5,019. Par conséquent, nous ajoutons 5,019 "
        "points à la cote de ce joueur à l'issue de ce tournoi : sa cote passe de 55 à 60,019."
    )


def test_the_rule_word_for_word(shared: Path) -> None:
    seed = " ".join(_seed(shared).split())
    *told, ours = explain(RULE, "en")
    for paragraph in told:
        assert paragraph in seed
    assert ours == (
        "After each event the rating moves as many per cent of the distance from the old rating "
        "to the percentile score as the tournament value."
    )


def test_the_rule_in_french() -> None:
    told = explain(RULE, "fr")
    assert told[0].startswith("Chaque joueur commence avec une cote initiale de 40")
    assert "(p. ex. 1er, 2e, 3e, etc.)" in told[0]
    assert told[1] == (
        "La formule utilisée est : (([Nombre de joueurs du tournoi]+0,5-[Classement])/[Nombre de "
        "joueurs du tournoi])*100"
    )
    assert "divisé par 3,5, plus deux. ( (#joueurs/3,5)+2 )" in told[2]
    assert told[3].startswith("Les tournois antérieurs à 2001")


@pytest.mark.parametrize(
    ("before", "place", "rounds", "world", "words"),
    [
        (Fraction(70), 30, 3, False,
         "Therefore, we take 2.308 points from this player's rating as a results of this event, "
         "meaning their rating decreases from 70 to 67.692."),
        (Fraction(40), 1, 1, False,
         "A one-round 21 player event would have a tournament value of (21/7) +2 = 5."),
        (Fraction(40), 1, 3, True,
         "The event was the World Championship, so the tournament value is 20."),
    ],
)  # fmt: skip
def test_other_cases(before: Fraction, place: int, rounds: int, world: bool, words: str) -> None:
    n = 21 if rounds == 1 else 65
    event = Event(
        "e",
        "E",
        date(2010, 1, 1),
        tuple(Placement(f"p{i}", i) for i in range(1, n + 1)),
        rounds=rounds,
        world_championship=world,
    )
    value = tournament_value(n, rounds=rounds, world_championship=world, day=event.date)
    step = rate(player=f"p{place}", event=event, value=value, place=place, before=before)
    assert words in explain(step, "en")[1]
