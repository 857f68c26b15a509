"""Rule sets: the regular game and each campaign episode as one flat, JSON-ready dict.

An episode of ``campaign.json`` is a list of modules (spec §11.2); the engine reads the
flattened form below, so the round, placement and scoring code never asks "which
episode is this?".  The regular game is episode 9's module set without the legacy track
rules (spec §8 "Ruling (regular score range)").
"""

from __future__ import annotations

import copy

from rules.my_island.data import CAMPAIGN

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
            raise ValueError(f"unknown module {name!r} in campaign data")
    return rules


def regular_rules() -> dict:
    return flatten(REGULAR_MODULES, legacy=False)


def episode_rules(episode: int) -> dict:
    ep = EPISODES[episode]
    rules = flatten(ep["modules"], legacy=True)
    rules["start_stickers"] = copy.deepcopy(ep.get("stickers_at_start", []))
    rules["end_stickers"] = copy.deepcopy(ep.get("stickers_at_end", []))
    rules["prosperity"] = dict(ep["rewards"]["prosperity"])
    rules["two_player_excluded"] = list(ep["rewards"].get("two_player_excluded", []))
    return rules


def chapter_of(episode: int) -> int:
    return EPISODES[episode]["chapter"]


def module_lines(rules: dict) -> list[str]:
    """The episode's rule sheet in short English lines (what an opened envelope shows)."""
    lines = ["Place on: " + ", ".join(rules["open"]) + "."]
    if rules["beach_house"]:
        lines.append(f"Now: {rules['beach_house']:+d} per house placed on a beach cell.")
    if rules["palm_fields"]:
        lines.append(f"Now: {rules['palm_fields']:+d} per field placed on a palm cell.")
    if rules["harbour"]:
        lines.append(f"Now: {rules['harbour']:+d} per road placed on one of your harbours.")
    g = rules["groups"]
    if g:
        parts = [f"{_GROUP[t]} {g['points'][t]:+d}" for t in g["types"]]
        lines.append(f"Now: first group of {g['min']}+ same symbols: " + ", ".join(parts) + ".")
    if rules["totems"]:
        lines.append(f"Now: {rules['totems']:+d} per totem joined to the beach by a road network.")
    lines.append("Now: pass -1 (not allowed at 0); ending your part costs nothing.")
    lg = rules["largest"]
    if lg:
        kinds = ", ".join(_LARGEST[t] for t in lg["types"])
        lines.append(f"End: {lg['points']:+d} for the largest {kinds} (ties all score).")
    if rules["jungle"]:
        lines.append(f"End: {rules['jungle']:+d} per covered jungle cell.")
    if rules["mountain_row"]:
        lines.append(f"End: {rules['mountain_row']:+d} if the top row has no free cell.")
    if rules["beach_penalty"]:
        lines.append(f"End: {rules['beach_penalty']:+d} per uncovered beach cell.")
    if rules["extra_tiles"]:
        lines.append("Setup: the 4 extra tiles x01-x04 and their cards join (deck of 32).")
    for s in rules["start_stickers"]:
        lines.append(f"Start: everyone places {s['count']} {s['sticker']} sticker(s).")
    for s in rules["end_stickers"]:
        who = "last place" if s["to"] == "last" else f"place {s['to']}"
        lines.append(f"Reward: {who} gets a {s['sticker'].replace('_', ' ')} sticker.")
    if rules["prosperity"]:
        pros = ", ".join(f"{p}. {n}" for p, n in sorted(rules["prosperity"].items()))
        lines.append(f"Prosperity by place: {pros} (2 players: 1st only).")
    return lines


_GROUP = {"field": "farm", "house": "village", "wall": "bastion"}
_LARGEST = {"field": "farm", "house": "village", "wall": "bastion", "road": "road network"}
