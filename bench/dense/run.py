#!/usr/bin/env python3
"""Dense app screens read by `translate --ocr-only` and by the `tesseract` command.

Per half (`render.py` says which screens are tuned on and which held out), then by scale, theme
and language:
- CER of the whole screen's text;
- lines found: the share of ground-truth lines whose best-matching stretch of what was read is
  at least 80% similar, the rule `bench/photos/run.py` scores photos by (a line read with one
  wrong letter in five is found, a line missing or read as something else is not);
- lines read exactly: the share of ground-truth lines whose text, spaces left out, is within
  what was read, spaces left out;
- box language right: of the boxes holding letters of the screen's own script (Hangul for
  Korean, kana or Han for Japanese, Han for Chinese, Latin for English and German), the share
  whose detected language is the screen's (automatic languages only).
`translate` runs over the images with automatic languages and with each screen's own
`-l` (kor+eng, jpn, chi_sim, eng, deu); `tesseract` once per image with the same `-l`.

Usage: bench/dense/run.py [--translate PATH] [--half tune|held-out|all] [--style plain|compact|roomy]
                         [--layout photo|page|auto]
"""
import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "bench"))
from common import edit_distance, normalize  # noqa: E402

sys.path.insert(0, str(REPO / "bench" / "photos"))
from run import score as photo_score  # noqa: E402

OUT = REPO / "bench" / "out" / "dense"


def own_script(language, character):
    """Whether `character` is a letter of the script `language` is written in."""
    code = ord(character)
    if language == "ko":
        return 0xAC00 <= code <= 0xD7A3
    if language == "ja":
        return 0x3041 <= code <= 0x30FF or 0x4E00 <= code <= 0x9FFF
    if language == "zh-CN":
        return 0x4E00 <= code <= 0x9FFF
    return character.isascii() and character.isalpha() or character in "äöüßÄÖÜ"


def read_translate(binary, images, extra):
    """Each image's text and its boxes (text, language), one run over all of them."""
    run = subprocess.run([binary, *map(str, images), "--ocr-only", "--format", "jsonl", "-q", *extra],
                         capture_output=True, text=True)
    pages = {}
    for line in run.stdout.splitlines():
        page = json.loads(line)
        pages[Path(page["file"]).name] = ("\n".join(box["text"] for box in page["boxes"]),
                                          [(box["text"], box.get("language")) for box in page["boxes"]])
    return pages


def read_tesseract(images, languages):
    return {image.name: (subprocess.run(["tesseract", str(image), "-", "-l", languages[image.name]], capture_output=True,
                                        text=True, env={"OMP_THREAD_LIMIT": "1", "PATH": "/usr/bin:/bin"}).stdout, None)
            for image in images}


def squeeze(text):
    return "".join(normalize(text).split())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--half", default="tune", choices=["tune", "held-out", "all"])
    parser.add_argument("--style", default="plain", choices=["plain", "compact", "roomy"])
    parser.add_argument("--layout", choices=["photo", "page", "auto"],
                        help="translate's --layout: photo reads every screen through the text-line detector")
    args = parser.parse_args()
    global OUT
    if args.style != "plain":
        OUT = OUT.parent / f"dense-{args.style}"
    if not (OUT / "manifest.tsv").exists():
        subprocess.run([sys.executable, str(HERE / "render.py"), "--style", args.style], check=True)
    rows = [line.split("\t") for line in (OUT / "manifest.tsv").read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    rows = [row for row in rows if args.half == "all" or row[1] == args.half]
    images = [OUT / row[0] for row in rows]
    languages = {row[0]: row[4] for row in rows}
    own_languages = defaultdict(list)
    for row in rows:
        own_languages[row[4]].append(OUT / row[0])
    layout = ["--layout", args.layout] if args.layout else []
    fixed = {}
    for data, group in own_languages.items():
        fixed.update(read_translate(args.translate, group, ["-l", data, *layout]))
    readings = {"translate": read_translate(args.translate, images, layout),
                "translate, the screen's -l": fixed,
                "tesseract, the screen's -l": read_tesseract(images, languages)}
    print(f"## Dense screens ({args.style}), {args.half} half ({len(images)} images)\n")
    print("| tool | group | CER | lines found | lines read exactly | box language right |")
    print("|---|---|---|---|---|---|")
    for tool, pages in readings.items():
        # edits, characters, lines found, lines read exactly, lines, languages right, boxes
        groups = defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0])
        for row in rows:
            language = row[0].split("-")[0] if not row[0].startswith("zh-CN") else "zh-CN"
            truth = (OUT / (row[0][: -len(".png")] + ".gt.txt")).read_text(encoding="utf-8")
            read, boxes = pages.get(row[0], ("", []))
            lines = [line for line in truth.splitlines() if line.strip()]
            exact = sum(1 for line in lines if squeeze(line) in squeeze(read))
            found = photo_score(lines, read)["found"]
            edits = edit_distance(normalize(read), normalize(truth))
            own = [box for box in boxes or [] if any(own_script(language, ch) for ch in box[0])]
            right = sum(1 for box in own if box[1] == language)
            for group in ("all", row[2], row[3], language):
                counts = groups[group]
                for index, value in enumerate((edits, len(normalize(truth)), found, exact, len(lines), right, len(own))):
                    counts[index] += value
        for group, (edits, characters, found, exact, lines, right, boxes) in groups.items():
            language_right = f"{100 * right / boxes:.0f}% of {boxes}" if boxes and tool == "translate" else "–"
            print(f"| {tool} | {group} | {100 * edits / max(1, characters):.1f}% | {found}/{lines} | {exact}/{lines} "
                  f"| {language_right} |")


if __name__ == "__main__":
    sys.exit(main())
