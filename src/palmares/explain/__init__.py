"""The explanation layer: the one place words about a rule come from.

The core computes typed values (a frozen dataclass per rule, naming its seed and section); this
layer renders them as sentences in English or French through a gettext catalogue
(``explain/locale/<lang>/LC_MESSAGES/palmares.po``), with numbers formatted per language
(``64.47%`` / ``64,47 %``). It loads no Django, typer or rich: the CLI and the site both call it.

- :mod:`~palmares.explain.language` — :class:`Language` (``en|fr``) and the default from the
  locale environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``);
- :mod:`~palmares.explain.numbers` — the one :func:`figure` / :func:`percent` / :func:`ordinal`;
- :mod:`~palmares.explain.voice` — :class:`Voice`: one language's catalogue and numbers;
- :mod:`~palmares.explain.messages` — :func:`tell`: a core
  :class:`~palmares.core.message.Message` (a note, a problem) in words;
- :mod:`~palmares.explain.registry` — :func:`renders` (a renderer per typed-value class) and
  :func:`explain` (a value's sentences).
"""

from __future__ import annotations

from palmares.explain.language import Language, language_from_env, parse_language
from palmares.explain.messages import tell
from palmares.explain.numbers import and_list, figure, ordinal, percent
from palmares.explain.registry import explain, explain_text, renders
from palmares.explain.voice import Voice, voice

__all__ = [
    "Language",
    "Voice",
    "and_list",
    "explain",
    "explain_text",
    "figure",
    "language_from_env",
    "ordinal",
    "parse_language",
    "percent",
    "renders",
    "tell",
    "voice",
]
