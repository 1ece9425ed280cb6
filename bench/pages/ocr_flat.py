#!/usr/bin/env python3
"""What finding the page does for OCR: `tesseract` on each photographed document as it is, and on
the page the page finder found in it, warped flat.

Runs page-bench (swift build -c release --product page-bench) on a manifest that
bench/photos/render_documents.py wrote, with --flat into a temporary folder, then
`tesseract IMAGE - -l LANGS` (OMP_THREAD_LIMIT=1; kor+eng for Korean pages, eng otherwise) on the
photo and on its flat page, and scores both against the page's ground truth as
bench/photos/run.py does (CER over lines matched on their own, lines found at 80% similarity).

--flat-size sides warps each page to the longer of each pair of its sides, as before the camera
model (`flatPageSize`) was used; the default is the camera model.

Usage: bench/pages/ocr_flat.py [--bench PATH] [--flat-size camera|sides] [MANIFEST]
(default manifest: bench/out/documents/manifest.tsv)
"""
import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "bench" / "photos"))
import run  # noqa: E402  (bench/photos/run.py: read_tsv, score, cer_of, pooled)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest", nargs="?", default=str(REPO / "bench" / "out" / "documents" / "manifest.tsv"))
    parser.add_argument("--bench", default=str(REPO / ".build" / "release" / "page-bench"))
    parser.add_argument("--flat-size", choices=("camera", "sides"), default="camera")
    args = parser.parse_args()
    manifest = Path(args.manifest)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    totals = {"photo": [], "found page": []}
    with tempfile.TemporaryDirectory() as flat:
        subprocess.run([args.bench, "--rounds", "1", "--flat", flat, "--flat-size", args.flat_size, str(manifest)], check=True, stdout=subprocess.DEVNULL)
        print("image\tphoto CER\tphoto lines\tfound page CER\tfound page lines")
        for row in run.read_tsv(manifest):
            lines = (manifest.parent / row["truth"]).read_text(encoding="utf-8").splitlines()
            languages = "kor+eng" if "ko" in row["languages"].split(",") else "eng"
            page = Path(flat) / (Path(row["image"]).stem + ".flat.png")
            cells = [row["image"]]
            for label, path in (("photo", manifest.parent / row["image"]), ("found page", page)):
                if not path.exists():
                    cells += ["no page", ""]
                    continue
                text = subprocess.run(["tesseract", str(path), "-", "-l", languages], check=True, capture_output=True,
                                      text=True, env=env).stdout
                scored = run.score(lines, text)
                totals[label].append(scored)
                cells += [f"{run.cer_of(scored) * 100:.1f}%", f"{scored['found']}/{scored['lines']}"]
            print("\t".join(cells))
    for label, scores in totals.items():
        pooled = run.pooled(scores)
        print(f"{label}: CER {pooled['cer'] * 100:.1f}%, {pooled['found_lines']}/{pooled['lines']} lines found")


if __name__ == "__main__":
    sys.exit(main())
