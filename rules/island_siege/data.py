"""The game's data, loaded once: cards (with their structured effects), board and dice.

The JSON files in ``data/`` are copies of ../shared/games/island_siege/ (provenance in RULES.md).
Effects are looked up by their ``op`` so that cards sharing a mechanism share code.
"""

from __future__ import annotations

from rules.data_files import load_json


def _load(name: str) -> dict:
    return load_json(__file__, name)


CARDS_FILE = _load("cards.json")
BOARD = _load("board.json")
DICE = _load("dice.json")

CARDS: dict[str, dict] = {c["id"]: c for c in CARDS_FILE["cards"]}
START = CARDS_FILE["starting_fort"]
CARDS["START"] = START

COLOURS = ("white", "grey", "black")
FACES = tuple(f["face"] for f in DICE["die"]["faces"])  # grey twice
CUBES_PER_COLOUR = BOARD["supply"]["cubes"]["white"]
COLONISTS = BOARD["supply"]["colonists_per_player"]
MAX_DICE = DICE["attack"]["max_dice"]
MIN_DICE = DICE["attack"]["min_dice"]
BASE_DICE = DICE["attack"]["base_dice"]
BASE_REROLLS = DICE["attack"]["base_rerolls"]
IMPERIAL_SHIP_COST = BOARD["imperial_card"]["leadership"][0]["cost"]["yellow"]
WIN_COINS = 20

# The full deck (rulebook counts 30/12/18) and the public 36-card set (variant "ape_36").
FULL_DECK = [c["id"] for c in CARDS_FILE["cards"] if c.get("in_deck")]
APE_36 = [cid for cid in FULL_DECK if int(cid[1:]) <= {"F": 18, "S": 6, "B": 12}[cid[0]]]

KIND = {"F": "fort", "S": "ship", "B": "building"}


def kind(card_id: str) -> str:
    return "fort" if card_id == "START" else KIND[card_id[0]]


def name(card_id: str) -> str:
    return CARDS[card_id]["name"]


def cost(card_id: str) -> int:
    return int(CARDS[card_id]["cost"]["colonists"])


def coins(card_id: str) -> int:
    return int(CARDS[card_id]["coins"]["value"])


def spot_number(card_id: str, cell) -> int:
    """Slots are numbered 1.. in the card's slot order; labels and the renderer agree."""
    return fort_slots(card_id).index((int(cell[0]), int(cell[1]))) + 1


def effects(card_id: str, op: str | None = None) -> list[dict]:
    return [e for e in CARDS[card_id]["effects"] if op is None or e["op"] == op]


def has_op(card_id: str, op: str) -> bool:
    return any(e["op"] == op for e in CARDS[card_id]["effects"])


def fort_slots(card_id: str) -> list[tuple[int, int]]:
    return [tuple(cell) for cell in CARDS[card_id]["fort"]["cube_slots"]]


def capacity(card_id: str) -> int:
    return int(CARDS[card_id]["fort"]["colonist_capacity"])


def printed(card_id: str) -> dict | None:
    return CARDS[card_id]["fort"].get("printed_cube")


def leadership(card_id: str) -> dict | None:
    """The ship's leadership ability (cost 1 yellow), if it has one."""
    for e in CARDS[card_id]["effects"]:
        if e["when"] == "leadership":
            return e
    return None


def summary(card_id: str) -> dict:
    """What a player sees of a card: enough for the renderer and the labels."""
    card = CARDS[card_id]
    out = {"id": card_id, "name": card["name"], "kind": kind(card_id), "text": card["effect_text"],
           "cost": cost(card_id), "coins": coins(card_id)}
    if out["kind"] == "fort":
        out["slots"] = [list(c) for c in fort_slots(card_id)]
        p = printed(card_id)
        out["printed"] = {"cell": list(p["cell"]), "color": p["color"]} if p else None
        out["capacity"] = capacity(card_id)
    if card.get("repair"):
        out["repair"] = card["repair"]["color"]
    if "reroll_symbols" in card:
        out["reroll_symbols"] = int(card["reroll_symbols"])
    return out
