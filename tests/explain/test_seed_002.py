"""Seed 002 (2007 WDC rules), Appendix A, Examples 1 and 2, as the explanation layer tells
them: every sentence the English renderers write for the examples stands word for word in the
seed (checked against the seed's own text), and the French ones are pinned here."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from palmares.diplomacy.aggregation.ante import Ante, AntePot, ante_pot
from palmares.diplomacy.board import GREAT_POWERS, Board, PlayedBoard, Seat
from palmares.diplomacy.scoring import get_system
from palmares.diplomacy.scoring.divide_and_conquer import DivideAndConquerWorkings
from palmares.explain import explain

NB, NN = "\u00a0", "\u202f"
EXAMPLE_1 = {"Austria": 15, "England": 10, "France": 5, "Germany": 0, "Italy": 2,
             "Russia": 0, "Turkey": 2}  # fmt: skip
EXAMPLE_2 = {"Austria": 0, "England": 0, "France": 0, "Germany": 7, "Italy": 8,
             "Russia": 9, "Turkey": 10}  # fmt: skip


@pytest.fixture
def seed(shared: Path) -> str:
    """Seed 002's text with its white space folded (the seed wraps some lines)."""
    (path,) = shared.glob("seeds/002_*.txt")
    return re.sub(r"\s+", " ", path.read_text(encoding="utf-8")).replace("’", "'")


def workings(centres: dict[str, int]) -> DivideAndConquerWorkings:
    result = get_system("divide-and-conquer").score(Board("x", centres))
    assert isinstance(result.workings, DivideAndConquerWorkings)
    return result.workings


def first_round(centres: dict[str, int]) -> AntePot:
    """A first-round board of the ante, the powers played by players of their names."""
    seats = tuple(Seat(p, p, centres[p]) for p in GREAT_POWERS)
    standings = Ante().aggregate([PlayedBoard(1, "1", seats)], get_system("divide-and-conquer"))
    return ante_pot(standings, 1, "1")


EXAMPLE_1_RAW = (
    "The sum of all 7 f(sc) in this case is 19.31802.",
    "Austria = 64.47 (12.45434/19.31802*100)",
    "England = 24.11 (4.65685/19.31802*100)",
    "France = 7.14 (1.37841/19.31802*100)",
    "Italy = 2.14 (0.41421/19.31802*100)",
    "Turkey = 2.14 (0.41421/19.31802*100)",
    "Germany & Russia = 0",
)
EXAMPLE_2_RAW = (
    "Turkey = 33.80 (4.65685/13.77727*100)",
    "Russia = 27.27 (3.75683/13.77727*100)",
    "Italy = 21.77 (3.00/13.77727*100)",
    "Germany = 17.16 (2.36359/13.77727*100)",
    "Austria, England & France = 0",
)
EXAMPLE_1_POT = (
    "each of the 7 powers antes 10 points, creating a pot of 70 points.",
    "Austria then receives 64.47% of the pot. 64.47% of 70 is 45.129. So, he started with 100 "
    "points, put 10 points into the pot, and took 45.129 points out of the pot, meaning that his "
    "score after round 1 is 135.129. In the next round, he will ante 10% of this new score, or "
    "13.5129 points.",
    "England took 16.877 back out of the pot, making his new score 106.877.",
)
EXAMPLE_2_NEW_SCORES = (
    "So everyone's new scores after this round will be: Turkey 113.66, Russia 109.089, Italy "
    "105.239, Germany 102.012, and Austria, England, and France are at 90."
)


def test_example_1_raw_scores_word_for_word(seed: str) -> None:
    lines = explain(workings(EXAMPLE_1), "en")
    assert lines[: len(EXAMPLE_1_RAW)] == EXAMPLE_1_RAW
    assert lines[-1] == "raw scores rounded to two decimals, as the seed pays them"
    for sentence in EXAMPLE_1_RAW:
        assert sentence in seed


def test_example_2_raw_scores_word_for_word(seed: str) -> None:
    """The f(sc) of 8 centres is whole: the seed writes it 3.00 in the example."""
    lines = explain(workings(EXAMPLE_2), "en")
    assert lines[0] == "The sum of all 7 f(sc) in this case is 13.77727."
    assert lines[1 : 1 + len(EXAMPLE_2_RAW)] == EXAMPLE_2_RAW
    for sentence in EXAMPLE_2_RAW:
        assert sentence in seed
    # The seed words this sum differently in Example 2; the figure is the same.
    assert "The total f(sc) for all 7 powers is 13.77727." in seed


def test_example_1_pot_word_for_word(seed: str) -> None:
    lines = explain(first_round(EXAMPLE_1), "en")
    assert lines[0] == "Round 1, board 1: " + EXAMPLE_1_POT[0]
    assert lines[1:3] == EXAMPLE_1_POT[1:]
    for sentence in EXAMPLE_1_POT:
        assert sentence in seed
    # France: "takes back only 4.998 putting his new score at 94.998"
    assert "France took 4.998 back out of the pot, making his new score 94.998." in lines


def test_example_2_new_scores_word_for_word(seed: str) -> None:
    lines = explain(first_round(EXAMPLE_2), "en")
    assert lines[-1] == EXAMPLE_2_NEW_SCORES
    assert EXAMPLE_2_NEW_SCORES in seed


def test_example_1_in_french() -> None:
    assert explain(workings(EXAMPLE_1), "fr") == (
        "La somme des 7 f(sc) est ici de 19,31802.",
        "Autriche = 64,47 (12,45434/19,31802*100)",
        "Angleterre = 24,11 (4,65685/19,31802*100)",
        "France = 7,14 (1,37841/19,31802*100)",
        "Italie = 2,14 (0,41421/19,31802*100)",
        "Turquie = 2,14 (0,41421/19,31802*100)",
        "Allemagne et Russie = 0",
        "scores bruts arrondis à deux décimales, comme le règlement les paie",
    )
    lines = explain(first_round(EXAMPLE_1), "fr")
    assert lines[0] == (
        f"Ronde 1, table 1{NB}: chacune des 7 puissances mise 10 points, ce qui fait un pot de "
        "70 points."
    )
    assert lines[1] == (
        f"Autriche reçoit alors 64,47{NN}% du pot. 64,47{NN}% de 70 font 45,129. Partie de 100 "
        f"points, elle en a mis 10 au pot et en a retiré 45,129{NB}: son score après la ronde 1 "
        f"est donc de 135,129. À la ronde suivante, elle misera 10{NN}% de ce nouveau score, "
        "soit 13,5129 points."
    )
    assert lines[2] == (
        "Angleterre a repris 16,877 dans le pot, ce qui porte son nouveau score à 106,877."
    )


def test_example_2_in_french() -> None:
    lines = explain(workings(EXAMPLE_2), "fr")
    assert lines[1:6] == (
        "Turquie = 33,80 (4,65685/13,77727*100)",
        "Russie = 27,27 (3,75683/13,77727*100)",
        "Italie = 21,77 (3,00/13,77727*100)",
        "Allemagne = 17,16 (2,36359/13,77727*100)",
        "Autriche, Angleterre et France = 0",
    )
    assert explain(first_round(EXAMPLE_2), "fr")[-1] == (
        f"Les nouveaux scores de chacun après cette ronde seront donc{NB}: Turquie 113,66, "
        "Russie 109,089, Italie 105,239, Allemagne 102,012 et Autriche, Angleterre et France "
        "sont à 90."
    )


def test_the_players_step_under_the_ante_in_both_languages() -> None:
    """A player's own line (not the seed's words about a power, but its figures)."""
    seats = tuple(Seat(p, p, EXAMPLE_1[p]) for p in GREAT_POWERS)
    standings = Ante().aggregate([PlayedBoard(1, "1", seats)], get_system("divide-and-conquer"))
    line = standings.of("Austria").lines[0]
    assert explain(line, "en") == (
        "Round 1, board 1, Austria (15 centres): stakes 10% of 100 = 10 into a pot of 70; raw "
        "score 64.47: takes 64.47% of the pot = 45.129; new score 100 − 10 + 45.129 = 135.129.",
    )
    assert explain(line, "fr") == (
        f"Ronde 1, table 1, Autriche (15 centres){NB}: mise 10{NN}% de 100 = 10 dans un pot de "
        f"70{NN}; score brut 64,47{NB}: prend 64,47{NN}% du pot = 45,129{NN}; nouveau score "
        "100 − 10 + 45,129 = 135,129.",
    )
    assert standings.of("Austria").score == Fraction("135.129")
