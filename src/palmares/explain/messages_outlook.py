"""The last round's outlook (issue 38, diplomacy.outlook): each verdict's explanation, its
English here and its French in the catalogue."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["OUTLOOK"]

OUTLOOK: dict[str, str] = {
    # How a player's worst or best case is reached.
    "outlook.how.eliminated": N_("even if {player} loses every centre of their board"),
    "outlook.how.solo": N_("even with a solo for {player} on their board"),
    "outlook.how.reported": N_("with {player}'s board as reported"),
    "outlook.how.sitting": N_("as {player} does not play the final round"),
    # Places 2–7 (place k or better).
    "outlook.place.clinched": N_(
        "{how}, and whatever the other boards do, the players who can finish above {player} "
        "number at most {above}: place {place} or better is theirs (at worst place {worst})."
    ),
    "outlook.place.out": N_(
        "{how}, and with every other board ending the best way for them, the players finishing "
        "above {player} number at least {above}: place {place} is out of reach (at best place "
        "{best})."
    ),
    "outlook.place.possible": N_(
        "place {place} or better is still open to {player}: at best place {best}, at worst "
        "place {worst}, depending on the boards."
    ),
    "outlook.place.top_solo": N_(
        "a solo on the top board makes {player} champion, ahead of every place; at worst place "
        "{worst}."
    ),
    "outlook.place.champion": N_("{player} won the top board: champion, ahead of every place."),
    # The championship (seed 002: the winner of the top board).
    "outlook.champion.not_top": N_(
        "{player} does not play the top board ({board}), whose winner is the champion."
    ),
    "outlook.champion.won": N_("{player} won the top board ({board}) and is champion."),
    "outlook.champion.lost": N_("the top board ({board}) is over and {winner} won it."),
    "outlook.champion.open": N_(
        "{player} plays the top board ({board}): a solo there makes them champion, losing "
        "every centre does not."
    ),
    # The fewest centres on a player's own board that clinch a place.
    "outlook.centres.place": N_(
        "{centres} centres on their board clinch place {place} or better for {player}, however "
        "the other powers of the board and the other boards end."
    ),
    "outlook.centres.title": N_(
        "{centres} centres on the top board make {player} champion, however the others end."
    ),
    "outlook.centres.none": N_(
        "no number of centres on their board alone clinches place {place} for {player}."
    ),
    "outlook.centres.title_none": N_(
        "no number of centres on their board alone makes {player} champion."
    ),
    # The best-country awards (seed 002, "Prizes"): board score, then centres, then payout.
    "outlook.country.none": N_(
        "{player} has not played {power} and does not play it in the final round."
    ),
    "outlook.country.alone": N_(
        "nobody else has played {power} or plays it in the final round: the award is {player}'s."
    ),
    "outlook.country.clinched": N_(
        "even at worst, {player}'s best game with {power} ({score} points, {centres} centres, "
        "payout {payout}) stays ahead of the best any other game with it can reach ({rival}: "
        "{rival_score} points, {rival_centres} centres): the award is theirs."
    ),
    "outlook.country.clinched_tie": N_(
        "even at worst, {player}'s best game with {power} ({score} points, {centres} centres, "
        "payout {payout}) is not passed by any other game with it; at worst {rival} ties it and "
        "shares the award."
    ),
    "outlook.country.out": N_(
        "even at best, {player}'s best game with {power} ({score} points, {centres} centres, "
        "payout {payout}) stays behind {rival}'s, which cannot fall below {rival_score} points "
        "and {rival_centres} centres: the award is out of reach."
    ),
    "outlook.country.possible": N_(
        "the award for {power} is still open to {player} (at best {score} points, {centres} "
        "centres, payout {payout}), and {rival} can still pass them (up to {rival_score} "
        "points, {rival_centres} centres)."
    ),
    # The team championship (seed 002, "Team Tournament").
    "outlook.team.alone": N_("{team} is the only team: the team championship is theirs."),
    "outlook.team.clinched": N_(
        "even if every member of {team} loses every centre and every other team's players solo, "
        "{team} stays ahead of every team (the closest, {rival}, at least {margin} behind): the "
        "team championship is theirs."
    ),
    "outlook.team.clinched_tie": N_(
        "even if every member of {team} loses every centre and every other team's players solo, "
        "no team passes {team}; at worst {rival} ties and shares the team championship."
    ),
    "outlook.team.out": N_(
        "even if every member of {team} solos and every other board ends the best way for "
        "them, {rival} stays at least {margin} ahead: the team championship is out of reach."
    ),
    "outlook.team.possible": N_(
        "with a solo for each member of {team} in the final round and every other board won by "
        "a player whose score counts for no team, {team} is first; with the worst results "
        "{rival} passes them: still open."
    ),
    "outlook.team.not_computed": N_(
        "not computed for {team}: no team stays above it whatever happens and it stays above "
        "no team whatever happens, but the exact reasoning does not hold here: {why}."
    ),
    "outlook.team.possible_loose": N_(
        "with a solo for each member of {team} in the final round and every other board won by "
        "a player whose score counts for no team or for a team that cannot catch {team} even "
        "with its best results, {team} is first; with the worst results {rival} passes them: "
        "still open."
    ),
    "outlook.team.possible_search": N_(
        "with a solo for each member of {team} where they play alone for it, every other board "
        "won by a player whose team cannot catch {team}, and boards {boards} (where every seat "
        "that matters counts for a rival) ending in one of the ways tried one by one, {team} is "
        "first; with the worst results {rival} passes them: still open."
    ),
    "outlook.team.out_joint": N_(
        "no single team stays above {team} whatever happens, but every way boards {boards} can "
        "end (tried one by one, with a solo for each member of {team} elsewhere) lets one team "
        "or another finish above it: the team championship is out of reach."
    ),
    "outlook.team.too_many": N_(
        "boards {boards} seat so many teams that all matter that trying every way they can end "
        "would take more than {limit} steps"
    ),
    "outlook.team.negative": N_(
        "this board-scoring system can pay a share below zero, and the reasoning needs every "
        "share to be zero or more"
    ),
    # The outlook's table on the standings page and a player's outlook page.
    "outlook.label.title": N_(
        "Before the final round (round {round}): what each player can still reach"
    ),
    "outlook.label.champion": N_("Champion"),
    "outlook.label.place_or_better": N_("place or better"),
    "outlook.label.clinched": N_("clinched"),
    "outlook.label.possible": N_("possible"),
    "outlook.label.out": N_("out"),
    "outlook.label.not_computed": N_("not computed"),
    "outlook.label.best_country": N_("Best country"),
    "outlook.label.team": N_("Team championship"),
    "outlook.label.power": N_("Power"),
    "outlook.centres.entered": N_("with the board's other results as entered so far ({entered}):"),
    "outlook.centres.free": N_("with the board's other results left free:"),
    "outlook.centres.conflict": N_(
        "the reports from board {board} differ: none is taken as entered until they agree or "
        "the TD accepts one."
    ),
    # Why there is no outlook.
    "outlook.unsupported.two_boards": N_(
        "{player} is seated on more than two boards of the final round, or twice on one board; "
        "the outlook covers a player on one board or two."
    ),
    "outlook.unsupported.two_boards_top": N_(
        "{player} plays the top board ({board}) and another board of the final round; the top "
        'board\'s seven play one board each (seed 002, "Top Board"), and the outlook covers '
        "only that."
    ),
    "outlook.unsupported.two_boards_linked": N_(
        "{players} each play two boards of the final round, all still free, and share board "
        "{board}; the outlook covers a two-boarder whose two free boards are shared with no "
        "other such two-boarder."
    ),
    "outlook.unsupported.no_solo": N_(
        "under {system} no result gives one power everything; the outlook's best case does not "
        "hold."
    ),
    "outlook.unsupported.aggregation": N_(
        "the outlook is computed under the ante only; this tournament's aggregation is "
        "{aggregation}."
    ),
    "outlook.unsupported.system": N_(
        "the outlook needs a board score read from the final centres alone; {system} is not one."
    ),
    "outlook.unsupported.adjusted": N_(
        "the fewer-games adjustment comes after the final round (round {round}); the outlook "
        "does not cover it."
    ),
    "outlook.unsupported.no_call": N_("the final round (round {round}) is not called yet."),
}
