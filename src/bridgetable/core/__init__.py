"""The Laws engine: values, auction, play period, views and the event record. No I/O."""
