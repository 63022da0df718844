"""Scaling out (issue 22): a two-node Ray cluster on 127.0.0.1, started with
``ray start`` as the README says, with Ray's token authentication, plays a
tournament that equals the serial run per seed; without the token the join
is refused with a sentence.

Both nodes are started in a folder of their own (``--temp-dir``), and
cleaned up by killing the processes holding files there (the reaper's
sweep) rather than ``ray stop``, which stops every Ray on the machine, other
jobs' included (``engine.tournament.scale.local_cluster``). One CPU per
node; the games are tiny (the CI machine has 2 cores).
"""

from __future__ import annotations

import json
import secrets
import subprocess

import pytest

pytest.importorskip("ray")

from engine.tournament.results import read_results
from engine.tournament.runner import Tournament, run
from engine.tournament.scale import local_cluster


@pytest.fixture
def cluster(subprocess_env):
    """A head and a second node on 127.0.0.1 with token authentication, one CPU
    each (``local_cluster``, which ``toybox bench ray`` measures too): (address,
    environment with the token)."""
    with local_cluster(2, 1, subprocess_env) as (address, env, _):
        yield address, env


def test_a_two_node_cluster_with_token_auth_equals_the_serial_run(cluster, tmp_path, python):
    address, env = cluster
    out = tmp_path / "cluster.jsonl"
    done = subprocess.run([python, "-m", "app.shell.cli", "tournament", "toy-battle", "--bots", "random", "--games", "6",
                           "--seed", "4", "--address", address, "--out", str(out)],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-1500:]
    assert "on 2 Ray CPUs" in done.stdout, done.stdout
    serial = run(Tournament.build("toy-battle", "random", 6, {}, seed=4), None, workers=0)

    def outcome(line: dict) -> tuple:
        return (line["index"], line["seed"], line["winners"], line["scores"], line["turns"])

    assert sorted(map(outcome, read_results(out))) == [outcome(x) for x in serial.results]

    without = {k: v for k, v in env.items() if k not in ("RAY_AUTH_TOKEN",)}
    without["RAY_AUTH_TOKEN"] = secrets.token_hex(16)  # the wrong token
    refused = subprocess.run([python, "-m", "app.shell.cli", "tournament", "toy-battle", "--bots", "random", "--games", "1",
                              "--address", address], capture_output=True, text=True, env=without, timeout=300,
                             check=False)
    assert refused.returncode == 2 and f"cannot join the Ray cluster at '{address}'" in refused.stderr, \
        refused.stderr[-800:]
    assert "Traceback" not in refused.stderr
    assert json.dumps(sorted(read_results(out), key=lambda x: x["index"])[0]["bots"]) == '["random", "random"]'
