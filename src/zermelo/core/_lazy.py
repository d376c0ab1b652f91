"""Lazy packages: a package's names load their modules on first use (PEP 562).

``import zermelo``, ``zermelo.heaps`` or ``zermelo.values`` then imports no submodule, so
``import zermelo.rules`` loads no game and a CLI command loads only what it runs.  Bottom floor:
imports nothing of zermelo.

>>> getattr_, dir_ = lazy("json", {"JSONEncoder": ".encoder", "decoder": None})
>>> getattr_("decoder").__name__, getattr_("JSONEncoder").__name__, "JSONEncoder" in dir_()
('json.decoder', 'JSONEncoder', True)
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable
from typing import Any

__all__ = ["lazy"]


def lazy(package: str, homes: dict[str, str | None]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: ``homes`` maps each name to the relative
    module that defines it (``".codes"``), or to ``None`` for a submodule of that name."""

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        home = homes[name]
        if home is None:
            value = importlib.import_module(f".{name}", package)
        else:
            value = getattr(importlib.import_module(home, package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *homes})

    # A name that is also its module's name (``zermelo.heaps.sequence``, the function, in the
    # module ``sequence``): importing the submodule sets the package's attribute to the module;
    # the package keeps the function instead, as an eager ``from .sequence import sequence`` did.
    clashes = {name for name, home in homes.items() if home == f".{name}"}
    if clashes:
        sys.modules[package].__class__ = _keeping(package, clashes)
    return __getattr__, __dir__


def _keeping(package: str, names: set[str]) -> type[types.ModuleType]:
    class Package(types.ModuleType):
        def __setattr__(self, name: str, value: object) -> None:
            if name in names and isinstance(value, types.ModuleType) and value.__name__ == f"{package}.{name}":
                value = getattr(value, name)
            super().__setattr__(name, value)

    return Package
