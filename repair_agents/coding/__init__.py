"""The built-in repair agent's parts: the step loop, its tools and its transcript."""
