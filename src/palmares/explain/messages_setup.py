"""A tournament's set-up (issue 32, "The create form"): what each parameter of a board-scoring
system or an aggregation means (the registries give its name, its parser and its default; the
meaning is told here, English and French), and why the fewer-games adjustment cannot apply.

:data:`PARAMETERS` is looked up by the parameter (:func:`parameter_meaning`): ``<slug>.<name>``
for a meaning proper to one system, else ``<name>``; ``unset.<name>`` tells a default that is no
value. :data:`SETUP` holds the typed messages (``Message.of``) of the set-up."""

from __future__ import annotations

from palmares.explain.language import Language
from palmares.explain.voice import N_, voice

__all__ = ["PARAMETERS", "SETUP", "parameter_meaning", "parameter_unset"]

#: A parameter (``name`` or ``slug.name``) → what it means; ``unset.name``: a default of none.
PARAMETERS: dict[str, str] = {
    # board-scoring systems (diplomacy.scoring)
    "threshold": N_("each centre above this count scores one point more"),
    "dead": N_(
        "how the eliminated powers are placed: elimination-order (the later out, the higher) or "
        "tied (all level)"
    ),
    "solo": N_(
        "the points of a solo, the others scoring 0 (the published rule gives none: without it "
        "a soloed board cannot be scored)"
    ),
    "rounded": N_(
        "yes: the raw score paid rounded to two decimals, as the seed pays it; no: exact"
    ),
    # aggregations (diplomacy.aggregation)
    "start": N_("everyone's score before the first round"),
    "stake": N_("the part of their score a player stakes before each game (1/10: 10 %)"),
    "adjust_after": N_("the round after which the fewer-games adjustment is made (0: never)"),
    "min_rounds": N_(
        "a player who played fewer than this many of the rounds up to then is adjusted as if "
        "eliminated in the games missing"
    ),
    "n": N_("how many of the best results count"),
    "best-games.n": N_("how many of a player's best board scores count, any rounds"),
    "best-rounds.n": N_("how many of a player's best rounds count"),
    "best-two-plus.n": N_("how many of a player's best games count in full"),
    "fraction": N_("the part of the average of the other games that is added"),
    "factor": N_("the top board's scores are multiplied by this"),
    "best": N_("only this many of a player's best round ranks count"),
    "bonus": N_(
        "the points of a round sat out: average (the round's average board score) or a number"
    ),
    "max": N_("how many rounds sat out earn the bonus"),
    "tiebreak": N_(
        "the tie-breaks in order, separated by /: best-game, centres, head-to-head (none: no "
        "tie-break)"
    ),
    "unset.solo": N_("not set"),
    "unset.best": N_("every round"),
    "unset.bonus": N_("average"),
    "unset": N_("not set"),
}

SETUP: dict[str, str] = {
    "setup.no_parameters": N_("No parameters."),
    # the fewer-games adjustment (seed 002, "Top Board"; diplomacy.aggregation.ante)
    "fewer_games.applies": N_(
        "After round {after}, a player who played fewer than {least} of its rounds is adjusted "
        "as if eliminated in the games missing."
    ),
    "fewer_games.no_system": N_("{system} has no fewer-games adjustment."),
    "fewer_games.too_few_rounds": N_(
        "The fewer-games adjustment is made after round {after}: a tournament of {rounds} "
        "rounds never reaches it."
    ),
    "fewer_games.off": N_("The fewer-games adjustment is off (adjust_after=0)."),
    "fewer_games.min_rounds": N_(
        "With min_rounds={least} no player who played has fewer games: the fewer-games "
        "adjustment never changes a score."
    ),
    "fewer_games.stored_off": N_(
        "The fewer-games adjustment cannot apply, so it was stored as off: {why}"
    ),
}


def parameter_meaning(slug: str, name: str, language: Language) -> str:
    """What parameter ``name`` of system ``slug`` means, in ``language``."""
    own = PARAMETERS.get(f"{slug}.{name}")
    return voice(language).say(own if own is not None else PARAMETERS[name])


def parameter_unset(name: str, language: Language) -> str:
    """What a default of no value means for parameter ``name``, in ``language``."""
    return voice(language).say(PARAMETERS.get(f"unset.{name}", PARAMETERS["unset"]))
