"""A bad file is refused in French, every line (issue 35): for each file format the commands
read — results, boards, declines, teams, chaos, the seeding roster and its keep-apart pairs,
Tantrix matches, ratings and names, Wizard games, tournaments and TRIAD, orders, a position, a
game record — the same command is run in English and in French on a file with several
problems; every French line keeps the file, line and column and says what is wrong in French,
and none repeats its English words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliResult

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WDC_BOARDS = str(EXAMPLES / "wdc-2007" / "boards.csv")
NZ = EXAMPLES / "tantrix-nz-2000"

#: format → (its file's name, its text, the command's arguments with FILE for it, one line of
#: the French answer as it must read). ORDERS is a good orders file.
CASES: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "results": (
        "results.csv",
        "event,date,player,rank,players\nA,2004-01-01,Ann,1,3\nA,2004-01-01,Ann,2,3\n"
        "B,2004-02-01,Bob,4,3\nB,2004-02-01,Cy,1,3\n",
        ("ratings", "skill", "FILE", "--kind", "results"),
        "FILE:4: rank: 4 dépasse les 3 joueurs de l’épreuve",
    ),
    "results (bad cells)": (
        "results.csv",
        "event,date,player,rank,players\nA,2004-01-01,Ann,1,3\nC,2004-13-01,Cy,x,3\n",
        ("ratings", "skill", "FILE", "--kind", "results"),
        "FILE:3: rank: attendu un nombre entier, reçu 'x'",
    ),
    "boards": (
        "boards.csv",
        "round,board,power,player,centres\n1,1,A,p1,3\n1,1,A,p2,4\n1,1,E,p1,5\n",
        ("diplomacy", "standings", "FILE"),
        "FILE:4: player: p1 est assis deux fois à une même table de la ronde 1",
    ),
    "boards (bad cells)": (
        "boards.csv",
        "round,board,power,player,centres\n1,1,A,p1,x\n1,1,E,p2,-1\n1,1,Q,p3,3\n",
        ("diplomacy", "standings", "FILE"),
        "FILE:3: centres: doit valoir au moins 0, reçu -1",
    ),
    "declines": (
        "declines.csv",
        "player,reason\nOscar Lind,y\nOscar Lind,z\n,q\n",
        ("diplomacy", "standings", WDC_BOARDS, "--declines", "FILE"),
        "FILE:4: player: une valeur est obligatoire",
    ),
    "teams": (
        "teams.csv",
        "team,player\nA,p1\nB,p1\n",
        ("diplomacy", "standings", WDC_BOARDS, "--teams", "FILE"),
        "FILE:3: player: p1 est déjà dans l’équipe A (ligne 2)",
    ),
    "chaos": (
        "chaos.csv",
        "player,centres,eliminated\nX,40,maybe\nY,1,no\n",
        ("diplomacy", "standings", WDC_BOARDS, "--chaos", "FILE"),
        "FILE:2: centres: doit valoir au plus 34, reçu 40",
    ),
    "roster": (
        "players.csv",
        "player,boards,team\np1,3,\np2,1,\n,1,\n",
        ("diplomacy", "seed", "FILE", "--round", "1"),
        "FILE:2: boards: doit valoir au plus 2, reçu 3",
    ),
    "keep-apart pairs": (
        "pairs.csv",
        "player_a,player_b\np1,p1\n",
        (
            "diplomacy",
            "seed",
            str(EXAMPLES / "wdc-2007" / "teams.csv"),
            "--round",
            "1",
            "--keep-apart",
            "FILE",
        ),
        "FILE:2: player_b: p1 est apparié avec lui-même",
    ),
    "tantrix matches": (
        "matches.csv",
        "event,date,round,player_a,player_b,games,tp_a,tp_b,own_rating\n"
        "E,2000-11-01,R1,A,A,4,48,32,\nE,2000-11-01,R1,B,C,4,48,32,Z\n",
        ("tantrix", "performance", "FILE", "--ratings", str(NZ / "ratings.csv")),
        "FILE:3: own_rating: Z n’a pas joué ce match (B contre C)",
    ),
    "tantrix ratings": (
        "ratings.csv",
        "player,rating,games,official\nA,x,,maybe\nB,1500,-1,yes\n",
        ("tantrix", "performance", str(NZ / "matches.csv"), "--ratings", "FILE"),
        "FILE:2: official: attendu yes/no/true/false/1/0, reçu 'maybe'",
    ),
    "tantrix names": (
        "names.csv",
        "player,name\nA,\n",
        (
            "tantrix",
            "performance",
            str(NZ / "matches.csv"),
            "--ratings",
            str(NZ / "ratings.csv"),
            "--names",
            "FILE",
        ),
        "FILE:2: name: une valeur est obligatoire",
    ),
    "wizard games": (
        "games.csv",
        "date,game,player,score\n2024-05-01,g1,Ann,10\n2024-05-01,g1,Bob,5\n"
        "2024-05-02,g1,Cy,3\n2024-05-01,g1,Ann,3\n",
        ("wizard", "month", "FILE", "--month", "2024-05"),
        "FILE:5: player: Ann figure deux fois dans la partie g1 (d’abord à la ligne 2)",
    ),
    "wizard tournaments": (
        "tournament.csv",
        "tournament,date,player,place,games_finished,invitational\nM,2019-12-14,Golem,1,,yes\n"
        "M,2019-12-14,Golem,2,,yes\nM,2019-12-14,Fizz,5,,no\n",
        ("wizard", "tournament", "FILE"),
        "FILE:4: invitational: le tournoi M est marqué autrement à la ligne 2",
    ),
    "wizard triad": (
        "triad.csv",
        "tournament,player,score\nM,Golem,x\n",
        ("wizard", "tournament", str(EXAMPLES / "wizard" / "tournament.csv"), "--triad", "FILE"),
        "FILE:2: score: attendu un nombre entier, reçu 'x'",
    ),
    "orders": (
        "orders.txt",
        "Austria A VIE H\nItaly:\n",
        ("diplomacy", "orders", "check", "FILE"),
        "FILE:2: l’ordre est vide",
    ),
    "position": (
        "position.json",
        '{"units": {"Austria": ["A XYZ"]}, "year": "x"}',
        ("diplomacy", "adjudicate", "ORDERS", "--position", "FILE"),
        "FILE: units.Austria[0] : province inconnue 'XYZ'",
    ),
    "game record": (
        "game.json",
        '{"rules": "datc", "phases": [{"x": 1}]}',
        ("diplomacy", "replay", "FILE"),
        "FILE: phases[0]: 'orders' manque",
    ),
}


def _common_start(a: str, b: str) -> str:
    """The characters both lines begin with (their file, line and column)."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


@pytest.mark.parametrize("fmt", list(CASES))
def test_a_bad_file_is_refused_in_french_every_line(
    fmt: str, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    name, text, args, expected = CASES[fmt]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    orders = tmp_path / "orders-ok.txt"
    orders.write_text("Austria: A VIE H\n", encoding="utf-8")
    command = [{"FILE": str(path), "ORDERS": str(orders)}.get(a, a) for a in args]
    english = cli(*command, "--language", "en")
    french = cli(*command, "--language", "fr")
    assert english.code == 2 and french.code == 2, (english.err, french.err)
    en, fr = english.err.splitlines(), french.err.splitlines()
    assert len(en) == len(fr) >= 1
    assert "error: " + expected.replace("FILE", str(path)) in fr
    for said, dit in zip(en, fr, strict=True):
        assert dit.startswith(f"error: {path}")  # the file, line and column kept
        where = _common_start(said, dit)
        assert said != dit, dit
        assert said[len(where) :] not in dit, dit  # no English words left in the French


def test_a_command_without_language_option_follows_lang(
    cli: Callable[..., CliResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``dip-pouch ranking`` has no ``--language``: LANG chooses, every line."""
    name, text, _, expected = CASES["results"]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    english = cli("dip-pouch", "ranking", str(path))
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    french = cli("dip-pouch", "ranking", str(path))
    assert english.code == french.code == 2
    assert "error: " + expected.replace("FILE", str(path)) in french.err.splitlines()
    assert all(
        a != b for a, b in zip(english.err.splitlines(), french.err.splitlines(), strict=True)
    )
