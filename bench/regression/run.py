#!/usr/bin/env python3
"""The current build against a pinned older one, side by side: reading speed, processor time and
memory, so that a slow drift across many changes shows.

For each image set and reading mode, both builds run `translate SET --ocr-only --no-cache
--format jsonl MODE` in turns (the order flips every round), ROUNDS times each; the table gives
the medians of wall time, user and system processor time and peak memory (/usr/bin/time), the
ratio current / pinned, and whether the two builds printed the same results (the boxes of each
image, compared as JSON in the fields both builds print; where they differ, the images are named).

Sets:
  fixtures  Fixtures/screenshots (24 images)
  mixed     18 screenshots from bench/screenshots in 11 languages, light, dark, 1x and 2x, and
            a page turned 90° (rendered by bench/screenshots/render.py when missing)
  photos    Fixtures/photos
  images    Fixtures/images (pages, a PDF, a TIFF, a HEIC, photographed pages)
  screens   every screenshot bench/screenshots/render.py makes (109)
  dense     the 56 dense app screens bench/dense/render.py makes
Modes:
  fixed     --ocr-lang kor+eng
  auto      automatic languages (no --ocr-lang)
  one-job   --ocr-lang kor+eng --jobs 1
  MODE@SIZE the current build in MODE with `--max-ocr-memory SIZE` (`auto@144M`), the budget of
            other languages' handles, which trades memory for loads; the pinned build in MODE
            (`a2620f2` has no such budget)

The pinned build: `bench/regression/run.py --build-pinned` checks out PINNED (default a2620f2,
the build of 2026-11-30) into .build/regression/PINNED and builds it in release mode; later runs
find it there.

Usage: bench/regression/run.py [--build-pinned] [--pinned-commit a2620f2] [--pinned PATH]
                               [--current PATH] [--sets fixtures,mixed,photos,images,screens,dense]
                               [--modes fixed,auto,one-job,auto@144M] [--rounds 5]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import edit_distance, normalize  # noqa: E402
SHOTS = REPO / "bench" / "screenshots" / "out"
MODES = {"fixed": ["--ocr-lang", "kor+eng"], "auto": [], "one-job": ["--ocr-lang", "kor+eng", "--jobs", "1"]}
# One screen of each language, then a second for seven of them, and the page turned 90°.
MIXED = [
    "ko-settings-light@1x.png", "ko-chat-dark@2x.png", "en-settings-dark@2x.png", "en-scan-rot90.png",
    "ja-settings-light@1x.png", "ja-dialog@2x.png", "zh-CN-article@2x.png", "zh-CN-settings-light@1x.png",
    "zh-TW-settings-dark@2x.png", "zh-TW-article@1x.png", "th-settings-light@2x.png", "th-chat-dark@1x.png",
    "vi-settings-light@1x.png", "de-dialog@2x.png", "ru-settings-dark@2x.png", "es-article@1x.png",
    "fr-settings-light@1x.png", "fr-chat-dark@2x.png",
]


def build_pinned(commit):
    tree = REPO / ".build" / "regression" / commit
    if not tree.exists():
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(tree), commit], check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "translate"], cwd=tree, check=True)
    return tree / ".build" / "release" / "translate"


def image_set(name, work):
    if name == "fixtures":
        return REPO / "Fixtures" / "screenshots"
    if name == "photos":
        return REPO / "Fixtures" / "photos"
    if name == "images":
        return REPO / "Fixtures" / "images"
    if name == "dense":
        dense = REPO / "bench" / "out" / "dense"
        if not (dense / "manifest.tsv").exists():
            subprocess.run([sys.executable, str(REPO / "bench" / "dense" / "render.py")], check=True, stdout=subprocess.DEVNULL)
        return dense
    if name == "screens":
        if not (SHOTS / MIXED[0]).exists():
            subprocess.run([sys.executable, str(REPO / "bench" / "screenshots" / "render.py")], check=True, stdout=subprocess.DEVNULL)
        return SHOTS
    if not (SHOTS / MIXED[0]).exists():
        subprocess.run([sys.executable, str(REPO / "bench" / "screenshots" / "render.py")], check=True, stdout=subprocess.DEVNULL)
    folder = work / "mixed"
    folder.mkdir(exist_ok=True)
    for image in MIXED:
        truth = image[: -len(".png")] + ".gt.txt"
        for name in (image, truth):
            if not (folder / name).exists():
                (folder / name).symlink_to(SHOTS / name)
    return folder


def mode_arguments(mode, budgeted):
    """The options of MODE, or of `MODE@SIZE`: MODE's, with `--max-ocr-memory SIZE` when `budgeted`."""
    name, _, budget = mode.partition("@")
    return MODES[name] + (["--max-ocr-memory", budget] if budget and budgeted else [])


def run(binary, folder, mode, output, budgeted=True):
    command = ["/usr/bin/time", "-f", "%e %U %S %M", binary, str(folder), "--ocr-only", "--no-cache", "--format", "jsonl",
               *mode_arguments(mode, budgeted)]
    with open(output, "wb") as out:
        finished = subprocess.run(command, stdout=out, stderr=subprocess.PIPE, text=True)
    last = finished.stderr.strip().splitlines()[-1]
    wall, user, system, peak = last.split()
    return {"wall": float(wall), "user": float(user), "system": float(system), "peak": int(peak) / 1024}


def pages_by_image(path):
    """Each page's whole result (boxes, words, languages, confidences, errors), by file name and page."""
    pages = {}
    for line in Path(path).read_text().splitlines():
        page = json.loads(line)
        pages[(Path(page.pop("file")).name, page.get("page", 1))] = page
    return pages


def shared_fields(a, b):
    """`a` and `b` with each object's fields cut to those both have, at every depth: a field one
    build does not print (a box's `unit`, which came after a2620f2) is not a difference in what
    was read."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = a.keys() & b.keys()
        pairs = {key: shared_fields(a[key], b[key]) for key in keys}
        return {key: pair[0] for key, pair in pairs.items()}, {key: pair[1] for key, pair in pairs.items()}
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        pairs = [shared_fields(x, y) for x, y in zip(a, b)]
        return [pair[0] for pair in pairs], [pair[1] for pair in pairs]
    return a, b


def differs(a, b):
    """Whether two results of one page differ in a field both builds print."""
    if a is None or b is None:
        return a is not b
    left, right = shared_fields(a, b)
    return left != right


def truth_of(folder, name, page):
    """The ground truth of an image's page (`NAME.gt.txt`, or `NAME.pageN.gt.txt`), or None."""
    stem = Path(name).stem
    for candidate in (f"{stem}.page{page}.gt.txt", f"{stem}.gt.txt" if page == 1 else None):
        if candidate and (folder / candidate).exists():
            return (folder / candidate).read_text(encoding="utf-8")
    return None


def error_rate(pages, folder):
    """Character error rate over the pages with a ground truth, and their count."""
    errors = total = count = 0
    for (name, page), result in pages.items():
        truth = truth_of(folder, name, page)
        if truth is None:
            continue
        truth = normalize(truth)
        read = normalize("\n".join(box["text"] for box in result.get("boxes", [])))
        errors += edit_distance(read, truth)
        total += max(1, len(truth))
        count += 1
    return (errors / total, count) if count else (None, 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build-pinned", action="store_true")
    parser.add_argument("--pinned-commit", default="a2620f2")
    parser.add_argument("--pinned")
    parser.add_argument("--current", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--sets", default="fixtures,mixed,photos")
    parser.add_argument("--modes", default="fixed,auto,one-job")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pinned = Path(args.pinned) if args.pinned else REPO / ".build" / "regression" / args.pinned_commit / ".build" / "release" / "translate"
    if args.build_pinned:
        pinned = build_pinned(args.pinned_commit)
    if not pinned.exists():
        sys.exit(f"no pinned build at {pinned}: run with --build-pinned")
    builds = {"current": args.current, args.pinned_commit: str(pinned)}
    print(f"| set | mode | build | wall (s) | user (s) | system (s) | peak (MB) | wall ratio | CER | same results |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="regression-") as directory:
        work = Path(directory)
        for set_name in args.sets.split(","):
            folder = image_set(set_name, work)
            for mode in args.modes.split(","):
                figures = {name: [] for name in builds}
                outputs = {}
                for round_number in range(args.rounds):
                    order = list(builds) if round_number % 2 == 0 else list(reversed(builds))
                    for name in order:
                        output = work / f"{set_name}-{mode}-{name}.jsonl"
                        figures[name].append(run(builds[name], folder, mode, output, budgeted=name == "current"))
                        outputs[name] = output
                current, old = (pages_by_image(outputs[name]) for name in builds)
                rates = {"current": error_rate(current, folder), args.pinned_commit: error_rate(old, folder)}
                differing = sorted({key[0] for key in set(current) | set(old) if differs(current.get(key), old.get(key))})
                medians = {name: {k: statistics.median(r[k] for r in runs) for k in runs[0]} for name, runs in figures.items()}
                ratio = medians["current"]["wall"] / medians[args.pinned_commit]["wall"]
                for name in builds:
                    m = medians[name]
                    same = ("yes" if not differing else f"no: {len(differing)} ({', '.join(differing[:4])}{'…' if len(differing) > 4 else ''})") \
                        if name == "current" else ""
                    print(f"| {set_name} | {mode} | {name} | {m['wall']:.2f} | {m['user']:.2f} | {m['system']:.2f} | {m['peak']:.0f} "
                          f"| {f'{ratio:.2f}×' if name == 'current' else ''} "
                          f"| {f'{rates[name][0] * 100:.2f}% ({rates[name][1]})' if rates[name][1] else '–'} | {same} |", flush=True)


if __name__ == "__main__":
    main()
