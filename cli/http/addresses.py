"""Where a phone at the table can reach the service, and the join links and QR codes it opens.

A join link is ``BASE/join/GAME?token=TOKEN``: BASE is the service's address as the phone sees it (e.g.
``http://192.168.1.20:8765``), GAME the game's id and TOKEN the seat's (or the recorder's) token. Opening
it keeps the token in that browser (a cookie) and opens the game's table page.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import quote

LOOPBACK = ("127.0.0.1", "localhost", "::1")
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback and link-local, as the network interfaces report
    them (``ifaddr``); private ones (a home or club network) first."""
    import ifaddr

    found: list[ipaddress.IPv4Address] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                address = ipaddress.IPv4Address(ip.ip)
                if not (address.is_loopback or address.is_link_local) and address not in found:
                    found.append(address)
    return [str(a) for a in sorted(found, key=lambda a: (not a.is_private, a))]


def base_urls(host: str, port: int, scheme: str = "http") -> list[str]:
    """The addresses to give phones for a service listening on ``host``:``port``: every LAN address when it
    listens on all of them (0.0.0.0), else the one it listens on."""
    hosts = lan_addresses() if host in EVERY_ADDRESS else [host]
    if not hosts:  # no network: this machine only
        hosts = ["127.0.0.1"]
    return [f"{scheme}://{f'[{h}]' if ':' in h else h}:{port}" for h in hosts]


def join_link(base: str, gid: str, token: str) -> str:
    """The link that opens game ``gid`` with ``token`` on the service at ``base``."""
    return f"{base.rstrip('/')}/join/{gid}?token={quote(token)}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an inline SVG element (``segno``; error correction M, no XML declaration)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(
        out, kind="svg", scale=4, xmldecl=False, svgns=True, nl=False, title=text, omitsize=True
    )
    return out.getvalue().decode()
