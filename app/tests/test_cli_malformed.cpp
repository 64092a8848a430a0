// A corpus of malformed inputs for every loader collido has (scenarios, maps,
// manifests, sm83 assembly, iNES and Game Boy ROMs, ld65 .dbg, VICE labels, rgblink
// .sym/.map, FCEUX .nl, raw images), generated into a temporary folder. Each one
// must end in exit 2 within seconds and bounded memory, with a message that names
// the bad file and where in it the fault is: a line (file:LINE:), a JSON path
// (file: entities[0].x:) or a header offset (file: $0148:, file: byte N:).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "app/tests/run_process.h"
#include "app/tests/temp_dir_test.h"

#if defined(__SANITIZE_ADDRESS__)
#define COLLIDO_MALFORMED_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COLLIDO_MALFORMED_ASAN 1
#endif
#endif

namespace {

using app::test::quote;
using app::test::repoFile;
using app::test::runProcess;
using nlohmann::json;

// How the bad file reaches collido.
enum class Via {
  Scenario,    // collido run FILE
  Map,         // collido run on a good scenario whose "map" is FILE
  Manifest,    // collido run on a good scenario whose "routine" is FILE
  Sweep,       // collido sweep FILE (a sprite-pair manifest)
  Asm,         // collido asm --cpu sm83 FILE
  Rom,         // collido info FILE
  NesSymbols,  // collido info GOOD.nes --symbols FILE
  GbSymbols,   // collido info GOOD.gb --symbols FILE
  Image,       // collido exec --cpu 6502 --image FILE@$8000
};

struct BadFile {
  std::string name;  // the test's name and the file's stem
  std::string ext;   // the file's extension
  Via via;
  std::function<std::string()> content;
  std::string where;  // what follows "<file>" in the message
};

// gtest prints a parameter by its name, not its bytes.
void PrintTo(const BadFile& bad, std::ostream* os) {
  *os << bad.name;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The sample documents with absolute paths, edited.
std::string scenario(const std::function<void(json&)>& edit) {
  json s = json::parse(slurp(repoFile("maps/seed004_garden.scenario.json")));
  s["map"] = repoFile("maps/seed004_garden.map.json");
  s["routine"] = repoFile("assets/routines/seed004_swept/manifest.json");
  edit(s);
  return s.dump(1);
}
std::string map(const std::function<void(json&)>& edit) {
  json m = json::parse(slurp(repoFile("maps/seed004_garden.map.json")));
  edit(m);
  return m.dump(1);
}
std::string manifest(const std::string& routine, const std::function<void(json&)>& edit) {
  const std::string dir = repoFile("assets/routines/" + routine + "/");
  json m = json::parse(slurp(dir + "manifest.json"));
  for (auto& s : m["sources"]) s = dir + s.get<std::string>();
  edit(m);
  return m.dump(1);
}
std::string swept(const std::function<void(json&)>& edit) {
  return manifest("seed004_swept", edit);
}
std::string pairs(const std::function<void(json&)>& edit) {
  return manifest("seed001_peraxis", edit);
}
std::function<std::string()> text(std::string t) {
  return [t] { return t; };
}

// A 16 KiB NROM image with 8 KiB of CHR, and a 32 KiB Game Boy ROM with a good header.
std::string goodNes() {
  std::string rom("NES\x1A\x01\x01", 6);
  rom.resize(16 + 16384 + 8192, '\0');
  return rom;
}
std::string goodGb() {
  std::string rom(32768, '\0');
  uint8_t sum = 0;
  for (size_t i = 0x134; i <= 0x14C; ++i) sum = uint8_t(sum - uint8_t(rom[i]) - 1);
  rom[0x14D] = char(sum);
  return rom;
}
// A good header with one byte changed (and its checksum made right again, so the
// loader gets past the header check to the byte itself).
std::function<std::string()> gbWith(size_t at, uint8_t value) {
  return [at, value] {
    std::string rom = goodGb();
    rom[at] = char(value);
    uint8_t sum = 0;
    for (size_t i = 0x134; i <= 0x14C; ++i) sum = uint8_t(sum - uint8_t(rom[i]) - 1);
    rom[0x14D] = char(sum);
    return rom;
  };
}

std::vector<BadFile> corpus() {
  using V = Via;
  std::vector<BadFile> c = {
      // ---- scenarios ----
      {"ScenarioEmpty", "json", V::Scenario, text(""), ":1:"},
      {"ScenarioTruncated", "json", V::Scenario,
       text("{\n \"format\": \"collidoscope-scenario/1\",\n \"map\": "), ":3:"},
      {"ScenarioNulBytes", "json", V::Scenario, text(std::string("{\n\"a\": \"\0\"}", 11)), ":2:"},
      {"ScenarioBadUtf8", "json", V::Scenario, text("{\n\"name\": \"\xC3\x28\"}"), ":2:"},
      {"ScenarioNumberOverflow", "json", V::Scenario,
       text("{\n\"format\": \"collidoscope-scenario/1\",\n\"frames\": 1e400\n}\n"), ":3:"},
      {"ScenarioDeepNesting", "json", V::Scenario,
       [] { return std::string(100000, '[') + std::string(100000, ']'); },
       ":1:257: arrays and objects nested 257 deep; the limit is 256"},
      {"ScenarioArray", "json", V::Scenario, text("[1, 2, 3]"), ": expected an object"},
      {"ScenarioWrongFormat", "json", V::Scenario,
       [] { return scenario([](json& j) { j["format"] = "collidoscope-map/1"; }); }, ": format:"},
      {"ScenarioFutureVersion", "json", V::Scenario,
       [] { return scenario([](json& j) { j["format"] = "collidoscope-scenario/99"; }); },
       ": format:"},
      {"ScenarioNoMap", "json", V::Scenario,
       [] { return scenario([](json& j) { j.erase("map"); }); }, ": map:"},
      {"ScenarioMapNumber", "json", V::Scenario,
       [] { return scenario([](json& j) { j["map"] = 3; }); }, ": map:"},
      {"ScenarioMapMissingFile", "json", V::Scenario,
       [] { return scenario([](json& j) { j["map"] = "/nonexistent/room.map.json"; }); }, ": map:"},
      {"ScenarioMapDevice", "json", V::Scenario,
       [] { return scenario([](json& j) { j["map"] = "/dev/zero"; }); }, ": map:"},
      {"ScenarioRoutineDirectory", "json", V::Scenario,
       [] { return scenario([](json& j) { j["routine"] = "/tmp"; }); }, ": routine:"},
      {"ScenarioNoEntities", "json", V::Scenario,
       [] { return scenario([](json& j) { j.erase("entities"); }); }, ": entities:"},
      {"ScenarioEntitiesEmpty", "json", V::Scenario,
       [] { return scenario([](json& j) { j["entities"] = json::array(); }); }, ": entities:"},
      {"ScenarioEntityXString", "json", V::Scenario,
       [] { return scenario([](json& j) { j["entities"][0]["x"] = "left"; }); },
       ": entities[0].x:"},
      {"ScenarioEntityYHuge", "json", V::Scenario,
       [] { return scenario([](json& j) { j["entities"][0]["y"] = 1e12; }); }, ": entities[0].y:"},
      {"ScenarioEntityColour", "json", V::Scenario,
       [] { return scenario([](json& j) { j["entities"][0]["colour"] = "red"; }); },
       ": entities[0].colour:"},
      {"ScenarioEntityFieldString", "json", V::Scenario,
       [] { return scenario([](json& j) { j["entities"][0]["fields"]["speed"] = "fast"; }); },
       ": entities[0].fields.speed:"},
      {"ScenarioEntityUnknownField", "json", V::Scenario,
       [] { return scenario([](json& j) { j["entities"][0]["fields"]["mana"] = 3; }); },
       ": entities[0].fields.mana:"},
      {"ScenarioHitboxZero", "json", V::Scenario,
       [] {
         return scenario([](json& j) {
           j["entities"][0]["hitbox"] = {{"x", 0}, {"y", 0}, {"w", 0}, {"h", 4}};
         });
       },
       ": entities[0].hitbox.w:"},
      {"ScenarioInputShape", "json", V::Scenario,
       [] { return scenario([](json& j) { j["input"] = json::array({json::array({3})}); }); },
       ": input[0]:"},
      {"ScenarioInputLetters", "json", V::Scenario,
       [] { return scenario([](json& j) {
              j["input"] = json::array({json::array({3, "RX"})});
            }); },
       ": input[0][1]:"},
      {"ScenarioInputNegative", "json", V::Scenario,
       [] { return scenario([](json& j) {
              j["input"] = json::array({json::array({-3, "R"})});
            }); },
       ": input[0][0]:"},
      {"ScenarioFramesZero", "json", V::Scenario,
       [] { return scenario([](json& j) { j["frames"] = 0; }); }, ": frames:"},
      {"ScenarioFramesTwoToThe63", "json", V::Scenario,
       [] { return scenario([](json& j) { j["frames"] = 9223372036854775808ull; }); }, ": frames:"},
      {"ScenarioAxisOrder", "json", V::Scenario,
       [] { return scenario([](json& j) {
              j["oracle"] = {{"axisOrder", "zx"}};
            }); },
       ": oracle.axisOrder:"},
      {"ScenarioOutside", "json", V::Scenario,
       [] { return scenario([](json& j) {
              j["oracle"] = {{"outside", "lava"}};
            }); },
       ": oracle.outside:"},
      // ---- maps ----
      {"MapSyntax", "json", V::Map, text("{\n\"format\": \"collidoscope-map/1\"\n\"room\": {}\n}"),
       ":3:"},
      {"MapWrongFormat", "json", V::Map,
       [] { return map([](json& j) { j["format"] = "collidoscope-scenario/1"; }); }, ": format:"},
      {"MapNoRoom", "json", V::Map, [] { return map([](json& j) { j.erase("room"); }); },
       ": room:"},
      {"MapWidthZero", "json", V::Map, [] { return map([](json& j) { j["room"]["width"] = 0; }); },
       ": room.width:"},
      {"MapWidthHuge", "json", V::Map,
       [] { return map([](json& j) { j["room"]["width"] = 100000; }); }, ": room.width:"},
      {"MapCellSize", "json", V::Map,
       [] { return map([](json& j) { j["room"]["cellSize"] = 12; }); }, ": room.cellSize:"},
      {"MapCellsShort", "json", V::Map,
       [] { return map([](json& j) {
              j["room"]["cells"] = json::array({0, 1});
            }); },
       ": room.cells:"},
      {"MapCellOutOfRange", "json", V::Map,
       [] { return map([](json& j) { j["room"]["cells"][3] = 4000; }); }, ": room.cells[3]:"},
      {"MapCellString", "json", V::Map,
       [] { return map([](json& j) { j["room"]["cells"][5] = "wall"; }); }, ": room.cells[5]:"},
      {"MapCollisionBits", "json", V::Map,
       [] { return map([](json& j) { j["metatiles"]["set"][0]["collision"] = "%2"; }); },
       ": metatiles.set[0].collision:"},
      {"MapTilesPerSide", "json", V::Map,
       [] { return map([](json& j) { j["metatiles"]["tilesPerSide"] = 3; }); },
       ": metatiles.tilesPerSide:"},
      {"MapNoMetatiles", "json", V::Map,
       [] { return map([](json& j) { j["metatiles"]["set"] = json::array(); }); },
       ": metatiles.set:"},
      {"MapChrFormat", "json", V::Map,
       [] { return map([](json& j) { j["chr"]["format"] = "snes"; }); }, ": chr.format:"},
      {"MapChrTile", "json", V::Map,
       [] { return map([](json& j) {
              j["chr"] = {{"format", "gb"}, {"tiles", {"0123"}}};
            }); },
       ": chr.tiles[0]:"},
      {"MapChrFileMissing", "json", V::Map,
       [] { return map([](json& j) {
              j["chr"] = {{"format", "gb"}, {"file", "none.chr"}};
            }); },
       ": chr.file:"},
      {"MapChrFileDevice", "json", V::Map,
       [] { return map([](json& j) {
              j["chr"] = {{"format", "gb"}, {"file", "/dev/zero"}};
            }); },
       ": chr.file:"},
      {"MapPalette", "json", V::Map,
       [] { return map([](json& j) {
              j["palette"] = json::array({"#000000", "blue"});
            }); },
       ": palette:"},
      // ---- routine manifests ----
      {"ManifestSyntax", "json", V::Manifest, text("{\n\"cpu\": 'sm83'\n}"), ":2:"},
      {"ManifestCpu", "json", V::Manifest, [] { return swept([](json& j) { j["cpu"] = "z80"; }); },
       ": cpu:"},
      {"ManifestToolchain", "json", V::Manifest,
       [] { return swept([](json& j) { j["toolchain"] = "wla-dx"; }); }, ": toolchain:"},
      {"ManifestToolchainForCpu", "json", V::Manifest,
       [] { return swept([](json& j) { j["toolchain"] = "ca65"; }); }, ": toolchain:"},
      {"ManifestSourcesEmpty", "json", V::Manifest,
       [] { return swept([](json& j) { j["sources"] = json::array(); }); }, ": sources:"},
      {"ManifestSourceNumber", "json", V::Manifest,
       [] { return swept([](json& j) { j["sources"][0] = 7; }); }, ": sources[0]:"},
      {"ManifestSourceDevice", "json", V::Manifest,
       [] { return swept([](json& j) { j["sources"][0] = "/dev/zero"; }); }, ": sources[0]:"},
      {"ManifestNoEntry", "json", V::Manifest,
       [] { return swept([](json& j) { j.erase("entry"); }); }, ": entry:"},
      {"ManifestCycleBudgetTwoToThe63", "json", V::Manifest,
       [] { return swept([](json& j) { j["cycleBudget"] = 9223372036854775808ull; }); },
       ": cycleBudget:"},
      {"ManifestNoEntity", "json", V::Manifest,
       [] { return swept([](json& j) { j.erase("entity"); }); }, ": entity:"},
      {"ManifestFieldLabel", "json", V::Manifest,
       [] { return swept([](json& j) { j["entity"]["fields"]["x"] = 12; }); },
       ": entity.fields.x:"},
      {"ManifestInputEncoding", "json", V::Manifest,
       [] { return swept([](json& j) { j["input"]["encoding"] = "keyboard"; }); },
       ": input.encoding:"},
      {"ManifestMapStride", "json", V::Manifest,
       [] { return swept([](json& j) { j["map"]["cells"]["stride"] = -1; }); },
       ": map.cells.stride:"},
      {"ManifestAttributeFormat", "json", V::Manifest,
       [] { return swept([](json& j) { j["map"]["attributes"]["format"] = "nibbles"; }); },
       ": map.attributes.format:"},
      {"ManifestHitbox", "json", V::Manifest,
       [] { return swept([](json& j) { j["hitbox"]["w"] = 0; }); }, ": hitbox.w:"},
      {"ManifestGameInVersion1", "json", V::Manifest,
       [] { return swept([](json& j) {
              j["game"] = {{"rom", "x.gb"}};
            }); }, ": game:"},
      {"ManifestRegistersInVersion1", "json", V::Manifest,
       [] { return swept([](json& j) {
              j["registers"] = {{"A", 1}};
            }); }, ": registers:"},
      {"ManifestMotionDiagonal", "json", V::Manifest,
       [] { return swept([](json& j) { j["motion"]["diagonal"] = "sideways"; }); },
       ": motion.diagonal:"},
      {"SweepInputRole", "json", V::Sweep,
       [] { return pairs([](json& j) { j["sweep"]["inputs"][0]["role"] = "z9"; }); },
       ": sweep.inputs[0].role:"},
      {"SweepHitWhen", "json", V::Sweep,
       [] { return pairs([](json& j) { j["sweep"]["answer"]["hitWhen"] = "maybe"; }); },
       ": sweep.answer.hitWhen:"},
      // ---- sm83 assembly ----
      {"AsmBadOperand", "asm", V::Asm, text("SECTION \"a\", ROM0\n  ld a, [de+]\n"), ":2:"},
      {"AsmUnknownInstruction", "asm", V::Asm, text("SECTION \"a\", ROM0\n\n  mov a, b\n"), ":3:"},
      {"AsmUnterminatedMacro", "asm", V::Asm, text("MACRO m\n  db 1\n"), ":1:"},
      {"AsmUnterminatedIf", "asm", V::Asm, text("SECTION \"a\", ROM0\nIF 1\n  nop\n"), ":2:"},
      {"AsmMissingInclude", "asm", V::Asm, text("SECTION \"a\", ROM0\nINCLUDE \"nowhere.inc\"\n"),
       ":2:"},
      {"AsmIncludeDevice", "asm", V::Asm, text("SECTION \"a\", ROM0\nINCLUDE \"/dev/zero\"\n"),
       ":2:"},
      {"AsmIncbinDevice", "asm", V::Asm, text("SECTION \"a\", ROM0\nINCBIN \"/dev/urandom\"\n"),
       ":2:"},
      {"AsmEndlessRept", "asm", V::Asm,
       text("SECTION \"a\", ROM0\nREPT 2000000000\n  DEF x = 1\nENDR\n"), ":3:"},
      {"AsmRecursiveMacro", "asm", V::Asm, text("MACRO m\n  m\nENDM\nSECTION \"a\", ROM0\n  m\n"),
       ":"},
      {"AsmBinaryGarbage", "asm", V::Asm,
       text(std::string("\x7F\x45\x4C\x46\x02\x01\x00\x00\xFF\n", 10)), ":1:"},
      {"AsmSectionOverflow", "asm", V::Asm, text("SECTION \"a\", ROM0[$3FFF]\n  dw 1\n"), ":1:"},
      {"AsmDivideByZero", "asm", V::Asm, text("SECTION \"a\", ROM0\n  db 1 / 0\n"), ":2:"},
      // ---- ROMs ----
      {"NesEmpty", "nes", V::Rom, text(""), ": byte 0:"},
      {"NesTruncated", "nes", V::Rom, [] { return goodNes().substr(0, 100); }, ": byte 100:"},
      {"NesMapper", "nes", V::Rom,
       [] {
         std::string r = goodNes();
         r[6] = char(0xF0), r[7] = char(0xF0);  // mapper 255
         return r;
       },
       ": byte 6:"},
      {"NesNoPrg", "nes", V::Rom,
       [] {
         std::string r = goodNes();
         r[4] = 0;
         return r;
       },
       ": byte 4:"},
      {"GbShort", "gb", V::Rom, [] { return goodGb().substr(0, 0x120); }, ": byte 288:"},
      {"GbCartridgeType", "gb", V::Rom, gbWith(0x147, 0xFC), ": $0147:"},
      {"GbRomSizeCode", "gb", V::Rom, gbWith(0x148, 0x30), ": $0148:"},
      {"GbRomSizeDisagrees", "gb", V::Rom, gbWith(0x148, 0x02), ": $0148:"},
      {"GbRamSizeCode", "gb", V::Rom, gbWith(0x149, 0x09), ": $0149:"},
      // ---- symbol files ----
      {"DbgBadNumber", "dbg", V::NesSymbols,
       text("version\tmajor=2,minor=0\nseg\tid=x,name=\"CODE\"\n"), ":2:"},
      {"DbgUnterminatedString", "dbg", V::NesSymbols,
       text("version\tmajor=2,minor=0\n\nsym\tid=0,name=\"main\n"), ":3:"},
      {"DbgBinary", "dbg", V::NesSymbols,
       text(std::string("version\tmajor=2\n\x01\x02=\xFF\n", 19)), ":2:"},
      {"ViceBadAddress", "labels.txt", V::NesSymbols, text("al 00C000 .ok\nal XYZ .bad\n"), ":2:"},
      {"ViceNoName", "labels.txt", V::NesSymbols, text("al 00C000 .ok\n\n\nal 00C001\n"), ":4:"},
      {"FceuxBadAddress", "nes.0.nl", V::NesSymbols, text("$C000#ok#\n$GGGG#bad#\n"), ":2:"},
      {"FceuxNoName", "nes.0.nl", V::NesSymbols, text("$C000#ok#\n$C001\n"), ":2:"},
      {"SymBadBank", "sym", V::GbSymbols, text("00:0150 Main\nzz:zz bad\n"), ":2:"},
      {"SymBadAddress", "sym", V::GbSymbols, text("; rgblink\n00:01G0 Main\n"), ":2:"},
      {"SymNoName", "sym", V::GbSymbols, text("00:0150 Main\n\n00:0151\n"), ":3:"},
      {"RgblinkMapBadSection", "map", V::GbSymbols,
       text("ROM0 bank #0:\n\tSECTION: $0000-$zzzz ($0004 bytes) [\"a\"]\n"), ":2:"},
      {"RgblinkMapBadLabel", "map", V::GbSymbols,
       text("ROM0 bank #0:\n\tSECTION: $0000-$0003 ($0004 bytes) [\"a\"]\n\t         $00G0 = "
            "Main\n"),
       ":3:"},
      // ---- raw images ----
      {"ImageDevice", "bin", V::Image, text(""), ": not a regular file"},
  };
  return c;
}

class CliMalformed : public app::test::TempDirTest, public ::testing::WithParamInterface<BadFile> {
 protected:
  CliMalformed() : TempDirTest("collido_malformed_") {}

  std::string write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path(name), std::ios::binary) << bytes;
    return path(name);
  }

  // The command line, and the file the message must name.
  std::pair<std::string, std::string> command(const BadFile& bad) const {
    std::string file = write(bad.name + "." + bad.ext, bad.content());
    switch (bad.via) {
      case Via::Scenario:
        return {"run " + quote(file), file};
      case Via::Map: {
        const std::string s = write("scenario.json", scenario([&](json& j) { j["map"] = file; }));
        return {"run " + quote(s), file};
      }
      case Via::Manifest: {
        const std::string s =
            write("scenario.json", scenario([&](json& j) { j["routine"] = file; }));
        return {"run " + quote(s), file};
      }
      case Via::Sweep:
        return {"sweep " + quote(file), file};
      case Via::Asm:
        return {"asm --cpu sm83 " + quote(file) + " -o " + quote(path("out.gb")), file};
      case Via::Rom:
        return {"info " + quote(file), file};
      case Via::NesSymbols:
        return {"info " + quote(write("good.nes", goodNes())) + " --symbols " + quote(file), file};
      case Via::GbSymbols:
        return {"info " + quote(write("good.gb", goodGb())) + " --symbols " + quote(file), file};
      case Via::Image:
        return {"exec --cpu 6502 --image /dev/zero@0x8000", "/dev/zero"};
    }
    return {};
  }
};

// Memory is capped with ulimit -v (AddressSanitizer reserves terabytes of address
// space, so its builds run uncapped) and time with timeout.
std::string capped(const std::string& args) {
#ifdef COLLIDO_MALFORMED_ASAN
  return "timeout 30 " + std::string(COLLIDO_EXE) + " " + args;
#else
  return "ulimit -v 1048576; timeout 30 " + std::string(COLLIDO_EXE) + " " + args;
#endif
}

TEST_P(CliMalformed, ExitsTwoWithALocatedMessage) {
  const BadFile& bad = GetParam();
  const auto [args, file] = command(bad);
  const auto start = std::chrono::steady_clock::now();
  const auto r = runProcess(capped(args));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
  EXPECT_NE(r.output.find(file + bad.where), std::string::npos)
      << args << "\nexpected: " << file << bad.where << "\n"
      << r.output;
  // Most take milliseconds; an endless REPT spends the 4,000,000-line budget first,
  // a few seconds on a busy machine or under ASan.
  EXPECT_LT(seconds, 25.0) << args;
  if (std::getenv("COLLIDO_MALFORMED_SHOW")) std::cout << r.output;  // to review the messages
}

INSTANTIATE_TEST_SUITE_P(Corpus, CliMalformed, ::testing::ValuesIn(corpus()),
                         [](const ::testing::TestParamInfo<BadFile>& info) {
                           return info.param.name;
                         });

TEST(CliMalformedCorpus, HasSixtyFilesAcrossEveryLoader) {
  const auto c = corpus();
  EXPECT_GE(c.size(), 60u);
  std::set<Via> seen;
  for (const auto& b : c) seen.insert(b.via);
  EXPECT_EQ(seen.size(), 9u);
}

}  // namespace
