// Export for the game, end to end: a sample room exported as ca65 or rgbds
// text, assembled by the project's toolchain (the ca65 driver, or the built-in
// rgbds-syntax assembler) from a small wrapper source in a temporary folder
// that includes the export, and the assembled table bytes placed at the
// addresses the manifest's labels bind to, in place of the built-in encoder.
// The sample routine must then record exactly what it records on the
// encoder's bytes. The seed sources are not touched.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/interop/game_export.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/files.h"

namespace core {
namespace {

using interop::TableFormat;
using test::repoFile;

class GameExportE2E : public test::TempDirTest {
 protected:
  GameExportE2E() : TempDirTest("collido_game_export_") {}

  // `n` bytes of `image` from `address`, from its ROM chunks.
  static std::vector<uint8_t> bytesAt(const AsmResult& image, uint32_t address, size_t n) {
    for (const ImageChunk& c : image.chunks)
      if (!c.ram && address >= c.address && address + n <= c.address + c.bytes.size())
        return {c.bytes.begin() + (address - c.address),
                c.bytes.begin() + (address - c.address + n)};
    return {};
  }

  // Assembles `exportText` through a wrapper with the routine's toolchain; the
  // bytes under each table's symbol come back in `out`.
  void assembleExport(const Scenario& s, TableFormat f, const std::string& exportText,
                      interop::GameTables* out) {
    std::string error;
    interop::GameTables sizes;
    ASSERT_TRUE(interop::encodeTables(s.map, s.manifest, &sizes, &error)) << error;
    bool ca65 = f == TableFormat::Ca65;
    std::string inc = path(ca65 ? "room.inc" : "room.inc.asm");
    ASSERT_TRUE(writeFileAtomic(inc, exportText, &error, false)) << error;
    // ca65 looks an include up beside the including file (it prefixes even an
    // absolute name with that folder), so the wrapper names it relatively.
    std::string wrapper = ca65 ? ".segment \"RODATA\"\n.include \"room.inc\"\n"
                               : "SECTION \"exported room\", ROM0\nINCLUDE \"" + inc + "\"\n";
    std::string wrapperPath = path(ca65 ? "wrapper.s" : "wrapper.asm");
    ASSERT_TRUE(writeFileAtomic(wrapperPath, wrapper, &error, false)) << error;
    RoutineManifest m;
    m.path = path("wrapper.json");
    m.cpu = s.manifest.cpu;
    m.toolchain = s.manifest.toolchain;
    m.sources = {wrapperPath};
    AsmResult image = buildRoutine(m);
    ASSERT_TRUE(image.ok) << image.diagnosticsText() << "\n" << exportText;
    auto symbolBytes = [&](const std::string& symbol, size_t n) {
      const DebugSymbol* sym = image.debug.symbol(symbol);
      EXPECT_NE(sym, nullptr) << symbol << " not defined by the export";
      return sym ? bytesAt(image, sym->address, n) : std::vector<uint8_t>{};
    };
    if (s.manifest.cells) out->cells = symbolBytes(cellsSymbol_, sizes.cells.size());
    if (s.manifest.attributes) out->attributes = symbolBytes(attrSymbol_, sizes.attributes.size());
    ASSERT_EQ(out->cells.size(), sizes.cells.size());
    ASSERT_EQ(out->attributes.size(), sizes.attributes.size());
  }

  // What each entity did, frame by frame: everything a recording holds but the
  // probed cells (the run on the export has no table binding to probe through).
  static std::vector<std::string> outcome(const Recording& rec) {
    std::vector<std::string> out;
    for (const FrameRecord& fr : rec.frames)
      for (const EntityFrame& e : fr.entities) {
        std::string line = std::to_string(e.input) + ":";
        for (int32_t v : e.before) line += " " + std::to_string(v);
        line += " ->";
        for (int32_t v : e.after) line += " " + std::to_string(v);
        line += " c" + std::to_string(e.cycles) + " i" + std::to_string(e.instructions) + " h" +
                std::to_string(int(e.halt)) + (e.badWrite ? " bad" : "");
        out.push_back(line);
      }
    return out;
  }

  // The scenario run on the encoder's bytes and on the assembled export's.
  void roundTrip(const std::string& scenarioFile, TableFormat f, int frames) {
    Scenario s;
    std::string error;
    ASSERT_TRUE(loadScenario(repoFile(scenarioFile), s, &error)) << error;
    s.frames = std::min(s.frames, frames);
    std::string text;
    ASSERT_TRUE(interop::exportTables(s.map, s.manifest, f, s.mapPath, &text, &error)) << error;
    ASSERT_NE(text.find(s.mapPath), std::string::npos) << "the header names the source map";

    Simulation encoder;
    ASSERT_TRUE(encoder.build(s, &error)) << error;
    ASSERT_TRUE(encoder.simulate(&error)) << error;
    const Binding& bound = encoder.binding();
    ASSERT_TRUE(bound.cells && bound.attributes);

    interop::GameTables assembled;
    ASSERT_NO_FATAL_FAILURE(assembleExport(s, f, text, &assembled));
    // Byte for byte what the encoder wrote into the routine's memory.
    encoder.resetToStart();
    for (size_t i = 0; i < assembled.cells.size(); ++i)
      ASSERT_EQ(assembled.cells[i], encoder.machine().peek(uint16_t(*bound.cells + i)))
          << "cells byte " << i;
    for (size_t i = 0; i < assembled.attributes.size(); ++i)
      ASSERT_EQ(assembled.attributes[i], encoder.machine().peek(uint16_t(*bound.attributes + i)))
          << "attributes byte " << i;

    // The routine on the export's bytes: no table binding, so nothing encodes
    // the room; the assembled tables are loaded at the labels' addresses.
    Scenario bare = s;
    bare.manifest.cells.reset();
    bare.manifest.attributes.reset();
    Simulation onExport, onNothing;
    ASSERT_TRUE(onExport.build(bare, &error)) << error;
    ASSERT_TRUE(onNothing.build(bare, &error)) << error;
    AsmResult image = onExport.image();
    image.chunks.push_back({"exported cells", *bound.cells, 0, false, assembled.cells,
                            uint32_t(assembled.cells.size())});
    image.chunks.push_back({"exported attributes", *bound.attributes, 0, false,
                            assembled.attributes, uint32_t(assembled.attributes.size())});
    ASSERT_TRUE(onExport.bindImage(image, &error)) << error;
    ASSERT_TRUE(onExport.simulate(&error)) << error;
    ASSERT_TRUE(onNothing.simulate(&error)) << error;

    EXPECT_EQ(outcome(onExport.recording()), outcome(encoder.recording()));
    // The room matters to this run: without the tables the routine does otherwise.
    EXPECT_NE(outcome(onNothing.recording()), outcome(encoder.recording()));
  }

  std::string cellsSymbol_, attrSymbol_;
};

TEST_F(GameExportE2E, Seed003DungeonAsCa65) {
  REQUIRE_CA65();
  cellsSymbol_ = "room";
  attrSymbol_ = "tile_walkability";
  roundTrip("maps/seed003_dungeon.scenario.json", TableFormat::Ca65, 620);
}

TEST_F(GameExportE2E, Seed002CastleAsCa65WithOffsetLabelAndTileIds) {
  REQUIRE_CA65();
  // "room_data+1": the table starts one byte past the label.
  cellsSymbol_ = "room_data_plus_1";
  attrSymbol_ = "metatile_entries";
  roundTrip("maps/seed002_castle.scenario.json", TableFormat::Ca65, 400);
}

TEST_F(GameExportE2E, Seed004GardenAsRgbds) {
  cellsSymbol_ = "test_map";
  attrSymbol_ = "cell_flags";
  roundTrip("maps/seed004_garden.scenario.json", TableFormat::Rgbds, 762);
}

}  // namespace
}  // namespace core
