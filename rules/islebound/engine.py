"""The Islebound engine: the contract of rules/base.py over the modules of this package."""

from __future__ import annotations

import copy
import json

from rules.base import Engine, IllegalAction
from rules.text import Msg, T, Tn, join

from . import scoring, turn, validate
from .buildings import buy_cost
from .city import toll_payable
from .combat import attack_strength
from .data import (
    ALL_BUILDINGS,
    CITIES,
    CITY_NAMES,
    EVENTS,
    FAME_TOKENS,
    INFLUENCE_VALUES,
    REPUTATION,
    SAILORS,
    SKILLS,
)
from .state import OPTIONS_SCHEMA, city_side, fast_clone, owner_of, player, setup


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


def _items(items: dict) -> Msg:
    parts = [goods_count(k, n) for k, n in items.items()]
    return join(" + ", parts) if parts else T("nothing")


def _good(kind: str) -> Msg:
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


def clone(obj):
    """A deep copy of plain JSON data (several times faster than copy.deepcopy)."""
    return json.loads(json.dumps(obj))


def _bname(bid) -> Msg | str:
    return T(ALL_BUILDINGS[bid]["name"]) if bid in ALL_BUILDINGS else str(bid)


def _city(c) -> Msg | str:
    return T(CITY_NAMES[c]) if c in CITY_NAMES else str(c)


def _skills(skills) -> Msg:
    return join("/", [T(s) for s in skills])


def _sailor(sid) -> Msg:
    """A sailor by its skills: ``a sailor (admin/combat)`` (sailors with the same skills are alike)."""
    skills = SAILORS[sid]["skills"] if sid in SAILORS else []
    return T("a sailor ({skills})", skills=_skills(skills))


def _sailors(ids) -> Msg:
    return join(", ", [_sailor(sid) for sid in ids])


_PAY_PURPOSE = {"move": "to share a region", "visit": "for the toll", "event": "for the event",
                "exchange": "for the exchange", "commit": "for a combat die"}


def _pay_label(action: dict, view: dict | None) -> Msg:
    """A sailor picked for a cost or a wound; what it is for comes from the pending step."""
    entry = ((view or {}).get("pending") or [{}])[0]
    what = (entry.get("action") or {}).get("type")
    sailor = _sailor(action["sailor"])
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


def _commons_label(action: dict, view: dict | None) -> Msg:
    """House of Commons: where the cubes go with and without the skip."""
    from .pending import _spaces
    entry = ((view or {}).get("pending") or [{}])[0]
    if view is None or entry.get("kind") != "cubes":
        return T("Skip the leftmost empty space") if action["skip"] else T("Do not skip a space")
    spaces = _spaces(view, entry["seat"], entry["n"], action["skip"])
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
            return T("diplomacy at {city}, {paid} of {need} paid", city=_city(d["city"]), paid=paid,
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


def _condition(rid) -> Msg:
    """A reputation card's condition (``coins_per_3`` -> ``coins per 3``, a catalog text)."""
    return T(REPUTATION[rid]["condition"].replace("_", " "))


_BUILDING_NAMES = {b["name"] for b in ALL_BUILDINGS.values()}


def _source(source) -> Msg | str:
    """Where a gain came from (the ``source`` of a gain event: a city, a building, a token, loot)."""
    if source in CITY_NAMES:
        return _city(source)
    if source in _BUILDING_NAMES:
        return T(source)
    if source == "4-book token":
        return T("4-book token")
    if source == "fame token":
        return T("fame token")
    if source == "loot":
        return T("loot")
    return str(source)


def _phase(phase) -> Msg | str:
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


class Islebound(Engine):
    key = "islebound"
    title = "Islebound"
    min_players = 2
    max_players = 4
    options_schema = OPTIONS_SCHEMA
    # Moving, visiting, trading with the bank, fighting after the roll and the like can be taken
    # back; a die roll, a card or sailor or fame token off a pile (the next one is revealed),
    # an event or reputation card and the end of a turn cannot (see undo_point for books).
    undo_safe_events = frozenset({"move", "visit", "gain", "rest", "fame", "exchange", "fish_speed", "home",
                                  "treasure", "attack_start", "attack_cancel", "diplomacy_cancel", "diplomacy",
                                  "capture", "wound", "retreat", "lose_card", "hold_full", "cubes"})

    def undo_point(self, state, seat, events):
        # in the Architect variant a gained book is a building card drawn from the hidden deck
        if state["options"].get("architect") and any(e.get("type") == "gain" and "book" in e.get("items", {})
                                                     for e in events):
            return False
        return super().undo_point(state, seat, events)

    # -- lifecycle ---------------------------------------------------------------------------
    def setup(self, n_players, options, seed):
        state = setup(n_players, copy.deepcopy(options), seed)
        if state["options"]["architect"]:
            state["phase"] = "draft"
        return state

    def dump(self, state):
        return clone(state)

    def load(self, data):
        state = clone(data) if isinstance(data, dict) else data
        validate.upgrade(state)
        validate.check(state)
        return state

    # -- turns -------------------------------------------------------------------------------
    def to_act(self, state):
        return turn.to_act(state)

    def legal_actions(self, state, seat):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
            return []
        return turn.legal_actions(state, seat)

    def apply(self, state, seat, action):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
            raise IllegalAction(T("There is no such seat."))
        if state["phase"] == "over":
            raise IllegalAction(T("The game is over."))
        self.check_legal(state, seat, action)
        work = fast_clone(state)
        events: list[dict] = []
        turn.perform(work, seat, copy.deepcopy(action), events)
        work["seq"] += 1
        # a draft pick and a card paid from the hand stay private
        shown = {"type": action["type"]} if action.get("type") in ("draft", "pay_card") else copy.deepcopy(action)
        work["last_move"] = {"seat": seat, "action": shown}
        state.clear()
        state.update(work)
        return events

    def illegal_reason(self, state, seat, action):
        t = action.get("type") if isinstance(action, dict) else None
        phase = state["phase"]
        p = player(state, seat)
        if state["pending"] or phase == "diplomacy":
            return T("Decide this first: {what}.", what=decision_text(state))
        if t == "buy":
            bid = None
            row = state["row"] if action.get("row") == "main" else state["metro_row"]
            pos = action.get("pos")
            if isinstance(pos, int) and not isinstance(pos, bool) and 1 <= pos <= len(row):
                bid = row[pos - 1]
            elif action.get("row") == "hand":
                bid = action.get("card") if action.get("card") in p["hand"] else None
            if bid is None:
                return T("There is no such building to buy.")
            if phase != "act":
                return T("You can buy buildings only after your move, between actions.")
            cost = buy_cost(p, bid)
            if p["coins"] < cost:
                return Tn("You cannot afford that: it costs {n} coin and you have {coins}.",
                          "You cannot afford that: it costs {n} coins and you have {coins}.", cost, coins=p["coins"])
            return T("You do not hold enough books for that position of the building row.")
        if t == "move" and phase == "move":
            return T("You cannot reach that region this turn.")
        if t == "visit" and phase == "act":
            if state["turn"]["main"]:
                return T("You have already taken your main action this turn.")
            if not toll_payable(state, seat, p["region"]):
                return T("You cannot pay the toll of this city.")
        if t in ("attack", "diplomacy", "treasure", "visit", "board") and phase == "act" and state["turn"]["main"]:
            return T("You have already taken your main action this turn.")
        if t == "attack":
            return T("You cannot attack here: it needs a red-banner city you do not own and a pirate or serpent.")
        if t == "diplomacy":
            return T("You cannot win this city by diplomacy with that influence.")
        if phase == "move" and t not in (None, "move", "fish", "stay"):
            return T("You must move your ship first.")
        return T("That move is not allowed now (phase: {phase}).", phase=_phase(phase))

    # -- views -------------------------------------------------------------------------------
    def view(self, state, seat):
        v = fast_clone(state)  # a view shares nothing mutable with the state
        v["options"] = dict(state["options"])
        v["layout"] = {k: dict(x) for k, x in state["layout"].items()}
        v.pop("seed", None)
        v["deck_count"] = len(v.pop("deck"))
        v["metro_deck_count"] = len(v.pop("metro_deck"))
        v["event_active"] = [d[0] if d else None for d in v["event_decks"]]
        v["event_counts"] = [len(d) for d in v.pop("event_decks")]
        v["rep_active"] = [d[0] if d else None for d in v["rep_decks"]]
        v["rep_counts"] = [len(d) for d in v.pop("rep_decks")]
        stack = v.pop("sailor_stack")
        v["sailor_stack_top"] = stack[0] if stack else None
        v["sailor_stack_count"] = len(stack)
        tokens = v.pop("tokens")
        v["token_top"] = tokens[0] if tokens else None
        v["token_count"] = len(tokens)
        v["discard_count"] = len(v.pop("discard"))
        for s, p in enumerate(v["players"]):
            p["hand_count"] = len(p["hand"])
            packet, pick, hand = p.pop("packet"), p.pop("pick"), p.pop("hand")
            if s == seat:
                p["hand"] = hand
                if state["phase"] == "draft":
                    p["packet"] = packet
                    p["pick"] = pick
        for entry in v["pending"]:  # cards chosen from a hand to pay books are that hand's secret
            if "discard" in entry and entry["seat"] != seat:
                entry["discard"] = len(entry["discard"])
        v["to_act"] = sorted(turn.to_act(state))
        v["active"] = turn.active(state) if state["phase"] not in ("home", "draft", "over") else None
        v["scores_now"] = scoring.final_scores(state)
        v["seat"] = seat
        if state["phase"] == "over":
            v["result"] = scoring.result(state)
        if seat is not None and seat in turn.to_act(state) and state["phase"] == "move":
            v["reachable"] = [dict(d, toll=self._toll_text(state, seat, d["to"]))
                              for d in turn.destinations(state, seat)]
        return v

    @staticmethod
    def _toll_text(state, seat, city) -> Msg:
        if owner_of(state, city) == seat:
            return T("yours")
        toll = city_side(state, city)["toll"]
        if toll["type"] == "coin":
            return goods_count("coin", toll["n"])
        if toll["skill"] == "any":
            return T("exhaust any")
        return T("exhaust {skill}", skill=T(toll["skill"]))

    def _city_info(self, state, seat):
        info = {}
        for city in CITY_NAMES:
            side = city_side(state, city)
            info[city] = {"banner": side["banner"], "value": side["value"], "rest": side["rest"],
                          "toll": self._toll_text(state, None, city), "text": side["text"],
                          "strength": attack_strength(state, city) if side["banner"] == "red" else None}
        return info

    def result(self, state):
        return scoring.result(state)

    # -- words -------------------------------------------------------------------------------
    def catalog_texts(self):
        texts = super().catalog_texts()
        texts += [CITY_NAMES[c] for c in sorted(CITY_NAMES)]
        texts += sorted({b["name"] for b in ALL_BUILDINGS.values()})
        texts += sorted({b["text"] for b in ALL_BUILDINGS.values() if b.get("text")})  # effects on the board
        texts += sorted({c[side]["text"] for c in CITIES.values() for side in ("standard", "advanced")
                         if isinstance(c.get(side), dict) and c[side].get("text")})  # city actions
        texts += SKILLS
        texts += sorted({r["condition"].replace("_", " ") for r in REPUTATION.values()})
        texts += list(scoring.CATEGORIES) + [scoring.TIEBREAK_CATEGORY]
        return texts

    def describe_action(self, action, view=None):
        if not isinstance(action, dict):
            return str(action)
        t = action.get("type")
        if t == "home":
            return T("Home port: {city}", city=_city(action["port"]))
        if t == "draft":
            return T("Keep {building}", building=_bname(action["card"])) if "card" in action else T("Kept a building (draft)")
        if t == "move":
            d = None
            if view and view.get("reachable"):
                d = next((d for d in view["reachable"] if d["to"] == action["to"]), None)
            if d is None:
                return T("Sail to {city}", city=_city(action["to"]))
            if d["admins"]:
                return Tn("Sail to {city} (toll: {toll}, exhaust {n} admin)",
                          "Sail to {city} (toll: {toll}, exhaust {n} admin)", d["admins"],
                          city=_city(action["to"]), toll=d["toll"])
            return T("Sail to {city} (toll: {toll})", city=_city(action["to"]), toll=d["toll"])
        if t == "fish":
            return T("Spend 1 fish: +1 speed")
        if t == "stay":
            return T("No reachable region: stay")
        names = (view or {}).get("seat_names") or []
        me = (view or {}).get("seat")
        region = view["players"][me].get("region") if isinstance(me, int) and view.get("players") else None
        if t == "visit":
            if region in CITY_NAMES:
                return T("Visit {city} (pay toll, take its action)", city=_city(region))
            return T("Visit the city (pay toll, take its action)")
        if t == "attack":
            return T("Attack {city}", city=_city(region)) if region in CITY_NAMES else T("Attack the city")
        if t == "diplomacy":
            return T("Diplomacy (pay with influence cubes and negotiators)")
        if t == "pay":
            if "value" in action:
                return T("Remove one of your cubes worth {value}", value=action["value"])
            return T("Exhaust {sailor} (+1 influence)", sailor=_sailor(action["sailor"]))
        if t == "crew":
            return _pay_label(action, view)
        if t == "pay_card":
            if "card" not in action:
                return T("Discarded a building card from the hand as a book")
            return T("Discard {building} from your hand as a book", building=_bname(action["card"]))
        if t == "keep":
            return T("Keep {wood} and {fish}", wood=goods_count("wood", action["wood"]),
                     fish=goods_count("fish", action["fish"]))
        if t == "commons":
            return _commons_label(action, view)
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
                         city=_city(EVENTS[eid]["region"]), reward=reward)
            return T("Complete event {n}", n=action["deck"])
        if t in ("buy", "build"):
            return self._gain_label(t, action, view)
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
            label = T("Send the offer: {give} for {get}", give=_items(tr["give"]), get=_items(tr["get"])) if tr \
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
                return T("Exchange once (pay {goods})", goods=_good(action["pay"]))
            return T("Exchange once")
        if t == "done":
            return T("Done exchanging")
        if t == "choose":
            opts = None
            if view and view.get("visit"):
                ops = city_side_from_view(view)
                opts = next((o["options"] for o in ops if o["op"] == "choice"), None)
            if opts:
                return T("Take {goods}", goods=_items(opts[action["option"]]))
            return T("Take option {n}", n=action["option"] + 1)
        if t == "hire":
            sid = None
            if view and view.get("sailor_row"):
                sid = view["sailor_row"][action["slot"] - 1]
            if sid in SAILORS and ((view.get("pending") or [{}])[0].get("kind") == "hire"):
                return T("Hire sailor {slot} {skills} for free", slot=action["slot"],
                         skills=_skills(SAILORS[sid]["skills"]))
            if sid in SAILORS:
                return T("Hire sailor {slot} {skills}", slot=action["slot"], skills=_skills(SAILORS[sid]["skills"]))
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
                return T("Reputation card {n}: {condition}", n=action["deck"], condition=_condition(rid))
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
            return _lose_card(action["card"], None)
        return super().describe_action(action, view)

    @staticmethod
    def _gain_label(t, action, view) -> Msg:
        """A buy or build button: the building (when the view shows it), where it lies, what is saved."""
        if action.get("row") == "hand":
            where = T("from hand")
        elif action.get("row") == "metro":
            where = T("metropolis pos {pos}", pos=action.get("pos"))
        else:
            where = T("row pos {pos}", pos=action.get("pos"))
        bid = None
        if view:
            bid = action.get("card")
            if bid is None:
                row = view.get("row" if action.get("row") == "main" else "metro_row") or []
                pos = action.get("pos", 0)
                bid = row[pos - 1] if 0 < pos <= len(row) else None
        save = goods_count(action["save"], 1) if action.get("save") else None
        if bid:
            b = _bname(bid)
            if t == "buy":
                return T("Buy {building} ({where}, save {goods})", building=b, where=where, goods=save) if save else \
                    T("Buy {building} ({where})", building=b, where=where)
            return T("Build {building} ({where}, save {goods})", building=b, where=where, goods=save) if save else \
                T("Build {building} ({where})", building=b, where=where)
        if t == "buy":
            return T("Buy ({where}, save {goods})", where=where, goods=save) if save else T("Buy ({where})", where=where)
        return T("Build ({where}, save {goods})", where=where, goods=save) if save else T("Build ({where})", where=where)

    def describe_event(self, event, names):
        t = event.get("type")

        def name(s):
            if isinstance(s, int) and 0 <= s < len(names):
                return names[s]
            return T("Player {n}", n=s + 1 if isinstance(s, int) else "?")

        who = name(event.get("seat"))
        if t == "home":
            return T("{who} takes {city} as home port", who=who, city=_city(event["port"]))
        if t == "move":
            if event["admins"]:
                return T("{who} sails from {start} to {city}, exhausting {sailors}", who=who,
                         start=_city(event["from"]), city=_city(event["to"]), sailors=_sailors(event["admins"]))
            return T("{who} sails from {start} to {city}", who=who, start=_city(event["from"]), city=_city(event["to"]))
        if t == "stay":
            return T("{who} cannot move and stays at {city}", who=who, city=_city(event["region"]))
        if t == "fish_speed":
            return T("{who} spends a fish for +1 speed", who=who)
        if t == "visit":
            toll, city = event.get("toll"), _city(event["city"])
            if toll is None:
                return T("{who} visits {city}, free of toll", who=who, city=city)
            if "coin" in toll:
                if toll["to"] == "map":
                    return Tn("{who} visits {city}, paying {n} coin to the treasure map",
                              "{who} visits {city}, paying {n} coins to the treasure map", toll["coin"],
                              who=who, city=city)
                return Tn("{who} visits {city}, paying {n} coin to {owner}",
                          "{who} visits {city}, paying {n} coins to {owner}", toll["coin"],
                          who=who, city=city, owner=name(toll["to"]))
            return T("{who} visits {city}, exhausting {sailor}", who=who, city=city, sailor=_sailor(toll["exhaust"]))
        if t == "gain":
            if event.get("source"):
                return T("{who} gains {goods} ({source})", who=who, goods=_items(event["items"]),
                         source=_source(event["source"]))
            return T("{who} gains {goods}", who=who, goods=_items(event["items"]))
        if t == "fame":
            return Tn("{who} gains {n} fame", "{who} gains {n} fame", event["n"], who=who)
        if t == "token":
            return T("{who} takes fame token ({goods})", who=who, goods=_items(FAME_TOKENS[event["token"]]["reward"]))
        if t == "cubes":
            if not event["spaces"]:
                return T("{who} places cubes on influence spaces (none free)", who=who)
            if event.get("commons") == "no_gain":
                return T("{who} places cubes on influence spaces {spaces} (House of Commons: skipping would gain "
                         "nothing)", who=who, spaces=", ".join(map(str, event["spaces"])))
            if event.get("skip"):
                return T("{who} skips the leftmost empty space (House of Commons) and places cubes on influence "
                         "spaces {spaces}", who=who, spaces=", ".join(map(str, event["spaces"])))
            return T("{who} places cubes on influence spaces {spaces}", who=who,
                     spaces=", ".join(map(str, event["spaces"])))
        if t == "hire" and event.get("free"):
            return T("{who} hires {sailor} for free (slot {slot})", who=who, sailor=_sailor(event["sailor"]),
                     slot=event["slot"])
        if t == "hire":
            return Tn("{who} hires a {skills} sailor for {n} coin", "{who} hires a {skills} sailor for {n} coins",
                      event["coins"], who=who, skills=_skills(SAILORS[event["sailor"]]["skills"]))
        if t == "rest":
            return T("{who}'s crew rests", who=who)
        if t == "hold_full":
            return T("{who}'s hold is full: {goods} discarded", who=who, goods=_items(event.get("discard") or {}))
        if t == "cards_paid":
            return Tn("{who} discards {n} building card from the hand instead of a book",
                      "{who} discards {n} building cards from the hand instead of books", event["n"], who=who)
        if t == "exchange":
            if event.get("crew"):
                return T("{who} exchanges {pay} for {get}, exhausting {sailors}", who=who, pay=_items(event["pay"]),
                         get=_items(event["get"]), sailors=_sailors(event["crew"]))
            return T("{who} exchanges {pay} for {get}", who=who, pay=_items(event["pay"]), get=_items(event["get"]))
        if t == "reputation":
            return T("{who} activates reputation: {condition}", who=who, condition=_condition(event["card"]))
        if t == "building":
            if event["how"] == "buy":
                return T("{who} buys {building} for {goods}", who=who, building=_bname(event["building"]),
                         goods=_items(event["paid"]))
            return T("{who} builds {building} for {goods}", who=who, building=_bname(event["building"]),
                     goods=_items(event["paid"]))
        if t == "attack_start":
            return T("{who} attacks {city} (strength {strength})", who=who, city=_city(event["city"]),
                     strength=event["strength"])
        if t == "attack_cancel":
            return T("{who} calls off the attack", who=who)
        if t == "roll" and event.get("crew"):
            return T("{who} rolls {dice} (with {sailors}): attack {total} vs {strength}", who=who,
                     dice=" ".join(map(str, event["dice"])), sailors=_sailors(event["crew"]), total=event["total"],
                     strength=event["strength"])
        if t == "roll":
            return T("{who} rolls {dice}: attack {total} vs {strength}", who=who, dice=" ".join(map(str, event["dice"])),
                     total=event["total"], strength=event["strength"])
        if t == "reroll":
            return T("{who} rerolls a {old} and gets {new}: attack {total}", who=who, old=event["old"],
                     new=event["new"], total=event["total"])
        if t == "wound":
            return T("{who} wounds {sailors} to win", who=who, sailors=_sailors(event["sailors"]))
        if t == "retreat":
            return T("{who} retreats from {city}", who=who, city=_city(event["city"]))
        if t == "lose_card":
            return _lose_card(event["card"], who)
        if t == "capture":
            return self._capture_line(event, who, name)
        if t == "diplomacy":
            parts = []
            if event["spaces"]:
                parts.append(Tn("a cube from space {spaces}", "cubes from spaces {spaces}", len(event["spaces"]),
                                spaces=", ".join(map(str, event["spaces"]))))
            parts += [_sailor(sid) for sid in event["crew"]]
            return T("{who} uses diplomacy at {city} (needs {need}), paying with {payment}", who=who,
                     city=_city(event["city"]), need=event["need"], payment=join(", ", parts))
        if t == "diplomacy_cancel":
            return T("{who} calls off the diplomacy", who=who)
        if t == "treasure":
            return Tn("{who} hunts for treasure: {n} coin", "{who} hunts for treasure: {n} coins", event["coins"],
                      who=who)
        if t == "boarding":
            a, b = event["hits"][0], event["hits"][1]
            if event["winner"] is None:
                return T("{who} boards {target}: hits {a}-{b}, nobody wins", who=who, target=name(event["target"]),
                         a=a, b=b)
            return Tn("{who} boards {target}: hits {a}-{b}, {winner} wins {n} coin",
                      "{who} boards {target}: hits {a}-{b}, {winner} wins {n} coins", event["coins"],
                      who=who, target=name(event["target"]), a=a, b=b, winner=name(event["winner"]))
        if t == "event":
            if event.get("crew"):
                return T("{who} completes event {event} at {city}, exhausting {sailors}", who=who,
                         event=event["event"], city=_city(EVENTS[event["event"]]["region"]),
                         sailors=_sailors(event["crew"]))
            return T("{who} completes event {event} at {city}", who=who, event=event["event"],
                     city=_city(EVENTS[event["event"]]["region"]))
        if t == "trade_offer":
            return T("{who} offers {other} {give} for {get}", who=who, other=name(event["with"]),
                     give=_items(event["give"]), get=_items(event["get"]))
        if t == "trade":
            return T("{who} gives {other} {give} for {get}", who=who, other=name(event["with"]),
                     give=_items(event["give"]), get=_items(event["get"]))
        if t == "trade_declined":
            return T("{who} declines the trade", who=who)
        if t == "draft_round":
            return Tn("Building draft: packets passed ({n} card left each)",
                      "Building draft: packets passed ({n} cards left each)", event["left"])
        if t == "end_turn":
            return T("{who} ends the turn", who=who)
        if t == "round":
            if event.get("final"):
                return T("Round {round} begins (final round)", round=event["round"])
            return T("Round {round} begins", round=event["round"])
        if t == "end_triggered":
            if event["why"] == "the last fame token was taken":
                return T("End of game triggered: the last fame token was taken; round {round} is the final round",
                         round=event["final_round"])
            if event["why"] == "a capital reached the building count":
                return T("End of game triggered: a capital reached the building count; round {round} is the final round",
                         round=event["final_round"])
            return T("End of game triggered: {why}; round {round} is the final round", why=event["why"],
                     round=event["final_round"])
        if t == "game_over":
            return T("The game is over")
        return super().describe_event(event, names)

    @staticmethod
    def _capture_line(event, who, name) -> Msg:
        city, loot = _city(event["city"]), event["loot"]
        if event.get("from") is not None:
            old = name(event["from"])
            if event["method"] == "attack":
                return Tn("{who} conquers {city} from {old}, loot {n} coin",
                          "{who} conquers {city} from {old}, loot {n} coins", loot, who=who, city=city, old=old)
            return Tn("{who} wins over {city} from {old}, loot {n} coin",
                      "{who} wins over {city} from {old}, loot {n} coins", loot, who=who, city=city, old=old)
        if event["method"] == "attack":
            return Tn("{who} conquers {city}, loot {n} coin", "{who} conquers {city}, loot {n} coins", loot,
                      who=who, city=city)
        return Tn("{who} wins over {city}, loot {n} coin", "{who} wins over {city}, loot {n} coins", loot,
                  who=who, city=city)


def _lose_card(card, who) -> Msg:
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
