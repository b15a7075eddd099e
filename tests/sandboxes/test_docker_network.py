"""What a container of the docker backend can reach: a hostile game tries a listener on the host (at the
docker bridge's gateway and at 127.0.0.1) and another game of the same run, and says in its reply what it
reached; an agent's container and the built-in agent's tool container try the same host listener. None
reaches anything, and the game still serves the loop through its unix socket."""

from __future__ import annotations

import ipaddress
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from sandbox_games import RUN_ID, make_game

from loop.contract.endpoint import unix_socket_path
from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec
from tests.host_listener import HostListener

pytestmark = [pytest.mark.slow, pytest.mark.docker]

# A game that, told `reach HOST PORT` or `reach /socket/path`, tries to connect there and answers what came of
# it; told `interfaces`, it names its network interfaces.
PROWLER = """
import json, os, socket
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def reach(target):
    try:
        if target[0].startswith("/"):
            sock = socket.socket(socket.AF_UNIX)
            sock.settimeout(3)
            sock.connect(target[0])
        else:
            sock = socket.create_connection((target[0], int(target[1])), timeout=3)
    except OSError as exc:
        return f"blocked: {exc}"
    sock.close()
    return "reached"


class Game(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, body):
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self._send({"status": "ok"})

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        if self.path == "/api/agent/new":
            return self._send({"game_id": "1", "message": "ready", "state": {}})
        words = body.get("command", "").split()
        if words[:1] == ["reach"]:
            message = reach(words[1:])
        else:
            message = " ".join(name for _, name in socket.if_nameindex())
        self._send({"message": message, "state": {}, "success": True, "game_over": False, "turn": 1})


ThreadingHTTPServer((os.environ.get("HOST", "127.0.0.1"), int(os.environ["PORT"])), Game).serve_forever()
"""
# The same attempt as a command run in an agent's container: prints `reached` or `blocked: why` per target.
REACH_SCRIPT = """
import socket, sys
for host in sys.argv[2:]:
    try:
        socket.create_connection((host, int(sys.argv[1])), timeout=3).close()
        print(host, "reached")
    except OSError as exc:
        print(host, "blocked:", exc)
"""


@pytest.fixture
def host_listener() -> Iterator[HostListener]:
    listener = HostListener("0.0.0.0")
    yield listener
    listener.close()


@pytest.fixture(scope="module")
def prowler_spec(tmp_path_factory: pytest.TempPathFactory) -> BuildSpec:
    _, spec = make_game(
        tmp_path_factory.mktemp("prowler"), "prowler", ["python", "prowler.py"], {"prowler.py": PROWLER}
    )
    spec.run_id = RUN_ID
    return spec


def host_addresses(docker_provider, listener: HostListener) -> list[str]:
    """The docker bridge's gateway (the host, as every container on the default bridge sees it) and
    127.0.0.1, each checked to reach the listener from the host itself: the listener is really there."""
    config = docker_provider.client.networks.get("bridge").attrs["IPAM"]["Config"][0]
    gateway = config.get("Gateway") or str(next(ipaddress.ip_network(config["Subnet"]).hosts()))
    addresses = [gateway, "127.0.0.1"]
    for address in addresses:
        socket.create_connection((address, listener.port), timeout=3).close()
    listener.wait_for(len(addresses))
    return addresses


def test_a_game_container_cannot_reach_a_listener_on_the_host(docker_provider, prowler_spec, host_listener):
    addresses = host_addresses(docker_provider, host_listener)
    seen_before = host_listener.accepted
    with docker_provider.start(prowler_spec) as build, GameClient(build.url) as client:
        game_id = client.new_game().game_id
        replies = {
            address: client.command(game_id, f"reach {address} {host_listener.port}").message
            for address in addresses
        }
    assert all(reply.startswith("blocked") for reply in replies.values()), replies
    assert host_listener.accepted == seen_before


def test_a_game_container_cannot_reach_another_game_of_the_same_run(docker_provider, prowler_spec):
    port = prowler_spec.manifest.container_port
    with (
        docker_provider.start(prowler_spec) as other,
        docker_provider.start(prowler_spec) as build,
        GameClient(build.url) as client,
    ):
        other.container.reload()
        networks = other.container.attrs["NetworkSettings"]["Networks"].values()
        targets = [f"{n['IPAddress']} {port}" for n in networks if n.get("IPAddress")]
        other_socket = unix_socket_path(other.url)
        targets += [other_socket] if other_socket else []
        game_id = client.new_game().game_id
        interfaces = client.command(game_id, "interfaces").message
        replies = {target: client.command(game_id, f"reach {target}").message for target in targets}
        with GameClient(other.url) as other_client:  # the other game is up and serves the loop
            assert other_client.new_game().game_id == "1"
    assert all(reply.startswith("blocked") for reply in replies.values()), replies
    assert interfaces == "lo"  # no network interface but its own loopback


def test_an_agent_container_cannot_reach_a_listener_on_the_host(
    docker_provider, host_listener, tmp_path: Path
):
    from loop.repair.confinement import AgentSandboxRequest
    from sandboxes.agent.docker import OpenContainer

    addresses = host_addresses(docker_provider, host_listener)
    seen_before = host_listener.accepted
    (tmp_path / "tree").mkdir()
    opened = OpenContainer.from_context(
        AgentSandboxRequest(tmp_path / "tree", model_url=None, tool_paths=(), lifetime_s=120, run_id=RUN_ID)
    )
    try:
        wrapped = opened.sandbox.command(
            ["python3", "-c", REACH_SCRIPT, str(host_listener.port), *addresses], {}
        )
        done = subprocess.run(wrapped.argv, env=wrapped.env, capture_output=True, text=True, timeout=60)
    finally:
        opened.close()
    lines = done.stdout.splitlines()
    assert len(lines) == len(addresses) and all("blocked" in line for line in lines), (
        done.stdout + done.stderr
    )
    assert host_listener.accepted == seen_before


def test_the_builtin_agents_tool_container_cannot_reach_a_listener_on_the_host(
    docker_provider, host_listener, tmp_path: Path
):
    from sandboxes.repair_tools.docker import DockerSandbox

    addresses = host_addresses(docker_provider, host_listener)
    seen_before = host_listener.accepted
    (tmp_path / "tree").mkdir()
    (tmp_path / "tree" / "reach.py").write_text(REACH_SCRIPT)
    sandbox = DockerSandbox(tmp_path / "tree", lifetime_s=120, run_id=RUN_ID)
    try:
        result = sandbox.run(f"python3 reach.py {host_listener.port} {' '.join(addresses)}", timeout_s=60)
    finally:
        sandbox.close()
    lines = result.output.splitlines()
    assert len(lines) == len(addresses) and all("blocked" in line for line in lines), result.output
    assert host_listener.accepted == seen_before
