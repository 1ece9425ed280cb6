#!/usr/bin/env python3
"""OCR accuracy and speed of `translate --ocr-only` against the `tesseract` command.

Both read the same images with the same languages (kor+eng by default). Accuracy is the
character error rate against each image's ground truth; speed is the whole-process wall time
of one `translate` call over every image against a shell loop of `tesseract IMG - -l LANGS`,
the way a user runs it, timed side by side by hyperfine.

Usage: bench/ocr/run.py [--translate PATH] [--langs kor+eng] [--runs N]
"""
import argparse
import csv
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BENCH_DATA = REPO.parent / "shared" / "bench-data" / "images"


def normalize(text):
    return " ".join(text.split())


def edit_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
        previous = current
    return previous[-1]


def cer(read, truth):
    read, truth = normalize(read), normalize(truth)
    return edit_distance(read, truth) / max(1, len(truth))


def ground_truths():
    """(image path, truth text) for every image that has a ground truth."""
    items = []
    fixtures = REPO / "Fixtures" / "images"
    for truth in sorted(fixtures.glob("*.gt.txt")):
        image = fixtures / (truth.name[: -len(".gt.txt")] + ".png")
        if image.exists():
            items.append((image, truth.read_text()))
    pages = sorted(fixtures.glob("english-two-pages.page*.gt.txt"))
    if pages:
        items.append((fixtures / "english-two-pages.tif", "\n".join(p.read_text() for p in pages)))
    tess = BENCH_DATA / "tesseract"
    gold = (tess / "phototest.gold.txt").read_text()
    for name in ["phototest.tif", "phototest-rotated-180.png", "phototest-rotated-L.png", "phototest-rotated-R.png"]:
        items.append((tess / name, gold))
    items.append((tess / "eurotext.tif", (tess / "eurotext.txt").read_text()))
    lines = {}
    with open(BENCH_DATA / "easyocr" / "ground-truth.tsv") as handle:
        for row in csv.reader((l for l in handle if not l.startswith("#")), delimiter="\t"):
            if len(row) >= 3:
                lines.setdefault(row[0], []).append(row[2])
    for name, text in sorted(lines.items()):
        items.append((BENCH_DATA / "easyocr" / name, "\n".join(text)))
    return items


def run(command):
    return subprocess.run(command, capture_output=True, text=True).stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--langs", default="kor+eng")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    items = ground_truths()
    print(f"## OCR: translate --ocr-only vs tesseract (-l {args.langs}), {len(items)} images\n")
    print("| image | translate CER | tesseract CER |")
    print("|---|---:|---:|")
    totals = [0.0, 0.0]
    for image, truth in items:
        ours = run([args.translate, str(image), "--ocr-only", "--format", "plain", "-l", args.langs])
        theirs = run(["tesseract", str(image), "-", "-l", args.langs])
        a, b = cer(ours, truth), cer(theirs, truth)
        totals[0] += a
        totals[1] += b
        print(f"| {image.relative_to(image.parents[1])} | {a:.2%} | {b:.2%} |")
    print(f"| **mean** | **{totals[0] / len(items):.2%}** | **{totals[1] / len(items):.2%}** |\n")

    images = [str(image) for image, _ in items]
    ours = " ".join([args.translate, "--ocr-only", "--format", "plain", "-l", args.langs] + images)
    loop = "for f in " + " ".join(images) + f"; do tesseract \"$f\" - -l {args.langs}; done"
    with tempfile.TemporaryDirectory() as tmp:
        export = Path(tmp) / "times.json"
        subprocess.run(["hyperfine", "--warmup", "1", "--runs", str(args.runs), "--style", "none",
                        "--export-json", str(export), "-n", "translate", ours, "-n", "tesseract loop", loop],
                       check=True, stdout=subprocess.DEVNULL)
        results = json.loads(export.read_text())["results"]
    median = {r["command"]: r["median"] for r in results}
    print(f"| whole run, {len(images)} images | median wall time |")
    print("|---|---:|")
    for name, seconds in median.items():
        print(f"| {name} | {seconds:.2f} s |")
    print(f"\nSpeed-up (tesseract loop / translate): **{median['tesseract loop'] / median['translate']:.2f}×**")


if __name__ == "__main__":
    sys.exit(main())
