"""The files the CLI reads (a setup file, a table's data file): regular files of
bounded size, UTF-8 TOML, refused with a problem that names the file otherwise.

A path may name anything: ``/dev/zero`` would be read until memory runs out,
``/dev/urandom`` forever, a FIFO would wait for a writer. The file is opened
without waiting (``O_NONBLOCK``), refused unless it is a regular file, and read
no further than ``MAX_FILE_BYTES``; its text is then read by the one TOML reader
(``domain.kernel.toml_text``), which bounds its nesting.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

from domain.kernel.phrases import Phrase, phrase
from domain.kernel.toml_text import read_toml
from services.limits import MAX_BODY_BYTES
from tools.cli.common import fail


def told(said: Phrase) -> str:
    """A refusal of a file in the reader's language (imported only when a file is
    refused: the CLI's start does not pay for it)."""
    from services.problems import told as telling

    return telling(said)


# As much as the HTTP service accepts in one body: far above any setup or data file.
MAX_FILE_BYTES = MAX_BODY_BYTES

_KINDS = (
    (stat.S_ISDIR, phrase("a directory")),
    (stat.S_ISCHR, phrase("a character device")),
    (stat.S_ISBLK, phrase("a block device")),
    (stat.S_ISFIFO, phrase("a pipe")),
    (stat.S_ISSOCK, phrase("a socket")),
)


def _why(error: OSError) -> Phrase | str:
    """Why a file did not open, in the reader's words where it is a common reason."""
    if error.errno == errno.ENOENT:
        return phrase("there is no such file")
    if error.errno == errno.EACCES:
        return phrase("permission denied")
    return error.strerror or ""


def read_text_file(path: Path, option: str) -> str:
    """The text of the regular file ``path`` given as ``option`` (``--data``)."""
    where = f"{option} {path}"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as e:
        fail(
            "bad_file",
            told(phrase("{where}: cannot open it ({why})", where=where, why=_why(e))),
        )
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), phrase("not a regular file"))
            fail(
                "bad_file",
                told(
                    phrase("{where}: {kind}, not a file; give a TOML file", where=where, kind=kind)
                ),
            )
        raw = os.read(fd, MAX_FILE_BYTES + 1)
        while len(raw) <= MAX_FILE_BYTES and (more := os.read(fd, MAX_FILE_BYTES + 1 - len(raw))):
            raw += more
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        over = phrase(
            "{where}: over {n} bytes, far more than a TOML file", where=where, n=MAX_FILE_BYTES
        )
        fail("bad_file", told(over))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        fail(
            "bad_file",
            told(
                phrase("{where}: not UTF-8 text (byte {n} cannot be read)", where=where, n=e.start)
            ),
        )


def read_toml_file(path: Path, option: str) -> dict[str, Any]:
    """The mapping the TOML file ``path`` holds (its faults: ``bad_setup``, naming it)."""
    return read_toml(read_text_file(path, option), f"{option} {path}")
