"""SALTMARSH STILL: an alchemy workshop sim served over the GBQA agent API."""
