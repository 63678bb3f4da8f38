"""``briscola.bots.tournament`` on a Ray cluster (Bots, "Tournaments"):
the executor adapter the guide shows, taken from the page itself, runs
the chunks as Ray tasks on a local cluster and gives the single-process
result.

Skipped when Ray is not installed (``pip install 'briscola[ray]'``),
except in CI's full run (``BRISCOLA_REQUIRE_EXTRAS=1``, see the
repository's ``conftest.py``), where the ``dev`` extra installs it and
its absence is a failure.
"""

from __future__ import annotations

import re
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from briscola import preset
from briscola.bots import Entrant, TournamentError, tournament
from tests.test_tournament import RULES, Troubled

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guides" / "bots.rst"


def import_ray() -> Any:
    """The ``ray`` module, or skip without it."""
    try:
        import ray
    except ImportError:
        pytest.skip("ray is not installed")
    return ray


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    """A local Ray instance with one worker CPU, no dashboard, and a small
    object store, shut down after the module's tests."""
    ray = import_ray()
    ray.init(
        num_cpus=1,
        include_dashboard=False,
        log_to_driver=False,
        object_store_memory=80 * 1024 * 1024,
    )
    try:
        yield ray
    finally:
        ray.shutdown()


def guide_adapter() -> types.ModuleType:
    """The Ray program of the Bots guide, run as a module that is not
    ``__main__`` (so it defines the adapter and connects to no cluster)."""
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"^\.\. code-block:: python\n\n((?: {3}.*\n|\n)+)", text, re.M)
    ray_blocks = [block for block in blocks if "class RayExecutor(Executor)" in block]
    assert len(ray_blocks) == 1, "the Bots guide shows one Ray adapter"
    module = types.ModuleType("bots_guide_ray")
    exec(compile(textwrap.dedent(ray_blocks[0]), str(GUIDE), "exec"), module.__dict__)
    return module


def test_a_ray_cluster_gives_the_same_result(ray_cluster: Any) -> None:
    """The guide's ``RayExecutor`` plays the same deals as this process:
    the same standings, whatever the chunks (three deals a task here)."""
    rules = preset("italian-2p")
    lineup = ["heuristic", "random"]
    here = tournament(rules, lineup, 8, seed=4, duplicate=True)
    executor = guide_adapter().RayExecutor()
    there = tournament(rules, lineup, 8, seed=4, duplicate=True, executor=executor, chunk=3)
    assert there == here


def test_a_bot_that_raises_on_ray_names_its_deal(ray_cluster: Any) -> None:
    """A bot that raises in a Ray task stops the tournament with the
    ``TournamentError`` it gives in this process: the deal, seed and seat
    named, the finished chunks' deals counted in ``partial``."""
    lineup: list[Entrant] = ["random", Troubled(1 + 9, 1, "raise")]
    with pytest.raises(TournamentError) as here:
        tournament(RULES, lineup, 12, seed=1, rotate=False, chunk=4)
    executor = guide_adapter().RayExecutor()
    with pytest.raises(TournamentError) as there:
        tournament(RULES, lineup, 12, seed=1, rotate=False, chunk=4, executor=executor)
    assert str(there.value) == str(here.value)
    assert (there.value.deal, there.value.seed, there.value.seat) == (9, 10, 1)
    # Counted: the chunks finished first (in any order on a cluster), and
    # deal 8, which the failing chunk played before deal 9.
    assert there.value.partial.deals % 4 == 1
