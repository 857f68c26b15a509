"""The renderers' layer caches are bounded by the bytes they keep, not by their entry count
(issue 21: boards differ from move to move, so a cache bounded by entries grows with them)."""

from __future__ import annotations

import sys

from PIL import Image

import render  # noqa: F401 - every renderer module, so their caches are listed below
from render.common import ByteBoundCache, _weight, bytes_cache


def test_a_cache_keeps_its_images_within_its_byte_budget_least_recently_used_out():
    made = []

    @bytes_cache(100 * 100 * 3 * 3 + 1000)  # room for three 100x100 RGB images
    def layer(n: int) -> Image.Image:
        made.append(n)
        return Image.new("RGB", (100, 100), (n, n, n))

    for n in range(5):
        layer(n)
    assert layer.bytes <= layer.max_bytes and layer.cache_info()[2] == 3
    layer(4)
    layer(2)  # both still kept: no new drawing
    assert made == [0, 1, 2, 3, 4]
    layer(0)  # dropped first (least recently used): drawn again
    assert made == [0, 1, 2, 3, 4, 0]
    layer.cache_clear()
    assert layer.bytes == 0 and layer.cache_info()[2] == 0


def test_a_result_larger_than_the_budget_is_returned_and_not_kept():
    @bytes_cache(1000)
    def big() -> Image.Image:
        return Image.new("L", (100, 100))

    assert big().size == (100, 100) and big.cache_info()[2] == 0


def test_weights_count_pixels_and_containers():
    rgb, mask = Image.new("RGB", (10, 10)), Image.new("L", (10, 10))
    assert _weight(rgb) > _weight(mask) >= 100
    assert _weight((rgb, 1, 2)) > _weight(rgb) + _weight(1)
    assert _weight({"a": mask}) > _weight(mask)


def test_every_cache_of_drawn_images_is_bounded_in_bytes():
    """The caches whose entries are whole layers or sprites use ``bytes_cache``."""
    by_name = {f"{module.__name__}.{name}": value for module in list(sys.modules.values())
               if module is not None and module.__name__.startswith("render")
               for name, value in vars(module).items() if isinstance(value, ByteBoundCache)}
    expected = {"render.common._text_mask", "render.common._key_facts", "render.island_siege.pieces.fort_base",
                "render.island_siege.panels.card_image", "render.islebound.sea._map_base", "render.islebound.cards._card_image",
                "render.my_island.islands._island_layer", "render.my_island.islands._terrain_layer",
                "render.isle_of_skye.sprites.sprite", "render.isle_of_skye.text._label",
                "render.land_vs_sea.board.map_layer", "render.land_vs_sea.tiles._tile_image"}
    assert expected <= set(by_name)
    assert sum(c.max_bytes for c in by_name.values()) <= 200 * (1 << 20)
