"""Land vs Sea as text: who acts and what for, the teams' scores, the stacks' top tiles, every
hand's shown sides, the last tile placed and (private) the viewer's hidden sides and next step."""

from __future__ import annotations

from typing import Any

from render.summary.text import finish, indent, listing, names, viewer
from rules.land_vs_sea.labels import place_label
from rules.land_vs_sea.text import PHASE_HINT, ROLE_NAMES, face_summary
from rules.text import T, Tn, join

PHASES = {"draft": T("opening draft"), "draw": T("refilling"), "place": T("placing a tile"),
          "special": T("filling a hole"), "action": T("tile action"), "waypoint": T("waypoint"),
          "over": T("game over")}
TEAMS = ("land", "sea", "cartographer")


def lines(view: dict) -> list[str]:
    who = names(view, view["n_players"])
    me = viewer(view)
    out: list[Any] = [_headline(view, who)]
    teams = [T("{team} {points} ({players})", team=ROLE_NAMES[t], points=view["scores"].get(t, 0),
               players=listing([who[s] for s in view["teams"][t]])) for t in TEAMS if t in view["teams"]]
    out.append(T("Score: {teams}", teams=join(" · ", teams)))
    if view["phase"] == "over":
        out += _score_sheet(view)
    else:
        out.append(Tn("Stacks ({n} tile left):", "Stacks ({n} tiles left):", view["tiles_left"]))
        for i, st in enumerate(view["stacks"]):
            if st["top"]:
                out.append(indent(T("{stack}: {n} tiles, top shows {face}", stack="AB"[i], n=st["size"],
                                    face=face_summary(st["top"]))))
        out.append(T("Hands (shown sides; hidden sides stay secret):"))
        mine = me is not None and "my_hand" in view
        for seat in range(view["n_players"]):
            if seat == me and mine:
                continue  # the viewer's tiles are listed below with both sides
            out.append(indent(_hand(view, who, seat)))
    last = _last(view, who)
    if last is not None:
        out.append(T("Last: {event}", event=last))
    if me is not None and "my_hand" in view:
        out += _private(view, who, me)
    elif me is not None:
        out.append(T("You play {team}.", team=ROLE_NAMES[view["roles"][me]]))
    return finish(out)


def _headline(view: dict, who: list) -> Any:
    game = T("Land vs Sea")
    if view["phase"] == "over":
        best = max(view["scores"].values())
        win = [ROLE_NAMES[t] for t, p in view["scores"].items() if p == best]
        return Tn("{game} — game over: {teams} wins", "{game} — game over: {teams} win", len(win), game=game,
                  teams=join(" & ", win))
    cur = view.get("current")
    return T("{game} — {who} ({team}) to act: {phase}", game=game, who=who[cur], team=ROLE_NAMES[view["roles"][cur]],
             phase=PHASES.get(view["phase"], view["phase"]))


def _hand(view: dict, who: list, seat: int) -> Any:
    name = T("{who} ({team})", who=who[seat], team=ROLE_NAMES[view["roles"][seat]])
    tiles = [T("tile {n} shows {face}", n=h["slot"] + 1, face=face_summary(h["shown"])) for h in view["hands"][seat]]
    return T("{who}: {tiles}", who=name, tiles=join("; ", tiles)) if tiles else T("{who}: no tiles", who=name)


def _last(view: dict, who: list) -> Any:
    last = view.get("last_move") or {}
    at = last.get("at")
    if not at or not isinstance(last.get("seat"), int):
        return None
    q, r = at
    cell = (view.get("map") or {}).get(f"{q},{r}")
    if cell and cell.get("face"):
        return T("{who} placed a tile ({face}) at {place}", who=who[last["seat"]], face=face_summary(cell["face"]),
                 place=place_label(at))
    return T("{who} placed a tile at {place}", who=who[last["seat"]], place=place_label(at))


def _score_sheet(view: dict) -> list:
    out: list[Any] = []
    teams = [t for t in TEAMS if t in view["teams"]]
    for cat in view.get("categories_order") or []:
        values = [view["categories"].get(t, {}).get(cat, 0) for t in teams]
        if any(values):
            scores = [T("{team} {points}", team=ROLE_NAMES[t], points=v) for t, v in zip(teams, values, strict=True)]
            out.append(indent(T("{category}: {values}", category=T(cat), values=join(" · ", scores))))
    if not out:
        out.append(indent(T("No area, chain or route scored.")))
    for route in view.get("routes") or []:
        caravans = Tn("{n} caravan", "{n} caravans", route["caravans"])
        ships = Tn("{n} ship", "{n} ships", route["ships"])
        out.append(indent(T("Trade route: {caravans} / {ships}: {team}", caravans=caravans, ships=ships,
                            team=ROLE_NAMES[route["to"]]) if route.get("to") else
                          T("Trade route: {caravans} / {ships}: nobody", caravans=caravans, ships=ships)))
    return out


def _private(view: dict, who: list, me: int) -> list:
    out: list[Any] = [T("Your tiles ({who}, {team}) — hidden sides are for your eyes only", who=who[me],
                        team=ROLE_NAMES[view["my_role"]]) if view["my_hand"] else
                      T("You play {team} and hold no tiles.", team=ROLE_NAMES[view["my_role"]])]
    pending = view.get("pending") or {}
    for h in view["my_hand"]:
        heading = T("Tile {n} (stolen, play next turn)", n=h["slot"] + 1) if h["stolen_this_turn"] else \
            T("Tile {n}", n=h["slot"] + 1)
        if pending.get("tile") == h["tile"]:
            heading = T("{tile}, chosen", tile=heading)
        out.append(indent(T("{tile}: shown {shown}; hidden {hidden}", tile=heading,
                            shown=face_summary(h["shown"]), hidden=face_summary(h["hidden"]))))
    for k in view.get("known_hidden") or []:
        out.append(indent(T("You know {who}'s tile {n}: hidden side {face}", who=who[k["seat"]], n=k["slot"] + 1,
                            face=face_summary(k["hidden"]))))
    hint = PHASE_HINT.get(view.get("my_phase")) or view.get("hint")
    if hint:
        if pending.get("face"):
            out.append(T("Your move: {hint} Placing: {face}", hint=hint, face=face_summary(pending["face"])))
        else:
            out.append(T("Your move: {hint}", hint=hint))
    return out
