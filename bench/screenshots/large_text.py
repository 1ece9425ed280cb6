#!/usr/bin/env python3
"""Large text in screenshots: the screens of render.py at 3×, and settings pages with a phone's
large bold title, read by each build.

A phone at 3× draws a 34-point bold title 102 pixels tall, with strokes about 14 pixels wide,
and its 13-point body text 39 pixels tall. Two kinds of image, in every language of texts.py:
  3x      the settings (light and dark), chat, dialog and article screens of render.py at 3×
  title   the light and dark settings screens at 1×, 2× and 3× with the screen's title drawn
          large and bold at the top left (34 points), as phones draw it, above the rows
Each is drawn by render.py's own drawing code, with its ground truth (rendered into
bench/out/large-text when missing).

Prints, per build and kind, the CER over all images and the title lines read exactly
(`translate IMAGE --ocr-only --format plain --ocr-lang DATA`, DATA being render.py's Tesseract
languages for the image's language); with `--tesseract`, the `tesseract` command's too
(`tesseract IMAGE - -l DATA`).

Usage: bench/screenshots/large_text.py --translate NAME=PATH [--translate NAME=PATH ...] [--tesseract] [--details]
"""
import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import render  # noqa: E402  (the screens and their drawing code)
from common import edit_distance, normalize  # noqa: E402
from texts import LANGUAGES  # noqa: E402

OUT = HERE.parent / "out" / "large-text"


def titled_settings(lang, theme, scale):
    """render.py's settings screen with its title drawn large, bold and left-aligned above the
    rows instead of small and centred: the rows move down to make room."""
    t, th = LANGUAGES[lang], render.THEMES[theme]
    regular, bold = t["font"]
    st = t["settings"]
    c = render.Canvas(360, 600, th["page"], scale)
    c.font(bold, 13, th["ink"])
    c.text(22, 12, "9:41")
    c.font(bold, 34, th["ink"])
    c.text(16, 52, st["title"])
    c.font(regular, 11, th["grey"])
    c.text(30, 124, st["header"])
    render.settings_rows(c, th, regular, st["rows"], 146)
    return c


def images():
    """(kind, path, Tesseract languages, title or None), drawn when missing."""
    OUT.mkdir(parents=True, exist_ok=True)
    items = []
    for lang in LANGUAGES:
        tess = LANGUAGES[lang]["tesseract"]
        makers = [("3x", f"{lang}-settings-light@3x", lambda l=lang: render.settings(l, "light", 3), None),
                  ("3x", f"{lang}-settings-dark@3x", lambda l=lang: render.settings(l, "dark", 3), None),
                  ("3x", f"{lang}-chat-dark@3x", lambda l=lang: render.chat(l, 3), None),
                  ("3x", f"{lang}-dialog@3x", lambda l=lang: render.dialog(l, 3), None),
                  ("3x", f"{lang}-article@3x", lambda l=lang: render.article(l, 3), None)]
        for theme in ("light", "dark"):
            for scale in (1, 2, 3):
                makers.append(("title", f"{lang}-titled-{theme}@{scale}x",
                               lambda l=lang, t=theme, s=scale: titled_settings(l, t, s), LANGUAGES[lang]["settings"]["title"]))
        for kind, name, make, title in makers:
            items.append((kind, OUT / f"{name}.png", tess, title, make))

    def draw(item):
        _, path, _, _, make = item
        if not path.exists():
            make().save(path)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(draw, items))
    return [item[:4] for item in items]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", action="append", required=True, help="NAME=PATH of a translate binary")
    parser.add_argument("--tesseract", action="store_true", help="read the images with the tesseract command too")
    parser.add_argument("--details", action="store_true", help="print each image's CER and whether its title was read")
    args = parser.parse_args()
    builds = [item.split("=", 1) for item in args.translate] + ([["tesseract", None]] if args.tesseract else [])
    found = images()
    print("| build | images | CER | titles read exactly |")
    print("|---|---|---:|---:|")
    for name, binary in builds:
        def read(item):
            _, path, tess, _ = item
            command = ([binary, str(path), "--ocr-only", "--format", "plain", "--ocr-lang", tess] if binary
                       else ["tesseract", str(path), "-", "-l", tess])
            environment = dict(os.environ, OMP_THREAD_LIMIT="1")
            return subprocess.run(command, capture_output=True, text=True, env=environment).stdout

        with ThreadPoolExecutor(max_workers=2) as pool:
            readings = list(pool.map(read, found))
        for kind in ("3x", "title"):
            edits = characters = titles = titled = 0
            for (item_kind, path, _, title), text in zip(found, readings):
                if item_kind != kind:
                    continue
                truth = normalize(Path(str(path)[: -len(".png")] + ".gt.txt").read_text(encoding="utf-8"))
                distance = edit_distance(normalize(text), truth)
                edits += distance
                characters += len(truth)
                if title is not None:
                    titled += 1
                    titles += title in text.splitlines()
                if args.details:
                    mark = "" if title is None else (" title read" if title in text.splitlines() else " title LOST")
                    print(f"  {name} {path.name}: CER {distance / max(1, len(truth)):.1%}{mark}", file=sys.stderr)
            images_of_kind = sum(1 for item in found if item[0] == kind)
            title_cell = f"{titles} of {titled}" if titled else "–"
            print(f"| {name} | {kind}: {images_of_kind} | {edits / max(1, characters):.2%} | {title_cell} |")


if __name__ == "__main__":
    sys.exit(main())
