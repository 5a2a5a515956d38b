"""The core's messages (``palmares.core.message``) told by the layer in English and French:
every key the core says has its sentence, the English is the text the CLI printed before (tests
elsewhere assert it), numbers follow the language, and a stored message reads back the same."""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

import palmares
from palmares.core.message import Message, times
from palmares.diplomacy.chaos import ChaosGame
from palmares.explain import explain_text, tell
from palmares.explain.errors import told as told_in
from palmares.explain.messages import PLURALS, TEXTS

#: a list of sentences; a power name (the Diplomacy renderer); items listed with "and"
SPECIAL = {"semicolons", "power", "and_list"}


def _keys_said() -> dict[str, str]:
    """key → the file of every literal ``Message.of("key", …)`` outside the layer."""
    root = Path(palmares.__file__).parent
    found: dict[str, str] = {}
    for path in root.rglob("*.py"):
        if "explain" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "of"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "Message"
            ):
                first = node.args[0]
                options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for key in options:  # "a" if … else "b": both keys
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        found[key.value] = str(path.relative_to(root))
    for path in root.rglob("*.html"):  # a template's sentence about a rule: {% words "key" %}
        for key in re.findall(r"""{%\s*words\s+["']([\w.]+)["']""", path.read_text("utf-8")):
            found[key] = str(path.relative_to(root))
    return found


def test_every_key_the_core_says_has_its_sentence() -> None:
    said = _keys_said()
    assert len(said) > 40
    missing = {k: f for k, f in said.items() if k not in TEXTS and k not in PLURALS}
    assert set(missing) <= SPECIAL, missing


def test_no_sentence_is_left_unsaid() -> None:
    said = set(_keys_said())  # core.message says "times" and "power" itself
    assert set(TEXTS) | set(PLURALS) <= said


def test_a_board_call_note_in_english_and_french() -> None:
    note = Message.of("seeding.stopped", limit=3.0, moves=12000)
    assert tell(note, "en") == (
        "the search stopped at the time limit (3 s) after 12000 moves; a longer limit may find "
        "a better call."
    )
    assert tell(note, "fr") == (
        "la recherche s’est arrêtée à la limite de temps (3 s) après 12\u202f000 mouvements ; "
        "une limite plus longue peut trouver un meilleur appel."
    )
    assert explain_text(note, "fr") == tell(note, "fr")  # through the registry too


def test_times_and_plurals() -> None:
    assert [tell(times(n), "en") for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    assert [tell(times(n), "fr") for n in (1, 2, 3)] == ["une fois", "deux fois", "3 fois"]
    one = Message.of("seeding.games_centres", player="p01", games=1, centres=4)
    assert tell(one, "en") == "p01 (1 game, 4 centres)"
    assert tell(one, "fr") == "p01 (1 partie, 4 centres)"
    two = Message.of("seeding.games_centres", player="p01", games=2, centres=4)
    assert tell(two, "fr") == "p01 (2 parties, 4 centres)"


def test_a_top_board_problem_with_a_french_figure() -> None:
    problem = Message.of(
        "top_board.not_invited",
        player="p9",
        score=Fraction(24121, 200),
        round=5,
        invited=("p1", "p2"),
    )
    assert tell(problem, "en") == (
        "p9 is on the top board but was not invited (score 120.605 after round 5; invited: p1, p2)"
    )
    assert tell(problem, "fr") == (
        "p9 est à la table finale sans y avoir été invité (score 120,605 après la ronde 5 ; "
        "invités : p1, p2)"
    )


def test_the_chaos_note_and_a_nested_message() -> None:
    assert tell(ChaosGame.NOTE, "en") == (
        "the chaos game is recorded but never scored: it does not affect any tournament score"
    )
    reached = Message.of("seeding.bound_reached", times=times(2))
    assert tell(reached, "fr") == "la borne : aucun appel ne peut faire mieux que deux fois"


def test_the_skill_note_writes_figures_as_the_language_does() -> None:
    note = Message.of(
        "ratings.skill",
        competitions=12,
        model="plackett-luce",
        mu=Decimal("25"),
        sigma=Decimal("8.333"),
        beta=Decimal("4.167"),
        tau=Decimal("0.08333"),
    )
    assert tell(note, "en") == ("12 competitions; plackett-luce: μ 25, σ 8.333, β 4.167, τ 0.08333")
    assert tell(note, "fr") == (
        "12 compétitions ; plackett-luce : μ 25, σ 8,333, β 4,167, τ 0,08333"
    )


@pytest.mark.parametrize(
    "message",
    [
        Message.of("seeding.stopped", limit=2.5, moves=7),
        Message.of("top_board.not_invited", player="x", score=Fraction(1, 3), round=5, invited=()),
        Message.of("quality.had_met", times=times(3)),
        Message.of("seeding.fill_sit", seats=50, left=1, size=7, detail=(times(1), "a")),
        Message.of("ratings.skill", mu=Decimal("25.00")),
    ],
)
def test_a_stored_message_reads_back_the_same(message: Message) -> None:
    assert Message.from_json(message.to_json()) == message


def test_a_bool_is_no_message_value() -> None:
    with pytest.raises(TypeError, match="bool"):
        Message.of("x", flag=True).to_json()


def test_a_board_problem_keeps_its_english_and_tells_french() -> None:
    from palmares.diplomacy.board import result_problems

    problems = result_problems({"Austria": 20, "England": 20}, {"Austria": 1905}, 1904, ["Turkey"])
    assert [p.message for p in problems] == [
        "centres sum to 40, more than the 34 on the map",
        "Austria has 20 centres",
        "Turkey has no centres and cannot be in the draw",
    ]
    assert [tell(p.said, "fr") for p in problems if p.said] == [
        "les centres font 40 en tout, plus que les 34 de la carte",
        "Autriche a 20 centres",
        "Turquie n’a aucun centre et ne peut pas être dans la nulle",
    ]


def test_a_file_problem_keeps_file_line_and_column_in_either_language(tmp_path: Path) -> None:
    from palmares.core.errors import InputError
    from palmares.io.fields import integer
    from palmares.io.tables import Column, read_rows

    path = tmp_path / "results.csv"
    path.write_text("rank,player\n0,Ann\n2.5x,Bob\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_rows(path, [Column("rank", integer(1)), Column("player")])
    error = caught.value
    assert str(error) == (
        f"{path}:2: rank: must be at least 1, got 0\n"
        f"{path}:3: rank: expected a whole number, got '2.5x'"
    )
    assert told_in(error, "fr") == (
        f"{path}:2: rank: doit valoir au moins 1, reçu 0\n"
        f"{path}:3: rank: attendu un nombre entier, reçu '2.5x'"
    )


def test_no_key_is_given_two_sentences() -> None:
    """Every message key is written once across the layer's tables (``TEXTS.update`` would let
    a later table silently replace an earlier sentence)."""
    seen: dict[str, str] = {}
    twice: list[tuple[str, str, str]] = []
    folder = Path(palmares.__file__).parent / "explain"
    for path in sorted(folder.glob("messages*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for key in node.keys:
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        if "." not in key.value:
                            continue  # a table of words (ROUND_WORDS), not of messages
                        if key.value in seen:
                            twice.append((key.value, seen[key.value], path.name))
                        seen[key.value] = path.name
    assert len(seen) > 500
    assert not twice, twice
