"""A unique constraint that SQLite keeps as an index of its own, so a bulk write can rebuild it.

Django writes a ``UniqueConstraint`` on SQLite into the ``CREATE TABLE`` statement (``CONSTRAINT
… UNIQUE``). SQLite backs that with an automatic index that cannot be dropped, so a bulk write
(:func:`palmares.web.lib.bulk.indexes_after`) had to enter each of two million list lines into
it one by one, in the lists' order, not the key's: about 3.5 s of a million-result import's
standing write on SQLite, against 1.2–1.7 s for building the same index in one sorted pass
afterwards (issue 15). :class:`UniqueIndex` is created on SQLite as ``CREATE UNIQUE INDEX``
(SQLite's own form of a named unique constraint), which ``indexes_after`` drops and builds again;
a duplicate then fails the build, and the write with it. On PostgreSQL it is the same ``UNIQUE``
constraint as before. Validation (``Model.validate_constraints``, the admin's forms) and its
messages are those of ``UniqueConstraint`` on both.
"""

from __future__ import annotations

from typing import Any

from django.db import models

__all__ = ["UniqueIndex"]


class UniqueIndex(models.UniqueConstraint):
    """``UniqueConstraint(fields=…, name=…)``, kept outside the table's definition on SQLite."""

    def constraint_sql(self, model: Any, schema_editor: Any) -> str:
        if schema_editor.connection.vendor != "sqlite":
            return super().constraint_sql(model, schema_editor)
        # Nothing in the table's definition (Django leaves out an empty part); the index is
        # created after the table, as Django creates the table's other indexes (and renamed
        # with it when SQLite's schema editor rebuilds the table).
        schema_editor.deferred_sql.append(self.create_sql(model, schema_editor))
        return ""


def own_index_operations(
    app_label: str, constraints: dict[str, models.UniqueConstraint]
) -> list[Any]:
    """A migration's operations turning each ``UniqueConstraint`` (model name → the new
    :class:`UniqueIndex`, of the same name and fields) into a :class:`UniqueIndex`. On
    PostgreSQL the two are one constraint and nothing is run; on SQLite each table is rebuilt
    once, as Django's own SQLite schema editor rebuilds a table to drop a constraint from it."""
    from django.db import migrations

    state = []
    for model_name, constraint in constraints.items():
        state += [
            migrations.RemoveConstraint(model_name=model_name, name=constraint.name),
            migrations.AddConstraint(model_name=model_name, constraint=constraint),
        ]

    def rebuild(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "sqlite":
            return
        for model_name in constraints:
            schema_editor._remake_table(apps.get_model(app_label, model_name))

    # (backwards, the index stays: it holds the same rows unique as the inline constraint)
    return [
        migrations.SeparateDatabaseAndState(state_operations=state),
        migrations.RunPython(rebuild, migrations.RunPython.noop),
    ]
