#!/usr/bin/env python3
"""Held-out evaluation of the language detector's tuned weights.

Usage: python3 bench/langid/tune.py --bench PATH_TO_langid-bench [--data DIR] [--markdown OUT]

Every language file of every set (../shared/bench-data/langid/{single-words,word-pairs,
sentences}/<code>.txt) is split by alternate lines: lines 1, 3, 5, … (counting non-blank lines
from 1) are the tuning half, lines 2, 4, 6, … the held-out half. A small grid around the
weights that were once chosen on the benchmark lines is searched on the tuning half only:

  model data (scripts/langid/generate_model.py, WEIGHTS): LAMBDA_CORPUS, W_TESS, W_VARIANT
  scoring (LanguageDetectionParameters, langid-bench options): ngram_share, backoff_penalty

A setting's score is the mean over the three sets of the set's accuracy (the unweighted mean
over its 14 languages, as in run.py); the best one wins, the defaults on a tie. Then, on the
held-out half only: our accuracy with the picked setting, with the defaults (the built-in
model and LanguageDetectionParameters.standard), with the weights in use before this split
(PREVIOUS, chosen on all benchmark lines), and Lingua's.

The model variants are generated from the installed Debian packages (see generate_model.py's
PACKAGES); the n-gram models and the Han data are built once, with their defaults. Runs in
about ten minutes on 2 cores.
"""
import argparse, itertools, os, statistics, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "../../scripts/langid"))
import run  # noqa: E402  (bench/langid/run.py: data layout, scoring, Lingua)
import generate_model as gm  # noqa: E402

MODEL_GRID = {
    "LAMBDA_CORPUS": [0.15, 0.3, 0.6],
    "W_TESS": [0.5, 1.0, 2.0],
    "W_VARIANT": [0.1, 0.3, 1.0],
}
SCORING_GRID = {
    "ngram-share": [0.1, 0.2, 0.4],
    "backoff-penalty": [0.3, 0.4, 0.5],
}
# The defaults: generate_model.py's WEIGHTS and, mirrored here, LanguageDetectionParameters.standard
# (checked: the built-in model with no options must score exactly as this grid point).
DEFAULT_SCORING = {"ngram-share": 0.1, "backoff-penalty": 0.5}
# The weights in use before the held-out split, chosen by comparing settings on all lines.
PREVIOUS = ({"LAMBDA_CORPUS": 0.3, "W_TESS": 1.0, "W_VARIANT": 0.3}, {"ngram-share": 0.2, "backoff-penalty": 0.4})


def split(data):
    """{set: (tuning (lines, labels), held-out (lines, labels))}, alternate lines per file."""
    halves = {}
    for s in run.SETS:
        tune, held = ([], []), ([], [])
        for c in run.CODES:
            lines = run.load_lines(data, s, c)
            for half, part in ((tune, lines[0::2]), (held, lines[1::2])):
                half[0].extend(part)
                half[1].extend([c] * len(part))
        halves[s] = (tune, held)
    return halves


def accuracy(answers, labels):
    """Unweighted mean over languages of the percentage right (run.py's scoring)."""
    per = []
    for c in run.CODES:
        idx = [i for i, l in enumerate(labels) if l == c]
        per.append(100 * sum(answers[i] == run.OURS[c] for i in idx) / len(idx))
    return statistics.mean(per)


def evaluate(bench, part, extra):
    """{set: accuracy} for `part` (index 0 tuning, 1 held-out), in one langid-bench process."""
    lines, labels, spans = [], [], {}
    for s, halves in part.items():
        start = len(lines)
        lines += halves[0]
        labels += halves[1]
        spans[s] = (start, len(lines))
    answers, _, _ = run.run_ours(bench, lines, 1, extra)
    return {s: accuracy(answers[a:b], labels[a:b]) for s, (a, b) in spans.items()}


def scoring_options(setting):
    return [x for k, v in setting.items() for x in (f"--{k}", repr(v))]


def describe(model, scoring):
    return ", ".join([f"{k}={v:g}" for k, v in model.items()] + [f"{k}={v:g}" for k, v in scoring.items()])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True, help="the langid-bench executable")
    ap.add_argument("--data", default=os.path.join(HERE, "../../../shared/bench-data/langid"))
    ap.add_argument("--markdown", help="write the held-out table here")
    a = ap.parse_args()
    t0 = time.time()
    halves = split(a.data)
    tuning = {s: h[0] for s, h in halves.items()}
    held = {s: h[1] for s, h in halves.items()}

    gm.check_tools()
    with tempfile.TemporaryDirectory() as tmp:
        print("building the model's parts once (about a minute)…", file=sys.stderr, flush=True)
        src = gm.latin_sources(tmp)
        gram_sections = gm.latin_gram_sections(src)
        han = gm.build_han(tmp)
        model_settings = [dict(zip(MODEL_GRID, v)) for v in itertools.product(*MODEL_GRID.values())]
        scoring_settings = [dict(zip(SCORING_GRID, v)) for v in itertools.product(*SCORING_GRID.values())]
        default_model = {k: gm.WEIGHTS[k] for k in MODEL_GRID}
        results = []  # (score, is default, -order, model setting, scoring setting, per-set accuracy)
        blobs = {}
        with ThreadPoolExecutor(max_workers=2) as pool:
            for mi, ms in enumerate(model_settings):
                weights = dict(gm.WEIGHTS, **ms)
                path = os.path.join(tmp, f"model{mi}.bin")
                with open(path, "wb") as f:
                    f.write(gm.assemble(*gm.latin_word_sections(src, weights), *gram_sections, han))
                blobs[mi] = path
                jobs = [(si, ss, pool.submit(evaluate, a.bench, tuning, ["--model", path] + scoring_options(ss)))
                        for si, ss in enumerate(scoring_settings)]
                for si, ss, job in jobs:
                    per = job.result()
                    score = statistics.mean(per.values())
                    is_default = ms == default_model and ss == DEFAULT_SCORING
                    results.append((score, is_default, -(mi * len(scoring_settings) + si), mi, si, per))
                    print(f"tuning {score:.3f}  {describe(ms, ss)}  "
                          + "  ".join(f"{s} {v:.2f}" for s, v in per.items()), flush=True)
        # The best score wins; on a tie the defaults, then the earlier setting.
        best = max(results)
        default = next((r for r in results if r[1]), None)
        if default is None:
            sys.exit("tune: the defaults are not a point of the grid")
        picked_model, picked_scoring = model_settings[best[3]], scoring_settings[best[4]]
        picked_options = ["--model", blobs[best[3]]] + scoring_options(picked_scoring)
        # The built-in model and the Swift defaults must be this grid point.
        if evaluate(a.bench, tuning, []) != default[5]:
            sys.exit("tune: the built-in detector differs from the default grid point: regenerate the "
                     "model or update DEFAULT_SCORING")
        previous_options = (["--model", blobs[model_settings.index(PREVIOUS[0])]]
                            + scoring_options(PREVIOUS[1]))
        held_picked = evaluate(a.bench, held, picked_options)
        held_default = evaluate(a.bench, held, [])
        held_previous = evaluate(a.bench, held, previous_options)
    held_lingua = {}
    for s, (lines, labels) in held.items():
        answers, _, _ = run.run_lingua(lines, 1)
        held_lingua[s] = accuracy(answers, labels)

    out = [f"Tuning half: {len(results)} settings; defaults {default[0]:.3f}, "
           f"best {best[0]:.3f} ({describe(picked_model, picked_scoring)})"
           + (" = the defaults" if best is default else ""),
           "",
           f"Previous weights: {describe(*PREVIOUS)}",
           "",
           "| set | held-out lines | ours, picked % | ours, defaults % | ours, previous % | Lingua % |",
           "|---|---:|---:|---:|---:|---:|"]
    columns = [held_picked, held_default, held_previous, held_lingua]
    for s in run.SETS:
        out.append(f"| {s} | {len(held[s][0])} | " + " | ".join(f"{c[s]:.2f}" for c in columns) + " |")
    out.append("| **mean** | | " + " | ".join(f"**{statistics.mean(c.values()):.2f}**" for c in columns) + " |")
    text = "\n".join(out) + "\n"
    print("\n" + text)
    print(f"({time.time() - t0:.0f} s)", file=sys.stderr)
    if a.markdown:
        with open(a.markdown, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
