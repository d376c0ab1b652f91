"""Frozen records (zermelo.core.frozen): what the dataclasses they replace gave, kept."""

from __future__ import annotations

import copy
import pickle

import pytest

from zermelo.core.errors import InvalidArgument
from zermelo.core.limits import Limits
from zermelo.core.sprague_grundy import Loopy
from zermelo.rules import Move


def test_fields_keep_the_constructors_order() -> None:
    lim = Limits(5, 2.5, None, 7, 100.0)
    assert (lim.max_positions, lim.max_seconds, lim.progress, lim.max_options, lim.deadline) == (5, 2.5, None, 7, 100.0)
    assert repr(lim) == "Limits(max_positions=5, max_seconds=2.5, progress=None, max_options=7, deadline=100.0)"
    assert Move("a", 1).fields() == ("a", 1)


@pytest.mark.parametrize("record", [Limits(5, 2.5), Move("take 1", (0, 2)), Loopy(frozenset({0, 3}))])
def test_pickled_and_copied_records_are_equal_and_hash_alike(record: object) -> None:
    # the web pool pickles Limits to its workers; Dask and multiprocessing pickle moves
    for again in (pickle.loads(pickle.dumps(record)), copy.copy(record), copy.deepcopy(record)):
        assert again == record and hash(again) == hash(record) and type(again) is type(record)


def test_records_refuse_assignment_and_deletion() -> None:
    lim = Limits()
    with pytest.raises(AttributeError, match="frozen"):
        lim.max_positions = 3  # type: ignore[misc]
    with pytest.raises(AttributeError, match="frozen"):
        del Move("a", 1).label


def test_replace_builds_again_so_the_checks_run() -> None:
    lim = Limits(max_positions=10)
    assert lim.replace(max_seconds=3) == Limits(max_positions=10, max_seconds=3)
    assert lim.replace(max_seconds=3) is not lim and lim.max_seconds is None
    with pytest.raises(InvalidArgument, match="max_positions must be a whole number"):
        lim.replace(max_positions=-1)
    with pytest.raises(TypeError, match="no field 'budget'"):
        lim.replace(budget=3)


def test_equality_is_by_type_and_fields() -> None:
    assert Move("a", 1) == Move("a", 1) and Move("a", 1) != Move("a", 2)
    assert Move("a", 1) != ("a", 1)  # not a tuple: positions are tuples, a move is not one
    assert Loopy(frozenset({1})) ^ 1 == Loopy(frozenset({0}))
    match Move("take 2", 3):
        case Move(label, position):
            assert (label, position) == ("take 2", 3)
