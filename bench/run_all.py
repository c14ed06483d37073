"""Run the main benchmarks and print their tables: speed, the bilingual set, the retrieval
sets written blind, LoCoMo.

Usage: python bench/run_all.py [--quick]
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    quick = "--quick" in sys.argv[1:]
    steps = [
        [sys.executable, str(HERE / "speed.py")] + (["--quick"] if quick else []),
        [sys.executable, str(HERE / "bilingual.py")],
        [sys.executable, str(HERE / "sets.py")],
        [sys.executable, str(HERE / "locomo.py"), "--layout", "merged"],
    ]
    failed = 0
    for cmd in steps:
        print(
            f"\n## {' '.join(Path(c).name if c.endswith('.py') else c for c in cmd[1:])}\n",
            flush=True,
        )
        failed += subprocess.run(cmd).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
