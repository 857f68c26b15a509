"""Self-checks of a stored Island Siege state: what ``Engine.load`` checks before it trusts one."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.state_check import NONE, Between, Each, MapOf, OneOf, Opt, check_state, either, refuse, seat_in
from rules.text import T

from . import data

GAME = "Island Siege"
SEAT = seat_in(2)
SEAT_OR_NONE = seat_in(2, allow_none=True)
STAGES = ("draft", "turn_start", "colonize", "action_start", "action", "draw_give", "repair", "on_build",
          "attack", "end", "over")
COLOUR = OneOf(tuple(data.COLOURS))
FACE = OneOf(tuple(data.FACES))
COUNT = Between(0, 10 ** 9)
_COLOUR = {"white": T("white"), "grey": T("grey"), "black": T("black")}
"""A cube colour in words (text.COLOUR's; text imports state, which imports this module)."""


def _known_cards(cards: Any) -> Any:
    unknown = [c for c in cards if c not in data.CARDS]
    return T("names unknown cards: {cards}", cards=", ".join(map(str, unknown[:5]))) if unknown else None


CARDS = Each([str], _known_cards)
CARD = Each(str, lambda c: None if c in data.CARDS else T("names an unknown card"))


def _fort_cells(cells: dict) -> Any:
    bad = [k for k, v in cells.items() if v is not None and v not in data.COLOURS]
    return T("has cubes of unknown colours at {cells}", cells=", ".join(bad[:5])) if bad else None


FORT = {"id": str, "card": CARD, "colonists": COUNT, "cells": Each(dict, _fort_cells),
        "buildings": [{"card": CARD, "colonists": COUNT}]}
PLAYER = {"coins": COUNT, "bank": {c: COUNT for c in data.COLOURS}, "imperial": Between(0, data.COLONISTS),
          "hand": CARDS, "forts": [FORT], "ships": [{"card": CARD, "colonists": COUNT}],
          "fleet_at": (str, NONE), "infirmary_moved": COUNT}
ATTACK = {"attacker": SEAT, "defender": SEAT, "target": str, "target_card": (str, NONE), "step": str,
          "dice": [either(FACE, OneOf(("",)))], "added": [FACE], "rerolls_left": COUNT, "spent_yellow": COUNT,
          "attack_color": either(COLOUR, NONE), "k": COUNT, "received": COUNT, "wave2_left": int,
          "wave2_chooser": SEAT, "rolls": [dict], "destroyed": [list], "leadership": [dict],
          "taken": MapOf(COUNT), "picked": Opt(MapOf(COUNT)), "bans": [str], "steep": bool, "no_ships": bool,
          "no_buildings": bool, "academy_used": bool}
STATE = {
    "seed": (int, str), "seq": COUNT, "options": {"deck": OneOf(("full_60", "ape_36")), "round_cap": COUNT,
                                                  "open_hands": bool},
    "stage": OneOf(STAGES), "turn_player": SEAT_OR_NONE, "first_player": SEAT, "first_turn": bool,
    "turn_number": COUNT, "common_bank": {c: COUNT for c in data.COLOURS}, "deck": CARDS, "discard": CARDS,
    "players": Each([PLAYER], lambda ps: None if len(ps) == 2 else T("should list exactly 2 players")),
    "draft": {"gifts": Each([either(CARD, NONE)], lambda g: None if len(g) == 2 else T("should have 2 entries")),
              "offers": Each([CARDS], lambda o: None if len(o) == 2 else T("should have 2 entries"))},
    "pending": (dict, NONE), "draw_choice": either({"seat": SEAT, "cards": CARDS}, NONE),
    "build": either({"seat": SEAT, "card": CARD}, NONE), "colonize": (dict, NONE),
    "attack": either(ATTACK, NONE), "last_attack": (dict, NONE), "peek": either({"seat": SEAT, "cards": CARDS}, NONE),
    "infirmary_queue": [{"seat": SEAT, "count": COUNT}], "last_move": (dict, NONE),
    "winner": SEAT_OR_NONE, "win_kind": (str, NONE),
}


XY = Each([int], lambda v: None if len(v) == 2 else T("should be two whole numbers"))
MENUS = ("attack", "fort", "building", "ship")
PENDING = either(NONE, {"kind": OneOf(("menu",)), "menu": OneOf(MENUS)},
                 {"kind": OneOf(("choose_fort",)), "card": CARD},
                 {"kind": OneOf(("fort_cubes",)), "card": CARD, "placed": [{"cell": XY, "color": COLOUR}]})
COLONIZE = either(NONE, {"left": COUNT, "eligible": [str]})
ATTACK_STEPS = ("saboteur", "cove", "roll", "defender_reroll", "leadership", "attack_color", "wave1", "reinforce",
                "wave2")
_DECKS = {"full_60": sorted(data.FULL_DECK), "ape_36": sorted(data.APE_36)}
BUILT = either(NONE, {"seat": SEAT, "card": CARD, "fort": str})


def check(state: Any) -> None:
    """Raise ``BadState`` (a ``ValueError``) with one clear sentence when ``state`` is malformed."""
    check_state(GAME, state, STATE)
    check_state(GAME, state, {"pending": PENDING, "colonize": COLONIZE, "build": BUILT})
    if state["stage"] == "attack" and state["attack"] is None:
        raise refuse(GAME, "state.attack", T("is missing although an attack is under way"))
    if state["stage"] != "draft" and state["turn_player"] is None:
        raise refuse(GAME, "state.turn_player", T("is missing although the opening draft is over"))
    for seat, player in enumerate(state["players"]):
        _check_cards_in_play(player, f"state.players[{seat}]")
    _check_supplies(state)
    _check_card_places(state)
    _check_references(state)


def _check_cards_in_play(player: dict, where: str) -> None:
    """Forts are forts with their own slots and at most their capacity of colonists; buildings
    are buildings, ships are ships; no two forts share an id."""
    ids = [f["id"] for f in player["forts"]]
    if len(set(ids)) != len(ids):
        raise refuse(GAME, f"{where}.forts", T("has two forts with one id"))
    for i, fort in enumerate(player["forts"]):
        card = fort["card"]
        if card != "START" and data.kind(card) != "fort":
            raise refuse(GAME, f"{where}.forts[{i}].card", T("is not a fort"))
        if set(fort["cells"]) != {f"{r},{c}" for r, c in data.fort_slots(card)}:
            raise refuse(GAME, f"{where}.forts[{i}].cells", T("are not the slots of its fort card"))
        if fort["colonists"] > data.capacity(card):
            raise refuse(GAME, f"{where}.forts[{i}].colonists", T("exceed the fort's capacity"))
        if any(data.kind(b["card"]) != "building" or b["card"] == "START" for b in fort["buildings"]):
            raise refuse(GAME, f"{where}.forts[{i}].buildings", T("hold a card that is not a building"))
    if any(s["card"] == "START" or data.kind(s["card"]) != "ship" for s in player["ships"]):
        raise refuse(GAME, f"{where}.ships", T("hold a card that is not a ship"))


def _check_supplies(state: dict) -> None:
    """Every cube of each colour is in a bank or a fort; every colonist of a player is at home
    (the imperial card), on a card of theirs or waiting for their Infirmary."""
    cubes = Counter(state["common_bank"])
    for player in state["players"]:
        cubes.update(player["bank"])
        cubes.update(c for f in player["forts"] for c in f["cells"].values() if c is not None)
    for colour in data.COLOURS:
        if cubes[colour] != data.CUBES_PER_COLOUR:
            raise refuse(GAME, "state", T("has {n} {colour} cubes where the game has {total}", n=cubes[colour],
                                          colour=_COLOUR[colour], total=data.CUBES_PER_COLOUR))
    for seat, player in enumerate(state["players"]):
        on_cards = sum(f["colonists"] + sum(b["colonists"] for b in f["buildings"]) for f in player["forts"])
        waiting = sum(q["count"] for q in state["infirmary_queue"] if q["seat"] == seat)
        if player["imperial"] + on_cards + sum(s["colonists"] for s in player["ships"]) + waiting != data.COLONISTS:
            raise refuse(GAME, f"state.players[{seat}]", T("does not have exactly {n} colonists", n=data.COLONISTS))


def _check_card_places(state: dict) -> None:
    """Every card of the deck in play is in exactly one place; the starting forts only in play."""
    places = state["deck"] + state["discard"]
    for player in state["players"]:
        places += player["hand"]
        places += [s["card"] for s in player["ships"]]
        for fort in player["forts"]:
            places.append(fort["card"])
            places += [b["card"] for b in fort["buildings"]]
    if state["stage"] == "draft":
        places += [g for g in state["draft"]["gifts"] if g is not None]
    if state["draw_choice"] is not None:
        places += state["draw_choice"]["cards"]
    starts = places.count("START")
    cards = sorted(c for c in places if c != "START")
    if cards != _DECKS[state["options"]["deck"]] or starts > 2 or "START" in state["deck"] + state["discard"]:
        raise refuse(GAME, "state", T("does not hold every card of the deck exactly once"))


def _check_references(state: dict) -> None:
    """What a step under way names exists: the card in hand, the forts, the slots."""
    seat = state["turn_player"]
    pending = state["pending"]
    if pending is not None:
        player = state["players"][seat if seat is not None else 0]
        if pending["kind"] != "menu" and pending["card"] not in player["hand"]:
            raise refuse(GAME, "state.pending.card", T("is not in the hand of the seat to play"))
        if pending["kind"] == "fort_cubes":
            slots = {tuple(c) for c in data.fort_slots(pending["card"])} if data.kind(pending["card"]) == "fort" else set()
            cells = [tuple(p["cell"]) for p in pending["placed"]]
            if not set(cells) <= slots or len(set(cells)) != len(cells):
                raise refuse(GAME, "state.pending.placed", T("names a slot the fort does not have"))
            used = Counter(p["color"] for p in pending["placed"])
            if any(used[c] > player["bank"][c] for c in used):
                raise refuse(GAME, "state.pending.placed", T("uses more cubes than the bank holds"))
    attack = state["attack"]
    if attack is not None:
        if attack["step"] not in ATTACK_STEPS:
            raise refuse(GAME, "state.attack.step", T("is not a step of an attack"))
        forts = {f["id"] for f in state["players"][attack["defender"]]["forts"]}
        if attack["attacker"] == attack["defender"] or attack["target"] not in forts | {"sea"}:
            raise refuse(GAME, "state.attack.target", T("is not a fort of the defender"))
    for name, owner in (("colonize", seat), ("build", (state["build"] or {}).get("seat"))):
        if state[name] is None or owner is None:
            continue
        forts = {f["id"] for f in state["players"][owner]["forts"]}
        named = state[name]["eligible"] if name == "colonize" else [state[name]["fort"]]
        if not set(named) <= forts:
            raise refuse(GAME, f"state.{name}", T("names a fort the seat does not have"))
