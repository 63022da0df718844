"""Ray, started lean or joined: the only module of the engine that imports it.

Without an address Ray starts a local cluster on this machine's cores
(``ray.init`` with ``num_cpus``), bound to 127.0.0.1: nothing it opens is
reachable from the network, and a reaper (``engine.tournament.reaper``)
ends every one of its processes within seconds of the tournament's end,
however it ends (``kill -9`` included). With ``auto``, ``HOST:PORT`` or
``ray://host:10001`` it joins a cluster started by ``ray start``; Ray's
token authentication (``RAY_AUTH_MODE=token`` and the cluster's token in
``RAY_AUTH_TOKEN`` or Ray's token file) is Ray's own and passes through.
No dashboard, quiet logs, a small object store (results are a few hundred
bytes a game), and no usage report. Ray is imported here only, and only
when a tournament asks for workers, so no other command pays its import or
start-up.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.tournament import reaper

LOCALHOST = "127.0.0.1"
"""Where a local Ray listens: this machine only."""

OBJECT_STORE_BYTES = 96 * 1024 * 1024
"""chosen: the local object store; batches of results are small, and Ray's
default (30% of the memory) is shared memory this machine's other work needs."""


@dataclass(frozen=True)
class Cluster:
    """The Ray this process is connected to: CPUs it offers and what joining cost."""

    address: str | None
    cpus: int
    nodes: int
    startup_seconds: float
    owned: bool = True
    """Whether this call started the connection (and the caller should end it)."""


_REAPER: Any = None
"""The reaper of the local Ray this process started (its stdin is the signal)."""


@contextlib.contextmanager
def _localhost() -> Iterator[None]:
    """While a local Ray starts: it binds 127.0.0.1. Ray turns 127.0.0.1 into
    the machine's address on Linux unless clusters are off (its
    RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER switch, read when ray is imported, so
    also set on the imported constant); both are restored once Ray has
    started, so a later join of a real cluster sees neither."""
    saved = os.environ.get("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    constants: Any = None
    with contextlib.suppress(ImportError):
        import ray._private.ray_constants as constants  # the switch as Ray read it at import
    was = getattr(constants, "ENABLE_RAY_CLUSTER", None)
    if was is not None:
        constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        if was is not None:
            constants.ENABLE_RAY_CLUSTER = was
        if saved is None:
            os.environ.pop("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", None)
        else:
            os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = saved


JOIN_TIMEOUT_S = 5.0
"""Chosen: how long joining waits for the cluster's address to answer before
saying so (Ray itself retries for minutes: ``--address 127.0.0.1:1`` hung)."""


JOIN_RETRIES_S = 3
"""Chosen: how many seconds Ray keeps retrying the cluster's GCS once its
address answers (Ray's ``RAY_gcs_server_port_wait_time_s``, a retry a
second; its default of 20 left a wrong token unsaid for 20 s). A value set in
the environment is kept."""


@contextlib.contextmanager
def _join_window() -> Iterator[None]:
    """While joining a cluster whose address answers: Ray's GCS retries are
    cut to ``JOIN_RETRIES_S`` unless the environment sets them; restored after."""
    name = "RAY_gcs_server_port_wait_time_s"
    if name in os.environ:
        yield
        return
    os.environ[name] = str(JOIN_RETRIES_S)
    try:
        yield
    finally:
        os.environ.pop(name, None)


def unreachable(address: str, timeout: float = JOIN_TIMEOUT_S) -> str | None:
    """Why nothing answers at ``address`` (``HOST:PORT`` or ``ray://HOST:PORT``),
    or None when something does. Other forms (``auto``) are Ray's to resolve."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            return None
    except TimeoutError:
        return f"no answer within {timeout:g} s"
    except OSError as err:
        return err.strerror or str(err)


def connect(address: str | None = None, workers: int | None = None) -> Cluster:
    """Start a local Ray (``workers`` CPUs, default every core) on 127.0.0.1
    with its reaper, or join ``address``. A Ray this process already runs
    (the editor's second Simulate, a test module's) is used as it is and
    left running."""
    global _REAPER
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    start = time.perf_counter()
    import ray

    if ray.is_initialized():
        return Cluster(address, int(ray.cluster_resources().get("CPU", 1)), len(ray.nodes()), 0.0, owned=False)
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    why = unreachable(address) if address is not None else None
    if why is not None:
        raise ValueError(f"cannot join the Ray cluster at {address!r}: nothing answers there ({why}); start it with "
                         f"`ray start --head` (see the README's \"Scaling out\"), or leave --address out to play on "
                         f"this machine")
    try:
        if address is None:
            folder = tempfile.mkdtemp(prefix=reaper.PREFIX)  # all of this Ray's files: what the reaper finds it by
            _REAPER = reaper.start(folder)
            with _localhost():
                ray.init(num_cpus=workers or os.cpu_count() or 1, num_gpus=0, include_dashboard=False,
                         object_store_memory=OBJECT_STORE_BYTES, _node_ip_address=LOCALHOST, _temp_dir=folder,
                         **quiet)
        else:
            with _join_window():
                ray.init(address=address, **quiet)
    except ConnectionError as err:
        _end_reaper()
        raise ValueError(f"cannot join the Ray cluster at {address!r}: {err} (is it running? A cluster started "
                         f"with RAY_AUTH_MODE=token is joined with RAY_AUTH_MODE=token and its token in "
                         f"RAY_AUTH_TOKEN here too)") from None
    except BaseException:
        _end_reaper()  # Ctrl-C during start-up: the reaper ends what had started
        raise
    cpus = int(ray.cluster_resources().get("CPU", 1))
    nodes = sum(1 for n in ray.nodes() if n.get("Alive"))
    return Cluster(address, cpus, nodes, time.perf_counter() - start)


def disconnect() -> None:
    """Leave the cluster (and stop the local one this process started: Ray's
    shutdown, then the reaper ends whatever of it is left)."""
    import ray

    if ray.is_initialized():
        ray.shutdown()
    _end_reaper()


def _end_reaper() -> None:
    """Tell the reaper the Ray is done (it sweeps on its own, in its own session)."""
    global _REAPER
    proc, _REAPER = _REAPER, None
    if proc is not None and proc.stdin is not None:
        with contextlib.suppress(OSError):
            proc.stdin.close()
