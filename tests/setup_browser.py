"""Install Debian's Chromium for the browser tests when it is missing (the README's second
command runs this before the suite). Playwright drives /usr/bin/chromium: it cannot download
a browser of its own here. Installs with apt-get, through sudo when not root; a machine where
that cannot run gets one line saying why, and the browser tests then skip with that reason."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")


def install_command() -> list[str] | str:
    """The command that installs Chromium here, or why there is none."""
    if shutil.which("apt-get") is None:
        return "no apt-get on this machine: install Chromium at /usr/bin/chromium yourself"
    if os.geteuid() == 0:
        return ["apt-get"]
    if shutil.which("sudo") is None:
        return "not root and no sudo: run `apt-get install -y chromium` as root"
    return ["sudo", "apt-get"]


def main() -> int:
    if CHROMIUM.exists():
        return 0
    command = install_command()
    if isinstance(command, str):
        print(f"setup_browser: Chromium not installed: {command}; the browser tests will skip")
        return 0
    print(f"setup_browser: installing Chromium ({' '.join(command)} install -y chromium)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for step in (["update", "-qq"], ["install", "-y", "-qq", "chromium"]):
        done = subprocess.run([*command, *step], env=env, check=False)
        if done.returncode != 0:
            print(f"setup_browser: `{' '.join(command + step)}` failed", file=sys.stderr)
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
