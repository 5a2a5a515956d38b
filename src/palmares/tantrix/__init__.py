"""Tantrix Elo (seed 003, the NZ Tantrix Championship 2000 sheet; ``specs/tantrix.md``).

Pure: frozen dataclasses in, plain results out; no files, no printing, no words (a value's words
are ``palmares.explain``'s: ``explain(result.player("Jace"), "fr")``). Modules, in the rule
book's words:

- ``tournament_points`` — TP of a game from tile scores (20 shared, 12 + (4/3)·√m, time
  penalties) and of a match: ``game_points``, ``match_points``, ``winner_points``,
  ``time_penalty``.
- ``factor`` — ``factor(p)`` = 400·√2 · Φ⁻¹(p), p clamped to [0.01, 0.99].
- ``match`` — ``Match(player_a, player_b, games, tp_a, tp_b, *, event, date, round,
  own_rating, illustrative, line)``.
- ``performance`` — the normal method: ``normal_method([Outcome, ...]) -> Performance``.
- ``knockout`` — unrated players rated along the draw: ``rate_unrated(matches, official)``.
- ``tournament`` — the whole tournament: ``rate_tournament(matches, official) ->
  TournamentRating`` (``.unrated``, ``.official``, ``.conservation``, ``.player(name)``).
- ``tables`` — ``performance_rows(result)``: the seed's two tables as typed rows, one per player.
- ``rating_list`` — ``RatingEntry``, ``update_list``, ``recentre``, ``seeding_list``,
  ``official_ratings``.

A typical call (what ``palmares tantrix performance`` does)::

    from palmares.io.tantrix import read_matches_csv, read_ratings_csv
    from palmares.tantrix.rating_list import official_ratings
    from palmares.tantrix.tournament import rate_tournament

    ratings = read_ratings_csv("ratings.csv")
    result = rate_tournament(read_matches_csv("matches.csv"), official_ratings(ratings))
    elo = {p.player: p.tournament_elo for p in result.official}  # {"Pekko": 1953.2…, …}
"""
