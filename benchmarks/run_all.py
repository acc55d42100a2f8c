"""`make bench`: every benchmark script in this folder, one after the other."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
# speed first, then strength; helper modules (no "speed"/"strength" in the name) are skipped
SCRIPTS = sorted(p.name for p in HERE.glob("*.py") if "speed" in p.name) + sorted(
    p.name for p in HERE.glob("*.py") if "strength" in p.name
)


def main() -> int:
    status = 0
    for name in SCRIPTS:
        path = HERE / name
        if not path.exists():
            continue
        print(f"\n=== {name} ===", flush=True)
        status |= subprocess.call([sys.executable, str(path)])
    return status


if __name__ == "__main__":
    sys.exit(main())
