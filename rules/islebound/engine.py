"""The Islebound engine: the contract of rules/base.py over the modules of this package."""

from __future__ import annotations

import copy
import json

from rules.base import Engine, IllegalAction

from . import scoring, turn
from .buildings import buy_cost
from .city import toll_payable
from .combat import attack_strength
from .data import ALL_BUILDINGS, CITY_NAMES, EVENTS, FAME_TOKENS, REPUTATION, SAILORS
from .state import OPTIONS_SCHEMA, city_side, fast_clone, owner_of, player, setup

_GOOD = {"coin": "coin", "wood": "wood", "fish": "fish", "book": "book", "pirate": "pirate",
         "serpent": "serpent", "fame": "fame", "influence_cube": "influence cube"}


def _items(items: dict) -> str:
    parts = []
    for k, n in items.items():
        name = _GOOD.get(k, k)
        parts.append(f"{n} {name}{'s' if n != 1 and not name.endswith('s') and name != 'fish' else ''}")
    return " + ".join(parts) if parts else "nothing"


def clone(obj):
    """A deep copy of plain JSON data (several times faster than copy.deepcopy)."""
    return json.loads(json.dumps(obj))


def _bname(bid) -> str:
    return ALL_BUILDINGS[bid]["name"] if bid in ALL_BUILDINGS else str(bid)


class Islebound(Engine):
    key = "islebound"
    title = "Islebound"
    min_players = 2
    max_players = 4
    options_schema = OPTIONS_SCHEMA

    # -- lifecycle ---------------------------------------------------------------------------
    def setup(self, n_players, options, seed):
        state = setup(n_players, copy.deepcopy(options), seed)
        if state["options"]["architect"]:
            state["phase"] = "draft"
        return state

    def dump(self, state):
        return clone(state)

    def load(self, data):
        return clone(data)

    # -- turns -------------------------------------------------------------------------------
    def to_act(self, state):
        return turn.to_act(state)

    def legal_actions(self, state, seat):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
            return []
        return turn.legal_actions(state, seat)

    def apply(self, state, seat, action):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["n"]:
            raise IllegalAction("There is no such seat.")
        if state["phase"] == "over":
            raise IllegalAction("The game is over.")
        self.check_legal(state, seat, action)
        work = fast_clone(state)
        events: list[dict] = []
        turn.perform(work, seat, copy.deepcopy(action), events)
        work["seq"] += 1
        shown = {"type": "draft"} if action.get("type") == "draft" else copy.deepcopy(action)
        work["last_move"] = {"seat": seat, "action": shown}  # a draft pick stays sealed
        state.clear()
        state.update(work)
        return events

    def illegal_reason(self, state, seat, action):
        t = action.get("type") if isinstance(action, dict) else None
        phase = state["phase"]
        p = player(state, seat)
        if t == "buy":
            bid = None
            row = state["row"] if action.get("row") == "main" else state["metro_row"]
            pos = action.get("pos")
            if isinstance(pos, int) and not isinstance(pos, bool) and 1 <= pos <= len(row):
                bid = row[pos - 1]
            elif action.get("row") == "hand":
                bid = action.get("card") if action.get("card") in p["hand"] else None
            if bid is None:
                return "There is no such building to buy."
            if phase != "act":
                return "You can buy buildings only after your move, between actions."
            cost = buy_cost(p, bid)
            if p["coins"] < cost:
                return f"You cannot afford that: it costs {cost} coins and you have {p['coins']}."
            return "You do not hold enough books for that position of the building row."
        if t == "move" and phase == "move":
            return "You cannot reach that region this turn."
        if t == "visit" and phase == "act":
            if state["turn"]["main"]:
                return "You have already taken your main action this turn."
            if not toll_payable(state, seat, p["region"]):
                return "You cannot pay the toll of this city."
        if t in ("attack", "diplomacy", "treasure", "visit", "board") and phase == "act" and state["turn"]["main"]:
            return "You have already taken your main action this turn."
        if t == "attack":
            return "You cannot attack here: it needs a red-banner city you do not own and a pirate or serpent."
        if t == "diplomacy":
            return "You cannot win this city by diplomacy with that influence."
        if phase == "move" and t not in (None, "move", "fish", "stay"):
            return "You must move your ship first."
        return f"That move is not allowed now (phase: {phase})."

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
    def _toll_text(state, seat, city) -> str:
        if owner_of(state, city) == seat:
            return "yours"
        toll = city_side(state, city)["toll"]
        if toll["type"] == "coin":
            return f"{toll['n']} coin"
        return f"exhaust {toll['skill']}"

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
    def describe_action(self, action, view=None):
        if not isinstance(action, dict):
            return str(action)
        t = action.get("type")
        city = lambda c: CITY_NAMES.get(c, str(c))  # noqa: E731
        if t == "home":
            return f"Home port: {city(action['port'])}"
        if t == "draft":
            return f"Keep {_bname(action['card'])}" if "card" in action else "Kept a building (draft)"
        if t == "move":
            extra = ""
            if view and view.get("reachable"):
                d = next((d for d in view["reachable"] if d["to"] == action["to"]), None)
                if d:
                    extra = f" (toll: {d['toll']}" + (f", exhaust {d['admins']} admin" if d["admins"] else "") + ")"
            return f"Sail to {city(action['to'])}{extra}"[:80]
        if t == "fish":
            return "Spend 1 fish: +1 speed"
        if t == "stay":
            return "No reachable region: stay"
        if t == "visit":
            return "Visit the city (pay toll, take its action)"
        if t == "attack":
            return "Attack the city"
        if t == "diplomacy":
            k = action["sailors"]
            return "Diplomacy" + (f" (exhaust {k} negotiator{'s' if k > 1 else ''})" if k else " (influence cubes)")
        if t == "treasure":
            return "Hunt for treasure"
        if t == "board":
            return f"Board the ship of seat {action['target'] + 1}"
        if t == "event":
            return f"Complete event {action['deck']}"
        if t in ("buy", "build"):
            verb = "Buy" if t == "buy" else "Build"
            where = "from hand" if action.get("row") == "hand" else (
                f"metropolis pos {action.get('pos')}" if action.get("row") == "metro" else f"row pos {action.get('pos')}")
            name = ""
            if view:
                bid = action.get("card")
                if bid is None:
                    row = view.get("row" if action.get("row") == "main" else "metro_row") or []
                    pos = action.get("pos", 0)
                    bid = row[pos - 1] if 0 < pos <= len(row) else None
                name = _bname(bid) + " " if bid else ""
            save = f", save 1 {action['save']}" if action.get("save") else ""
            return f"{verb} {name}({where}{save})"[:80]
        if t == "trade":
            return f"Offer a trade to seat {action['with'] + 1}"
        if t == "offer":
            return f"Offer {action['give']} for {action['get']}"
        if t == "amounts":
            return f"Give {action['give_n']}, ask {action['get_n']} in return"
        if t == "accept":
            return "Accept the trade"
        if t == "decline":
            return "Decline the trade"
        if t == "end_turn":
            return "End turn"
        if t == "exchange":
            return f"Exchange once (pay {action['pay']})" if action.get("pay") else "Exchange once"
        if t == "done":
            return "Done exchanging"
        if t == "choose":
            opts = None
            if view and view.get("visit"):
                ops = city_side_from_view(view)
                opts = next((o["options"] for o in ops if o["op"] == "choice"), None)
            if opts:
                return f"Take {_items(opts[action['option']])}"
            return f"Take option {action['option'] + 1}"
        if t == "hire":
            sid = None
            if view and view.get("sailor_row"):
                sid = view["sailor_row"][action["slot"] - 1]
            skills = "/".join(SAILORS[sid]["skills"]) if sid in SAILORS else ""
            return f"Hire sailor {action['slot']} {skills}".strip()
        if t == "skip":
            return "Skip"
        if t == "place_cube":
            return "Place an influence cube"
        if t == "reputation":
            label = ""
            if view and view.get("rep_active"):
                rid = view["rep_active"][action["deck"] - 1]
                if rid:
                    label = ": " + REPUTATION[rid]["condition"].replace("_", " ")
            return f"Reputation card {action['deck']}{label}"
        if t == "commit":
            k, n = next((k, n) for k, n in action.items() if k != "type")
            if k == "ichor":
                return "Commit the ichor serpent" if n else "Keep the ichor serpent"
            if k == "combat":
                return f"Exhaust {n} combat sailor{'s' if n != 1 else ''} (+{n} dice)"
            return f"Commit {n} {k}"
        if t == "cancel":
            return "Cancel"
        if t == "reroll":
            return f"Reroll a {action['value']} (pay 1 wood)"
        if t == "wound":
            return f"Wound {action['n']} sailor{'s' if action['n'] != 1 else ''} to win"
        if t == "retreat":
            return "Retreat"
        if t == "lose":
            return f"Lose a {action['card']} card"
        return super().describe_action(action, view)

    def describe_event(self, event, names):
        t = event.get("type")
        name = lambda s: names[s] if isinstance(s, int) and 0 <= s < len(names) else f"Player {s}"  # noqa: E731
        who = name(event.get("seat"))
        city = lambda c: CITY_NAMES.get(c, str(c))  # noqa: E731
        if t == "home":
            return f"{who} takes {city(event['port'])} as home port"
        if t == "move":
            extra = f", exhausting {len(event['admins'])} admin" if event["admins"] else ""
            return f"{who} sails from {city(event['from'])} to {city(event['to'])}{extra}"
        if t == "stay":
            return f"{who} cannot move and stays at {city(event['region'])}"
        if t == "fish_speed":
            return f"{who} spends a fish for +1 speed"
        if t == "visit":
            toll = event.get("toll")
            if toll is None:
                paid = "free of toll"
            elif "coin" in toll:
                paid = f"paying {toll['coin']} coin to " + ("the treasure map" if toll["to"] == "map" else name(toll["to"]))
            else:
                paid = "exhausting a sailor"
            return f"{who} visits {city(event['city'])}, {paid}"
        if t == "gain":
            return f"{who} gains {_items(event['items'])}" + (f" ({event['source']})" if event.get("source") else "")
        if t == "fame":
            return f"{who} gains {event['n']} fame"
        if t == "token":
            return f"{who} takes fame token ({_items(FAME_TOKENS[event['token']]['reward'])})"
        if t == "cubes":
            return f"{who} places cubes on influence spaces {', '.join(map(str, event['spaces'])) or '(none free)'}"
        if t == "hire":
            return f"{who} hires a {'/'.join(SAILORS[event['sailor']]['skills'])} sailor for {event['coins']} coins"
        if t == "rest":
            return f"{who}'s crew rests"
        if t == "hold_full":
            return f"{who}'s hold is full; the excess is discarded"
        if t == "exchange":
            return f"{who} exchanges {_items(event['pay'])} for {_items(event['get'])}"
        if t == "reputation":
            c = REPUTATION[event["card"]]
            return f"{who} activates reputation: {c['condition'].replace('_', ' ')}"
        if t == "building":
            how = "buys" if event["how"] == "buy" else "builds"
            return f"{who} {how} {_bname(event['building'])} for {_items(event['paid'])}"
        if t == "attack_start":
            return f"{who} attacks {city(event['city'])} (strength {event['strength']})"
        if t == "attack_cancel":
            return f"{who} calls off the attack"
        if t == "roll":
            return f"{who} rolls {' '.join(map(str, event['dice']))}: attack {event['total']} vs {event['strength']}"
        if t == "reroll":
            return f"{who} rerolls a {event['old']} and gets {event['new']}: attack {event['total']}"
        if t == "wound":
            return f"{who} wounds {len(event['sailors'])} sailor(s) to win"
        if t == "retreat":
            return f"{who} retreats from {city(event['city'])}"
        if t == "lose_card":
            return f"{who} loses a {event['card']} card"
        if t == "capture":
            how = {"attack": "conquers", "diplomacy": "wins over"}[event["method"]]
            frm = f" from {name(event['from'])}" if event.get("from") is not None else ""
            return f"{who} {how} {city(event['city'])}{frm}, loot {event['loot']} coins"
        if t == "diplomacy":
            return f"{who} uses diplomacy at {city(event['city'])} (needs {event['need']})"
        if t == "treasure":
            return f"{who} hunts for treasure: {event['coins']} coin(s)"
        if t == "boarding":
            res = "nobody wins" if event["winner"] is None else f"{name(event['winner'])} wins {event['coins']} coin(s)"
            return f"{who} boards {name(event['target'])}: hits {event['hits'][0]}-{event['hits'][1]}, {res}"
        if t == "event":
            return f"{who} completes event {event['event']} at {city(EVENTS[event['event']]['region'])}"
        if t == "trade_offer":
            return (f"{who} offers {name(event['with'])} {event['give_n']} {event['give']} "
                    f"for {event['get_n']} {event['get']}")
        if t == "trade":
            return (f"{who} gives {name(event['with'])} {event['give_n']} {event['give']} "
                    f"for {event['get_n']} {event['get']}")
        if t == "trade_declined":
            return f"{who} declines the trade"
        if t == "draft_round":
            return f"Building draft: packets passed ({event['left']} cards left each)"
        if t == "end_turn":
            return f"{who} ends the turn"
        if t == "round":
            return f"Round {event['round']} begins" + (" (final round)" if event.get("final") else "")
        if t == "end_triggered":
            return f"End of game triggered: {event['why']}; round {event['final_round']} is the final round"
        if t == "game_over":
            return "The game is over"
        return super().describe_event(event, names)


def city_side_from_view(view: dict) -> list[dict]:
    from .data import CITIES
    c = CITIES[view["visit"]["city"]]
    side = c.get("advanced" if view.get("side") == "advanced" else "standard") or c["standard"]
    return side["ops"]
