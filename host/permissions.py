"""Who may direct a game, a tournament or a campaign: the one rule every such action checks (issue 33).

A lobby's Start and Add AI, a game's settings and abandoning it, a tournament's start, results, drops
of others and cancelling, a campaign's episodes, its AI seats, other players' island names and
abandoning it: each is allowed to the one who created it (a tournament's organiser), to a server
manager and to a bot owner (``manager``: the front end says which, from what the platform tells it
about the caller), and to the host itself (``by_user_id`` None: a full lobby starting, a campaign
filling its table). The host checks it whatever the front end showed: Discord's
``default_member_permissions`` only hides a command, and a server admin can open it to everyone.
"""

from __future__ import annotations

from host.errors import NotAllowed


def may_direct(creator_id: int | None, by_user_id: int | None, manager: bool) -> bool:
    return by_user_id is None or manager or by_user_id == creator_id


def require_director(creator_id: int | None, by_user_id: int | None, manager: bool, refusal: str) -> None:
    """``NotAllowed(refusal)`` unless :func:`may_direct`; checked before anything changes."""
    if not may_direct(creator_id, by_user_id, manager):
        raise NotAllowed(refusal)
