"""Full offline CASTLE loop wall time (explorer, differential critic, gold repair), cold and warm, by backend.

Cold: a fresh data folder (no game venv, no exported trees, an empty ledger) and, for docker, a game whose
Dockerfile carries a one-off label, so every image (the build and the critic's gold variants) is built with no
layer cache. Warm: the same loop again on the same data folder and images. Each loop runs in its own process
(bench.loop_once). Baselines from the same run: warm against the QA sessions' own time inside it, cold against
warm, docker warm against process warm. The one-off images are removed at the end.

    .venv/bin/python -m bench.loop_wall [--steps 300] [--backends process,docker] [--smoke]
"""

from __future__ import annotations

import shutil
import sys
import time
import uuid
from pathlib import Path

from bench.data_dirs import loop_data_dir, loop_env, run_loop, scratch
from bench.result import BenchResult, emit, metric, parser
from games.catalogue import load_game


def salted_castle(root: Path, salt: str) -> Path:
    """A copy of the CASTLE folder whose Dockerfile has a label no image built before carries."""
    folder = root / "castle"
    shutil.copytree(load_game("castle").root, folder)
    dockerfile = folder / "src" / "Dockerfile"
    lines = dockerfile.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("FROM")) + 1
    lines.insert(at, f"LABEL closed-loop.bench={salt}")
    dockerfile.write_text("\n".join(lines) + "\n")
    return folder


def remove_salted_images(salt: str) -> int:
    import docker

    client = docker.from_env(timeout=30)
    images = client.images.list(filters={"label": f"closed-loop.bench={salt}"})
    for image in images:
        client.images.remove(image.id, force=True)
    return len(images)


def cold_and_warm(
    root: Path, backend: str, game: str, loop_args: list[str], share_venvs: bool
) -> tuple[dict, dict]:
    data = loop_data_dir(root, f"data-{backend}", share_venvs=share_venvs)
    cold = run_loop(
        loop_env(data, root / f"runs-{backend}-cold"), "--game", game, "--backend", backend, *loop_args
    )
    warm = run_loop(
        loop_env(data, root / f"runs-{backend}-warm"), "--game", game, "--backend", backend, *loop_args
    )
    return cold, warm


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=300)
    args_parser.add_argument("--backends", default="process,docker")
    args = args_parser.parse_args(argv)
    steps, rounds = (30, 1) if args.smoke else (args.steps, 3)
    loop_args = ["--steps", str(steps), "--max-rounds", str(rounds)]
    root = scratch("bench-loop-wall-")
    result = BenchResult(bench="loop_wall", smoke=args.smoke, params={"steps": steps, "max_rounds": rounds})
    walls: dict[str, tuple[dict, dict]] = {}
    for backend in args.backends.split(","):
        salt = uuid.uuid4().hex[:12]
        game = str(salted_castle(root / backend, salt)) if backend == "docker" else "castle"
        try:
            walls[backend] = cold_and_warm(root, backend, game, loop_args, share_venvs=args.smoke)
        finally:
            if backend == "docker":
                result.details["docker_images_removed"] = remove_salted_images(salt)
        for loop in walls[backend]:
            loop.pop("trace_paths", None)  # in the scratch folder, removed below
        result.details[backend] = {"cold": walls[backend][0], "warm": walls[backend][1]}
    for backend, (cold, warm) in walls.items():
        if "error" in cold or "error" in warm:
            continue
        outcome = f"{warm['sessions']} sessions, discovery {warm['discovered']}/{warm['ground_truth']}, "
        outcome += f"fixing {warm['fixed_verified']}/{warm['ground_truth']}"
        result.metrics.append(
            metric(
                f"CASTLE loop, {backend} backend, warm",
                warm["wall_seconds"],
                "s",
                warm["qa_wall_seconds"],
                "QA sessions' own time inside the loop (s)",
                note=outcome,
            )
        )
        result.metrics.append(
            metric(
                f"CASTLE loop, {backend} backend, cold",
                cold["wall_seconds"],
                "s",
                warm["wall_seconds"],
                f"the same loop warm, {backend} (s)",
            )
        )
    if "docker" in walls and "process" in walls and "error" not in walls["docker"][1]:
        result.metrics.append(
            metric(
                "CASTLE loop warm, docker against process",
                walls["docker"][1]["wall_seconds"],
                "s",
                walls["process"][1]["wall_seconds"],
                "the same loop warm, process backend (s)",
            )
        )
    shutil.rmtree(root, ignore_errors=True)
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
