"""The options of ``threadbox serve`` (light to import: no asyncssh, no Textual)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from threadbox.controller.saves import data_dir


class ServeOptions(BaseModel):
    """How ``threadbox serve`` runs. Times are in seconds; 0 switches a timeout off."""

    host: str = "127.0.0.1"
    port: int = Field(2222, ge=0, le=65535)  # 0: any free port
    auth: Literal["none", "password", "keys"] = "none"
    password_file: Path | None = None  # lines "NAME:PASSWORD", or "*:PASSWORD" for everyone
    authorized_keys: Path | None = None  # OpenSSH authorized_keys format
    admins: list[str] = Field(default_factory=list)  # user names or key fingerprints (SHA256:...)
    host_key: Path | None = None  # default: <data>/ssh/host_ed25519_key (made if missing)
    log_file: Path | None = None  # default: <data>/serve.log
    rooms_dir: Path | None = None  # default: <data>/rooms
    max_connections: int = Field(100, ge=1)  # players (logged in)
    max_connections_per_address: int | None = Field(None, ge=1)  # None: a tenth of max_connections
    max_unauthenticated: int = Field(30, ge=1)  # connections not logged in yet
    max_unauthenticated_per_address: int | None = Field(None, ge=1)  # None: a tenth of max_unauthenticated
    max_rooms: int = Field(50, ge=1)
    max_rooms_per_player: int = Field(3, ge=1)
    max_rooms_per_address: int = Field(6, ge=1)
    login_timeout: float = Field(30.0, ge=0)
    keepalive_interval: float = Field(30.0, ge=0)
    keepalive_count_max: int = Field(3, ge=1)
    idle_timeout: float = Field(3600.0, ge=0)
    room_ttl: float = Field(12 * 3600.0, gt=0)  # a game in play nobody visits
    empty_room_ttl: float = Field(600.0, gt=0)  # a waiting or finished room with nobody connected
    bot_delay: float = Field(0.8, ge=0)
    stall_limit: float = Field(5.0, ge=0)  # end a session one step of which took this long (0: never; wall time)
    hang_limit: float = Field(20.0, ge=0)  # exit (for a restart) if the loop is stuck this long (0: never)

    @field_validator("admins")
    @classmethod
    def _admins(cls, value: list[str]) -> list[str]:
        return [v.strip() for v in value if v.strip()]

    # One address's share of each connection limit: a tenth (issue 25), so that one address cannot
    # fill the server; at least 10 players (friends behind one router) and 3 logins at once.
    def connections_per_address(self) -> int:
        return self.max_connections_per_address or min(self.max_connections, max(10, self.max_connections // 10))

    def unauthenticated_per_address(self) -> int:
        n = self.max_unauthenticated
        return self.max_unauthenticated_per_address or min(n, max(3, n // 10))

    def resolved_host_key(self) -> Path:
        return self.host_key or data_dir() / "ssh" / "host_ed25519_key"

    def resolved_log_file(self) -> Path:
        return self.log_file or data_dir() / "serve.log"

    def resolved_rooms_dir(self) -> Path:
        return self.rooms_dir or data_dir() / "rooms"
