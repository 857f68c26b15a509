"""How a campaign reads in Discord: its name and the campaign embed (no service calls)."""

from __future__ import annotations

from typing import Any

import discord

from cogs import present
from host.campaign import CampaignInfo, CampaignPlayer
from host.i18n import N_, _
from rules.my_island.modules import N_EPISODES

COLOUR = discord.Colour(0x2E7D6B)
STATUS = {"forming": N_("Gathering players"), "running": N_("Running"), "finished": N_("Finished"),
          "abandoned": N_("Abandoned")}


def campaign_name(info: CampaignInfo) -> str:
    return _("My Island campaign #{id}", id=info.id)


def who(p: CampaignPlayer) -> str:
    return f"**{present.safe_name(p.name)}**" if p.is_ai or p.user_id is None else f"<@{p.user_id}>"


def campaign_embed(info: CampaignInfo, status: dict[str, Any]) -> discord.Embed:
    state = _(STATUS.get(info.status, info.status))
    if status.get("next_episode"):
        state += " · " + _("next: episode {k} of {n} (chapter {c})", k=status["next_episode"], n=N_EPISODES,
                           c=status.get("chapter") or 1)
    current = status["campaign"]["current_game_id"]
    if current:
        state += "\n" + _("Episode {k} is being played: game #{game}.", k=info.current.episode if info.current else "?",
                          game=current)
    embed = discord.Embed(title=campaign_name(info), colour=COLOUR, description=state)
    by_seat = {p.seat: p for p in info.players}
    if status.get("standings"):
        islands = {i["seat"]: i for i in status["islands"]}
        lines = []
        for r in status["standings"]:
            p, isl = by_seat.get(r["seat"]), islands.get(r["seat"], {})
            lines.append(_("{rank}. {island} ({who}): {pros} prosperity · {firsts} first places · {pts} points",
                           rank=r["rank"], island=present.safe_name(r["name"] or "?"), who=who(p) if p else "?", pros=r["prosperity"],
                           firsts=r["first_places"], pts=isl.get("points_total", 0)))
        embed.add_field(name=_("Standings"), value=present.clip("\n".join(lines), 1024), inline=False)
    else:
        seats = "\n".join(f"{p.seat + 1}. {who(p)} · {present.safe_name(p.island_name)}" for p in info.players) or _("Nobody yet")
        embed.add_field(name=_("Players ({n}/4)", n=len(info.players)), value=present.clip(seats, 1024), inline=False)
    modules = ", ".join(status.get("unlocked_module_names") or status.get("unlocked_modules") or []) or _("none yet")
    embed.add_field(name=_("Unlocked modules"), value=present.clip(modules, 1024), inline=False)
    history = []
    for e in status.get("episodes", []):
        if e["status"] == "playing":
            history.append(_("Episode {k} (game #{game}): playing", k=e["episode"], game=e["game_id"]))
        elif e["status"] == "void":
            history.append(_("Episode {k} (game #{game}): abandoned, to be replayed", k=e["episode"], game=e["game_id"]))
        else:
            scores = " · ".join(f"{present.safe_name(by_seat[s].island_name) if s in by_seat else s + 1} {v}"
                                for s, v in enumerate(e["scores"] or []))
            history.append(_("Episode {k} (game #{game}): {scores}", k=e["episode"], game=e["game_id"], scores=scores))
    if history:
        text = "\n".join(history[-10:])
        if len(history) > 10:
            text = _("… {n} earlier episodes", n=len(history) - 10) + "\n" + text
        embed.add_field(name=_("Episodes"), value=present.clip(text, 1024), inline=False)
    if status.get("next_rules") and info.status != "finished":
        embed.add_field(name=_("Next episode's rules"),
                        value=present.clip("\n".join(f"• {x}" for x in status["next_rules"]), 1024), inline=False)
    if status.get("finished") and status.get("winners") is not None:
        names = ", ".join(who(by_seat[s]) for s in status["winners"] if s in by_seat)
        embed.add_field(name=_("Winner"), value=names or "–", inline=False)
    if info.status == "forming":
        embed.set_footer(text=_("Join, add AI seats, then the creator starts episode 1 (/campaign next)."))
    return embed
