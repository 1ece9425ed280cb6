"""Loads another script of this folder as a module: their names have hyphens, so `import` cannot."""

import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load(file_name):
    """scripts/`file_name` as a module, run once per call."""
    spec = importlib.util.spec_from_file_location(Path(file_name).stem.replace("-", "_"), HERE / file_name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
