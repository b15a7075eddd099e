"""Mirrorworks: steer a laser beam onto its target with rotatable and placeable mirrors."""
