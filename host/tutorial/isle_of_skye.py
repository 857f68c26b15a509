"""Isle of Skye, learnt in one and a half rounds (rulebook: cogs/rules_text/isle_of_skye.md, the seed's rulebook)."""

from __future__ import annotations

from host.i18n import N_
from host.tutorial.model import Step, Tutorial, lowest

TUTORIAL = Tutorial(
    game="isle_of_skye", seed=1,
    intro=N_("You are a clan chief on the Isle of Skye: grow your territory around your castle with landscape tiles "
             "bought from the other chiefs. After 6 rounds the most victory points (VP) win. Each round: income, "
             "draw 3 tiles and secretly price them, buy, build, then this round's goals score."),
    steps=(
        Step(("discard",), N_("You drew 3 tiles. First discard one back to the bag: the suggested one helps your "
                              "territory least."), "Pricing"),
        Step(("price",), N_("Now set a price on each tile you keep. The price is paid at once as a stake: if another "
                            "chief buys the tile you get the payment and your stake back; if not, you keep the tile and "
                            "the stake goes to the bank."), "Pricing", prefer=lowest("price")),
        Step(("price",), N_("Low prices keep coins in your hand for buying; a tile you really want to keep deserves a "
                            "higher price. Your last price seals your offer: it cannot be changed afterwards."),
             "Pricing", prefer=lowest("price")),
        Step(("buy", "pass"), N_("All prices are revealed at once. In turn order each chief may buy one tile offered by "
                                 "another chief, paying its price from the coins in hand, or pass."), "Buying"),
        Step(("pick",), N_("Unsold tiles stay with their owner, whose stake goes to the bank. Now build every tile "
                           "you got this round into your territory: first choose the tile."), "Building"),
        Step(("place",), N_("A new tile must touch a placed tile edge to edge, and every touching edge must show the "
                            "same terrain: meadow, mountain or water. Roads do not matter for fitting."), "Building"),
        Step(("pick",), N_("Tiles may be built in any order and turned as you like, never flipped. A tile that fits "
                           "nowhere goes back to the bag."), "Building"),
        Step(("place",), N_("Tiles connected to your castle by an unbroken road matter for whisky income and for "
                            "several goals."), "Areas and roads"),
        Step(("place",), N_("Your last tile is chosen for you. An area of one terrain is completed when no open edge "
                            "remains: scrolls inside it score double at the end."), "Areas and roads"),
        Step(("discard",), N_("After building, goal A scored for everyone. Round 2 began with income: 5 coins for your "
                              "castle and 1 per whisky tile connected to it by road."), "Income"),
        Step(("price",), N_("Keep coins in hand when you price: you pay for a tile you buy from the coins in hand, not "
                            "from your stakes."), "Pricing", prefer=lowest("price")),
        Step(("price",), N_("From round 3, a chief behind in VP also gets a catch-up bonus at income for every chief "
                            "ahead."), "Income", prefer=lowest("price")),
        Step(("buy", "pass"), N_("The seller gets your payment and their stake back. Buy the tile that scores most for "
                                 "the goals still to come."), "Buying"),
        Step(("pick",), N_("The goals printed for the round score after building: A, B, A+C, B+D, A+C+D, B+C+D in "
                           "rounds 1 to 6."), "Scoring"),
        Step(("place",), N_("At the end every scroll scores for your whole territory, and every 5 coins left are worth "
                            "1 VP. Ties go to the most coins."), "Scoring"),
    ),
    why={
        "discard": N_("The tile you would miss least goes back to the bag."),
        "price": N_("This price protects the tile you want to keep, or sells the one you can spare."),
        "buy": N_("This tile scores most for your goals and scrolls for its price."),
        "pass": N_("No tile offered is worth its price to you now."),
        "place": N_("This spot scores most for the round's goals and keeps areas open to complete."),
        "pick": N_("Building this tile first leaves the best spots for the other."),
    },
)
