"""The cards in play: finding them, their static effects on the opponent (prohibitions, the
Scout Outpost's build coins), and destroying them with their colonists going home (spec section 12).
"""

from __future__ import annotations

from . import data
from .state import Ctx, opponent


def cards_in_play(player: dict) -> list[str]:
    cards = []
    for fort in player["forts"]:
        cards.append(fort["card"])
        cards.extend(b["card"] for b in fort["buildings"])
    cards.extend(s["card"] for s in player["ships"])
    return cards


def in_play_with(player: dict, op: str) -> list[str]:
    return [c for c in cards_in_play(player) if data.has_op(c, op)]


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


def build_coins(state: dict, seat: int, base: int) -> int:
    """Coins of a build after the opponent's Scout Outpost (never below 0)."""
    for card in in_play_with(state["players"][opponent(seat)], "opponent_build_coin_delta"):
        for e in data.effects(card, "opponent_build_coin_delta"):
            base = max(e.get("min_total", 0), base + e["value"])
    return base


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
