#!/usr/bin/env python3
"""The text-line recognizer against Tesseract on the same detected lines of the photo sets.

Every photo of the `photos` and `easyocr` sets (bench/photos/run.py's sets) goes through
recognizer-bench (`swift build -c release --product recognizer-bench`, built here unless
--no-build): the text detector finds its lines (on the grey photo, 960-pixel copy, as the photo
path does), each line is cut out flat with a margin of a fifth of its height, and

  recognizer   TextLineRecognizer reads the colour crop (standard options: widths in steps of
               160, windows of 960 overlapping by 96); variants: `grey` (the grey crop),
               `whole` (no windows, no padding beyond a multiple of 8), `narrow` (padded to 128
               or the next multiple of 64 instead of 320 and 160), `turn` (the crop is also
               read turned half a turn when it reads below 0.9, and the surer reading kept);
  tesseract    the crop prepared as the photo path prepares lines (56 pixels high, stretched,
               dark on light, white border) and read by the `tesseract` command with --psm 7 and
               the photo's languages (kor, chi_sim, rus… before eng; OMP_THREAD_LIMIT=1), all of a
               photo's lines in one process (a list of images); a line read below confidence 70
               is read binarised too and the surer reading kept, as the photo path does.

Each photo's lines, joined by newlines, are scored with bench/photos/run.py's measures (CER,
lines found, junk). Per-line times: the recognizer's from inside the process (its model load
once, reported apart), wall and CPU; Tesseract's from the process's CPU time over the lines, less
one start of the same command on a single blank line (one thread: OMP_THREAD_LIMIT=1).

Then rules that keep one reading per line are scored the same way (see RULES), and per-line
figures show what the recognizer does on lines in scripts it cannot read.

--tesseract-langs LANGS reads every photo with those Tesseract languages instead of its own (to
see what the rules do when Tesseract has the wrong data); --rounds N reads each line N times with
the recognizer and keeps the median time.

Usage: bench/recognizer/run.py [--no-build] [--sets photos,easyocr] [--tesseract-langs LANGS]
                               [--rounds N] [--details] [--json FILE]
"""
import argparse
import importlib.util
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
OUT = REPO / "bench" / "out" / "recognizer"
BENCH = REPO / ".build" / "release" / "recognizer-bench"


def photo_bench():
    """bench/photos/run.py as a module: the sets, the languages and the measures."""
    spec = importlib.util.spec_from_file_location("photo_bench", REPO / "bench" / "photos" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


photos = photo_bench()

# ---------------------------------------------------------------------------------------------
# Scripts


def script_of(ch):
    """A coarse script name for a character, or None for digits, punctuation and spaces."""
    code = ord(ch)
    if 0xAC00 <= code <= 0xD7AF or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
        return "hangul"
    if 0x3040 <= code <= 0x30FF:
        return "kana"
    if 0x0E00 <= code <= 0x0E7F:
        return "thai"
    if 0x0400 <= code <= 0x04FF:
        return "cyrillic"
    if 0x0900 <= code <= 0x097F:
        return "devanagari"
    if 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF:
        return "han"
    if ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN"):
        return "latin"
    if ch.isalpha():
        return "other"
    return None


# The recognizer's dictionary holds Han, Latin (with a few accents), digits and punctuation;
# only a handful of Cyrillic and Greek letters.
RECOGNIZER_SCRIPTS = {"han", "latin"}


def recognizer_characters():
    """The characters the recognizer can output (its installed character list, and a space)."""
    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    path = data_home / "translate" / "text-recognizer.characters.txt"
    return set(path.read_text(encoding="utf-8").split("\n")) | {" "}


CHARACTERS = recognizer_characters()


def unreadable_letters(text):
    """How many letters of `text` the recognizer has no class for (Hangul, kana, Thai, most
    Cyrillic, accented Latin letters such as â, ç, ê...)."""
    return sum(1 for ch in text if ch.isalpha() and ch not in CHARACTERS)


def scripts(text):
    counts = {}
    for ch in text:
        name = script_of(ch)
        if name:
            counts[name] = counts.get(name, 0) + 1
    return counts


def foreign_letters(text):
    """How many letters of `text` are in scripts the recognizer cannot read."""
    return sum(n for name, n in scripts(text).items() if name not in RECOGNIZER_SCRIPTS)


# ---------------------------------------------------------------------------------------------
# Tesseract on the crops


def parse_tsv(text, count):
    """Per image of a list run: (text, confidence weighted by word length)."""
    words = [[] for _ in range(count)]
    for row in text.splitlines()[1:]:
        fields = row.split("\t")
        if len(fields) < 12 or fields[0] != "5":
            continue
        page, conf, word = int(fields[1]), float(fields[10]), fields[11]
        if word.strip() and 1 <= page <= count:
            words[page - 1].append((word, conf))
    out = []
    for line in words:
        weight = sum(len(w) for w, _ in line)
        out.append((" ".join(w for w, _ in line), sum(len(w) * c for w, c in line) / weight if weight else 0.0))
    return out


def tesseract_list(paths, languages, environment):
    """(readings, seconds) of one `tesseract LIST OUT --psm 7 -l LANGS tsv` over `paths`."""
    with tempfile.TemporaryDirectory(prefix="recognizer-bench.") as directory:
        listing = Path(directory) / "list.txt"
        listing.write_text("".join(f"{p}\n" for p in paths))
        base = Path(directory) / "out"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(["tesseract", str(listing), str(base), "--psm", "7", "-l", languages, "tsv"],
                       check=True, capture_output=True, env=environment)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        # CPU time (one thread): on a shared machine, wall time measures the neighbours too.
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return parse_tsv((base.with_suffix(".tsv")).read_text(encoding="utf-8"), len(paths)), seconds


def blank_line(directory):
    path = Path(directory) / "blank.png"
    subprocess.run(["convert", "-size", "300x72", "xc:white", str(path)], check=True)
    return path


# ---------------------------------------------------------------------------------------------
# Rules: one reading per line


def rule_recognizer(line):
    return line["rec"]


def rule_tesseract(line):
    return line["tess"]


def rule_turn(line):
    return line["rec_turn"]


def rule_letters(line, tess_sure=60, rec_unsure=0.5):
    """Tesseract's reading when it has a letter the recognizer has no class for and Tesseract is
    fairly sure of it (`tess_sure`), or when the recognizer is unsure (below `rec_unsure`) and
    Tesseract surer (its confidence / 100 higher); else the recognizer's."""
    rec, tess = line["rec"], line["tess"]
    if unreadable_letters(tess["text"]) > 0 and tess["confidence"] >= tess_sure:
        return tess
    if rec["confidence"] < rec_unsure and tess["confidence"] / 100 > rec["confidence"]:
        return tess
    return rec


def rule_scripts(line):
    """rule_letters with scripts instead of the character list: only Hangul, kana, Thai,
    Cyrillic… send a line to Tesseract (accented Latin letters do not)."""
    rec, tess = line["rec"], line["tess"]
    if foreign_letters(tess["text"]) > 0 and tess["confidence"] >= 60:
        return tess
    if rec["confidence"] < 0.5 and tess["confidence"] / 100 > rec["confidence"]:
        return tess
    return rec


def rule_page(line):
    """By the photo's script: a photo whose Tesseract readings are mostly letters the recognizer
    has no class for keeps Tesseract's readings except lines it reads without such letters that
    the recognizer reads surely (0.9); other photos take rule_letters."""
    if line["page_foreign"]:
        rec, tess = line["rec"], line["tess"]
        if unreadable_letters(tess["text"]) == 0 and rec["confidence"] >= 0.9 and rec["text"].strip():
            return rec
        return tess
    return rule_letters(line)


def rule_oracle(line):
    """The reading nearer the truth (its read characters' error, see line_error): an upper bound."""
    return min((line["rec"], line["tess"]), key=lambda r: (r["error"], -len(r["text"])))


RULES = [("rule: letters", rule_letters), ("rule: scripts", rule_scripts), ("rule: page", rule_page),
         ("oracle per line", rule_oracle)]


# ---------------------------------------------------------------------------------------------


def line_error(text, truth):
    """How wrong one line's reading is: the edit distance of its best placement inside the
    photo's ground truth, over its length (1 for a reading with nothing in the truth)."""
    clean = photos.normalize(text)
    if not clean:
        return 1.0
    cost, _, _ = photos.best_stretch(clean, truth)
    return min(1.0, cost / len(clean))


def percent(x):
    return f"{x:.1%}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("--sets", default="photos,easyocr")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--details", action="store_true", help="print every line's readings")
    parser.add_argument("--tesseract-langs", help="Tesseract's languages for every photo (default: each photo's own)")
    parser.add_argument("--rounds", type=int, default=1, help="recognizer readings per line; times are medians")
    parser.add_argument("--reuse-lines", action="store_true",
                        help="reuse the recognizer's readings of the last run (bench/out/recognizer/lines.jsonl)")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()

    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "recognizer-bench"], cwd=REPO, check=True,
                       stdout=subprocess.DEVNULL)
    items = [item for name in args.sets.split(",") for item in photos.load(name)]
    OUT.mkdir(parents=True, exist_ok=True)
    saved = OUT / "lines.jsonl"
    if args.reuse_lines and saved.exists():
        output, load_line = saved.read_text(encoding="utf-8"), "recognizer readings reused from " + str(saved)
    else:
        run = subprocess.run([str(BENCH), "--rounds", str(args.rounds), str(OUT)] + [str(item["path"]) for item in items],
                             check=True, capture_output=True, text=True)
        output = run.stdout
        saved.write_text(output, encoding="utf-8")
        load_line = next((l for l in run.stderr.splitlines() if l.startswith("recognizer loaded")), "")
    records = [json.loads(line) for line in output.splitlines()]

    environment = dict(os.environ, OMP_THREAD_LIMIT="1")
    with tempfile.TemporaryDirectory() as directory:
        blank = blank_line(directory)
        startup = {}
        for item in items:
            languages = args.tesseract_langs or photos.tesseract_languages(item["languages"])
            if languages not in startup:
                startup[languages] = statistics.median(tesseract_list([blank], languages, environment)[1] for _ in range(3))

    results = []
    for number, item in enumerate(items, 1):
        print(f"\r{number}/{len(items)} {item['name']:30}", end="", file=sys.stderr, flush=True)
        lines = [r for r in records if r["photo"] == item["name"]]
        languages = args.tesseract_langs or photos.tesseract_languages(item["languages"])
        truth = photos.normalize(" | ".join(item["lines"]))
        grey, grey_seconds = tesseract_list([r["grey"] for r in lines], languages, environment) if lines else ([], 0)
        retry = [i for i, (_, conf) in enumerate(grey) if conf < 70]
        binary, binary_seconds = tesseract_list([lines[i]["binary"] for i in retry], languages, environment) if retry else ([], 0)
        tess = [{"text": t, "confidence": c} for t, c in grey]
        for i, (t, c) in zip(retry, binary):
            if c > tess[i]["confidence"]:
                tess[i] = {"text": t, "confidence": c}
        tess_seconds = max(0.0, grey_seconds - startup[languages]) + (max(0.0, binary_seconds - startup[languages]) if retry else 0)
        page_text = "\n".join(r["text"] for r in tess)
        page_letters = scripts(page_text)
        letters = sum(page_letters.values()) or 1
        page_foreign = unreadable_letters(page_text) / letters > 0.5
        entries = []
        for record, t in zip(lines, tess):
            readings = record["readings"]
            rec = readings["rgb"]
            turn = rec
            if rec["confidence"] < 0.9 and readings["rgb180"]["confidence"] > rec["confidence"]:
                turn = readings["rgb180"]
            entry = {"index": record["index"], "crop": [record["cropWidth"], record["cropHeight"]],
                     "rec": rec, "rec_grey": readings["grey"], "rec_whole": readings["whole"], "rec_turn": turn,
                     "rec_narrow": readings["narrow"], "rec180": readings["rgb180"], "tess": t, "page_foreign": page_foreign}
            for key in ("rec", "rec_grey", "rec_whole", "rec_narrow", "rec_turn", "rec180", "tess"):
                entry[key] = dict(entry[key], error=line_error(entry[key]["text"], truth))
            entries.append(entry)
        results.append({"item": item, "lines": entries, "tess_seconds": tess_seconds, "languages": languages,
                        "rec_ms": [e["rec"]["milliseconds"] for e in entries],
                        "turn_ms": [e["rec"]["milliseconds"] + (e["rec180"]["milliseconds"] if e["rec"]["confidence"] < 0.9 else 0)
                                    for e in entries]})
    print(file=sys.stderr)

    def score(result, pick):
        return photos.score(result["item"]["lines"], "\n".join(pick(e)["text"] for e in result["lines"]))

    variants = [("tesseract", rule_tesseract), ("recognizer", rule_recognizer),
                ("recognizer grey", lambda e: e["rec_grey"]), ("recognizer whole", lambda e: e["rec_whole"]),
                ("recognizer narrow", lambda e: e["rec_narrow"]), ("recognizer+turn", rule_turn)]
    print(f"Lines of {len(items)} photos read by Tesseract and the recognizer; {load_line}; "
          f"machine load {os.getloadavg()[0]:.2f} at the end")
    print("Tesseract start (one blank line) by languages: "
          + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in startup.items()))
    print()
    for set_name in args.sets.split(","):
        members = [r for r in results if r["item"]["set"] == set_name]
        count = sum(len(r["lines"]) for r in members)
        print(f"{set_name}: {len(members)} photos, {count} detected lines")
        print("| reading | CER | lines found | junk |")
        print("|---|---:|---:|---:|")
        for name, pick in variants + RULES:
            p = photos.pooled([score(r, pick) for r in members])
            print(f"| {name} | {percent(p['cer'])} | {percent(p['found'])} ({p['found_lines']}/{p['lines']}) | {p['junk']:.2f} |")
        rec_ms = [ms for r in members for ms in r["rec_ms"]]
        rec_cpu = [e["rec"]["cpuMilliseconds"] for r in members for e in r["lines"]]
        narrow_ms = [e["rec_narrow"]["milliseconds"] for r in members for e in r["lines"]]
        tess_ms = sum(r["tess_seconds"] for r in members) * 1000 / max(1, count)
        print(f"\nms per line: recognizer median {statistics.median(rec_ms):.0f}, mean {statistics.mean(rec_ms):.0f} "
              f"(CPU mean {statistics.mean(rec_cpu):.0f}); "
              f"narrow median {statistics.median(narrow_ms):.0f}, mean {statistics.mean(narrow_ms):.0f}; "
              f"with the half-turn retry mean {statistics.mean(ms for r in members for ms in r['turn_ms']):.0f}; "
              f"Tesseract CPU mean {tess_ms:.0f} (grey, binarised below 70)\n")

    print("Per photo: CER / lines found — Tesseract on the crops | recognizer | recognizer+turn | rule: letters; "
          "CPU ms per line (Tesseract, recognizer; means)")
    print("| photo | languages | lines (detected) | tesseract | recognizer | recognizer+turn | rule | CPU ms/line tess | CPU ms/line rec |")
    print("|---|---|---:|---|---|---|---|---:|---:|")
    for r in results:
        cells = []
        for pick in (rule_tesseract, rule_recognizer, rule_turn, rule_letters):
            s = score(r, pick)
            cells.append(f"{percent(photos.cer_of(s))} / {s['found']}/{s['lines']}")
        n = max(1, len(r["lines"]))
        print(f"| {r['item']['name']} | {r['languages']} | {len(r['item']['lines'])} "
              f"({len(r['lines'])}) | " + " | ".join(cells)
              + f" | {r['tess_seconds'] * 1000 / n:.0f} | {statistics.mean([e['rec']['cpuMilliseconds'] for e in r['lines']] or [0]):.0f} |")

    # What the recognizer does on lines Tesseract reads in scripts it cannot read.
    print("\nLines Tesseract reads with letters the recognizer has no class for (Hangul, kana, Thai, Cyrillic, â...), "
          "Tesseract confidence >= 60:")
    print("| photo | tesseract (conf) | recognizer (conf) | recognizer error | tesseract error |")
    print("|---|---|---|---:|---:|")
    foreign = [(r, e) for r in results for e in r["lines"] if unreadable_letters(e["tess"]["text"]) > 0 and e["tess"]["confidence"] >= 60]
    for r, e in foreign:
        print(f"| {r['item']['name']} | {e['tess']['text']} ({e['tess']['confidence']:.0f}) | {e['rec']['text']} "
              f"({e['rec']['confidence']:.2f}) | {e['rec']['error']:.2f} | {e['tess']['error']:.2f} |")

    print("\nrule: letters with other thresholds, both sets pooled (CER / lines found):")
    print("| Tesseract sure at | recognizer unsure below | CER | lines found |")
    print("|---:|---:|---:|---:|")
    for tess_sure in (40, 50, 60, 70, 80):
        for rec_unsure in (0.0, 0.3, 0.5, 0.7, 0.9):
            p = photos.pooled([score(r, lambda e: rule_letters(e, tess_sure, rec_unsure)) for r in results])
            print(f"| {tess_sure} | {rec_unsure} | {percent(p['cer'])} | {percent(p['found'])} |")

    # Confidence of right and wrong recognizer readings.
    print("\nrule: letters, then lines whose kept reading is unsure dropped as junk (the recognizer's below the "
          "threshold, Tesseract's below 50), both sets pooled:")
    print("| recognizer's readings dropped below | CER | lines found | junk |")
    print("|---:|---:|---:|---:|")
    for floor in (0.0, 0.5, 0.6, 0.7, 0.8):
        def dropped(e, floor=floor):
            kept = rule_letters(e)
            sure = kept["confidence"] >= (floor if kept is e["rec"] else 50)
            return kept if sure else {"text": "", "confidence": 0}
        p = photos.pooled([score(r, dropped) for r in results])
        print(f"| {floor} | {percent(p['cer'])} | {percent(p['found'])} | {p['junk']:.2f} |")

    print("\nRecognizer confidence of its readings, by how wrong they are "
          "(error of the reading's best placement in the photo's truth):")
    print("| error | lines | confidence median | 10th percentile | 90th percentile |")
    print("|---|---:|---:|---:|---:|")
    all_lines = [e for r in results for e in r["lines"] if e["rec"]["text"].strip()]
    for label, low, high in (("≤ 0.1", -1, 0.1), ("0.1–0.5", 0.1, 0.5), ("> 0.5", 0.5, 2)):
        confs = sorted(e["rec"]["confidence"] for e in all_lines if low < e["rec"]["error"] <= high)
        if confs:
            q = statistics.quantiles(confs, n=10) if len(confs) > 1 else [confs[0]] * 9
            print(f"| {label} | {len(confs)} | {statistics.median(confs):.2f} | {q[0]:.2f} | {q[-1]:.2f} |")

    if args.details:
        for r in results:
            print(f"\n{r['item']['name']}")
            for e in r["lines"]:
                print(f"  {e['index']:3} {e['crop'][0]}x{e['crop'][1]} rec {e['rec']['text']!r} {e['rec']['confidence']:.2f} "
                      f"err {e['rec']['error']:.2f} | tess {e['tess']['text']!r} {e['tess']['confidence']:.0f} err {e['tess']['error']:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps([{"photo": r["item"]["name"], "set": r["item"]["set"], "lines": r["lines"],
                                                "tess_seconds": r["tess_seconds"]} for r in results],
                                              ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
