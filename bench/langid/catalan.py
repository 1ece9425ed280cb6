#!/usr/bin/env python3
"""Catalan against Spanish: how often each detector tells them apart, before and after Catalan
joined the offline model.

Usage: python3 bench/langid/catalan.py --bench PATH_TO_langid-bench --old-model FILE [--data DIR]
       python3 bench/langid/catalan.py --bench PATH_TO_langid-bench --tune

The benchmark data has no Catalan, so Catalan lines are made from its Spanish and English lines
by Apertium (`apertium -u spa-cat`, `apertium -u eng-cat`; packages apertium-spa-cat and
apertium-eng-cat): machine-translated Catalan, not text the model was built from. Each set is
scored for the share of lines answered `ca`, `es` and anything else by
  * ours: langid-bench with the built-in model (all languages of the tool),
  * ours before: the same with --model FILE, the model without Catalan
    (`python3 scripts/langid/generate_model.py --out FILE` at the commit before Catalan),
  * Lingua (high accuracy) restricted to the 14 benchmark languages and Catalan.

--tune picks Catalan's prior (`catalanPrior` in LanguageDetectionParameters) on the odd lines
only (the tuning half, as bench/langid/tune.py does): for each prior of a small grid, the share
of single words and word pairs of es, pt, it, fr and en answered right, and of their Catalan
versions (Apertium from es and en) answered ca; the prior with the best mean of the two wins.
"""
import argparse, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import load_lines  # noqa: E402


def apertium(mode, lines):
    p = subprocess.run(["apertium", "-u", mode], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    out = p.stdout.split("\n")[:len(lines)]
    assert len(out) == len(lines), "apertium changed the line count"
    return out


def ours(bench, lines, extra=()):
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        p = subprocess.run([bench, "--repeat", "1", *extra, path], capture_output=True, text=True, check=True)
    finally:
        os.unlink(path)
    return p.stdout.split("\n")[:len(lines)]


def lingua(lines):
    from lingua import Language as L, LanguageDetectorBuilder
    m = {L.KOREAN: "ko", L.ENGLISH: "en", L.JAPANESE: "ja", L.CHINESE: "zh-CN", L.VIETNAMESE: "vi",
         L.INDONESIAN: "id", L.THAI: "th", L.GERMAN: "de", L.RUSSIAN: "ru", L.SPANISH: "es",
         L.ITALIAN: "it", L.FRENCH: "fr", L.PORTUGUESE: "pt", L.HINDI: "hi", L.CATALAN: "ca"}
    det = LanguageDetectorBuilder.from_languages(*m).with_preloaded_language_models().build()
    return [m.get(det.detect_language_of(x), "unknown") if det.detect_language_of(x) else "unknown" for x in lines]


def shares(answers):
    n = len(answers)
    ca = sum(a == "ca" for a in answers) / n
    es = sum(a == "es" for a in answers) / n
    return f"{100 * ca:.1f}% | {100 * es:.1f}% | {100 * (1 - ca - es):.1f}%"


def tune(args):
    sets = ["single-words", "word-pairs"]
    others = {(s, c): load_lines(args.data, s, c)[0::2] for s in sets for c in ["es", "pt", "it", "fr", "en"]}
    catalan = {}
    for s in sets:
        catalan[(s, "es")] = apertium("spa-cat", load_lines(args.data, s, "es")[0::2])
        catalan[(s, "en")] = apertium("eng-cat", load_lines(args.data, s, "en")[0::2])
    print("| Catalan prior | es pt it fr en right % | Catalan answered ca % | mean |")
    print("|---:|---:|---:|---:|")
    for prior in [0.0, -0.5, -1.0, -1.5, -2.0, -3.0]:
        extra = ["--catalan-prior", str(prior)]
        right = [sum(a == c for a in ours(args.bench, lines, extra)) / len(lines) for (s, c), lines in others.items()]
        ca = [sum(a == "ca" for a in ours(args.bench, lines, extra)) / len(lines) for lines in catalan.values()]
        r, k = 100 * sum(right) / len(right), 100 * sum(ca) / len(ca)
        print(f"| {prior} | {r:.2f} | {k:.2f} | {(r + k) / 2:.2f} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True)
    ap.add_argument("--old-model")
    ap.add_argument("--tune", action="store_true")
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "..", "shared", "bench-data", "langid"))
    args = ap.parse_args()
    if args.tune:
        return tune(args)
    if not args.old_model:
        ap.error("--old-model is needed (or --tune)")
    sets = []
    for s in ["sentences", "word-pairs"]:
        es = load_lines(args.data, s, "es")
        en = load_lines(args.data, s, "en")
        sets += [(f"{s}: Catalan (Apertium from es)", apertium("spa-cat", es)),
                 (f"{s}: Catalan (Apertium from en)", apertium("eng-cat", en)),
                 (f"{s}: Spanish", es)]
    print("| lines | detector | answered ca | answered es | other |")
    print("|---|---|---|---|---|")
    for name, lines in sets:
        for label, answers in [("ours", ours(args.bench, lines)),
                               ("ours before", ours(args.bench, lines, ["--model", args.old_model])),
                               ("Lingua", lingua(lines))]:
            print(f"| {name} ({len(lines)}) | {label} | {shares(answers)} |")


if __name__ == "__main__":
    main()
