#!/usr/bin/env python3
"""Photo lines prepared several ways before Tesseract reads them, scored by run.py's rule.

Each photo's lines are found by the text-line detector translate ships (PP-OCRv4's, through
models.py), each padded by a fifth of its height on every side and cut out flat as translate's
LineImage cuts it. Each cut-out line is scaled to 56 px and prepared in each of these ways, then
read by `tesseract -l LANGS --psm 7` with the photo's languages:

  stretched   dark text on light, grey levels stretched between the 2nd and 98th percentiles
              (the background's side of Otsu's threshold decides which way round): what
              translate read before 2026-12-04
  binarised   the same, Otsu's threshold
  evened      stretched, divided by its background (a grey closing by a square 0.6 of the line's
              height across, then that square's mean), stretched again: what translate reads now
  evened, binarised

and, as translate chooses between its grey and binarised line by Tesseract's confidence:
  before = the surer of stretched and binarised; now = the surer of evened and evened, binarised.

Every line's reading of a photo is joined and scored against its ground truth with run.py's
`score` (CER, lines found). Groups: all, each set (scenes by half: odd numbers tune, even held
out), and each photo's first Tesseract language.

Usage: bench/photos/line_preparation.py [--sets scenes,photos,easyocr]
"""
import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV_PYTHON = HERE.parents[1] / "bench" / "out" / "models-venv" / "bin" / "python"
try:
    import cv2, numpy, onnxruntime  # noqa: F401, E401
except ImportError:
    # models.py makes the virtual environment on first use; run in it.
    if not VENV_PYTHON.exists():
        subprocess.run([sys.executable, str(HERE / "models.py"), "--help"], check=True, capture_output=True)
    os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), __file__, *sys.argv[1:]])
import models  # noqa: E402
import cv2  # noqa: E402
import numpy as np  # noqa: E402
import run  # noqa: E402

HEIGHT, BORDER, PADDING, BACKGROUND = 56, 8, 0.2, 0.6
WAYS = ["stretched", "binarised", "evened", "evened, binarised"]
CHOICES = {"before": ["stretched", "binarised"], "now": ["evened", "evened, binarised"]}


def padded(corners):
    """The line's corners moved outwards by PADDING of its height, in the line's own frame."""
    top_left, top_right, bottom_right, bottom_left = corners
    height = (np.linalg.norm(bottom_left - top_left) + np.linalg.norm(bottom_right - top_right)) / 2
    across = (top_right - top_left) / max(1e-6, np.linalg.norm(top_right - top_left))
    down = (bottom_left - top_left) / max(1e-6, np.linalg.norm(bottom_left - top_left))
    grow = PADDING * height
    return np.array([top_left - (across + down) * grow, top_right + (across - down) * grow,
                     bottom_right + (across + down) * grow, bottom_left - (across - down) * grow], np.float32)


def otsu(image):
    threshold, _ = cv2.threshold(image, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return threshold


def light_background(image, threshold):
    border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    return (border > threshold).mean() >= 0.5


def stretched(image):
    invert = not light_background(image, otsu(image))
    ordered = np.sort(image.ravel())
    low, high = float(ordered[len(ordered) // 50]), float(ordered[len(ordered) - 1 - len(ordered) // 50])
    out = np.clip((image.astype(np.float32) - low) / max(1.0, high - low) * 255, 0, 255)
    return (255 - out if invert else out).astype(np.uint8)


def binarised(image):
    threshold = otsu(image)
    light = light_background(image, threshold)
    return np.where((image > threshold) == light, 255, 0).astype(np.uint8)


def evened(image):
    size = max(3, int(image.shape[0] * BACKGROUND) | 1)
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    background = cv2.blur(cv2.morphologyEx(image, cv2.MORPH_CLOSE, square, borderType=cv2.BORDER_REPLICATE), (size, size),
                          borderType=cv2.BORDER_REPLICATE)
    divided = np.clip(image.astype(np.float32) * 255 / np.maximum(background.astype(np.float32), 1), 0, 255)
    return stretched(divided.astype(np.uint8))


def prepared(line, way):
    scale = HEIGHT / line.shape[0]
    size = (max(1, round(line.shape[1] * scale)), HEIGHT)
    scaled = stretched(cv2.resize(line, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC))
    image = {"stretched": lambda: scaled, "binarised": lambda: binarised(scaled), "evened": lambda: evened(scaled),
             "evened, binarised": lambda: binarised(evened(scaled))}[way]()
    return cv2.copyMakeBorder(image, BORDER, BORDER, BORDER, BORDER, cv2.BORDER_CONSTANT, value=255)


def tesseract(image, languages):
    """(text, mean word confidence) of one line."""
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        cv2.imwrite(file.name, image)
        tsv = subprocess.run(["tesseract", file.name, "-", "-l", languages, "--psm", "7", "tsv"], capture_output=True,
                             text=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout
    words = [row.split("\t") for row in tsv.splitlines()[1:]]
    words = [(row[11], float(row[10])) for row in words if len(row) > 11 and row[11].strip()]
    return " ".join(text for text, _ in words), sum(c for _, c in words) / len(words) if words else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="scenes,photos,easyocr")
    args = parser.parse_args()
    detector = models.Detector("v4")
    names = WAYS + list(CHOICES)
    totals = {}
    for set_name in args.sets.split(","):
        for item in run.load(set_name):
            languages = run.tesseract_languages(item["languages"])
            image = cv2.imread(str(item["path"]))
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            lines = [line for line in (models.crop(grey, padded(c)) for c in detector.boxes(image))
                     if line.shape[0] >= 4 and line.shape[1] >= 4]
            readings = {way: [tesseract(prepared(line, way), languages) for line in lines] for way in WAYS}
            for choice, ways in CHOICES.items():
                readings[choice] = [max((readings[way][i] for way in ways), key=lambda r: r[1]) for i in range(len(lines))]
            group = set_name
            if set_name == "scenes":
                group += ", " + run.scene_kind(item["name"])[1]
            row = []
            for name in names:
                scored = run.score(item["lines"], "\n".join(text for text, _ in readings[name]))
                for key in ("all", group, languages.split("+")[0]):
                    counts = totals.setdefault(name, {}).setdefault(key, [0, 0, 0, 0])
                    for index, field in enumerate(("distance", "characters", "found", "lines")):
                        counts[index] += scored[field]
                row.append(f"{scored['distance']}/{scored['characters']}")
            print(f"{item['name']} ({languages}): " + ", ".join(f"{n} {r}" for n, r in zip(names, row)), file=sys.stderr)
    print("| group | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for key in sorted({key for groups in totals.values() for key in groups}, key=lambda k: (k != "all", k)):
        cells = []
        for name in names:
            distance, characters, found, lines = totals[name][key]
            cells.append(f"{distance / max(1, characters):.1%}, {found}/{lines}")
        print(f"| {key} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
