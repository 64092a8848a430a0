#include "core/asm/ca65/ca65.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/asm/ca65/ca65_messages.h"
#include "core/asm/ca65/dbgfile.h"
#include "core/asm/includes.h"
#include "core/asm/subprocess.h"
#include "core/util/files.h"

namespace core {
namespace {

constexpr size_t kInesHeaderSize = 16;
constexpr size_t kChrSize = 0x2000;

Diagnostic error(const std::string& msg, SourceLoc loc = {}) {
  return {Diagnostic::Severity::Error, std::move(loc), msg};
}

// Whole files only within `maxBytes`, and never a device or FIFO (see files.h).
bool readFile(const std::string& path, std::string& out, uint64_t maxBytes = kMaxSourceBytes,
              std::string* why = nullptr) {
  auto text = readTextFile(path, why, maxBytes);
  if (!text) return false;
  out = std::move(*text);
  return true;
}

bool writeFile(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(data.data(), static_cast<std::streamsize>(data.size()));
  return static_cast<bool>(f);
}

std::string baseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Copies of the sources and their includes under `root`, each at root + its
// absolute path, holding the editor's text where it has one.
class ScratchTree {
 public:
  explicit ScratchTree(std::string root) : root_(std::move(root)) {}

  bool copy(const std::vector<std::string>& sources, const Ca65Options& opts, std::string* why) {
    files_ = sources;
    const auto includes =
        findIncludes(sources, IncludeSyntax::Ca65, opts.readFile, opts.includeDirs);
    files_.insert(files_.end(), includes.begin(), includes.end());
    for (const std::string& f : files_) {
      std::optional<std::string> text = opts.readFile(f);
      std::string disk;
      if (!text && readFile(f, disk)) text = std::move(disk);
      if (!text) continue;  // ca65 reports the missing file (named back to `f`)
      const std::filesystem::path copy = pathOf(f);
      std::error_code ec;
      std::filesystem::create_directories(copy.parent_path(), ec);
      if (ec || !writeFile(copy.string(), *text)) {
        *why = "cannot write a scratch copy of " + f + " in " + root_;
        return false;
      }
    }
    return true;
  }
  std::string pathOf(const std::string& file) const {
    return root_ + absoluteNormal(file).string();
  }
  // `text` with the tree's paths turned back into the paths they copy.
  void restoreText(std::string& text) const {
    if (files_.empty()) return;
    for (size_t at = text.find(root_ + "/"); at != std::string::npos;
         at = text.find(root_ + "/", at))
      text.erase(at, root_.size());
  }
  // The name the caller gave for a copy's path (or a path into the tree).
  std::string original(const std::string& name) const {
    if (files_.empty() || !name.starts_with(root_ + "/")) return name;
    const std::filesystem::path abs =
        std::filesystem::path(name.substr(root_.size())).lexically_normal();
    for (const std::string& f : files_)
      if (absoluteNormal(f) == abs) return f;
    return abs.string();
  }

 private:
  static std::filesystem::path absoluteNormal(const std::string& file) {
    std::error_code ec;
    std::filesystem::path p = std::filesystem::absolute(file, ec);
    return (ec ? std::filesystem::path(file) : p).lexically_normal();
  }

  std::string root_;
  std::vector<std::string> files_;
};

// A tool's stderr as diagnostics; when it failed without saying why, say that.
// `input`: the source ca65 was assembling, named in a timeout.
void collectToolOutput(const ProcessResult& r, const std::string& tool, const std::string& cfg,
                       const std::string& input, int timeoutMs, std::vector<Diagnostic>& diags) {
  auto parsed = parseCc65Messages(r.err + r.out, cfg);
  bool reportedError = hasErrors(parsed);
  diags.insert(diags.end(), parsed.begin(), parsed.end());
  if (r.timedOut)
    diags.push_back(error(tool + " timed out after " + std::to_string(timeoutMs) + " ms" +
                          (input.empty() ? " linking" : " assembling " + input)));
  else if (r.exitCode != 0 && !reportedError)
    diags.push_back(error(tool + " failed with exit code " + std::to_string(r.exitCode)));
}

}  // namespace

std::string ca65MissingMessage(const std::string& program) {
  return program + " not found" + (program.find('/') == std::string::npos ? " on PATH" : "") +
         ": install the Debian package cc65";
}

bool ca65Available(const Ca65Options& opts) {
  return !findExecutable(opts.ca65).empty() && !findExecutable(opts.ld65).empty();
}

AsmResult assemble6502(const std::vector<std::string>& sources, const Ca65Layout& layout,
                       const Ca65Options& opts) {
  AsmResult result;
  auto& diags = result.diagnostics;
  if (sources.empty()) {
    diags.push_back(error("no source files given"));
    return result;
  }
  // ca65 would read a source naming /dev/zero or a FIFO until memory or the
  // timeout runs out: such sources are refused before it starts.
  bool readable = true;
  for (const std::string& src : sources) {
    if (opts.readFile && opts.readFile(src)) continue;
    std::error_code ec;
    if (!std::filesystem::exists(src, ec)) continue;  // ca65 names the missing file
    if (auto why = unreadableReason(src, kMaxSourceBytes)) {
      diags.push_back(error(*why, {src, 0, 0}));
      readable = false;
    }
  }
  // What the sources include is checked the same way: ca65 reads `.incbin
  // "/dev/zero"` as no bytes, and waits on a FIFO until its timeout.
  for (Diagnostic& d :
       checkIncludedFiles(sources, IncludeSyntax::Ca65, opts.readFile, opts.includeDirs)) {
    diags.push_back(std::move(d));
    readable = false;
  }
  if (!readable) return result;
  for (const auto* tool : {&opts.ca65, &opts.ld65}) {
    if (findExecutable(*tool).empty()) {
      diags.push_back(error(ca65MissingMessage(*tool)));
      return result;
    }
  }
  if (layout.kind == Ca65Layout::Kind::Nrom && layout.prgBanks != 1 && layout.prgBanks != 2) {
    diags.push_back(
        error("NROM has 1 or 2 PRG banks of 16 KiB, not " + std::to_string(layout.prgBanks)));
    return result;
  }
  std::string chr;
  if (layout.kind == Ca65Layout::Kind::Nrom && !layout.chrFile.empty()) {
    std::string why;
    if (!readFile(layout.chrFile, chr, kMaxBinaryBytes, &why)) {
      diags.push_back(error("cannot read CHR file: " + why, {layout.chrFile, 0, 0}));
      return result;
    }
    if (chr.size() > kChrSize) {
      diags.push_back(
          error("CHR file has " + std::to_string(chr.size()) + " bytes; NROM holds 8192",
                {layout.chrFile, 0, 0}));
      return result;
    }
  }

  std::optional<TempDir> dir;
  if (opts.workDir.empty()) {
    std::string why;
    dir = TempDir::create("collido-ca65", &why);
    if (!dir) {
      diags.push_back(error(why));
      return result;
    }
  } else {
    std::error_code ec;
    std::filesystem::create_directories(opts.workDir, ec);
    dir = TempDir::existing(opts.workDir);
  }
  ProcessOptions popts;
  popts.timeoutMs = opts.timeoutMs;

  // With unsaved buffers, every source and the files it includes are copied into
  // a tree mirroring their absolute paths, so includes resolve beside the copies.
  ScratchTree tree(dir->file("tree"));
  if (opts.readFile) {
    std::string why;
    if (!tree.copy(sources, opts, &why)) {
      diags.push_back(error(why));
      return result;
    }
  }

  // Assemble every source, even after a failure, so all errors show at once.
  std::vector<std::string> objects;
  std::map<std::string, std::string> renamed;  // "./-name" -> "-name"
  bool assembled = true;
  for (size_t i = 0; i < sources.size(); ++i) {
    std::string prefix = std::to_string(i) + "_" + baseName(sources[i]);
    std::string obj = dir->file(prefix + ".o");
    std::string input = sources[i];
    std::vector<std::string> argv = {opts.ca65, "-g"};
    if (opts.readFile) {
      input = tree.pathOf(sources[i]);
      // What the scan did not copy (macro-built includes, binaries) is found at home.
      size_t slash = sources[i].find_last_of('/');
      std::string home = slash == std::string::npos ? "." : sources[i].substr(0, slash);
      if (home.empty()) home = "/";
      argv.insert(argv.end(), {"-I", home, "--bin-include-dir", home});
    }
    if (input.starts_with("-")) {  // would read as an option
      renamed["./" + input] = input;
      input = "./" + input;
    }
    if (!opts.cpu.empty()) argv.insert(argv.end(), {"--cpu", opts.cpu});
    for (const auto& inc : opts.includeDirs) argv.insert(argv.end(), {"-I", inc});
    for (const auto& [name, value] : opts.defines)
      argv.insert(argv.end(), {"-D", value.empty() ? name : name + "=" + value});
    argv.insert(argv.end(), {"-o", obj, input});
    ProcessResult r = runProcess(argv, popts);
    if (!r.started) {
      diags.push_back(error(r.error));
      return result;
    }
    const size_t from = diags.size();
    collectToolOutput(r, "ca65", {}, sources[i], opts.timeoutMs, diags);
    locateAssemblerMessages(diags, from, sources[i], i, opts.manifest);
    if (r.exitCode != 0) assembled = false;
    objects.push_back(obj);
  }
  auto restoreName = [&](std::string& file) {
    if (auto it = renamed.find(file); it != renamed.end())
      file = it->second;
    else
      file = tree.original(file);
  };
  // Columns are looked up while the scratch copies still exist, then names restored.
  auto finishDiagnostics = [&] {
    addCc65Columns(diags);
    for (auto& d : diags) {
      restoreName(d.loc.file);
      tree.restoreText(d.message);  // "Cannot open input file '<tree>/home/u/x.s'"
    }
  };
  if (!assembled) {
    finishDiagnostics();
    return result;
  }

  bool nrom = layout.kind == Ca65Layout::Kind::Nrom;
  std::string cfgPath = dir->file("link.cfg");
  std::string outPath = dir->file(nrom ? "image.nes" : "image.bin");
  std::string dbgPath = opts.dbgFile.empty() ? dir->file("image.dbg") : opts.dbgFile;
  if (!writeFile(cfgPath, ca65LinkerConfig(layout, dir->file("rodata.bin")))) {
    diags.push_back(error("cannot write the linker config in " + dir->path()));
    return result;
  }
  std::vector<std::string> argv = {opts.ld65, "-C", cfgPath, "-o", outPath, "--dbgfile", dbgPath};
  if (!opts.labelFile.empty()) argv.insert(argv.end(), {"-Ln", opts.labelFile});
  if (!opts.mapFile.empty()) argv.insert(argv.end(), {"-m", opts.mapFile});
  argv.insert(argv.end(), objects.begin(), objects.end());
  ProcessResult link = runProcess(argv, popts);
  if (!link.started) {
    diags.push_back(error(link.error));
    return result;
  }
  const size_t from = diags.size();
  collectToolOutput(link, "ld65", cfgPath, {}, opts.timeoutMs, diags);
  if (std::any_of(diags.begin() + std::ptrdiff_t(from), diags.end(),
                  [](const Diagnostic& d) { return d.loc.file.empty(); })) {
    std::vector<std::string> files = sources;  // where segments and symbols are looked for
    const auto included =
        findIncludes(sources, IncludeSyntax::Ca65, opts.readFile, opts.includeDirs);
    files.insert(files.end(), included.begin(), included.end());
    locateLinkerMessages(diags, from, files, opts.readFile, opts.manifest);
  }
  finishDiagnostics();
  if (link.exitCode != 0) return result;

  std::string dbgText;
  if (!readFile(dbgPath, dbgText, kMaxJsonBytes)) {
    diags.push_back(error("ld65 wrote no debug file", {dbgPath, 0, 0}));
    return result;
  }
  DbgParseOptions dopts;
  dopts.fileName = dbgPath;
  if (nrom) dopts.skipSegments = {"HEADER", "CHARS"};
  std::vector<DbgSegmentInfo> segs;
  if (!parseDbgFile(dbgText, result.debug, diags, dopts, &segs)) return result;
  for (auto& f : result.debug.files) restoreName(f);

  // Cut each placed segment out of the file ld65 wrote it to.
  std::map<std::string, std::string> outputs;
  for (const auto& s : segs) {
    if (s.size == 0 || s.name == "NULL") continue;
    if (nrom && (s.name == "HEADER" || s.name == "CHARS")) continue;
    ImageChunk c;
    c.name = s.name;
    c.address = s.start;
    c.size = s.size;
    if (s.outputOffset < 0 || s.outputName.empty()) {
      c.ram = true;
    } else {
      auto it = outputs.find(s.outputName);
      if (it == outputs.end()) {
        std::string data;
        if (!readFile(s.outputName, data, kMaxBinaryBytes)) {
          diags.push_back(error("cannot read ld65 output", {s.outputName, 0, 0}));
          return result;
        }
        it = outputs.emplace(s.outputName, std::move(data)).first;
      }
      const std::string& data = it->second;
      size_t off = static_cast<size_t>(s.outputOffset);
      if (off + s.size > data.size()) {
        diags.push_back(error("segment " + s.name + " lies outside ld65's output file"));
        return result;
      }
      c.bytes.assign(data.begin() + static_cast<std::ptrdiff_t>(off),
                     data.begin() + static_cast<std::ptrdiff_t>(off + s.size));
    }
    result.chunks.push_back(std::move(c));
  }
  std::stable_sort(result.chunks.begin(), result.chunks.end(),
                   [](const ImageChunk& a, const ImageChunk& b) { return a.address < b.address; });

  if (nrom) {
    std::string rom;
    if (!readFile(outPath, rom, kMaxBinaryBytes)) {
      diags.push_back(error("cannot read ld65 output", {outPath, 0, 0}));
      return result;
    }
    size_t prgSize = static_cast<size_t>(layout.prgBanks) * 0x4000;
    if (rom.size() != kInesHeaderSize + prgSize + kChrSize) {
      diags.push_back(error("ld65 wrote " + std::to_string(rom.size()) +
                            " bytes for the .nes; expected " +
                            std::to_string(kInesHeaderSize + prgSize + kChrSize)));
      return result;
    }
    // A HEADER segment from the user wins; otherwise write a mapper-0 header.
    bool userHeader =
        std::any_of(rom.begin(), rom.begin() + kInesHeaderSize, [](char c) { return c != 0; });
    if (!userHeader) {
      const char header[kInesHeaderSize] = {
          'N',
          'E',
          'S',
          0x1A,
          static_cast<char>(layout.prgBanks),
          1,
          static_cast<char>(layout.verticalMirroring ? 0x01 : 0x00),
          0};
      std::copy(header, header + kInesHeaderSize, rom.begin());
    }
    if (!chr.empty()) std::copy(chr.begin(), chr.end(), rom.begin() + kInesHeaderSize + prgSize);
    result.rom.assign(rom.begin(), rom.end());
  }

  result.ok = !hasErrors(diags);
  return result;
}

}  // namespace core
