from collections.abc import Callable

from tests.conftest import CliResult


def test_help_lists_the_groups(cli: Callable[..., CliResult]) -> None:
    result = cli("--help")
    assert result.code == 0
    for group in ("diplomacy", "dip-pouch", "tantrix", "wizard"):
        assert group in result.out


def test_unknown_command_is_a_usage_error(cli: Callable[..., CliResult]) -> None:
    result = cli("no-such-command")
    assert result.code == 2
    assert "No such command" in result.err
    assert "Traceback" not in result.err
