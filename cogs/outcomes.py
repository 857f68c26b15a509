"""What a move means for the game's thread: a new board post or an edit of the turn post, and
whom to tell "your move". Plain questions about a :class:`host.MoveOutcome`, no sending."""

from __future__ import annotations

from cogs import present
from host import GameInfo, Host, MoveOutcome


def posts_board(outcome: MoveOutcome, headline: str | None = None) -> bool:
    """Whether this move gets a new board post in the thread (a turn handed on, a reveal, the
    end), rather than an edit of the current turn post (a sealed choice, a sub-step)."""
    info = outcome.game
    if outcome.finished or info.status == "finished":
        return True
    if headline:
        return True
    if sealed_only(outcome) or outcome.same_turn:
        return False
    return bool(outcome.lines or outcome.newly_to_act)


def sealed_only(outcome: MoveOutcome) -> bool:
    """One more seat has sealed its part of a simultaneous step, and nothing else happened.

    A reveal must get its own board post even when the next seat to act was already
    waiting; the host tells the two apart (``step_changed``).
    """
    info = outcome.game
    return not outcome.step_changed and info.acted > 0 and info.waiting > 0


def fresh_to_act(outcome: MoveOutcome) -> set[int]:
    """Seats to tell "your move": those new to act, or everyone to act after a new board post
    (never the same seats again for a sub-step of their own turn)."""
    if outcome.newly_to_act:
        return set(outcome.newly_to_act)
    if outcome.same_turn:
        return set()
    return set() if sealed_only(outcome) or not outcome.lines else set(outcome.game.to_act)


def turn_content(info: GameInfo, newly: set[int]) -> str:
    text = present.to_act_text(info, newly)
    if info.acted > 0 and info.waiting > 0:
        text += "\n" + present.progress_text(info)
    return text


async def by_dm(host: Host, info: GameInfo, seats: set[int]) -> set[int]:
    """Of ``seats`` (told "your move" now), those whose player hears of their turn by DM instead of a
    ping in the thread (``Host.turn_notice``: their choice, else the server's): one signal per turn."""
    out = set()
    for s in info.seats:
        if s.seat in seats and s.user_id is not None and not s.automatic \
                and await host.turn_notice(s.user_id, info.guild_id) == "dm":
            out.add(s.seat)
    return out
