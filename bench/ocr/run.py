#!/usr/bin/env python3
"""OCR accuracy and speed of `translate --ocr-only` against the `tesseract` command, per category.

Both tools read the same images with the same Tesseract languages, chosen per image (kor+eng for
Korean, jpn, chi_sim, chi_tra, vie, tha, rus, deu, spa, fra, eng). Accuracy is the character error
rate (CER) against each image's ground truth; speed is the whole-process wall time of reading a
category the way a user would: one `translate` call per language over that category's images,
against a shell loop running `tesseract IMG - -l LANGS` once per image. Each category is timed
`--runs` times, alternating the two tools; the figures are medians.

Images: the rendered screenshot set (bench/screenshots/render.py, rendered when missing), the
fixtures in Fixtures/images/, and ../shared/bench-data/images/ (Tesseract's test pages and the
EasyOCR street-sign photos).

Usage: bench/ocr/run.py [--translate PATH] [--option OPT] [--runs N] [--categories a,b] [--details FILE]
(--option, repeatable, is passed to every translate call: `--option=--reuse-lines`.)
"""
import argparse
import csv
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import edit_distance, normalize  # noqa: E402
BENCH_DATA = REPO.parent / "shared" / "bench-data" / "images"
SCREENSHOTS = REPO / "bench" / "screenshots" / "out"
CATEGORIES = ["light", "dark", "coloured", "small", "rotated", "clean documents", "photos"]


def cer(read, truth):
    read, truth = normalize(read), normalize(truth)
    return edit_distance(read, truth) / max(1, len(truth))


def items():
    """(image, truth, category, languages) for every image with a ground truth."""
    found = []
    manifest = SCREENSHOTS / "manifest.tsv"
    if not manifest.exists():
        subprocess.run([sys.executable, str(REPO / "bench" / "screenshots" / "render.py"), "--out", str(SCREENSHOTS)], check=True)
    with open(manifest, encoding="utf-8") as handle:
        for row in csv.reader((l for l in handle if not l.startswith("#")), delimiter="\t"):
            image = SCREENSHOTS / row[0]
            truth = image.with_name(row[0][: -len(".png")] + ".gt.txt").read_text(encoding="utf-8")
            found.append((image, truth, row[1], row[2]))

    fixtures = REPO / "Fixtures" / "images"
    for name, category, langs in [("korean-menu", "light", "kor+eng"), ("mixed-screenshot", "light", "kor+eng"),
                                  ("spanish-screenshot", "light", "spa"), ("dark-korean", "dark", "kor+eng"),
                                  ("english-page", "clean documents", "eng")]:
        found.append((fixtures / f"{name}.png", (fixtures / f"{name}.gt.txt").read_text(encoding="utf-8"), category, langs))
    pages = sorted(fixtures.glob("english-two-pages.page*.gt.txt"))
    found.append((fixtures / "english-two-pages.tif", "\n".join(p.read_text(encoding="utf-8") for p in pages), "clean documents", "eng"))

    tess = BENCH_DATA / "tesseract"
    gold = (tess / "phototest.gold.txt").read_text(encoding="utf-8")
    found.append((tess / "phototest.tif", gold, "clean documents", "eng"))
    found.append((tess / "eurotext.tif", (tess / "eurotext.txt").read_text(encoding="utf-8"), "clean documents", "eng"))
    for name in ["phototest-rotated-180.png", "phototest-rotated-L.png", "phototest-rotated-R.png"]:
        found.append((tess / name, gold, "rotated", "eng"))

    photo_langs = {"korean.png": "kor+eng", "japanese.jpg": "jpn", "chinese.jpg": "chi_sim", "french.jpg": "fra", "thai.jpg": "tha"}
    lines = defaultdict(list)
    with open(BENCH_DATA / "easyocr" / "ground-truth.tsv", encoding="utf-8") as handle:
        for row in csv.reader((l for l in handle if not l.startswith("#")), delimiter="\t"):
            if len(row) >= 3:
                lines[row[0]].append(row[2])
    for name, text in sorted(lines.items()):
        found.append((BENCH_DATA / "easyocr" / name, "\n".join(text), "photos", photo_langs[name]))
    return found


def timed(command):
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    return time.perf_counter() - started, result.stdout


def run_translate(translate, group, options=()):
    """One translate call per language over the group's images: (seconds, text per image)."""
    seconds, texts = 0.0, {}
    by_langs = defaultdict(list)
    for image, _, _, langs in group:
        by_langs[langs].append(image)
    for langs, images in by_langs.items():
        elapsed, out = timed([translate, *options, "--ocr-only", "--format", "jsonl", "-l", langs] + [str(i) for i in images])
        seconds += elapsed
        for line in out.splitlines():
            result = json.loads(line)
            texts.setdefault(result["file"], []).append("\n".join(box["text"] for box in result["boxes"]))
    return seconds, {image: "\n".join(texts.get(str(image), [])) for image, _, _, _ in group}


def run_tesseract(group):
    seconds, texts = 0.0, {}
    for image, _, _, langs in group:
        elapsed, out = timed(["tesseract", str(image), "-", "-l", langs])
        seconds += elapsed
        texts[image] = out
    return seconds, texts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--option", action="append", default=[], help="an option for every translate call")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--categories", default=",".join(CATEGORIES))
    parser.add_argument("--details", help="write every image's CERs to this TSV file")
    parser.add_argument("--no-tesseract", action="store_true", help="time and score translate only")
    parser.add_argument("--langs", help="read every image with these languages in both tools (e.g. kor+eng)")
    parser.add_argument("--no-screenshots", action="store_true",
                        help="only the fixtures and ../shared/bench-data images, not the rendered screenshot set")
    args = parser.parse_args()
    chosen = [c for c in args.categories.split(",") if c]

    everything = [(image, truth, category, args.langs or langs) for image, truth, category, langs in items()
                  if not (args.no_screenshots and SCREENSHOTS in image.parents)]
    rows, details = [], []
    totals = {"translate": 0.0, "tesseract": 0.0}
    for category in chosen:
        group = [item for item in everything if item[2] == category]
        if not group:
            continue
        ours_times, theirs_times = [], []
        ours_text = theirs_text = None
        for _ in range(args.runs):
            seconds, texts = run_translate(args.translate, group, args.option)
            ours_times.append(seconds)
            ours_text = ours_text or texts
            if not args.no_tesseract:
                seconds, texts = run_tesseract(group)
                theirs_times.append(seconds)
                theirs_text = theirs_text or texts
        ours_cer = [cer(ours_text[image], truth) for image, truth, _, _ in group]
        theirs_cer = [cer(theirs_text[image], truth) for image, truth, _, _ in group] if theirs_text else [float("nan")] * len(group)
        for (image, _, _, langs), a, b in zip(group, ours_cer, theirs_cer):
            details.append(f"{category}\t{image.relative_to(image.parents[1])}\t{langs}\t{a:.4f}\t{b:.4f}")
        ours_t = statistics.median(ours_times)
        theirs_t = statistics.median(theirs_times) if theirs_times else float("nan")
        totals["translate"] += ours_t
        totals["tesseract"] += theirs_t
        rows.append((category, len(group), statistics.mean(ours_cer), statistics.mean(theirs_cer), ours_t, theirs_t))
        print(f"{category}: {len(group)} images, CER {statistics.mean(ours_cer):.2%} vs {statistics.mean(theirs_cer):.2%}, "
              f"{ours_t:.2f} s vs {theirs_t:.2f} s", file=sys.stderr)

    print(f"| category | images | translate CER | tesseract CER | CER ratio | translate time | tesseract time |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for category, count, a, b, ta, tb in rows:
        ratio = a / b if b else float("nan")
        print(f"| {category} | {count} | {a:.2%} | {b:.2%} | {ratio:.2f} | {ta:.2f} s | {tb:.2f} s |")
    count = sum(r[1] for r in rows)
    mean_a = sum(r[1] * r[2] for r in rows) / count
    mean_b = sum(r[1] * r[3] for r in rows) / count
    print(f"| **all** | {count} | **{mean_a:.2%}** | **{mean_b:.2%}** | {mean_a / mean_b:.2f} | "
          f"**{totals['translate']:.2f} s** | **{totals['tesseract']:.2f} s** |")
    print(f"\nSpeed-up (tesseract / translate, whole set): **{totals['tesseract'] / totals['translate']:.2f}×**")
    if args.details:
        Path(args.details).write_text("category\timage\tlanguages\ttranslate CER\ttesseract CER\n" + "\n".join(details) + "\n")


if __name__ == "__main__":
    sys.exit(main())
