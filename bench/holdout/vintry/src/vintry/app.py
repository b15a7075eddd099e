"""The Connexion application: the API is described in openapi.yaml and served by uvicorn."""

from __future__ import annotations

from pathlib import Path

import connexion

app = connexion.AsyncApp(__name__, specification_dir=Path(__file__).parent)
app.add_api("openapi.yaml", strict_validation=True)
