"""Every player-facing text of Islebound that is not in its data: names and counts of goods, the
labels of actions, what a seat is deciding, tolls, and the data texts the catalog must hold. The
log lines of events are in ``log_text``, the reasons for refusing a move in ``illegal``."""

from __future__ import annotations

from rules.text import Msg, T, Tn, join

from . import scoring
from .data import (
    ALL_BUILDINGS,
    CITIES,
    CITY_NAMES,
    EVENTS,
    INFLUENCE_VALUES,
    REPUTATION,
    SAILORS,
    SKILLS,
)
from .decisions import spaces_for
from .labels import slot_label
from .state import city_side, owner_of


def goods_count(kind: str, n) -> Msg:
    """One kind of goods with its count: ``2 coins``, ``1 influence cube``."""
    if kind == "coin":
        return Tn("{n} coin", "{n} coins", n)
    if kind == "wood":
        return Tn("{n} wood", "{n} wood", n)
    if kind == "fish":
        return Tn("{n} fish", "{n} fish", n)
    if kind == "book":
        return Tn("{n} book", "{n} books", n)
    if kind == "pirate":
        return Tn("{n} pirate", "{n} pirates", n)
    if kind == "serpent":
        return Tn("{n} serpent", "{n} serpents", n)
    if kind == "fame":
        return Tn("{n} fame", "{n} fame", n)
    if kind == "influence_cube":
        return Tn("{n} influence cube", "{n} influence cubes", n)
    if kind == "free_hire":
        return Tn("{n} free hire", "{n} free hires", n)
    if kind == "rest":
        return T("a crew rest")
    return T("{n} {kind}", n=n, kind=kind)


def attack_forces(attack: dict) -> list[Msg]:
    """What an attack under way has committed, in words (the board and the text summary)."""
    forces = [goods_count("pirate", attack["pirates"]), goods_count("serpent", attack["serpents"])]
    if attack["ichor"]:
        forces.append(T("ichor"))
    forces.append(Tn("{n} combat sailor", "{n} combat sailors", attack["combat"]))
    return forces


def items_text(items: dict) -> Msg:
    parts = [goods_count(k, n) for k, n in items.items()]
    return join(" + ", parts) if parts else T("nothing")


def good_text(kind: str) -> Msg:
    """A kind of goods without a count (trade offers)."""
    if kind == "coin":
        return T("coin")
    if kind == "wood":
        return T("wood")
    if kind == "fish":
        return T("fish")
    if kind == "book":
        return T("book")
    if kind == "pirate":
        return T("pirate")
    if kind == "serpent":
        return T("serpent")
    return T(kind)


def building_name(bid) -> Msg | str:
    return T(ALL_BUILDINGS[bid]["name"]) if bid in ALL_BUILDINGS else str(bid)


def city_name(c) -> Msg | str:
    return T(CITY_NAMES[c]) if c in CITY_NAMES else str(c)


def skills_text(skills) -> Msg:
    return join("/", [T(s) for s in skills])


def sailor_text(sid) -> Msg:
    """A sailor by its skills: ``a sailor (admin/combat)`` (sailors with the same skills are alike)."""
    skills = SAILORS[sid]["skills"] if sid in SAILORS else []
    return T("a sailor ({skills})", skills=skills_text(skills))


def exhaust_cost(skills) -> Msg:
    """An event's cost of exhausting sailors: ``exhaust work+combat``, or ``exhaust any`` for any sailor
    (its own message: in ru/uk the skills stand in brackets after «матроса», 'any' cannot)."""
    if all(s == "any" for s in skills):
        return T("exhaust any")
    return T("exhaust {skills}", skills=join("+", [T(s) for s in skills if s != "any"]))


def sailors_text(ids) -> Msg:
    return join(", ", [sailor_text(sid) for sid in ids])


def pay_label(action: dict, view: dict | None) -> Msg:
    """A sailor picked for a cost or a wound; what it is for comes from the pending step."""
    entry = ((view or {}).get("pending") or [{}])[0]
    what = (entry.get("action") or {}).get("type")
    sailor = sailor_text(action["sailor"])
    if what == "wound":
        return T("Wound {sailor}", sailor=sailor)
    if what == "move":
        return T("Exhaust {sailor} to share a region", sailor=sailor)
    if what == "visit":
        return T("Exhaust {sailor} for the toll", sailor=sailor)
    if what == "event":
        return T("Exhaust {sailor} for the event", sailor=sailor)
    if what == "exchange":
        return T("Exhaust {sailor} for the exchange", sailor=sailor)
    if what == "commit":
        return T("Exhaust {sailor} for a combat die", sailor=sailor)
    return T("Exhaust {sailor}", sailor=sailor)


def commons_label(action: dict, view: dict | None) -> Msg:
    """House of Commons: where the cubes go with and without the skip."""
    entry = ((view or {}).get("pending") or [{}])[0]
    if view is None or entry.get("kind") != "cubes":
        return T("Skip the leftmost empty space") if action["skip"] else T("Do not skip a space")
    spaces = spaces_for(view, entry["seat"], entry["n"], action["skip"])
    where = ", ".join(str(i + 1) for i in spaces)
    worth = sum(INFLUENCE_VALUES[i] for i in spaces)
    if action["skip"]:
        return T("House of Commons: skip a space, cubes on {spaces} (worth {worth})", spaces=where, worth=worth)
    return T("Place cubes on spaces {spaces} (worth {worth})", spaces=where, worth=worth)


def decision_text(view: dict) -> Msg | None:
    """What the seat to act is deciding inside a step (the board's status line), or None."""
    entry = (view.get("pending") or [None])[0]
    if entry is None:
        if view.get("phase") == "diplomacy" and view.get("diplomacy"):
            d = view["diplomacy"]
            paid = sum(INFLUENCE_VALUES[i] for i in d["cubes"]) + len(d["crew"])
            return T("diplomacy at {city}, {paid} of {need} paid", city=city_name(d["city"]), paid=paid,
                     need=d["need"])
        return None
    kind = entry["kind"]
    if kind == "pay":
        if entry["action"].get("type") == "wound":
            return T("which sailor is wounded")
        if len(entry["chosen"]) < len(entry["crew"]):
            return T("which sailor to exhaust")
        return T("which card pays a book")
    if kind == "hold":
        return T("what the full hold keeps")
    if kind == "hire":
        return T("the free hire's sailor")
    return T("whether House of Commons skips")


def condition_text(rid) -> Msg:
    """A reputation card's condition (``coins_per_3`` -> ``coins per 3``, a catalog text)."""
    return T(REPUTATION[rid]["condition"].replace("_", " "))


_BUILDING_NAMES = {b["name"] for b in ALL_BUILDINGS.values()}


def source_text(source) -> Msg | str:
    """Where a gain came from (the ``source`` of a gain event: a city, a building, a token, loot)."""
    if source in CITY_NAMES:
        return city_name(source)
    if source in _BUILDING_NAMES:
        return T(source)
    if source == "4-book token":
        return T("4-book token")
    if source == "fame token":
        return T("fame token")
    if source == "loot":
        return T("loot")
    return str(source)


def phase_text(phase) -> Msg | str:
    if phase == "home":
        return T("choosing home ports")
    if phase == "draft":
        return T("building draft")
    if phase == "move":
        return T("moving")
    if phase == "act":
        return T("actions")
    if phase == "city":
        return T("city action")
    if phase == "attack":
        return T("attack")
    if phase == "capture_visit":
        return T("visit after a capture")
    if phase == "diplomacy":
        return T("diplomacy")
    if phase == "trade_build":
        return T("making a trade offer")
    if phase == "trade_reply":
        return T("answering a trade offer")
    if phase == "over":
        return T("game over")
    return str(phase)


def toll_text(state: dict, seat: int | None, city: str) -> Msg:
    """A city's toll for ``seat`` (``yours`` in its own city)."""
    if owner_of(state, city) == seat:
        return T("yours")
    toll = city_side(state, city)["toll"]
    if toll["type"] == "coin":
        return goods_count("coin", toll["n"])
    if toll["skill"] == "any":
        return T("exhaust any")
    return T("exhaust {skill}", skill=T(toll["skill"]))


def catalog_texts() -> list[str]:
    """The game's texts that come from data (the engine adds the title and the option help)."""
    texts: list[str] = []
    texts += [CITY_NAMES[c] for c in sorted(CITY_NAMES)]
    texts += sorted({b["name"] for b in ALL_BUILDINGS.values()})
    texts += sorted({b["text"] for b in ALL_BUILDINGS.values() if b.get("text")})  # effects on the board
    texts += sorted({c[side]["text"] for c in CITIES.values() for side in ("standard", "advanced")
                     if isinstance(c.get(side), dict) and c[side].get("text")})  # city actions
    texts += SKILLS
    texts += sorted({r["condition"].replace("_", " ") for r in REPUTATION.values()})
    texts += list(scoring.CATEGORIES) + [scoring.TIEBREAK_CATEGORY]
    return texts


def describe_action(action: dict, view: dict | None = None) -> Msg | str:
    """A button's label for an action; the view (when given) names what the action takes."""
    if not isinstance(action, dict):
        return str(action)
    t = action.get("type")
    if t == "home":
        return T("Home port: {city}", city=city_name(action["port"]))
    if t == "draft":
        return T("Keep {building}", building=building_name(action["card"])) if "card" in action else T("Kept a building (draft)")
    if t == "move":
        d = None
        if view and view.get("reachable"):
            d = next((d for d in view["reachable"] if d["to"] == action["to"]), None)
        if d is None:
            return T("Sail to {city}", city=city_name(action["to"]))
        if d["admins"]:
            return Tn("Sail to {city} (toll: {toll}, exhaust {n} admin)",
                      "Sail to {city} (toll: {toll}, exhaust {n} admin)", d["admins"],
                      city=city_name(action["to"]), toll=d["toll"])
        return T("Sail to {city} (toll: {toll})", city=city_name(action["to"]), toll=d["toll"])
    if t == "fish":
        return T("Spend 1 fish: +1 speed")
    if t == "stay":
        return T("No reachable region: stay")
    names = (view or {}).get("seat_names") or []
    me = (view or {}).get("seat")
    region = view["players"][me].get("region") if isinstance(me, int) and view.get("players") else None
    if t == "visit":
        if region in CITY_NAMES:
            return T("Visit {city} (pay toll, take its action)", city=city_name(region))
        return T("Visit the city (pay toll, take its action)")
    if t == "attack":
        return T("Attack {city}", city=city_name(region)) if region in CITY_NAMES else T("Attack the city")
    if t == "diplomacy":
        return T("Diplomacy (pay with influence cubes and negotiators)")
    if t == "pay":
        if "value" in action:
            return T("Remove one of your cubes worth {value}", value=action["value"])
        return T("Exhaust {sailor} (+1 influence)", sailor=sailor_text(action["sailor"]))
    if t == "crew":
        return pay_label(action, view)
    if t == "pay_card":
        if "card" not in action:
            return T("Discarded a building card from the hand as a book")
        return T("Discard {building} from your hand as a book", building=building_name(action["card"]))
    if t == "keep":
        return T("Keep {wood} and {fish}", wood=goods_count("wood", action["wood"]),
                 fish=goods_count("fish", action["fish"]))
    if t == "commons":
        return commons_label(action, view)
    if t == "treasure":
        return T("Hunt for treasure")
    if t == "board":
        if 0 <= action["target"] < len(names):
            return T("Board {who}'s ship", who=names[action["target"]])
        return T("Board the ship of seat {seat}", seat=action["target"] + 1)
    if t == "event":
        eid = ((view or {}).get("event_active") or [None] * action["deck"])[action["deck"] - 1]
        if eid in EVENTS:
            reward = Tn("+{n} cube", "+{n} cubes", EVENTS[eid]["reward"].get("cubes", 0))
            if EVENTS[eid]["reward"].get("fame"):
                reward = T("{cubes} +{fame} fame", cubes=reward, fame=EVENTS[eid]["reward"]["fame"])
            return T("Complete event {n} at {city} ({reward})", n=action["deck"],
                     city=city_name(EVENTS[eid]["region"]), reward=reward)
        return T("Complete event {n}", n=action["deck"])
    if t in ("buy", "build"):
        return gain_label(t, action, view)
    if t == "trade":
        if 0 <= action["with"] < len(names):
            return T("Offer a trade to {who}", who=names[action["with"]])
        return T("Offer a trade to seat {seat}", seat=action["with"] + 1)
    if t == "give":
        return T("Add {goods} to what you give", goods=goods_count(action["good"], 1))
    if t == "ask":
        return T("Add {goods} to what you ask for", goods=goods_count(action["good"], 1))
    if t == "send":
        tr = (view or {}).get("trade")
        label = T("Send the offer: {give} for {get}", give=items_text(tr["give"]), get=items_text(tr["get"])) if tr \
            else None
        return label if label is not None and len(label) <= 80 else T("Send the offer")  # a button's limit
    if t == "accept":
        return T("Accept the trade")
    if t == "decline":
        return T("Decline the trade")
    if t == "end_turn":
        return T("End turn")
    if t == "exchange":
        if action.get("pay"):
            return T("Exchange once (pay {goods})", goods=good_text(action["pay"]))
        return T("Exchange once")
    if t == "done":
        return T("Done exchanging")
    if t == "choose":
        opts = None
        if view and view.get("visit"):
            ops = city_side_from_view(view)
            opts = next((o["options"] for o in ops if o["op"] == "choice"), None)
        if opts:
            return T("Take {goods}", goods=items_text(opts[action["option"]]))
        return T("Take option {n}", n=action["option"] + 1)
    if t == "hire":
        sid = None
        if view and view.get("sailor_row"):
            sid = view["sailor_row"][action["slot"] - 1]
        if sid in SAILORS and ((view.get("pending") or [{}])[0].get("kind") == "hire"):
            return T("Hire sailor {slot} {skills} for free", slot=action["slot"],
                     skills=skills_text(SAILORS[sid]["skills"]))
        if sid in SAILORS:
            return T("Hire sailor {slot} {skills}", slot=action["slot"], skills=skills_text(SAILORS[sid]["skills"]))
        return T("Hire sailor {slot}", slot=action["slot"])
    if t == "skip":
        return T("Skip")
    if t == "place_cube":
        return T("Place an influence cube")
    if t == "reputation":
        rid = None
        if view and view.get("rep_active"):
            rid = view["rep_active"][action["deck"] - 1]
        if rid:
            return T("Reputation card {n}: {condition}", n=action["deck"], condition=condition_text(rid))
        return T("Reputation card {n}", n=action["deck"])
    if t == "commit":
        k, n = next((k, n) for k, n in action.items() if k != "type")
        if k == "ichor":
            return T("Commit the ichor serpent") if n else T("Keep the ichor serpent")
        if k == "combat":
            return Tn("Exhaust {n} combat sailor (+{n} dice)", "Exhaust {n} combat sailors (+{n} dice)", n)
        if k == "pirates":
            return Tn("Commit {n} pirate", "Commit {n} pirates", n)
        if k == "serpents":
            return Tn("Commit {n} serpent", "Commit {n} serpents", n)
        return T("Commit {n} {kind}", n=n, kind=k)
    if t == "cancel":
        return T("Cancel")
    if t == "reroll":
        return T("Reroll a {value} (pay 1 wood)", value=action["value"])
    if t == "wound":
        return Tn("Wound {n} sailor to win", "Wound {n} sailors to win", action["n"])
    if t == "retreat":
        return T("Retreat")
    if t == "lose":
        return lose_card_text(action["card"], None)
    # an action of no known type: as the contract's plain label
    return " ".join([str(action.get("type", "?"))] + [f"{k}={v}" for k, v in action.items() if k != "type"])


def gain_label(t: str, action: dict, view: dict | None) -> Msg:
    """A buy or build button: the building (when the view shows it), where it lies, what is saved."""
    if action.get("row") == "hand":
        where = T("from hand")
    elif action.get("row") == "metro":
        where = T("metropolis, slot {slot}", slot=slot_label("metro", action.get("pos", 0)))
    else:
        where = T("row, slot {slot}", slot=slot_label("main", action.get("pos", 0)))
    bid = None
    if view:
        bid = action.get("card")
        if bid is None:
            row = view.get("row" if action.get("row") == "main" else "metro_row") or []
            pos = action.get("pos", 0)
            bid = row[pos - 1] if 0 < pos <= len(row) else None
    save = goods_count(action["save"], 1) if action.get("save") else None
    if bid:
        b = building_name(bid)
        if t == "buy":
            return T("Buy {building} ({where}, save {goods})", building=b, where=where, goods=save) if save else \
                T("Buy {building} ({where})", building=b, where=where)
        return T("Build {building} ({where}, save {goods})", building=b, where=where, goods=save) if save else \
            T("Build {building} ({where})", building=b, where=where)
    if t == "buy":
        return T("Buy ({where}, save {goods})", where=where, goods=save) if save else T("Buy ({where})", where=where)
    return T("Build ({where}, save {goods})", where=where, goods=save) if save else T("Build ({where})", where=where)

def lose_card_text(card, who) -> Msg:
    """A retreat's lost card: the button (``who`` None) or the log line."""
    if card == "pirate":
        return T("Lose a pirate card") if who is None else T("{who} loses a pirate card", who=who)
    if card == "serpent":
        return T("Lose a serpent card") if who is None else T("{who} loses a serpent card", who=who)
    if card == "ichor":
        return T("Lose the ichor serpent card") if who is None else T("{who} loses the ichor serpent card", who=who)
    return T("Lose a {card} card", card=card) if who is None else T("{who} loses a {card} card", who=who, card=card)


def city_side_from_view(view: dict) -> list[dict]:
    c = CITIES[view["visit"]["city"]]
    side = c.get("advanced" if view.get("side") == "advanced" else "standard") or c["standard"]
    return side["ops"]
