#!/usr/bin/env python3
"""Plain Thai signs, upright and turned over: does each build read the Thai line and the English
line under it, and which way up?

Three sets, drawn with ImageMagick into bench/out/plain-thai-signs (900×420, a Thai word over
an English one, in perspective, blurred, with noise, JPEG 70; each drawn upright and turned 180°):
  metres   `เส้นโคนใบ` over `metres`, white on navy, seeds 1 to 8 (the signs the upside-down
           vote was made on; docs/experiments/photos.md,
           "A Thai sign the orientation model turns over")
  corpus   12 signs, each a Thai single word and an English one from the language corpora
           (../shared/bench-data/langid, 3 to 9 and 4 to 10 letters, none drawn twice, random
           seed 11), on six panel colours. A Thai word must open with a letter that can open
           one: the corpus holds fragments opening with a combining mark (`ั่วโมง`), which no
           sign writes
  corpus2  the same, random seed 12: kept for checks, looked at in totals only

Prints, per build and set, the photos read exactly (both lines, in order), and the Thai and the
English lines read exactly (`translate PHOTO --ocr-only --format plain`, with `--ocr-lang DATA`
when given: the languages as a user who knows them names them).

Usage: bench/photos/plain_thai_signs.py --translate NAME=PATH [--translate NAME=PATH ...] [--ocr-lang DATA]
"""
import argparse
import random
import subprocess
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parents[1] / "bench" / "out" / "plain-thai-signs"
LANGID = HERE.parents[2] / "shared" / "bench-data" / "langid" / "single-words"
PERSPECTIVE = "0,0 20,10 900,0 880,0 900,420 890,400 0,420 0,410"


def draw(path, seed, background, ink, thai, english, degrees, thai_size):
    subprocess.run(["convert", "-seed", str(seed), "-size", "900x420", f"xc:{background}",
                    "-font", "Noto-Sans-Thai-Bold", "-pointsize", str(thai_size), "-fill", ink, "-annotate", "+60+170", thai,
                    "-font", "Noto-Sans-Regular", "-pointsize", "60", "-annotate", "+60+320", english,
                    "-distort", "Perspective", PERSPECTIVE, "-blur", "0x0.8", "-attenuate", "0.6", "+noise", "Gaussian",
                    "-rotate", str(degrees), "-quality", "70", str(path)], check=True)


def signs():
    """(set, file, Thai line, English line), drawn when missing."""
    OUT.mkdir(parents=True, exist_ok=True)
    found = []
    for seed in range(1, 9):
        for degrees in (0, 180):
            path = OUT / f"metres-{seed}-{degrees}.jpg"
            if not path.exists():
                draw(path, seed, "#1b2a48", "white", "เส้นโคนใบ", "metres", degrees, 90)
            found.append(("metres", path, "เส้นโคนใบ", "metres"))
    thai = [w.strip() for w in (LANGID / "th.txt").read_text(encoding="utf-8").splitlines()
            if 3 <= len(w.strip()) <= 9 and " " not in w.strip() and opens_a_thai_word(w.strip())]
    english = [w.strip() for w in (LANGID / "en.txt").read_text(encoding="utf-8").splitlines()
               if 4 <= len(w.strip()) <= 10 and w.strip().isalpha()]
    colours = ["#1b2a48", "#0b6b3a", "#7a1f1a", "#2d2a26", "#1750a0", "#f4f4f0"]
    for set_name, seed in (("corpus", 11), ("corpus2", 12)):
        rng = random.Random(seed)
        words, glosses = rng.sample(thai, 12), rng.sample(english, 12)
        for index, (word, gloss) in enumerate(zip(words, glosses)):
            background = rng.choice(colours)
            ink = "black" if background == "#f4f4f0" else "white"
            for degrees in (0, 180):
                path = OUT / f"{set_name}-words-{index:02d}-{degrees}.jpg"
                if not path.exists():
                    draw(path, seed * 100 + index, background, ink, word, gloss, degrees, 86)
                found.append((set_name, path, word, gloss))
    return found


def opens_a_thai_word(word):
    """False for a fragment opening with a combining mark or a vowel written after its consonant."""
    return unicodedata.category(word[0]) != "Mn" and word[0] not in "ะาำๅ"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", action="append", required=True, help="NAME=PATH of a translate binary")
    parser.add_argument("--ocr-lang", help="Tesseract data to name, as translate's --ocr-lang (tha+eng)")
    args = parser.parse_args()
    builds = [item.split("=", 1) for item in args.translate]
    photos = signs()
    print("| build | set | photos | both lines exact | Thai lines | English lines |")
    print("|---|---|---:|---:|---:|---:|")
    for name, binary in builds:
        for set_name in ("metres", "corpus", "corpus2"):
            members = [p for p in photos if p[0] == set_name]
            both = thai_lines = english_lines = 0
            for _, path, thai, english in members:
                given = ["--ocr-lang", args.ocr_lang] if args.ocr_lang else []
                run = subprocess.run([binary, str(path), "--ocr-only", "--format", "plain", *given], capture_output=True, text=True)
                lines = run.stdout.splitlines()
                both += lines == [thai, english]
                thai_lines += thai in lines
                english_lines += english in lines
            count = len(members)
            print(f"| {name} | {set_name} | {count} | {both} | {thai_lines} of {count} | {english_lines} of {count} |")


if __name__ == "__main__":
    main()
