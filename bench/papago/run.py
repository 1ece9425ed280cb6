#!/usr/bin/env python3
"""Translation traffic: `translate --to en` against a naive one-request-per-box client.

Both talk to our Papago-compatible test server (Tests/PapagoServer/papago_server.py) on
127.0.0.1 with the same injected latency per request (100 ms by default). For every fixture
image it counts the requests each client sends and times the whole run; the OCR-only run over
the same images is timed too, to show what the translation adds.

The naive client is what a script would do with the OCR output: one translation request per
box (source "auto"), in order, over one kept-alive HTTP connection.

Usage: bench/papago/run.py [--translate PATH] [--latency-ms 100] [--target en]
"""
import argparse
import http.client
import json
import os
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import CLIENT_ID, CLIENT_SECRET, Server  # noqa: E402


def timed(command, env):
    start = time.monotonic()
    completed = subprocess.run(command, env=env, capture_output=True, text=True)
    return time.monotonic() - start, completed


def naive_client(port, texts, target):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    headers = {"X-NCP-APIGW-API-KEY-ID": CLIENT_ID, "X-NCP-APIGW-API-KEY": CLIENT_SECRET,
               "Content-Type": "application/x-www-form-urlencoded"}
    start = time.monotonic()
    for text in texts:
        body = urllib.parse.urlencode({"source": "auto", "target": target, "text": text})
        connection.request("POST", "/nmt/v1/translation", body=body, headers=headers)
        connection.getresponse().read()
    connection.close()
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--latency-ms", type=int, default=100)
    parser.add_argument("--target", default="en")
    args = parser.parse_args()

    images = sorted(str(p) for p in (REPO / "Fixtures" / "images").iterdir() if p.suffix in (".png", ".tif"))
    server = Server(args.latency_ms)
    try:
        env = server.environment(os.environ)
        ocr_seconds, ocr = timed([args.translate, *images, "--ocr-only", "--format", "jsonl"], env)
        results = [json.loads(line) for line in ocr.stdout.splitlines()]
        boxes = [box["text"] for result in results for box in result["boxes"]]

        server.reset()
        ours_seconds, ours = timed([args.translate, *images, "--to", args.target, "--format", "jsonl", "--no-cache"], env)
        if ours.returncode != 0:
            sys.exit(f"translate failed ({ours.returncode}): {ours.stderr}")
        ours_requests = server.translation_requests()
        translated = [json.loads(line) for line in ours.stdout.splitlines()]
        pages = len(translated)
        # The least any client could send: one request per page and source language that needs translating.
        groups = {(r["file"], r["page"], b["language"] or r["source"]) for r in translated for b in r["boxes"]
                  if b["translation"] != b["text"]}

        server.reset()
        naive_seconds = naive_client(server.port, boxes, args.target)
        naive_requests = server.translation_requests()
    finally:
        server.stop()

    print(f"## Translation traffic: {len(images)} fixture images ({pages} pages, {len(boxes)} boxes), "
          f"--to {args.target}, {args.latency_ms} ms latency per request\n")
    print("| client | requests | requests per page | wall time |")
    print("|---|---:|---:|---:|")
    print(f"| translate --to {args.target} | {ours_requests} | {ours_requests / pages:.2f} | {ours_seconds:.2f} s |")
    print(f"| naive, one request per box (translation only, OCR not included) | {naive_requests} | "
          f"{naive_requests / pages:.2f} | {naive_seconds:.2f} s |")
    print(f"| translate --ocr-only (no translation) | 0 | 0 | {ocr_seconds:.2f} s |")
    print(f"\nPages × source languages needing a translation: {len(groups)}; requests sent by translate: {ours_requests}.")


if __name__ == "__main__":
    main()
