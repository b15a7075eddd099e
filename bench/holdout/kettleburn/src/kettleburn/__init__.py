"""Kettleburn: a roadside tea house over one day."""
