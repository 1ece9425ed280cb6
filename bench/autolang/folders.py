#!/usr/bin/env python3
"""Automatic OCR languages over whole folders: time, CPU and peak memory, side by side in one run.

Runs each command of a workload in turn, round after round (the machine is shared, so the
commands alternate rather than run back to back), and reports per command the median wall
time, CPU time (user + system) and peak resident memory of the process, from wait4's rusage.

Workloads:
  mixed   the 109 rendered screenshots in 11 languages (bench/screenshots/out): automatic
          languages, and `--ocr-lang` with each image's right languages (one call per language,
          times added, the largest peak kept); for `--translate` and for `--before` when given
  one     one-language folders (the Japanese, German, Thai, Simplified Chinese and Russian
          screenshots, each repeated four times under other names): automatic languages
          against `--ocr-lang jpn` / `deu+eng` / `tha` / `chi_sim` / `rus+eng`; `--languages`
          picks others (any language of the set, `zh-TW` for Traditional Chinese), `--copies`
          how many times each screenshot is repeated (a worker's first page is read the usual
          way, a fixed cost that weighs less in a larger folder)
  chinese the Simplified and Traditional Chinese screenshots taken in turns (a page of each, then
          the next of each), twice over: automatic languages against `--ocr-lang chi_sim` and
          `chi_tra` on each language's pages (one call per language, times added)
  turned  scanned pages lying every way among screenshots: the German, Spanish and Vietnamese
          screenshots, each language's scan followed by it turned 90°, 180° and 270° more
          (ImageMagick), against `--ocr-lang` per language (one call each, times added)
  flat    peak memory of automatic languages over 50, 109, 545 and 1090 images (above 109 the set
          repeated, below it an evenly spread sample of it, in name order, so that every count
          holds the same mix of languages; `--flat` sets the counts), for `--before` too when given
  tools   `--ocr-lang kor+eng` over bench/out/screenshots (48 images, bench/batch/make_screenshots.py)
          against a `tesseract` loop and `parallel -j2` with OMP_THREAD_LIMIT=1

Usage: bench/autolang/folders.py [--translate PATH] [--before PATH] [--rounds N] [--only mixed,one,chinese,turned,flat,tools]
                                 [--languages ja,de,th,zh-CN,ru] [--copies 4] [--flat 50,109,545,1090]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "bench" / "screenshots" / "out"
BATCH = REPO / "bench" / "out" / "screenshots"
WORK = REPO / "bench" / "out" / "autolang"
LANGS = {"de": "deu+eng", "en": "eng", "es": "spa+eng", "fr": "fra+eng", "ja": "jpn", "ko": "kor+eng",
         "ru": "rus+eng", "th": "tha", "vi": "vie+eng", "zh-CN": "chi_sim", "zh-TW": "chi_tra"}


def label(name):
    return name[:5] if name.startswith("zh-") else name.split("-")[0]


def run(command, env=None):
    """(wall seconds, CPU seconds, peak MB) of one command, its output thrown away."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, **(env or {})}, shell=isinstance(command, str))
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if status != 0:
        print(f"  warning: exit status {status >> 8}: {command}", file=sys.stderr)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def runs_of(commands):
    """Several commands as one measure: times added, largest peak."""
    total = [0.0, 0.0, 0.0]
    for command in commands:
        wall, cpu, peak = run(command)
        total = [total[0] + wall, total[1] + cpu, max(total[2], peak)]
    return tuple(total)


def compare(title, entries, rounds):
    """entries: (name, [commands]); prints a table of medians."""
    results = defaultdict(list)
    for _ in range(rounds):
        for name, commands in entries:
            results[name].append(runs_of(commands))
    print(f"\n{title}\n| command | wall | CPU | peak memory |\n|---|---:|---:|---:|")
    for name, _ in entries:
        walls, cpus, peaks = zip(*results[name])
        print(f"| {name} | {statistics.median(walls):.2f} s | {statistics.median(cpus):.2f} s | {max(peaks):.0f} MB |", flush=True)


def repeated(name, images, times):
    """A folder holding `images` `times` over, under other names (symbolic links) that sort in
    the order given."""
    folder = WORK / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for copy in range(times):
        for index, image in enumerate(images):
            (folder / f"{copy:03d}-{index:03d}-{image.name}").symlink_to(image.resolve())
    return folder


def spread(images, count):
    """`count` of `images`, evenly spread over them, in their order: in a set sorted by
    language, every language is in the sample."""
    return [images[index * len(images) // count] for index in range(count)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--before", help="another build to measure side by side (e.g. main's release build)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="mixed,one,flat,tools")
    parser.add_argument("--languages", default="ja,de,th,zh-CN,ru", help="the folders of `one`, by language code")
    parser.add_argument("--copies", type=int, default=4, help="how many times `one` repeats each screenshot")
    parser.add_argument("--flat", default="50,109,545,1090",
                        help="image counts for `flat` (above 109, the set repeated as often as it takes)")
    args = parser.parse_args()
    only = args.only.split(",")
    builds = [("", args.translate)] + ([(" (before)", args.before)] if args.before else [])
    images = sorted(SCREENSHOTS.glob("*.png"))
    ocr = ["--ocr-only", "--format", "jsonl", "-q"]

    if "mixed" in only:
        groups = defaultdict(list)
        for image in images:
            groups[LANGS[label(image.name)]].append(str(image))
        entries = []
        for suffix, binary in builds:
            entries.append((f"automatic languages{suffix}", [[binary, str(SCREENSHOTS)] + ocr]))
            entries.append((f"`--ocr-lang` per language{suffix}",
                            [[binary, "-l", langs] + paths + ocr for langs, paths in groups.items()]))
        compare(f"{len(images)} rendered screenshots, 11 languages", entries, args.rounds)

    if "one" in only:
        for code in args.languages.split(","):
            name = code if args.copies == 4 else f"{code}-{args.copies}"
            folder = repeated(name, [i for i in images if label(i.name) == code], args.copies)
            count = len(list(folder.iterdir()))
            entries = []
            for suffix, binary in builds:
                entries.append((f"automatic languages{suffix}", [[binary, str(folder)] + ocr]))
                entries.append((f"`--ocr-lang {LANGS[code]}`{suffix}", [[binary, "-l", LANGS[code], str(folder)] + ocr]))
            compare(f"{count} {code} screenshots (one language)", entries, args.rounds)

    if "chinese" in only:
        simplified = [i for i in images if label(i.name) == "zh-CN"]
        traditional = [i for i in images if label(i.name) == "zh-TW"]
        turns = [image for pair in zip(simplified, traditional) for image in pair]
        turns += simplified[len(traditional):] + traditional[len(simplified):]
        folder = repeated("zh-turns", turns, 2)
        paths = sorted(folder.iterdir())
        entries = []
        for suffix, binary in builds:
            entries.append((f"automatic languages{suffix}", [[binary, str(folder)] + ocr]))
            entries.append((f"`--ocr-lang` per language{suffix}",
                            [[binary, "-l", LANGS[code]] + [str(p) for p in paths if f"-{code}-" in p.name] + ocr
                             for code in ("zh-CN", "zh-TW")]))
        compare(f"{len(paths)} Chinese screenshots, Simplified and Traditional in turns", entries, args.rounds)

    if "turned" in only:
        folder = WORK / "turned"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        codes = ("de", "es", "vi")
        for code in codes:
            pages = [i for i in images if label(i.name) == code]
            for index, image in enumerate(pages):
                (folder / f"{code}-{index:02d}-{image.name}").symlink_to(image.resolve())
            scans = [i for i in pages if "-scan-" in i.name]
            for turn, (image, degrees) in enumerate((s, d) for s in scans for d in (90, 180, 270)):
                subprocess.run(["convert", str(image), "-rotate", str(degrees),
                                str(folder / f"{code}-{len(pages) + turn:02d}-turned{degrees}-{image.name}")], check=True)
        paths = sorted(folder.iterdir())
        entries = []
        for suffix, binary in builds:
            entries.append((f"automatic languages{suffix}", [[binary, str(folder)] + ocr]))
            entries.append((f"`--ocr-lang` per language{suffix}",
                            [[binary, "-l", LANGS[code]] + [str(p) for p in paths if p.name.startswith(code + "-")] + ocr
                             for code in codes]))
        compare(f"{len(paths)} screenshots and turned scans, German, Spanish, Vietnamese", entries, args.rounds)

    if "flat" in only:
        print("\n| images | build | peak memory | wall | CPU |\n|---:|---|---:|---:|---:|")
        for count in [int(c) for c in args.flat.split(",")]:
            if count <= len(images):
                folder = SCREENSHOTS if count == len(images) else repeated(f"flat-{count}", spread(images, count), 1)
            else:
                times = -(-count // len(images))
                folder = repeated(f"flat-{times}", images, times)
                count = len(images) * times
            for suffix, binary in builds:
                wall, cpu, peak = run([binary, str(folder)] + ocr)
                print(f"| {count} | {suffix.strip(' ()') or 'this'} | {peak:.0f} MB | {wall:.1f} s | {cpu:.1f} s |", flush=True)

    if "tools" in only:
        batch = sorted(BATCH.glob("*.png"))
        listing = " ".join(f"'{p}'" for p in batch)
        entries = [(f"`translate DIR --ocr-only -l kor+eng`", [[args.translate, "-l", "kor+eng", str(BATCH)] + ocr]),
                   ("`tesseract` loop", [f"for f in {listing}; do tesseract \"$f\" - -l kor+eng; done"]),
                   ("`ls DIR/* | OMP_THREAD_LIMIT=1 parallel -j2 tesseract {} - -l kor+eng`",
                    [f"ls {BATCH}/*.png | OMP_THREAD_LIMIT=1 parallel -j2 tesseract {{}} - -l kor+eng"])]
        compare(f"OCR only, {len(batch)} screenshots, `kor+eng`", entries, max(1, args.rounds - 2))


if __name__ == "__main__":
    main()
