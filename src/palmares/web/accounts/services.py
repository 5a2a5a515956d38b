"""Use cases on accounts: add a user with a role, issue an API token, find a token's user.

Roles (docs/web.md): ``td`` — a member of the group ``tournament directors``: creates
tournaments and directs the ones it creates or is added to; ``officer`` — a ratings officer
(imports, publishes lists, replaces results); ``admin`` — a superuser (and staff, for the admin
site).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from palmares.core.errors import PalmaresError
from palmares.core.message import Message
from palmares.web.accounts.models import ApiToken
from palmares.web.accounts.roles import RATINGS_OFFICERS, TOURNAMENT_DIRECTORS

__all__ = ["ROLES", "add_user", "hash_token", "issue_token", "token_user"]

ROLES = ("td", "officer", "admin")
#: 32 random bytes, URL-safe: 43 characters.
TOKEN_BYTES = 32


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def add_user(name: str, role: str, password: str) -> Any:
    """Create the account ``name`` with ``role``; the password passes the site's validators."""
    if role not in ROLES:
        raise PalmaresError.of(Message.of("accounts.role", role=repr(role), roles=ROLES))
    name = name.strip()
    if not name:
        raise PalmaresError.of(Message.of("accounts.needs_name"))
    model = get_user_model()
    if len(name) > (model._meta.get_field("username").max_length or 150):
        raise PalmaresError.of(Message.of("accounts.name_long", name=repr(name)))
    if model.objects.filter(username__iexact=name).exists():
        raise PalmaresError.of(Message.of("accounts.exists", name=repr(name)))
    if not password:
        raise PalmaresError.of(Message.of("accounts.empty_password"))
    try:
        validate_password(password, model(username=name))
    except ValidationError as exc:
        why = " ".join(exc.messages)
        raise PalmaresError.of(Message.of("accounts.password", why=why)) from None
    with transaction.atomic():
        user = model.objects.create_user(name, password=password)
        if role in ("td", "officer"):
            wanted = TOURNAMENT_DIRECTORS if role == "td" else RATINGS_OFFICERS
            group, _ = Group.objects.get_or_create(name=wanted)
            user.groups.add(group)
        elif role == "admin":
            user.is_superuser = True
            user.is_staff = True
            user.save()
    return user


def issue_token(name: str) -> str:
    """A new API token for the user ``name`` (the old one, if any, stops working)."""
    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise PalmaresError.of(Message.of("site.no_user", name=repr(name)))
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with transaction.atomic():
        ApiToken.objects.filter(user=user).delete()
        ApiToken.objects.create(user=user, digest=hash_token(token))
    return token


def token_user(token: str) -> Any | None:
    """The active user a token belongs to (None: unknown token or inactive user)."""
    if not token or len(token) > 200:
        return None
    found = ApiToken.objects.filter(digest=hash_token(token)).select_related("user").first()
    if found is None or not found.user.is_active:
        return None
    ApiToken.objects.filter(pk=found.pk).update(last_used=timezone.now())
    return found.user
