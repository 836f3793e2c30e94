"""Analyses over the IR: activity, type classes."""
