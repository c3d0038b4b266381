"""Issue 25: the user name is checked as the client sent it, before asyncssh's SASLprep changes it.

The clients here send the name byte for byte (``sshterm.SendsAsTyped``), as
OpenSSH does; one test uses OpenSSH's own ``ssh``. Each test failed before:
the server saw only the normalised name and signed these in as ``alice``.
"""

from __future__ import annotations

import asyncio
import os
import shutil

import asyncssh
import pytest

from threadbox.net import asyncssh_internals
from threadbox.net.auth import ServeError
from threadbox.net.invisible import is_default_ignorable
from threadbox.net.names import NameRefused, check_name
from threadbox.net.options import ServeOptions
from threadbox.net.server import ThreadboxServer
from threadbox.net.skeletons import check_data, prototypes, skeleton

from .helpers import create_room, until
from .sshterm import SSHTerm, connect

# What SASLprep would turn into "alice" (or "a b"): each is refused with what to type instead.
NORMALISED = [
    ("\uff41lice", "'alice'"),  # full-width a
    ("alice\ufe0f", "'alice'"),  # variation selector-16
    ("al\u00adice", "'alice'"),  # soft hyphen
    ("al\u034fice", "'alice'"),  # combining grapheme joiner
    ("a\u200bb", "'ab'"),  # zero-width space
]
# Blank, or holding something that draws nothing (a Hangul filler shifted the seat's row).
BLANK = ["\u3164", "\u115f", "\u2800", "\uffa0", "alice\u1160", "al\u3164ice", "bo\u2800b"]


@pytest.fixture
def passwords(tmp_path):
    path = tmp_path / "passwords"
    path.write_text("alice:wonder\n*:guest\n")
    return path


async def _refused(port: int, name: str | bytes, **kw) -> str:
    with pytest.raises(asyncssh.DisconnectError) as refused:
        conn = await connect(port, name, **kw)
        conn.close()  # signed in: the test fails below
    return refused.value.reason


@pytest.mark.parametrize("auth", ["none", "password"])
async def test_names_that_normalisation_would_change_are_refused_as_sent(start_server, passwords, auth):
    server = await start_server(auth=auth, password_file=passwords)
    for name, says in NORMALISED:
        reason = await _refused(server.port, name, password="guest")
        assert f"Please sign in as {says}" in reason, (name, reason)
    assert not server.sessions and server.connections == 0


@pytest.mark.parametrize("auth", ["none", "password"])
async def test_blank_and_invisible_names_are_refused(start_server, passwords, auth):
    server = await start_server(auth=auth, password_file=passwords)
    for name in BLANK:
        reason = await _refused(server.port, name, password="guest")
        assert "give a name" in reason or "invisible" in reason, (name, reason)
    assert "give a name" in await _refused(server.port, "\u3164\u3164", password="guest")


@pytest.mark.parametrize("auth", ["none", "password", "keys"])
async def test_an_empty_name_is_asked_for_under_every_auth(start_server, passwords, tmp_path, auth):
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(key.export_public_key())
    server = await start_server(auth=auth, password_file=passwords, authorized_keys=keys)
    reason = await _refused(server.port, "", password="guest", client_keys=[key])
    assert "Please give a name to play under" in reason  # "?" signed in (password), "Permission denied" (none)


async def test_a_name_that_looks_like_one_in_use_is_refused(start_server, terms):
    server = await start_server()
    alice = await terms.open(server, "alice")
    code = await create_room(server, alice, "alice")
    cyrillic = "\u0430lice"  # Cyrillic a
    reason = await _refused(server.port, cyrillic)
    assert "looks too much like 'alice'" in reason
    await alice.close()
    await until(lambda: not server.sessions)
    # alice is away but holds her seat in the room: her name is still in use.
    assert "looks too much like 'alice'" in await _refused(server.port, cyrillic)
    again = await terms.open(server, "alice")  # the same name is hers to resume
    await again.wait_for(code)


async def test_a_name_that_looks_like_a_listed_name_is_refused_with_the_shared_password(start_server, passwords):
    server = await start_server(auth="password", password_file=passwords)
    for lookalike in ("\u0430lice", "\u0430l\u0456ce"):  # Cyrillic a; Cyrillic a and i
        assert "looks too much like 'alice'" in await _refused(server.port, lookalike, password="guest")
    term = await SSHTerm.open(server.port, "bob", password="guest")  # the shared password still works
    await term.wait_for("signed in as bob")
    await term.close()


def test_skeletons_and_the_tables_behind_them():
    from threadbox.net.names import check_lookalike

    assert skeleton("\u0430lice") == skeleton("alice") != skeleton("alike")
    assert skeleton("m") == skeleton("rn")  # Unicode's confusables: m looks like r n
    assert check_data() == []
    table = prototypes()  # confusables.txt's first line, a right-to-left one, one of several, a pair only
    assert table["\u05ad"] == "\u0596" and table["\u07c0"] == "O" and table["\u0430"] == "a"
    assert "\u0596" not in table and "a" not in table
    for ch in "\u00ad\u034f\u115f\u1160\u200b\u3164\ufe0f\uffa0\U000e0041":
        assert is_default_ignorable(ch), hex(ord(ch))
    assert not any(is_default_ignorable(ch) for ch in "alice名前 -_.")
    with pytest.raises(NameRefused):
        check_lookalike("rnary", ["mary"])
    check_lookalike("mary", ["mary", "bob"])  # one's own name is no lookalike
    assert check_name("名前") == "名前"


def test_the_server_will_not_start_with_an_asyncssh_it_does_not_know(monkeypatch, tmp_path):
    assert asyncssh_internals.check_internals() == []
    monkeypatch.setattr(asyncssh, "__version__", "2.30.0")
    problems = asyncssh_internals.check_internals()
    assert problems and "outside the tested range" in problems[0]
    server = ThreadboxServer(ServeOptions(port=0, log_file=tmp_path / "log"))
    with pytest.raises(ServeError, match="asyncssh>=2.24,<2.25"):
        asyncio.run(server.start())


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is not installed")
async def test_openssh_sends_a_full_width_name_and_is_told_what_to_type(server):
    proc = await asyncio.create_subprocess_exec(
        shutil.which("ssh") or "ssh",
        "-T",
        "-p",
        str(server.port),
        "-F",
        "/dev/null",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "BatchMode=yes",
        "-o",
        "PubkeyAuthentication=no",
        "\uff41lice@127.0.0.1",
        "true",
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )
    out, err = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode != 0
    assert "Please sign in as 'alice'" in err.decode("utf-8", "replace"), err
    assert not server.sessions
