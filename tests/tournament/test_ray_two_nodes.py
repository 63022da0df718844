"""Scaling out (issue 22): a two-node Ray cluster on 127.0.0.1, started with
``ray start`` as the README says, with Ray's token authentication, plays a
tournament that equals the serial run per seed; without the token the join
is refused with a sentence.

Both nodes are started in a folder of the test's own (``--temp-dir``), and
cleaned up by killing the processes holding files there (the reaper's
sweep) rather than ``ray stop``, which stops every Ray on the machine, other
jobs' included. One CPU per node; the games are tiny (the CI machine has 2 cores).
"""

from __future__ import annotations

import json
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("ray")

from engine.tournament import reaper
from engine.tournament.results import read_results
from engine.tournament.runner import Tournament, run


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ports(*names: str) -> list[str]:
    return [f"--{name}={_free_port()}" for name in names]


def _ray() -> str:
    ray = Path(__import__("sys").executable).with_name("ray")
    return str(ray) if ray.exists() else (shutil.which("ray") or "ray")


@pytest.fixture
def cluster(subprocess_env):
    """A head and a second node on 127.0.0.1 with token authentication: (address, environment with the token)."""
    folder = Path(tempfile.mkdtemp(prefix="tbc", dir="/tmp"))  # short: Ray's socket paths live in it
    token = secrets.token_hex(16)
    env = dict(subprocess_env, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token, RAY_USAGE_STATS_ENABLED="0")
    port = _free_port()
    address = f"127.0.0.1:{port}"
    common = ["--node-ip-address=127.0.0.1", "--num-cpus=1", f"--temp-dir={folder}", "--disable-usage-stats",
              *_ports("dashboard-agent-listen-port", "dashboard-agent-grpc-port", "runtime-env-agent-port",
                      "metrics-export-port", "node-manager-port", "object-manager-port")]
    ray = _ray()
    try:
        head = subprocess.run([ray, "start", "--head", f"--port={port}", "--include-dashboard=false",
                               f"--ray-client-server-port={_free_port()}", *common],
                              capture_output=True, text=True, env=env, timeout=180, check=False)
        assert head.returncode == 0, head.stderr[-1500:]
        common = [c for c in common if not c.split("=")[0].endswith("-port")]
        node = subprocess.run([ray, "start", f"--address={address}", *common,
                               *_ports("dashboard-agent-listen-port", "dashboard-agent-grpc-port",
                                       "runtime-env-agent-port", "metrics-export-port", "node-manager-port",
                                       "object-manager-port")],
                              capture_output=True, text=True, env=env, timeout=180, check=False)
        assert node.returncode == 0, node.stderr[-1500:]
        yield address, env
    finally:
        reaper.sweep(folder)  # both nodes' processes, and nothing else's
        shutil.rmtree(folder, ignore_errors=True)


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
