"""One long-lived offscreen Ursina that runs probe scenarios one after another.

Starting a fresh Python with Panda3D for every probe costs about 2 s (the
offscreen window, the imports, the first game); the test session starts this
server once per pytest process (``tests/app/probe_runner.py``) and sends it
one request a line on stdin::

    {"script": "tests/app/probe.py", "scenario": "start_screen", "out": "...json",
     "args": [...], "env": {"TOYBOX_HOME": "..."}}

It runs the scenario as the script's own entry point would (``main``), writes
the facts to ``out`` and answers one JSON line on its reply pipe (file
descriptor given as the first argument; stdout and stderr are the scenario's
log). Between scenarios it puts the process back as the first window left it:
every entity the scenario made is destroyed, nodes, tasks, event hooks, the
camera, the mouse, held keys, the environment and the working folder are
restored, and the next scenario's ``window.start`` gets the same window,
resized to what it asks for. A scenario that raises is reported and the
server exits (its state is unknown), and so does one whose scenario left
something the reset could not put back: the runner starts a new one.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class Resident:
    """The one Ursina of this process, and what it looked like when it opened."""

    def __init__(self) -> None:
        self.app: Any = None
        self.size: tuple[int, int] | None = None
        self.baseline: dict[str, Any] = {}

    # -- window.start, served from the open window --------------------------------------------

    def start(self, offscreen: bool, size: tuple[int, int] = (1280, 720), title: str = "Toybox",
              fit: bool = True) -> Any:
        from app.shell import window

        if not offscreen:
            raise RuntimeError("the probe server only opens offscreen windows")
        size = (int(size[0]), int(size[1]))
        if self.app is None:
            _resizeable_buffers()
            self.app = REAL_START(offscreen=True, size=size, title=title, fit=fit)
            self.size = size
            self.baseline = self._snapshot()
            return self.app
        if size != self.size:
            self._resize(size)
        # What window.start does after opening Ursina: the light path and the background.
        from ursina import color

        from app.look import pipeline

        path = pipeline.start(self.app)
        bg = window.BACKGROUND if path is pipeline.LookPath.BAKED else pipeline.untonemap(window.BACKGROUND)
        from ursina import window as ursina_window

        ursina_window.color = color.rgb(*bg)
        self.app.win.setClearColor(color.rgb(*bg))
        self.app.taskMgr.globalClock.tick()  # the first frame's dt: from now, as in a fresh window
        return self.app

    def _resize(self, size: tuple[int, int]) -> None:
        from ursina import camera
        from ursina import window as ursina_window

        self.app.win.setSize(size[0], size[1])
        camera.perspective_lens.set_aspect_ratio(size[0] / size[1])
        ursina_window.update_aspect_ratio()
        self.size = size

    # -- back to the first window's state --------------------------------------------------------

    def _snapshot(self) -> dict[str, Any]:
        from direct.showbase.MessengerGlobal import messenger
        from ursina import application, camera, mouse, scene

        base = self.app
        nodes = self._nodes()
        return {
            "children": {name: {c.getKey() for c in node.getChildren()} for name, node in nodes.items()},
            "states": {name: node.getState() for name, node in nodes.items()},
            "tasks": set(base.taskMgr.getAllTasks()),
            "update_task": base._update_task,  # Ursina's frame task (app.guard replaces it with a guarded one)
            "events": self._hooks(messenger),
            "entities": list(scene.entities),
            "camera": {
                "transform": camera.getTransform(),
                "fov": camera.fov,
                "orthographic": camera.orthographic,
                "near": camera.clip_plane_near,
                "far": camera.clip_plane_far,
            },
            "mouse": dict(vars(mouse)),
            "application": {"paused": application.paused, "time_scale": application.time_scale},
            "ui_children": list(camera.ui.children),
            "window_color": self._window_color(),
            "clear_color": base.win.getClearColor(),
        }

    def _nodes(self) -> dict[str, Any]:
        from ursina import camera, scene

        base = self.app
        return {"render": base.render, "scene": scene, "camera": camera, "ui": camera.ui,
                "render2d": base.render2d, "aspect2d": base.aspect2d, "pixel2d": base.pixel2d}

    @staticmethod
    def _hooks(messenger: Any) -> dict[tuple[str, Any], tuple[Any, Any, list[Any], Any]]:
        """Every (event, acceptor) with its acceptor, method, extra arguments and persistence.
        Panda3D's Messenger keeps no public list of them."""
        callbacks = messenger._Messenger__callbacks
        return {(event, key): (messenger._getObject(key), entry[0], list(entry[1]), entry[2])
                for event, acceptors in callbacks.items() for key, entry in acceptors.items()}

    @staticmethod
    def _window_color() -> Any:
        from ursina import window as ursina_window

        return ursina_window.color

    def reset(self) -> None:
        """Undo what the last scenario did to the process (a no-op before the first window)."""
        if self.app is None:
            return
        from direct.showbase.MessengerGlobal import messenger
        from ursina import application, camera, held_keys, mouse, scene
        from ursina import window as ursina_window

        base, was = self.app, self.baseline
        application.paused = was["application"]["paused"]
        application.time_scale = was["application"]["time_scale"]
        held_keys.clear()
        # Every entity made since the first window opened, eternal or not (Ursina's own, such as
        # window.input_entity, stay: scene.clear() would take those a fresh process has).
        from ursina.ursinastuff import _destroy

        keep = {id(e) for e in was["entities"]}
        for e in [e for e in scene.entities if id(e) not in keep]:
            _destroy(e, force_destroy=True)
        ui_keep = {id(e) for e in was["ui_children"]}
        for e in [e for e in camera.ui.children if id(e) not in ui_keep]:
            _destroy(e, force_destroy=True)
        application.sequences.clear()
        for name, node in self._nodes().items():
            for child in node.getChildren():
                if child.getKey() not in was["children"][name]:
                    child.removeNode()
            node.setState(was["states"][name])
        for task in set(base.taskMgr.getAllTasks()) - was["tasks"]:
            base.taskMgr.remove(task)
        for task in was["tasks"] - set(base.taskMgr.getAllTasks()):  # one a scenario took away (app.guard)
            base.taskMgr.add(task)
        base._update_task = was["update_task"]
        hooks = self._hooks(messenger)
        for (event, key), (acceptor, *_) in hooks.items():
            if (event, key) not in was["events"]:
                messenger.ignore(event, acceptor)
        for (event, key), (acceptor, method, extra, persistent) in was["events"].items():
            now = hooks.get((event, key))
            if now is None or now[1] is not method or now[2] != extra or now[3] != persistent:
                messenger.accept(event, acceptor, method, extra, persistent)
        cam = was["camera"]
        camera.orthographic = cam["orthographic"]
        camera.fov = cam["fov"]
        camera.clip_plane_near = cam["near"]
        camera.clip_plane_far = cam["far"]
        camera.setTransform(cam["transform"])
        state = vars(mouse)
        for key in [k for k in state if k not in was["mouse"]]:
            del state[key]
        state.update(was["mouse"])
        ursina_window.color = was["window_color"]
        base.win.setClearColor(was["clear_color"])

    def leftovers(self) -> list[str]:
        """What the reset could not put back (empty: the process is as the first window left it)."""
        if self.app is None:
            return []
        from direct.showbase.MessengerGlobal import messenger
        from ursina import scene

        was, out = self.baseline, []
        for name, node in self._nodes().items():
            extra = {c.getKey() for c in node.getChildren()} - was["children"][name]
            if extra:
                out.append(f"{len(extra)} nodes left under {name}")
        if set(self.app.taskMgr.getAllTasks()) != was["tasks"]:
            out.append("the tasks differ")
        if self._hooks(messenger).keys() != was["events"].keys():
            out.append("the event hooks differ")
        if len(scene.entities) != len(was["entities"]):
            out.append(f"{len(scene.entities) - len(was['entities'])} entities left")
        return out


RESIDENT = Resident()
REAL_START: Any = None
MODULES: dict[str, ModuleType] = {}


def _resizeable_buffers() -> None:
    """Ask Panda3D for a resizeable offscreen buffer. ShowBase opens it with
    fixed flags (``_doOpenWindow``), and a buffer made without
    ``BF_resizeable`` refuses ``setSize``; ShowBase reads the flags from its
    module's ``GraphicsPipe``, so that name is pointed at a copy whose
    refuse-window flag carries the resizeable bit too."""
    import direct.showbase.ShowBase as showbase
    from panda3d.core import GraphicsPipe

    class Flags:
        BFFbPropsOptional = GraphicsPipe.BFFbPropsOptional
        BFRequireWindow = GraphicsPipe.BFRequireWindow
        BFRefuseWindow = GraphicsPipe.BFRefuseWindow | GraphicsPipe.BFResizeable
        BFRequireCallbackWindow = GraphicsPipe.BFRequireCallbackWindow

    showbase.GraphicsPipe = Flags  # a stand-in, read only for these four flags


def _script(path: str) -> ModuleType:
    module = MODULES.get(path)
    if module is None:
        name = "probe_script_" + Path(path).stem
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None, path
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        MODULES[path] = module
    return module


def serve(reply_fd: int) -> None:
    global REAL_START
    from app.shell import window

    REAL_START = window.start
    window.start = RESIDENT.start
    env, cwd = dict(os.environ), os.getcwd()
    with os.fdopen(reply_fd, "w", buffering=1) as reply:
        for line in sys.stdin:
            request = json.loads(line)
            answer: dict[str, Any] = {"ok": True}
            try:
                os.environ.clear()
                os.environ.update(env)
                os.environ.update(request.get("env", {}))
                os.chdir(cwd)
                script = str(Path(ROOT, request["script"]))
                sys.argv = [script, request["scenario"], request["out"], *request["args"]]
                facts = _script(script).SCENARIOS[request["scenario"]](*request["args"])
                Path(request["out"]).write_text(json.dumps(facts))
                RESIDENT.reset()
                left = RESIDENT.leftovers()
                if left:  # the facts stand; the next scenario gets a new server
                    answer["restart"] = "; ".join(left)
                    print(f"probe server: after {request['scenario']}: {answer['restart']}", file=sys.stderr)
            except (Exception, SystemExit):  # noqa: BLE001 - any failure is the scenario's report; the server then leaves
                answer = {"ok": False, "error": traceback.format_exc()}
            sys.stdout.flush()
            sys.stderr.flush()
            reply.write(json.dumps(answer) + "\n")
            if not answer["ok"] or "restart" in answer:
                break
    os._exit(0)  # no Ursina teardown: a renderer that crashes on exit must not fail a run that passed


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    serve(int(sys.argv[1]))
