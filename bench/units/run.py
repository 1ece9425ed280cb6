#!/usr/bin/env python3
"""Scores translation units on the wrapped-sentence set (render.py): are sentences that run over
several lines sent whole, do list rows stay apart, and what does it do to the translation.

Each build runs once per language over all the half's images of that language, with the
language's Tesseract languages (`-l`): Spanish and Catalan with `--engine apertium --to en
--no-cache --format json`, the others with `--ocr-only --format json`. Only the JSON is read:
a box's `unit` (boxes of one unit share it within a page); a build without the field has every
box in a unit of its own.

Boxes are matched to ground-truth lines by overlap: a box goes to the line it overlaps most,
when the overlap is at least half of the smaller of the two (and they overlap by half the
smaller height). A line is found when its matched boxes cover at least half of its ink width
(a list row's label and value count, not the gap between them).

Measures, per language, per kind and overall:
  lines found        share of ground-truth lines found
  wrapped whole      of the sentences over two or more lines, the share whose lines were all found
                     and whose matched boxes all carry one unit
  rows apart         of the found list rows (menu items, settings rows, receipt rows), the share
                     whose boxes' units hold no box matched to another ground-truth line
  boxes translated   (with translation) share of matched boxes with a non-empty translation
  chrF               (Spanish, Catalan) per sentence over two or more lines: its lines' boxes'
                     translations joined in reading order, against Apertium's translation of the
                     whole sentence (`apertium -u spa-eng` / `cat-eng`, run here on the image's
                     sentences in reading order, separated by blank lines, the way the tool
                     sends its lines); averaged
  chrF lines (GT)    the same for Apertium's translations of the ground-truth lines one by one:
                     what line-by-line translation gives with perfect reading

chrF: character n-grams of 1 to 6 with whitespace removed, F with beta 2 per n, averaged over
the orders either side has n-grams of (Popovic 2015); scaled to 0-100.

Usage:
  bench/units/run.py [--translate NAME=PATH ...] [--half tune|held-out|all] [--details] [--data DIR]
  bench/units/run.py --self-test      checks chrF on hand-worked pairs
Default builds: the pinned baseline /work/pinned/translate-fe7c28c (as "baseline") and
.build/release/translate (as "current") when they exist.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
DATA = REPO / "bench" / "out" / "units"
RUNS = REPO / "bench" / "out" / "units-runs"
APERTIUM_CACHE = REPO / "bench" / "out" / "units-apertium.json"
BASELINE = Path("/work/pinned/translate-fe7c28c")
TRANSLATED = {"es": "spa-eng", "ca": "cat-eng"}
LANG_ORDER = ["en", "ko", "ja", "zh", "es", "de", "ca"]
KIND_ORDER = ["chat", "notice", "article", "sign", "menu", "settings", "receipt"]


# ---------------------------------------------------------------------------------------------
# chrF


def _ngrams(text, n):
    counts = collections.Counter()
    for i in range(len(text) - n + 1):
        counts[text[i:i + n]] += 1
    return counts


def chrf(hypothesis, reference, order=6, beta=2.0):
    """chrF of one hypothesis against one reference, 0-100."""
    hyp = "".join(hypothesis.split())
    ref = "".join(reference.split())
    total, orders = 0.0, 0
    for n in range(1, order + 1):
        h, r = _ngrams(hyp, n), _ngrams(ref, n)
        nh, nr = sum(h.values()), sum(r.values())
        if nh == 0 and nr == 0:
            continue
        orders += 1
        match = sum((h & r).values())
        if match == 0:
            continue
        p, rc = match / nh, match / nr
        total += (1 + beta ** 2) * p * rc / (beta ** 2 * p + rc)
    return 100.0 * total / orders if orders else 0.0


def self_test():
    """Pairs worked out by hand (see the comments)."""
    cases = [
        ("the cat sat", "the cat sat", 100.0),
        # No character in common.
        ("xyz", "abc", 0.0),
        # "ab" against "abc": n=1 P=1 R=2/3 F=10/14; n=2 P=1 R=1/2 F=5/9; n=3 only the reference
        # has one, F=0; mean over 3 orders = (0.714286 + 0.555556 + 0) / 3.
        ("ab", "abc", 100 * (10 / 14 + 5 / 9) / 3),
        # "abcd" against "abce": F1 = 3/4, F2 = 2/3, F3 = 1/2, F4 = 0 (P = R in each order).
        ("abcd", "abce", 100 * (0.75 + 2 / 3 + 0.5 + 0) / 4),
        # Whitespace does not count.
        ("a b c d", "abce", 100 * (0.75 + 2 / 3 + 0.5 + 0) / 4),
    ]
    for hyp, ref, want in cases:
        got = chrf(hyp, ref)
        assert abs(got - want) < 1e-9, (hyp, ref, got, want)
        print(f"chrF({hyp!r}, {ref!r}) = {got:.4f}")
    print("run.py: chrF self-test passed")


# ---------------------------------------------------------------------------------------------
# Apertium, for the references


def apertium(pair, texts, cache):
    """Apertium's translation of each text, as the tool asks for it: `apertium -u PAIR`, the texts of
    one image in reading order, separated by blank lines (Apertium's capitals depend on what came
    before). Cached in bench/out by the whole batch."""
    key = pair + "\t" + json.dumps(texts, ensure_ascii=False)
    if key not in cache:
        out = subprocess.run(["apertium", "-u", pair], input="\n\n".join(texts) + "\n", capture_output=True,
                             text=True, check=True).stdout
        parts = [p.strip() for p in out.strip().split("\n\n")]
        if len(parts) != len(texts):
            parts = [subprocess.run(["apertium", "-u", pair], input=t + "\n", capture_output=True, text=True,
                                    check=True).stdout.strip() for t in texts]
        cache[key] = [" ".join(p.split()) for p in parts]
    return cache[key]


# ---------------------------------------------------------------------------------------------
# Running a build


def run_build(name, path, lang, entries, data, half):
    files = [str(data / e["file"]) for e in entries]
    command = [str(path), *files, "--format", "json", "-q", "-l", entries[0]["ocr"]]
    if lang in TRANSLATED:
        command += ["--engine", "apertium", "--to", "en", "--no-cache"]
    else:
        command += ["--ocr-only"]
    done = subprocess.run(command, capture_output=True, text=True)
    RUNS.mkdir(parents=True, exist_ok=True)
    (RUNS / f"{name}-{lang}-{half}.json").write_text(done.stdout, encoding="utf-8")
    if done.returncode not in (0, 1):
        sys.exit(f"run.py: {name} failed on {lang} (exit {done.returncode}): {done.stderr.strip()[:500]}")
    pages = {}
    for page in json.loads(done.stdout or "[]"):
        pages[Path(page["file"]).name] = page
    shown = command[:1] + ["IMAGES..."] + command[1 + len(files):]
    shown[shown.index("-l") + 1] = "LANGS"
    return pages, " ".join(shown)


# ---------------------------------------------------------------------------------------------
# Scoring one page


def area(b):
    return max(0, b[2]) * max(0, b[3])


def intersection(a, b):
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return (w, h) if w > 0 and h > 0 else (0, 0)


def covered(parts, boxes):
    """Share of the parts' total width covered by the boxes' x-ranges (where they overlap vertically)."""
    total, hit = 0, 0
    for p in parts:
        spans = sorted((max(p[0], b[0]), min(p[0] + p[2], b[0] + b[2])) for b in boxes if intersection(p, b)[1] > 0)
        x, covered_w = p[0], 0
        for a, b in spans:
            a = max(a, x)
            if b > a:
                covered_w += b - a
                x = b
        total += p[2]
        hit += covered_w
    return hit / total if total else 0.0


def match(truth, boxes):
    """{box index: line id} for the boxes matched to ground-truth lines."""
    matched = {}
    for i, box in enumerate(boxes):
        b = [box["x"], box["y"], box["width"], box["height"]]
        best, best_area = None, 0
        for line in truth["lines"]:
            g = line["box"]
            w, h = intersection(b, g)
            if not w:
                continue
            inter = w * h
            if inter < 0.5 * min(area(b), area(g)) or h < 0.5 * min(b[3], g[3]):
                continue
            if inter > best_area:
                best, best_area = line["id"], inter
        if best is not None:
            matched[i] = best
    return matched


def score_page(truth, page, references, line_refs):
    """Counts for one image, and the failures for --details."""
    boxes = page["boxes"] if page else []
    lines = truth["lines"]
    matched = match(truth, boxes)
    by_line = collections.defaultdict(list)
    for i, lid in matched.items():
        by_line[lid].append(i)
    unit = {i: (("unit", b["unit"]) if b.get("unit") is not None else ("box", i)) for i, b in enumerate(boxes)}
    found = {}
    for line in lines:
        got = [[boxes[i]["x"], boxes[i]["y"], boxes[i]["width"], boxes[i]["height"]] for i in by_line[line["id"]]]
        found[line["id"]] = covered(line.get("parts", [line["box"]]), got) >= 0.5
    c = collections.Counter()
    failures = []
    c["lines"] += len(lines)
    c["found"] += sum(found.values())
    for s in truth["sentences"]:
        if len(s["lines"]) < 2:
            continue
        c["wrapped"] += 1
        units = {unit[i] for lid in s["lines"] for i in by_line[lid]}
        whole = all(found[lid] for lid in s["lines"]) and len(units) == 1
        c["whole"] += whole
        if not whole:
            missing = [lid for lid in s["lines"] if not found[lid]]
            why = f"lines not found: {missing}" if missing else f"{len(units)} units"
            failures.append(("sentence", truth["file"], s["text"], why))
    for line in lines:
        if not line["list_row"] or not found[line["id"]]:
            continue
        c["rows"] += 1
        units = {unit[i] for i in by_line[line["id"]]}
        others = sorted({matched[i] for i in range(len(boxes)) if unit[i] in units and i in matched
                         and matched[i] != line["id"]})
        if others:
            failures.append(("row", truth["file"], line["text"],
                             "merged with " + " | ".join(lines[o]["text"] for o in others)))
        else:
            c["apart"] += 1
    if truth["language"] in TRANSLATED:
        c["matched boxes"] += len(matched)
        c["translated"] += sum(1 for i in matched if (boxes[i].get("translation") or "").strip())
        for s in truth["sentences"]:
            if len(s["lines"]) < 2:
                continue
            pieces = sorted((s["lines"].index(lid), boxes[i]["x"], i) for lid in s["lines"] for i in by_line[lid])
            hyp = " ".join((boxes[i].get("translation") or "").strip() for _, _, i in pieces)
            ref = references[s["id"]]
            c["chrf n"] += 1
            c["chrf"] += chrf(hyp, ref)
            c["chrf lines"] += chrf(" ".join(line_refs[lid] for lid in s["lines"]), ref)
    return c, failures


# ---------------------------------------------------------------------------------------------


def pct(a, b):
    return f"{100 * a / b:.1f}% ({a}/{b})" if b else "–"


def table(title, key_name, keys, results, builds, any_translation):
    out = [f"### {title}", ""]
    head = [key_name, "build", "images", "lines found", "wrapped whole", "rows apart"]
    if any_translation:
        head += ["boxes translated", "chrF", "chrF lines (GT)"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for key in keys:
        for build in builds:
            c = results[build].get(key)
            if not c:
                continue
            row = [key, build, str(c["images"]), pct(c["found"], c["lines"]), pct(c["whole"], c["wrapped"]),
                   pct(c["apart"], c["rows"])]
            if any_translation:
                if c["chrf n"]:
                    row += [pct(c["translated"], c["matched boxes"]), f"{c['chrf'] / c['chrf n']:.1f}",
                            f"{c['chrf lines'] / c['chrf n']:.1f}"]
                else:
                    row += ["–", "–", "–"]
            out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", action="append", metavar="NAME=PATH", help="a build to score (repeatable)")
    parser.add_argument("--half", choices=["tune", "held-out", "all"], default="tune")
    parser.add_argument("--data", default=str(DATA), help="the rendered set (made by render.py when missing)")
    parser.add_argument("--languages", default=",".join(LANG_ORDER))
    parser.add_argument("--details", action="store_true", help="list every failed sentence and merged list row")
    parser.add_argument("--self-test", action="store_true", help="check chrF on hand-worked pairs and stop")
    args = parser.parse_args()
    if args.self_test:
        return self_test()

    builds = {}
    for item in args.translate or []:
        name, _, path = item.partition("=")
        if not path:
            sys.exit(f"run.py: --translate wants NAME=PATH, not {item!r}")
        builds[name] = Path(path)
    if not builds:
        if BASELINE.exists():
            builds["baseline"] = BASELINE
        current = REPO / ".build" / "release" / "translate"
        if current.exists():
            builds["current"] = current
    if not builds:
        sys.exit("run.py: no build to run (--translate NAME=PATH)")
    for name, path in builds.items():
        if not os.access(path, os.X_OK):
            sys.exit(f"run.py: {name}: {path} is not an executable")

    data = Path(args.data)
    if not (data / "manifest.json").exists():
        subprocess.run([sys.executable, str(HERE / "render.py"), "--out", str(data)], check=True)
    manifest = json.loads((data / "manifest.json").read_text(encoding="utf-8"))
    languages = [l for l in args.languages.split(",") if l]
    entries = [e for e in manifest if (args.half == "all" or e["half"] == args.half) and e["language"] in languages]
    truths = {e["file"]: json.loads((data / e["truth"]).read_text(encoding="utf-8")) for e in entries}

    # The references: Apertium on the whole sentences and on each ground-truth line.
    cache = json.loads(APERTIUM_CACHE.read_text(encoding="utf-8")) if APERTIUM_CACHE.exists() else {}
    references, line_refs = {}, {}
    for e in entries:
        if e["language"] in TRANSLATED:
            t, pair = truths[e["file"]], TRANSLATED[e["language"]]
            sentences = [s["text"] for s in t["sentences"]]
            line_texts = [line["text"] for line in t["lines"]]
            references[e["file"]] = apertium(pair, sentences, cache)
            line_refs[e["file"]] = apertium(pair, line_texts, cache)
    APERTIUM_CACHE.parent.mkdir(parents=True, exist_ok=True)
    APERTIUM_CACHE.write_text(json.dumps(cache, ensure_ascii=False, indent=0, sort_keys=True), encoding="utf-8")

    results = {name: collections.defaultdict(collections.Counter) for name in builds}
    details = {name: [] for name in builds}
    commands = {}
    for name, path in builds.items():
        for lang in languages:
            group = [e for e in entries if e["language"] == lang]
            if not group:
                continue
            pages, command = run_build(name, path, lang, group, data, args.half)
            commands[(name, lang in TRANSLATED)] = command
            for e in group:
                c, failures = score_page(truths[e["file"]], pages.get(e["file"]), references.get(e["file"]),
                                         line_refs.get(e["file"]))
                c["images"] = 1
                for key in ("all", lang, e["kind"]):
                    results[name][key].update(c)
                details[name] += failures

    any_translation = any(l in TRANSLATED for l in languages)
    print(f"## Translation units, {args.half} half ({len(entries)} images)\n")
    for (name, translated), command in sorted(commands.items()):
        print(f"- {name}: `{command}`")
    print()
    print(table("Overall", "set", ["all"], results, builds, any_translation) + "\n")
    print(table("By language", "language", languages, results, builds, any_translation) + "\n")
    print(table("By kind", "kind", KIND_ORDER, results, builds, any_translation))
    if args.details:
        for name in builds:
            print(f"\n### Failures of {name}\n")
            for what, file, text, why in details[name]:
                label = "sentence" if what == "sentence" else "list row"
                print(f"- {file}: {label} “{text}”: {why}")


if __name__ == "__main__":
    sys.exit(main())
