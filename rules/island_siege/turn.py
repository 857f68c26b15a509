"""The order of play: whose turn it is, the legal actions and applying one (the step flow).

The opening draft, the turn's victory and colonization phases (spec sections 2, 4, 5), the
action phase's menu (draw, attack, build), the Infirmary interrupt and the end of a turn.
``advance`` runs every automatic step until somebody has to choose; ``to_act`` and ``legal``
read the stage; ``play`` applies a checked action to a copy and names the public last move.
"""

from __future__ import annotations

from rules.base import plain_copy

from . import attack, build, data, deck
from .cards import in_play_with, prohibited
from .state import Ctx, opponent

MENUS = ("attack", "fort", "building", "ship")
SECRET_CARD = {"draft_give", "draw_give"}
"""Actions whose card is secret: the public "last move" names only their type."""


# -- who acts, and with what --------------------------------------------------------------------

def to_act(state: dict) -> set[int]:
    stage = state["stage"]
    if stage == "over":
        return set()
    if state["infirmary_queue"]:
        return {state["infirmary_queue"][0]["seat"]}
    if stage == "draft":
        return {s for s in range(2) if state["draft"]["gifts"][s] is None}
    if stage == "attack":
        return {attack.chooser(state)}
    return {state["turn_player"]}


def seals(state: dict, seat: int, action: dict) -> bool:
    """The opening draft is the one step both seats take at once: a seat's gift ends its part
    (spec 2.6, 14). Every other step is taken by one seat alone."""
    return state["stage"] == "draft" and not state["infirmary_queue"] and action.get("type") == "draft_give"


def infirmary_max(state: dict, item: dict) -> int:
    player = state["players"][item["seat"]]
    if not in_play_with(player, "may_redirect_colonists_here"):
        return 0
    return max(0, min(item["count"], 2 - player["infirmary_moved"]))


def legal(state: dict, seat: int) -> list[dict]:
    if seat not in to_act(state):
        return []
    if state["infirmary_queue"]:
        top = infirmary_max(state, state["infirmary_queue"][0])
        return [{"type": "infirmary_redirect", "count": k} for k in range(top, -1, -1)]
    stage = state["stage"]
    if stage == "draft":
        return [{"type": "draft_give", "card": c} for c in state["players"][seat]["hand"]]
    if stage == "colonize":
        return [{"type": "colonize", "fort": f} for f in state["colonize"]["eligible"]]
    if stage == "action":
        return action_options(state, seat)
    if stage == "draw_give":
        return deck.draw_give_options(state, seat)
    if stage == "repair":
        return build.repair_options(state)
    if stage == "on_build":
        return build.on_build_options(state)
    if stage == "attack":
        return attack.legal(state, seat)
    return []


# -- the action phase's menu (spec section 6) ---------------------------------------------------

def can_draw(state: dict, seat: int) -> bool:
    return not prohibited(state, seat, "draw") and bool(state["deck"] or state["discard"])


def attack_options(state: dict, seat: int) -> list[dict]:
    forts = state["players"][opponent(seat)]["forts"]
    if not forts:
        return [{"type": "attack", "target": "sea"}]
    return [{"type": "attack", "target": f["id"]} for f in forts]


def menu_options(state: dict, seat: int, menu: str) -> list[dict]:
    return attack_options(state, seat) if menu == "attack" else build.card_options(state, seat, menu)


def action_options(state: dict, seat: int) -> list[dict]:
    pending = state["pending"]
    if pending is None:
        out = [{"type": "draw"}] if can_draw(state, seat) else []
        for menu in MENUS:
            opts = menu_options(state, seat, menu)
            if len(opts) == 1:
                out.append(opts[0])
            elif opts:
                out.append({"type": "menu", "menu": menu})
        return out
    if pending["kind"] == "menu":
        return menu_options(state, seat, pending["menu"]) + [{"type": "back"}]
    return build.pending_options(state, seat, pending)


def apply_action(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    kind = action["type"]
    if kind == "menu":
        state["pending"] = {"kind": "menu", "menu": action["menu"]}
    elif kind == "back":
        state["pending"] = None
    elif kind == "draw":
        state["pending"] = None
        deck.do_draw(ctx, seat)
    elif kind == "attack":
        state["pending"] = None
        attack.declare(ctx, seat, action["target"])
    else:
        build.apply(ctx, seat, action)


# -- applying a move -------------------------------------------------------------------------------

def play(state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
    """The state after a checked ``action`` of ``seat`` (``state`` is left as it was) and its events."""
    new = plain_copy(state)
    ctx = Ctx(new)
    stage_before = new["stage"]
    apply(ctx, seat, plain_copy(action))
    new["seq"] += 1
    public = [e for e in ctx.events if "private_to" not in e]
    if public:
        move = public_move(seat, action, stage_before)
        card = next((e["card"] for e in public if isinstance(e.get("card"), str)), None)
        if card and "card" not in move and action["type"] not in SECRET_CARD:
            move["card"] = card
        new["last_move"] = move
    return new, ctx.events


def public_move(seat: int, action: dict, stage: str) -> dict:
    """The last move for highlighting, without anything secret (a passed card)."""
    if action["type"] in SECRET_CARD:
        return {"seat": seat, "type": action["type"], "stage": stage}
    return {"seat": seat, "stage": stage, **action}


def apply(ctx: Ctx, seat: int, action: dict) -> None:
    state = ctx.state
    kind = action["type"]
    if kind == "infirmary_redirect":
        resolve_infirmary(ctx, action["count"])
    elif kind == "draft_give":
        draft_give(ctx, seat, action["card"])
    elif kind == "colonize":
        colonize_one(ctx, seat, action["fort"])
    elif state["stage"] == "action":
        apply_action(ctx, seat, action)
    elif state["stage"] == "draw_give":
        deck.apply_draw_give(ctx, seat, action)
    elif state["stage"] == "repair":
        build.apply_repair(ctx, seat, action)
    elif state["stage"] == "on_build":
        build.apply_on_build(ctx, seat, action)
    elif state["stage"] == "attack":
        attack.apply(ctx, seat, action)
    advance(ctx)


# -- automatic steps ------------------------------------------------------------------------------

def advance(ctx: Ctx) -> None:
    state = ctx.state
    while True:
        if state["stage"] == "over":
            return
        queue = state["infirmary_queue"]
        if queue:
            if infirmary_max(state, queue[0]) > 0:
                return
            resolve_infirmary(ctx, 0)
            continue
        stage = state["stage"]
        if stage in ("draft", "action", "draw_give", "colonize"):
            return
        if stage == "turn_start":
            start_turn(ctx)
        elif stage == "action_start":
            me = state["players"][state["turn_player"]]
            if me["fleet_at"] is not None:
                me["fleet_at"] = None
                ctx.emit("fleet_home", seat=state["turn_player"])
            state["stage"] = "action"
        elif stage == "repair":
            if build.repair_options(state):
                return
            state["stage"] = "on_build"
        elif stage == "on_build":
            made = state["build"]
            if not made["auto_done"]:
                made["auto_done"] = True
                build.on_build_auto(ctx)
            opts = build.on_build_options(state)
            if len(opts) > 1 or (len(opts) == 1 and opts[0]["type"] == "smelt_done"):
                return
            if len(opts) == 1:  # one possible target: no choice to make
                build.apply_on_build(ctx, made["seat"], opts[0])
                continue
            state["stage"] = "end"
        elif stage == "attack":
            if attack.advance(ctx):
                return
        elif stage == "end":
            end_turn(ctx)


def resolve_infirmary(ctx: Ctx, k: int) -> None:
    state = ctx.state
    item = state["infirmary_queue"].pop(0)
    player = state["players"][item["seat"]]
    if k:
        for card in in_play_with(player, "may_redirect_colonists_here"):
            for fort in player["forts"]:
                for b in fort["buildings"]:
                    if b["card"] == card:
                        b["colonists"] += k
            break
        player["infirmary_moved"] += k
        ctx.emit("infirmary", seat=item["seat"], count=k, source=item["source"])
    if item["count"] - k:
        player["imperial"] += item["count"] - k
        ctx.emit("colonists_home", seat=item["seat"], count=item["count"] - k, source=item["source"])


def draft_give(ctx: Ctx, seat: int, card: str) -> None:
    """Opening draft (spec 2.6, 14): sealed until both have chosen, then exchanged at once."""
    state = ctx.state
    state["draft"]["gifts"][seat] = card
    state["players"][seat]["hand"].remove(card)
    if None in state["draft"]["gifts"]:
        return
    gifts = state["draft"]["gifts"]
    for s in range(2):
        state["players"][opponent(s)]["hand"].append(gifts[s])
    ctx.emit("draft_exchanged")
    for s in range(2):
        ctx.emit("received_card", seat=s, card=gifts[opponent(s)], by=opponent(s), private_to=s)
    state["turn_player"] = state["first_player"]
    state["turn_number"] = 1
    state["stage"] = "action_start"
    ctx.emit("turn", seat=state["turn_player"], turn=1, first=True)


def start_turn(ctx: Ctx) -> None:
    """Victory phase (spec 4), then colonization (spec 5.1)."""
    state = ctx.state
    seat = state["turn_player"]
    me, opp = state["players"][seat], state["players"][opponent(seat)]
    for p in state["players"]:
        p["infirmary_moved"] = 0
    if me["imperial"] == 0:
        return finish(ctx, seat, "colonist")
    if me["coins"] >= data.WIN_COINS and me["coins"] > opp["coins"]:
        return finish(ctx, seat, "economic")
    eligible = [f["id"] for f in me["forts"] if f["colonists"] < data.capacity(f["card"])]
    if eligible and in_play_with(opp, "prohibit_opponent_fort_colonist_gain"):
        ctx.emit("colonize_blocked", seat=seat)
        eligible = []
    state["stage"] = "action_start"
    if me["imperial"] >= len(eligible):
        for fort_id in eligible:
            place_colonist(ctx, seat, fort_id)
    elif me["imperial"] > 0:
        state["colonize"] = {"left": me["imperial"], "eligible": eligible}
        state["stage"] = "colonize"


def place_colonist(ctx: Ctx, seat: int, fort_id: str) -> None:
    player = ctx.state["players"][seat]
    for fort in player["forts"]:
        if fort["id"] == fort_id:
            fort["colonists"] += 1
    player["imperial"] -= 1
    ctx.emit("colonize", seat=seat, fort=fort_id)


def colonize_one(ctx: Ctx, seat: int, fort_id: str) -> None:
    """Colonist shortage (ruling R13): the owner picks the forts, one at a time."""
    state = ctx.state
    place_colonist(ctx, seat, fort_id)
    col = state["colonize"]
    col["left"] -= 1
    col["eligible"].remove(fort_id)
    if col["left"] <= 0 or not col["eligible"]:
        state["colonize"] = None
        state["stage"] = "action_start"


def end_turn(ctx: Ctx) -> None:
    state = ctx.state
    state["pending"] = state["build"] = state["draw_choice"] = None
    state["first_turn"] = False
    cap = state["options"]["round_cap"]
    if cap and state["turn_number"] >= 2 * cap:
        return finish_by_cap(ctx)
    state["turn_player"] = opponent(state["turn_player"])
    state["turn_number"] += 1
    state["stage"] = "turn_start"
    ctx.emit("turn", seat=state["turn_player"], turn=state["turn_number"], first=False)


def finish(ctx: Ctx, winner: int | None, kind: str) -> None:
    state = ctx.state
    state["stage"] = "over"
    state["winner"] = winner
    state["win_kind"] = kind
    state["pending"] = None
    ctx.emit("game_over", winner=winner, kind=kind)


def finish_by_cap(ctx: Ctx) -> None:
    """Optional host safety cap (spec 15): more coins, then fewer colonists at home, else a draw."""
    a, b = ctx.state["players"]
    key = lambda p: (p["coins"], -p["imperial"])  # noqa: E731
    if key(a) == key(b):
        return finish(ctx, None, "cap_draw")
    finish(ctx, 0 if key(a) > key(b) else 1, "cap")
