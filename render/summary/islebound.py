"""Islebound as text: the round and who plays, each captain's fame, goods, position, crew and
buildings, the building row, events and sailors on offer, an attack, visit or trade in progress,
the last move and (private) the viewer's draft packet and hand, each building with what it does.
(Where the viewer may sail is the numbered choice list itself, with each toll.)"""

from __future__ import annotations

from typing import Any

from render.summary.text import finish, indent, listing, names, viewer
from rules.islebound.data import ALL_BUILDINGS, CITIES, CITY_NAMES, EVENTS, REPUTATION, SAILORS, SKILLS
from rules.islebound.text import attack_forces, describe_action, exhaust_cost, goods_count
from rules.text import T, Tn, join

PHASES = {"home": T("choosing home ports"), "draft": T("building draft"), "move": T("moving"), "act": T("actions"),
          "city": T("city action"), "attack": T("attack"), "capture_visit": T("visit after a capture"),
          "trade_build": T("making a trade offer"), "trade_reply": T("answering a trade offer"),
          "over": T("game over")}
MAX_LINES = 24
GOODS = (("coin", "coins"), ("wood", "wood"), ("fish", "fish"), ("book", "books"), ("pirate", "pirates"),
         ("serpent", "serpents"))


def _city(city: str) -> Any:
    return T(CITY_NAMES[city]) if city in CITY_NAMES else city


def _building(bid: str) -> Any:
    return T(ALL_BUILDINGS[bid]["name"]) if bid in ALL_BUILDINGS else bid


def _skill(skill: str) -> Any:
    return T(skill) if skill in SKILLS else T("any") if skill == "any" else skill


def _side(view: dict, city: str) -> dict:
    c = CITIES[city]
    return c.get(view.get("side", "standard")) or c["standard"]


def building_gist(bid: str) -> Any:
    """``Bridge (4 coins or 2 wood + 2 fish)``: the name and both ways to gain it."""
    b = ALL_BUILDINGS[bid]
    bc = b["build_cost"]
    return T("{building} ({coins} or {wood} + {fish})", building=_building(bid), coins=goods_count("coin", b["coin_cost"]),
             wood=goods_count("wood", bc["wood"]), fish=goods_count("fish", bc["fish"]))


def lines(view: dict) -> list[str]:
    who = names(view, view["n"])
    me = viewer(view)
    out: list[Any] = [_status(view, who)]
    if view["phase"] == "over":
        out += _result(view, who, me)
    else:
        for seat, p in enumerate(view["players"]):
            out += _player(view, who, seat, p, me)
        if view["phase"] != "draft":  # while drafting, the packet is the offer
            out += _offer(view)
    out += _in_progress(view, who)
    lm = view.get("last_move")
    if lm and isinstance(lm.get("seat"), int):
        mover = {"seat_names": view.get("seat_names"), "players": view["players"], "seat": lm["seat"]}
        out.append(T("Last: {who} - {action}", who=who[lm["seat"]], action=describe_action(lm["action"], mover)))
    if me is not None:
        public = finish(out)
        return public + finish(_private(view, who, me, MAX_LINES - len(public)))
    return finish(out)


def _status(view: dict, who: list) -> Any:
    phase = view["phase"]
    if phase == "over":
        rnd = Tn("{n} round played", "{n} rounds played", view["round"] - 1)
        winners = (view.get("result") or {}).get("winners") or []
        head = Tn("Game over - {winners} wins", "Game over - {winners} win", len(winners),
                  winners=join(" & ", [who[s] for s in winners]))
    else:
        rnd = (T("Round {round} (final round {end})", round=view["round"], end=view["end_round"])
               if view.get("end_round") else T("Round {round}", round=view["round"]))
        if view.get("active") is not None:
            head = T("{who} to play ({phase})", who=who[view["active"]], phase=PHASES.get(phase, phase))
        else:
            head = T("{who} to choose ({phase})", who=listing([who[s] for s in view.get("to_act") or []]),
                     phase=PHASES.get(phase, phase))
    return join(" · ", [T("Islebound - {round}", round=rnd), head])


def _player(view: dict, who: list, seat: int, p: dict, me: int | None) -> list:
    tags = [T("you")] if seat == me else []
    name = T("{name} ({tags})", name=who[seat], tags=listing(tags)) if tags else who[seat]
    score = (view.get("scores_now") or [0] * view["n"])[seat]
    goods = [goods_count(kind, p[key]) for kind, key in GOODS if p[key]]
    if p["ichor"]:
        goods.append(T("ichor"))
    cubes = sum(1 for c in view["influence"] if c == seat)
    if cubes:
        goods.append(goods_count("influence_cube", cubes))
    if p["tokens"]:
        goods.append(Tn("{n} fame token", "{n} fame tokens", len(p["tokens"])))
    if not p.get("region"):
        where = T("not at sea yet")
    elif p.get("home") and p["home"] != p["region"]:
        where = T("at {city} (home {home})", city=_city(p["region"]), home=_city(p["home"]))
    else:
        where = T("at {city} (home port)", city=_city(p["region"]))
    held = listing(goods) if goods else T("no goods")
    first = T("{name}: {fame} · {goods} · {where}", name=name, fame=goods_count("fame", score), goods=held,
              where=where)
    on_deck, below, wounded = [], [], 0
    for sl in p["sailors"]:
        skills = join("/", [_skill(k) for k in SAILORS[sl["id"]]["skills"]])
        if sl["wounded"]:
            wounded += 1
        else:
            (on_deck if sl["deck"] else below).append(skills)
    crew = [T("on deck {sailors}", sailors=listing(on_deck)) if on_deck else T("nobody on deck")]
    if below:
        crew.append(T("below deck {sailors}", sailors=listing(below)))
    if wounded:
        crew.append(Tn("{n} wounded", "{n} wounded", wounded))
    second = [T("crew: {sailors}", sailors=join("; ", crew))]
    if p["buildings"]:
        second.append(T("buildings: {list}", list=listing([_building(b) for b in p["buildings"]])))
    return [first, indent(join(" · ", second))]


def _event(eid: str) -> Any:
    e = EVENTS[eid]
    cost = e["cost"]
    parts = [exhaust_cost(cost["exhaust"])] if cost.get("exhaust") else []
    parts += [goods_count(k, n) for k, n in cost.items() if k != "exhaust"]
    pay = listing(parts) if parts else T("no cost")
    reward = Tn("+{n} cube", "+{n} cubes", e["reward"].get("cubes", 0))
    if e["reward"].get("fame"):
        reward = T("{cubes} +{fame} fame", cubes=reward, fame=e["reward"]["fame"])
    return T("at {city}: {pay} for {reward}", city=_city(e["region"]), pay=pay, reward=reward)


def _offer(view: dict) -> list:
    out: list[Any] = []
    if view.get("row"):
        out.append(T("Building row: {buildings}", buildings=listing(
            [join(". ", [str(i + 1), building_gist(b)]) for i, b in enumerate(view["row"]) if b])))
    if view.get("metro_row"):
        out.append(T("Metropolis row: {buildings}", buildings=listing(
            [join(". ", [str(i + 1), building_gist(b)]) for i, b in enumerate(view["metro_row"]) if b])))
    events = [T("E{n} {event}", n=i + 1, event=_event(eid)) for i, eid in enumerate(view.get("event_active") or [])
              if eid in EVENTS]
    if events:
        out.append(T("Events: {events}", events=join(" · ", events)))
    sailors = [join(" ", [str(i + 1), join("/", [_skill(k) for k in SAILORS[sid]["skills"]])])
               for i, sid in enumerate(view.get("sailor_row") or []) if sid in SAILORS]
    reps = [T("R{n}: {fame} fame per {condition}", n=i + 1, fame=REPUTATION[rid]["fame_per_unit"],
              condition=T(REPUTATION[rid]["condition"].replace("_", " ")))
            for i, rid in enumerate(view.get("rep_active") or []) if rid in REPUTATION]
    parts = ([T("Sailors to hire: {sailors}", sailors=listing(sailors))] if sailors else []) + \
            ([T("Reputation: {cards}", cards=listing(reps))] if reps else [])
    if parts:
        out.append(join(" · ", parts))
    return out


def _in_progress(view: dict, who: list) -> list:
    out: list[Any] = []
    a = view.get("attack")
    if a:
        forces = attack_forces(a)
        out.append(T("Attack on {city}: strength {strength}; committed {forces}", city=_city(a["city"]),
                     strength=a["strength"], forces=listing(forces)))
        if a.get("dice"):
            out.append(indent(T("dice {dice}: attack total {total} of {strength}", dice=listing(a["dice"]),
                                total=a["total"], strength=a["strength"])))
    v = view.get("visit")
    if v:
        out.append(T("Visiting {city}: {action}", city=_city(v["city"]), action=T(_side(view, v["city"])["text"])))
    tr = view.get("trade")
    if tr and tr.get("give_n"):
        out.append(T("Trade offer: {who} gives {give} to {other} for {get}", who=who[tr["from"]],
                     give=goods_count(tr["give"], tr["give_n"]), other=who[tr["with"]],
                     get=goods_count(tr["get"], tr["get_n"])))
    return out


def _result(view: dict, who: list, me: int | None) -> list:
    res = view.get("result") or {}
    cats = res.get("categories") or {}
    out: list[Any] = []
    for seat in range(view["n"]):
        tags = ([T("you")] if seat == me else []) + [T("rank {rank}", rank=res["ranks"][seat])]
        parts = [T("{category} {points}", category=T(cat), points=vals[seat]) for cat, vals in cats.items()
                 if vals[seat]]
        out.append(T("{name} ({tags}): {fame} = {categories}", name=who[seat], tags=listing(tags),
                     fame=goods_count("fame", res["scores"][seat]), categories=listing(parts) if parts else "0"))
    if res.get("tiebreak"):
        out.append(indent(T(str(res["tiebreak"]))))
    return out


def _cards(title: Any, cards: list, room: int) -> list:
    full = [indent(T("{building}: {text}", building=building_gist(b), text=T(ALL_BUILDINGS[b]["text"])))
            for b in cards if b in ALL_BUILDINGS]
    if len(finish(full)) + 1 <= room:
        return [title] + full
    return [title, indent(listing([building_gist(b) for b in cards if b in ALL_BUILDINGS]))]


def _private(view: dict, who: list, me: int, room: int) -> list:
    p = view["players"][me]
    out: list[Any] = []
    if view.get("active") == me and view["phase"] == "act" and p.get("region") in CITIES:
        out.append(T("Here at {city}: {action}", city=_city(p["region"]), action=T(_side(view, p["region"])["text"])))
    for title, cards in ((T("Draft packet: keep one, pass the others"), p.get("packet")), (T("Your hand"), p.get("hand"))):
        if cards:
            out += _cards(title, cards, max(2, room - len(finish(out))))
    return out
