#!/usr/bin/python3
"""Installs ONNX Runtime's library, which runs the text-line recogniser in about half OpenCV's time.

Downloads the onnxruntime wheel from PyPI for this machine's Python, checks the library's sha256,
and writes `libonnxruntime.so.1.32.0` with its licence and third-party notices to the
destination directory (the one the recogniser's models are in, where `translate` looks for it).
Without it the recogniser runs on OpenCV, reading the same, more slowly.

The wheel has no C headers: `translate` declares the few entry points it calls itself
(Sources/CTextDetection/OnnxRuntime.cpp).
"""

import argparse
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import sibling_script

# scripts/fetch-text-detector.py: its data directory and file helpers are shared.
detector = sibling_script.load("fetch-text-detector.py")

REQUIREMENT = "onnxruntime==1.32.0"
LIBRARY_MEMBER = "onnxruntime/capi/libonnxruntime.so.1.32.0"
LIBRARY_NAME = "libonnxruntime.so.1.32.0"
# The library is the same in the wheel of every Python version; its digest is what is pinned.
LIBRARY_SHA256 = "6c1585d1bbf45b0712ea4a21b705c5fcb4ba04ff2e30f1fbf81a49faf658638f"
NOTICES = {"onnxruntime/LICENSE": LIBRARY_NAME + ".LICENSE.txt",
           "onnxruntime/ThirdPartyNotices.txt": LIBRARY_NAME + ".ThirdPartyNotices.txt"}


def download_wheel(directory: Path) -> Path:
    result = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                             "--dest", str(directory), REQUIREMENT], capture_output=True, text=True)
    wheels = list(directory.glob("onnxruntime-*.whl"))
    if result.returncode != 0 or len(wheels) != 1:
        sys.exit(f"fetch-onnxruntime: pip download failed:\n{result.stderr.strip()}")
    return wheels[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=Path, default=detector.default_output().parent,
                        help="where to write the library (default: %(default)s)")
    parser.add_argument("--wheel", type=Path, help="use this already downloaded onnxruntime 1.32.0 wheel")
    arguments = parser.parse_args()
    directory = arguments.output_dir.expanduser()
    library = directory / LIBRARY_NAME

    if (detector.file_sha256(library) == LIBRARY_SHA256
            and all((directory / name).exists() for name in NOTICES.values())):
        print(f"onnx runtime: {library} is already in place")
        return

    with tempfile.TemporaryDirectory(prefix="fetch-onnxruntime.") as temporary:
        wheel = arguments.wheel or download_wheel(Path(temporary))
        with zipfile.ZipFile(wheel) as archive:
            data = archive.read(LIBRARY_MEMBER)
            notices = {name: archive.read(member) for member, name in NOTICES.items()}
    if detector.sha256_of(data) != LIBRARY_SHA256:
        sys.exit(f"fetch-onnxruntime: {LIBRARY_MEMBER} has sha256 {detector.sha256_of(data)}, expected {LIBRARY_SHA256}")
    for name, text in notices.items():
        detector.write_atomically(directory / name, text)
    detector.write_atomically(library, data)
    print(f"onnx runtime: wrote {library}")


if __name__ == "__main__":
    main()
