"""Ray, started lean or joined: the only module of the engine that imports it.

Without an address Ray starts a local cluster on this machine's cores
(``ray.init`` with ``num_cpus``); with ``auto`` or ``ray://host:10001`` it
joins one started by ``ray start``. No dashboard, quiet logs, a small object
store (results are a few hundred bytes a game), and no usage report. Ray is
imported here only, and only when a tournament asks for workers, so no other
command pays its import or start-up.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from typing import Any

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


def connect(address: str | None = None, workers: int | None = None) -> Cluster:
    """Start a local Ray (``workers`` CPUs, default every core) or join
    ``address``. A Ray this process already runs (the editor's second
    Simulate, a test module's) is used as it is and left running."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    start = time.perf_counter()
    import ray

    if ray.is_initialized():
        return Cluster(address, int(ray.cluster_resources().get("CPU", 1)), len(ray.nodes()), 0.0, owned=False)
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    try:
        if address is None:
            ray.init(num_cpus=workers or os.cpu_count() or 1, num_gpus=0, include_dashboard=False,
                     object_store_memory=OBJECT_STORE_BYTES, **quiet)
        else:
            ray.init(address=address, **quiet)
    except ConnectionError as err:
        raise ValueError(f"cannot join the Ray cluster at {address!r}: {err}") from None
    cpus = int(ray.cluster_resources().get("CPU", 1))
    nodes = sum(1 for n in ray.nodes() if n.get("Alive"))
    return Cluster(address, cpus, nodes, time.perf_counter() - start)


def disconnect() -> None:
    """Leave the cluster (and stop the local one this process started)."""
    import ray

    if ray.is_initialized():
        ray.shutdown()
