"""The bilingual evaluation set (Chinese, English, mixed): both profiles side by side.

Usage: python bench/bilingual.py [--model usem3] [--data-dir bench/cache/data-usem3]
                                 [--half tune|test]

Prints each profile's table from bench/retrieval_eval.py (ranking without a minScore cut,
k = 10, the clock at 2026-07-01 as the set's notes end in June 2026). ``--half`` keeps the
tune or the test half of the fixed split in ``bench/bilingual/split.json``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="usem3")
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--half", choices=["tune", "test"], default=None)
    args = ap.parse_args()
    half = ["--ids", f"{HERE / 'bilingual' / 'split.json'}:{args.half}"] if args.half else []
    data_dir = args.data_dir or str(HERE / "cache" / f"data-{args.model}")
    for profile in ("reverie", "openclaw"):
        which = f", {args.half} half" if args.half else ""
        print(f"\n### bilingual set{which}, {profile} profile (model {args.model})\n")
        subprocess.run(
            [
                sys.executable,
                str(HERE / "retrieval_eval.py"),
                str(HERE / "bilingual" / "workspace"),
                str(HERE / "bilingual" / "queries.jsonl"),
                "--profile",
                profile,
                "--model",
                args.model,
                "--data-dir",
                data_dir,
                "--now",
                "2026-07-01",
                *half,
            ],
            check=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
