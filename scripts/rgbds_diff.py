#!/usr/bin/env python3
"""Differential test of the built-in rgbds tools against the real ones.

    scripts/rgbds_diff.py --rgbds RGBDS_DIR [--collido build/app/collido]
                          [--tests] [--jobs N] [PROJECT_DIR ...]

RGBDS_DIR is a build of gbdev/rgbds (its rgbasm, rgblink, rgbfix and rgbgfx at the
top, its test/ folder beside them), made outside this repository; PROJECT_DIR are
checked-out public rgbds projects with a Makefile. Nothing here is run by ctest:
CI has no network to fetch them.

- Each project is copied twice to a scratch folder and built with `make` once
  with the real tools (RGBDS=RGBDS_DIR/) and once with `collido rgbasm|rgblink|
  rgbfix` behind two-line wrappers (rgbgfx stays the real one in both, so only
  assembler, linker and fixer differ). Every .gb/.gbc and .sym the real build
  wrote is compared byte for byte; the first difference is reported with its
  offset, bank:address and the symbol at or before it (from the real .sym), and
  for a .sym the first differing line.
- With --tests, rgbds's own test/asm cases (rgbasm -Weverything -Bcollapse
  [@X.flags] X.asm; rgblink -x) and the plain test/link cases are run through
  `collido rgbasm`/`collido rgblink`: a case with an .out.bin passes when the bytes
  are equal, one with an .out (and no .out.bin) when rgbasm printed the same, and
  an error case when both fail. Counts per kind, and the failing names.

Exit code 0 when everything compared equal.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

WRAPPER = """#!/bin/sh
exec {collido} {tool} "$@"
"""


def make_wrappers(collido, rgbds):
    d = tempfile.mkdtemp(prefix="rgbds_diff_tools_")
    for tool in ("rgbasm", "rgblink", "rgbfix"):
        path = os.path.join(d, tool)
        with open(path, "w") as f:
            f.write(WRAPPER.format(collido=os.path.abspath(collido), tool=tool))
        os.chmod(path, 0o755)
    gfx = os.path.join(rgbds, "rgbgfx")
    if os.path.exists(gfx):
        os.symlink(os.path.abspath(gfx), os.path.join(d, "rgbgfx"))
    return d


def build(src, tools, jobs):
    work = tempfile.mkdtemp(prefix="rgbds_diff_build_")
    dst = os.path.join(work, os.path.basename(os.path.abspath(src)))
    shutil.copytree(src, dst, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    tools = tools.rstrip("/") + "/"
    env = dict(os.environ, PATH=tools + os.pathsep + os.environ["PATH"])
    cmd = ["make", "-j", str(jobs), "RGBDS=" + tools, "RGBASM=" + tools + "rgbasm",
           "RGBLINK=" + tools + "rgblink", "RGBFIX=" + tools + "rgbfix",
           "RGBGFX=" + tools + "rgbgfx"]
    p = subprocess.run(cmd, cwd=dst, capture_output=True, text=True, env=env)
    return dst, p.returncode, (p.stdout + p.stderr)[-3000:]


def outputs(root):
    found = []
    for ext in ("gb", "gbc", "sym"):
        found += glob.glob(os.path.join(root, "**", "*." + ext), recursive=True)
    return sorted(os.path.relpath(p, root) for p in found)


def read_sym(path):
    syms = []
    try:
        for line in open(path, encoding="utf-8", errors="replace"):
            m = re.match(r"([0-9a-fA-F]+):([0-9a-fA-F]{4}) (\S+)", line)
            if m:
                syms.append((int(m.group(1), 16), int(m.group(2), 16), m.group(3)))
    except OSError:
        pass
    return syms


def symbol_at(syms, bank, addr):
    best = None
    for b, a, name in syms:
        if b == bank and a <= addr and (best is None or a >= best[0]):
            best = (a, name)
    return "%s+$%X" % (best[1], addr - best[0]) if best else "(no symbol)"


def compare_rom(real, ours, sym):
    a, b = open(real, "rb").read(), open(ours, "rb").read()
    if a == b:
        return None
    n = min(len(a), len(b))
    i = next((k for k in range(n) if a[k] != b[k]), n)
    bank, addr = (0, i) if i < 0x4000 else (i // 0x4000, 0x4000 + i % 0x4000)
    if i == n:
        return "sizes differ: %d (rgblink) vs %d (ours)" % (len(a), len(b))
    diff = sum(1 for k in range(n) if a[k] != b[k])
    return "%d bytes differ; first at offset $%X (%02X:%04X, %s): $%02X vs $%02X%s" % (
        diff, i, bank, addr, symbol_at(read_sym(sym), bank, addr), a[i], b[i],
        "" if len(a) == len(b) else "; sizes %d vs %d" % (len(a), len(b)))


def compare_sym(real, ours):
    strip = lambda p: [l for l in open(p, encoding="utf-8", errors="replace") if not l.startswith(";")]
    a, b = strip(real), strip(ours)
    if a == b:
        return None
    for k in range(max(len(a), len(b))):
        x = a[k].rstrip("\n") if k < len(a) else "(end)"
        y = b[k].rstrip("\n") if k < len(b) else "(end)"
        if x != y:
            return "line %d: %r (rgblink) vs %r (ours); %d vs %d lines" % (k + 1, x, y, len(a), len(b))
    return "differs"


def run_project(src, rgbds, wrappers, jobs):
    name = os.path.basename(os.path.abspath(src))
    real, rc1, log1 = build(src, rgbds, jobs)
    if rc1 != 0:
        print("%s: the real build failed (skipped):\n%s" % (name, log1))
        return None
    ours, rc2, log2 = build(src, wrappers, jobs)
    same = True
    if rc2 != 0:
        print("%s: FAIL: the build with collido failed:\n%s" % (name, log2))
        return False
    for rel in outputs(real):
        mine = os.path.join(ours, rel)
        if not os.path.exists(mine):
            print("%s: %s: missing in our build" % (name, rel))
            same = False
            continue
        if rel.endswith(".sym"):
            why = compare_sym(os.path.join(real, rel), mine)
        else:
            sym = os.path.splitext(os.path.join(real, rel))[0] + ".sym"
            why = compare_rom(os.path.join(real, rel), mine, sym)
        print("%s: %s: %s" % (name, rel, "identical" if why is None else why))
        same = same and why is None
    return same


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def asm_tests(collido, tests_dir, tmp):
    asm_dir = os.path.join(tests_dir, "asm")
    counts = {"bin": [0, 0], "out": [0, 0], "error": [0, 0]}
    failed = []
    obj, gb = os.path.join(tmp, "t.o"), os.path.join(tmp, "t.gb")
    for src in sorted(glob.glob(os.path.join(asm_dir, "*.asm"))):
        t = os.path.basename(src)[:-4]
        flags = ["-Weverything", "-Bcollapse"]
        if os.path.exists(os.path.join(asm_dir, t + ".flags")):
            flags.append("@" + t + ".flags")
        err_path = os.path.join(asm_dir, t + ".err")
        expects_error = os.path.exists(err_path) and "error" in open(err_path, errors="replace").read()
        for f in (obj, gb):
            if os.path.exists(f):
                os.remove(f)
        rc, out, _ = run([collido, "rgbasm", *flags, "-o", obj, t + ".asm"], asm_dir)
        bin_path = os.path.join(asm_dir, t + ".out.bin")
        out_path = os.path.join(asm_dir, t + ".out")
        if expects_error:
            kind, ok = "error", rc != 0
        elif os.path.exists(bin_path):
            kind = "bin"
            ok = rc == 0 and run([collido, "rgblink", "-x", "-o", gb, obj], asm_dir)[0] == 0 and \
                os.path.exists(gb) and open(gb, "rb").read() == open(bin_path, "rb").read()
        elif os.path.exists(out_path):
            kind = "out"
            ok = rc == 0 and out == open(out_path, "rb").read()
        else:
            kind, ok = "error", rc == 0  # no .err, no output: it must assemble
        counts[kind][1] += 1
        counts[kind][0] += ok
        if not ok:
            failed.append("asm/" + t)
    return counts, failed


def link_tests(collido, tests_dir, tmp):
    link_dir = os.path.join(tests_dir, "link")
    passed = total = 0
    failed = []
    obj, gb = os.path.join(tmp, "l.o"), os.path.join(tmp, "l.gb")
    for src in sorted(glob.glob(os.path.join(link_dir, "*.asm"))):
        t = os.path.basename(src)[:-4]
        bin_path = os.path.join(link_dir, t + ".out.bin")
        # The plain cases: no variants by flag or linker script, a binary to compare.
        if not os.path.exists(bin_path) or glob.glob(os.path.join(link_dir, t + "*.link")) or \
                any(os.path.exists(os.path.join(link_dir, t + v + ".out"))
                    for v in ("-d", "-t", "-w", "-no-d", "-no-t", "-no-w")):
            continue
        total += 1
        flags = ["@" + t + ".flags"] if os.path.exists(os.path.join(link_dir, t + ".flags")) else []
        if os.path.exists(gb):
            os.remove(gb)
        ok = run([collido, "rgbasm", "-o", obj, t + ".asm"], link_dir)[0] == 0 and \
            run([collido, "rgblink", *flags, "-o", gb, obj], link_dir)[0] == 0
        if ok:
            want = open(bin_path, "rb").read()
            ok = open(gb, "rb").read()[:len(want)] == want
        passed += ok
        if not ok:
            failed.append("link/" + t)
    return passed, total, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rgbds", required=True, help="a build of gbdev/rgbds (tools at the top)")
    ap.add_argument("--collido", default="build/app/collido")
    ap.add_argument("--tests", action="store_true", help="also run rgbds's test/asm and test/link")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("projects", nargs="*")
    a = ap.parse_args()
    collido = os.path.abspath(a.collido)
    wrappers = make_wrappers(collido, a.rgbds)
    all_ok = True
    identical = 0
    for p in a.projects:
        r = run_project(p, os.path.abspath(a.rgbds), wrappers, a.jobs)
        identical += r is True
        all_ok = all_ok and r is not False
    if a.projects:
        print("projects identical: %d / %d" % (identical, len(a.projects)))
    if a.tests:
        tests_dir = os.path.join(a.rgbds, "test")
        tmp = tempfile.mkdtemp(prefix="rgbds_diff_tests_")
        counts, failed = asm_tests(collido, tests_dir, tmp)
        lp, lt, lfailed = link_tests(collido, tests_dir, tmp)
        for kind, (ok, total) in counts.items():
            print("test/asm %s cases: %d / %d" % (kind, ok, total))
        print("test/link binary cases: %d / %d" % (lp, lt))
        if failed or lfailed:
            print("failing: " + " ".join(failed + lfailed))
            all_ok = False
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
