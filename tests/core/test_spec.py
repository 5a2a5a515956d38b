"""The one parser of ``slug:key=value,…`` specs (scoring systems, aggregations)."""

import pytest

from palmares.core.errors import PalmaresError
from palmares.core.spec import Spec, SpecError, parse_spec
from palmares.diplomacy.aggregation import get_aggregation


def test_round_trip() -> None:
    spec = parse_spec(" ante : stake = 20% , start=50 ")
    assert spec == Spec("ante", (("stake", "20%"), ("start", "50")))
    assert str(spec) == "ante:stake=20%,start=50"
    assert parse_spec("carnage") == Spec("carnage") and str(Spec("carnage")) == "carnage"


def test_params_given_apart_and_changed() -> None:
    spec = parse_spec("ante", params="stake=0.2")
    assert spec.has("stake") and not spec.has("start")
    assert str(spec.with_param("adjust_after", "0")) == "ante:stake=0.2,adjust_after=0"
    assert str(spec.with_param("stake", "0.1")) == "ante:stake=0.1"


def test_a_part_without_equals_is_named() -> None:
    with pytest.raises(SpecError, match=r"ante: bad parameter 'stake' \(key=value\)"):
        parse_spec("ante:stake")
    with pytest.raises(PalmaresError, match=r"ante: bad parameter 'stake' \(parameters: "):
        get_aggregation("ante:stake")
    with pytest.raises(PalmaresError, match=r"ante: bad parameter 'pot=3' \(parameters: "):
        get_aggregation("ante:pot=3")


def test_slugs_and_keys_are_read_in_any_case() -> None:
    """Issue 36: a slug names its rule in any case; the canonical form is lower case."""
    spec = parse_spec(" Carnage:Dead=Tied ")
    assert (spec.slug, spec.params, str(spec)) == (
        "carnage",
        (("dead", "Tied"),),
        "carnage:dead=Tied",
    )
