#!/usr/bin/env python3
"""PP-OCR text-line models side by side: v4 (what translate ships), v5, v6 small and v6 tiny.

Detection and recognition are measured apart, on run.py's photo sets (photos, easyocr, and the
photographed pages of documents), with run.py's set loading and scoring. Every model runs on
ONNX Runtime with one thread (as translate runs it), in a virtual environment this script makes
under bench/out/models-venv, from the files scripts/fetch-text-detector.py,
fetch-text-recognizer.py and fetch-photo-models.py install. Models take turns on each photo and
each line, so a shared machine's load falls on all alike.

Recognition alone: the ground truth has no line boxes, so the crops are the lines one fixed
detector (--crops-from, default v4) finds, cut out as PP-OCR does. Each ground-truth line is
given the crop whose reading is most like it, by any of the four recognisers or by Tesseract
reading the crop as one line with the photo's languages (Tesseract reads the scripts none of the
PP-OCR models knows); two crops next to each other in reading order, their readings joined by a
space, compete too (a line the detector split). A line that no reading makes 50% similar has no
crop and is left out. Every recogniser then reads the same crops. A line's errors are the edit distance between it and the
best-matching stretch of its crop's reading (run.py's best_stretch), so a crop holding two
ground-truth lines costs neither anything for the other. CER is per script (of the line's
characters; Han in a Japanese photo counts as Japanese), and again with the ground truth and the
readings in NFKC, since the ground truth writes ASCII colons where Chinese text has full-width
ones. Time: per crop read, all crops.

Detection alone: each detector, then v6 small reading every box; the boxes' readings top to
bottom are scored with run.py's score (CER, lines found, junk). v6 small also sees the photo in
grey (converted, then back to three channels). Time: the detector alone, per photo.

Pre- and post-processing as PaddleOCR's: the detector sees the photo (BGR) with its longer side
at most 960 (never enlarged), each side rounded to a multiple of 32, normalised by mean
(0.485, 0.456, 0.406) and deviation (0.229, 0.224, 0.225); DB post-processing with threshold 0.3,
box threshold 0.6, unclip ratio 1.5 (a rectangle grown by area × ratio / perimeter on each side,
what the polygon offset gives a rectangle). A recogniser sees the crop at height 48, width by
its aspect ratio, padded to at least 320, scaled to -1...1; greedy CTC decoding with the blank
first and a space after the character list (each model's output size is checked to be its
characters + 2).

Usage: bench/photos/models.py [--sets photos,easyocr,documents] [--crops-from v4] [--runs N]
                              [--details] [--results FILE]
"""
import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
VENV = REPO / "bench" / "out" / "models-venv"
PACKAGES = ["onnxruntime==1.32.0", "numpy", "opencv-python-headless"]


def ensure_venv():
    """Re-runs this script in the virtual environment (made on first use) unless already in it."""
    try:
        import cv2, numpy, onnxruntime  # noqa: F401, E401
        return
    except ImportError:
        pass
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"setting up {VENV} (pip install {' '.join(PACKAGES)}) ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PACKAGES], check=True)
    os.execv(str(python), [str(python), __file__, *sys.argv[1:]])


ensure_venv()
import cv2  # noqa: E402
import numpy as np  # noqa: E402
import onnxruntime as ort  # noqa: E402

sys.path.insert(0, str(HERE))
import run  # noqa: E402  (its sets, scores and whitespace rule)

DATA = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "translate"
DETECTORS = {"v4": "text-detector.shipped.onnx", "v5": "text-detector.ppocrv5.onnx",
             "v6 small": "text-detector.ppocrv6-small.onnx", "v6 tiny": "text-detector.ppocrv6-tiny.onnx"}
RECOGNIZERS = {"v4": ("text-recognizer.shipped.onnx", "text-recognizer.characters.txt"),
               "v5": ("text-recognizer.ppocrv5.onnx", "text-recognizer.ppocrv5.characters.txt"),
               "v6 small": ("text-recognizer.ppocrv6-small.onnx", "text-recognizer.ppocrv6-small.characters.txt"),
               "v6 tiny": ("text-recognizer.ppocrv6-tiny.onnx", "text-recognizer.ppocrv6-tiny.characters.txt")}
READER = "v6 small"  # the one recogniser behind every detector
LIMIT_SIDE, THRESHOLD, BOX_THRESHOLD, UNCLIP = 960, 0.3, 0.6, 1.5
MEAN, STD = np.array([0.485, 0.456, 0.406], np.float32), np.array([0.229, 0.224, 0.225], np.float32)
MATCH = 0.5  # a ground-truth line needs a crop read at least this similar to it


def session(name):
    path = DATA / name
    if not path.exists():
        sys.exit(f"models.py: {path} is missing (scripts/fetch-text-detector.py, fetch-text-recognizer.py, "
                 "fetch-photo-models.py --all install the models)")
    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


class Detector:
    def __init__(self, name, grey=False):
        self.session, self.grey = session(DETECTORS[name]), grey

    def boxes(self, image):
        """Each line's four corners (top-left, top-right, bottom-right, bottom-left) in the photo."""
        if self.grey:
            image = cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
        height, width = image.shape[:2]
        scale = min(1.0, LIMIT_SIDE / max(height, width))
        size = [max(32, round(side * scale / 32) * 32) for side in (width, height)]
        pixels = (cv2.resize(image, size).astype(np.float32) / 255 - MEAN) / STD
        probability = self.session.run(None, {"x": pixels.transpose(2, 0, 1)[None]})[0][0, 0]
        found = []
        contours, _ = cv2.findContours((probability > THRESHOLD).astype(np.uint8), cv2.RETR_LIST,
                                       cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours[:1000]:
            rect = cv2.minAreaRect(contour)
            if min(rect[1]) < 3 or box_score(probability, cv2.boxPoints(rect)) < BOX_THRESHOLD:
                continue
            (w, h) = rect[1]
            grow = w * h * UNCLIP / (2 * (w + h))
            rect = (rect[0], (w + 2 * grow, h + 2 * grow), rect[2])
            if min(rect[1]) < 5:
                continue
            corners = ordered(cv2.boxPoints(rect)) * [width / size[0], height / size[1]]
            found.append(np.clip(corners, 0, [width, height]).astype(np.float32))
        return sorted(found, key=lambda c: (round(c[:, 1].mean() / 10), c[:, 0].mean()))


def box_score(probability, corners):
    """Mean probability inside the box (PaddleOCR's box_score_fast)."""
    height, width = probability.shape
    x0, y0 = np.clip(np.floor(corners.min(0)).astype(int), 0, [width - 1, height - 1])
    x1, y1 = np.clip(np.ceil(corners.max(0)).astype(int), 0, [width - 1, height - 1])
    mask = np.zeros((y1 - y0 + 1, x1 - x0 + 1), np.uint8)
    cv2.fillPoly(mask, [(corners - [x0, y0]).astype(np.int32)], 1)
    return cv2.mean(probability[y0:y1 + 1, x0:x1 + 1], mask)[0]


def ordered(points):
    """Corners as PaddleOCR's get_mini_boxes orders them: top-left, top-right, bottom-right, bottom-left."""
    p = sorted(points.tolist(), key=lambda q: q[0])
    left = (p[0], p[1]) if p[1][1] > p[0][1] else (p[1], p[0])
    right = (p[2], p[3]) if p[3][1] > p[2][1] else (p[3], p[2])
    return np.array([left[0], right[0], right[1], left[1]], np.float32)


def crop(image, corners):
    """The line straightened (PaddleOCR's get_rotate_crop_image); a standing one turned to lie."""
    width = int(max(np.linalg.norm(corners[0] - corners[1]), np.linalg.norm(corners[2] - corners[3])))
    height = int(max(np.linalg.norm(corners[0] - corners[3]), np.linalg.norm(corners[1] - corners[2])))
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    line = cv2.warpPerspective(image, cv2.getPerspectiveTransform(corners, target), (max(1, width), max(1, height)),
                               borderMode=cv2.BORDER_REPLICATE, flags=cv2.INTER_CUBIC)
    return np.rot90(line) if height >= 1.5 * width else line


class Recognizer:
    def __init__(self, name):
        model, characters = RECOGNIZERS[name]
        self.session = session(model)
        # The CTC blank first, a space last.
        self.labels = ["", *(DATA / characters).read_text(encoding="utf-8").split("\n")[:-1], " "]
        classes = self.session.get_outputs()[0].shape[-1]
        if classes != len(self.labels):
            sys.exit(f"models.py: {model} has {classes} classes for {len(self.labels)} labels")

    def read(self, line):
        height, width = line.shape[:2]
        resized = cv2.resize(line, (max(1, math.ceil(48 * width / height)), 48)).astype(np.float32) / 127.5 - 1
        pixels = np.zeros((1, 3, 48, max(320, resized.shape[1])), np.float32)
        pixels[0, :, :, :resized.shape[1]] = resized.transpose(2, 0, 1)
        best = self.session.run(None, {"x": pixels})[0][0].argmax(axis=1)
        return "".join(self.labels[c] for i, c in enumerate(best) if c and (i == 0 or c != best[i - 1]))


def tesseract_lines(crops, languages):
    """Tesseract's reading of each crop as one line (one process for all crops of a photo)."""
    with tempfile.TemporaryDirectory(prefix="models.") as folder:
        paths = []
        for number, line in enumerate(crops):
            paths.append(os.path.join(folder, f"{number}.png"))
            cv2.imwrite(paths[-1], line)
        Path(folder, "list.txt").write_text("\n".join(paths) + "\n")
        result = subprocess.run(["tesseract", os.path.join(folder, "list.txt"), "stdout", "--psm", "7", "-l",
                                 run.tesseract_languages(languages)], capture_output=True, text=True,
                                env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    pages = result.stdout.split("\f")
    return [pages[i] if i < len(pages) else "" for i in range(len(crops))]


def script_of(line, languages):
    def has(*ranges):
        return any(lo <= ord(c) <= hi for c in line for lo, hi in ranges)
    if has((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7AF)):
        return "Korean (Hangul)"
    if has((0x3040, 0x30FF)) or ("ja" in languages and has((0x4E00, 0x9FFF))):
        return "Japanese"
    if has((0x3400, 0x4DBF), (0x4E00, 0x9FFF)):
        return "Chinese (Han)"
    for name, ranges in (("Thai", [(0x0E00, 0x0E7F)]), ("Cyrillic", [(0x0400, 0x04FF)]),
                         ("Devanagari", [(0x0900, 0x097F)])):
        if has(*ranges):
            return name
    return "Latin" if any(c.isalpha() for c in line) else "digits, symbols"


def truth_lines(item):
    """(cleaned line, script) of each ground-truth line run.score counts, in its order."""
    cleaned = [(run.normalize(line), line) for line in item["lines"]]
    return [(clean, script_of(line, item["languages"])) for clean, line in cleaned if clean]


def timed(function, *arguments):
    started = time.perf_counter()
    result = function(*arguments)
    return result, time.perf_counter() - started


def distance(line, reading, fold=False):
    """run.py's edit distance of the line to its best stretch of the reading; `fold`: both in NFKC
    first, so that full-width punctuation (：，) and ℃ count as the ASCII the ground truth has."""
    if fold:
        line, reading = run.normalize(unicodedata.normalize("NFKC", line)), unicodedata.normalize("NFKC", reading)
    return run.best_stretch(line, run.normalize(reading))[0]


# ---------------------------------------------------------------------------------------------
# The measurements


def recognition(items, detector, recognizers, runs):
    """Per (recogniser, widths folded) {script: [distance, characters, lines found, lines]}; per
    recogniser seconds per crop; the number of crops; the lines without a crop."""
    per_script = {(name, fold): {} for name in recognizers for fold in (False, True)}
    seconds = {name: [] for name in recognizers}
    missing = []
    for number, item in enumerate(items, 1):
        print(f"\rrecognition {number}/{len(items)} {item['name']:40}", end="", file=sys.stderr, flush=True)
        image = cv2.imread(str(item["path"]))
        crops = [crop(image, corners) for corners in detector.boxes(image)]
        readings = {name: [] for name in recognizers}
        for line in crops:
            for name, recognizer in recognizers.items():  # in turns, line by line
                times = []
                for _ in range(runs):
                    text, wall = timed(recognizer.read, line)
                    times.append(wall)
                readings[name].append(text)
                seconds[name].append(statistics.median(times))
        readings["tesseract"] = tesseract_lines(crops, item["languages"])
        # A crop, or two crops next to each other in reading order: a line the detector split in two.
        candidates = [(k,) for k in range(len(crops))] + [(k, k + 1) for k in range(len(crops) - 1)]

        def joined(texts, candidate):
            return " ".join(texts[k] for k in candidate)
        for truth, script in truth_lines(item):
            # The candidate most like the line by any reading; the one read shortest among equals.
            best = max(((1 - distance(truth, joined(texts, c)) / len(truth), -abs(len(joined(texts, c)) - len(truth)), c)
                        for texts in readings.values() for c in candidates), default=(0, 0, ()))
            if best[0] < MATCH:
                missing.append((item["name"], script, truth))
                continue
            for name in recognizers:
                for fold in (False, True):
                    cost = distance(truth, joined(readings[name], best[2]), fold)
                    figures = per_script[(name, fold)].setdefault(script, [0, 0, 0, 0])
                    figures[0] += cost
                    figures[1] += len(truth)
                    figures[2] += 1 - cost / len(truth) >= run.FOUND
                    figures[3] += 1
    print(file=sys.stderr)
    return per_script, {name: statistics.mean(s) for name, s in seconds.items()}, len(seconds[READER]), missing


def detection(items, detectors, reader, runs):
    """Per detector: each photo's run.score figures with detector seconds and boxes, and per-script
    [distance, characters, lines found, lines]."""
    scores = {name: [] for name in detectors}
    per_script = {name: {} for name in detectors}
    for number, item in enumerate(items, 1):
        print(f"\rdetection {number}/{len(items)} {item['name']:40}", end="", file=sys.stderr, flush=True)
        image = cv2.imread(str(item["path"]))
        for name, detector in detectors.items():  # in turns, photo by photo
            walls = []
            for _ in range(runs):
                boxes, wall = timed(detector.boxes, image)
                walls.append(wall)
            wall = statistics.median(walls)
            text = "\n".join(reader.read(crop(image, corners)) for corners in boxes)
            scored = run.score(item["lines"], text, run.normalize, item.get("omitted", ()))
            scored.update(wall=wall, boxes=len(boxes), name=item["name"], set=item["set"])
            scores[name].append(scored)
            for (truth, script), match in zip(truth_lines(item), scored["matches"]):
                figures = per_script[name].setdefault(script, [0, 0, 0, 0])
                figures[0] += match["distance"]
                figures[1] += len(truth)
                figures[2] += match["similarity"] >= run.FOUND
                figures[3] += 1
    print(file=sys.stderr)
    return scores, per_script


# ---------------------------------------------------------------------------------------------
# The tables


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|"]
    return "\n".join(lines + ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows])


def summed(by_script, script):
    """[distance, characters, lines found, lines] of one script, or of all of them for "all"."""
    chosen = by_script.values() if script == "all" else [by_script.get(script, [0, 0, 0, 0])]
    return [sum(f[i] for f in chosen) for i in range(4)]


def cer(figures):
    return f"{figures[0] / max(1, figures[1]):.1%}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("--sets", default="photos,easyocr,documents", help="comma-separated run.py sets")
    parser.add_argument("--crops-from", default="v4", choices=list(DETECTORS), help="the detector giving the crops")
    parser.add_argument("--runs", type=int, default=1, help="readings per crop and detections per photo; times are medians")
    parser.add_argument("--details", action="store_true", help="also a table per photo for detection")
    parser.add_argument("--results", type=Path, help="also write the tables to this markdown file")
    args = parser.parse_args()
    sets = [s for s in args.sets.split(",") if s]
    items = [item for s in sets for item in run.load(s)]

    recognizers = {name: Recognizer(name) for name in RECOGNIZERS}
    per_script, seconds, crops, missing = recognition(items, Detector(args.crops_from), recognizers, args.runs)
    detectors = {name: Detector(name) for name in DETECTORS}
    detectors["v6 small, grey"] = Detector("v6 small", grey=True)
    scores, detected_scripts = detection(items, detectors, recognizers[READER], args.runs)

    out = [f"PP-OCR models on {len(items)} photos ({', '.join(sets)}); ONNX Runtime {ort.__version__}, one thread; "
           f"machine load {os.getloadavg()[0]:.2f} at the end.", "",
           f"Recognition alone: CER per script of the lines given a crop (crops from {args.crops_from} detection), "
           "lines read at least 80% right in brackets; time per crop read.", ""]
    totals = {}
    for item in items:
        for _, script in truth_lines(item):
            totals[script] = totals.get(script, 0) + 1
    scripts = sorted(totals, key=lambda s: -per_script[(READER, False)].get(s, [0, 0])[1])
    for fold in (False, True):
        rows = []
        for script in scripts + ["all"]:
            figures = {name: summed(per_script[(name, fold)], script) for name in recognizers}
            total = sum(totals.values()) if script == "all" else totals[script]
            rows.append([script, f"{figures[READER][3]} of {total}", figures[READER][1]]
                        + [f"{cer(f)} ({f[2]})" for f in figures.values()])
        if fold:
            out += ["", "The same with the ground truth and the readings in NFKC (full-width ： and ， and ℃ "
                    "count as the ASCII : , °C the ground truth writes).", ""]
        else:
            rows.append([f"ms per crop ({crops} crops)", "", ""] + [f"{1000 * seconds[name]:.1f}" for name in recognizers])
        out.append(table(["script", "lines", "characters", *recognizers], rows))
    if missing:
        out += ["", f"Lines without a crop ({len(missing)}): "
                + "; ".join(f"{name} [{script}] {truth}" for name, script, truth in missing)]

    out += ["", f"Detection alone: each detector, then {READER} reading its boxes; run.py's figures per set; "
            "seconds per photo for the detector alone.", ""]
    rows = []
    for set_name in sets:
        for name in detectors:
            shot = [s for s in scores[name] if s["set"] == set_name]
            p = run.pooled(shot)
            rows.append([set_name, name, len(shot), f"{p['cer']:.1%}", f"{p['found']:.1%} ({p['found_lines']}/{p['lines']})",
                         f"{p['junk']:.2f}", f"{p['junk_aside']:.2f}", f"{statistics.mean(s['wall'] for s in shot):.2f}",
                         f"{statistics.mean(s['boxes'] for s in shot):.0f}"])
    out.append(table(["set", "detector", "photos", "CER", "lines found", "junk", "junk, omitted aside", "s/photo", "boxes"], rows))

    out += ["", f"Detection alone, per script: CER (lines found), {READER} reading every detector's boxes.", ""]
    rows = [[script, detected_scripts[READER][script][3]] + [f"{cer(f)} ({f[2]})" for f in
            (detected_scripts[name][script] for name in detectors)] for script in
            sorted(detected_scripts[READER], key=lambda s: -detected_scripts[READER][s][1])]
    out.append(table(["script", "lines", *detectors], rows))

    if args.details:
        out += ["", "Detection per photo: lines found / lines, boxes, seconds.", ""]
        rows = []
        for number, first in enumerate(scores[READER]):
            rows.append([first["name"], first["lines"]] + [f"{s['found']} / {s['boxes']} / {s['wall']:.2f}" for s in
                                                           (scores[name][number] for name in detectors)])
        out.append(table(["photo", "lines", *detectors], rows))

    text = "\n".join(out)
    print(text)
    if args.results:
        command = "bench/photos/models.py " + " ".join(sys.argv[1:])
        args.results.write_text(f"# PP-OCR models, measured\n\n`{command}`\n\n{text}\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
