"""My Island as text: the round, the revealed tile and its symbols, each island's score and groups,
the last round's moves, and (private) the viewer's sealed choice: the tile's orientation and spots,
a decision already made, or the stickers to place. The episode's rules are listed for the player
who decides, since they say what scores."""

from __future__ import annotations

from typing import Any

from render.summary.text import finish, indent, listing, names, viewer
from rules.my_island.data import ALL_TILES, SHAPE_NAMES
from rules.my_island.labels import place_label
from rules.my_island.text import GROUP_WORDS, STICKER_WORDS, SYMBOL_WORDS, word
from rules.text import T, Tn, join


def lines(view: dict) -> list[str]:
    who = names(view, view["n_players"])
    me = viewer(view)
    out: list[Any] = [_title(view), _status(view, who)]
    card = view.get("card")
    if card:
        out.append(T("Revealed tile: {what}", what=tile_words(card["tile"])))
    for seat, isl in enumerate(view["islands"]):
        out.append(_island(view, who, seat, isl, me))
    last = _last(view, who)
    if last is not None:
        out.append(last)
    if me is not None:
        mine = view.get("private") or {}
        out += _private(view, mine)
        if mine.get("step") in ("place", "sticker"):
            out.append(T("Rules of this game:"))
            out += [indent(line) for line in view.get("rules", [])]
    return finish(out)


def tile_words(tile: str) -> Any:
    """``line of three: wall, road, wall``: the tile's shape and its symbols in order."""
    t = ALL_TILES[tile]
    return T("{shape}: {symbols}", shape=T(SHAPE_NAMES.get(t["shape"], t["shape"])),
             symbols=listing([word(SYMBOL_WORDS, sym) for _, _, sym in t["cells"]]))


def _title(view: dict) -> Any:
    if view.get("mode") == "campaign":
        return T("My Island — campaign episode {episode} · chapter {chapter}: {title}", episode=view["episode"],
                 chapter=view["chapter"], title=view["chapter_title"])
    return T("My Island — regular game")


def _status(view: dict, who: list) -> Any:
    phase = view["phase"]
    if phase == "over":
        won = (view.get("outcome") or {}).get("winners", [])
        return Tn("Game over — winner: {winners}", "Game over — winners: {winners}", len(won),
                  winners=listing([who[s] for s in won]))
    waiting = listing([who[s] for s in view["to_act"]])
    if phase in ("start_stickers", "end_stickers"):
        return T("Placing stickers · waiting for {waiting}", waiting=waiting)
    return Tn("Round {round} of {total} · {n} card left · deciding: {waiting}",
              "Round {round} of {total} · {n} cards left · deciding: {waiting}", view["deck_left"],
              round=view["round"], total=view["deck_size"], waiting=waiting)


def _island(view: dict, who: list, seat: int, isl: dict, me: int | None) -> Any:
    tags = [T("you")] if seat == me else []
    if not isl["participating"]:
        tags.append(T("ended"))
    outcome = view.get("outcome") or {}
    if outcome.get("ranks"):
        tags.append(T("rank {rank}", rank=outcome["ranks"][seat]))
    name = T("{name} ({tags})", name=who[seat], tags=listing(tags)) if tags else who[seat]
    if view["phase"] == "over":
        cats = [T("{category} {points}", category=T(cat), points=points if cat == "Start" else f"{points:+d}")
                for cat, points in isl["categories"].items() if points or cat == "Start"]
        return T("{name}: score {score} = {categories}", name=name, score=isl["score"], categories=listing(cats))
    largest = [T("{group} {n}", group=word(GROUP_WORDS, k), n=n) for k, n in isl["largest"].items() if n]
    bits = [Tn("{n} tile placed", "{n} tiles placed", isl["placed"])]
    if isl["passes"]:
        bits.append(Tn("{n} pass", "{n} passes", isl["passes"]))
    if isl["totems"]:
        bits.append(Tn("{n} totem joined", "{n} totems joined", len(isl["totems"])))
    if isl.get("debt"):
        bits.append(T("debt {debt}", debt=isl["debt"]))
    if largest:
        bits.append(T("largest: {groups}", groups=listing(largest)))
    return T("{name}: score {score} · {details}", name=name, score=isl["score"], details=join(" · ", bits))


def _last(view: dict, who: list) -> Any:
    last = view.get("last_move") or {}
    if not last.get("moves"):
        return None
    parts = []
    for m in last["moves"]:
        if m["type"] == "place":
            parts.append(T("{who} placed it ({points})", who=who[m["seat"]], points=f"{m['gained']:+d}"))
        elif m["type"] == "pass":
            parts.append(T("{who} passed", who=who[m["seat"]]))
        else:
            parts.append(T("{who} ended", who=who[m["seat"]]))
    tile = last.get("tile")
    if tile in ALL_TILES:
        return T("Last: round {round}, tile ({tile}): {moves}", round=last["round"], tile=tile_words(tile),
                 moves=join(" · ", parts))
    return T("Last: round {round}: {moves}", round=last["round"], moves=join(" · ", parts))


def _private(view: dict, mine: dict) -> list:
    step = mine.get("step")
    if step == "place":
        shape = listing([word(SYMBOL_WORDS, sym) for _, _, sym in mine["shape"]])
        out: list[Any] = [T("Your tile, orientation {n} of {total}: {symbols}",
                            n=mine["orientation_index"], total=mine["orientations"], symbols=shape)]
        if mine["spots"]:
            rows = sorted({s["at"][0] + 1 for s in mine["spots"]})
            where = T("row {row}", row=rows[0]) if len(rows) == 1 else T("rows {rows}", rows=listing(rows))
            out.append(indent(Tn("{n} spot fits, in {where}.", "{n} spots fit, in {where}.", len(mine["spots"]),
                                 where=where)))
        else:
            out.append(indent(T("No legal spot: pass (-1) or end.") if mine.get("can_pass") else
                              T("No legal spot: you must end.")))
        out.append(indent(T("Sealed: nobody sees your choice until all decide.")))
        return out
    if step == "waiting" and "submitted" in mine:
        sub = mine["submitted"]
        if sub["type"] == "place":
            return [T("You decided: place the tile at {place}; waiting for the others.", place=place_label(sub["at"]))]
        if sub["type"] == "pass":
            return [T("You decided: pass (-1); waiting for the others.")]
        return [T("You decided: end participation; waiting for the others.")]
    if step == "sticker":
        return [T("Place: {sticker} ({done} of {total} placed); choose a numbered spot.",
                  sticker=word(STICKER_WORDS, mine["sticker"]), done=len(mine["picks"]), total=len(mine["tasks"]))]
    if step == "waiting":
        return [T("Stickers chosen; waiting for the others.")]
    return []
