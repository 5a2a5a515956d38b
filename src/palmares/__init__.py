"""palmares: results, scores and ratings of game tournaments and leagues.

The computation core (``core``, ``diplomacy``, ``tantrix``, ``wizard``, ``ratings``) is pure:
plain values in, plain values out. ``io`` reads and validates files, ``cli`` and ``web`` are thin
shells that call the core.
"""

__version__ = "0.1.0"
