#!/usr/bin/env python3
"""Which boxes are too small or too unsure to be text: every box a build outputs, labelled against
the ground truth, and drop rules tuned on one half of each set and reported on the other.

Readings: `translate FILES --ocr-only --format json --verbose`, one process per set (automatic
languages, as a user runs it), kept in bench/out/trust/readings-SET.json (--refresh reads again).
`--verbose` tells which pages were read as photos line by line (their boxes went through the
photo path's own junk rule already); the others, flattened photographed pages included, are
page-path boxes.

Sets and their halves:
  screenshots   bench/screenshots/out (render.py), NAME.gt.txt; alternately in sorted order
  fixture-shots Fixtures/screenshots; alternately
  fixture-images Fixtures/images (png, jpg, the TIFF's two pages); alternately
  photos, easyocr, documents, scenes  as bench/photos/run.py loads them; scenes: odd numbers tune,
                even ones are held out (run.py's own split); the others alternately
  shortlines    bench/trust/shortlines.py: tab bars of one-syllable labels, prices, 11-13 px grey
                notes; never tuned on, all of it reported: every box it keeps must stay

Labels: a box is a line (or part of one) when its text, spaces aside, matches a stretch of a
ground-truth line (or of a legible line the ground truth leaves out) at least half right; a box
of three characters or fewer must match whole words (a token between spaces or line ends; any
stretch in scripts written without spaces), case and accents aside, so that "ro" inside "program"
is not a match but "oK" for "OK" is. The
rest is junk.

Features: height (the box's shorter side, or its polygon's), its share of the page's median box
height, confidence, letters and digits, their share of the box's characters.

Rule family (each part can be off): a box is dropped when
  small: its height is under H px or under S of the page's median height, it has at most L1
         letters or digits, and it is read under C1; or
  few:   it has at most L2 letters or digits and is read under C2, whatever its size; or
  icon:  its height is at least T times the page's median, it has at most one letter or digit,
         and it is read under C3 (a drawn icon read as a letter and a bracket).
Tuning: the rule that drops the most junk boxes of the tuning halves of all sets pooled, losing no
line box (--max-lost); ties go to the rule that drops fewest boxes, then to the one with the lower
thresholds, the few-letters part first, since it needs no size (the least it takes). The tuning boxes include the box a user reported ("ro", 60 × 8
px at confidence 27, shown and translated), on a page of the 1× screenshots' median box height
(14 px), since neither half holds a small box that unsure. Reported on the
held-out halves: junk boxes dropped, line boxes lost, and run.py's CER / lines found / junk before
and after, per set.

Usage: bench/trust/measure.py [--translate PATH] [--refresh] [--sets a,b] [--max-lost N]
                              [--photo-path] [--list]
  --photo-path  also apply the rule to boxes of pages read as photos (default: page path only)
  --list        print every held-out box the chosen rule drops
"""
import argparse
import itertools
import json
import math
import statistics
import subprocess
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "bench" / "photos"))
import run  # noqa: E402  (bench/photos/run.py: the photo sets and the measures)
from common import normalize, unspaced  # noqa: E402

OUT = REPO / "bench" / "out" / "trust"
DEFAULT_TRANSLATE = REPO.parent / "main" / ".build" / "release" / "translate"
SETS = ["screenshots", "fixture-shots", "fixture-images", "photos", "easyocr", "documents", "scenes", "shortlines"]

# The grid: (H px, S share, letters, C1) small; (letters, C2) few letters; (T share, C3) icons.
HEIGHTS_PX = [0, 8, 10, 12]
SMALL_SHARES = [0, 0.5, 0.6, 0.7, 0.8]
SMALL_LETTERS = [1, 2, 3, 99]
SMALL_FLOORS = [0, 30, 40, 50, 60, 70]
FEW_LETTERS = [0, 1, 2]
FEW_FLOORS = [0, 5, 10, 20, 30, 40, 50]
ICON_SHARES = [1.5, 1.8, 2.0, 2.5]
ICON_FLOORS = [0, 80, 90, 95, 101]


# ---------------------------------------------------------------------------------------------
# The sets


def item(set_name, path, lines, half, page=1, omitted=()):
    return {"set": set_name, "path": str(path), "page": page, "lines": lines, "half": half, "omitted": list(omitted)}


def alternate(items):
    """Halves alternately in sorted order: even positions tune, odd ones are held out."""
    ordered = sorted(items, key=lambda i: (i["path"], i["page"]))
    for index, it in enumerate(ordered):
        it["half"] = "tuning" if index % 2 == 0 else "held out"
    return ordered


def truth_lines(path):
    return Path(path).read_text(encoding="utf-8").splitlines()


def folder_set(set_name, folder, suffixes=(".png",)):
    found = []
    for image in sorted(Path(folder).iterdir()):
        if image.suffix in suffixes and image.with_suffix(".gt.txt").exists():
            found.append(item(set_name, image, truth_lines(image.with_suffix(".gt.txt")), None))
    return found


def load(set_name):
    if set_name == "screenshots":
        folder = REPO / "bench" / "screenshots" / "out"
        if not (folder / "manifest.tsv").exists():
            subprocess.run([sys.executable, str(REPO / "bench" / "screenshots" / "render.py")], check=True)
        return alternate(folder_set(set_name, folder))
    if set_name == "fixture-shots":
        return alternate(folder_set(set_name, REPO / "Fixtures" / "screenshots"))
    if set_name == "fixture-images":
        folder = REPO / "Fixtures" / "images"
        found = folder_set(set_name, folder, (".png", ".jpg"))
        tiff = folder / "english-two-pages.tif"
        for page in (1, 2):
            found.append(item(set_name, tiff, truth_lines(folder / f"english-two-pages.page{page}.gt.txt"), None, page))
        return alternate(found)
    if set_name == "shortlines":
        folder = OUT / "shortlines"
        if not folder.exists():
            subprocess.run([sys.executable, str(HERE / "shortlines.py"), "--out", str(folder)], check=True)
        found = folder_set(set_name, folder)
        for it in found:
            it["half"] = "held out"
        return found
    photos = run.load(set_name)
    found = [item(set_name, p["path"], p["lines"], None, omitted=p["omitted"]) for p in photos]
    if set_name == "scenes":
        for it in found:
            it["half"] = "tuning" if run.scene_kind(Path(it["path"]).name)[1] == "tuning" else "held out"
        return found
    return alternate(found)


# ---------------------------------------------------------------------------------------------
# Reading


def readings(set_name, items, translate, refresh, tag=""):
    """{(path, page): {"photo": bool, "boxes": [...]}} for the set, read once and kept."""
    cache = OUT / f"readings-{set_name}{'-' + tag if tag else ''}.json"
    if cache.exists() and not refresh:
        stored = json.loads(cache.read_text(encoding="utf-8"))
    else:
        paths = list(dict.fromkeys(it["path"] for it in items))
        print(f"reading {set_name}: {len(paths)} files ...", file=sys.stderr)
        result = subprocess.run([str(translate), *paths, "--ocr-only", "--format", "json", "--verbose"],
                                capture_output=True, text=True)
        if not result.stdout.strip():
            raise SystemExit(f"{set_name}: translate failed: {result.stderr.strip()[-500:]}")
        photo_files = set()
        for line in result.stderr.splitlines():
            for path in paths:
                if line.startswith(f"translate: {path}: ") and "text lines found by the text detector" in line:
                    photo_files.add(path)
        stored = [{"path": page["file"], "page": page["page"], "photo": page["file"] in photo_files,
                   "boxes": [{k: box.get(k) for k in ("x", "y", "width", "height", "confidence", "text", "polygon")}
                             | {"words": [w["confidence"] for w in box["words"]]} for box in page["boxes"]]}
                  for page in json.loads(result.stdout)]
        OUT.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(stored, ensure_ascii=False), encoding="utf-8")
    return {(page["path"], page["page"]): page for page in stored}


# ---------------------------------------------------------------------------------------------
# Labels and features


def letters(text):
    return sum(1 for ch in text if ch.isalnum())


def thickness(box):
    polygon = box.get("polygon")
    if not polygon:
        return min(box["height"], box["width"])
    p = [(q["x"], q["y"]) if isinstance(q, dict) else q for q in polygon]
    across = (math.dist(p[0], p[3]) + math.dist(p[1], p[2])) / 2
    along = (math.dist(p[0], p[1]) + math.dist(p[3], p[2])) / 2
    return min(across, along)


def boundary(text, position):
    """Whether a word may start or end at `position` of `text`."""
    if position <= 0 or position >= len(text):
        return True
    left, right = text[position - 1], text[position]
    return left == " " or right == " " or unspaced(left) or unspaced(right) or not left.isalnum() or not right.isalnum()


def folded(text, accents=True):
    """Case and accents aside: a short box read "oK" or "Si" is the line "OK" or "Sí" misread.
    A single letter keeps its accents: an avatar's "O" is not the Vietnamese word "ở"."""
    text = text.casefold()
    if not accents:
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def is_line(text, lines):
    """Whether a box's text is (a part of) one of `lines`: see the doc."""
    core = normalize(text).replace(" ", "")
    read = folded(normalize(text), accents=len(core) > 1)
    if not core:
        return False
    for line in lines:
        truth = folded(normalize(line), accents=len(core) > 1)
        if not truth:
            continue
        if len(core) <= 3:
            start = truth.find(read)
            while start >= 0:
                if boundary(truth, start) and boundary(truth, start + len(read)):
                    return True
                start = truth.find(read, start + 1)
            continue
        cost, _, _ = run.best_stretch(read, truth)
        if 1 - cost / len(read) >= 0.5:
            return True
    return False


def labelled(items, read_pages, photo_path):
    """Every box of the items as a feature row, with its label."""
    rows = []
    for it in items:
        page = read_pages.get((it["path"], it["page"]))
        if page is None:
            continue
        boxes = page["boxes"]
        heights = [thickness(b) for b in boxes]
        median = statistics.median(heights) if heights else 0
        for index, box in enumerate(boxes):
            text = box["text"]
            characters = sum(1 for ch in text if not ch.isspace())
            rows.append({"set": it["set"], "path": it["path"], "page": it["page"], "index": index, "half": it["half"],
                         "photo": page["photo"], "eligible": photo_path or not page["photo"],
                         "text": text, "x": box["x"], "y": box["y"], "width": box["width"], "height_box": box["height"],
                         "height": heights[index], "share": heights[index] / median if median else 1,
                         "confidence": box["confidence"], "letters": letters(text),
                         "letter_share": letters(text) / characters if characters else 0,
                         "line": is_line(text, it["lines"] + it["omitted"])})
    return rows


# ---------------------------------------------------------------------------------------------
# Rules

# The box a user reported: "ro" at 120,40, 60 × 8 px, confidence 27, on a page whose boxes are
# 14 px tall (the median of the 1× screenshots' pages).
REPORTED = {"set": "reported", "path": "reported", "page": 1, "index": 0, "half": "tuning", "photo": False,
            "eligible": True, "text": "ro", "x": 120, "y": 40, "width": 60, "height_box": 8, "height": 8,
            "share": 8 / 14, "confidence": 27, "letters": 2, "letter_share": 1, "line": False}


def drops(row, rule):
    px, share, small_letters, small_floor, few_letters, few_floor, icon_share, icon_floor = rule
    if not row["eligible"]:
        return False
    confidence, letters_ = row["confidence"], row["letters"]
    small = (row["height"] < px or row["share"] < share) and letters_ <= small_letters and confidence < small_floor
    few = letters_ <= few_letters and confidence < few_floor
    icon = row["share"] >= icon_share and letters_ <= 1 and confidence < icon_floor
    return small or few or icon


def mask(rows, test):
    bits = 0
    for position, row in enumerate(rows):
        if test(row):
            bits |= 1 << position
    return bits


def tune(rows, max_lost):
    """The rule that drops most junk of `rows` losing at most `max_lost` line boxes; ties go to
    the rule with the lowest confidence thresholds (the one that drops least beyond the junk)."""
    lines = mask(rows, lambda r: r["line"])
    junk = mask(rows, lambda r: not r["line"])
    ok = lambda r: r["eligible"]  # noqa: E731
    small = {key: mask(rows, lambda r: ok(r) and (r["height"] < key[0] or r["share"] < key[1]) and r["letters"] <= key[2]
                       and r["confidence"] < key[3])
             for key in itertools.product(HEIGHTS_PX, SMALL_SHARES, SMALL_LETTERS, SMALL_FLOORS)}
    few = {key: mask(rows, lambda r: ok(r) and r["letters"] <= key[0] and r["confidence"] < key[1])
           for key in itertools.product(FEW_LETTERS, FEW_FLOORS)}
    icons = {key: mask(rows, lambda r: ok(r) and r["share"] >= key[0] and r["letters"] <= 1 and r["confidence"] < key[1])
             for key in itertools.product(ICON_SHARES, ICON_FLOORS)}
    best = None
    for (s_key, s), (f_key, f), (i_key, i) in itertools.product(small.items(), few.items(), icons.items()):
        dropped = s | f | i
        lost = bin(dropped & lines).count("1")
        if lost > max_lost:
            continue
        caught = bin(dropped & junk).count("1")
        # Among rules that drop the same boxes, the narrowest: the few-letters part (no size
        # needed) as low as it can be, then the others' thresholds.
        key = (-caught, lost, bin(dropped).count("1"), f_key[1], f_key[0], s_key[3], i_key[1], s_key[2],
               s_key[0] + 10 * s_key[1], -i_key[0])
        if best is None or key < best[0]:
            best = (key, (*s_key, *f_key, *i_key))
    return best[1]


def describe(rule):
    px, share, small_letters, small_floor, few_letters, few_floor, icon_share, icon_floor = rule
    parts = []
    if small_floor and (px or share):
        sizes = ([f"under {px:g} px"] if px else []) + ([f"under {share:g} of the page's median height"] if share else [])
        letters_ = "" if small_letters >= 99 else f", at most {small_letters} letters or digits"
        parts.append(f"{' or '.join(sizes)} tall{letters_}, confidence under {small_floor:g}")
    if few_floor:
        parts.append(f"at most {few_letters} letters or digits, confidence under {few_floor:g}")
    if icon_floor:
        parts.append(f"at least {icon_share:g} of the median height with at most one letter, confidence under {icon_floor:g}")
    return "drop when " + ("; or ".join(parts) if parts else "never")


# ---------------------------------------------------------------------------------------------
# Report


def scored(items, read_pages, rows, rule):
    """run.py's pooled figures of `items` with and without the boxes `rule` drops."""
    dropped = {(r["path"], r["page"], r["index"]) for r in rows if drops(r, rule)}
    before, after = [], []
    for it in items:
        page = read_pages.get((it["path"], it["page"]))
        boxes = page["boxes"] if page else []
        kept = [b["text"] for i, b in enumerate(boxes) if (it["path"], it["page"], i) not in dropped]
        before.append(run.score(it["lines"], "\n".join(b["text"] for b in boxes), omitted=it["omitted"]))
        after.append(run.score(it["lines"], "\n".join(kept), omitted=it["omitted"]))
    return run.pooled(before), run.pooled(after)


def percent(x):
    return f"{100 * x:.1f}%"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", default=str(DEFAULT_TRANSLATE))
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--max-lost", type=int, default=0)
    parser.add_argument("--photo-path", action="store_true")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--compare", metavar="PATH",
                        help="also read every set with this build (one with the rule in it) and report both builds' "
                             "held-out figures as they come, with no rule applied by this script")
    parser.add_argument("--rule", help="evaluate this rule instead of tuning: H,S,L1,C1,L2,C2,T,C3 (the doc's names)")
    args = parser.parse_args()

    sets = {name: load(name) for name in args.sets.split(",")}
    pages, rows = {}, []
    for name, items in sets.items():
        pages[name] = readings(name, items, args.translate, args.refresh)
        rows += labelled(items, pages[name], args.photo_path)

    tuning = [r for r in rows if r["half"] == "tuning"] + [REPORTED]
    if args.rule:
        rule = tuple(float(v) for v in args.rule.split(","))
    else:
        rule = tune(tuning, args.max_lost)
    print(f"translate: {args.translate}")
    print(f"boxes: {len(rows)} ({sum(r['line'] for r in rows)} line boxes, {sum(not r['line'] for r in rows)} junk); "
          f"rule applied to {'every page' if args.photo_path else 'pages not read as photos'}")
    print(f"rule ({'given' if args.rule else 'tuned on the tuning halves'}): {describe(rule)}  {rule}")
    caught = sum(1 for r in tuning if drops(r, rule) and not r["line"])  # the reported box among them
    lost = sum(1 for r in tuning if drops(r, rule) and r["line"])
    print(f"tuning halves: {len(tuning)} boxes; {caught} of {sum(not r['line'] for r in tuning)} junk boxes dropped, "
          f"{lost} line boxes lost\n")

    print("held-out halves")
    print(f"{'set':15} {'pages':>5} {'boxes':>6} {'junk':>5} {'dropped':>8} {'lines lost':>10}   "
          f"{'CER before':>10} {'after':>6}   {'found before':>12} {'after':>6}   {'junk before':>11} {'after':>6}")
    for name, items in sets.items():
        held = [it for it in items if it["half"] == "held out"]
        held_rows = [r for r in rows if r["set"] == name and r["half"] == "held out"]
        junk = sum(not r["line"] for r in held_rows)
        caught = sum(1 for r in held_rows if drops(r, rule) and not r["line"])
        lost = sum(1 for r in held_rows if drops(r, rule) and r["line"])
        before, after = scored(held, pages[name], held_rows, rule)
        print(f"{name:15} {len(held):5} {len(held_rows):6} {junk:5} {caught:8} {lost:10}   "
              f"{percent(before['cer']):>10} {percent(after['cer']):>6}   "
              f"{before['found_lines']:>5}/{before['lines']:<6} {after['found_lines']:>6}   "
              f"{before['junk']:11.3f} {after['junk']:6.3f}")
    if args.compare:
        print(f"\nheld-out halves as read: {args.translate} (before) against {args.compare} (after)")
        print(f"{'set':15} {'boxes':>6} {'junk':>5} {'after':>6} {'junk':>5}   {'CER before':>10} {'after':>6}   "
              f"{'found before':>12} {'after':>6}   {'junk before':>11} {'after':>6}")
        for name, items in sets.items():
            held = [it for it in items if it["half"] == "held out"]
            other = readings(name, items, args.compare, args.refresh, tag="compare")
            before_rows = [r for r in rows if r["set"] == name and r["half"] == "held out"]
            after_rows = [r for r in labelled(held, other, True)]
            before, _ = scored(held, pages[name], before_rows, (0, 0, 0, 0, 0, 0, 99, 0))
            after, _ = scored(held, other, after_rows, (0, 0, 0, 0, 0, 0, 99, 0))
            print(f"{name:15} {len(before_rows):6} {sum(not r['line'] for r in before_rows):5} "
                  f"{len(after_rows):6} {sum(not r['line'] for r in after_rows):5}   "
                  f"{percent(before['cer']):>10} {percent(after['cer']):>6}   "
                  f"{before['found_lines']:>5}/{before['lines']:<6} {after['found_lines']:>6}   "
                  f"{before['junk']:11.3f} {after['junk']:6.3f}")
    if args.list:
        print("\nheld-out boxes dropped (J junk, L line):")
        for r in rows:
            if r["half"] == "held out" and drops(r, rule):
                print(f"  {'L' if r['line'] else 'J'} {Path(r['path']).name} p{r['page']} at {r['x']},{r['y']} "
                      f"{r['width']}x{r['height_box']} {r['text']!r} conf {r['confidence']:.0f} "
                      f"share {r['share']:.2f} letters {r['letters']}")


if __name__ == "__main__":
    main()
