"""`python -m tests.fakescholar --port 0` — run the fake server until interrupted."""

from __future__ import annotations

import argparse
import signal
import sys
import threading

from tests.fakescholar.server import FakeScholar


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fakescholar")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to every answer")
    parser.add_argument("--synthetic", type=int, default=0, help="extra synthetic papers")
    parser.add_argument(
        "--haystack",
        action="store_true",
        help="serve shared/corpus/math-papers.jsonl.gz (16,373 records), not the small corpus",
    )
    args = parser.parse_args(argv)
    fake = FakeScholar(
        host=args.host, port=args.port, synthetic=args.synthetic, haystack=args.haystack
    ).start()
    fake.controls.set_latency(args.latency)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print(f"READY {fake.base_url}", flush=True)
    # A person trying mathlsp against it needs the variables, not the root: say them, ready to
    # paste (after READY, which is all a test reads).
    print("# point mathlsp at it (paste into the shell that runs mathlsp):")
    for name, value in {**fake.env(), "MATHLSP_RATE_LIMIT_SCALE": "0.01"}.items():
        print(f"export {name}={value}")
    sys.stdout.flush()
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        fake.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
