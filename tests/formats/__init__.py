"""Tests of the file formats (PBN, LIN, JSON) against the shared corpus."""
