"""Start Kettleburn: PORT and HOST come from the environment."""

import asyncio

from kettleburn.server import main

if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
