"""The fuzzer of the service (tests/service/test_fuzz_short.py runs it briefly)."""
