"""The printed (and reconstructed) components of Islebound, loaded once from JSON.

Provenance of every file is in RULES.md; the JSON files carry their own provenance block.
"""

from __future__ import annotations

from rules.data_files import load_json


def _load(name: str) -> dict:
    return load_json(__file__, f"{name}.json")


BOARD = _load("board")
_CITIES = _load("cities")
_BUILDINGS = _load("buildings")
_EVENTS = _load("events")
_FAME = _load("fame")
_PIRATES = _load("pirates")
_SERPENTS = _load("serpents")
_REPUTATION = _load("reputation")
_SAILORS = _load("sailors")

CITIES: dict[str, dict] = {c["id"]: c for c in _CITIES["cities"]}
CITY_NAMES: dict[str, str] = {c["id"]: c["name"] for c in _CITIES["cities"]}
PORTS: list[str] = sorted(p["city"] for p in BOARD["sea_ports"])
SEA_BOARDS: dict[str, dict] = {b["id"]: b for b in BOARD["sea_boards"]}

BUILDINGS: dict[str, dict] = {b["id"]: b for b in _BUILDINGS["buildings"]}
METROPOLIS: dict[str, dict] = {b["id"]: b for b in _BUILDINGS["metropolis"]}
ALL_BUILDINGS: dict[str, dict] = {**BUILDINGS, **METROPOLIS}

EVENTS: dict[str, dict] = {e["id"]: e for e in _EVENTS["events"]}
FAME_TOKENS: dict[str, dict] = {t["id"]: t for t in _FAME["tokens"]}
REPUTATION: dict[str, dict] = {r["id"]: r for r in _REPUTATION["cards"]}
SAILORS: dict[str, dict] = {s["id"]: s for s in _SAILORS["sailors"]}
SKILLS: list[str] = list(_SAILORS["skills"])

PIRATE_TABLE: dict[int, int] = {int(k): v for k, v in _PIRATES["pirate"]["attack_by_die"].items()}
SERPENT_TABLE: dict[int, int] = {int(k): v for k, v in _SERPENTS["serpent"]["attack_by_die"].items()}
ICHOR_TABLE: dict[int, int] = {int(k): v for k, v in _SERPENTS["ichor_serpent"]["attack_by_die"].items()}
PIRATE_SUPPLY: int = _PIRATES["pirate"]["count"]
SERPENT_SUPPLY: int = _SERPENTS["serpent"]["count"]

INFLUENCE_VALUES: list[int] = BOARD["influence_track"]["values"]
TWO_PLAYER_BLOCKED: list[int] = BOARD["influence_track"]["two_player_blocked_spaces"]
FAME_THRESHOLD: int = _FAME["track"]["threshold"]
TOKEN_VALUE: int = _FAME["track"]["token_value_at_end"]
HOLD_LIMIT: int = BOARD["hold_limit"]["wood_plus_fish"]
SPEED_START: int = BOARD["speed_track"]["start"]
SPEED_CAP: int = BOARD["speed_track"]["max"]
HIRE_COST: list[int] = BOARD["sailor_row"]["hire_cost_by_slot"]
ROW_GATES: dict[str, list[dict]] = {k: v for k, v in BOARD["building_row"].items() if k != "note"}

START_COINS = 7
CUBES = 18  # ownership + influence cubes per player (spec 11.4)
RESOURCES = ["coin", "wood", "fish", "book", "pirate", "serpent"]
END_TRIGGER = {2: 8, 3: 8, 4: 7}
