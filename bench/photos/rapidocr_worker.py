"""Reads images with RapidOCR for bench/photos/run.py; runs inside the benchmark's virtual environment.

Loads the models once, prints one JSON line {"ready": seconds, "version": ...}, then for each
image path read from standard input prints {"text": lines joined by newlines, "seconds": wall
time, "cpu": process CPU time (all threads)} for that image alone, model loading excluded.
"""
import json
import sys
import time

started = time.perf_counter()
from rapidocr_onnxruntime import RapidOCR  # noqa: E402

engine = RapidOCR()
try:
    from importlib.metadata import version
    versions = {name: version(name) for name in ("rapidocr_onnxruntime", "onnxruntime")}
except Exception:  # the figures matter more than the version label
    versions = {}
print(json.dumps({"ready": time.perf_counter() - started, "version": versions}), flush=True)

for line in sys.stdin:
    path = line.rstrip("\n")
    if not path:
        continue
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        result, _ = engine(path)
        text, error = "\n".join(item[1] for item in result or []), None
    except Exception as exc:  # one unreadable image must not end the run
        text, error = "", f"{type(exc).__name__}: {exc}"
    reply = {"text": text, "seconds": time.perf_counter() - wall, "cpu": time.process_time() - cpu}
    if error:
        reply["error"] = error
    print(json.dumps(reply, ensure_ascii=False), flush=True)
