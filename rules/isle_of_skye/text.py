"""Every player-facing text of Isle of Skye that is not data: the words for tiles, features,
turns and places, action labels (buttons/selects), log lines, the result's tie-break and why
an action is refused.

Every text is a translatable :class:`rules.text.Msg` whose value is the English sentence; the
host translates it and clips labels to Discord's 80 characters after translation. (Goal names
and rules are data, in ``data.py``; they are shown as ``T(name)``.)
"""

from __future__ import annotations

from rules.isle_of_skye import building, pricing
from rules.isle_of_skye.data import FEATURES, GOAL_NAMES, TILES
from rules.isle_of_skye.labels import place_label
from rules.isle_of_skye.territory import legal_rotations
from rules.text import Msg, T, Tn, join

NO_TIE = T("No tie: most VP wins.")
TIE_ON_COINS = T("Tie on VP broken by most coins left.")
SHARED_VICTORY = T("Tied on VP and coins: shared victory.")
"""The result's tie-break, as the rules settle it."""


# -- words ---------------------------------------------------------------------------------

TERRAIN_NAMES = {"meadow": T("meadow"), "mountain": T("mountain"), "water": T("water")}
"""Terrain words (tile labels for featureless tiles, the board's legend)."""

FEATURE_NAMES = {"whisky": T("whisky"), "sheep": T("sheep"), "cattle": T("cattle"), "farms": T("farm"),
                 "brochs": T("broch"), "lighthouses": T("lighthouse"), "ships": T("ship")}
"""One of a feature, as a tile label lists it (``tile (farm, 2 sheep)``) and the legend names it."""

SCROLL_NAMES = {"whisky": T("whisky scroll"), "sheep": T("sheep scroll"), "cattle": T("cattle scroll"),
                "farms": T("farms scroll"), "brochs": T("brochs scroll"),
                "lighthouses": T("lighthouses scroll"), "ships": T("ships scroll")}
"""A scroll by what it counts (the data's ``scroll.type``)."""


def feature_count(name: str, n: int) -> Msg:
    """Several of a feature on one tile: ``2 sheep``, ``2 ships``."""
    counts = {"whisky": lambda: Tn("{n} whisky", "{n} whisky", n),
              "sheep": lambda: Tn("{n} sheep", "{n} sheep", n),
              "cattle": lambda: Tn("{n} cattle", "{n} cattle", n),
              "farms": lambda: Tn("{n} farm", "{n} farms", n),
              "brochs": lambda: Tn("{n} broch", "{n} brochs", n),
              "lighthouses": lambda: Tn("{n} lighthouse", "{n} lighthouses", n),
              "ships": lambda: Tn("{n} ship", "{n} ships", n)}
    return counts[name]()


def tile_label(tile_id: str) -> Msg:
    """A tile named by what its picture shows, e.g. ``tile (farm, 2 sheep)``, ``tile (meadow)``:
    players read pictures, not the tile list's ids."""
    tile = TILES[tile_id]
    if tile["kind"] == "castle":
        return T("castle")
    bits = []
    for key in FEATURES:
        n = tile["features"].get(key, 0)
        if n:
            bits.append(FEATURE_NAMES[key] if n == 1 else feature_count(key, n))
    if tile["scroll"]:
        bits.append(SCROLL_NAMES[tile["scroll"]["type"]])
    inner = join(", ", bits) if bits else TERRAIN_NAMES[tile["centre"]]
    return T("tile ({contents})", contents=inner)



def _tile(tile):
    return tile_label(tile) if isinstance(tile, str) and tile in TILES else str(tile)


def _name(names: list[str] | None, seat):
    if isinstance(seat, int) and names and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return T("Player {n}", n=seat + 1) if isinstance(seat, int) else T("Someone")


def coins(n) -> Msg:
    return Tn("{n} coin", "{n} coins", n)


def turn(rot) -> Msg:
    """A tile's turn in words: ``upright``, ``turned 90°``."""
    return T("upright") if rot == 0 else T("turned {degrees}°", degrees=90 * rot)


def where(at) -> Msg:
    """A cell relative to the castle in words: ``2 east, 1 north``."""
    x, y = at
    parts = []
    if y > 0:
        parts.append(Tn("{n} south", "{n} south", y))
    elif y < 0:
        parts.append(Tn("{n} north", "{n} north", -y))
    if x > 0:
        parts.append(Tn("{n} east", "{n} east", x))
    elif x < 0:
        parts.append(Tn("{n} west", "{n} west", -x))
    return join(", ", parts) if parts else T("the castle")


def place(at) -> Msg:
    """A cell by its name on the board and in words: ``N9 (1 north, 1 east)``."""
    return T("{place} ({where})", place=place_label(at), where=where(at))


def both(items: list):
    """``A``, ``A and B``, ``A, B and C``: a list in the language's list form (never "A and B and C")."""
    if len(items) == 1:
        return items[0]
    return T("{first} and {second}", first=join(", ", items[:-1]), second=items[-1])


# -- action labels and log lines ------------------------------------------------------------

def describe_action(action: dict, view: dict | None = None):
    names = (view or {}).get("seat_names")
    kind = action.get("type") if isinstance(action, dict) else None
    phase = (view or {}).get("phase")
    if kind == "discard":
        return T("Discard {tile}", tile=_tile(action["tile"]))
    if kind == "price":
        return Tn("{n} coin for {tile}", "{n} coins for {tile}", action["price"], tile=_tile(action["tile"]))
    if kind == "prices":
        return Tn("Show prices {low}–{n} coins", "Show prices {low}–{n} coins", action["to"], low=action["from"])
    if kind == "back":
        return T("Start pricing again") if phase == "price" else T("Back")
    if kind == "buy":
        return Tn("Buy {tile} from {owner} for {n} coin", "Buy {tile} from {owner} for {n} coins", action["price"],
                  tile=_tile(action["tile"]), owner=_name(names, action["from"]))
    if kind == "pass":
        return T("Pass (buy nothing)")
    if kind == "castle":
        return T("Castle {turn}", turn=turn(action["rot"]))
    if kind == "pick":
        return T("Build {tile}", tile=_tile(action["tile"]))
    if kind == "spot":
        return T("Spot {spot} ({where}), then choose the turn", spot=place_label(action["at"]),
                 where=where(action["at"]))
    if kind == "place":
        return T("Spot {spot} ({where}), {turn}", spot=place_label(action["at"]), where=where(action["at"]),
                 turn=turn(action["rot"]))
    return str(kind)


def scroll_count(kind: str, n: int) -> Msg:
    """What a scroll counted: ``6 sheep``, ``1 whisky tile``."""
    if kind == "whisky":
        return Tn("{n} whisky tile", "{n} whisky tiles", n)
    return feature_count(kind, n)


def _scores(names: list[str], values: list) -> Msg:
    """``Ana 12, Bo 9``: each seat's name and number."""
    return join(", ", [join(" ", [_name(names, s), v]) for s, v in enumerate(values)])


def describe_event(event: dict, names: list[str]):
    kind = event.get("type")
    who = _name(names, event.get("seat"))
    if kind == "round":
        goals = event["goals"]
        return Tn("Round {round} begins: goal {goals} scores; {first} goes first.",
                  "Round {round} begins: goals {goals} score; {first} goes first.", len(goals),
                  round=event["round"], goals=both(goals), first=_name(names, event["first"]))
    if kind == "income":
        bits = [T("castle {coins}", coins=event["castle"])]
        if event["whisky"]:
            bits.append(T("whisky {coins}", coins=event["whisky"]))
        if event["catch_up"]:
            bits.append(T("catch-up {coins}", coins=event["catch_up"]))
        return Tn("{who} receives {n} coin ({details}).", "{who} receives {n} coins ({details}).", event["total"],
                  who=who, details=join(", ", bits))
    if kind == "draw":
        return T("{who} draws {tiles}.", who=who, tiles=join(", ", [_tile(t) for t in event["tiles"]]))
    if kind == "discard_chosen":
        return T("You will discard {tile}.", tile=_tile(event["tile"]))
    if kind == "price_chosen":
        return Tn("You priced {tile} at {n} coin.", "You priced {tile} at {n} coins.", event["price"],
                  tile=_tile(event["tile"]))
    if kind == "pricing_restarted":
        return T("You started your pricing again.")
    if kind == "prices_sealed":
        return T("{who} has set the prices.", who=who)
    if kind == "reveal":
        offers = [T("{tile} for {price}", tile=_tile(o["tile"]), price=o["price"]) for o in event["offer"]]
        offered = both(offers) if offers else T("nothing")
        if event.get("discard"):
            return T("{who} discards {tile} and offers {offers}.", who=who, tile=_tile(event["discard"]),
                     offers=offered)
        return T("{who} offers {offers}.", who=who, offers=offered)
    if kind == "buy":
        return Tn("{who} bought {tile} from {owner} for {n} coin.", "{who} bought {tile} from {owner} for {n} coins.",
                  event["price"], who=who, tile=_tile(event["tile"]), owner=_name(names, event["from"]))
    if kind == "pass":
        if event.get("forced"):
            return T("{who} cannot buy any offered tile and passes.", who=who)
        return T("{who} passes.", who=who)
    if kind == "unsold":
        return Tn("{tile} stays with {who}; the {n}-coin stake goes to the bank.",
                  "{tile} stays with {who}; the {n}-coin stake goes to the bank.", event["price"],
                  tile=_tile(event["tile"]), who=who)
    if kind == "castle_turned":
        return T("You turned your castle: {turn}.", turn=turn(event["rot"]))
    if kind == "castle":
        return T("{who} turned the castle: {turn}.", who=who, turn=turn(event["rot"]))
    if kind == "placed":
        return T("You placed {tile} at {where}, {turn}.", tile=_tile(event["tile"]), where=place(event["at"]),
                 turn=turn(event["rot"]))
    if kind == "build_done":
        return T("{who} has finished building.", who=who)
    if kind == "build":
        return T("{who} built {tile} at {where}, {turn}.", who=who, tile=_tile(event["tile"]),
                 where=place(event["at"]), turn=turn(event["rot"]))
    if kind == "returned":
        return T("{tile} does not fit in {who}'s territory and goes back to the bag.", tile=_tile(event["tile"]),
                 who=who)
    if kind == "goal":
        goal = T(GOAL_NAMES[event["goal"]]) if event["goal"] in GOAL_NAMES else event["goal"]
        return T("Goal {slot} ({goal}): {points}.", slot=event["slot"], goal=goal,
                 points=_scores(names, event["points"]))
    if kind == "scroll":
        scroll = SCROLL_NAMES[event["kind"]]
        counted = scroll_count(event["kind"], event["count"])
        if event["doubled"]:
            return T("{who}'s {scroll} on {tile}: {vp} VP ({counted}, doubled in a completed area).", who=who,
                     scroll=scroll, tile=_tile(event["tile"]), vp=event["vp"], counted=counted)
        return T("{who}'s {scroll} on {tile}: {vp} VP ({counted}).", who=who, scroll=scroll, tile=_tile(event["tile"]),
                 vp=event["vp"], counted=counted)
    if kind == "coins_scored":
        return Tn("{who} turns {n} coin into {vp} VP.", "{who} turns {n} coins into {vp} VP.", event["coins"],
                  who=who, vp=event["vp"])
    if kind == "game_over":
        return T("Game over: {scores}.", scores=_scores(names, event["scores"]))
    return str(event.get("text") or kind)


# -- why an action is refused ----------------------------------------------------------------

def illegal_reason(state: dict, seat: int, action: dict) -> str:
    """The sharpest reason an action outside the legal list is refused, phase by phase."""
    phase = state["phase"]
    kind = action.get("type")
    player = state["players"][seat]
    tile = action.get("tile")
    if tile is not None and (not isinstance(tile, str) or tile not in TILES):
        return T("There is no tile {tile}.", tile=repr(tile))
    if phase == "price":
        return _pricing_reason(player, kind, tile, action)
    if phase == "buy":
        return _buying_reason(state, seat, player, kind, tile)
    if phase == "build":
        return _building_reason(player, kind, tile, action)
    return T("That move is not allowed now.")


def _pricing_reason(player: dict, kind, tile, action: dict) -> str:
    if kind == "price":
        price = action.get("price")
        if not isinstance(price, int) or isinstance(price, bool):
            return T("A price must be a whole number of coins.")
        if price < pricing.MIN_PRICE:
            return T("Every kept tile needs a price of at least 1 coin.")
        if player["sealed"]["discard"] is not None and tile == pricing.next_to_price(player):
            most = pricing.max_price(player)
            if price > most:
                return Tn("Too expensive: you can stake at most {n} coin on this tile (you have {coins}).",
                          "Too expensive: you can stake at most {n} coins on this tile (you have {coins}).",
                          most, coins=player["coins"])
            low, high = pricing.price_page(player)
            if not low <= price <= high:
                return T("Open the prices around {price} first (now showing {low}–{high}).", price=price,
                         low=low, high=high)
    if tile is not None and tile not in player["drawn"]:
        return T("You can only discard or price one of the three tiles you drew.")
    return T("Now choose the tile to discard, then a price for each tile you keep.")


def _buying_reason(state: dict, seat: int, player: dict, kind, tile) -> str:
    if kind == "buy":
        for owner, p in enumerate(state["players"]):
            for o in p["offer"]:
                if o["tile"] == tile:
                    if owner == seat:
                        return T("You cannot buy your own tile.")
                    if o["price"] > player["coins"]:
                        return Tn("You cannot afford that: it costs {n} coin and you have {coins}.",
                                  "You cannot afford that: it costs {n} coins and you have {coins}.", o["price"],
                                  coins=player["coins"])
                    return T("That purchase does not match the tile's owner and price.")
        return T("That tile is not on offer.")
    return T("Buy one tile from another player, or pass.")


def _building_reason(player: dict, kind, tile, action: dict) -> str:
    if kind in ("place", "spot"):
        at = action.get("at")
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)):
            return T("A spot is a cell [x, y] of your territory.")
        if tile not in player["build"]["left"]:
            return T("That tile is not one you have to build this round.")
        grid = building.private_grid(player)
        if tuple(at) in grid:
            return T("That cell is already built on.")
        if not legal_rotations(grid, tile, tuple(at)):
            return T("The tile does not fit there: it must touch your territory and every touching edge "
                     "must match.")
    return T("Choose a tile, then one of the numbered spots.")
