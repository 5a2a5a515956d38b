"""Orders and adjudication on the standard Diplomacy map (issue 17; docs/adjudication.md).

``board_map`` (provinces, coasts, borders), ``parse`` (orders.txt under the rule sets ``datc``
and ``wdc-2007``, seed 002 "Order Writing and Format"), ``rulings`` (which orders are valid),
``movement`` (Kruijswijk's resolver, DATC v3.0), ``retreat``, ``adjustment``, ``phases`` (one
phase in, its results and the next position out), ``position`` (position.json).
"""
