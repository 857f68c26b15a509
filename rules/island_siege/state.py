"""The game state (a JSON-ready dict), its setup, and the helpers every phase shares:
fort geometry (groups and protection, spec section 8), the cards in play, colonist
movement and the destruction of cards (spec section 12).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.base import rng_for

from . import data

OPTION_DEFAULTS = {"deck": "full_60", "round_cap": 0, "open_hands": False}


@dataclass
class Ctx:
    """One action being applied: the (copied) state, its random source and the events."""

    state: dict
    events: list = field(default_factory=list)
    _rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = rng_for(self.state["seed"], self.state["seq"])
        return self._rng

    def emit(self, type_: str, **fields) -> dict:
        event = {"type": type_, **fields}
        self.events.append(event)
        return event


def clone(obj):
    """A deep copy of JSON data (dicts, lists, scalars); several times faster than copy.deepcopy."""
    if isinstance(obj, dict):
        return {k: clone(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [clone(v) for v in obj]
    return obj


def cell_key(cell) -> str:
    return f"{int(cell[0])},{int(cell[1])}"


def key_cell(key: str) -> tuple[int, int]:
    r, c = key.split(",")
    return int(r), int(c)


def new_fort(card_id: str, instance: str) -> dict:
    return {"id": instance, "card": card_id, "colonists": 0,
            "cells": {cell_key(c): None for c in data.fort_slots(card_id)}, "buildings": []}


def new_player() -> dict:
    return {"coins": 0, "bank": {"white": 0, "grey": 0, "black": 0}, "imperial": data.COLONISTS,
            "hand": [], "forts": [], "ships": [], "fleet_at": None, "infirmary_moved": 0}


def setup_state(options: dict, seed) -> dict:
    rng = rng_for(seed, "setup")
    deck = list(data.APE_36 if options["deck"] == "ape_36" else data.FULL_DECK)
    rng.shuffle(deck)
    common = {c: data.CUBES_PER_COLOUR for c in data.COLOURS}
    players = []
    for seat in range(2):
        p = new_player()
        fort = new_fort("START", f"START#{seat}")
        for cube in data.START["fort"]["setup_cubes"]:
            fort["cells"][cell_key(cube["cell"])] = cube["color"]
            common[cube["color"]] -= 1
        p["forts"].append(fort)
        for colour, n in data.BOARD["setup"]["starting_bank_cubes"].items():
            p["bank"][colour] += n
            common[colour] -= n
        p["hand"] = [deck.pop(0) for _ in range(data.BOARD["setup"]["opening_draft"]["draw"])]
        players.append(p)
    return {
        "seed": seed, "seq": 0, "options": options, "stage": "draft", "prompt": None,
        "turn_player": None, "first_player": rng.randrange(2), "first_turn": True, "turn_number": 0,
        "common_bank": common, "deck": deck, "discard": [], "players": players,
        "draft": {"gifts": [None, None], "offers": [list(players[0]["hand"]), list(players[1]["hand"])]},
        "pending": None, "draw_choice": None, "build": None, "colonize": None, "attack": None,
        "last_attack": None, "peek": None, "infirmary_queue": [], "last_move": None,
        "winner": None, "win_kind": None, "log_tail": [],
    }


# -- cards in play --------------------------------------------------------------------

def opponent(seat: int) -> int:
    return 1 - seat


def cards_in_play(player: dict) -> list[str]:
    cards = []
    for fort in player["forts"]:
        cards.append(fort["card"])
        cards.extend(b["card"] for b in fort["buildings"])
    cards.extend(s["card"] for s in player["ships"])
    return cards


def in_play_with(player: dict, op: str) -> list[str]:
    return [c for c in cards_in_play(player) if data.has_op(c, op)]


def buildings(player: dict) -> list[str]:
    return [b["card"] for f in player["forts"] for b in f["buildings"]]


def find_fort(player: dict, fort_id: str) -> dict | None:
    for fort in player["forts"]:
        if fort["id"] == fort_id:
            return fort
    return None


def find_ship(player: dict, card_id: str) -> dict | None:
    for ship in player["ships"]:
        if ship["card"] == card_id:
            return ship
    return None


def find_building(player: dict, card_id: str) -> tuple[dict, dict] | tuple[None, None]:
    for fort in player["forts"]:
        for b in fort["buildings"]:
            if b["card"] == card_id:
                return fort, b
    return None, None


def prohibited(state: dict, seat: int, action: str) -> bool:
    """A static prohibition of the opponent's cards (Governor's Mansion, Trade Company, Watchtower)."""
    for card in in_play_with(state["players"][opponent(seat)], "prohibit_opponent_action"):
        if any(e["action"] == action for e in data.effects(card, "prohibit_opponent_action")):
            return True
    return False


# -- fort geometry (spec section 8) -----------------------------------------------------

def cubes(fort: dict) -> dict[tuple[int, int], str]:
    return {key_cell(k): v for k, v in fort["cells"].items() if v}


def empty_cells(fort: dict) -> list[tuple[int, int]]:
    return sorted(key_cell(k) for k, v in fort["cells"].items() if v is None)


def protected(cube_map: dict, cell: tuple[int, int]) -> bool:
    """Some cube (any colour) stands in front of it (smaller row) in the same column."""
    r, c = cell
    return any(cc == c and rr < r for (rr, cc) in cube_map)


def groups(cube_map: dict, colour: str) -> list[list[tuple[int, int]]]:
    """Maximal orthogonally connected sets of cubes of one colour, each sorted, in cell order."""
    seen: set = set()
    out = []
    for cell in sorted(cube_map):
        if cube_map[cell] != colour or cell in seen:
            continue
        group, todo = [], [cell]
        seen.add(cell)
        while todo:
            r, c = todo.pop()
            group.append((r, c))
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb not in seen and cube_map.get(nb) == colour:
                    seen.add(nb)
                    todo.append(nb)
        out.append(sorted(group))
    return out


def attackable_groups(fort: dict, colour: str, k: int) -> list[list[tuple[int, int]]]:
    cube_map = cubes(fort)
    return [g for g in groups(cube_map, colour)
            if len(g) <= k and any(not protected(cube_map, x) for x in g)]


def strike_group(fort: dict, group: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """First wave against one group: remove its unprotected members until none is left.

    Protection is re-evaluated after every removal, so a cube whose protector falls is hit
    in the same strike. Returns the removed cells in removal order.
    """
    removed = []
    changed = True
    while changed:
        changed = False
        cube_map = cubes(fort)
        for cell in group:
            if cell in cube_map and not protected(cube_map, cell):
                fort["cells"][cell_key(cell)] = None
                removed.append(cell)
                cube_map.pop(cell)
                changed = True
    return removed


# -- colonists and destruction (spec section 12) ---------------------------------------

def return_colonists(ctx: Ctx, seat: int, count: int, source: str) -> None:
    """Colonists of a destroyed card go home, unless an Infirmary may take some (the owner asks)."""
    if count <= 0:
        return
    player = ctx.state["players"][seat]
    if in_play_with(player, "may_redirect_colonists_here") and player["infirmary_moved"] < 2:
        ctx.state["infirmary_queue"].append({"seat": seat, "count": count, "source": source})
    else:
        player["imperial"] += count
        ctx.emit("colonists_home", seat=seat, count=count, source=source)


def discard_card(ctx: Ctx, card_id: str) -> None:
    if card_id != "START":  # the starting fort is not a deck card: it leaves the game
        ctx.state["discard"].append(card_id)


def destroy_fort(ctx: Ctx, seat: int, fort_id: str) -> None:
    player = ctx.state["players"][seat]
    fort = find_fort(player, fort_id)
    player["forts"].remove(fort)
    discard_card(ctx, fort["card"])
    for b in fort["buildings"]:
        discard_card(ctx, b["card"])
    count = fort["colonists"] + sum(b["colonists"] for b in fort["buildings"])
    ctx.emit("fort_destroyed", seat=seat, fort=fort_id, card=fort["card"],
             buildings=[b["card"] for b in fort["buildings"]], colonists=count)
    for other in ctx.state["players"]:
        if other["fleet_at"] == fort_id:
            other["fleet_at"] = None
    return_colonists(ctx, seat, count, fort["card"])


def destroy_ship(ctx: Ctx, seat: int, card_id: str) -> None:
    player = ctx.state["players"][seat]
    ship = find_ship(player, card_id)
    player["ships"].remove(ship)
    to_hand = bool(in_play_with(player, "destroyed_ship_to_hand"))
    if to_hand:
        player["hand"].append(card_id)
    else:
        discard_card(ctx, card_id)
    ctx.emit("ship_destroyed", seat=seat, card=card_id, colonists=ship["colonists"], to_hand=to_hand)
    return_colonists(ctx, seat, ship["colonists"], card_id)


def destroy_building(ctx: Ctx, seat: int, card_id: str) -> None:
    player = ctx.state["players"][seat]
    fort, b = find_building(player, card_id)
    fort["buildings"].remove(b)
    discard_card(ctx, card_id)
    ctx.emit("building_destroyed", seat=seat, card=card_id, fort=fort["id"], colonists=b["colonists"])
    return_colonists(ctx, seat, b["colonists"], card_id)


def build_coins(state: dict, seat: int, base: int) -> int:
    """Coins of a build after the opponent's Scout Outpost (never below 0)."""
    for card in in_play_with(state["players"][opponent(seat)], "opponent_build_coin_delta"):
        for e in data.effects(card, "opponent_build_coin_delta"):
            base = max(e.get("min_total", 0), base + e["value"])
    return base


def draw_card(ctx: Ctx) -> str | None:
    """Top card of the deck; an empty deck is refilled by shuffling the discard pile."""
    state = ctx.state
    if not state["deck"]:
        if not state["discard"]:
            return None
        state["deck"] = state["discard"]
        state["discard"] = []
        ctx.rng.shuffle(state["deck"])
        ctx.emit("reshuffle", cards=len(state["deck"]))
    return state["deck"].pop(0)
