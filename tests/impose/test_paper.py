import pytest

from pnp.model.paper import CARD_SIZES, PAPERS, card_size, paper_size


def test_named_papers_and_orientation():
    assert paper_size("a4", "portrait") == (210.0, 297.0)
    assert paper_size("A4", "landscape") == (297.0, 210.0)
    assert paper_size("letter", "portrait") == (215.9, 279.4)
    assert paper_size("a5", "landscape") == (210.0, 148.0)
    assert paper_size("a6") == (105.0, 148.0)


def test_custom_paper_in_mm():
    assert paper_size("300x200", "auto") == (300.0, 200.0)
    assert paper_size("300x200", "portrait") == (200.0, 300.0)
    assert paper_size("100.5 x 80", "landscape") == (100.5, 80.0)


def test_card_sizes_by_name_and_mm():
    assert card_size("poker") == (63.0, 88.0)
    assert card_size("Bridge") == (57.0, 89.0)
    assert card_size("mini") == (44.0, 63.0)
    assert card_size("tarot") == (70.0, 120.0)
    assert card_size("square") == (70.0, 70.0)
    assert card_size("63.5x88") == (63.5, 88.0)
    assert set(CARD_SIZES) >= {"poker", "bridge", "mini", "tarot", "square"}
    assert {"a4", "letter", "a5", "a6"} <= set(PAPERS)


@pytest.mark.parametrize("bad", ["jumbo", "0x10", "63x", "", "x88"])
def test_unknown_card_size_is_a_clear_error(bad):
    with pytest.raises(ValueError) as e:
        card_size(bad)
    msg = str(e.value)
    assert "poker" in msg and "WxH" in msg


def test_unknown_paper_and_orientation():
    with pytest.raises(ValueError, match="unknown paper size 'b5'"):
        paper_size("b5")
    with pytest.raises(ValueError, match="orientation"):
        paper_size("a4", "sideways")


@pytest.mark.parametrize("bad,match", [(dict(bleed=-1), "bleed"), (dict(margin=-2), "margin"),
                                       (dict(duplex="both"), "duplex"), (dict(orientation="up"), "orientation"),
                                       (dict(back_offset=(1, 2, 3)), "back_offset")])
def test_sheet_spec_rejects_nonsense(bad, match):
    from pnp.impose.items import SheetSpec

    with pytest.raises(ValueError, match=match):
        SheetSpec(**bad)
