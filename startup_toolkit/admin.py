"""Operator commands, run on the server with the app's settings (`.env`, environment).

    python -m startup_toolkit.admin reset-link EMAIL

prints a one-time password reset link for the account with EMAIL (PUBLIC_BASE_URL +
/reset-password?token=...), valid 30 minutes, for servers without outgoing mail (or a
founder whose mail does not arrive). Hand it to the founder over a channel you trust; only
the token's hash is stored.
"""

from __future__ import annotations

import sys

from startup_toolkit.db import session_scope
from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.services.account_recovery import issue_link
from startup_toolkit.settings import get_settings

USAGE = "usage: python -m startup_toolkit.admin reset-link EMAIL"


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit status for the shell."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "reset-link":
        print(USAGE, file=sys.stderr)
        return 2
    with session_scope() as session:
        token = issue_link(session, args[1])
    if token is None:
        print(f"No account with the email {args[1]!r}.", file=sys.stderr)
        return 1
    print(rules.reset_link(get_settings().public_base_url, token))
    print(
        f"Valid once, for {rules.LINK_MINUTES} minutes, and only until the password changes.",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
