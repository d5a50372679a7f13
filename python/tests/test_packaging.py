"""The package as published: the wheel's licence files and metadata, and
the sdist's contents (the workspace's path crates included)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT

LICENCES = ("LICENSE-MIT", "LICENSE-APACHE")


def test_the_wheel_carries_the_licences() -> None:
    wheel = os.environ.get("CHESS960_WHEEL")
    if not wheel:
        pytest.skip("no built wheel: python/run-tests.sh sets CHESS960_WHEEL")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
        for licence in LICENCES:
            text = archive.read(f"{info}/licenses/{licence}").decode()
            assert text == (ROOT / licence).read_text(encoding="utf-8")
        metadata = archive.read(f"{info}/METADATA").decode()
    assert "License-Expression: MIT OR Apache-2.0" in metadata.splitlines()
    for licence in LICENCES:
        assert f"License-File: {licence}" in metadata.splitlines()
    assert any(name.endswith("py.typed") for name in names)
    assert any(name.endswith("_chess960.pyi") for name in names)
    # One wheel for every CPython from 3.9 (the stable ABI).
    assert "-cp39-abi3-" in Path(wheel).name


def test_the_sdist_holds_what_it_builds_from(tmp_path: Any) -> None:
    maturin = shutil.which("maturin", path=str(Path(sys.executable).parent)) or shutil.which("maturin")
    if maturin is None:
        pytest.skip("maturin is not installed")
    subprocess.run(
        [maturin, "sdist", "-m", str(ROOT / "python" / "Cargo.toml"), "-o", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    (sdist,) = tmp_path.glob("chess960-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
        for licence in LICENCES:
            member = archive.extractfile(f"{sdist.name[: -len('.tar.gz')]}/{licence}")
            assert member is not None and member.read().decode() == (ROOT / licence).read_text(
                encoding="utf-8"
            )
    # The Python package, its crate and the path crates it depends on.
    for needed in (
        "pyproject.toml",
        "Cargo.lock",
        "python/Cargo.toml",
        "python/src/lib.rs",
        "chess960/__init__.py",
        "archive/src/lib.rs",
        "core/src/lib.rs",
        "src/lib.rs",
        "build.rs",
    ):
        assert needed in names, needed
