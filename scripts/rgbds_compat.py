#!/usr/bin/env python3
"""Compatibility report of the built-in rgbds assembler against real projects.

    scripts/rgbds_compat.py [--collido build/app/collido] [--link] PROJECT_DIR...

Each PROJECT_DIR is a checked-out public rgbds project (pret/pokered,
ISSOtm/gb-starter-kit with its submodules, gbdev/hardware.inc,
ISSOtm/rgbds-structs ...). The script assembles every source file the way the
project's Makefile runs rgbasm (same working directory, -I, -D and -P), one
`collido asm --cpu sm83 -c` per file, and prints per file: ok, "generated
file missing" (an INCBIN/INCLUDE of something the project's build makes, such
as graphics from rgbgfx) or the first error; then the counts. Not run by ctest:
CI has no network to fetch the projects. With --link, projects built with a
linker script (pret's layout.link) are also linked into a .gbc with their
rgblink/rgbfix flags, build-generated files stood in by zero-filled files.
Exit code 0 when nothing failed.
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile


def makefile_var_list(makefile, var):
    """The words of a `var := a.o \\ b.o` list in a Makefile."""
    text = open(makefile, encoding="utf-8", errors="replace").read()
    m = re.search(r"^" + re.escape(var) + r"\s*:?=((?:.*\\\n)*.*)$", text, re.M)
    if not m:
        return []
    return m.group(1).replace("\\\n", " ").split()


def unconditional_flags(text, var):
    """Words of the `VAR += ...` lines outside ifeq/ifdef blocks and not target-specific."""
    words, depth = [], 0
    for line in text.splitlines():
        s = line.strip()
        if s.startswith(("ifeq", "ifneq", "ifdef", "ifndef")):
            depth += 1
        elif s.startswith("endif"):
            depth -= 1
        elif depth == 0 and re.match(r"^" + var + r"\s*\+=", line):
            words += shlex.split(line.split("+=", 1)[1])
    return words


def target_flags(text, target, var):
    m = re.search(r"^" + re.escape(target) + r":\s*" + var + r"\s*\+=(.*)$", text, re.M)
    return shlex.split(m.group(1)) if m else []


def split_short(args, takes_value):
    """rgbds-style short options (`-jsv`, `-Q8`, `-l 0x33`) as (letter, value) pairs."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        i += 1
        if not a.startswith("-") or a.startswith("--"):
            out.append((a, None))
            continue
        k = 1
        while k < len(a):
            c = a[k]
            if c in takes_value:
                v = a[k + 1:]
                if not v and i < len(args):
                    v = args[i]
                    i += 1
                out.append((c, v))
                break
            out.append((c, None))
            k += 1
    return out


def asm_flags(words):
    """rgbasm flags for `collido asm` (warnings dropped)."""
    out = []
    for c, v in split_short(words, "DIPQWobgpr"):
        if c in "DIP":
            out += ["-" + c, v]
        elif c == "Q":
            out += ["-Q", v.lstrip(".")]
        elif c == "E":
            out.append("-E")
    return out


def link_flags(words):
    """rgblink flags for `collido asm` (-d/-t/-w, -p)."""
    out = []
    for c, v in split_short(words, "pWlmno"):
        if c == "d":
            out.append("--dmg")
        elif c == "t":
            out.append("--tiny")
        elif c == "w":
            out.append("--wramx")
        elif c == "p":
            out += ["--link-pad", v]
    return out


def fix_flags(words):
    """rgbfix flags for `collido asm` (rgbfix -l is --old-licensee, -c --color-compatible)."""
    out = []
    for c, v in split_short(words, "iklmnprtfLW"):
        if c == "l":
            out += ["--old-licensee", v]
        elif c == "c":
            out.append("--color-compatible")
        elif c in "jsC":
            out.append("-" + c)
        elif c in "iknmrtp":
            out += ["-" + c, v]
    return out


def recipe(root):
    """(name, [(source, flags)], link) for the project at `root`, as its build runs rgbasm;
    `link` is (sources, flags) for projects linked with a linker script, else None."""
    name = os.path.basename(os.path.abspath(root))
    if os.path.exists(os.path.join(root, "layout.link")) and os.path.exists(
        os.path.join(root, "includes.asm")
    ):
        # pret projects: rom_obj in the Makefile, their unconditional RGBASMFLAGS (-Q8 -P
        # includes.asm), the first ROM variant's (-D _RED), rgbdscheck.asm without flags.
        mk = os.path.join(root, "Makefile")
        objs = makefile_var_list(mk, "rom_obj")
        text = open(mk, encoding="utf-8", errors="replace").read()
        variant = re.search(r"^\$\((\w+)_obj\):\s*RGBASMFLAGS\s*\+=(.*)$", text, re.M)
        flags = asm_flags(unconditional_flags(text, "RGBASMFLAGS"))
        if variant:
            flags += asm_flags(shlex.split(variant.group(2)))
        units = [(o[:-2] + ".asm", flags) for o in objs]
        if os.path.exists(os.path.join(root, "rgbdscheck.asm")):
            units.insert(0, ("rgbdscheck.asm", []))
        rom = (variant.group(1) if variant else name) + ".gbc"
        lflags = link_flags(
            unconditional_flags(text, "RGBLINKFLAGS") + target_flags(text, rom, "RGBLINKFLAGS")
        )
        fflags = fix_flags(
            unconditional_flags(text, "RGBFIXFLAGS") + target_flags(text, rom, "RGBFIXFLAGS")
        )
        link = ([o[:-2] + ".asm" for o in objs], flags + ["-l", "layout.link"] + lflags + fflags)
        return name, units, link
    if os.path.exists(os.path.join(root, "project.mk")):
        # gb-starter-kit: every src/**/*.asm with -I src/ -I include/; bank_numbers.asm
        # gets -DNB_BANKS from a first link, which we stand in for with 2.
        flags = ["-I", "src/", "-I", "include/"]
        units = []
        for src in sorted(glob.glob(os.path.join(root, "src", "**", "*.asm"), recursive=True)):
            rel = os.path.relpath(src, root)
            extra = ["-D", "NB_BANKS=2"] if rel.endswith("bank_numbers.asm") else []
            units.append((rel, flags + extra))
        return name, units, None
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
        ], None
    return name, [(s, ["-I", "."]) for s in sources], None


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


MISSING = re.compile(r"generated file missing: (?:include|INCBIN) file '([^']+)'")
RANGE = re.compile(r"INCBIN range (\d+)\+(\d+) is outside '([^']+)'")


def link_project(collido, root, sources, flags, rounds=40):
    """Links a project with its linker script the way its Makefile runs rgblink and rgbfix.
    Build-generated files are replaced by zero-filled stand-ins (empty, or as long as the
    largest INCBIN range taken from them) in a temporary include directory; prints what
    happened."""
    stand_ins = tempfile.mkdtemp(prefix="rgbds_compat_stand_ins_")
    made = {}
    out_dir = tempfile.mkdtemp(prefix="rgbds_compat_link_")
    gbc = os.path.join(out_dir, "out.gbc")
    cmd = [collido, "asm", *sources, "--cpu", "sm83", "-q", *flags, "-I", stand_ins, "-o", gbc,
           "--map", os.path.join(out_dir, "out.map"), "--sym", os.path.join(out_dir, "out.sym")]
    for _ in range(rounds):
        p = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
        out = p.stdout + p.stderr
        grew = False
        for name in MISSING.findall(out):
            if name not in made:
                made[name] = 0
                grew = True
        for start, length, name in RANGE.findall(out):
            if name in made and made[name] < int(start) + int(length):
                made[name] = int(start) + int(length)
                grew = True
        for name, size in made.items():
            path = os.path.join(stand_ins, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(bytes(size))
        if p.returncode == 0 or not grew:
            break
    errors = [l for l in out.splitlines() if ": error: " in l or l.startswith("error:")]
    print(f"  link: {' '.join(cmd[2:])}")
    print(f"  link: {len(made)} generated files stood in by zero-filled files")
    if p.returncode == 0:
        size = os.path.getsize(gbc)
        print(f"  link: ok, {size} bytes written ({out_dir}: out.gbc, out.map, out.sym)")
        return True
    print(f"  link: FAILED with {len(errors)} errors; first: {errors[0] if errors else out[:200]}")
    for e in errors[1:10]:
        print(f"        {e}")
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--collido", default="build/app/collido", help="collido executable")
    ap.add_argument(
        "--link",
        action="store_true",
        help="also link projects that have a linker script (pret's layout.link), "
        "with zero-filled stand-ins for build-generated files",
    )
    ap.add_argument("projects", nargs="+", help="checked-out rgbds projects")
    args = ap.parse_args()
    collido = os.path.abspath(args.collido)
    totals = {"ok": 0, "generated": 0, "failed": 0}
    link_failed = False
    for root in args.projects:
        name, units, link = recipe(root)
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
        if args.link and link:
            link_failed |= not link_project(collido, root, *link)
    n = sum(totals.values())
    print(
        f"TOTAL: {n} files, {totals['ok']} assembled, {totals['generated']} generated file"
        f" missing, {totals['failed']} failed"
    )
    return 1 if totals["failed"] or link_failed else 0


if __name__ == "__main__":
    sys.exit(main())
