"""Kept for the import path of earlier releases: the longest uncrossed path lives in essais.uncrossed."""

from essais.uncrossed import KnightGraph, Uncrossed, is_uncrossed, longest_uncrossed, segments_cross, uncrossed_error

__all__ = ["KnightGraph", "Uncrossed", "is_uncrossed", "longest_uncrossed", "segments_cross", "uncrossed_error"]
