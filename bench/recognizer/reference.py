#!/usr/bin/env python3
"""Renders the text-line fixtures and onnxruntime's reading of each with the original model.

Writes Fixtures/lines/*.png (lines drawn by ImageMagick with Noto Sans CJK, 48 pixels high, so
that the recognizer reads them without scaling) and Fixtures/lines/reference.tsv: for each
image, what PaddleOCR's PP-OCRv4 recogniser as shipped (the ONNX file in the pinned
rapidocr-onnxruntime wheel) reads on onnxruntime, given the input the recognizer builds in
Sources/CTextDetection/Recognizer.cpp (BGR, (x / 255 - 0.5) / 0.5, padded with zeros to 320 or
the next multiple of 160), decoded the same way (best class per position, repeats collapsed,
blanks dropped; confidence the mean probability of the kept classes). The tests
(Tests/TextDetectionTests/RecognizerReferenceTests.swift) check that the rewritten model on
OpenCV reads the same text with the same confidence.

Runs in the virtual environment bench/photos/run.py makes for RapidOCR (bench/out/rapidocr-venv,
made here when missing): it has onnxruntime, OpenCV's Python package and the wheel's model.

Usage: bench/recognizer/reference.py
"""
import importlib.util
import math
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
FIXTURES = REPO / "Fixtures" / "lines"

# name, text, ImageMagick drawing options (after the font and size), then options after drawing.
LINES = [
    ("zh-hours", "营业时间 09:00-21:00", ["-background", "#f4f1ea", "-fill", "#202020"], []),
    ("en-platform", "Platform 2 Central Station", ["-background", "white", "-fill", "#102040"], []),
    ("zh-address", "北京市朝阳区建国路88号", ["-background", "#fffbe8", "-fill", "#303030"], []),
    ("mixed-inverted", "出口 EXIT 3 → 地铁站", ["-background", "#204080", "-fill", "#f0f0f0"], []),
    ("en-blurred", "TOTAL 23.45 USD  VISA ****1234",
     ["-background", "#eeeeea", "-fill", "#404040"], ["-blur", "0x1.2", "-seed", "3", "-attenuate", "0.6", "+noise", "Gaussian"]),
    ("zh-price-noisy", "红烧牛肉面 小碗 ¥18 大碗 ¥22",
     ["-background", "#e8e0d0", "-fill", "#5a1010"], ["-blur", "0x0.8", "-seed", "5", "-attenuate", "0.8", "+noise", "Gaussian"]),
]
HEIGHT = 48
FONT = "Noto Sans CJK SC"


def render(name, text, drawing, after):
    font = subprocess.run(["fc-match", "-f", "%{file}", FONT], capture_output=True, text=True, check=True).stdout
    path = FIXTURES / f"{name}.png"
    background = drawing[drawing.index("-background") + 1]
    subprocess.run(["convert", *drawing, "-font", font, "-pointsize", "30", f"label:{text}", "-trim", "+repage",
                    "-bordercolor", background, "-border", "6", "-resize", f"x{HEIGHT}",
                    *after, "-alpha", "off", "-type", "TrueColor", "-depth", "8", "-define", "png:exclude-chunks=date,time", str(path)],
                   check=True)
    return path


def reference_python():
    spec = importlib.util.spec_from_file_location("photo_bench", REPO / "bench" / "photos" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.rapidocr_python()


WORKER = r'''
import sys, math, json
from pathlib import Path
import cv2, numpy as np, onnxruntime
import rapidocr_onnxruntime
model = Path(rapidocr_onnxruntime.__file__).parent / "models" / "ch_PP-OCRv4_rec_infer.onnx"
session = onnxruntime.InferenceSession(str(model), providers=["CPUExecutionProvider"])
characters = [""] + session.get_modelmeta().custom_metadata_map["character"].split("\n") + [" "]
for path in sys.argv[1:]:
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    height, width = image.shape[:2]
    assert height == 48, (path, image.shape)
    padded = max(320, math.ceil(width / 160) * 160)
    blob = np.zeros((1, 3, 48, padded), np.float32)
    blob[0, :, :, :width] = image.transpose(2, 0, 1).astype(np.float32) / 127.5 - 1
    probabilities = session.run(None, {"x": blob})[0][0]
    best, top = probabilities.argmax(1), probabilities.max(1)
    text, kept, previous = "", [], -1
    for index, probability in zip(best, top):
        if index != 0 and index != previous:
            text += characters[index]
            kept.append(float(probability))
        previous = index
    print(json.dumps({"path": path, "width": padded, "text": text,
                      "confidence": sum(kept) / len(kept) if kept else 0.0}, ensure_ascii=False))
'''


def main():
    FIXTURES.mkdir(parents=True, exist_ok=True)
    paths = [render(*line) for line in LINES]
    python = reference_python()
    result = subprocess.run([str(python), "-c", WORKER, *map(str, paths)], capture_output=True, text=True, check=True)
    import json
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    with open(FIXTURES / "reference.tsv", "w", encoding="utf-8") as handle:
        handle.write("# file\tdrawn text\tonnxruntime's reading\tits confidence\tinput width\n")
        for (name, text, _, _), row in zip(LINES, rows):
            handle.write(f"{name}.png\t{text}\t{row['text']}\t{row['confidence']:.6f}\t{row['width']}\n")
    print((FIXTURES / "reference.tsv").read_text(encoding="utf-8"))


if __name__ == "__main__":
    sys.exit(main())
