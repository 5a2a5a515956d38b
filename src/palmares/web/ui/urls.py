"""The pages."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from palmares.web.ui.views import (
    adjudication,
    chaos,
    clock,
    closing,
    desk,
    dip_pouch,
    diplomacy,
    games,
    grid,
    imports,
    jobs,
    outlook,
    overrides,
    projector,
    reports,
    rounds,
    site,
    skill,
    topboard,
    tournaments,
    undo,
)

urlpatterns = [
    path("", site.home, name="home"),
    path("search", site.search, name="search"),
    path("dip-pouch/", dip_pouch.ranking, name="ranking"),
    path("dip-pouch/events/", dip_pouch.events, name="events"),
    path("dip-pouch/formula/", dip_pouch.formula, name="formula"),
    path("players/<int:player_id>/", dip_pouch.player, name="player"),
    path("events/<int:event_id>/", dip_pouch.event, name="event"),
    path("diplomacy/", tournaments.tournaments, name="tournaments"),
    path("diplomacy/ruling/", adjudication.ruling, name="ruling"),
    path("diplomacy/chaos/<int:game_id>/", chaos.chaos_game, name="chaos-game"),
    path("diplomacy/<int:tournament_id>/chaos/new", chaos.new_chaos_game, name="new-chaos-game"),
    path("diplomacy/<int:tournament_id>/", diplomacy.tournament, name="tournament"),
    path("diplomacy/<int:tournament_id>/boards/new", grid.enter_board, name="enter-board"),
    path("diplomacy/<int:tournament_id>/board-call/", diplomacy.board_call, name="board-call"),
    path("diplomacy/<int:tournament_id>/outlook/", outlook.outlook, name="outlook"),
    # The TD's desk (issue 12): pages that write have "new" or "edit" in their path.
    path("diplomacy/new", desk.new_tournament, name="new-tournament"),
    path("diplomacy/<int:tournament_id>/edit/close", closing.close, name="close-tournament"),
    path("diplomacy/<int:tournament_id>/edit/top-board", topboard.top_board, name="top-board"),
    path("diplomacy/<int:tournament_id>/edit/undo", undo.undo, name="undo-result"),
    path(
        "diplomacy/<int:tournament_id>/edit/overrides",
        overrides.score_overrides,
        name="score-overrides",
    ),
    path("diplomacy/<int:tournament_id>/desk", desk.desk, name="desk"),
    path("diplomacy/<int:tournament_id>/audit", desk.audit, name="audit"),
    path("diplomacy/<int:tournament_id>/edit/players", desk.register_player, name="register"),
    path(
        "diplomacy/<int:tournament_id>/edit/players-file", desk.register_file, name="register-file"
    ),
    path("diplomacy/<int:tournament_id>/edit/keep-apart", desk.keep_apart, name="keep-apart"),
    path("diplomacy/<int:tournament_id>/edit/attendance", desk.attendance, name="attendance"),
    path("diplomacy/<int:tournament_id>/edit/directors", desk.add_director, name="add-director"),
    path("diplomacy/<int:tournament_id>/check-in", rounds.check_in, name="check-in"),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/", rounds.round_desk, name="round-desk"
    ),
    path("diplomacy/<int:tournament_id>/rounds/<int:number>/call", rounds.public_call, name="call"),
    # Reports from the table (issue 38): a board's phone page, the TD's board of boards.
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/boards/<str:label>/report",
        reports.report,
        name="board-report",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/reports/",
        reports.board_of_boards,
        name="board-of-boards",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/reports/projector",
        reports.projector,
        name="board-of-boards-projector",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/reports/<str:label>/accept",
        reports.accept,
        name="accept-board",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/call.csv",
        rounds.call_csv,
        name="call-csv",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/roll-call",
        rounds.roll_call,
        name="roll-call",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/accept",
        rounds.accept,
        name="accept-proposal",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/check-in",
        rounds.open_check_in,
        name="open-check-in",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/board-call",
        rounds.make_call,
        name="make-call",
    ),
    path("diplomacy/<int:tournament_id>/rounds/<int:number>/edit/swap", rounds.swap, name="swap"),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/publish",
        rounds.publish,
        name="publish-call",
    ),
    path(
        "diplomacy/<int:tournament_id>/rounds/<int:number>/edit/unpublish",
        rounds.unpublish,
        name="unpublish-call",
    ),
    path("diplomacy/<int:tournament_id>/clock/", clock.clock, name="clock"),
    path(
        "diplomacy/<int:tournament_id>/chaos-schedule/",
        clock.chaos_schedule,
        name="chaos-schedule",
    ),
    # The room's projectors (issue 14): no login; each screen polls its fragment (ETag, 304).
    path("diplomacy/<int:tournament_id>/projector/", projector.index, name="projector"),
    *(
        p
        for screen in ("boards", "standings", "status")
        for p in (
            path(
                f"diplomacy/<int:tournament_id>/projector/{screen}/",
                projector.page,
                {"screen": screen},
                name=f"projector-{screen}",
            ),
            path(
                f"diplomacy/<int:tournament_id>/projector/{screen}/fragment",
                projector.fragment_view,
                {"screen": screen},
                name=f"projector-{screen}-fragment",
            ),
        )
    ),
    path("tantrix/", games.tantrix, name="tantrix"),
    path("tantrix/events/<int:event_id>/", games.tantrix_event, name="tantrix-event"),
    path("tantrix/players/<int:player_id>/", games.tantrix_player, name="tantrix-player"),
    path("wizard/", games.wizard, name="wizard"),
    path("wizard/<int:year>-<int:month>/", games.wizard_month, name="wizard-month"),
    path("wizard/junior/<int:year>-<int:month>/", games.wizard_junior, name="wizard-junior"),
    path("wizard/tournaments/<int:event_id>/", games.wizard_tournament, name="wizard-tournament"),
    path("wizard/players/<int:player_id>/", games.wizard_ledger, name="wizard-ledger"),
    path("ratings/<slug:community>/", skill.which_predicts, name="which-predicts"),
    path("imports/new", imports.upload, name="import"),
    path("jobs/<uuid:job_id>/", jobs.job, name="job"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="ui/login.html"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]
