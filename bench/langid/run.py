#!/usr/bin/env python3
"""Language-detection benchmark: our OfflineLanguageDetector against Lingua, same lines, one run.

Usage: python3 bench/langid/run.py --bench PATH_TO_langid-bench [--data DIR] [--markdown OUT]

Data: ../shared/bench-data/langid/{single-words,word-pairs,sentences}/<code>.txt (14 languages).
Lingua: `pip install lingua-language-detector`, high-accuracy mode (the default), restricted to
the same 14 languages, models preloaded. Lingua has no Traditional Chinese: its CHINESE counts
as `zh`. Scoring is strict: a `zh` line (Simplified Chinese) is right only when the answer is
zh-CN; zh-TW is wrong. Unknown is wrong.

Speed: texts per second of one in-process, single-thread pass over all lines of a set, after
the model is loaded (median of --repeat passes), for both detectors: Lingua's
`detect_language_of` in a Python loop (its core is compiled Rust), ours `detect` in a Swift loop.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

SETS = ["single-words", "word-pairs", "sentences"]
CODES = ["ko", "en", "ja", "zh", "vi", "id", "th", "de", "ru", "es", "it", "fr", "pt", "hi"]
OURS = {c: c for c in CODES}
OURS["zh"] = "zh-CN"


def load_lines(data, s, code):
    with open(os.path.join(data, s, code + ".txt"), encoding="utf-8") as f:
        return [x for x in f.read().split("\n") if x.strip()]


def run_ours(bench, lines, repeat, extra=()):
    """Our answers for `lines`, the median seconds of one pass, the model load time; `extra` are
    more langid-bench options (weights, --model)."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(x.replace("\r", " ") for x in lines) + "\n")
        path = f.name
    try:
        p = subprocess.run([bench, "--repeat", str(repeat), *extra, path], capture_output=True, text=True, check=True)
    finally:
        os.unlink(path)
    answers = p.stdout.split("\n")[:len(lines)]
    load = secs = None
    for line in p.stderr.splitlines():
        parts = line.split()
        if parts[0] == "load":
            load = float(parts[1])
        elif parts[0] == "time":
            secs = float(parts[-1])
    return answers, secs, load


def run_lingua(lines, repeat):
    from lingua import Language as L, LanguageDetectorBuilder
    m = {L.KOREAN: "ko", L.ENGLISH: "en", L.JAPANESE: "ja", L.CHINESE: "zh-CN", L.VIETNAMESE: "vi",
         L.INDONESIAN: "id", L.THAI: "th", L.GERMAN: "de", L.RUSSIAN: "ru", L.SPANISH: "es",
         L.ITALIAN: "it", L.FRENCH: "fr", L.PORTUGUESE: "pt", L.HINDI: "hi"}
    t0 = time.perf_counter()
    det = LanguageDetectorBuilder.from_languages(*m).with_preloaded_language_models().build()
    load = time.perf_counter() - t0
    times, answers = [], []
    for _ in range(repeat):
        t = time.perf_counter()
        answers = [m.get(det.detect_language_of(x), "unknown") for x in lines]
        times.append(time.perf_counter() - t)
    return answers, statistics.median(times), load


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--bench", required=True, help="the langid-bench executable")
    ap.add_argument("--data", default=os.path.join(here, "../../../shared/bench-data/langid"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", help="write the result tables here")
    ap.add_argument("--errors", help="write our wrong answers here (for error analysis)")
    a = ap.parse_args()
    out, errors = [], []
    summary = []
    for s in SETS:
        lines, labels = [], []
        for c in CODES:
            ls = load_lines(a.data, s, c)
            lines += ls
            labels += [c] * len(ls)
        ours, our_secs, our_load = run_ours(a.bench, lines, a.repeat)
        theirs, their_secs, their_load = run_lingua(lines, a.repeat)
        rows = []
        for c in CODES:
            idx = [i for i, l in enumerate(labels) if l == c]
            o = 100 * sum(ours[i] == OURS[c] for i in idx) / len(idx)
            t = 100 * sum(theirs[i] == OURS[c] for i in idx) / len(idx)
            rows.append((c, len(idx), o, t))
            errors += [f"{s}\t{c}\t{ours[i]}\t{lines[i]}" for i in idx if ours[i] != OURS[c]]
        avg_o = statistics.mean(r[2] for r in rows)
        avg_t = statistics.mean(r[3] for r in rows)
        summary.append((s, len(lines), avg_o, avg_t, len(lines) / our_secs, len(lines) / their_secs))
        out.append(f"\n### {s} ({len(lines)} lines)\n\n| language | lines | ours % | Lingua % |\n|---|---:|---:|---:|")
        for c, n, o, t in rows:
            out.append(f"| {c} | {n} | {o:.1f} | {t:.1f} |")
        out.append(f"| **average** | | **{avg_o:.2f}** | **{avg_t:.2f}** |")
        print(f"{s}: ours {avg_o:.2f}% Lingua {avg_t:.2f}%  speed ours {len(lines)/our_secs:,.0f}/s "
              f"Lingua {len(lines)/their_secs:,.0f}/s", flush=True)
    head = ["| set | lines | ours % | Lingua % | ours texts/s | Lingua texts/s | speed ratio |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for s, n, o, t, so, st in summary:
        head.append(f"| {s} | {n} | {o:.2f} | {t:.2f} | {so:,.0f} | {st:,.0f} | {so/st:.1f}× |")
    head.append(f"\nModel load (ours): {our_load*1000:.0f} ms to decode the built-in model, in the same run.")
    text = "\n".join(head + out) + "\n"
    print(text)
    if a.markdown:
        with open(a.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    if a.errors:
        with open(a.errors, "w", encoding="utf-8") as f:
            f.write("\n".join(errors) + "\n")


if __name__ == "__main__":
    main()
