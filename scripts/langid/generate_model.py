#!/usr/bin/env python3
"""Regenerates the language-detection model: Sources/CLanguageModel/language-model.bin.

Everything comes from Debian 12 packages that are installed locally (no network, no benchmark data):

  * word lists extracted from Tesseract's traineddata (combine_tessdata -u, dawg2wordlist),
  * Debian's word-list packages (/usr/share/dict/*) and the hunspell-vi / hunspell-id stems,
  * gettext catalogues of common packages (/usr/share/locale/*/LC_MESSAGES/*.mo): real running
    text, used only to count how often short function words occur,
  * the Unihan tables of the unicode-data package (character repertoires of GB 2312, the
    Tongyong Guifan table, Big5, JIS X 0208, Joyo and Jinmeiyo kanji; variant mappings).

Packages (apt-get install -y ...): see PACKAGES below, or run with --print-packages.

Usage:  python3 scripts/langid/generate_model.py [--out PATH] [--set NAME=VALUE ...]
                                                [--print-packages]

The model is written as it is (the library embeds the file with #embed), with its SHA-256 in
`language-model.sha256` and the exact versions of the Debian packages it was built from in
`language-model.packages`, next to it: regenerating with those versions installed gives the
same bytes, which the checksum shows. `--out` writes the model elsewhere (what langid-bench
--model reads), with no checksum or package list; --set overrides one of the WEIGHTS below for
an experiment (bench/langid/tune.py imports this module to the same end).

The output is deterministic for a given set of installed package versions. The model format is
documented in Sources/LanguageDetection/LanguageModel.swift; the hashing and
tokenising here must stay identical to the Swift side (see `fnv` and `tokens`).
"""

import argparse
import hashlib
import bz2
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter

PACKAGES = [
    "python3", "tesseract-ocr",
    "tesseract-ocr-eng", "tesseract-ocr-vie", "tesseract-ocr-ind", "tesseract-ocr-deu",
    "tesseract-ocr-spa", "tesseract-ocr-ita", "tesseract-ocr-fra", "tesseract-ocr-por",
    "tesseract-ocr-jpn", "tesseract-ocr-chi-sim", "tesseract-ocr-chi-tra", "tesseract-ocr-cat",
    "unicode-data",
    "wamerican", "wbritish", "wngerman", "wfrench", "witalian", "wspanish", "wportuguese", "wbrazilian", "wcatalan",
    "hunspell-vi", "hunspell-id",
    # gettext catalogues (running text for function-word frequencies)
    "bash", "coreutils", "diffutils", "dpkg", "findutils", "gawk", "gettext", "libglib2.0-data",
    "grep", "libgtk2.0-common", "libc-l10n", "make", "sed", "tar", "wget", "login", "man-db",
    "libgstreamer1.0-0",
]

TESSDATA_DIRS = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"]

# Latin-script languages told apart by the statistical model, in model order.
LATIN = ["en", "vi", "id", "de", "es", "it", "fr", "pt", "ca"]
TESS = {"en": "eng", "vi": "vie", "id": "ind", "de": "deu", "es": "spa", "it": "ita", "fr": "fra", "pt": "por", "ca": "cat"}
DEBIAN_DICTS = {
    "en": ["american-english", "british-english"], "de": ["ngerman"], "fr": ["french"],
    "it": ["italian"], "es": ["spanish"], "pt": ["portuguese", "brazilian"], "ca": ["catalan"],
}
HUNSPELL_STEMS = {"vi": "vi_VN", "id": "id_ID"}
MO_DOMAINS = ["bash", "coreutils", "diffutils", "dpkg", "findutils", "gawk", "gettext-tools", "glib20",
              "grep", "gtk20", "libc", "make", "sed", "tar", "wget", "shadow", "man-db", "gstreamer-1.0"]
MO_LOCALES = {"vi": ["vi"], "id": ["id"], "de": ["de"], "es": ["es"], "it": ["it"], "fr": ["fr"], "pt": ["pt_BR", "pt"], "ca": ["ca"]}

# Model parameters (mirrored in the Swift scorer's documentation).
MAX_ORDER = 4           # character n-grams of length 1...4 (with word-boundary markers)
MIN_COUNT = 3.0         # n-grams of length >= 3 need this weighted count to be kept
WEIGHTS = {
    # Word table: weight of a word by source (in both Tesseract's and Debian's list, in
    # Tesseract's only, an accent-folded or accent-deleted form of a Tesseract word).
    # W_TESS and W_VARIANT, like LAMBDA_CORPUS, are picked on half of the benchmark lines by
    # bench/langid/tune.py
    # (docs/experiments/language-detection.md, "Language detection: our offline detector").
    "W_BOTH": 3.0, "W_TESS": 0.5, "W_VARIANT": 0.3,
    # A dictionary word of weight w gets probability LAMBDA_DICT * w / DICT_MASS, plus
    # LAMBDA_CORPUS times its gettext frequency; the n-gram model's share is set in Swift
    # (LanguageDetectionParameters.ngramShare, 0.1).
    "LAMBDA_CORPUS": 0.6, "LAMBDA_DICT": 0.5, "DICT_MASS": 1e5,
    # Character n-gram training: weight of a word type by source.
    "NGRAM_W_BOTH": 3.0, "NGRAM_W_TESS": 1.0, "NGRAM_W_DEBIAN": 0.3,
}
CORPUS_MIN = 2          # corpus words seen fewer times are ignored
QSTEP = 0.1             # log-probability quantisation step (nats)
BOS, EOS = "<", ">"


def fmix(h):
    """MurmurHash3's 64-bit finaliser."""
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & 0xFFFFFFFFFFFFFFFF
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & 0xFFFFFFFFFFFFFFFF
    h ^= h >> 33
    return h


def fnv(s):
    """FNV-1a over Unicode scalar values (one step per scalar), then fmix. Same as Swift."""
    h = 0xCBF29CE484222325
    for ch in s:
        h ^= ord(ch)
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return fmix(h)


def is_word_char(ch):
    return unicodedata.category(ch)[0] in "LM"


def tokens(text):
    """NFC, lower case, runs of letters and marks. Same rules as the Swift tokenizer."""
    text = unicodedata.normalize("NFC", text).lower()
    out, cur = [], []
    for ch in text:
        if is_word_char(ch):
            cur.append(ch)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


def is_latin_word(w):
    return all("LATIN" in unicodedata.name(c, "") or unicodedata.category(c)[0] == "M" for c in w)


def fold(w):
    """The word as OCR or a lossy converter might give it without accents (é → e, đ → d, ß → ss)."""
    d = "".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", d.replace("đ", "d").replace("ß", "ss").replace("ø", "o"))


def strip_non_ascii(w):
    """The word as a converter that drops non-ASCII letters gives it (canción → cancin)."""
    return "".join(c for c in w if ord(c) < 128)


def die(msg):
    sys.stderr.write(f"generate_model: {msg}\n")
    sys.exit(1)


def tessdata_dir():
    for d in TESSDATA_DIRS:
        if os.path.exists(os.path.join(d, "eng.traineddata")):
            return d
    die("no tessdata directory found; install: " + " ".join(PACKAGES))


def tesseract_words(lang, tmp):
    """The LSTM word list inside `lang`.traineddata."""
    src = os.path.join(tessdata_dir(), f"{lang}.traineddata")
    if not os.path.exists(src):
        die(f"{src} missing; install tesseract-ocr-{lang.replace('_', '-')}")
    prefix = os.path.join(tmp, lang + ".")
    subprocess.run(["combine_tessdata", "-u", src, prefix], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    out = prefix + "words"
    subprocess.run(["dawg2wordlist", prefix + "lstm-unicharset", prefix + "lstm-word-dawg", out], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def read_lines(path):
    if not os.path.exists(path):
        die(f"{path} missing; install: " + " ".join(PACKAGES))
    with open(path, encoding="utf-8", errors="replace") as f:
        return [line.rstrip("\n") for line in f]


def mo_pairs(path):
    """(msgid, msgstr) pairs of a gettext .mo file."""
    with open(path, "rb") as f:
        d = f.read()
    e = "<" if struct.unpack("<I", d[:4])[0] == 0x950412DE else ">"
    _, _, n, o1, o2 = struct.unpack(e + "5I", d[:20])
    for i in range(n):
        l1, a1 = struct.unpack(e + "2I", d[o1 + 8 * i:o1 + 8 * i + 8])
        l2, a2 = struct.unpack(e + "2I", d[o2 + 8 * i:o2 + 8 * i + 8])
        yield d[a1:a1 + l1].decode("utf-8", "replace"), d[a2:a2 + l2].decode("utf-8", "replace")


def corpus_counts():
    """Token counts per language from gettext catalogues (English: the msgids)."""
    counts = {l: Counter() for l in LATIN}
    for dom in MO_DOMAINS:
        english_done = False
        for lang, locales in MO_LOCALES.items():
            for loc in locales:
                path = f"/usr/share/locale/{loc}/LC_MESSAGES/{dom}.mo"
                if not os.path.exists(path):
                    continue
                for mid, mstr in mo_pairs(path):
                    if not mid or not mstr:
                        continue
                    source = set(tokens(mid.replace("\0", " ")))
                    for t in tokens(mstr.replace("\0", " ")):
                        if t not in source:  # untranslated English left in the translation
                            counts[lang][t] += 1
                    if not english_done:
                        for t in tokens(mid.replace("\0", " ")):
                            counts["en"][t] += 1
                english_done = True
                break
    for lang in LATIN:
        if sum(counts[lang].values()) < 10000:
            die(f"too little gettext text for {lang}; install: " + " ".join(PACKAGES))
    return counts


def q(logp):
    """Quantises a log-probability to 1...255 (0 means absent)."""
    return max(1, min(255, 1 + int(round(-logp / QSTEP))))


def bucketed(table, bits):
    """Packs {hash: payload bytes} into buckets by the hash's top bits, with 16-bit fingerprints."""
    nb = 1 << bits
    buckets = [[] for _ in range(nb)]
    for h, payload in table.items():
        buckets[h >> (64 - bits)].append((h & 0xFFFF, payload))
    starts, fps, payloads, total = [], [], [], 0
    for b in buckets:
        b.sort()
        starts.append(total)
        total += len(b)
        for fp, p in b:
            fps.append(fp)
            payloads.append(p)
    starts.append(total)
    return (struct.pack("<I", bits) + struct.pack(f"<{nb + 1}I", *starts)
            + struct.pack(f"<{len(fps)}H", *fps) + b"".join(payloads)), total


def latin_sources(tmp):
    """The Latin languages' word lists and gettext counts: {"tess", "deb", "corpus"}."""
    tess, deb = {}, {}
    for lang in LATIN:
        tess[lang] = {t for w in tesseract_words(TESS[lang], tmp) for t in tokens(w) if is_latin_word(t)}
        deb[lang] = set()
        for name in DEBIAN_DICTS.get(lang, []):
            deb[lang] |= {t for w in read_lines(f"/usr/share/dict/{name}") for t in tokens(w) if is_latin_word(t)}
        if lang in HUNSPELL_STEMS:
            lines = read_lines(f"/usr/share/hunspell/{HUNSPELL_STEMS[lang]}.dic")[1:]
            deb[lang] |= {t for w in lines for t in tokens(w.split("/")[0]) if is_latin_word(t)}
        print(f"  {lang}: tesseract {len(tess[lang])}, debian {len(deb[lang])}", file=sys.stderr)
    return {"tess": tess, "deb": deb, "corpus": corpus_counts()}


def latin_word_sections(src, params=WEIGHTS):
    """The WORD and WCMB sections."""
    tess, deb, corpus = src["tess"], src["deb"], src["corpus"]
    W_BOTH, W_TESS, W_VARIANT = params["W_BOTH"], params["W_TESS"], params["W_VARIANT"]
    LAMBDA_CORPUS, LAMBDA_DICT, DICT_MASS = params["LAMBDA_CORPUS"], params["LAMBDA_DICT"], params["DICT_MASS"]
    # Word probabilities: a mixture of corpus frequency and dictionary membership.
    word_lp = {}  # word -> [logp or None per language]
    for i, lang in enumerate(LATIN):
        total = sum(corpus[lang].values())
        weights = {}
        for w in tess[lang]:
            weights[w] = W_BOTH if w in deb[lang] else W_TESS
        for w in tess[lang]:
            for v in {fold(w), strip_non_ascii(w)}:
                if v and v != w and v not in tess[lang] and v not in deb[lang]:
                    weights.setdefault(v, W_VARIANT)
        for w, c in corpus[lang].items():
            if c >= CORPUS_MIN and is_latin_word(w):
                weights.setdefault(w, 0.0)
        for w, wt in weights.items():
            c = corpus[lang].get(w, 0)
            p = LAMBDA_DICT * wt / DICT_MASS + (LAMBDA_CORPUS * c / total if c >= CORPUS_MIN else 0.0)
            word_lp.setdefault(w, [None] * len(LATIN))[i] = math.log(p)

    combos, combo_index, dict_table = [], {}, {}
    for w in sorted(word_lp):
        key = bytes(0 if lp is None else q(lp) for lp in word_lp[w])
        if key not in combo_index:
            combo_index[key] = len(combos)
            combos.append(key)
        h = fnv(w)
        dict_table[h] = struct.pack("<H", combo_index[key])
    if len(combos) >= 65536:
        die("too many word-probability combinations")
    dict_blob, n_words = bucketed(dict_table, 16)
    combo_blob = struct.pack("<I", len(combos)) + b"".join(combos)
    print(f"  words {n_words} (combos {len(combos)})", file=sys.stderr)
    return dict_blob, combo_blob


def latin_gram_sections(src, params=WEIGHTS):
    """The GRAM and GFLR sections: character n-gram models trained on word types weighted by source."""
    tess, deb = src["tess"], src["deb"]
    W_BOTH, W_TESS, W_DEBIAN = params["NGRAM_W_BOTH"], params["NGRAM_W_TESS"], params["NGRAM_W_DEBIAN"]
    grams = {}  # n-gram -> [count per language]
    floors = []
    for i, lang in enumerate(LATIN):
        counts = [Counter() for _ in range(MAX_ORDER + 1)]
        weights = {}
        for w in deb[lang]:
            weights[w] = W_DEBIAN
        for w in tess[lang]:
            weights[w] = W_BOTH if w in deb[lang] else W_TESS
        for w, wt in weights.items():
            s = BOS + w + EOS
            for j in range(len(s)):
                for k in range(1, MAX_ORDER + 1):
                    if j - k + 1 < 0:
                        break
                    counts[k][s[j - k + 1:j + 1]] += wt
        unigram_total = sum(counts[1].values())
        vocab = len(counts[1])
        floors.append(math.log(0.1 / (unigram_total + 0.1 * (vocab + 50))))
        for k in range(1, MAX_ORDER + 1):
            for g, c in counts[k].items():
                if k >= 3 and c < MIN_COUNT:
                    continue
                if k == 1:
                    lp = math.log((c + 0.1) / (unigram_total + 0.1 * (vocab + 50)))
                else:
                    ctx = counts[k - 1].get(g[:-1], 0)
                    if ctx <= 0:
                        continue
                    lp = math.log(c / ctx)
                grams.setdefault(g, [0] * len(LATIN))[i] = q(lp)
    gram_table = {}
    for g in sorted(grams):
        h = fnv(g)
        if h in gram_table:
            die("n-gram hash collision")
        gram_table[h] = bytes(grams[g])
    gram_blob, n_grams = bucketed(gram_table, 15)
    floor_blob = struct.pack(f"<{len(LATIN)}f", *floors)
    print(f"  n-grams {n_grams}", file=sys.stderr)
    return gram_blob, floor_blob


def build_han(tmp):
    """Per Han character: which standard repertoires hold it, and how common it is in each language."""
    sets = {}
    for line in bz2.open("/usr/share/unicode/Unihan_OtherMappings.txt.bz2", "rt", encoding="utf-8"):
        if line.startswith("U+"):
            cp, key, _ = line.rstrip("\n").split("\t", 2)
            sets.setdefault(key, set()).add(int(cp[2:], 16))
    simp_of, trad_of = {}, {}
    for line in bz2.open("/usr/share/unicode/Unihan_Variants.txt.bz2", "rt", encoding="utf-8"):
        if line.startswith("U+"):
            cp, key, val = line.rstrip("\n").split("\t", 2)
            targets = {int(v.split("<")[0][2:], 16) for v in val.split()}
            if key == "kSimplifiedVariant":
                simp_of[int(cp[2:], 16)] = targets
            elif key == "kTraditionalVariant":
                trad_of[int(cp[2:], 16)] = targets
    trad_only = {c for c, t in simp_of.items() if c not in t}   # has a different simplified form
    cn = sets["kTGH"] | (sets["kGB0"] - trad_only)
    tw = sets["kBigFive"]
    ja = sets["kJis0"] | sets.get("kJoyoKanji", set()) | sets.get("kJinmeiyoKanji", set())
    freq = []
    for lang in ["chi_sim", "chi_tra", "jpn"]:
        c = Counter(ord(ch) for w in tesseract_words(lang, tmp) for ch in w if unicodedata.name(ch, "").startswith("CJK"))
        freq.append(c)
    chars = sorted(cp for cp in (cn | tw | ja | set(freq[0]) | set(freq[1]) | set(freq[2]))
                   if unicodedata.name(chr(cp), "").startswith("CJK"))
    rows = []
    for cp in chars:
        flags = (1 if cp in cn else 0) | (2 if cp in tw else 0) | (4 if cp in ja else 0)
        qs = []
        for c in freq:
            total = sum(c.values())
            qs.append(q(math.log((c.get(cp, 0) + 0.5) / (total + 0.5 * 30000))))
        rows.append(struct.pack("<IBBBB", cp, flags, *qs))
    print(f"  han characters {len(rows)}", file=sys.stderr)
    return struct.pack("<I", len(rows)) + b"".join(rows)


def assemble(dict_blob, combo_blob, gram_blob, floor_blob, han_blob):
    """The model file: header, section table, sections."""
    sections = [(b"LANG", "\0".join(LATIN).encode()), (b"WORD", dict_blob), (b"WCMB", combo_blob),
                (b"GRAM", gram_blob), (b"GFLR", floor_blob), (b"HANC", han_blob)]
    header = b"LID1" + struct.pack("<I", len(sections))
    offset = len(header) + 12 * len(sections)
    table, body = b"", b""
    for tag, data in sections:
        while (offset + len(body)) % 4:
            body += b"\0"
        table += tag + struct.pack("<II", offset + len(body), len(data))
        body += data
    return header + table + body


def check_tools():
    for tool in ["combine_tessdata", "dawg2wordlist"]:
        if not shutil.which(tool):
            die(f"{tool} not found; install tesseract-ocr")


def package_versions():
    """`name version` of every package in PACKAGES, as dpkg has them installed."""
    lines = []
    for package in sorted(set(PACKAGES)):
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
        if version.returncode != 0:
            die(f"{package} is not installed; apt-get install -y $({sys.argv[0]} --print-packages)")
        lines.append(f"{package} {version.stdout.strip()}")
    return "".join(line + "\n" for line in lines)


def write_atomically(path, data):
    temporary = path + ".tmp"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.normpath(os.path.join(here, "../../Sources/CLanguageModel/language-model.bin"))
    ap.add_argument("--out", default=default_out,
                    help="where to write the model (default: the embedded one, with its checksum and package list)")
    ap.add_argument("--blob", dest="out", help="the same as --out (older name)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="override one of WEIGHTS: " + ", ".join(WEIGHTS))
    ap.add_argument("--print-packages", action="store_true")
    args = ap.parse_args()
    if args.print_packages:
        print(" ".join(PACKAGES))
        return
    weights = dict(WEIGHTS)
    for item in args.set:
        name, _, value = item.partition("=")
        if name not in WEIGHTS:
            die(f"unknown weight {name}; known: {', '.join(WEIGHTS)}")
        weights[name] = float(value)
    check_tools()
    versions = package_versions() if os.path.abspath(args.out) == default_out else None
    with tempfile.TemporaryDirectory() as tmp:
        src = latin_sources(tmp)
        latin = latin_word_sections(src, weights) + latin_gram_sections(src, weights)
        han_blob = build_han(tmp)
    blob = assemble(*latin, han_blob)
    write_atomically(args.out, blob)
    digest = hashlib.sha256(blob).hexdigest()
    if versions is not None:
        folder = os.path.dirname(args.out)
        write_atomically(os.path.join(folder, "language-model.sha256"), (digest + "\n").encode())
        write_atomically(os.path.join(folder, "language-model.packages"), versions.encode())
    print(f"wrote {args.out}: {len(blob)} bytes, sha256 {digest}", file=sys.stderr)


if __name__ == "__main__":
    main()
