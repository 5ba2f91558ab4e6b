"""Serve a project copy's production build with a new backend, without building it again.

`reflex run --env prod` compiles the app, builds the frontend (a minute or more) and then
starts the backend, which serves that build on the same port. The browser tests build once
and then start each backend they need (the default app, Stripe's, live research's) the way
that command ends, with only its settings changed:

    python tests/support/serve_build.py PORT [HOST]   (run in the project copy, after a build)

The build's frontend reaches its backend at PORT, so every backend of a build serves on it;
it names the host `localhost`, which the page replaces with the host it was loaded from, so
backends on other loopback addresses (127.0.0.2) serve the same build at the same time.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    port = int(sys.argv[1])
    host = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
    sys.path.insert(0, os.getcwd())  # the project copy: its rxconfig and app module
    from reflex.utils import exec as reflex_exec
    from reflex_base import constants
    from reflex_base.config import get_config, reload_config
    from reflex_base.constants.base import LogLevel
    from reflex_base.environment import environment

    environment.REFLEX_ENV_MODE.set(constants.Env.PROD)
    get_config()._set_persistent(frontend_port=port, backend_port=port)
    reload_config()
    environment.REFLEX_SKIP_COMPILE.set(True)  # the build is there already
    reflex_exec.run_backend_prod(host, port, LogLevel.WARNING, True)


if __name__ == "__main__":
    main()
