#!/usr/bin/env python3
"""Compatibility report of the built-in rgbds assembler against real projects.

    scripts/rgbds_compat.py [--collido build/app/collido] PROJECT_DIR...

Each PROJECT_DIR is a checked-out public rgbds project (pret/pokered,
ISSOtm/gb-starter-kit with its submodules, gbdev/hardware.inc,
ISSOtm/rgbds-structs ...). The script assembles every source file the way the
project's Makefile runs rgbasm (same working directory, -I, -D and -P), one
`collido asm --cpu sm83 -c` per file, and prints per file: ok, "generated
file missing" (an INCBIN/INCLUDE of something the project's build makes, such
as graphics from rgbgfx) or the first error; then the counts. Not run by ctest:
CI has no network to fetch the projects. Exit code 0 when nothing failed.
"""
import argparse
import glob
import os
import re
import subprocess
import sys


def makefile_var_list(makefile, var):
    """The words of a `var := a.o \\ b.o` list in a Makefile."""
    text = open(makefile, encoding="utf-8", errors="replace").read()
    m = re.search(r"^" + re.escape(var) + r"\s*:?=((?:.*\\\n)*.*)$", text, re.M)
    if not m:
        return []
    return m.group(1).replace("\\\n", " ").split()


def recipe(root):
    """(name, [(source, flags)]) for the project at `root`, as its build runs rgbasm."""
    name = os.path.basename(os.path.abspath(root))
    if os.path.exists(os.path.join(root, "layout.link")) and os.path.exists(
        os.path.join(root, "includes.asm")
    ):
        # pret projects: rom_obj in the Makefile, -P includes.asm, one ROM variant (-D _RED
        # or the first variant the Makefile names), rgbdscheck.asm without flags.
        mk = os.path.join(root, "Makefile")
        objs = makefile_var_list(mk, "rom_obj")
        text = open(mk, encoding="utf-8", errors="replace").read()
        variant = re.search(r"RGBASMFLAGS \+= -D (\w+)", text)
        flags = ["-P", "includes.asm"] + (["-D", variant.group(1)] if variant else [])
        units = [(o[:-2] + ".asm", flags) for o in objs]
        if os.path.exists(os.path.join(root, "rgbdscheck.asm")):
            units.insert(0, ("rgbdscheck.asm", []))
        return name, units
    if os.path.exists(os.path.join(root, "project.mk")):
        # gb-starter-kit: every src/**/*.asm with -I src/ -I include/; bank_numbers.asm
        # gets -DNB_BANKS from a first link, which we stand in for with 2.
        flags = ["-I", "src/", "-I", "include/"]
        units = []
        for src in sorted(glob.glob(os.path.join(root, "src", "**", "*.asm"), recursive=True)):
            rel = os.path.relpath(src, root)
            extra = ["-D", "NB_BANKS=2"] if rel.endswith("bank_numbers.asm") else []
            units.append((rel, flags + extra))
        return name, units
    sources = sorted(
        os.path.relpath(p, root)
        for p in glob.glob(os.path.join(root, "**", "*.asm"), recursive=True)
    )
    # rgbds-structs' examples/pitfalls.asm shows the errors of common mistakes on purpose.
    sources = [s for s in sources if not s.endswith("pitfalls.asm")]
    if not sources:
        # Include-only libraries (hardware.inc): each .inc must assemble on its own;
        # companions (hardware_compat.inc) after the main file, as their docs say.
        incs = sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "*.inc")))
        main = [i for i in incs if i == name.split("+")[-1]]
        return name, [
            (i, ["-I", "."] + (["-P", main[0]] if main and i != main[0] else [])) for i in incs
        ]
    return name, [(s, ["-I", "."]) for s in sources]


GENERATED = "generated file missing"


def first_error(output):
    """The first error. Like `rgbasm -MG`, a file whose first error is a missing
    generated file counts as such: what follows may only be its consequence (a
    constant the generated include defines, a size an INCBIN would give)."""
    errors = [l for l in output.splitlines() if ": error: " in l or l.startswith("error:")]
    if errors:
        return errors[0]
    lines = [l for l in output.splitlines() if l.strip()]
    return lines[0] if lines else "(no message)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--collido", default="build/app/collido", help="collido executable")
    ap.add_argument("projects", nargs="+", help="checked-out rgbds projects")
    args = ap.parse_args()
    collido = os.path.abspath(args.collido)
    totals = {"ok": 0, "generated": 0, "failed": 0}
    for root in args.projects:
        name, units = recipe(root)
        counts = {"ok": 0, "generated": 0, "failed": 0}
        print(f"== {name} ({len(units)} source files)")
        for src, flags in units:
            cmd = [collido, "asm", src, "--cpu", "sm83", "-c", "-q"] + flags
            p = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
            out = p.stdout + p.stderr
            if p.returncode == 0:
                counts["ok"] += 1
                print(f"  ok      {src}")
            elif GENERATED in first_error(out):
                counts["generated"] += 1
                print(f"  gen     {src}: {first_error(out)}")
            else:
                counts["failed"] += 1
                print(f"  FAILED  {src} ({' '.join(flags)}): {first_error(out)}")
        print(
            f"  {name}: {counts['ok']} assembled, {counts['generated']} generated file missing,"
            f" {counts['failed']} failed"
        )
        for k in totals:
            totals[k] += counts[k]
    n = sum(totals.values())
    print(
        f"TOTAL: {n} files, {totals['ok']} assembled, {totals['generated']} generated file"
        f" missing, {totals['failed']} failed"
    )
    return 1 if totals["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
