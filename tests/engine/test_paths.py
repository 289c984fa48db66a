"""The one containment check every path a game names goes through (pnp.load.paths)."""
from __future__ import annotations

import os

import pytest

from pnp.load.paths import SHIPPED_DATA, OutsideError, is_inside, resolve_inside


@pytest.fixture
def tree(tmp_path):
    """data/ with a game and a shared folder, and a folder outside it with a secret."""
    (tmp_path / "data" / "game" / "art").mkdir(parents=True)
    (tmp_path / "data" / "common").mkdir()
    (tmp_path / "data" / "common" / "card.yaml").write_text("kind: layout\n")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.csv").write_text("name\n")
    return tmp_path


def test_paths_inside_the_data_folder_are_accepted(tree):
    data = tree / "data"
    game = data / "game"
    assert resolve_inside(game / "cards.csv", [data]) == game.resolve() / "cards.csv"  # need not exist yet
    assert resolve_inside(game / "../common/card.yaml", [data]) == (data / "common" / "card.yaml").resolve()
    assert resolve_inside(game / "art/../cards.csv", [data]) == game.resolve() / "cards.csv"
    (game / "shared").symlink_to(data / "common")  # a link that stays inside is fine
    assert is_inside(game / "shared" / "card.yaml", [data])
    assert is_inside(SHIPPED_DATA / "kafkas-halle" / "deck.yaml", [data, SHIPPED_DATA])


@pytest.mark.parametrize("name, linked", [("../../outside/secret.csv", False), ("art/../../../outside/secret.csv", False),
                                          ("/etc/passwd", False), ("link.csv", True), ("linked/secret.csv", True),
                                          ("../../outside/missing.csv", False)])
def test_paths_that_lead_out_are_refused(tree, name, linked):
    game = tree / "data" / "game"
    (game / "link.csv").symlink_to(tree / "outside" / "secret.csv")
    (game / "linked").symlink_to(tree / "outside")
    with pytest.raises(OutsideError) as err:
        resolve_inside(game / name, [tree / "data"], name)
    assert err.value.linked is linked and err.value.name == name
    assert str(err.value) == (f"{name!r} is a link to a place outside the data folder" if linked
                              else f"{name!r} is outside the data folder")


def test_a_data_folder_reached_through_a_link_is_still_the_boundary(tree):
    os.symlink(tree / "data", tree / "here")
    assert is_inside(tree / "here" / "game" / "cards.csv", [tree / "here"])
    assert not is_inside(tree / "here" / "game" / ".." / ".." / "outside" / "secret.csv", [tree / "here"])
    assert not is_inside(tree / "data-other" / "x", [tree / "data"])  # a sibling whose name starts the same
