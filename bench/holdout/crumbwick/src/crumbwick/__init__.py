"""Crumbwick: a fortnight running a small bakery."""
