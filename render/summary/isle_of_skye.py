"""Isle of Skye as text: round and phase, who acts, each chieftain's VP, coins and tiles on offer,
the goals scoring this round, the last move and (private) the viewer's secret prices or build."""

from __future__ import annotations

from typing import Any

from render.summary.text import finish, indent, listing, names, viewer
from rules.isle_of_skye.data import TILES
from rules.isle_of_skye.text import both, describe_event, tile_label, where
from rules.isle_of_skye.text import turn as turn_words
from rules.text import T, Tn, join

PHASES = {"price": T("Secret pricing"), "buy": T("Purchase"), "build": T("Build"), "over": T("Game over")}
TO_ACT = {"price": T("Choosing discard and prices:"), "buy": T("To buy or pass:"), "build": T("Building:")}
LAST_KINDS = ("buy", "pass", "unsold", "build", "returned", "goal", "game_over")


def _tile(tile: str) -> Any:
    return tile_label(tile) if tile in TILES else tile


def lines(view: dict) -> list[str]:
    who = names(view, view["n_players"])
    me = viewer(view)
    out: list[Any] = [_headline(view)]
    out.append(_acting(view, who))
    now = [g for g in view["goals"] if g["now"]]
    for g in now:
        out.append(T("Goal {slot} scores this round: {name}: {rule}", slot=g["slot"], name=T(g["name"]),
                      rule=T(g["rule"])))
    for seat, p in enumerate(view["players"]):
        out.append(_player(view, who, seat, p, me))
        tiles = _tiles(view, p, seat == me and "pricing" in (view.get("private") or {}))
        if tiles is not None:
            out.append(indent(tiles, 2))
    out += [T("Last: {event}", event=e) for e in _last(view, who)]
    if me is not None:
        out += _private(view, me)
    return finish(out)


def _headline(view: dict) -> Any:
    if view["phase"] == "over":
        return Tn("Isle of Skye · Game over after {n} rounds", "Isle of Skye · Game over after {n} rounds",
                  view["rounds"])
    return T("Isle of Skye · Round {round} of {rounds} · {phase}", round=view["round"], rounds=view["rounds"],
             phase=PHASES.get(view["phase"], view["phase"]))


def _acting(view: dict, who: list) -> Any:
    if view["phase"] == "over":
        res = view.get("result") or {}
        winners = res.get("winners") or []
        if not winners:
            return T("Game over")
        return Tn("{winners} wins with {vp} VP", "{winners} win with {vp} VP", len(winners),
                  winners=both([who[w] for w in winners]), vp=view["players"][winners[0]]["vp"])
    return join(" ", [TO_ACT[view["phase"]], listing([who[s] for s in view["to_act"]])])


def _player(view: dict, who: list, seat: int, p: dict, me: int | None) -> Any:
    stats = Tn("{vp} VP · {n} coin", "{vp} VP · {n} coins", p["coins"], vp=p["vp"])
    tiles = Tn("{n} tile", "{n} tiles", len(p["territory"]) - 1)
    over = view["phase"] == "over"
    bd = p["breakdown"]
    parts = [join(" ", [g["slot"], bd[g["slot"]]]) for g in view["goals"] if over or bd[g["slot"]]]
    if over or bd["scrolls"]:
        parts.append(T("scrolls {vp}", vp=bd["scrolls"]))
    if over:
        parts.append(T("coins {vp}", vp=bd["coins"]))
    tags = []
    if seat == view["first_player"] and not over:
        tags.append(T("first"))
    if seat == me:
        tags.append(T("you"))
    if view.get("result"):
        tags.append(T("rank {rank}", rank=view["result"]["ranks"][seat]))
    name = T("{name} ({tags})", name=who[seat], tags=listing(tags)) if tags else who[seat]
    if parts:
        return T("{name}: {stats} · {tiles} · VP from {parts}", name=name, stats=stats, tiles=tiles,
                 parts=listing(parts))
    return T("{name}: {stats} · {tiles}", name=name, stats=stats, tiles=tiles)


def _tiles(view: dict, p: dict, priced_below: bool) -> Any:
    """The tiles beside a chieftain now: drawn (prices secret), offered with prices, or to build."""
    phase = view["phase"]
    if phase == "price" and p["drawn"]:
        if priced_below:
            return None  # the viewer's own tiles are listed with their secret prices below
        return T("drew {tiles}", tiles=listing([_tile(t) for t in p["drawn"]]))
    if phase == "buy" and (p["offer"] or p["bought"]):
        offers = [Tn("{tile} for {n} coin", "{tile} for {n} coins", o["price"], tile=_tile(o["tile"]))
                  for o in p["offer"]]
        parts = [T("offers: {tiles}", tiles=listing(offers))] if offers else []
        if p["bought"]:
            parts.append(T("bought: {tiles}", tiles=listing([_tile(t) for t in p["bought"]])))
        return join(" · ", parts)
    if phase == "build" and p["to_build"]:
        return T("to build: {tiles}", tiles=listing([_tile(t) for t in p["to_build"]]))
    return None


def _last(view: dict, who: list) -> list:
    events = [e for e in view.get("last_move") or [] if e.get("type") in LAST_KINDS]
    said = [describe_event(e, who) for e in events if e["type"] in ("buy", "pass", "game_over")]
    if not said and any(e["type"] == "build" for e in events):
        said = [T("Builds revealed.")] + [describe_event(e, who) for e in events if e["type"] == "goal"][:2]
    if not said and any(e.get("type") == "reveal" for e in view.get("last_move") or []):
        said = [T("Prices revealed; discarded tiles went back to the bag.")]
    return said[-2:]


def _private(view: dict, me: int) -> list:
    mine = view.get("private") or {}
    pricing, build = mine.get("pricing"), mine.get("build")
    out: list[Any] = []
    if pricing is not None:
        out.append(T("Your drawn tiles (secret):"))
        for t in view["players"][me]["drawn"]:
            if pricing["discard"] == t:
                out.append(indent(T("{tile}: discard", tile=_tile(t))))
            elif t in pricing["prices"]:
                out.append(indent(Tn("{tile}: {n} coin", "{tile}: {n} coins", pricing["prices"][t], tile=_tile(t))))
            else:
                out.append(indent(T("{tile}: not priced yet", tile=_tile(t))))
        if pricing["done"]:
            out.append(indent(T("Sealed; waiting for the others.")))
        elif pricing["next_tile"]:
            out.append(indent(Tn("Now: price {tile} (1 to {n} coin).", "Now: price {tile} (1 to {n} coins).",
                                 pricing["max_price"] or 1, tile=_tile(pricing["next_tile"]))))
        else:
            out.append(indent(T("Now: choose the tile to discard.")))
    if build is not None:
        placed = [T("{tile} at {where}, {turn}", tile=_tile(c["tile"]), where=where(c["at"]), turn=turn_words(c["rot"]))
                  for c in build["placed"]]
        out.append(T("Your build this round (secret until all are done):") if placed
                   else T("Your build this round: nothing placed yet"))
        out += [indent(T("placed {tile}", tile=tile)) for tile in placed]
        if build["done"]:
            out.append(indent(T("Done; waiting for the others.")))
        elif build["castle_choice"]:
            out.append(indent(T("Now: choose your castle's turn before you build.")))
        elif build["tile"]:
            out.append(indent(Tn("Now: place {tile} ({n} free spot).", "Now: place {tile} ({n} free spots).",
                                 len(build["spots"]), tile=_tile(build["tile"]))))
        else:
            out.append(indent(T("Now: choose which tile to build next.")))
        if build["returned"]:
            out.append(indent(T("Back to the bag: {tiles}", tiles=listing([_tile(t) for t in build["returned"]]))))
    return out
