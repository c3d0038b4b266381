"""The Threaded board: one widget per component of the table."""
