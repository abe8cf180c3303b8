#!/usr/bin/env python3
"""README.md quotes example.c, example3.c, example3_step.c and
example_step.c of tests/examples/, in that order (each from its first
#include on): the examples the tests build are the ones users read.
Exits 1 when one differs."""
import sys

root = sys.argv[1]
readme = open(f"{root}/README.md", encoding="utf-8").read()
failed = 0
at = 0
names = ("example.c", "example3.c", "example3_step.c", "example_step.c")
for name in names:
    start = readme.index("```c\n", at) + len("```c\n")
    at = readme.index("```\n", start)
    quoted = readme[start:at]
    example = open(f"{root}/tests/examples/{name}", encoding="utf-8").read()
    example = example[example.index("#include"):]
    if quoted != example:
        print(f"README.md's example differs from tests/examples/{name}: copy it over")
        failed += 1
print(f"README examples: {len(names) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
