"""The log lines of Islebound's events (messages, the history, the offline table)."""

from __future__ import annotations

from rules.text import Msg, T, Tn, join

from .data import EVENTS, FAME_TOKENS, SAILORS
from .text import (
    building_name,
    city_name,
    condition_text,
    items_text,
    lose_card_text,
    sailor_text,
    sailors_text,
    skills_text,
    source_text,
)


def describe_event(event: dict, names: list) -> Msg | str | None:
    """The log line of an event (``names``: the seats' display names); None for an event of no known type."""
    t = event.get("type")

    def name(s):
        if isinstance(s, int) and 0 <= s < len(names):
            return names[s]
        return T("Player {n}", n=s + 1 if isinstance(s, int) else "?")

    who = name(event.get("seat"))
    if t == "home":
        return T("{who} takes {city} as home port", who=who, city=city_name(event["port"]))
    if t == "move":
        if event["admins"]:
            return T("{who} sails from {start} to {city}, exhausting {sailors}", who=who,
                     start=city_name(event["from"]), city=city_name(event["to"]), sailors=sailors_text(event["admins"]))
        return T("{who} sails from {start} to {city}", who=who, start=city_name(event["from"]), city=city_name(event["to"]))
    if t == "stay":
        return T("{who} cannot move and stays at {city}", who=who, city=city_name(event["region"]))
    if t == "fish_speed":
        return T("{who} spends a fish for +1 speed", who=who)
    if t == "visit":
        toll, city = event.get("toll"), city_name(event["city"])
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
        return T("{who} visits {city}, exhausting {sailor}", who=who, city=city, sailor=sailor_text(toll["exhaust"]))
    if t == "gain":
        if event.get("source"):
            return T("{who} gains {goods} ({source})", who=who, goods=items_text(event["items"]),
                     source=source_text(event["source"]))
        return T("{who} gains {goods}", who=who, goods=items_text(event["items"]))
    if t == "fame":
        return Tn("{who} gains {n} fame", "{who} gains {n} fame", event["n"], who=who)
    if t == "token":
        return T("{who} takes fame token ({goods})", who=who, goods=items_text(FAME_TOKENS[event["token"]]["reward"]))
    if t == "cubes":
        if not event["spaces"]:
            return T("{who} places cubes on influence spaces (none free)", who=who)
        if event.get("commons") == "no_gain":
            return T("{who} places cubes on influence spaces {spaces} (House of Commons: skipping would gain "
                     "nothing)", who=who, spaces=", ".join(map(str, event["spaces"])))
        if event.get("skip"):
            return T("{who} skips the leftmost empty space (House of Commons) and places cubes on influence "
                     "spaces {spaces}", who=who, spaces=", ".join(map(str, event["spaces"])))
        return Tn("{who} places a cube on influence space {spaces}", "{who} places cubes on influence spaces {spaces}",
                  len(event["spaces"]), who=who, spaces=", ".join(map(str, event["spaces"])))
    if t == "hire" and event.get("free"):
        return T("{who} hires {sailor} for free (slot {slot})", who=who, sailor=sailor_text(event["sailor"]),
                 slot=event["slot"])
    if t == "hire":
        return Tn("{who} hires a {skills} sailor for {n} coin", "{who} hires a {skills} sailor for {n} coins",
                  event["coins"], who=who, skills=skills_text(SAILORS[event["sailor"]]["skills"]))
    if t == "rest":
        return T("{who}'s crew rests", who=who)
    if t == "hold_full":
        return T("{who}'s hold is full: {goods} discarded", who=who, goods=items_text(event.get("discard") or {}))
    if t == "cards_paid":
        return Tn("{who} discards {n} building card from the hand instead of a book",
                  "{who} discards {n} building cards from the hand instead of books", event["n"], who=who)
    if t == "exchange":
        if event.get("crew"):
            return T("{who} exchanges {pay} for {get}, exhausting {sailors}", who=who, pay=items_text(event["pay"]),
                     get=items_text(event["get"]), sailors=sailors_text(event["crew"]))
        return T("{who} exchanges {pay} for {get}", who=who, pay=items_text(event["pay"]), get=items_text(event["get"]))
    if t == "reputation":
        return T("{who} activates reputation: {condition}", who=who, condition=condition_text(event["card"]))
    if t == "building":
        if event["how"] == "buy":
            return T("{who} buys {building} for {goods}", who=who, building=building_name(event["building"]),
                     goods=items_text(event["paid"]))
        return T("{who} builds {building} for {goods}", who=who, building=building_name(event["building"]),
                 goods=items_text(event["paid"]))
    if t == "attack_start":
        return T("{who} attacks {city} (strength {strength})", who=who, city=city_name(event["city"]),
                 strength=event["strength"])
    if t == "attack_cancel":
        return T("{who} calls off the attack", who=who)
    if t == "roll" and event.get("crew"):
        return T("{who} rolls {dice} (with {sailors}): attack {total} vs {strength}", who=who,
                 dice=" ".join(map(str, event["dice"])), sailors=sailors_text(event["crew"]), total=event["total"],
                 strength=event["strength"])
    if t == "roll":
        return T("{who} rolls {dice}: attack {total} vs {strength}", who=who, dice=" ".join(map(str, event["dice"])),
                 total=event["total"], strength=event["strength"])
    if t == "reroll":
        return T("{who} rerolls a {old} and gets {new}: attack {total}", who=who, old=event["old"],
                 new=event["new"], total=event["total"])
    if t == "wound":
        return T("{who} wounds {sailors} to win", who=who, sailors=sailors_text(event["sailors"]))
    if t == "retreat":
        return T("{who} retreats from {city}", who=who, city=city_name(event["city"]))
    if t == "lose_card":
        return lose_card_text(event["card"], who)
    if t == "capture":
        return capture_line(event, who, name)
    if t == "diplomacy":
        parts = []
        if event["spaces"]:
            parts.append(Tn("a cube from space {spaces}", "cubes from spaces {spaces}", len(event["spaces"]),
                            spaces=", ".join(map(str, event["spaces"]))))
        parts += [sailor_text(sid) for sid in event["crew"]]
        return T("{who} uses diplomacy at {city} (needs {need}), paying with {payment}", who=who,
                 city=city_name(event["city"]), need=event["need"], payment=join(", ", parts))
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
            return T("{who} completes the event at {city}, exhausting {sailors}", who=who,
                     city=city_name(EVENTS[event["event"]]["region"]), sailors=sailors_text(event["crew"]))
        return T("{who} completes the event at {city}", who=who, city=city_name(EVENTS[event["event"]]["region"]))
    if t == "trade_offer":
        return T("{who} offers {other} {give} for {get}", who=who, other=name(event["with"]),
                 give=items_text(event["give"]), get=items_text(event["get"]))
    if t == "trade":
        return T("{who} gives {other} {give} for {get}", who=who, other=name(event["with"]),
                 give=items_text(event["give"]), get=items_text(event["get"]))
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
    return None


def capture_line(event: dict, who, name) -> Msg:
    city, loot = city_name(event["city"]), event["loot"]
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
