#!/usr/bin/env python3
"""Accents kept by automatic languages: pages rendered from other text than the screenshots.

Renders pages of sentences from the language benchmark (Spanish, Vietnamese, and German and
French as controls) with ImageMagick in Noto Sans at several sizes, light and dark, then reads
each with `translate PAGE --ocr-only --format jsonl` (automatic languages) for each build given,
and prints each language's CER against the rendered text (bench/ocr/run.py's measure).

    bench/autolang/accents.py --translate NEW --translate OLD [--pages 8] [--out DIR]
"""
import argparse, json, random, subprocess, sys, textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "ocr"))
import run as ocr  # noqa: E402

SENTENCES = HERE.parents[2] / "shared" / "bench-data" / "langid" / "sentences"
LANGUAGES = ["es", "vi", "de", "fr"]
# The language benchmark's Spanish sentences have lost their accented letters ("profesin" for
# "profesión"), so Spanish pages are made from these, written for this benchmark.
SPANISH = [
    "El próximo tren sale a las nueve y media desde el andén número tres.",
    "¿Podrías enviarme la contraseña del wifi antes de la reunión?",
    "La batería está casi agotada; conecta el cargador cuanto antes.",
    "Según el pronóstico, mañana habrá lluvia en casi toda la región.",
    "No se pudo guardar el archivo porque el disco está lleno.",
    "Mi hermano compró un ordenador nuevo para la oficina el miércoles.",
    "Aquí tienes la lista de canciones que escuchamos en el camión.",
    "El menú del día incluye sopa, pescado a la plancha y un café.",
    "Por favor, revisa la configuración de la cámara y del micrófono.",
    "La biblioteca pública abre todos los días excepto el domingo.",
    "¿Sabías que el avión aterrizó con una hora de retraso?",
    "Actualiza la aplicación para ver las últimas novedades y mejoras.",
    "Después de la película fuimos a cenar a un restaurante japonés.",
    "El médico le recomendó descansar y beber mucha agua durante el día.",
    "Hay que pagar la factura de electricidad antes del último día del mes.",
    "Los niños jugaron en el jardín hasta que empezó a oscurecer.",
    "Esta versión corrige varios errores de sincronización y de idioma.",
    "La reunión de la comisión se trasladó a la sala número dos.",
    "Necesito un intérprete para la conferencia del próximo jueves.",
    "El museo está cerrado por obras hasta el mes de diciembre.",
]


def render(path, lines, size, dark):
    background, ink = ("#1e1e1e", "#e8e8e8") if dark else ("white", "#202020")
    subprocess.run(["convert", "-background", background, "-fill", ink, "-font", "Noto-Sans-Regular", "-pointsize", str(size),
                    "-interline-spacing", str(size // 2), "label:" + "\n".join(lines),
                    "-bordercolor", background, "-border", "24", str(path)], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--translate", action="append", required=True, help="a build to read with (repeatable)")
    parser.add_argument("--pages", type=int, default=8, help="pages per language")
    parser.add_argument("--out", default=str(HERE.parent / "out" / "accents"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(11)
    pages = []
    for code in LANGUAGES:
        sentences = SPANISH if code == "es" else [
            s.strip() for s in (SENTENCES / f"{code}.txt").read_text(encoding="utf-8").splitlines() if 20 <= len(s.strip()) <= 160]
        for index in range(args.pages):
            lines = [line for sentence in rng.sample(sentences, 4) for line in textwrap.wrap(sentence, 44)][:10]
            page = out / f"{code}-{index:02d}.png"
            render(page, lines, (14, 18, 24, 30)[index % 4], dark=index % 2 == 1)
            pages.append((code, page, "\n".join(lines)))
    print("| language | pages | " + " | ".join(f"CER, {Path(b).name}" for b in args.translate) + " |")
    print("|---|---:|" + "---:|" * len(args.translate))
    for code in LANGUAGES:
        mine = [(page, truth) for c, page, truth in pages if c == code]
        cells = []
        for build in args.translate:
            result = subprocess.run([build, "--ocr-only", "--format", "jsonl", "-q"] + [str(p) for p, _ in mine],
                                    capture_output=True, text=True).stdout
            texts = {}
            for line in result.splitlines():
                record = json.loads(line)
                texts[record["file"]] = "\n".join(box["text"] for box in record["boxes"])
            errors = sum(ocr.cer(texts.get(str(p), ""), truth) * len(ocr.normalize(truth)) for p, truth in mine)
            characters = sum(len(ocr.normalize(truth)) for _, truth in mine)
            cells.append(f"{100 * errors / characters:.2f}%")
        print(f"| {code} | {len(mine)} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
