"""Rule sets: the regular game and each campaign episode as one flat, JSON-ready dict.

An episode of ``campaign.json`` is a list of modules (spec §11.2); the engine reads the
flattened form below, so the round, placement and scoring code never asks "which
episode is this?".  The regular game is episode 9's module set without the legacy track
rules (spec §8 "Ruling (regular score range)").
"""

from __future__ import annotations

from rules.base import plain_copy
from rules.my_island.data import CAMPAIGN
from rules.my_island.text import GROUP_WORDS, STICKER_WORDS, TERRAIN_WORDS, word
from rules.text import Msg, T, Tn, join

EPISODES: dict[int, dict] = {e["episode"]: e for e in CAMPAIGN["episodes"]}
CHAPTERS: dict[int, dict] = {c["chapter"]: c for c in CAMPAIGN["chapters"]}
N_EPISODES = len(EPISODES)

#: modules whose definitions come from the rulebook; everything else is reconstructed
RULEBOOK_MODULES = {"terrain", "beach_house", "beach_penalty", "groups", "totem_roads", "largest"}

REGULAR_MODULES = [
    {"m": "terrain", "open": ["beach", "steppe", "palm"]},
    {"m": "groups", "types": ["field", "house", "wall"], "min_size": 5, "points": 3},
    {"m": "totem_roads", "points": 5},
    {"m": "largest", "types": ["field", "house", "wall", "road"], "points": 5},
    {"m": "beach_penalty", "points": -1},
]


def _empty_rules(legacy: bool) -> dict:
    return {
        "legacy": legacy,
        "open": ["beach", "steppe", "palm"],
        "beach_house": 0,
        "palm_fields": 0,
        "harbour": 0,
        "groups": None,
        "totems": 0,
        "largest": None,
        "beach_penalty": 0,
        "jungle": 0,
        "mountain_row": 0,
        "extra_tiles": False,
        "modules": [],
        "start_stickers": [],
        "end_stickers": [],
        "prosperity": {},
        "two_player_excluded": [],
    }


def flatten(modules: list[dict], legacy: bool) -> dict:
    rules = _empty_rules(legacy)
    for mod in modules:
        name = mod["m"]
        rules["modules"].append(name)
        if name == "terrain":
            rules["open"] = list(mod["open"])
        elif name in ("beach_house", "palm_fields", "harbour", "beach_penalty", "mountain_row"):
            rules[name] = int(mod["points"])
        elif name == "jungle_clearing":
            rules["jungle"] = int(mod["points"])
            if "jungle" not in rules["open"]:
                rules["open"].append("jungle")
        elif name == "totem_roads":
            rules["totems"] = int(mod["points"])
        elif name == "groups":
            pts = {t: int(mod["points"]) for t in mod["types"]}
            pts.update({t: int(v) for t, v in mod.get("points_by_type", {}).items()})
            rules["groups"] = {"types": list(mod["types"]), "min": int(mod["min_size"]), "points": pts}
        elif name == "largest":
            rules["largest"] = {"types": list(mod["types"]), "points": int(mod["points"])}
        elif name == "extra_tiles":
            rules["extra_tiles"] = True
        else:  # pragma: no cover - data error
            raise ValueError(T("Unknown module {name} in the campaign data.", name=repr(name)))
    return rules


def regular_rules() -> dict:
    return flatten(REGULAR_MODULES, legacy=False)


def episode_rules(episode: int) -> dict:
    ep = EPISODES[episode]
    rules = flatten(ep["modules"], legacy=True)
    rules["start_stickers"] = plain_copy(ep.get("stickers_at_start", []))
    rules["end_stickers"] = plain_copy(ep.get("stickers_at_end", []))
    rules["prosperity"] = dict(ep["rewards"]["prosperity"])
    rules["two_player_excluded"] = list(ep["rewards"].get("two_player_excluded", []))
    return rules


def chapter_of(episode: int) -> int:
    return EPISODES[episode]["chapter"]


def _signed(points: int) -> str:
    return f"{points:+d}"


def module_lines(rules: dict) -> list[Msg]:
    """The episode's rule sheet in short lines (what an opened envelope shows), as translatable texts."""
    terrains = join(", ", [word(TERRAIN_WORDS, t) for t in rules["open"]])
    lines = [T("Place on: {terrains}.", terrains=terrains)]
    if rules["beach_house"]:
        lines.append(T("Now: {points} per house placed on a beach cell.", points=_signed(rules["beach_house"])))
    if rules["palm_fields"]:
        lines.append(T("Now: {points} per field placed on a palm cell.", points=_signed(rules["palm_fields"])))
    if rules["harbour"]:
        lines.append(T("Now: {points} per road placed on one of your harbours.", points=_signed(rules["harbour"])))
    g = rules["groups"]
    if g:
        parts = join(", ", [T("{group} {points}", group=word(GROUP_WORDS, t), points=_signed(g["points"][t]))
                            for t in g["types"]])
        lines.append(T("Now: first group of {size}+ same symbols: {groups}.", size=g["min"], groups=parts))
    if rules["totems"]:
        lines.append(T("Now: {points} per totem joined to the beach by a road network.",
                       points=_signed(rules["totems"])))
    lines.append(T("Now: pass -1 (not allowed at 0); ending your part costs nothing."))
    lg = rules["largest"]
    if lg:
        kinds = join(", ", [word(GROUP_WORDS, t) for t in lg["types"]])
        lines.append(T("End: {points} for the largest {groups} (ties all score).", points=_signed(lg["points"]),
                       groups=kinds))
    if rules["jungle"]:
        lines.append(T("End: {points} per covered jungle cell.", points=_signed(rules["jungle"])))
    if rules["mountain_row"]:
        lines.append(T("End: {points} if the top row has no free cell.", points=_signed(rules["mountain_row"])))
    if rules["beach_penalty"]:
        lines.append(T("End: {points} per uncovered beach cell.", points=_signed(rules["beach_penalty"])))
    if rules["extra_tiles"]:
        lines.append(T("Setup: the 4 extra tiles x01-x04 and their cards join (deck of 32)."))
    for s in rules["start_stickers"]:
        lines.append(Tn("Start: everyone places {n} {sticker} sticker.", "Start: everyone places {n} {sticker} stickers.",
                        s["count"], sticker=word(STICKER_WORDS, s["sticker"])))
    for s in rules["end_stickers"]:
        if s["to"] == "last":
            who = T("last place")
        elif s["to"] == "all":
            who = T("everyone")
        else:
            who = T("place {n}", n=s["to"])
        lines.append(T("Reward: {who} gets a {sticker} sticker.", who=who, sticker=word(STICKER_WORDS, s["sticker"])))
    if rules["prosperity"]:
        pros = join(", ", [f"{p}. {n}" for p, n in sorted(rules["prosperity"].items())])
        lines.append(T("Prosperity by place: {places} (2 players: 1st only).", places=pros))
    return lines
