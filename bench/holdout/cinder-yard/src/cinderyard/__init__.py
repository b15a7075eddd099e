"""Cinder Yard: a one-shift railway shunting puzzle served over HTTP."""
