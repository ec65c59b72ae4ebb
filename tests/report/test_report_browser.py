"""End to end: the HTML report rendered by a real headless Chromium, offline. The screenshot
must not be blank: several colours, a real share of the page drawn, and the chart's line
and compaction marker colours present (the inline SVG was drawn, not only the text).

Skipped, saying why, where no browser is installed (Debian: `apt-get install -y chromium`).
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import zlib
from collections import Counter
from pathlib import Path

import pytest

from context_keeper.report import gather, write_html
from context_keeper.report.html import LINE, MARK
from report_support import FIXTURES

pytestmark = pytest.mark.e2e

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars",
)


def find_browser() -> str | None:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def decode_png(data: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """(width, height, pixels) of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium
    writes), by the format: chunks, zlib, and the five scanline filters."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, []
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (2, 6), (depth, colour, interlace)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    previous = bytearray(stride)
    pixels: list[tuple[int, ...]] = []
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        pixels += [tuple(line[i : i + 3]) for i in range(0, stride, channels)]
        previous = line
    return width, height, pixels


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_decode_png_reads_what_zlib_and_filters_encode() -> None:
    # A 2x2 RGB image, one row per filter kind that matters (Sub, Paeth), made by hand.
    rows = [(1, bytes([10, 20, 30, 5, 5, 5])), (4, bytes([1, 1, 1, 0, 0, 0]))]
    raw = b"".join(bytes([k]) + r for k, r in rows)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    assert decode_png(png) == (2, 2, [(10, 20, 30), (15, 25, 35), (11, 21, 31), (15, 25, 35)])


def test_report_renders_in_headless_chromium(tmp_path: Path) -> None:
    browser = find_browser()
    if browser is None:
        pytest.skip(f"no headless browser on PATH (looked for {', '.join(BROWSERS)}); on Debian: apt-get install -y chromium")
    page = tmp_path / "report.html"
    write_html(page, gather(FIXTURES / "auto_compact.jsonl"))
    shot = tmp_path / "shot.png"
    profile = tmp_path / "profile"
    result = subprocess.run(
        [browser, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={shot}", "--window-size=1200,900", page.as_uri()],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0 and shot.is_file(), result.stderr[-2000:]
    width, height, pixels = decode_png(shot.read_bytes())
    assert (width, height) == (1200, 900)
    counts = Counter(pixels)
    background, most = counts.most_common(1)[0]
    assert len(counts) > 16, f"{len(counts)} colours: a blank page"
    drawn = len(pixels) - most
    assert drawn > 0.01 * len(pixels), f"only {drawn} of {len(pixels)} pixels differ from the background {background}"
    # The SVG was drawn: its line and its compaction marker, in their colours.
    line, mark = _rgb(LINE), _rgb(MARK)
    assert sum(n for c, n in counts.items() if _near(c, line)) > 200, "no chart line in the screenshot"
    assert sum(n for c, n in counts.items() if _near(c, mark)) > 50, "no compaction marker in the screenshot"
