"""A TCP server on the host that counts the connections it accepts: what a sandbox must not reach."""

from __future__ import annotations

import socket
import threading
import time


class HostListener:
    """Listens on `address` (127.0.0.1, or 0.0.0.0 for every address of the host) on a free port."""

    def __init__(self, address: str = "127.0.0.1") -> None:
        self.sock = socket.create_server((address, 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.accepted = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            self.accepted += 1
            conn.close()

    def wait_for(self, count: int) -> None:
        """Until `count` connections were accepted (a connection the kernel took is accepted at once)."""
        for _ in range(100):
            if self.accepted >= count:
                return
            time.sleep(0.05)
        raise AssertionError(f"the listener accepted {self.accepted} connections, not {count}")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self.sock.close()
