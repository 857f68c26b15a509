"""Whys of single moves whose gain shows only later, read from the seat's view: Isle of Skye's
discard and pricing (what a tile is worth to you and to the other chiefs), Land vs Sea's draw (what
the shown side of each stack's top can do for your terrain). Used where the sampled worlds of
:mod:`host.tutorial.why` find nothing the move changes at once, instead of the tutorial's general line.

Everything said is computed from what the seat sees: its own tiles and territory, the other chiefs'
public territories, the map and the shown sides of the stacks' tops. A number is what a placement
would give if it were made now, at its best spot, with the scoring the rulebook gives: Isle of Skye's
goals as often as each still scores and the scrolls (rulebook: "Подсчёт очков"), Land vs Sea's area
completed now (1 point a tile for its terrain, its bonus marks for the player who completes it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.isle_of_skye import scoring as skye_scoring
from rules.isle_of_skye.territory import Grid, legal_spots
from rules.land_vs_sea import board as lvs_board
from rules.land_vs_sea.data import face_sig
from rules.text import Msg, T, Tn, join

# -- Isle of Skye -------------------------------------------------------------------------------


def _skye_grids(view: dict[str, Any]) -> list[Grid]:
    """Every chief's territory as the seat sees it (its own with this round's placements)."""
    grids: list[Grid] = [{tuple(p["at"]): (p["tile"], p["rot"]) for p in q["territory"]}
                         for q in view["players"]]
    build = (view.get("private") or {}).get("build")
    if build:
        for p in build.get("placed", []):
            grids[view["seat"]][tuple(p["at"])] = (p["tile"], p["rot"])
    return grids


def _skye_promised(view: dict[str, Any], grids: list[Grid], seat: int) -> int:
    """VP the chief's territory promises: each goal still to score (as often as it still scores,
    this round included) and the scrolls."""
    coins = [int(q["coins"]) for q in view["players"]]
    total = 0
    for goal in view["goals"]:
        left = sum(1 for r in view["schedule"] if goal["slot"] in r["score"] and r["round"] >= view["round"])
        if left:
            total += int(skye_scoring.goal_points(goal["id"], grids, coins)[seat]) * left
    return total + sum(int(s["vp"]) for s in skye_scoring.scroll_scores(grids[seat]))


def skye_worth(view: dict[str, Any], seat: int, tile: str) -> int | None:
    """The VP ``tile`` adds to ``seat``'s goals and scrolls built now at its best spot (None: it
    fits nowhere in that territory)."""
    grids = _skye_grids(view)
    base = _skye_promised(view, grids, seat)
    best = None
    for cell, rots in legal_spots(grids[seat], tile):
        for rot in rots:
            grids[seat][cell] = (tile, rot)
            gained = _skye_promised(view, grids, seat) - base
            best = gained if best is None else max(best, gained)
        del grids[seat][cell]
    return best


def _vp(worth: int | None) -> Msg:
    return T("0 VP (it fits nowhere)") if worth is None else Tn("{n} VP", "{n} VP", worth)


def _rival(view: dict[str, Any], tile: str, names: list[str]) -> tuple[Msg | str, int | None]:
    """The other chief to whom ``tile`` is worth most, and its worth to them."""
    seat = view["seat"]
    worths = [(s, skye_worth(view, s, tile)) for s in range(len(view["players"])) if s != seat]
    best, worth = max(worths, key=lambda sw: -1 if sw[1] is None else sw[1])
    return (names[best] if best < len(names) else T("seat {n}", n=best + 1)), worth


def skye_discard(view: dict[str, Any], action: dict[str, Any], names: list[str]) -> Msg | None:
    """Rulebook: of the 3 tiles drawn one is discarded back to the bag; the other two get prices."""
    seat = view["seat"]
    drawn = list(view["players"][seat].get("drawn") or [])
    if action.get("tile") not in drawn or len(drawn) < 2:
        return None
    kept = [t for t in drawn if t != action["tile"]]
    mine = skye_worth(view, seat, action["tile"])
    kept_worth = [skye_worth(view, seat, t) for t in kept]
    kept_said = T("{a} and {b}", a=_vp(kept_worth[0]), b=_vp(kept_worth[1])) if len(kept) == 2 else _vp(kept_worth[0])
    least = mine is None or all(w is not None and w >= mine for w in kept_worth)
    if least:
        return T("Built now, this tile would bring you {worth}, the tiles you keep {kept}: it is the one you would "
                 "miss least.", worth=_vp(mine), kept=kept_said)
    return T("Built now, this tile would bring you {worth}, the tiles you keep {kept}; the AI also counts whisky "
             "income and room for later goals.", worth=_vp(mine), kept=kept_said)


def skye_price(view: dict[str, Any], action: dict[str, Any], names: list[str]) -> Msg | None:
    """Rulebook: the price is paid at once behind the screen; a buyer pays it to the seller, who gets
    the stake back; a tile nobody bought stays, and its stake goes to the bank."""
    tile, price = action.get("tile"), action.get("price")
    coins: Msg
    if action.get("type") == "prices":  # a page of prices: the price the AI has in mind lies in it
        tile = ((view.get("private") or {}).get("pricing") or {}).get("next_tile")
        low, high = action.get("from"), action.get("to")
        if not isinstance(low, int) or not isinstance(high, int):
            return None
        coins = T("{low} to {high} coins", low=low, high=high)
    elif isinstance(price, int):
        coins = Tn("{n} coin", "{n} coins", price)
    else:
        return None
    if not isinstance(tile, str):
        return None
    mine = skye_worth(view, view["seat"], tile)
    name, theirs = _rival(view, tile, names)
    if mine is not None and (theirs is None or mine >= theirs) and mine > 0:
        return T("Built now, this tile would bring you {mine}, {name} {theirs}. At {price}, {name} must pay you that "
                 "to take it; unsold, it stays yours and the stake goes to the bank.",
                 mine=_vp(mine), name=name, theirs=_vp(theirs), price=coins)
    return T("Built now, this tile would bring {name} {theirs}, you {mine}: if {name} buys it you gain {price} and "
             "your stake back; if not, keeping it costs the stake.", mine=_vp(mine), name=name, theirs=_vp(theirs),
             price=coins)


# -- Land vs Sea --------------------------------------------------------------------------------


def _lvs_board(view: dict[str, Any]) -> dict[str, Any]:
    return {c: {"sig": face_sig(e["face"]), "rot": e["rot"]} for c, e in view["map"].items()}


def lvs_closing(view: dict[str, Any], face: dict[str, Any], team: str) -> int:
    """The most points ``face`` placed now could give ``team`` by completing areas: 1 a tile of an
    area of its terrain, and the bonus marks of every area it completes (rulebook: the player who
    completes an area takes its bonus marks)."""
    board = _lvs_board(view)
    sig = face_sig(face)
    best = 0
    for cell in lvs_board.frontier(board):
        pattern = lvs_board.required(board, cell)
        if pattern == "??????":
            continue
        for rot in range(6):
            board[cell] = {"sig": sig, "rot": rot}
            if lvs_board.fits(pattern, lvs_board.placed(board[cell]).terrain):
                points = sum((len(a["cells"]) if a["terrain"] == team else 0) + a["bonus"]
                             for a in lvs_board.areas_at(board, cell) if not a["open"])
                best = max(best, points)
            del board[cell]
    return best


def _edges(face: dict[str, Any], team: str) -> int:
    """Edges of ``team``'s terrain on ``face`` (``L``: land, ``S``: sea)."""
    return sum(1 for e in face["edges"] if e == team[0].upper())


def lvs_draw(view: dict[str, Any], action: dict[str, Any], names: list[str]) -> Msg | None:
    """Rulebook: the top tile of each stack shows one side to everyone; the other side is seen only
    by the player who takes it."""
    stacks = view.get("stacks") or []
    team = view["roles"][view["seat"]]
    if team not in ("land", "sea") or action.get("stack") not in (0, 1) or len(stacks) != 2:
        return None
    tops = [s.get("top") for s in stacks]
    if any(top is None for top in tops):
        return None
    taken, other = action["stack"], 1 - action["stack"]
    closing = [lvs_closing(view, top, team) for top in tops]
    edges = [_edges(top, team) for top in tops]
    marks = [sum(r["bonus"] for r in top["regions"] if r["terrain"] == team) for top in tops]
    better: list[Msg] = []
    if closing[taken] > closing[other]:
        better.append(Tn("areas to complete for {n} point if placed now (against {other})",
                         "areas to complete for {n} points if placed now (against {other})",
                         closing[taken], other=closing[other]))
    if edges[taken] > edges[other]:
        better.append(Tn("{n} land edge of 6 (against {other})", "{n} land edges of 6 (against {other})",
                         edges[taken], other=edges[other]) if team == "land"
                      else Tn("{n} sea edge of 6 (against {other})", "{n} sea edges of 6 (against {other})",
                              edges[taken], other=edges[other]))
    if marks[taken] > marks[other]:
        better.append(Tn("{n} bonus mark on land (against {other})", "{n} bonus marks on land (against {other})",
                         marks[taken], other=marks[other]) if team == "land"
                      else Tn("{n} bonus mark at sea (against {other})", "{n} bonus marks at sea (against {other})",
                              marks[taken], other=marks[other]))
    action_of = tops[taken].get("action")
    if action_of in ("play_again", "steal") and not tops[other].get("action"):
        better.append(T("the action “{action}”", action=T("play again") if action_of == "play_again" else T("steal")))
    stack, other_stack = "AB"[taken], "AB"[other]
    if not better:
        return T("On its shown side stack {stack}'s top is no better for you than stack {other}'s; the AI's look-ahead "
                 "preferred it. Its other side you see once you hold it.", stack=stack, other=other_stack)
    return T("Stack {stack}'s top shows more for you than stack {other}'s: {better}. Its other side you see once you "
             "hold it.", stack=stack, other=other_stack, better=join(", ", better))


MOVE_WHYS: dict[tuple[str, str], Callable[[dict[str, Any], dict[str, Any], list[str]], Msg | None]] = {
    ("isle_of_skye", "discard"): skye_discard,
    ("isle_of_skye", "price"): skye_price,
    ("isle_of_skye", "prices"): skye_price,
    ("land_vs_sea", "draw"): lvs_draw,
}


def move_why(game: str, view: dict[str, Any], action: dict[str, Any], names: list[str] | None = None) -> Msg | None:
    """The why of ``action`` from ``view`` where the game has one for its type, else None."""
    said = MOVE_WHYS.get((game, str(action.get("type"))))
    return said(view, action, list(names or [])) if said is not None else None
