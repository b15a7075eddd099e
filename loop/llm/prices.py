"""Cost of a call from its tokens, from one price table kept as data (prices.toml plus a user file)."""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

from pydantic import BaseModel

from loop.host import settings
from loop.llm.types import Usage

log = logging.getLogger(__name__)
BUILTIN = Path(__file__).with_name("prices.toml")
USER_DEFAULT = Path("~/.config/closed-loop/prices.toml")


class Price(BaseModel):
    input: float
    output: float


class PriceTable:
    def __init__(self, prices: dict[str, Price]) -> None:
        self.prices = prices
        self._warned: set[str] = set()

    @classmethod
    def load(cls, user_file: Path | None = None) -> PriceTable:
        """The built-in table, overridden entry by entry by `user_file`, CLOSED_LOOP_PRICES or ~/.config."""
        prices = _read(BUILTIN)
        if user_file is None and settings.PRICES.is_set():
            user_file = Path(str(settings.PRICES.value()))
        candidate = (user_file or USER_DEFAULT).expanduser()
        if candidate.is_file():
            prices.update(_read(candidate))
        elif user_file is not None:
            raise FileNotFoundError(f"price file {user_file} does not exist")
        return cls(prices)

    def price(self, model: str) -> Price | None:
        if model in self.prices:
            return self.prices[model]
        # Dated snapshots ("gpt-4.1-mini-2025-04-14") cost what their family costs.
        matches = [name for name in self.prices if model.startswith(name)]
        return self.prices[max(matches, key=len)] if matches else None

    def cost(self, model: str, usage: Usage, *, warn: bool = True) -> float:
        price = self.price(model)
        if price is None:
            if warn and model not in self._warned:
                self._warned.add(model)
                log.warning("no price for model %r: its calls are counted at cost 0", model)
            return 0.0
        return (usage.input_tokens * price.input + usage.output_tokens * price.output) / 1_000_000


def _read(path: Path) -> dict[str, Price]:
    data = tomllib.loads(path.read_text())
    return {name: Price.model_validate(entry) for name, entry in data.get("models", {}).items()}
