"""Benchmarks and the load test: times measured against a baseline of the same run."""
