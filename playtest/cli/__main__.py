"""`python -m playtest.cli`, as the installed `playtest` command."""

from playtest.cli import main

main()
