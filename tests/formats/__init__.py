"""Tests of the file formats (PBN, LIN, JSON) against the test corpus (tests/data/corpus)."""
