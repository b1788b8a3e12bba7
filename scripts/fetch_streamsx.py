#!/usr/bin/env python3
"""Fetches IBM's compiled com.ibm.streamsx.topology.jar for the IBM-operator tests (test scope only).

The jar comes from the `streamsx` wheel on PyPI, pinned by version and SHA-256 below; pip downloads
it (no dependencies, binary only), this script checks the hash and unpacks the jar's classes into
OUTPUT_DIR, where Maven packages them as the test-only artifact of java/ibm-topology. Nothing of
IBM's is kept in the repository.

Usage: fetch_streamsx.py OUTPUT_DIR CACHE_DIR
  CACHE_DIR keeps the wheel between builds; a wheel already there with the right hash is reused.
Environment: STREAMSX_WHEEL, a path to the wheel (for offline builds; the hash is still checked).
"""
import hashlib
import io
import os
import shutil
import subprocess
import sys
import zipfile

VERSION = "2.1.0"
WHEEL = f"streamsx-{VERSION}-py2.py3-none-any.whl"
SHA256 = "9da7ba07c35197164e82b33275aaf7e244812e5107ff62a7fa7663981ae22bfe"
JAR = "streamsx/.toolkit/com.ibm.streamsx.topology/lib/com.ibm.streamsx.topology.jar"


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def wheel_path(cache_dir):
    given = os.environ.get("STREAMSX_WHEEL")
    if given:
        return given
    cached = os.path.join(cache_dir, WHEEL)
    if os.path.exists(cached) and sha256(cached) == SHA256:
        return cached
    os.makedirs(cache_dir, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", f"streamsx=={VERSION}", "--no-deps",
         "--only-binary=:all:", "--no-cache-dir", "--disable-pip-version-check", "-q",
         "-d", cache_dir],
        check=True)
    return cached


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    output_dir, cache_dir = sys.argv[1], sys.argv[2]
    wheel = wheel_path(cache_dir)
    if not os.path.exists(wheel):
        sys.exit(f"fetch_streamsx: {wheel} is missing after pip download")
    actual = sha256(wheel)
    if actual != SHA256:
        sys.exit(f"fetch_streamsx: {wheel} has SHA-256 {actual}, expected {SHA256}")
    with zipfile.ZipFile(wheel) as whl:
        jar_bytes = whl.read(JAR)
    marker = os.path.join(output_dir, "com", "ibm", "streamsx", "topology")
    if os.path.isdir(marker):
        shutil.rmtree(os.path.join(output_dir, "com", "ibm", "streamsx"))
    with zipfile.ZipFile(io.BytesIO(jar_bytes)) as jar:
        # The classes only: IBM's manifest points at jars of a Streams install (Class-Path).
        members = [name for name in jar.namelist()
                   if name.endswith(".class") and not name.startswith("META-INF/")]
        jar.extractall(output_dir, members)
    print(f"fetch_streamsx: {len(members)} classes of streamsx {VERSION} in {output_dir}")


if __name__ == "__main__":
    main()
