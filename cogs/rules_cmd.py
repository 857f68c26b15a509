"""``/rules <game> [topic]``: a short summary of a game's rules, one topic at a time.

The summaries live in ``cogs/rules_text/<game>.md`` (written from each game's spec):
the text before the first ``##`` is the overview, every ``## Topic`` is one answer.
A translation is the same file under ``cogs/rules_text/<lang>/`` (``ru/isle_of_skye.md``):
users whose Discord language it is get it, everyone else the English one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import present
from host.i18n import _, current_locale

if TYPE_CHECKING:
    from cogs.isle_bot import IsleBot

TEXT_DIR = Path(__file__).resolve().parent / "rules_text"


@dataclass(frozen=True)
class RulesText:
    key: str
    title: str
    overview: str
    topics: dict[str, str]  # heading -> text


def parse(key: str, text: str) -> RulesText:
    title, overview = key, []
    topics: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("# ") and title == key:
            title = line[2:].strip()
        elif line.startswith("## "):
            current = topics.setdefault(line[3:].strip(), [])
        elif current is None:
            overview.append(line)
        else:
            current.append(line)
    return RulesText(key, title, "\n".join(overview).strip(),
                     {name: "\n".join(body).strip() for name, body in topics.items()})


def load_all(folder: Path = TEXT_DIR) -> dict[str, RulesText]:
    return {p.stem: parse(p.stem, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.md"))}


def load_languages(folder: Path = TEXT_DIR) -> dict[str, dict[str, RulesText]]:
    """``{"en": {game: text}, "ru": {...}}``: English from the folder itself, others from subfolders."""
    found = {"en": load_all(folder)}
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        found[sub.name] = load_all(sub)
    return found


LANGUAGES = load_languages()
RULES = LANGUAGES["en"]


def rules_for(key: str, locale: str | None = None) -> RulesText | None:
    """The summary in ``locale`` (default: the reader's) where translated, else English."""
    return LANGUAGES.get(locale or current_locale.get(), {}).get(key) or RULES.get(key)


def find_topic(rules: RulesText, wanted: str) -> str | None:
    wanted = wanted.strip().lower()
    for name in rules.topics:
        if name.lower() == wanted:
            return name
    return next((name for name in rules.topics if wanted in name.lower()), None)


def rules_embed(rules: RulesText, topic: str | None) -> discord.Embed:
    if topic is None:
        embed = discord.Embed(title=rules.title, description=present.clip(rules.overview, 4000),
                              colour=present.COLOUR)
        embed.add_field(name=_("Topics"), value=present.clip(" · ".join(rules.topics) or "–", 1024), inline=False)
        embed.set_footer(text=_("/rules {key} topic:<name> shows one topic.", key=rules.key))
        return embed
    return discord.Embed(title=f"{rules.title}: {topic}", description=present.clip(rules.topics[topic], 4000),
                         colour=present.COLOUR)


async def topic_names(interaction: discord.Interaction[IsleBot], current: str) -> list[app_commands.Choice[str]]:
    rules = rules_for(getattr(interaction.namespace, "game", None) or "")
    names = list(rules.topics) if rules else []
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names if current.lower() in n.lower()][:25]


@app_commands.command(name="rules", description=locale_str("A short summary of a game's rules"))
@app_commands.describe(game=locale_str("Which game"),
                       topic=locale_str("One part of the rules (leave empty for the overview)"))
@app_commands.choices(game=[app_commands.Choice(name=r.title, value=r.key) for r in RULES.values()][:25])
@app_commands.autocomplete(topic=topic_names)
async def rules(interaction: discord.Interaction[IsleBot], game: str, topic: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    text = rules_for(game)
    if text is None:
        await interaction.followup.send(_("I have no rules summary for {game}.", game=present.clip(game, 40)), ephemeral=True)
        return
    name = find_topic(text, topic) if topic else None
    if topic and name is None:
        await interaction.followup.send(_("No topic {topic!r} in {title}. Topics: {names}", topic=present.clip(topic, 40),
                                          title=text.title, names=", ".join(text.topics)), ephemeral=True)
        return
    await interaction.followup.send(embed=rules_embed(text, name), ephemeral=True)


async def setup(bot: IsleBot) -> None:
    bot.tree.add_command(rules)
