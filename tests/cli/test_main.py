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


def test_a_lone_command_loaded_on_demand_keeps_its_name(cli: Callable[..., CliResult]) -> None:
    # Only the part named is loaded (issue 20); a plain command must still be called by name.
    for command in ("demo", "serve"):
        result = cli(command, "--help")
        assert result.code == 0, result.err
        assert f" {command} [OPTIONS]" in result.out  # "Usage: palmares demo [OPTIONS]"
    result = cli("diplomacy", "seed", "--help")
    assert result.code == 0 and " diplomacy seed [OPTIONS]" in result.out
