"""Player-facing words: action labels (buttons, selects), the reasons a move is refused, and the
words the event texts (event_text.py) and the renderers share.

Every text is a translatable message (rules.base ``T``/``Tn``/``join``): its value is the English
text, and the host shows it in the reader's language. Card names come from the data and are
listed in ``IslandSiege.catalog_texts``.
"""

from __future__ import annotations

from rules.text import T, Tn, join

from . import data
from .build import forts_for
from .cards import prohibited
from .labels import place_label
from .state import opponent

COLOUR = {"white": T("white"), "grey": T("grey"), "black": T("black"), "red": T("red"), "yellow": T("yellow")}
COLOUR_WORD = {"white": T("white (tower)"), "grey": T("grey (wall)"), "black": T("black (cannon)"),
               "red": T("red (target)"), "yellow": T("yellow (leadership)")}
MENU = {"attack": T("Attack a fort…"), "fort": T("Build a fort…"), "building": T("Build a building…"),
        "ship": T("Build a ship…")}
FACE_WORD = {"white": T("tower"), "grey": T("wall"), "black": T("cannon"), "red": T("target"), "yellow": T("leader")}
"""A die face or cube colour by what it stands for (the board's letters are their initials)."""
STEP_WORDS = {"roll": T("re-roll or keep"), "defender_reroll": T("defender may re-roll a die"),
              "leadership": T("leadership"), "attack_color": T("choose the attack colour"), "wave1": T("first wave"),
              "reinforce": T("reinforcement"), "wave2": T("second wave"), "saboteur": T("Saboteur Outpost"),
              "cove": T("Cove Outpost")}
"""The step an attack waits at, as the board and the summary name it."""
STAGE_WORDS = {"action": T("action phase"), "attack": T("attack"), "draw_give": T("passing a drawn card"),
               "repair": T("repair"), "on_build": T("building effect"), "colonize": T("colonization")}
"""The stage a turn waits at, as the board and the summary name it."""


def colour(name):
    """A cube colour or a die face as a word."""
    return COLOUR.get(name, str(name)) if isinstance(name, str) else str(name)


def cube_counts(counts: dict) -> list:
    """Cubes by colour, in words ("2 grey")."""
    return [Tn("{n} {color}", "{n} {color}", n, color=colour(c)) for c, n in sorted(counts.items())]


def attack_outcome(att: dict, listed) -> list:
    """What an attack did, in words, for the board and the text summary: its colour, the forts
    destroyed in each wave, the cubes taken as reinforcements (``listed`` joins a list)."""
    out = []
    if att.get("attack_color"):
        out.append(T("attack colour {color}", color=colour(att["attack_color"])))
    if att.get("destroyed"):
        w1 = sum(1 for x in att["destroyed"] if x[3] == 1)
        w2 = sum(1 for x in att["destroyed"] if x[3] == 2)
        out.append(T("destroyed: wave 1 {first}, wave 2 {second}", first=w1, second=w2))
    if att.get("taken"):
        out.append(T("reinforced: {cubes}", cubes=listed(cube_counts(att["taken"]))))
    return out


def attack_now(att: dict):
    """Where an attack under way stands: re-rolls left and the step it waits for."""
    return T("re-rolls left {n} · now: {step}", n=att.get("rerolls_left", 0),
             step=STEP_WORDS.get(att.get("step"), att.get("step")))


def cubes_of(name, n):
    """``n`` cubes of one colour: "1 white cube", "2 grey cubes"."""
    if name == "white":
        return Tn("{n} white cube", "{n} white cubes", n)
    if name == "grey":
        return Tn("{n} grey cube", "{n} grey cubes", n)
    if name == "black":
        return Tn("{n} black cube", "{n} black cubes", n)
    return Tn("{n} {color} cube", "{n} {color} cubes", n, color=str(name))


def card_name(card_id):
    if not isinstance(card_id, str):
        return "?"
    if card_id.startswith("START"):
        return T("Starting Fort")
    return T(data.CARDS[card_id]["name"]) if card_id in data.CARDS else card_id


def _fort_card(view: dict | None, fort_id) -> str | None:
    if isinstance(fort_id, str) and fort_id in data.CARDS:
        return fort_id
    if isinstance(fort_id, str) and fort_id.startswith("START"):
        return "START"
    return None


def _spot(card: str | None, cell, capital: bool = False):
    """A fort's spot by the number drawn on it (``labels.place_label``)."""
    n = place_label(card, cell) or "?"
    return T("Spot {n}", n=n) if capital else T("spot {n}", n=n)


def _attack_card(view: dict | None) -> str | None:
    """The fort under attack; once the attack is over, the one it was made on (for "Last: ...")."""
    att = (view or {}).get("attack") or (view or {}).get("last_attack") or {}
    return att.get("target_card")


def _dice(view: dict | None) -> list:
    att = (view or {}).get("attack") or {}
    return att.get("dice") or []


def leadership_effect(op, face):
    """What a ship's leadership ability does (labels and the log share the words)."""
    if op == "add_result":
        return T("+1 {face} result", face=colour(face))
    if op == "gain_coins":
        return T("+1 coin")
    if op == "return_colonist_from_defending_fort":
        return T("a defender colonist goes home")
    return ""


def describe_action(action: dict, view: dict | None = None):
    if not isinstance(action, dict):
        return "?"
    t = action.get("type")
    card = action.get("card")
    if t == "draw":
        return T("Draw 3 cards (keep 2, pass 1)")
    if t == "menu":
        return MENU.get(action.get("menu"), T("Menu"))
    if t == "back":
        if ((view or {}).get("attack") or {}).get("step") == "reinforce":
            return T("Back: put the picked cubes back")
        return T("Back")
    if t == "attack":
        if action.get("target") == "sea":
            return T("Attack at sea (no enemy fort)")
        return T("Attack {fort}", fort=card_name(_fort_card(view, action.get("target")) or action.get("target")))
    if t == "build_fort":
        return T("Build fort: {card}", card=card_name(card))
    if t == "place_cube":
        pend = (view or {}).get("pending") or {}
        return T("{spot}: {color} cube (+1 coin)", spot=_spot(pend.get("card") or card, action.get("cell"), capital=True),
                 color=colour(action.get("color")))
    if t == "build_done":
        return T("Finish building this fort")
    if t in ("build_building", "build_ship"):
        if card not in data.CARDS:
            return T("Build {card}", card=str(card))
        colonists = Tn("{n} colonist", "{n} colonists", data.cost(card))
        coins = Tn("{n} coin", "{n} coins", data.coins(card))
        if t == "build_ship":  # its own message: in ru/uk a ship's name follows «корабль», a building's «здание»
            return T("Build ship {card} ({colonists}, {coins})", card=card_name(card), colonists=colonists, coins=coins)
        return T("Build {card} ({colonists}, {coins})", card=card_name(card), colonists=colonists, coins=coins)
    if t == "choose_fort":
        pend = (view or {}).get("pending") or {}
        fort_name = card_name(_fort_card(view, action.get("fort")))
        if str(pend.get("card", "")).startswith("B"):
            return T("Attach to {fort} (its colonists build it)", fort=fort_name)
        return T("Crew from {fort}", fort=fort_name)
    if t == "draw_give":
        if not isinstance(card, str):  # a public view: which card stays secret
            return T("Give a card to the opponent")
        return T("Give {card} to the opponent", card=card_name(card))
    if t == "draw_discard":
        return T("Discard {card} (Observatory)", card=card_name(card))
    if t == "draft_give":
        if not isinstance(card, str):
            return T("Give a card away")
        return T("Give away {card}", card=card_name(card))
    if t == "colonize":
        return T("Colonist to {fort}", fort=card_name(_fort_card(view, action.get("fort"))))
    if t == "repair":
        build = (view or {}).get("build") or {}
        return T("Repair: cube on {spot}", spot=_spot(_fort_card(view, build.get("fort")), action.get("cell")))
    if t == "repair_skip":
        return T("No repair")
    if t == "destroy_building":
        return T("Destroy building {card}", card=card_name(card))
    if t == "destroy_ship":
        return T("Sink ship {card}", card=card_name(card))
    if t == "smelt":
        return T("Smelt: colonist home from {fort} (+1 coin)", fort=card_name(_fort_card(view, action.get("fort"))))
    if t == "smelt_done":
        return T("Stop smelting")
    if t == "reroll":
        dice = _dice(view)
        idx = action.get("dice") or []
        faces = [colour(dice[i]) for i in idx if isinstance(i, int) and 0 <= i < len(dice)]
        nums = join(", ", [str(i + 1) for i in idx if isinstance(i, int)])
        if faces:
            return Tn("Re-roll die {dice} ({faces})", "Re-roll dice {dice} ({faces})", len(nums.parts),
                      dice=nums, faces=join(", ", faces))
        return Tn("Re-roll die {dice}", "Re-roll dice {dice}", len(nums.parts), dice=nums)
    if t == "academy_reroll":
        return T("Academy: colonist home for +1 re-roll")
    if t == "stop_rolling":
        return T("Keep these dice")
    if t == "defender_reroll":
        dice = _dice(view)
        i = action.get("die")
        number = i + 1 if isinstance(i, int) else "?"
        if isinstance(i, int) and 0 <= i < len(dice):
            return T("Re-roll their die {n} ({face})", n=number, face=colour(dice[i]))
        return T("Re-roll their die {n}", n=number)
    if t == "defender_pass":
        return T("Leave their dice")
    if t == "saboteur_remove":
        return T("Saboteur: remove a {color} cube from their bank", color=colour(action.get("color")))
    if t == "cove_choose_ship":
        return T("Cove: colonist home from {ship}", ship=card_name(action.get("ship")))
    if t == "leadership":
        src = action.get("source")
        if src == "imperial":
            return T("Imperial (2 yellow): sink {ship}", ship=card_name(action.get("target_ship")))
        ability = data.leadership(src) if src in data.CARDS else None
        effect = leadership_effect(ability["op"], ability.get("face")) if ability else ""
        return T("{card} (1 yellow): {effect}", card=card_name(src), effect=effect)
    if t == "leadership_done":
        return T("Done with leadership")
    if t == "choose_attack_color":
        c = action.get("color")
        return T("Attack colour: {color}", color=COLOUR_WORD.get(c, str(c)) if isinstance(c, str) else str(c))
    if t == "wave1_attack_group":
        return T("Strike the group at {spot}", spot=_spot(_attack_card(view), action.get("cell")))
    if t == "wave1_done":
        return T("End the first wave")
    if t == "reinforce":
        take = action.get("take") or {}
        if not take:
            return T("Take no cubes (second wave follows)")
        return T("Take {cubes}", cubes=join(", ", [cubes_of(c, n) for c, n in sorted(take.items())]))
    if t == "reinforce_pick":
        return T("Pick a {color} cube, then choose more", color=colour(action.get("color")))
    if t == "wave2_destroy":
        return T("Destroy the cube on {spot}", spot=_spot(_attack_card(view), action.get("cell")))
    if t == "infirmary_redirect":
        n = action.get("count")
        if n == 0:
            return T("All colonists go home")
        return Tn("Infirmary takes {n} colonist", "Infirmary takes {n} colonists", n)
    return str(t)


# -- why a move is refused --------------------------------------------------------------------

TWO_PLAYERS = T("Island Siege is a game for exactly 2 players.")
"""Why a game with another number of players is refused (``Engine.check_options``)."""


def refusal(state: dict, seat, action) -> str | None:
    """Why a move is refused before it is compared with the legal ones (None: it may be)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
        return T("There is no such seat in this game.")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return T("That is not a move.")
    if state["stage"] == "draft" and state["draft"]["gifts"][seat] is not None:
        return T("You have already chosen your gift; waiting for the other player.")
    if state["stage"] == "over":
        return T("The game is over.")
    return None


def illegal_reason(state: dict, seat: int, action: dict):
    """Why an action outside the legal ones is refused, as sharp as the state allows."""
    t = action.get("type")
    stage = state["stage"]
    me = state["players"][seat]
    card = action.get("card")
    if stage == "draft" and t != "draft_give":
        return T("First choose the card you give away in the opening draft.")
    if stage == "action":
        if t in ("build_fort", "build_building", "build_ship"):
            name = card_name(card)
            if card not in me["hand"]:
                return T("You do not hold {card}.", card=name)
            kind = t.split("_", 1)[1]
            if data.kind(card) != kind:
                return {"fort": T("{card} is not a fort card.", card=name),
                        "building": T("{card} is not a building card.", card=name),
                        "ship": T("{card} is not a ship card.", card=name)}[kind]
            if kind != "fort" and prohibited(state, seat, t):
                if kind == "building":
                    return T("Your opponent's cards forbid you to build buildings now.")
                return T("Your opponent's cards forbid you to build ships now.")
            if kind != "fort" and not forts_for(me, card):
                return T("You cannot afford that: {card} needs {colonists} on one fort.", card=name,
                         colonists=Tn("{n} colonist", "{n} colonists", data.cost(card)))
        if t == "draw":
            if prohibited(state, seat, "draw"):
                return T("You cannot draw: your opponent's Governor's Mansion forbids it.")
            return T("There are no cards left to draw.")
        if t == "attack":
            forts = state["players"][opponent(seat)]["forts"]
            if action.get("target") == "sea" and forts:
                return T("You may attack at sea only when your opponent has no fort.")
            return T("There is no such enemy fort to attack.")
    return WAITING.get(stage, WAITING[None])


WAITING = {
    "draft": T("That move is not possible now: the game is waiting for the opening draft."),
    "colonize": T("That move is not possible now: the game is waiting for a fort for a colonist."),
    "action": T("That move is not possible now: the game is waiting for your action."),
    "draw_give": T("That move is not possible now: the game is waiting for the card you pass on."),
    "repair": T("That move is not possible now: the game is waiting for a repair spot (or no repair)."),
    "on_build": T("That move is not possible now: the game is waiting for the building's effect."),
    "attack": T("That move is not possible now: the game is waiting for a choice in the attack."),
    None: T("That move is not possible now: the game is waiting for another move."),
}
"""Why a move is refused when nothing sharper applies, by the stage the game is in."""


def reroll_pick(legal: list, view: dict | None) -> dict | None:
    """The dice to re-roll as one multi-select (``Engine.subset_pick``): when more than one set of
    dice may be re-rolled, one option per die that may be."""
    sets = [a["dice"] for a in legal if a.get("type") == "reroll"]
    if len(sets) < 2:
        return None
    dice = _dice(view)
    eligible = sorted({i for dice_set in sets for i in dice_set})
    items = [{"value": i, "label": T("Die {n}: {face}", n=i + 1, face=colour(dice[i])) if i < len(dice)
              else T("Die {n}", n=i + 1)} for i in eligible]
    return {"type": "reroll", "field": "dice", "label": T("Dice to re-roll (tick one or more)"), "items": items}
