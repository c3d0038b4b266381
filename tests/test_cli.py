"""The command line: errors are one clear line and exit 2; simulate reports."""

import json
import subprocess
import sys

import pytest

from threadbox.cli import main


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "threadbox", *args], capture_output=True, text=True, timeout=120)


def test_version():
    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("threadbox ")


def test_help_lists_commands():
    result = run_cli("--help")
    assert result.returncode == 0
    for command in ("play", "resume", "simulate", "serve"):
        assert command in result.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "chess"], "Unknown game 'chess'"),
        (["simulate", "chess", "--games", "1"], "Unknown game 'chess'"),
        (["play", "thread-count", "--seat", "Ana"], "Bad seat 'Ana'"),
        (["play", "thread-count", "--seat", "Ana=wizard"], "Bad seat"),
        (["play", "thread-count", "--seat", "Ana=bot:genius"], "no bot level 'genius'"),
        (["play", "thread-count", "--players", "9"], "1-6 players"),
        (["play", "thread-count", "--variant", "upside-down"], "no variant 'upside-down'"),
    ],
)
def test_bad_input_is_one_line_exit_2(args, words, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_unreadable_save(tmp_path, capsys):
    bad = tmp_path / "save.json"
    bad.write_bytes(b"\x00\xffnot json")
    assert main(["resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and err.count("\n") == 1


def test_missing_save(tmp_path, capsys):
    assert main(["resume", str(tmp_path / "nothing.json")]) == 2
    assert "No game record at" in capsys.readouterr().err


def test_simulate_json_has_the_promised_keys():
    result = run_cli("simulate", "thread-count", "--games", "5", "--seed", "3", "--players", "3", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for key in ("game", "games", "seconds", "games_per_second", "actions_per_second", "errors", "mean_scores", "wins"):
        assert key in report
    assert report["game"] == "thread-count" and report["games"] == 5 and report["errors"] == 0
    assert len(report["mean_scores"]) == 3
    assert sum(report["wins"]) == pytest.approx(5)


def test_simulate_text(capsys):
    assert main(["simulate", "thread-count", "--games", "3", "--bot", "easy"]) == 0
    out = capsys.readouterr().out
    assert "games/second" in out and "actions/second" in out and "seat 2" in out


def test_simulate_is_reproducible(capsys):
    main(["simulate", "thread-count", "--games", "4", "--seed", "9", "--json"])
    first = json.loads(capsys.readouterr().out)
    main(["simulate", "thread-count", "--games", "4", "--seed", "9", "--json"])
    second = json.loads(capsys.readouterr().out)
    assert first["mean_scores"] == second["mean_scores"] and first["wins"] == second["wins"]


def test_serve_says_how_to_connect_and_stops_cleanly(tmp_path):
    """The host sees where to connect and the key fingerprint; Ctrl+C stops it with rooms saved."""
    import os
    import re
    import signal

    env = dict(os.environ, THREADBOX_HOME=str(tmp_path))
    server = subprocess.Popen(
        [sys.executable, "-m", "threadbox", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # A shell's background job ignores Ctrl+C, and so would the server (as it should,
        # like any program started that way): give it Ctrl+C back, whoever runs the tests.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        lines = [server.stdout.readline() for _ in range(3)]
        port = re.search(r"serving on 127\.0\.0\.1:(\d+)", lines[0]).group(1)
        assert f"ssh -p {port} " in lines[1] and "fingerprint:  SHA256:" in lines[2]
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0 and "stopped; rooms are saved" in out and err == ""
    assert (tmp_path / "ssh" / "host_ed25519_key").exists()  # made once, reused at the next start
    assert (tmp_path / "serve.log").exists()  # the server logs to a file, not to the players
