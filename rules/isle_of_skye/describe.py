"""Player-facing texts: action labels (buttons/selects) and log lines.

Every text is a translatable :class:`rules.base.Msg` whose value is the English sentence; the
host translates it and clips labels to Discord's 80 characters after translation.
"""

from __future__ import annotations

from rules.isle_of_skye.data import GOAL_NAMES, SCROLL_NAMES, TILES, feature_count, tile_label
from rules.text import Msg, T, Tn, join


def _tile(tile):
    return tile_label(tile) if isinstance(tile, str) and tile in TILES else str(tile)


def _name(names: list[str] | None, seat):
    if isinstance(seat, int) and names and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return T("Player {n}", n=seat + 1) if isinstance(seat, int) else T("Someone")


def coins(n) -> Msg:
    return Tn("{n} coin", "{n} coins", n)


def turn(rot) -> Msg:
    """A tile's turn in words: ``upright``, ``turned 90°``."""
    return T("upright") if rot == 0 else T("turned {degrees}°", degrees=90 * rot)


def where(at) -> Msg:
    """A cell relative to the castle in words: ``2 east, 1 north``."""
    x, y = at
    parts = []
    if y > 0:
        parts.append(Tn("{n} south", "{n} south", y))
    elif y < 0:
        parts.append(Tn("{n} north", "{n} north", -y))
    if x > 0:
        parts.append(Tn("{n} east", "{n} east", x))
    elif x < 0:
        parts.append(Tn("{n} west", "{n} west", -x))
    return join(", ", parts) if parts else T("the castle")


def both(items: list):
    """``A``, ``A and B``, ``A and B and C``: a list read out with "and"."""
    out = items[0]
    for item in items[1:]:
        out = T("{first} and {second}", first=out, second=item)
    return out


def describe_action(action: dict, view: dict | None = None):
    names = (view or {}).get("seat_names")
    kind = action.get("type") if isinstance(action, dict) else None
    phase = (view or {}).get("phase")
    if kind == "discard":
        return T("Discard {tile}", tile=_tile(action["tile"]))
    if kind == "price":
        return Tn("{n} coin for {tile}", "{n} coins for {tile}", action["price"], tile=_tile(action["tile"]))
    if kind == "prices":
        return Tn("Show prices {low}–{n} coins", "Show prices {low}–{n} coins", action["to"], low=action["from"])
    if kind == "back":
        return T("Start pricing again") if phase == "price" else T("Back")
    if kind == "buy":
        return Tn("Buy {tile} from {owner} for {n} coin", "Buy {tile} from {owner} for {n} coins", action["price"],
                  tile=_tile(action["tile"]), owner=_name(names, action["from"]))
    if kind == "pass":
        return T("Pass (buy nothing)")
    if kind == "castle":
        return T("Castle {turn}", turn=turn(action["rot"]))
    if kind == "pick":
        return T("Build {tile}", tile=_tile(action["tile"]))
    if kind == "spot":
        return T("Spot {spot} ({where}), then choose the turn", spot=action["spot"], where=where(action["at"]))
    if kind == "place":
        return T("Spot {spot} ({where}), {turn}", spot=action["spot"], where=where(action["at"]),
                 turn=turn(action["rot"]))
    return str(kind)


def scroll_count(kind: str, n: int) -> Msg:
    """What a scroll counted: ``6 sheep``, ``1 whisky tile``."""
    if kind == "whisky":
        return Tn("{n} whisky tile", "{n} whisky tiles", n)
    return feature_count(kind, n)


def _scores(names: list[str], values: list) -> Msg:
    """``Ana 12, Bo 9``: each seat's name and number."""
    return join(", ", [join(" ", [_name(names, s), v]) for s, v in enumerate(values)])


def describe_event(event: dict, names: list[str]):
    kind = event.get("type")
    who = _name(names, event.get("seat"))
    if kind == "round":
        goals = event["goals"]
        return Tn("Round {round} begins: goal {goals} scores; {first} goes first.",
                  "Round {round} begins: goals {goals} score; {first} goes first.", len(goals),
                  round=event["round"], goals=both(goals), first=_name(names, event["first"]))
    if kind == "income":
        bits = [T("castle {coins}", coins=event["castle"])]
        if event["whisky"]:
            bits.append(T("whisky {coins}", coins=event["whisky"]))
        if event["catch_up"]:
            bits.append(T("catch-up {coins}", coins=event["catch_up"]))
        return Tn("{who} receives {n} coin ({details}).", "{who} receives {n} coins ({details}).", event["total"],
                  who=who, details=join(", ", bits))
    if kind == "draw":
        return T("{who} draws {tiles}.", who=who, tiles=join(", ", [_tile(t) for t in event["tiles"]]))
    if kind == "discard_chosen":
        return T("You will discard {tile}.", tile=_tile(event["tile"]))
    if kind == "price_chosen":
        return Tn("You priced {tile} at {n} coin.", "You priced {tile} at {n} coins.", event["price"],
                  tile=_tile(event["tile"]))
    if kind == "pricing_restarted":
        return T("You started your pricing again.")
    if kind == "prices_sealed":
        return T("{who} has set the prices.", who=who)
    if kind == "reveal":
        offers = [T("{tile} for {price}", tile=_tile(o["tile"]), price=o["price"]) for o in event["offer"]]
        offered = both(offers) if offers else T("nothing")
        if event.get("discard"):
            return T("{who} discards {tile} and offers {offers}.", who=who, tile=_tile(event["discard"]),
                     offers=offered)
        return T("{who} offers {offers}.", who=who, offers=offered)
    if kind == "buy":
        return Tn("{who} bought {tile} from {owner} for {n} coin.", "{who} bought {tile} from {owner} for {n} coins.",
                  event["price"], who=who, tile=_tile(event["tile"]), owner=_name(names, event["from"]))
    if kind == "pass":
        if event.get("forced"):
            return T("{who} cannot buy any offered tile and passes.", who=who)
        return T("{who} passes.", who=who)
    if kind == "unsold":
        return Tn("{tile} stays with {who}; the {n}-coin stake goes to the bank.",
                  "{tile} stays with {who}; the {n}-coin stake goes to the bank.", event["price"],
                  tile=_tile(event["tile"]), who=who)
    if kind == "castle_turned":
        return T("You turned your castle: {turn}.", turn=turn(event["rot"]))
    if kind == "castle":
        return T("{who} turned the castle: {turn}.", who=who, turn=turn(event["rot"]))
    if kind == "placed":
        return T("You placed {tile} at {where}, {turn}.", tile=_tile(event["tile"]), where=where(event["at"]),
                 turn=turn(event["rot"]))
    if kind == "build_done":
        return T("{who} has finished building.", who=who)
    if kind == "build":
        return T("{who} built {tile} at {where}, {turn}.", who=who, tile=_tile(event["tile"]),
                 where=where(event["at"]), turn=turn(event["rot"]))
    if kind == "returned":
        return T("{tile} does not fit in {who}'s territory and goes back to the bag.", tile=_tile(event["tile"]),
                 who=who)
    if kind == "goal":
        goal = T(GOAL_NAMES[event["goal"]]) if event["goal"] in GOAL_NAMES else event["goal"]
        return T("Goal {slot} ({goal}): {points}.", slot=event["slot"], goal=goal,
                 points=_scores(names, event["points"]))
    if kind == "scroll":
        scroll = SCROLL_NAMES[event["kind"]]
        counted = scroll_count(event["kind"], event["count"])
        if event["doubled"]:
            return T("{who}'s {scroll} on {tile}: {vp} VP ({counted}, doubled in a completed area).", who=who,
                     scroll=scroll, tile=event["tile"], vp=event["vp"], counted=counted)
        return T("{who}'s {scroll} on {tile}: {vp} VP ({counted}).", who=who, scroll=scroll, tile=event["tile"],
                 vp=event["vp"], counted=counted)
    if kind == "coins_scored":
        return Tn("{who} turns {n} coin into {vp} VP.", "{who} turns {n} coins into {vp} VP.", event["coins"],
                  who=who, vp=event["vp"])
    if kind == "game_over":
        return T("Game over: {scores}.", scores=_scores(names, event["scores"]))
    return str(event.get("text") or kind)
