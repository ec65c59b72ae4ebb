"""Ciphertexts put back: a value a secret store encrypted is made to be shown and committed.

A Sealed Secret's `encryptedData:` entries (`SMTP_PASS: AgBy3i…`) and an AWS KMS ciphertext
blob (`AQICAH…`, what `aws ssm get-parameter` prints without `--with-decryption`) stand
under a secret's name with a random value, which is how the secret itself stands too; only the
map they are in, or the blob's documented header, tells them apart. After the line rules ran, a
value they took out is put back when it is such a ciphertext: a long base64 run alone on its
line under an `encryptedData:` key (until the indentation leaves the map), or a KMS blob that was
the line's only value taken out. Nothing else is put back, and a text over 64 KB is left as its
lines' rules left it (as `described_columns` leaves it).
"""

from __future__ import annotations

from .patterns import MARK, LazyPattern

MAX_TEXT = 65536
_MARKERS = ("ncryptedData:", "AQICAH")
_MAP_KEY = LazyPattern(r"(?P<i>[ \t]*)(?:encryptedData|encrypted_data):[ \t]*\r?")
_ENTRY = LazyPattern(r"(?P<i>[ \t]+)[\w.-]+:[ \t]*[\"']?[A-Za-z0-9+/]{40,}={0,2}[\"']?[ \t]*,?\r?")
# AWS KMS's ciphertext blob: version 1, the key's id then the data key, as base64 (`AQICAH…`).
_KMS_BLOB = LazyPattern(r"AQICAH[A-Za-z0-9+/]{40,}={0,2}")


def keep_ciphertexts(original: str, done: str) -> str:
    """`done` (the lines of `original`, redacted) with the ciphertexts it lost put back."""
    if len(original) > MAX_TEXT or not any(m in original for m in _MARKERS):
        return done
    lines, out = original.split("\n"), done.split("\n")
    if len(lines) != len(out):
        return done
    in_map: int | None = None  # the indentation of the `encryptedData:` key being read
    for i, (line, red) in enumerate(zip(lines, out, strict=True)):
        indent = len(line) - len(line.lstrip(" \t"))
        if in_map is not None and line.strip() and indent <= in_map:
            in_map = None
        key = _MAP_KEY.fullmatch(line)
        if key is not None:
            in_map = len(key.group("i"))
            continue
        if line == red:
            continue
        if in_map is not None and _ENTRY.fullmatch(line) is not None:
            out[i] = line
            continue
        blob = _KMS_BLOB.search(line)
        if blob is not None and line.replace(blob.group(0), MARK, 1) == red:
            out[i] = line
    return "\n".join(out)
