#!/usr/bin/env python3
"""A translation service that is down: how long a run takes and how many requests it sends.

Runs `translate IMAGES --to en --engine papago --no-cache --format jsonl` three ways, for every
binary given:
  hanging   our test server (Tests/PapagoServer/papago_server.py) accepting every connection and
            never answering (its "hang" failure rule);
  closed    an endpoint on 127.0.0.1 where nothing listens;
and `--ocr-only` over the same images, for what OCR alone takes.

Requests are counted by the server for "hanging", and read from translate's summary line for
"closed" (its count includes every attempt). Peak memory from /usr/bin/time.

Usage: bench/papago/dead_service.py [--translate PATH ...] [--runs N] [IMAGE ...]
Without images: the fixtures, the screenshot fixtures and Tesseract's test pages from
shared/bench-data, 18 images in all.
"""
import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import Server  # noqa: E402


def default_images():
    images = sorted(p for p in (REPO / "Fixtures" / "images").iterdir() if p.suffix in {".png", ".jpg", ".tif"})
    images += sorted((REPO / "Fixtures" / "screenshots").glob("*.png"))
    for parent in [REPO, *REPO.parents]:
        tesseract = parent / "shared" / "bench-data" / "images" / "tesseract"
        if tesseract.is_dir():
            images += sorted(p for p in tesseract.iterdir() if p.suffix in {".png", ".tif"})
            break
    return [str(p) for p in images[:18]]


def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run(binary, images, env, extra):
    command = ["/usr/bin/time", "-f", "peak %M KB", binary, *images, *extra, "--no-cache", "--format", "jsonl"]
    start = time.monotonic()
    completed = subprocess.run(command, env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    lines = completed.stderr.strip().splitlines()
    peak = next((int(line.split()[1]) for line in lines if line.startswith("peak ")), 0)
    summary = next((line for line in lines if re.match(r"translate: \d+ images? in ", line)), "")
    requests = re.search(r"(\d+) requests?", summary)
    results = [line for line in completed.stdout.splitlines() if line.strip()]
    return {"code": completed.returncode, "time": elapsed, "peak": peak, "summary": summary,
            "requests": int(requests.group(1)) if requests else 0, "results": len(results),
            "messages": [line for line in lines if not line.startswith("peak ") and line != summary
                         and not line.startswith("Command exited")]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--translate", action="append", help="binary to measure (repeatable; default .build/release/translate)")
    parser.add_argument("--runs", type=int, default=1, help="runs per binary and case (the median is shown)")
    parser.add_argument("images", nargs="*")
    args = parser.parse_args()
    binaries = args.translate or [str(REPO / ".build" / "release" / "translate")]
    images = args.images or default_images()
    print(f"{len(images)} images")
    server = Server(latency_ms=0)
    try:
        translate = ["--to", "en", "--engine", "papago"]
        rows = []
        for binary in binaries:
            for case in ["hanging", "closed", "ocr-only"]:
                measured = []
                for _ in range(args.runs):
                    if case == "hanging":
                        server.reset()
                        server.control("POST", "/_control/fail", {"kind": "hang", "count": 100000})
                        result = run(binary, images, server.environment(os.environ), translate)
                        result["requests"] = server.translation_requests()
                    elif case == "closed":
                        env = server.environment(os.environ)
                        env["PAPAGO_ENDPOINT"] = f"http://127.0.0.1:{closed_port()}"
                        result = run(binary, images, env, translate)
                    else:
                        result = run(binary, images, dict(os.environ), ["--ocr-only"])
                    measured.append(result)
                median = statistics.median(r["time"] for r in measured)
                last = measured[-1]
                rows.append((binary, case, last["code"], median, last["requests"], last["peak"], len(last["messages"])))
                print(f"{binary} {case}: exit {last['code']}, {median:.1f} s, {last['requests']} requests, "
                      f"peak {last['peak'] // 1024} MB; {last['summary']}", flush=True)
                for message in last["messages"][:3]:
                    print("   ", message)
        server.reset()
    finally:
        server.stop()
    print()
    print("| binary | service | exit | wall time | requests | peak memory | message lines |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for binary, case, code, seconds, requests, peak, messages in rows:
        print(f"| {binary} | {case} | {code} | {seconds:.1f} s | {requests} | {peak // 1024} MB | {messages} |")


if __name__ == "__main__":
    main()
