"""Every player-facing text of the game outside its data: the words for terrains, symbols,
stickers and modules, the labels of actions, the log lines of events, why a move is refused
and the tie-break line.

Data keeps plain English identifiers ("steppe", "double_wall", "beach_penalty"); what a
player reads is the matching text below, looked up in the catalog at the edge. Every entry
is a literal ``T(...)`` so that the message extractor finds it.
"""

from __future__ import annotations

from rules.my_island.data import ALL_TILES, CARD_TILE, SHAPE_NAMES, TERRAIN
from rules.my_island.labels import place_label
from rules.text import Msg, T, Tn, join

TERRAIN_WORDS = {
    "beach": T("beach"),
    "steppe": T("steppe"),
    "palm": T("palm"),
    "jungle": T("jungle"),
    "totem": T("totem"),
}

SYMBOL_WORDS = {
    "field": T("field"),
    "house": T("house"),
    "wall": T("wall"),
    "road": T("road"),
}

#: the group a symbol forms ("largest farm"), spec §7.1
GROUP_WORDS = {
    "field": T("farm"),
    "house": T("village"),
    "wall": T("bastion"),
    "road": T("road network"),
}

STICKER_WORDS = {
    "hut": T("hut"),
    "harbour": T("harbour"),
    "double_wall": T("double wall"),
}

#: campaign modules (``campaign.json`` ids) by the name a player reads
MODULE_NAMES = {
    "terrain": T("Open terrain"),
    "beach_house": T("Houses on the beach"),
    "palm_fields": T("Fields on palms"),
    "harbour": T("Harbours"),
    "beach_penalty": T("Beach penalty"),
    "groups": T("First groups"),
    "totem_roads": T("Totem roads"),
    "largest": T("Largest groups"),
    "jungle_clearing": T("Jungle clearing"),
    "mountain_row": T("Mountain row"),
    "extra_tiles": T("Extra tiles"),
}


def word(table: dict, key: str):
    """The text for ``key`` in one of the tables above (an unknown key as it is)."""
    return table.get(key, key)


# -- what an award was for (stored in the score events) -------------------------------------

def group_what(sym: str, n: int):
    """What a first group scored, e.g. "a farm (5 fields)" (a translatable text)."""
    if sym == "field":
        return Tn("a farm ({n} field)", "a farm ({n} fields)", n)
    if sym == "house":
        return Tn("a village ({n} house)", "a village ({n} houses)", n)
    return Tn("a bastion ({n} wall)", "a bastion ({n} walls)", n)


def largest_what(sym: str, size: int):
    """What a largest group scored, e.g. "largest field group (7)" (a translatable text)."""
    if sym == "field":
        return T("largest field group ({size})", size=size)
    if sym == "house":
        return T("largest house group ({size})", size=size)
    if sym == "wall":
        return T("largest wall group ({size})", size=size)
    return T("largest road group ({size})", size=size)


def counted_what(kind: str, n: int) -> Msg:
    """What ``n`` scoring cells of one kind were, e.g. "3 field(s) on palms" (a rule set's key)."""
    if kind == "beach_house":
        return Tn("{n} house(s) on the beach", "{n} house(s) on the beach", n)
    if kind == "palm_fields":
        return Tn("{n} field(s) on palms", "{n} field(s) on palms", n)
    if kind == "harbour":
        return Tn("{n} road(s) on a harbour", "{n} road(s) on a harbour", n)
    if kind == "jungle":
        return Tn("{n} jungle cell(s) covered", "{n} jungle cell(s) covered", n)
    return Tn("{n} uncovered beach cell(s)", "{n} uncovered beach cell(s)", n)


def totem_road_what(totem: str) -> Msg:
    return T("road from totem {totem} to the sea", totem=totem)


def top_row_what() -> Msg:
    return T("top row full")


# -- actions and events -----------------------------------------------------------------------------

def describe_action(action: dict, view: dict | None = None) -> Msg | str:
    if not isinstance(action, dict):
        return "?"
    kind = action.get("type")
    if kind == "place":
        place = place_label(action["at"])
        if "spot" in action:
            spots = ((view or {}).get("private") or {}).get("spots") or []
            cells = next((s["cells"] for s in spots if s.get("n") == action["spot"]), None)
            if cells and all((cr, cc) in TERRAIN for cr, cc, _sym in cells):
                return T("Spot {n}: {cells}", n=place, cells=cells_words(cells))
            return T("Spot {n}", n=place)
        return T("Place {tile} at {at} turned {rot}", tile=tile_words(action["tile"]), at=place,
                 rot=str(action.get("rot")))
    if kind == "rotate":
        return T("Rotate the tile (60° clockwise)")
    if kind == "flip":
        return T("Turn the tile over")
    if kind == "page":
        return T("Show spots {first}-{last}", first=action["first"], last=action["last"])
    if kind == "pass":
        return T("Pass: skip this tile (-1 point)")
    if kind == "end":
        return T("End participation (no loss, no more tiles)")
    if kind == "back":
        return T("Undo the last sticker")
    if kind == "sticker":
        if action["sticker"] == "double_wall":
            return T("Double wall on {tile}, cell {cell}", tile=tile_words(action["tile"]), cell=action["cell"] + 1)
        if action["sticker"] == "hut":
            return T("Hut on {place}", place=place_label(action["at"]))
        return T("Harbour on {place}", place=place_label(action["at"]))
    return str(kind)


def cells_words(cells) -> Msg:
    """The cells a placement covers as its picture shows them: "field on beach, house on steppe"
    (``cells``: ``(row, col, symbol)`` on the island)."""
    return join(", ", [T("{symbol} on {terrain}", symbol=word(SYMBOL_WORDS, sym),
                         terrain=word(TERRAIN_WORDS, TERRAIN[(r, c)])) for r, c, sym in cells])


def _name(names: list[str], seat: int) -> Msg | str:
    return names[seat] if 0 <= seat < len(names) else T("Player {n}", n=seat + 1)


def tile_words(tile: str) -> Msg | str:
    """"line of three: wall, road, wall": the tile's shape and its symbols in order (what its picture
    shows: players never see the tile list's ids)."""
    if tile not in ALL_TILES:
        return T("the tile")
    t = ALL_TILES[tile]
    return T("{shape}: {symbols}", shape=T(SHAPE_NAMES.get(t["shape"], t["shape"])),
             symbols=join(", ", [word(SYMBOL_WORDS, sym) for _, _, sym in t["cells"]]))


def _signed(points: int) -> str:
    return f"{points:+d}"


def describe_event(event: dict, names: list[str]) -> Msg | str:
    kind = event.get("type")
    seat = event.get("seat", -1)
    who = _name(names, seat) if isinstance(seat, int) else "?"
    if kind == "reveal":
        return Tn("Round {round}: the tile is a {what}; {n} card left",
                  "Round {round}: the tile is a {what}; {n} cards left", event["deck_left"],
                  round=event["round"], what=tile_words(event["tile"]))
    if kind == "decided":
        return T("{who} has decided.", who=who)
    if kind == "place":
        pts = sum(a[1] for a in event.get("awards", []))
        if pts:
            return T("{who} placed the tile at {place}, scoring {points} (now {score})", who=who,
                     place=place_label(event["at"]), points=_signed(pts), score=event["score"])
        return T("{who} placed the tile at {place} (now {score})", who=who, place=place_label(event["at"]),
                 score=event["score"])
    if kind == "pass":
        return T("{who} passed on the tile (-1, now {score})", who=who, score=event["score"])
    if kind == "end":
        return T("{who} ended participation", who=who)
    if kind == "end_score":
        # "what" is a translatable text when the event is fresh from the engine (island.end_awards)
        return T("{who}: {category} {points} ({what})", who=who, category=T(event["category"]),
                 points=_signed(event["points"]), what=event["what"])
    if kind == "game_end":
        winners = join(", ", [_name(names, s) for s in event["winners"]])
        scores = join(", ", [T("{name} {points}", name=_name(names, s), points=p) for s, p in enumerate(event["scores"])])
        return Tn("Game over. Winner: {winners}. Scores: {scores}", "Game over. Winners: {winners}. Scores: {scores}",
                  len(event["winners"]), winners=winners, scores=scores)
    if kind == "sticker":
        if event["sticker"] == "double_wall":
            return T("{who} put a double wall on the tile {tile}", who=who, tile=tile_words(event["tile"]))
        if event["sticker"] == "hut":
            return T("{who} put a hut sticker on {place}", who=who, place=place_label(event["at"]))
        return T("{who} put a harbour sticker on {place}", who=who, place=place_label(event["at"]))
    return str(kind)


# -- refusals ------------------------------------------------------------------------------

def illegal_reason(state: dict, seat: int, action: dict) -> Msg:
    """Why ``action`` of ``seat`` is not one of the legal ones now."""
    kind = action.get("type")
    if state["phase"] == "choose":
        isl = state["islands"][seat]
        if kind == "pass":
            return T("You cannot pass with your marker on 0: place the tile or end your participation.")
        if kind == "place":
            tile = CARD_TILE[state["card"]] if state["card"] else None
            if action.get("tile") != tile:
                return T("This round's tile is {tile}.", tile=tile_words(tile) if tile else "?")
            if not isl["placed"]:
                return T("Your first tile must cover at least one beach cell on open terrain.")
            return T("The tile must lie on empty open cells and touch an already placed cell "
                     "with the same symbol.")
        if kind in ("rotate", "flip"):
            return T("The tile has no other legal orientation.") if kind == "rotate" else \
                T("Turning tiles over is not allowed in this game.")
        if kind == "page":
            return T("There is no such page of spots.")
        return T("Choose a spot, pass, or end your participation.")
    if kind == "sticker":
        return T("That sticker cannot go there.")
    return T("Place your sticker on one of the numbered spots.")


def not_a_move() -> Msg:
    return T("That is not a move.")


def not_your_turn(state: dict) -> Msg:
    """Why a seat that is not to act cannot act now."""
    if state["phase"] == "over":
        return T("The game is over.")
    return T("It is not your turn.") if state["phase"] != "choose" \
        else T("You have already decided this round (or ended your participation).")


# -- the end -------------------------------------------------------------------------------

def owed_text(owed: int) -> Msg:
    """What the points below 0 became in a legacy episode (spec §10.4)."""
    return Tn("{n} point owed next episode", "{n} points owed next episode", owed)


def tiebreak_for(scores: list[int]) -> Msg:
    """The result's tie-break line for these final scores (spec §8.4)."""
    if not any(scores.count(s) > 1 for s in scores):
        return T("No tie on points.")
    return T("Tied scores are split by fewest free cells in the top row (by the mountains), "
             "then the next row down, and so on; still equal means a shared place.")
