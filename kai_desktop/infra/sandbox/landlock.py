"""Linux Landlock, deny-all: after this call the process can open no file and no TCP port.

Used by the sandbox worker once its imports are done. Best effort: on a kernel without
Landlock, or another OS, it reports False and the worker relies on its other limits.
Talks to the kernel through ``ctypes`` syscalls (no third-party package).
"""

from __future__ import annotations

import ctypes
import platform
import sys
from typing import Final

_SYSCALLS: Final = {"x86_64": (444, 446), "aarch64": (444, 446), "arm64": (444, 446)}
_PR_SET_NO_NEW_PRIVS: Final = 38
_CREATE_RULESET_VERSION: Final = 1 << 0
# Filesystem rights by ABI version: 13 rights in v1, REFER in v2, TRUNCATE in v3,
# IOCTL_DEV in v5. Network (TCP bind/connect) from v4, scopes (abstract unix sockets,
# signals) from v6.
_FS_RIGHTS: Final = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}


def _fs_rights(abi: int) -> int:
    return _FS_RIGHTS[max(v for v in _FS_RIGHTS if v <= abi)]


def restrict_all() -> int:
    """Deny the calling process every filesystem and TCP access; the ABI used, 0 if none."""
    numbers = _SYSCALLS.get(platform.machine())
    if not sys.platform.startswith("linux") or numbers is None:
        return 0
    create, restrict = numbers
    libc = ctypes.CDLL(None, use_errno=True)
    abi = int(libc.syscall(create, None, ctypes.c_size_t(0), _CREATE_RULESET_VERSION))
    if abi < 1:
        return 0
    fields = [_fs_rights(abi)]
    if abi >= 4:
        fields.append(0b11)
    if abi >= 6:
        fields.append(0b11)
    attr = (ctypes.c_uint64 * len(fields))(*fields)
    fd = int(libc.syscall(create, ctypes.byref(attr), ctypes.c_size_t(ctypes.sizeof(attr)), 0))
    if fd < 0:
        return 0
    try:
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return 0
        if libc.syscall(restrict, fd, 0) != 0:
            return 0
    finally:
        libc.close(fd)
    return abi
