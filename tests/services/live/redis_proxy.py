"""A TCP proxy in front of the real Redis that a test can freeze, cut and restore.

The Redis server is shared by everything on this machine, so a test cannot stop
or freeze it; it puts this proxy between the service and Redis instead:

- ``freeze()``: connections stay open but no byte passes either way (what a
  ``SIGSTOP``-ed Redis or a black-holed network looks like);
- ``cut()``: every connection is closed and new ones are refused (Redis gone);
- ``restore()``: back to passing bytes.
"""

from __future__ import annotations

import contextlib
import select
import socket
import threading


class RedisProxy:
    def __init__(self, target: tuple[str, int] = ("127.0.0.1", 6379)) -> None:
        self.target = target
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.frozen = threading.Event()
        self.down = threading.Event()
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def freeze(self) -> None:
        self.frozen.set()

    def cut(self) -> None:
        self.down.set()
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for a, b in pairs:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                with contextlib.suppress(OSError):
                    s.close()

    def restore(self) -> None:
        self.down.clear()
        self.frozen.clear()

    def close(self) -> None:
        self._stop.set()
        self.cut()
        with contextlib.suppress(OSError):
            self.listener.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.down.is_set():
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=2)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._pairs.append((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        peer = {a: b, b: a}
        try:
            while not self._stop.is_set() and not self.down.is_set():
                if self.frozen.is_set():
                    self._stop.wait(0.02)
                    continue
                readable, _, _ = select.select([a, b], [], [], 0.05)
                for s in readable:
                    data = s.recv(65536)
                    if not data:
                        return
                    peer[s].sendall(data)
        except OSError:
            return
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.close()
