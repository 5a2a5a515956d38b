"""The catalogue's one-line rules (issue 35): each board-scoring system's and each tournament
aggregation's ``summary`` (a :class:`~palmares.core.message.Message` keyed
``system.<slug>.summary`` / ``aggregation.<slug>.summary``, set by the pure registries in
``diplomacy.scoring`` and ``diplomacy.aggregation``) and the words of ``palmares diplomacy
systems`` (a system's kind, the rule column): each key's English sentence, its French in the
catalogue. The figures are the modules' own (each module's docstring names its source)."""

from __future__ import annotations

from palmares.explain.voice import N_

__all__ = ["SYSTEMS"]

SYSTEMS: dict[str, str] = {
    # diplomacy.scoring: the one-line rules
    "system.7eleven.summary": N_("Maxonian with the bonus above 11 centres."),
    "system.bangkok.summary": N_(
        "1/centre + 3 surviving + 12 shared 3/2/1 by top, −1, −2; solo 41."
    ),
    "system.bangkok-pike.summary": N_(
        "3 surviving + 1/centre + 6 lone top (4 shared), 4 / 2 one / two behind; solo 60."
    ),
    "system.base-3.summary": N_(
        "1/centre + 3 surviving + 9 for a lone top (÷3 per extra topper); solo 46."
    ),
    "system.c-diplo-100.summary": N_(
        "1 for playing + 1/centre + 38/14/7 for places 1–3 (ties split); solo 100."
    ),
    "system.c-diplo-80.summary": N_("1/centre + 25/14/7 for places 1–3 (ties split); solo 80."),
    "system.c-diplo-namur.summary": N_(
        "1 for playing + centre scale 5,9,12,14,16,18,+1… + 38/14/7 by place; solo 85."
    ),
    "system.carnage.summary": N_(
        "7000…1000 by place (ties split, dead by elimination year) + 1/centre; solo 28034."
    ),
    "system.carnage-2023.summary": N_(
        "Carnage + 300 per centre of a lone topper's lead; solo 28034."
    ),
    "system.carnage-dead-equal.summary": N_(
        "7000…1000 by place (ties split, all dead tied) + 1/centre; solo 28034."
    ),
    "system.center-count-carnage.summary": N_(
        "7007…1001 by place + 500/centre; solo 39028, losers 1000."
    ),
    "system.cruise-con.summary": N_(
        "Draw of n: 48/32/24/19/16/13 each + ⌊centres / n⌋; solo: set cruise-con:solo=N."
    ),
    "system.detour09.summary": N_(
        "centres + 2 alive + lone lead + 4/3/2/1 by place, to 100; dead 0.25/yr; solo 110."
    ),
    "system.divide-and-conquer.summary": N_(
        "raw = 100 · f(sc) / Σ f, f(sc) = 2^(sc/4) − 1; solo 100, others 0"
    ),
    "system.draw-size.summary": N_("The powers in the draw share 100 equally; solo 100."),
    "system.duct-tape-v2.summary": N_(
        "1/centre + 40,24,15,9,6,3,3 by place (ties split, dead tied); solo 75."
    ),
    "system.duct-tape-v2-elimination-order.summary": N_(
        "Duct Tape v2 with the dead placed by elimination year; solo 75."
    ),
    "system.haight.summary": N_(
        "10/centre (dead 1/year) + 66…0 by place + 5 per centre of lone lead; solo 451."
    ),
    "system.kublacon-kill.summary": N_(
        "1/centre + 1 past 1905 + 2 per dead power + 2 per centre of lead, max 27; win 34."
    ),
    "system.manorcon.summary": N_(
        "Survivors 100·N/ΣN with N = S²+4S+16; dead 0.1/year survived; solo 75."
    ),
    "system.manorcon-original.summary": N_("As ManorCon, solo 100."),
    "system.manorcon-v2.summary": N_("As ManorCon, solo 100, the dead add nothing to ΣN."),
    "system.maxonian.summary": N_("7…1 by place (ties by earlier years) + 1 per centre above 13."),
    "system.mischief.summary": N_(
        "1/centre + 5 for a lone top, 1 each for a two-way top; solo 34."
    ),
    "system.olympic.summary": N_("Bangkok with shares 4/1.5/0.5; solo 46, others 0."),
    "system.omg.summary": N_(
        "1.5/centre + 9 surviving + 4.5/3/1.5 by place; others pay a lone topper its lead."
    ),
    "system.open-tribute.summary": N_(
        "Survivors 34 + 3/centre, each pays the topper 1 per centre behind; solo 340."
    ),
    "system.ranked-classic.summary": N_(
        "10/centre + 30 surviving + 200,90,60,40,30,20,10 by place; dead 1/year; solo 550."
    ),
    "system.ranked-classic-v2.summary": N_(
        "Ranked Classic, but 3+ tied take the two-way value of the second-lowest place."
    ),
    "system.solo-or-bust.summary": N_("Solo 100; any other result 0 for everyone."),
    "system.southern-sun.summary": N_(
        "30 surviving + 10/centre + 130,80,50,30,20,10,10 by place; dead 3/year; solo 500."
    ),
    "system.sum-of-squares.summary": N_("100 · centres² / Σ centres²; solo 100, others 0."),
    "system.summer-classic.summary": N_(
        "World Classic, but no topping pool when three or more top."
    ),
    "system.sydney-league.summary": N_(
        "700…100 by place (ties split) + 25/centre (dead 1/year); solo ×1.5, others ×0.5."
    ),
    "system.tribute.summary": N_(
        "1/centre + survivors share 66; others pay the topper min(share, top − 6)."
    ),
    "system.vulcan.summary": N_(
        "5 alive + 1/centre + 1 per centre over each lower power + 10 to top; solo 130."
    ),
    "system.whipping.summary": N_(
        "10/centre + survivors share 60 + 2×centres for a lone top; dead 1/year; solo 468."
    ),
    "system.world-classic.summary": N_(
        "10/centre + 30 surviving + toppers share 48; dead 1/year; solo 420."
    ),
    "system.your-draw-size.summary": N_(
        "105/70/42/30/21/0 by centre band (14+, 11+, 8+, 4+, 1+); solo {solo}."
    ),
    # diplomacy.aggregation: the one-line rules
    "aggregation.ante.summary": N_(
        "start 100; stake 10% of the score before each game; take the raw score % of the pot; "
        "fewer-games adjustment after round 5"
    ),
    "aggregation.best-games.summary": N_("the sum of the N best board scores in any rounds; n=3"),
    "aggregation.best-rounds.summary": N_(
        "the sum of the N best rounds (a round's score: its best game); n=2"
    ),
    "aggregation.best-two-plus.summary": N_(
        "the 2 best games in full + 1/2 of the average of the others"
    ),
    "aggregation.pool-multiplier.summary": N_("sum of all rounds, the top board's scores × 1.5"),
    "aggregation.round-ranks.summary": N_(
        "sum of each round's rank by round score, low is best; best=N keeps N rounds"
    ),
    "aggregation.sit-out.summary": N_(
        "sum of all rounds + the round's average board score for one round sat out"
    ),
    "aggregation.sum.summary": N_("the sum of every board score"),
    # palmares diplomacy systems: a system's kind, the rule column
    "system.kind.rank": N_("rank"),
    "system.kind.draw": N_("draw"),
    "system.kind.centre-count": N_("centre-count"),
    "system.kind.mixed": N_("mixed"),
    "system.column.rule": N_("one-line rule"),
    "system.column.name": N_("name"),
    "system.column.kind": N_("kind"),
    "system.column.parameters": N_("parameters"),
    "system.column.source": N_("source"),
}
