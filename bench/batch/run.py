#!/usr/bin/env python3
"""Batch benchmark: a folder of screenshots through `translate`, against what a user would script.

1. OCR only, over every screenshot in the folder, timed side by side (in turns, see `interleaved`):
     translate DIR --ocr-only --no-prepare --psm 3 -l kor+eng  (tesseract's settings: one process,
                                                                 one Tesseract per core)
     translate DIR --ocr-only                                  (as it is: pages prepared, boxes
                                                                 re-read in their own language)
     for f in DIR/*.png; do tesseract "$f" - -l kor+eng; done  (the plain loop)
     ... | OMP_THREAD_LIMIT=1 xargs -P CORES tesseract         (the tuned alternative: no OpenMP,
                                                                 one process per core)
   and the text each reads: translate with tesseract's settings against tesseract, image by
   image (whitespace runs collapsed), and every tool's character error rate against the
   generator's ground truth.
2. End to end against the Papago-compatible test server with LATENCY ms per request:
   `translate DIR --to en` with an empty cache, timed side by side with `translate DIR
   --ocr-only` (both with the default OCR settings), and
   the translation requests the server received; then a second run over the same folder with
   the cache the first one filled, and its requests (the goal is none).
3. Peak memory (/usr/bin/time -v, maximum resident set size) of runs over 50, 100 and 200
   images (the screenshots repeated under other names), OCR only and end to end.

Usage: bench/batch/run.py [--translate PATH] [--count 48] [--latency-ms 100] [--runs 5]
Needs: GNU time, tesseract (kor, eng), ImageMagick and fonts-noto-cjk (for the
screenshots, made by bench/batch/make_screenshots.py into bench/out/).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import Server, edit_distance  # noqa: E402
OUT = REPO / "bench" / "out"
LANGS = "kor+eng"


def normalize(text):
    return " ".join(text.split())


def cer(read, truth):
    read, truth = normalize(read), normalize(truth)
    return edit_distance(read, truth) / max(1, len(truth))


def interleaved(commands, rounds, env):
    """Median wall and CPU (user + sys) seconds of each (name, shell command).

    The commands take turns, round after round (the order rotating), after one warm-up round:
    on a shared machine whose load changes from minute to minute, running all of one command's
    runs before the next (as hyperfine does) moved the ratios by up to 1.5×, while turns keep
    the commands under the same conditions.
    """
    walls = {name: [] for name, _ in commands}
    cpus = {name: [] for name, _ in commands}
    for round_index in range(rounds + 1):
        shift = round_index % len(commands)
        for name, command in commands[shift:] + commands[:shift]:
            start = time.monotonic()
            process = subprocess.Popen(["/bin/bash", "-c", command], env=env, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.monotonic() - start
            if os.waitstatus_to_exitcode(status) != 0:
                raise RuntimeError(f"{name} failed: {command}")
            if round_index > 0:
                walls[name].append(wall)
                cpus[name].append(usage.ru_utime + usage.ru_stime)
    return {name: (statistics.median(walls[name]), statistics.median(cpus[name])) for name, _ in commands}


def print_timings(timings, names, heading, last_column, reference, compared):
    """A Markdown table of `timings` (from `interleaved`): wall and CPU time, and for each name
    `compared` accepts, how many times the `reference` command's wall time it took."""
    print(f"| {heading} | wall time | CPU time | {last_column} |")
    print("|---|---:|---:|---:|")
    for name in names:
        wall, cpu = timings[name]
        print(f"| {name} | {wall:.2f} s | {cpu:.2f} s | {f'{wall / timings[reference][0]:.2f}× faster' if compared(name) else '—'} |")


def peak_rss_mb(command, env):
    completed = subprocess.run(["/usr/bin/time", "-v"] + command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, check=True)
    for line in completed.stderr.splitlines():
        if "Maximum resident set size" in line:
            return int(line.split(":")[1]) / 1024
    raise RuntimeError("no peak memory in /usr/bin/time output")


def repeated_folder(images, count, directory):
    """`count` links to `images` (cycled) in `directory`, under names of their own."""
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    for index in range(count):
        (directory / f"copy-{index:03d}.png").symlink_to(images[index % len(images)])
    return directory


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--latency-ms", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    translate = args.translate
    cores = os.cpu_count() or 1

    folder = OUT / "screenshots"
    subprocess.run([sys.executable, str(REPO / "bench" / "batch" / "make_screenshots.py"), "--count", str(args.count),
                    "--out", str(folder)], check=True)
    images = sorted(folder.glob("shot-*.png"))[: args.count]
    shots = repeated_folder(images, len(images), OUT / "batch-input")  # the folder holds images only
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("PAPAGO_") and k != "OMP_THREAD_LIMIT"}

    print(f"## Batch: {len(images)} screenshots (720×1280, Korean and English UI), {cores} cores\n")

    # 1. OCR only. "As tesseract": the same engine settings as the tesseract command (no
    # preparation, automatic segmentation, the languages given), so the text must be the same.
    same_settings = ["--no-prepare", "--psm", "3", "-l", LANGS]

    def read_by_translate(extra):
        completed = subprocess.run([translate, str(shots), "--ocr-only", "--format", "jsonl", "-q"] + extra,
                                   capture_output=True, text=True, env=base_env, check=True)
        texts = {}
        for line in completed.stdout.splitlines():
            result = json.loads(line)
            texts[Path(result["file"]).name] = "\n".join(box["text"] for box in result["boxes"])
        return texts

    plain, prepared = read_by_translate(same_settings), read_by_translate([])
    identical, cer_plain, cer_prepared, cer_theirs = 0, 0.0, 0.0, 0.0
    for index, image in enumerate(images):
        name = f"copy-{index:03d}.png"
        theirs = subprocess.run(["tesseract", str(image), "-", "-l", LANGS], capture_output=True, text=True,
                                env={**base_env, "OMP_THREAD_LIMIT": "1"}).stdout
        truth = image.with_suffix(".gt.txt").read_text()
        identical += normalize(plain[name]) == normalize(theirs)
        cer_plain += cer(plain[name], truth)
        cer_prepared += cer(prepared[name], truth)
        cer_theirs += cer(theirs, truth)
    count = len(images)
    print(f"With tesseract's settings, translate reads the same text as tesseract (whitespace collapsed) on "
          f"**{identical} of {count} images**. Mean CER against the ground truth: tesseract {cer_theirs / count:.2%}, "
          f"translate with tesseract's settings {cer_plain / count:.2%}, translate as it is "
          f"(prepared pages, boxes re-read in their own language) {cer_prepared / count:.2%}.\n")

    listing = " ".join(f"'{shots}/copy-{i:03d}.png'" for i in range(len(images)))
    commands = [
        ("translate --ocr-only, tesseract's settings", f"{translate} {shots} --ocr-only -q {' '.join(same_settings)}"),
        ("translate --ocr-only", f"{translate} {shots} --ocr-only -q"),
        ("tesseract loop", f"for f in {listing}; do tesseract \"$f\" - -l {LANGS}; done"),
        (f"tesseract, OMP_THREAD_LIMIT=1, {cores} in parallel",
         f"printf '%s\\0' {listing} | OMP_THREAD_LIMIT=1 xargs -0 -P {cores} -I{{}} tesseract {{}} - -l {LANGS}"),
    ]
    timings = interleaved(commands, args.runs, base_env)
    print_timings(timings, [name for name, _ in commands], f"OCR only, {count} images, median of {args.runs}",
                  "translate with tesseract's settings is", commands[0][0], lambda name: not name.startswith("translate"))
    print()

    # 2. End to end against the test server.
    server = Server(args.latency_ms)
    try:
        env = server.environment(base_env)
        scratch = Path(tempfile.mkdtemp())
        cold = (f"rm -rf {scratch}/cache && {translate} {shots} --to en --format jsonl -q "
                f"--cache-dir {scratch}/cache")
        timings = interleaved([("translate --ocr-only", commands[1][1]), ("translate --to en, empty cache", cold)],
                              args.runs, env)
        shutil.rmtree(scratch)
        (ocr, ocr_cpu), (e2e, e2e_cpu) = timings["translate --ocr-only"], timings["translate --to en, empty cache"]

        cache = Path(tempfile.mkdtemp())
        run = [translate, str(shots), "--to", "en", "--format", "jsonl", "--cache-dir", str(cache)]
        server.reset()
        first = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
        first_requests = server.translation_requests()
        results = [json.loads(line) for line in first.stdout.splitlines()]
        boxes = sum(len(r["boxes"]) for r in results)
        sent = [b for r in results for b in r["boxes"] if b["translation"] is not None and b["translation"] != b["text"]]
        distinct = len({b["text"] for b in sent})
        server.reset()
        start = time.monotonic()
        second = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
        warm = time.monotonic() - start
        second_requests = server.translation_requests()
        cached = sum(1 for r in map(json.loads, second.stdout.splitlines()) for b in r["boxes"] if b["cached"])
        shutil.rmtree(cache)

        print(f"| end to end, {len(images)} images, {args.latency_ms} ms per request, median of {args.runs} "
              "| wall time | CPU time | requests |")
        print("|---|---:|---:|---:|")
        print(f"| translate --ocr-only | {ocr:.2f} s | {ocr_cpu:.2f} s | — |")
        print(f"| translate --to en, empty cache | {e2e:.2f} s | {e2e_cpu:.2f} s | {first_requests} |")
        print(f"| translate --to en, second run (the first run's cache) | {warm:.2f} s (one run) | | {second_requests} |")
        print(f"\nEnd to end / OCR only: **{e2e / ocr:.3f}×**. The {len(sent)} boxes translated ({distinct} distinct texts, "
              f"out of {boxes} boxes) took {first_requests} requests on the first run; the second run sent "
              f"{second_requests} and took all {cached} from the cache. Summary lines:\n")
        print("    " + first.stderr.strip().splitlines()[-1])
        print("    " + second.stderr.strip().splitlines()[-1] + "\n")

        # 3. Peak memory.
        print("| images | peak RSS, --ocr-only | peak RSS, --to en (empty cache) |")
        print("|---:|---:|---:|")
        for count in (50, 100, 200):
            folder = repeated_folder(images, count, OUT / f"batch-{count}")
            ocr_rss = peak_rss_mb([translate, str(folder), "--ocr-only", "--format", "jsonl", "-q"], env)
            cache = Path(tempfile.mkdtemp())
            e2e_rss = peak_rss_mb([translate, str(folder), "--to", "en", "--format", "jsonl", "-q", "--cache-dir", str(cache)], env)
            shutil.rmtree(cache)
            print(f"| {count} | {ocr_rss:.0f} MB | {e2e_rss:.0f} MB |")
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
