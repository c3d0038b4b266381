"""The server's Textual tuning changes what is kept, never what is drawn, and can be undone."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet
from textual.strip import Strip

from threadbox.net import tuning
from threadbox.net.screenshot import lobby_svg


async def test_tuning_draws_the_same_and_is_undone():
    originals = (Strip.__init__, Strip.divide, Strip.crop_extend, Stylesheet._parse_rules)
    plain = await lobby_svg((100, 30))
    tuning.apply()
    try:
        assert Strip.__init__ is not originals[0]
        strip = Strip([])  # made lazily: no caches until used
        tuned = await lobby_svg((100, 30))
        assert tuned == plain
        # A strip never caches itself, so it is freed without the cyclic collector.
        whole = Strip.blank(5)
        assert whole.divide([5]) == [whole] and whole.crop_extend(0, 5, None) is whole
        assert all(whole not in cached for cached in whole._divide_cache._cache.values())
        assert whole not in whole._crop_extend_cache._cache.values()
    finally:
        tuning.release()
    assert (Strip.__init__, Strip.divide, Strip.crop_extend, Stylesheet._parse_rules) == originals
    assert strip.crop(0, 0).cell_length == 0 and strip._crop_cache is not None  # still usable
