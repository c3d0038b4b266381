"""Committed golden games: see ``tests/rules/test_golden.py``."""
