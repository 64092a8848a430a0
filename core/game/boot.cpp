#include "core/game/boot.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "core/asm/subprocess.h"
#include "core/game/rom.h"
#include "core/game/symbols.h"
#include "core/util/text.h"

namespace core::game {
namespace {

// Instructions the no-progress report looks at after a boot ran out of frames.
constexpr int kLoopProbe = 4096;
// Bytes of a failed build's output its message ends with.
constexpr size_t kBuildOutputTail = 4096;

size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      const bool same = std::tolower(uint8_t(a[i - 1])) == std::tolower(uint8_t(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

bool resolveLabel(const DebugInfo& symbols, const std::string& label, const std::string& field,
                  uint16_t& out, std::string* error) {
  auto a = symbols.addressOf(label);
  if (!a || *a > 0xFFFF) {
    *error = field + ": label \"" + label + "\" is not in the game's symbols" +
             closestNamesText(symbols, label);
    return false;
  }
  out = uint16_t(*a);
  return true;
}

// Where the game is stuck: the PC range of the next few thousand instructions.
std::string noProgress(GameMachine& m, const DebugInfo& symbols) {
  uint16_t lo = m.pc(), hi = m.pc();
  for (int i = 0; i < kLoopProbe; ++i) {
    GameRun r = m.runFree(std::nullopt, UINT64_MAX, 1);
    if (r.reason != HaltKind::InstructionBudget) break;
    lo = std::min(lo, m.pc());
    hi = std::max(hi, m.pc());
  }
  std::string text = "no progress: PC loops in " + hex(lo) + "\u2013" + hex(hi);
  if (std::string near = nearestLabel(symbols, lo); !near.empty()) text += " (" + near + ")";
  return text;
}

std::string stopText(const GameRun& r) {
  return std::string(haltKindName(r.reason)) + (r.detail.empty() ? "" : ": " + r.detail);
}

// The end of a build's output for its failure message: at most the last lines
// of stderr (or of stdout when stderr is empty), starting on a line boundary,
// control bytes shown as '.'.
std::string outputTail(const ProcessResult& r) {
  const std::string& text = r.err.empty() ? r.out : r.err;
  size_t end = text.find_last_not_of("\n");
  if (end == std::string::npos) return {};
  std::string tail = text.substr(0, end + 1);
  if (tail.size() > kBuildOutputTail) {
    tail.erase(0, tail.size() - kBuildOutputTail);
    const size_t nl = tail.find('\n');
    tail = "...\n" + (nl == std::string::npos ? tail : tail.substr(nl + 1));
  }
  for (char& c : tail)  // a terminal or status line shows no raw control bytes
    if (uint8_t(c) < 0x20 && c != '\n' && c != '\t') c = '.';
  return "\n" + tail;
}

// game.build: through /bin/sh in the build directory, as a Makefile recipe would
// run it, within game.build.timeoutMs.
bool runBuild(const GameSpec& g, std::string* error) {
  std::error_code ec;
  if (!std::filesystem::is_directory(g.buildDirectory, ec)) {
    *error = "game.build.directory: " + g.buildDirectory + " is not a directory";
    return false;
  }
  ProcessOptions opts;
  opts.timeoutMs = g.buildTimeoutMs;
  opts.directory = g.buildDirectory;
  const ProcessResult r = runProcess({"/bin/sh", "-c", g.buildCommand}, opts);
  const std::string what =
      "game.build: build command \"" + g.buildCommand + "\" in " + g.buildDirectory;
  if (!r.started)
    *error = what + " did not start: " + r.error;
  else if (r.timedOut)
    *error = what + " timed out after " + std::to_string(g.buildTimeoutMs) +
             " ms and was stopped with everything it started (game.build.timeoutMs sets the "
             "limit)" +
             outputTail(r);
  else if (r.exitCode != 0)
    *error = what + " exited with " + std::to_string(r.exitCode) + outputTail(r);
  else
    return true;
  return false;
}

}  // namespace

std::string nearestLabel(const DebugInfo& symbols, uint16_t addr) {
  const DebugSymbol* best = nullptr;
  for (const DebugSymbol& s : symbols.symbols)
    if (s.isLabel && s.address <= addr && addr - s.address < 0x1000 &&
        (!best || s.address > best->address))
      best = &s;
  if (!best) return {};
  return best->address == addr ? best->name
                               : best->name + "+" + std::to_string(addr - best->address);
}

std::vector<std::string> closestNames(const DebugInfo& symbols, const std::string& name,
                                      size_t count) {
  std::vector<std::pair<size_t, std::string>> scored;
  for (const DebugSymbol& s : symbols.symbols) {
    if (!s.isLabel) continue;
    // A name that contains the other counts as close, whatever its length.
    size_t d = editDistance(name, s.name);
    if (s.name.find(name) != std::string::npos || name.find(s.name) != std::string::npos)
      d = std::min<size_t>(d, 1);
    scored.push_back({d, s.name});
  }
  std::sort(scored.begin(), scored.end());
  scored.erase(std::unique(scored.begin(), scored.end()), scored.end());
  std::vector<std::string> out;
  const size_t limit = std::max<size_t>(3, name.size() / 2);  // farther is noise
  for (const auto& [d, n] : scored) {
    if (out.size() >= count || d > limit) break;
    out.push_back(n);
  }
  return out;
}

std::string closestNamesText(const DebugInfo& symbols, const std::string& name) {
  std::vector<std::string> near = closestNames(symbols, name);
  std::string text;
  for (const std::string& n : near) text += (text.empty() ? "; closest: " : ", ") + n;
  return text;
}

AsmResult loadGameImage(const RoutineManifest& m) {
  AsmResult image;
  const GameSpec& g = *m.game;
  auto fail = [&](const std::string& file, const std::string& message) {
    image.diagnostics.push_back({Diagnostic::Severity::Error, {file, 0, 0}, message});
    return image;
  };
  if (!g.buildCommand.empty()) {
    std::string why;
    if (!runBuild(g, &why)) return fail(m.path, why);
  }
  RomFile rom;
  std::string error;
  if (!loadRom(g.rom, rom, &error)) return fail("", error);  // the message names the file
  for (const std::string& w : rom.warnings)
    image.diagnostics.push_back({Diagnostic::Severity::Warning, {g.rom, 0, 0}, w});
  std::vector<std::string> files = g.symbols;
  if (files.empty()) {
    // The symbol files in the ROM's folder whose labels fit it (FCEUX writes one per bank).
    files = chooseSymbolFiles(rom).files;
    if (files.empty())
      return fail(g.rom,
                  "no symbol files in the ROM's folder (.dbg, .sym, .map, .labels.txt, "
                  "labels.txt, .lbl, .nl); name them in game.symbols");
  }
  for (const std::string& f : files) {
    SymbolSource source;
    if (!loadSymbols(f, image.debug, &source, &error, &rom)) return fail("", error);
    for (const std::string& w : source.warnings)
      image.diagnostics.push_back({Diagnostic::Severity::Warning, {}, w});
  }
  image.debug.finalize();
  for (const std::string& w : checkSymbols(image.debug, rom))
    image.diagnostics.push_back({Diagnostic::Severity::Warning, {files[0], 0, 0}, w});
  image.rom = std::move(rom.bytes);
  image.ok = true;
  return image;
}

bool bootGame(GameMachine& m, const GameSpec& spec, const DebugInfo& symbols, std::string* error) {
  m.powerOn();
  m.setButtons(0);
  const uint64_t frame = m.frameCycles();
  if (spec.bootTo.empty()) {
    GameRun r = m.runFree(std::nullopt, uint64_t(spec.bootFrames) * frame);
    if (isFault(r.reason) && r.reason != HaltKind::CycleBudget) {
      *error = "game.boot.frames: the game stopped at " + hex(m.pc()) + " (" + stopText(r) + ")";
      return false;
    }
    return true;
  }
  uint16_t to = 0;
  if (!resolveLabel(symbols, spec.bootTo, "game.boot.to", to, error)) return false;
  GameRun r = m.runFree(to, uint64_t(spec.bootMaxFrames) * frame);
  if (r.reason == HaltKind::Breakpoint) return true;
  if (r.reason != HaltKind::CycleBudget) {
    *error = "game.boot.to: the game stopped at " + hex(m.pc()) + " before reaching \"" +
             spec.bootTo + "\" (" + stopText(r) + ")";
    return false;
  }
  *error = "game.boot.to: \"" + spec.bootTo + "\" not reached in " +
           std::to_string(spec.bootMaxFrames) + " frames; " + noProgress(m, symbols);
  return false;
}

}  // namespace core::game
