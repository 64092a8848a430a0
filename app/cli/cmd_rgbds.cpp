// `collido rgbasm`, `collido rgblink` and `collido rgbfix`: the built-in SM83
// assembler behind the real tools' own command lines, so a Makefile runs it by
// setting RGBASM/RGBLINK/RGBFIX (or RGBDS=dir/ holding three two-line wrappers):
//
//   collido rgbasm -Wall -I include/ -o main.o main.asm     (checks main.asm now)
//   collido rgblink -p 0xFF -m game.map -n game.sym -o game.gb main.o audio.o
//   collido rgbfix -v -p 0xFF -t GAME -m MBC5 game.gb
//
// Our assembler assembles and links in one pass, so the object file rgbasm writes
// is a small JSON record of how to assemble that source (format
// "collidoscope-rgbobj/1": the source, the working directory and the flags);
// rgblink assembles every object's source together and links them. rgblink's output
// is rgblink's (whole banks, gaps filled with -p, no header fixed); rgbfix then
// fixes it in place as rgbfix does. Options that change nothing here (-W, -v, -B,
// --color, -X) are accepted; the few we lack (-s, -b, -g, rgblink -O/-S, rgbfix -L)
// exit 2 saying so. docs/rgbds.md lists them.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/cli_output.h"
#include "app/cli/command.h"
#include "collidoscope_version.h"
#include "core/asm/rgbds/rgbasm.h"
#include "core/util/files.h"

namespace app::cli {
namespace {

constexpr const char* kObjectFormat = "collidoscope-rgbobj/1";

// One option as the tool's getopt would see it: its short letter (or the long name
// for the few with no letter) and its value.
struct Opt {
  std::string name;
  std::string value;
};

struct ToolSpec {
  const char* tool;
  std::string withValue;                     // short letters that take a value
  std::string flags;                         // short letters that take none
  std::map<std::string, std::string> longs;  // long name -> short letter (or itself)
};

// Splits an rgbds command line: bundled short flags (`-jsv`), values attached or
// next (`-p0xFF`, `-p 0xFF`), `--long value` / `--long=value`, `@file` argument
// files (whitespace-separated, as rgbasm's own tests use), `--` ends options.
// rgbasm's -M family (-MG -MC -MP -MT -MQ) and -W take the rest of their word.
bool splitArgs(const ToolSpec& spec, const std::vector<std::string>& in, std::vector<Opt>& opts,
               std::vector<std::string>& files, std::string& error) {
  std::vector<std::string> args;
  for (const std::string& a : in) {
    if (a.size() > 1 && a[0] == '@') {
      std::ifstream f(a.substr(1));
      if (!f) {
        error = "cannot read argument file '" + a.substr(1) + "'";
        return false;
      }
      std::string word;
      while (f >> word) args.push_back(word);
    } else {
      args.push_back(a);
    }
  }
  bool onlyFiles = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (onlyFiles || a.size() < 2 || a[0] != '-') {
      files.push_back(a);
      continue;
    }
    if (a == "--") {
      onlyFiles = true;
      continue;
    }
    auto takeValue = [&](const std::string& name, std::string attached) {
      if (!attached.empty()) return opts.push_back({name, attached}), true;
      if (i + 1 >= args.size()) {
        error = "option -" + name + " needs a value";
        return false;
      }
      opts.push_back({name, args[++i]});
      return true;
    };
    if (a[1] == '-') {
      std::string name = a.substr(2), value;
      const size_t eq = name.find('=');
      if (eq != std::string::npos) value = name.substr(eq + 1), name = name.substr(0, eq);
      auto it = spec.longs.find(name);
      if (it == spec.longs.end()) {
        error = "unknown option --" + name;
        return false;
      }
      const std::string& letter = it->second;
      if (letter.size() == 1 && spec.flags.find(letter[0]) != std::string::npos) {
        opts.push_back({letter, ""});
        continue;
      }
      if (!takeValue(letter, value)) return false;
      continue;
    }
    if (std::string(spec.tool) == "rgbasm" && a[1] == 'M' && a.size() > 2) {
      const std::string m = a.substr(1, 2);
      if (m == "MG" || m == "MC" || m == "MP") {
        opts.push_back({m, ""});
        continue;
      }
      if (m == "MT" || m == "MQ") {
        if (!takeValue(m, a.substr(3))) return false;
        continue;
      }
    }
    for (size_t k = 1; k < a.size(); ++k) {
      const char c = a[k];
      if (spec.flags.find(c) != std::string::npos) {
        opts.push_back({std::string(1, c), ""});
        continue;
      }
      if (spec.withValue.find(c) != std::string::npos) {
        if (!takeValue(std::string(1, c), a.substr(k + 1))) return false;
        break;
      }
      error = std::string("unknown option -") + c;
      return false;
    }
  }
  return true;
}

int usageError(const char* tool, const std::string& msg) {
  std::fprintf(stderr, "collido %s: %s\n", tool, msg.c_str());
  return kExitBadInput;
}

int unsupported(const char* tool, const std::string& opt) {
  return usageError(
      tool, "option " + opt + " is not supported by the built-in assembler (docs/rgbds.md)");
}

bool writeOut(const char* tool, const std::string& path, const std::string& data) {
  std::string err;
  if (path == "-") {
    std::fwrite(data.data(), 1, data.size(), stdout);
    return true;
  }
  if (core::writeFileAtomic(path, data, &err, false)) return true;
  std::fprintf(stderr, "collido %s: %s: %s\n", tool, path.c_str(), err.c_str());
  return false;
}

std::optional<int> byteValue(const std::string& text) {
  auto v = parseAddress(text, 0xFF);
  if (!v) return std::nullopt;
  return static_cast<int>(*v);
}

std::string currentDir() {
  std::vector<char> buf(4096);
  if (!::getcwd(buf.data(), buf.size())) return ".";
  return buf.data();
}

// `$` doubled for a Makefile (rgbasm -MQ quotes its target so).
std::string makeQuoted(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

// ---------------------------------------------------------------- rgbasm

int runRgbasm(const std::vector<std::string>& args) {
  const ToolSpec spec{"rgbasm",
                      "BbDgIMoPpQrsWX",
                      "EhVvw",
                      {{"backtrace", "B"},
                       {"binary-digits", "b"},
                       {"color", "color"},
                       {"define", "D"},
                       {"export-all", "E"},
                       {"gfx-chars", "g"},
                       {"help", "h"},
                       {"include", "I"},
                       {"dependfile", "M"},
                       {"output", "o"},
                       {"preinclude", "P"},
                       {"pad-value", "p"},
                       {"q-precision", "Q"},
                       {"recursion-depth", "r"},
                       {"state", "s"},
                       {"version", "V"},
                       {"verbose", "v"},
                       {"warning", "W"},
                       {"max-errors", "X"}}};
  std::vector<Opt> opts;
  std::vector<std::string> files;
  std::string error;
  if (!splitArgs(spec, args, opts, files, error)) return usageError("rgbasm", error);
  core::Sm83AsmOptions asmOpts;
  asmOpts.assembleOnly = true;
  std::string out, depFile;
  std::vector<std::string> targets;
  bool phony = false;
  nlohmann::json defines = nlohmann::json::array();
  for (const Opt& o : opts) {
    const std::string& n = o.name;
    if (n == "h") {
      std::printf(
          "usage: collido rgbasm [-EhVvw] [-D name[=value]] [-I path] [-M depend_file] [-MG] "
          "[-MC]\n"
          "       [-MP] [-MT target] [-MQ target] [-o out_file] [-P include_file] [-Q precision]\n"
          "       [-W warning] <file>\n");
      return kExitClean;
    }
    if (n == "V") {
      std::printf("rgbasm (collidoscope built-in) %s\n", COLLIDOSCOPE_VERSION);
      return kExitClean;
    }
    if (n == "D") {
      const size_t eq = o.value.find('=');
      const std::string name = o.value.substr(0, eq);
      const std::string value = eq == std::string::npos ? "1" : o.value.substr(eq + 1);
      asmOpts.defines.emplace_back(name, value);
      defines.push_back({name, value});
    } else if (n == "I") {
      asmOpts.includeDirs.push_back(o.value);
    } else if (n == "P") {
      asmOpts.preinclude = o.value;
    } else if (n == "Q") {
      const std::string q = !o.value.empty() && o.value[0] == '.' ? o.value.substr(1) : o.value;
      try {
        asmOpts.fixPrecision = std::stoi(q);
      } catch (...) {
        return usageError("rgbasm", "-Q needs a number, not '" + o.value + "'");
      }
    } else if (n == "E") {
      asmOpts.exportAll = true;
    } else if (n == "o") {
      out = o.value;
    } else if (n == "M") {
      depFile = o.value;
    } else if (n == "MT") {
      targets.push_back(o.value);
    } else if (n == "MQ") {
      targets.push_back(makeQuoted(o.value));
    } else if (n == "MP") {
      phony = true;
    } else if (n == "MG" || n == "MC" || n == "W" || n == "w" || n == "v" || n == "B" || n == "X" ||
               n == "color") {
      // Warnings, verbosity, backtraces, colours, missing-file modes: nothing to change.
    } else {
      return unsupported("rgbasm", "-" + n);
    }
  }
  if (files.size() != 1)
    return usageError("rgbasm", files.empty() ? "no input file" : "more than one input file");
  core::AsmResult r = core::assembleSm83(files, asmOpts);
  std::fwrite(r.printed.data(), 1, r.printed.size(), stdout);
  printDiagnostics(r.diagnostics);
  if (!r.ok) return kExitBadInput;
  if (!out.empty()) {
    nlohmann::json obj = {{"format", kObjectFormat},
                          {"source", files[0]},
                          {"directory", currentDir()},
                          {"includeDirs", asmOpts.includeDirs},
                          {"defines", defines},
                          {"preinclude", asmOpts.preinclude},
                          {"fixPrecision", asmOpts.fixPrecision},
                          {"exportAll", asmOpts.exportAll}};
    if (!writeOut("rgbasm", out, obj.dump(1) + "\n")) return kExitBadInput;
  }
  if (!depFile.empty()) {
    if (targets.empty()) targets.push_back(out);
    std::string deps;
    std::string joined;
    for (const std::string& t : targets) joined += (joined.empty() ? "" : " ") + t;
    for (const std::string& f : r.debug.files) deps += joined + ": " + f + "\n";
    if (phony)
      for (size_t i = 1; i < r.debug.files.size(); ++i) deps += r.debug.files[i] + ":\n";
    if (!writeOut("rgbasm", depFile, deps)) return kExitBadInput;
  }
  return kExitClean;
}

// ---------------------------------------------------------------- rgblink

// The assembler options an object file records; false (with `error`) when it is not one.
bool readObject(const std::string& path, core::Sm83AsmOptions& opts, std::string& source,
                std::string& directory, std::string& error) {
  auto text = core::readTextFile(path, &error, core::kMaxJsonBytes);
  if (!text) return false;
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != kObjectFormat) {
    error = path + ": not an object file of `collido rgbasm` (format " + kObjectFormat +
            "); objects of the real rgbasm cannot be linked by the built-in linker";
    return false;
  }
  try {
    source = j.at("source").get<std::string>();
    directory = j.at("directory").get<std::string>();
    opts.includeDirs = j.at("includeDirs").get<std::vector<std::string>>();
    for (const auto& d : j.at("defines"))
      opts.defines.emplace_back(d.at(0).get<std::string>(), d.at(1).get<std::string>());
    opts.preinclude = j.at("preinclude").get<std::string>();
    opts.fixPrecision = j.at("fixPrecision").get<int>();
    opts.exportAll = j.at("exportAll").get<bool>();
  } catch (const nlohmann::json::exception& e) {
    error =
        path + ": a field of the object file is missing or of the wrong type (" + e.what() + ")";
    return false;
  }
  return true;
}

bool sameAssembly(const core::Sm83AsmOptions& a, const core::Sm83AsmOptions& b) {
  return a.includeDirs == b.includeDirs && a.defines == b.defines && a.preinclude == b.preinclude &&
         a.fixPrecision == b.fixPrecision && a.exportAll == b.exportAll;
}

int runRgblink(const std::vector<std::string>& args) {
  const ToolSpec spec{"rgblink",
                      "BlmnoOpSW",
                      "dhMtVvwx",
                      {{"backtrace", "B"},
                       {"color", "color"},
                       {"dmg", "d"},
                       {"help", "h"},
                       {"linkerscript", "l"},
                       {"no-sym-in-map", "M"},
                       {"map", "m"},
                       {"sym", "n"},
                       {"overlay", "O"},
                       {"output", "o"},
                       {"pad", "p"},
                       {"scramble", "S"},
                       {"tiny", "t"},
                       {"version", "V"},
                       {"verbose", "v"},
                       {"warning", "W"},
                       {"wramx", "w"},
                       {"nopad", "x"}}};
  std::vector<Opt> opts;
  std::vector<std::string> files;
  std::string error;
  if (!splitArgs(spec, args, opts, files, error)) return usageError("rgblink", error);
  std::string out, map, sym, script;
  bool noPad = false;
  int pad = 0;
  bool tiny = false, wramx = false, dmg = false;
  for (const Opt& o : opts) {
    const std::string& n = o.name;
    if (n == "h") {
      std::printf(
          "usage: collido rgblink [-dhMtVvwx] [-l script] [-m map_file] [-n sym_file]\n"
          "       [-o out_file] [-p pad_value] <file.o> ...\n");
      return kExitClean;
    }
    if (n == "V") {
      std::printf("rgblink (collidoscope built-in) %s\n", COLLIDOSCOPE_VERSION);
      return kExitClean;
    }
    if (n == "d")
      dmg = true;
    else if (n == "t")
      tiny = true;
    else if (n == "w")
      wramx = true;
    else if (n == "x")
      noPad = tiny = true;  // rgblink -x implies -t
    else if (n == "o")
      out = o.value;
    else if (n == "m")
      map = o.value;
    else if (n == "n")
      sym = o.value;
    else if (n == "l")
      script = o.value;
    else if (n == "p") {
      auto v = byteValue(o.value);
      if (!v) return usageError("rgblink", "-p needs a byte, not '" + o.value + "'");
      pad = *v;
    } else if (n == "M" || n == "W" || n == "v" || n == "B" || n == "color") {
    } else {
      return unsupported("rgblink", "-" + n);
    }
  }
  if (files.empty()) return usageError("rgblink", "no object files");
  core::Sm83AsmOptions asmOpts;
  std::vector<std::string> sources;
  std::string directory;
  for (size_t i = 0; i < files.size(); ++i) {
    core::Sm83AsmOptions o;
    std::string source, dir;
    if (!readObject(files[i], o, source, dir, error)) return usageError("rgblink", error);
    if (i == 0) {
      asmOpts = o;
      directory = dir;
    } else if (!sameAssembly(asmOpts, o) || dir != directory) {
      return usageError("rgblink", files[i] +
                                       ": assembled with other rgbasm flags or in another "
                                       "directory than " +
                                       files[0] +
                                       "; the built-in linker assembles all sources with one "
                                       "set of flags");
    }
    sources.push_back(source);
  }
  // Paths in the objects (sources, includes, INCBINs) are the ones rgbasm saw there.
  const std::string here = currentDir();
  auto absolute = [&](const std::string& p) {
    return p.empty() || p == "-" || p[0] == '/' ? p : here + "/" + p;
  };
  out = absolute(out), map = absolute(map), sym = absolute(sym), script = absolute(script);
  if (directory != here && ::chdir(directory.c_str()) != 0)
    return usageError("rgblink", "cannot enter '" + directory + "', where the objects were made");
  asmOpts.linkerScript = script;
  asmOpts.tiny = tiny;
  asmOpts.wramx0 = wramx;
  asmOpts.dmg = dmg;
  core::AsmResult r = core::assembleSm83(sources, asmOpts);
  std::fwrite(r.printed.data(), 1, r.printed.size(), stdout);
  printDiagnostics(r.diagnostics);
  if (!r.ok) return kExitBadInput;
  if (!out.empty()) {
    std::vector<uint8_t> rom;
    if (!core::linkImage(r.chunks, rom, &error, pad, tiny, noPad))
      return usageError("rgblink", error);
    if (!writeOut("rgblink", out, std::string(rom.begin(), rom.end()))) return kExitBadInput;
  }
  if (!sym.empty() && !writeOut("rgblink", sym, core::writeSym(r.debug))) return kExitBadInput;
  if (!map.empty() && !writeOut("rgblink", map, core::writeMap(r, asmOpts))) return kExitBadInput;
  return kExitClean;
}

// ---------------------------------------------------------------- rgbfix

int runRgbfix(const std::vector<std::string>& args) {
  const ToolSpec spec{
      "rgbfix", "fikLlmnoprtW", "CcjhOsVvw", {{"color-only", "C"},     {"color-compatible", "c"},
                                              {"color", "color"},      {"fix-spec", "f"},
                                              {"help", "h"},           {"game-id", "i"},
                                              {"non-japanese", "j"},   {"new-licensee", "k"},
                                              {"logo", "L"},           {"old-licensee", "l"},
                                              {"mbc-type", "m"},       {"rom-version", "n"},
                                              {"overwrite", "O"},      {"output", "o"},
                                              {"pad-value", "p"},      {"ram-size", "r"},
                                              {"sgb-compatible", "s"}, {"title", "t"},
                                              {"version", "V"},        {"validate", "v"},
                                              {"warning", "W"}}};
  std::vector<Opt> opts;
  std::vector<std::string> files;
  std::string error;
  if (!splitArgs(spec, args, opts, files, error)) return usageError("rgbfix", error);
  core::RomFix fix;
  // Nothing but what the flags ask: rgbfix without -v or -f leaves logo and checksums.
  fix.logo = fix.headerChecksum = fix.globalChecksum = fix.pad = false;
  std::string out;
  for (const Opt& o : opts) {
    const std::string& n = o.name;
    auto byteOpt = [&](int& field) {
      auto v = byteValue(o.value);
      if (!v) return false;
      field = *v;
      return true;
    };
    if (n == "h") {
      std::printf(
          "usage: collido rgbfix [-hjOsVvw] [-C | -c] [-f fix_spec] [-i game_id] [-k licensee]\n"
          "       [-l licensee_byte] [-m mbc_type] [-n rom_version] [-o out_file] [-p pad_value]\n"
          "       [-r ram_size] [-t title] <file> ...\n");
      return kExitClean;
    }
    if (n == "V") {
      std::printf("rgbfix (collidoscope built-in) %s\n", COLLIDOSCOPE_VERSION);
      return kExitClean;
    }
    if (n == "v") {
      fix.logo = fix.headerChecksum = fix.globalChecksum = true;
    } else if (n == "f") {
      for (char c : o.value) {
        if (c == 'l')
          fix.logo = true;
        else if (c == 'h')
          fix.headerChecksum = true;
        else if (c == 'g')
          fix.globalChecksum = true;
        else
          return unsupported("rgbfix", std::string("-f ") + c);
      }
    } else if (n == "C") {
      fix.cgb = 0xC0;
    } else if (n == "c") {
      fix.cgb = 0x80;
    } else if (n == "j") {
      fix.nonJapanese = true;
    } else if (n == "s") {
      fix.sgb = true;
    } else if (n == "i") {
      fix.gameId = o.value;
    } else if (n == "k") {
      fix.newLicensee = o.value;
    } else if (n == "t") {
      fix.title = o.value;
    } else if (n == "o") {
      out = o.value;
    } else if (n == "m") {
      auto v = core::parseMbcType(o.value, &error);
      if (!v) return usageError("rgbfix", "-m: " + error);
      fix.mbc = *v;
    } else if (n == "l" || n == "n" || n == "r" || n == "p") {
      int* field = n == "l"   ? &fix.oldLicensee
                   : n == "n" ? &fix.romVersion
                   : n == "r" ? &fix.ramSize
                              : &fix.padValue;
      if (!byteOpt(*field))
        return usageError("rgbfix", "-" + n + " needs a byte, not '" + o.value + "'");
      if (n == "p") fix.pad = true;
    } else if (n == "O" || n == "w" || n == "W" || n == "color") {
    } else {
      return unsupported("rgbfix", "-" + n);
    }
  }
  if (files.empty()) return usageError("rgbfix", "no ROM file");
  if (!out.empty() && files.size() != 1) return usageError("rgbfix", "-o takes one input file");
  for (const std::string& f : files) {
    auto rom = core::readBinaryFile(f, &error, 8 * core::kMiB);
    if (!rom) return usageError("rgbfix", error);
    if (!core::fixImage(*rom, fix, &error)) return usageError("rgbfix", f + ": " + error);
    if (!writeOut("rgbfix", out.empty() ? f : out, std::string(rom->begin(), rom->end())))
      return kExitBadInput;
  }
  return kExitClean;
}

// Each takes its tool's command line as it is: CLI11 only names the subcommand.
void registerTool(CLI::App& sub) {
  sub.set_help_flag();
  sub.prefix_command();
}

CommandRegistrar rgbasmCmd("rgbasm", "rgbasm's command line on the built-in assembler",
                           [](CLI::App& sub) {
                             registerTool(sub);
                             return [&sub] { return runRgbasm(sub.remaining()); };
                           });
CommandRegistrar rgblinkCmd("rgblink", "rgblink's command line on the built-in linker",
                            [](CLI::App& sub) {
                              registerTool(sub);
                              return [&sub] { return runRgblink(sub.remaining()); };
                            });
CommandRegistrar rgbfixCmd("rgbfix", "rgbfix's command line on a Game Boy ROM", [](CLI::App& sub) {
  registerTool(sub);
  return [&sub] { return runRgbfix(sub.remaining()); };
});

}  // namespace
}  // namespace app::cli
