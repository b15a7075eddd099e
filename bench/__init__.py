"""The benchmark suite: `python -m bench` runs every module here and writes bench/results/ (see run_all)."""
