from palmares.core.errors import InputError, Problem


def test_problem_names_file_line_and_column() -> None:
    assert str(Problem("results.csv", 12, "rank", "must be at least 1, got 0")) == (
        "results.csv:12: rank: must be at least 1, got 0"
    )
    assert str(Problem("boards.json", None, None, "no such file")) == "boards.json: no such file"


def test_input_error_lists_every_problem() -> None:
    err = InputError([Problem("a.csv", 2, "x", "bad"), Problem("a.csv", 3, None, "worse")])
    assert str(err) == "a.csv:2: x: bad\na.csv:3: worse"
    assert isinstance(err, ValueError)
