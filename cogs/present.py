"""How games look in Discord: embeds, files, mentions and links (no host calls, no sending)."""

from __future__ import annotations

import io
from typing import Any

import discord

from host import GameInfo, SeatInfo
from host.clocks import describe_clock, has_clock
from host.deadlines import describe_seconds
from host.i18n import N_, _, tr, tr_data
from host.service import level_name
from host.views import broken_text, clip

COLOUR = discord.Colour(0x2E7D6B)
BOARD = "board.png"
MAX_LOG_LINES = 12


def safe_name(name: str) -> str:
    """A player's name as literal text in a message: markdown and mentions in it are escaped,
    so ``Bo**`ld`||x||`` neither breaks the line around it nor pings anyone."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(str(name)))


def mention(seat: SeatInfo) -> str:
    if seat.user_id is None or seat.is_ai:
        return f"**{safe_name(seat.name)}**"
    return f"<@{seat.user_id}>"


def game_name(info: GameInfo) -> str:
    return _("{title} #{id}", title=tr_data(info.title), id=info.id)


def jump_url(info: GameInfo) -> str:
    return f"https://discord.com/channels/{info.guild_id or '@me'}/{info.where}"


def board_file(png: bytes, name: str = BOARD) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


def seat_line(info: GameInfo, seat: SeatInfo) -> str:
    marks = []
    if seat.is_ai:
        marks.append(_("AI"))
    if seat.away:
        marks.append(_("away, AI plays"))
    if seat.user_id is not None and seat.user_id == info.creator_id:
        marks.append(_("host"))
    extra = f" ({', '.join(marks)})" if marks else ""
    return f"{seat.seat + 1}. {mention(seat)}{extra}"


def settings_text(info: GameInfo) -> str:
    s = info.settings
    parts = [_("Clock: {clock}", clock=describe_clock(s))]
    if has_clock(s):
        parts.append(_("Reminders: {on}", on=_("on") if s.get("reminders", True) else _("off")))
        parts.append(_("At the deadline: {what}", what=_("the AI moves") if s.get("on_timeout", "ai") == "ai"
                                                     else _("the seat forfeits")))
    parts.append(_("AI level: {level}", level=level_name(s.get("ai_level") or "strong")))
    return "\n".join(parts)


def banks_text(info: GameInfo, banks: dict[int, float]) -> str:
    def left(seconds: float) -> str:
        return describe_seconds(seconds) if seconds >= 60 else _("less than a minute")

    return "\n".join(_("{name}: {left}", name=seat.name, left=left(banks[seat.seat]))
                     for seat in info.seats if seat.seat in banks)


GAME_STATUS = {"lobby": N_("Waiting for players"), "active": N_("Started"), "finished": N_("Finished"),
               "abandoned": N_("Abandoned")}


def status_word(status: str) -> str:
    """A game's status as players read it (never the stored code word)."""
    return _(GAME_STATUS[status]) if status in GAME_STATUS else status


def lobby_embed(info: GameInfo) -> discord.Embed:
    status = status_word(info.status)
    if info.broken and info.status in ("lobby", "active"):
        status = _("Damaged: it can't go on")
    embed = discord.Embed(title=game_name(info), colour=COLOUR,
                          description=_("{status} · {n}/{max} seats (needs {min})", status=status,
                                        n=len(info.seats), max=info.max_players, min=info.min_players))
    seats = "\n".join(seat_line(info, s) for s in info.seats) or _("Nobody yet")
    embed.add_field(name=_("Players"), value=clip(seats, 1024), inline=False)
    # Scalar options only: structured ones (a campaign's carried-over state) are shown elsewhere.
    shown = {k: v for k, v in sorted(info.options.items()) if not isinstance(v, (dict, list))}
    if shown:
        opts = ", ".join(f"{k}={v}" for k, v in shown.items())
        embed.add_field(name=_("Options"), value=clip(opts, 1024), inline=False)
    embed.add_field(name=_("Settings"), value=settings_text(info), inline=False)
    if info.status == "lobby":
        embed.set_footer(text=_("Join, add AI seats, then the host presses Start (it starts by itself when full)."))
    return embed


def to_act_text(info: GameInfo, newly: set[int] | None = None) -> str:
    """Who must act: newcomers are mentioned (pinged); those already waiting are named."""
    if info.broken and info.status == "active":
        return broken_text(info.id, info.broken)
    if info.status == "finished":
        return _("The game is over.")
    if info.status != "active":
        return ""
    newly = newly if newly is not None else info.to_act
    seats = [s for s in info.seats if s.seat in info.to_act]
    if not seats:
        return ""
    shown = [mention(s) if s.seat in newly else f"**{safe_name(s.name)}**" for s in seats]
    if len(seats) == 1:
        return _("Your move: {who}", who=shown[0])
    return _("To act now: {who}", who=", ".join(shown))


def progress_text(info: GameInfo) -> str:
    total = info.acted + info.waiting
    return _("{done} of {total} have made their choice; waiting for {who}.", done=info.acted, total=total,
             who=", ".join(f"**{safe_name(s.name)}**" for s in info.seats if s.seat in info.to_act))


def sub_step_text(info: GameInfo, lines: list[str], limit: int = 2000) -> str:
    """A turn post's text while its player works through the turn's sub-steps: who is to act
    (named, not pinged again) and every public line since the board, the newest kept when long."""
    head = to_act_text(info, set())
    if not lines:
        return clip(head, limit)
    head += "\n" + _("Since this board:")
    shown: list[str] = []
    size = len(head)
    for line in reversed(lines):
        text = f"• {tr(line)}"
        if size + 1 + len(text) > limit - 60:
            break
        shown.insert(0, text)
        size += 1 + len(text)
    if len(shown) < len(lines):
        head += "\n" + _("… {n} earlier lines in /game log", n=len(lines) - len(shown))
    return clip("\n".join([head, *shown]), limit)


def turn_embed(info: GameInfo, lines: list[str], headline: str | None = None) -> discord.Embed:
    shown = lines[-MAX_LOG_LINES:]
    text = "\n".join(f"• {tr(line)}" for line in shown)
    if len(lines) > len(shown):
        text = _("… {n} earlier lines in /game log", n=len(lines) - len(shown)) + "\n" + text
    if headline:
        text = f"**{tr(headline)}**\n{text}"
    embed = discord.Embed(title=game_name(info), description=clip(text or _("The game goes on."), 4000),
                          colour=COLOUR)
    embed.set_image(url=f"attachment://{BOARD}")
    embed.set_footer(text=_("Move {v}", v=info.version))
    return embed


def score_embed(info: GameInfo, sheet: dict[str, Any] | None) -> discord.Embed:
    embed = discord.Embed(title=_("Final scores: {name}", name=game_name(info)), colour=discord.Colour.gold())
    if not sheet:
        embed.description = _("The game ended without a score sheet.")
        return embed
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for row in sheet["rows"]:
        rank = row.get("rank")
        team = f" ({row['team']})" if row.get("team") else ""
        lines.append(f"{medals.get(rank, f'{rank}.')} **{safe_name(row['name'])}**{team}: {row['score']}")
    embed.description = "\n".join(lines)
    for category in sheet.get("categories", [])[:20]:
        values = " · ".join(f"{safe_name(r['name'])} {r['categories'].get(category, '–')}" for r in sheet["rows"])
        embed.add_field(name=clip(str(category), 256), value=clip(values, 1024), inline=False)
    if sheet.get("tiebreak"):
        heading = _("How the game was won") if sheet.get("won_by") else _("Tie-break")
        embed.add_field(name=heading, value=clip(str(sheet["tiebreak"]), 1024), inline=False)
    embed.set_image(url=f"attachment://{BOARD}")
    return embed


def private_embed(info: GameInfo, title: str, lines: list[str] | None = None,
                  image: bool = True) -> discord.Embed:
    embed = discord.Embed(title=clip(f"{game_name(info)}: {title}", 256), colour=COLOUR)
    if lines:
        embed.description = clip("\n".join(f"• {tr(line)}" for line in lines[-MAX_LOG_LINES:]), 4000)
    if image:
        embed.set_image(url=f"attachment://{BOARD}")
    return embed


def game_list_line(info: GameInfo, user_id: int) -> str:
    mine = info.seat_of(user_id)
    if info.broken and info.status in ("lobby", "active"):
        state = _("damaged, it can't go on")
    elif info.status == "lobby":
        state = _("in the lobby")
    elif mine is not None and mine.seat in info.to_act:
        state = _("**your move**")
    else:
        names = [safe_name(s.name) for s in info.seats if s.seat in info.to_act]
        state = _("waiting for {who}", who=", ".join(names)) if names else status_word(info.status)
    return f"[{game_name(info)}]({jump_url(info)}): {state}"
