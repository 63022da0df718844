"""Join codes as players type them: every printed ``toybox join`` line must
parse back to the same code (a code starting with "-" was read as an option
and the join refused: one table in about 32 had such a seat)."""

from __future__ import annotations

import io
import shlex

from app.shell.cli import build_parser
from engine.net import table as table_module
from engine.net.serve import announce
from tests.net.helpers import new_table


def test_a_new_code_never_starts_with_a_dash(monkeypatch) -> None:
    drawn = iter(["-OdD6yAbgt1uZ3pMZrAxOA", "-x" * 11, "b-ponhnE_GIb7uOF3ldLLA"])
    monkeypatch.setattr(table_module.secrets, "token_urlsafe", lambda n: next(drawn))
    assert table_module.new_code() == "b-ponhnE_GIb7uOF3ldLLA"


def test_every_printed_join_line_parses_back_to_its_code() -> None:
    """An older autosave may hold a code that starts with "-": the line the
    server prints for it still joins that seat."""
    table = new_table("toy-battle")
    table.seats[0].code = "-OdD6yAbgt1uZ3pMZrAxOA"
    table.spectator_code = "--spectator-code-xyzab"
    out = io.StringIO()
    announce([table], "ws://127.0.0.1:8765", [None], out)
    lines = [line.split(": ", 1)[1] for line in out.getvalue().splitlines() if "toybox join" in line]
    wanted = [s.code for s in table.seats] + [table.spectator_code]
    assert len(lines) == len(wanted)
    for line, code in zip(lines, wanted, strict=True):
        args = build_parser().parse_args(shlex.split(line)[1:])
        assert (args.url, args.code) == ("ws://127.0.0.1:8765", code)


def test_a_table_hosted_from_the_window_invites_spectators_too() -> None:
    """"Host a table" lists the command for each friend's seat and, as
    ``toybox serve`` prints it, the spectator's (it had none: nobody could
    watch a table hosted from the window)."""
    from app.shell.net import Hosting

    hosting = Hosting.start("toy-battle", {}, ["remote", "remote"], port=0)
    try:
        lines = hosting.invitations()
        codes = [s.code for s in hosting.table.seats] + [hosting.table.spectator_code]
        assert [line.split(":", 1)[0] for line in lines] == [s.label for s in hosting.table.seats] + ["spectator"]
        for line, code in zip(lines, codes, strict=True):
            args = build_parser().parse_args(shlex.split(line.split(": ", 1)[1])[1:])
            assert (args.url, args.code) == (hosting.public_url, code)
    finally:
        hosting.stop()
