"""`closed-loop sandbox ...`: run a game by hand, prepare the base image, clean up leftovers."""

from __future__ import annotations

import argparse
import contextlib
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from games.catalogue import load_game
from loop.contract.endpoint import unix_socket_path
from loop.contract.game import materialize
from loop.sandbox import BuildSpec, EngineUnavailable, SandboxContext, get_provider, provider_names
from sandboxes.relay import serve_on_loopback

POLL = 0.5


def register(subparsers: argparse._SubParsersAction) -> None:
    sandbox = subparsers.add_parser("sandbox", help="run games in sandboxes (docker or process)")
    actions = sandbox.add_subparsers(dest="sandbox_command", required=True, metavar="ACTION")

    up = actions.add_parser("up", help="start a game and keep it running until Ctrl-C")
    up.add_argument("game", help="catalogue name, folder with a game.toml, or git URL (with --manifest)")
    up.add_argument("--backend", choices=provider_names(), default="auto")
    up.add_argument("--commit", default=None, help="revision to run (default: the repository's HEAD)")
    up.add_argument("--repo", type=Path, default=None, help="run this git repository instead of a fresh copy")
    up.add_argument("--manifest", type=Path, default=None, help="game.toml for a game given by URL or folder")
    up.add_argument("--ready-timeout", type=float, default=60.0)
    up.add_argument("--seconds", type=float, default=None, help="stop after this long (default: Ctrl-C)")
    up.set_defaults(func=up_command)

    bootstrap = actions.add_parser("bootstrap", help="build (or find) the base image games are built on")
    bootstrap.add_argument("--no-pull", action="store_true", help="never pull python:3.12-slim")
    bootstrap.set_defaults(func=bootstrap_command)

    listing = actions.add_parser("list", help="list the game containers of closed-loop runs on this engine")
    listing.set_defaults(func=list_command)

    cleanup = actions.add_parser("cleanup", help="remove containers of dead closed-loop runs")
    cleanup.add_argument("--images", action="store_true", help="also remove unused game images")
    cleanup.set_defaults(func=cleanup_command)


def up_command(args: argparse.Namespace) -> int:
    game = load_game(args.game, args.manifest)
    with tempfile.TemporaryDirectory(prefix=f"closed-loop-{game.name}-") as workspace:
        if args.repo is not None:
            repo_dir, commit = args.repo.resolve(), args.commit or "HEAD"
        else:
            repo_dir, initial = materialize(game, Path(workspace))
            commit = args.commit or initial
        return _keep_running(args, BuildSpec(repo_dir, game.manifest, commit))


def _keep_running(args: argparse.Namespace, spec: BuildSpec) -> int:
    """Start `spec` and keep it up until --seconds pass, the game exits, or a stop signal comes."""
    provider = get_provider(args.backend)
    name, repo_dir, commit = spec.manifest.name, spec.repo_dir, spec.commit
    build = provider.start(spec, ready_timeout=args.ready_timeout)
    with build, _browsable(build.url) as url:
        print(f"{name} ({provider.name}) at {url}", flush=True)
        print(f"repository: {repo_dir} @ {commit}", flush=True)
        deadline = None if args.seconds is None else time.monotonic() + args.seconds
        # Unbounded on purpose without --seconds: Ctrl-C ends it (KeyboardInterrupt stops the build).
        while deadline is None or time.monotonic() < deadline:
            if not build.is_alive():
                output = build.logs(40).strip()
                said = f"its last output:\n{output}" if output else "it printed nothing"
                print(f"{name} exited: {said}", flush=True)
                return 1
            time.sleep(POLL)
    return 0


@contextlib.contextmanager
def _browsable(url: str) -> Iterator[str]:
    """An http://127.0.0.1 URL for `url`: itself, or, for a game on a unix socket (a browser cannot open
    one), a loopback port this command relays to that socket while it runs."""
    path = unix_socket_path(url)
    if path is None:
        yield url
        return
    listener = serve_on_loopback(path)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()


def bootstrap_command(args: argparse.Namespace) -> int:
    from sandboxes.base_image import ensure_base_image
    from sandboxes.engine import connect

    started = time.monotonic()
    base = ensure_base_image(connect(), allow_pull=not args.no_pull)
    verb = "built" if base.built else "reused"
    size = base.size_bytes or 0
    print(
        f"base image {base.tag} (Python {base.python_version}, {size / 2**20:.0f} MB): "
        f"{verb} in {time.monotonic() - started:.1f}s"
    )
    return 0


def cleanup_command(args: argparse.Namespace) -> int:
    from sandboxes.game.docker import DockerProvider

    counted = SandboxContext(cleanup_at_start=False)  # the counts below are of what this command removes
    killed = get_provider("process", counted).cleanup_leftovers()
    print(f"killed {killed} leftover game process(es)")
    try:
        provider = get_provider("docker", counted)
    except EngineUnavailable as exc:
        print(f"no container engine, no containers to clean up ({exc})")
        return 0
    if isinstance(provider, DockerProvider):
        removed = provider.remove_leftovers()
        for name in removed:
            print(f"removed leftover container {name}")
        print(f"removed {len(removed)} leftover container(s)")
    else:
        print(f"removed {provider.cleanup_leftovers()} leftover container(s)")
    if args.images and isinstance(provider, DockerProvider):
        print(f"removed {provider.remove_game_images()} unused game image(s)")
    return 0


def list_command(args: argparse.Namespace) -> int:
    from sandboxes.game.docker import DockerProvider

    rows = DockerProvider(cleanup_at_start=False).running_games()
    print(f"{'container':<32} {'game':<10} {'commit':<10} {'run':<16} {'owner':<12} url")
    for row in rows:
        owner = f"{row.owner_pid} ({'alive' if row.owner_alive else 'dead'})"
        print(f"{row.name:<32} {row.game:<10} {row.commit[:10]:<10} {row.run:<16} {owner:<12} {row.url}")
    return 0
