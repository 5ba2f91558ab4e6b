"""Setting and deleting the app's cookies: always HttpOnly (page scripts never see them), and
Secure when the public address is https."""

from __future__ import annotations

from typing import Literal

from starlette.responses import Response

from startup_toolkit.settings import get_settings

SameSite = Literal["lax", "strict"]


def secure() -> bool:
    """Whether the app is served over https, so its cookies may travel only that way."""
    return get_settings().public_base_url.startswith("https://")


def set_cookie(
    response: Response, name: str, value: str, *, path: str, max_age: int, samesite: SameSite
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        httponly=True,
        samesite=samesite,
        secure=secure(),
        path=path,
    )


def forget_cookie(response: Response, name: str, *, path: str, samesite: SameSite) -> None:
    """Tell the browser to drop cookie `name` (set with this path and SameSite)."""
    response.delete_cookie(name, path=path, httponly=True, samesite=samesite, secure=secure())
