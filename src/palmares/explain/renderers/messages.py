"""The core's :class:`~palmares.core.message.Message` through :func:`palmares.explain.explain`
(the words are :mod:`palmares.explain.messages`')."""

from __future__ import annotations

from palmares.core.message import Message
from palmares.explain.messages import message_text
from palmares.explain.registry import renders
from palmares.explain.voice import Voice

__all__: list[str] = []


@renders(Message)
def _message(m: Message, v: Voice) -> tuple[str, ...]:
    return (message_text(m, v),)
