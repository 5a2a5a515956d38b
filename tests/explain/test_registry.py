"""The language choice, the catalogue and the renderer registry."""

from dataclasses import dataclass

import pytest

from palmares.explain import Language, Voice, explain, language_from_env, parse_language, renders
from palmares.explain.registry import renderer_for


@pytest.mark.parametrize(
    ("text", "language"),
    [("en", Language.EN), ("fr", Language.FR), ("fr_FR.UTF-8", Language.FR), ("en-GB", Language.EN),
     ("FR-ca", Language.FR)],
)  # fmt: skip
def test_parse_language(text: str, language: Language) -> None:
    assert parse_language(text) is language


def test_parse_language_names_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'de': expected en\|fr"):
        parse_language("de")


def test_language_from_env_reads_lc_all_then_lc_messages_then_lang() -> None:
    assert language_from_env({}) is Language.EN
    assert language_from_env({"LANG": "fr_FR.UTF-8"}) is Language.FR
    assert language_from_env({"LANG": "fr_FR.UTF-8", "LC_ALL": "C.UTF-8"}) is Language.EN
    assert language_from_env({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_BE"}) is Language.FR
    assert language_from_env({"LANG": "de_DE.UTF-8"}) is Language.EN


@dataclass(frozen=True, slots=True)
class _Pot:
    pot: int


@dataclass(frozen=True, slots=True)
class _BigPot(_Pot):
    pass


@renders(_Pot)
def _say_pot(value: _Pot, v: Voice) -> tuple[str, ...]:
    return (v.figure(value.pot) + " " + v.percent(value.pot),)


def test_a_renderer_serves_its_class_and_subclasses() -> None:
    assert explain(_Pot(12345), "en") == ("12345 12345%",)
    assert explain(_BigPot(12345), Language.FR) == ("12\u202f345 12\u202f345\u202f%",)
    assert renderer_for(_BigPot) is _say_pot


def test_one_renderer_per_class_and_none_is_a_type_error() -> None:
    with pytest.raises(ValueError, match="already has a renderer"):
        renders(_Pot)(_say_pot)
    with pytest.raises(TypeError, match=r"no renderer for builtins\.object"):
        explain(object(), "en")
