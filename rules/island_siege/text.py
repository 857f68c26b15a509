"""Player-facing words: action labels (buttons, selects) and one-line event texts."""

from __future__ import annotations

from . import data
from .views import spot_number

COLOUR_WORD = {"white": "white (tower)", "grey": "grey (wall)", "black": "black (cannon)",
               "red": "red (target)", "yellow": "yellow (leadership)"}


def card_name(card_id) -> str:
    if not isinstance(card_id, str):
        return "?"
    if card_id.startswith("START"):
        return "Starting Fort"
    return data.CARDS[card_id]["name"] if card_id in data.CARDS else card_id


def _fort_card(view: dict | None, fort_id) -> str | None:
    if isinstance(fort_id, str) and fort_id in data.CARDS:
        return fort_id
    if isinstance(fort_id, str) and fort_id.startswith("START"):
        return "START"
    return None


def _spot(card: str | None, cell) -> str:
    try:
        return f"spot {spot_number(card, cell)}"
    except (ValueError, TypeError, KeyError, IndexError):
        return f"cell {cell}"


def _attack_card(view: dict | None) -> str | None:
    att = (view or {}).get("attack") or {}
    return att.get("target_card")


def _dice(view: dict | None) -> list:
    att = (view or {}).get("attack") or {}
    return att.get("dice") or []


def describe_action(action: dict, view: dict | None = None) -> str:
    if not isinstance(action, dict):
        return "?"
    t = action.get("type")
    card = action.get("card")
    if t == "draw":
        return "Draw 3 cards (keep 2, pass 1)"
    if t == "menu":
        return {"attack": "Attack a fort…", "fort": "Build a fort…", "building": "Build a building…",
                "ship": "Build a ship…"}.get(action.get("menu"), "Menu")
    if t == "back":
        return "Back"
    if t == "attack":
        if action.get("target") == "sea":
            return "Attack at sea (no enemy fort)"
        return f"Attack {card_name(_fort_card(view, action.get('target')) or action.get('target'))}"
    if t == "build_fort":
        return f"Build fort: {card_name(card)}"
    if t == "place_cube":
        pend = (view or {}).get("pending") or {}
        return f"{_spot(pend.get('card'), action.get('cell')).capitalize()}: {action.get('color')} cube (+1 coin)"
    if t == "build_done":
        return "Finish building this fort"
    if t in ("build_building", "build_ship"):
        if card not in data.CARDS:
            return f"Build {card}"
        return f"Build {card_name(card)} ({data.cost(card)} colonists, {data.coins(card)} coins)"
    if t == "choose_fort":
        pend = (view or {}).get("pending") or {}
        fort_name = card_name(_fort_card(view, action.get("fort")))
        if str(pend.get("card", "")).startswith("B"):
            return f"Attach to {fort_name} (its colonists build it)"
        return f"Crew from {fort_name}"
    if t == "draw_give":
        return f"Give {card_name(card)} to the opponent"
    if t == "draw_discard":
        return f"Discard {card_name(card)} (Observatory)"
    if t == "draft_give":
        return f"Give away {card_name(card)}"
    if t == "colonize":
        return f"Colonist to {card_name(_fort_card(view, action.get('fort')))}"
    if t == "repair":
        build = (view or {}).get("build") or {}
        return f"Repair: cube on {_spot(_fort_card(view, build.get('fort')), action.get('cell'))}"
    if t == "repair_skip":
        return "No repair"
    if t == "destroy_building":
        return f"Destroy building {card_name(card)}"
    if t == "destroy_ship":
        return f"Sink ship {card_name(card)}"
    if t == "smelt":
        return f"Smelt: colonist home from {card_name(_fort_card(view, action.get('fort')))} (+1 coin)"
    if t == "smelt_done":
        return "Stop smelting"
    if t == "reroll":
        dice = _dice(view)
        idx = action.get("dice") or []
        faces = ", ".join(str(dice[i]) for i in idx if isinstance(i, int) and 0 <= i < len(dice))
        nums = ", ".join(str(i + 1) for i in idx if isinstance(i, int))
        return f"Re-roll dice {nums}" + (f" ({faces})" if faces else "")
    if t == "academy_reroll":
        return "Academy: colonist home for +1 re-roll"
    if t == "stop_rolling":
        return "Keep these dice"
    if t == "defender_reroll":
        dice = _dice(view)
        i = action.get("die")
        face = f" ({dice[i]})" if isinstance(i, int) and 0 <= i < len(dice) else ""
        return f"Re-roll their die {i + 1 if isinstance(i, int) else '?'}{face}"
    if t == "defender_pass":
        return "Leave their dice"
    if t == "saboteur_remove":
        return f"Saboteur: remove a {action.get('color')} cube from their bank"
    if t == "cove_choose_ship":
        return f"Cove: colonist home from {card_name(action.get('ship'))}"
    if t == "leadership":
        src = action.get("source")
        if src == "imperial":
            return f"Imperial (2 yellow): sink {card_name(action.get('target_ship'))}"
        ability = data.leadership(src) if src in data.CARDS else None
        what = {"add_result": f"+1 {ability.get('face')} result" if ability else "",
                "gain_coins": "+1 coin", "return_colonist_from_defending_fort": "a defender colonist goes home"}
        return f"{card_name(src)} (1 yellow): {what.get(ability['op'], '') if ability else ''}"
    if t == "leadership_done":
        return "Done with leadership"
    if t == "choose_attack_color":
        return f"Attack colour: {COLOUR_WORD.get(action.get('color'), action.get('color'))}"
    if t == "wave1_attack_group":
        return f"Strike the group at {_spot(_attack_card(view), action.get('cell'))}"
    if t == "wave1_done":
        return "End the first wave"
    if t == "reinforce":
        take = action.get("take") or {}
        if not take:
            return "Take no cubes (second wave follows)"
        return "Take " + ", ".join(f"{n} {c}" for c, n in sorted(take.items())) + " cube(s)"
    if t == "wave2_destroy":
        return f"Destroy the cube on {_spot(_attack_card(view), action.get('cell'))}"
    if t == "infirmary_redirect":
        n = action.get("count")
        return "All colonists go home" if n == 0 else f"Infirmary takes {n} colonist(s)"
    return str(t)


def describe_event(event: dict, names: list[str]) -> str:
    def who(key: str = "seat") -> str:
        s = event.get(key)
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else "Someone"

    t = event.get("type")
    c = card_name(event.get("card"))
    if t == "attack":
        if event.get("target") == "sea":
            return f"{who()} attacks at sea"
        return f"{who()} attacks {c}"
    if t == "dice":
        faces = " ".join(event.get("dice", []))
        label = {"roll": "rolls", "reroll": "re-rolls", "defender_reroll": "(defender re-roll) now shows"}
        dice = ", ".join(str(i + 1) for i in event.get("indices", []))
        if event.get("kind") == "defender_reroll":
            return f"{who('by')} re-rolls die {dice}: dice now {faces}"
        if event.get("kind") == "reroll":
            return f"{who()} re-rolls dice {dice}: dice now {faces}"
        return f"{who()} {label.get(event.get('kind'), 'rolls')}: {faces}"
    simple = {
        "draft_exchanged": "Both players exchanged their opening gifts",
        "reshuffle": f"The discard pile is shuffled into a new deck ({event.get('cards')} cards)",
        "game_over": "",
    }
    if t in simple and t != "game_over":
        return simple[t]
    texts = {
        "turn": f"{who()}'s turn {event.get('turn')}" + (" (starts at the action phase)" if event.get("first") else ""),
        "received_card": f"{who()} received {c} from {who('by')}",
        "gave_card": f"{who()} gave {c} away",
        "draw": f"{who()} draws {event.get('count')} card(s)",
        "drew_cards": f"{who()} drew " + ", ".join(card_name(x) for x in event.get("cards", [])),
        "draw_gave": f"{who()} keeps {event.get('kept')} and gives 1 card to {who('to')}",
        "draw_discarded": f"{who()} keeps {event.get('kept')} and discards {c} (Observatory)",
        "build_fort": f"{who()} builds {c} with {len(event.get('placed', []))} own cube(s): +{event.get('coins')} coins",
        "build_building": f"{who()} builds {c} ({event.get('colonists')} colonists): +{event.get('coins')} coins",
        "build_ship": f"{who()} builds ship {c} ({event.get('colonists')} colonists): +{event.get('coins')} coins",
        "repair": f"{who()} repairs a fort with a {event.get('color')} cube",
        "hand_discard": f"{who()} loses {c} from hand (Governor's Mansion)",
        "colonist_returned": f"A colonist of {who()} returns home from {card_name(event.get('fort'))}",
        "take_cube": f"{who()} takes {event.get('count')} {event.get('color')} cube(s) from the common bank",
        "smelt": f"{who()} smelts a colonist from {card_name(event.get('fort'))}: +{event.get('coins')} coin",
        "colonize": f"{who()} places a colonist on {card_name(event.get('fort'))}",
        "colonize_blocked": f"{who()} cannot colonize (Prison)",
        "fleet_home": f"{who()}'s fleet returns home",
        "peek": f"{who()} looks at {who('defender')}'s hand (Spy Outpost)",
        "peek_hand": f"{who()} sees: " + ", ".join(card_name(x) for x in event.get("cards", [])),
        "saboteur": f"{who()}'s Saboteur Outpost removes a {event.get('color')} cube from {who('victim')}'s bank",
        "cove": f"{who()}'s Cove Outpost sends a colonist of {who('victim')} home from {card_name(event.get('ship'))}",
        "academy": f"{who()} sends an Academy colonist home for +1 re-roll",
        "defender_pass": f"{who()} leaves the dice as they are",
        "bonus_result": f"{c} adds a {event.get('face')} result",
        "leadership": (f"{who()} spends 2 yellow (imperial card) to sink {card_name(event.get('target_ship'))}"
                       if event.get("source") == "imperial" else
                       f"{who()} spends 1 yellow on {card_name(event.get('source'))}: "
                       + {"add_result": f"+1 {event.get('face')} result", "gain_coins": "+1 coin",
                          "return_colonist_from_defending_fort": "a defender colonist goes home"}.get(event.get("op"), "")),
        "attack_color": f"{who()} attacks with {event.get('color')} ({event.get('count')} result(s))",
        "wave1_strike": f"First wave strikes a {event.get('color')} group of {len(event.get('group', []))}: "
                        f"{len(event.get('removed', []))} destroyed"
                        + (f", {len(event.get('group', [])) - len(event.get('removed', []))} protected survive"
                           if len(event.get("group", [])) > len(event.get("removed", [])) else ""),
        "results": f"{who()}'s results: " + " ".join(event.get("dice", []))
                   + (" + " + " ".join(event.get("added", [])) if event.get("added") else ""),
        "reinforce": f"{who()} reinforces: " + (", ".join(f"{n} {k}" for k, n in sorted((event.get("take") or {}).items()))
                                                 or "nothing"),
        "wave2_hit": f"Second wave destroys a {event.get('color')} cube",
        "fort_destroyed": f"{who()}'s {c} is destroyed; {event.get('colonists')} colonist(s) leave it",
        "ship_destroyed": f"{who()}'s ship {c} is destroyed" + (" (back to hand)" if event.get("to_hand") else ""),
        "building_destroyed": f"{who()}'s building {c} is destroyed",
        "colonists_home": f"{event.get('count')} colonist(s) of {who()} return to the imperial card",
        "infirmary": f"{event.get('count')} colonist(s) of {who()} go to the Infirmary",
        "attack_over": f"{who()}'s attack ends ({event.get('destroyed')} cube(s) destroyed)",
    }
    if t in texts:
        return texts[t]
    if t == "game_over":
        if event.get("winner") is None:
            return "The game ends in a draw"
        kind = {"colonist": "a colonist victory", "economic": "an economic victory", "cap": "the round cap"}
        return f"{who('winner')} wins by {kind.get(event.get('kind'), 'victory')}"
    return str(t)
