#!/usr/bin/env python3
"""README.md quotes tests/example.c (from its first #include on): the
example the tests build is the one users read. Exits 1 when they differ."""
import sys

root = sys.argv[1]
readme = open(f"{root}/README.md", encoding="utf-8").read()
start = readme.index("```c\n") + len("```c\n")
quoted = readme[start:readme.index("```\n", start)]
example = open(f"{root}/tests/example.c", encoding="utf-8").read()
example = example[example.index("#include"):]
if quoted != example:
    print("README.md's example differs from tests/example.c: copy it over")
    sys.exit(1)
print("README example: 1 passed, 0 failed")
