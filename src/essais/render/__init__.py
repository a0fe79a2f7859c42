"""Rendering of results: text (rich) now; SVG and PNG later. Reads results, never the reverse."""
