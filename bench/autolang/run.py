#!/usr/bin/env python3
"""Automatic OCR languages against the right languages given by hand, per language.

Every image of the OCR benchmark's set that has a single known language (the rendered
screenshots, the fixtures, Tesseract's test pages, the street-sign photos) is read twice by
`translate --ocr-only`: with no `--ocr-lang`, so the tool chooses Tesseract's languages itself,
and with `-l` set to the image's languages. Both readings are scored by character error rate
against the ground truth. Each language's images are read in one call per mode, timed
whole-process, `--runs` times alternating the modes (medians reported).

Usage: bench/autolang/run.py [--translate PATH] [--option OPT] [--runs N] [--only ja,zh-CN] [--details FILE]
(--option, repeatable, is passed to every translate call: `--option=--reuse-lines`.)
"""
import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "ocr"))
import run as ocr  # noqa: E402

# Tesseract languages of the images that are not in the screenshot set, by language label.
LABELS = {"kor+eng": "ko", "jpn": "ja", "chi_sim": "zh-CN", "chi_tra": "zh-TW", "tha": "th", "rus": "ru",
          "vie": "vi", "deu": "de", "spa": "es", "fra": "fr", "eng": "en"}
# eurotext.tif mixes languages on one page (Dutch data is not installed); its accents are what
# automatic languages must keep.
EUROTEXT = "eng+deu+fra+ita+spa"


def label(image, langs):
    name = image.name
    if image.parent == ocr.SCREENSHOTS:
        return name[:5] if name.startswith("zh-") else name.split("-")[0]
    if name == "eurotext.tif":
        return "eurotext"
    return LABELS[langs]


def images():
    """(label, image, truth, hand languages) for every image with one known language."""
    found = []
    for image, truth, _, langs in ocr.items():
        if image.name == "eurotext.tif":
            langs = EUROTEXT
        found.append((label(image, langs), image, truth, langs))
    return found


def read(translate, paths, langs, options=()):
    """One call over `paths`: (seconds, text per image)."""
    command = [translate, *options, "--ocr-only", "--format", "jsonl"] + (["-l", langs] if langs else []) + [str(p) for p in paths]
    started = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - started
    texts = defaultdict(list)
    for line in out.splitlines():
        result = json.loads(line)
        texts[result["file"]].append("\n".join(box["text"] for box in result["boxes"]))
    return seconds, {p: "\n".join(texts.get(str(p), [])) for p in paths}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--option", action="append", default=[], help="an option for every translate call")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--only", help="comma-separated labels (ko, ja, zh-CN, zh-TW, th, eurotext, ...)")
    parser.add_argument("--details", help="write every image's CERs to this TSV file")
    args = parser.parse_args()

    groups = defaultdict(list)
    for group, image, truth, langs in images():
        if not args.only or group in args.only.split(","):
            groups[group].append((image, truth, langs))

    details = []
    print(f"{'language':9} {'images':>6} {'auto CER':>9} {'hand CER':>9} {'auto s':>7} {'hand s':>7}")
    total = [0, 0.0, 0.0, 0.0, 0.0]
    for group in sorted(groups):
        entries = groups[group]
        by_langs = defaultdict(list)
        for image, _, langs in entries:
            by_langs[langs].append(image)
        auto_times, hand_times, auto_texts, hand_texts = [], [], {}, {}
        for _ in range(args.runs):
            seconds, auto_texts = read(args.translate, [e[0] for e in entries], None, args.option)
            auto_times.append(seconds)
            seconds = 0.0
            for langs, paths in by_langs.items():
                elapsed, texts = read(args.translate, paths, langs, args.option)
                seconds += elapsed
                hand_texts.update(texts)
            hand_times.append(seconds)
        auto_cer = [ocr.cer(auto_texts[image], truth) for image, truth, _ in entries]
        hand_cer = [ocr.cer(hand_texts[image], truth) for image, truth, _ in entries]
        for (image, _, langs), a, h in zip(entries, auto_cer, hand_cer):
            details.append(f"{group}\t{image.name}\t{langs}\t{a:.4f}\t{h:.4f}")
        auto_mean, hand_mean = statistics.mean(auto_cer), statistics.mean(hand_cer)
        auto_s, hand_s = statistics.median(auto_times), statistics.median(hand_times)
        print(f"{group:9} {len(entries):6} {auto_mean:9.2%} {hand_mean:9.2%} {auto_s:7.2f} {hand_s:7.2f}", flush=True)
        total[0] += len(entries)
        total[1] += sum(auto_cer)
        total[2] += sum(hand_cer)
        total[3] += auto_s
        total[4] += hand_s
    if total[0]:
        print(f"{'all':9} {total[0]:6} {total[1] / total[0]:9.2%} {total[2] / total[0]:9.2%} {total[3]:7.2f} {total[4]:7.2f}")
    if args.details:
        Path(args.details).write_text("label\timage\thand languages\tauto CER\thand CER\n" + "\n".join(details) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
