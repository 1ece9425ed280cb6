"""Fresh texts for render_scenes.py's scenes, drawn from a corpus nobody tuned on.

The scenes' own texts were written by hand and every figure of the photo path has been looked at
on them. Rules that hang on words (a spelling no text has, a word list, a script trial) are best
judged on words never seen, so `corpus_lines` keeps a scene's kinds, fonts, sizes, colours and
layout and replaces each line's text with one of the same language and about the same length,
drawn from the language-identification test sets (../shared/bench-data/langid: Leipzig corpora
sentences, word pairs and single words; used nowhere in the photo path):

  a short line (a display word, a sign's name)    a single word or a word pair
  a longer line                                   consecutive words of a sentence
  a line of Chinese or Japanese                   a run of characters of a sentence (their
                                                  corpora's single words are single characters)
  a line mostly of digits (hours, prices)         the same line with every digit drawn anew
  an item and its price                           a word, and the price with its digits drawn anew

A fragment is taken only when its font draws every character and it holds nothing but the
language's own letters, digits, spaces and a few stops: no quotes, brackets, bullets or letters
of another script, which no sign of the set mixes in. Thai fragments that open with a mark (a
word cut in two) or have a mark written twice in a row (the corpus has some) are passed over. A line all in capitals stays in capitals.
Chinese for a Traditional font is drawn from the Simplified corpus (the only one there is) and
labelled zh-CN. Deterministic: the choice is seeded by the scene's name and the draw.
"""
import random
import unicodedata
import zlib
from pathlib import Path

LANGID = Path(__file__).resolve().parents[3] / "shared" / "bench-data" / "langid"

# The stops a fragment may hold besides letters, digits and spaces.
STOPS = set(".,!?:-'")


def script_of(ch):
    """A coarse script name of a character, from its Unicode name."""
    name = unicodedata.name(ch, "")
    for script in ("HANGUL", "THAI", "CYRILLIC", "HIRAGANA", "KATAKANA", "CJK", "LATIN"):
        if script in name:
            return script
    return None


# The scripts each language's letters may be in.
SCRIPTS = {
    "en": {"LATIN"}, "de": {"LATIN"}, "fr": {"LATIN"}, "ru": {"CYRILLIC"}, "th": {"THAI"},
    "ko": {"HANGUL"}, "zh": {"CJK"}, "ja": {"CJK", "HIRAGANA", "KATAKANA"},
}


def corpus(kind, code):
    path = LANGID / kind / f"{code}.txt"
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def is_clean(text, code):
    """Only the language's letters, digits, spaces and a few stops; no mark opening the text (a
    word cut in two) or written twice."""
    if not text or not any(ch.isalpha() for ch in text):
        return False
    for index, ch in enumerate(text):
        if ch.isdigit() and ch.isascii() or ch == " " or ch in STOPS:
            continue
        if unicodedata.category(ch).startswith("M"):
            if index == 0 or text[index - 1] == ch:
                return False
            continue
        if ch == "ー" and code == "ja":
            continue
        if script_of(ch) not in SCRIPTS[code]:
            return False
    return True


def fragments(code, target, rng):
    """Candidate texts of about `target` characters in language `code`, best first."""
    spaced = code not in ("zh", "ja")
    low, high = max(2, round(target * 0.7)), max(3, round(target * 1.3))
    if spaced and target <= 14:
        words = corpus("single-words", code) + corpus("word-pairs", code)
        rng.shuffle(words)
        for word in words:
            if low <= len(word) <= high:
                yield word
    sentences = corpus("sentences", code)
    rng.shuffle(sentences)
    for sentence in sentences:
        sentence = sentence.strip(" .,!?:-'")
        if spaced:
            words = sentence.split()
            start = rng.randrange(len(words))
            taken = []
            for word in words[start:]:
                taken.append(word)
                if len(" ".join(taken)) >= low:
                    break
            text = " ".join(taken).strip(" .,!?:-'")
        else:
            if len(sentence) < low:
                continue
            length = rng.randint(low, min(high, len(sentence)))
            start = rng.randrange(len(sentence) - length + 1)
            text = sentence[start:start + length].strip(" .,!?:-'")
        if low <= len(text) <= high:
            yield text


def is_mostly_digits(text):
    digits = sum(ch.isdigit() for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    return digits > 0 and digits >= letters


def redrawn_digits(text, rng):
    """`text` with every ASCII digit drawn anew (the first of a number never 0)."""
    out = []
    for index, ch in enumerate(text):
        if ch.isascii() and ch.isdigit():
            leads = index == 0 or not (text[index - 1].isascii() and text[index - 1].isdigit())
            ch = str(rng.randint(1 if leads else 0, 9))
        out.append(ch)
    return "".join(out)


def fresh_text(text, code, draws_glyphs, rng):
    """A text of language `code` of about `text`'s length that the font draws."""
    if is_mostly_digits(text):
        return redrawn_digits(text, rng)
    for candidate in fragments(code, len(text), rng):
        if text.isupper() and code in ("en", "de", "fr", "ru"):
            candidate = candidate.upper()
        if is_clean(candidate, code) and draws_glyphs(candidate):
            return candidate
    raise SystemExit(f"scene_texts.py: no {code} fragment of about {len(text)} characters for {text!r}")


def corpus_lines(lines, name, draw, draws_glyphs):
    """`lines` (render_scenes.py's line tuples) with fresh texts; `draws_glyphs(text, font)` says
    whether a font draws every character of a text."""
    rng = random.Random(zlib.crc32(f"texts {name}".encode()) + draw * 1_000_003)
    fresh = []
    for text, lang, font, size, colour, align in lines:
        code = lang.split("-")[0]
        label = "zh-CN" if code == "zh" else lang
        draws = lambda candidate, font=font: draws_glyphs(candidate, font)  # noqa: E731
        if align == "split":
            item, price = text.split("|")
            text = fresh_text(item, code, draws, rng) + "|" + redrawn_digits(price, rng)
        else:
            text = fresh_text(text, code, draws, rng)
        fresh.append((text, label, font, size, colour, align))
    return fresh
