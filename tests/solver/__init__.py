"""Tests of the solver layer: DDS adapter, references, min-min searches."""
