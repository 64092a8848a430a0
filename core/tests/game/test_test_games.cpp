// The test games CMake builds from assets/games/ into COLLIDOSCOPE_GAMES_DIR:
// the files are there, the ROM headers load, the labels the game manifests name
// sit in the banks the games put them in, each game boots to main_loop on the
// real buses (NesSystem; GbBus + CpuSm83) with its room in RAM and video memory,
// and played frame by frame with the twin's input script it ends every frame
// where its flat-bus twin (assets/routines/game_*) does. The NES games skip when
// ca65/ld65 were not found at configure time.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/asm/ca65/dbgfile.h"
#include "core/sim/scenario.h"
#include "core/sim/simulation.h"
#include "core/tests/sample_test_util.h"
#include "core/util/files.h"
#include "emu6502/ines.h"
#include "emu6502/nes_system.h"
#include "emusm83/cartridge.h"
#include "emusm83/cpu_sm83.h"
#include "emusm83/gb_bus.h"
#include "emusm83/gb_ppu.h"

namespace core {
namespace {

namespace fs = std::filesystem;

std::string gameFile(const std::string& game, const std::string& file) {
  return std::string(COLLIDOSCOPE_GAMES_DIR) + "/" + game + "/" + file;
}

#define REQUIRE_NES_GAMES()                                                      \
  do {                                                                           \
    if (!COLLIDOSCOPE_HAVE_CA65) GTEST_SKIP() << "ca65/ld65 not found by CMake"; \
  } while (0)

// ld65 writes PRG banks after the 16-byte iNES header, in memory-area order;
// a 16 KiB bank number is what ld65's .dbg consumers (and mappers) count.
struct NesLabel {
  uint32_t address = 0;
  int bank = -1;
};

NesLabel nesLabel(const std::string& game, const std::string& name) {
  std::string error;
  auto text = readTextFile(gameFile(game, game + ".dbg"), &error);
  EXPECT_TRUE(text) << error;
  if (!text) return {};
  DebugInfo dbg;
  std::vector<Diagnostic> diags;
  std::vector<DbgSegmentInfo> segs;
  EXPECT_TRUE(parseDbgFile(*text, dbg, diags, {game + ".dbg", {"HEADER"}, {}}, &segs));
  const DebugSymbol* s = dbg.symbol(name);
  EXPECT_NE(s, nullptr) << name << " is not in " << game << ".dbg";
  if (!s) return {};
  NesLabel out{s->address, -1};
  for (const auto& seg : segs)
    if (seg.outputOffset >= 16 && s->address >= seg.start && s->address < seg.start + seg.size)
      out.bank = int((seg.outputOffset - 16 + (s->address - seg.start)) / 0x4000);
  return out;
}

// "BB:AAAA Name" lines of an rgblink-style .sym.
bool gbLabel(const std::string& sym, const std::string& name, int& bank, unsigned& address) {
  std::istringstream in(sym);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == ';') continue;
    unsigned b = 0, a = 0;
    char label[128] = {};
    if (std::sscanf(line.c_str(), "%x:%x %127s", &b, &a, label) == 3 && name == label) {
      bank = int(b);
      address = a;
      return true;
    }
  }
  return false;
}

TEST(TestGames, NesFilesAreBuiltBesideTheirManifests) {
  REQUIRE_NES_GAMES();
  for (std::string game : {"nrom_demo", "mmc1_demo"})
    for (const std::string& f :
         std::vector<std::string>{game + ".nes", game + ".dbg", game + ".labels.txt",
                                  "manifest.json", game + ".scenario.json", game + ".map.json"})
      EXPECT_TRUE(fs::exists(gameFile(game, f))) << gameFile(game, f);
}

TEST(TestGames, NromHeaderIsMapper0With16KiBAndChrRam) {
  REQUIRE_NES_GAMES();
  emu6502::InesResult r = emu6502::loadInesFile(gameFile("nrom_demo", "nrom_demo.nes"));
  ASSERT_TRUE(r.ok()) << r.error.text();
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.cart->mapper, 0u);
  EXPECT_EQ(r.cart->prg.size(), 16384u);
  EXPECT_TRUE(r.cart->chr.empty());
  EXPECT_EQ(r.cart->chrRamSize, 8192u);
  // The reset vector points at `reset`.
  const auto& prg = r.cart->prg;
  const unsigned resetVector = prg[0x3FFC] | (prg[0x3FFD] << 8);
  EXPECT_EQ(resetVector, nesLabel("nrom_demo", "reset").address);
}

TEST(TestGames, Mmc1HeaderIsMapper1With128KiBAndChrRam) {
  REQUIRE_NES_GAMES();
  emu6502::InesResult r = emu6502::loadInesFile(gameFile("mmc1_demo", "mmc1_demo.nes"));
  ASSERT_TRUE(r.ok()) << r.error.text();
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.cart->mapper, 1u);
  EXPECT_EQ(r.cart->prg.size(), 8u * 16384u);
  EXPECT_TRUE(r.cart->chr.empty());
  // The vectors are in the last bank, the one MMC1 fixes at $C000 after reset.
  const auto& prg = r.cart->prg;
  const unsigned resetVector = prg[0x1FFFC] | (prg[0x1FFFD] << 8);
  EXPECT_EQ(resetVector, nesLabel("mmc1_demo", "reset").address);
}

TEST(TestGames, NesLabelsAreInTheIntendedBanks) {
  REQUIRE_NES_GAMES();
  NesLabel loop = nesLabel("nrom_demo", "main_loop");
  NesLabel collide = nesLabel("nrom_demo", "collide_player");
  EXPECT_EQ(loop.bank, 0);
  EXPECT_EQ(collide.bank, 0);
  EXPECT_GE(collide.address, 0xC000u);

  loop = nesLabel("mmc1_demo", "main_loop");
  collide = nesLabel("mmc1_demo", "collide_player");
  EXPECT_EQ(loop.bank, 7);  // fixed
  EXPECT_GE(loop.address, 0xC000u);
  EXPECT_EQ(collide.bank, 2);  // switchable, mapped by the main loop
  EXPECT_EQ(collide.address, 0x8000u);
  // The RAM the manifests bind: zero page and $0300 onwards.
  EXPECT_LT(nesLabel("mmc1_demo", "player_x").address, 0x100u);
  EXPECT_EQ(nesLabel("mmc1_demo", "room_cells").address, 0x0300u);

  // -Ln labels name them too (VICE format: "al 00C053 .main_loop").
  for (std::string game : {"nrom_demo", "mmc1_demo"}) {
    auto labels = readTextFile(gameFile(game, game + ".labels.txt"));
    ASSERT_TRUE(labels);
    EXPECT_NE(labels->find(".main_loop\n"), std::string::npos) << game;
    EXPECT_NE(labels->find(".collide_player\n"), std::string::npos) << game;
  }
}

TEST(TestGames, GameBoyHeaderIsMbc1WithValidChecksums) {
  const std::string rom = gameFile("gb_mbc1_demo", "gb_mbc1_demo.gb");
  for (const std::string f : {"gb_mbc1_demo.gb", "gb_mbc1_demo.sym", "manifest.json",
                              "gb_mbc1_demo.scenario.json", "gb_mbc1_demo.map.json"})
    ASSERT_TRUE(fs::exists(gameFile("gb_mbc1_demo", f))) << f;
  emusm83::CartridgeLoad r = emusm83::loadCartridgeFile(rom);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  const auto& h = r.cart->header();
  EXPECT_EQ(h.type, 0x01);
  EXPECT_EQ(h.mbc, emusm83::Mbc::Mbc1);
  EXPECT_TRUE(h.checksumOk());
  EXPECT_EQ(h.title, "COLLIDO MBC1");
  EXPECT_EQ(h.romBytes, 4u * 0x4000u);  // banks 0-2 used, padded to a power of two
  const auto& bytes = r.cart->rom();
  ASSERT_EQ(bytes.size(), h.romBytes);
  uint16_t global = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    if (i != 0x14E && i != 0x14F) global = uint16_t(global + bytes[i]);
  EXPECT_EQ(global, uint16_t((bytes[0x14E] << 8) | bytes[0x14F]));
  // Entry: nop; jp Start.
  EXPECT_EQ(bytes[0x100], 0x00);
  EXPECT_EQ(bytes[0x101], 0xC3);
}

TEST(TestGames, GameBoyLabelsAreInTheIntendedBanks) {
  auto sym = readTextFile(gameFile("gb_mbc1_demo", "gb_mbc1_demo.sym"));
  ASSERT_TRUE(sym);
  int bank = -1;
  unsigned address = 0;
  ASSERT_TRUE(gbLabel(*sym, "main_loop", bank, address));
  EXPECT_EQ(bank, 0);
  EXPECT_LT(address, 0x4000u);
  ASSERT_TRUE(gbLabel(*sym, "CollidePlayer", bank, address));
  EXPECT_EQ(bank, 2);
  EXPECT_GE(address, 0x4000u);
  EXPECT_LT(address, 0x8000u);
  ASSERT_TRUE(gbLabel(*sym, "wRoomCells", bank, address));
  EXPECT_GE(address, 0xC000u);
  EXPECT_LT(address, 0xD000u);
}

// ---- Booting and playing on the real buses ----

namespace play {

using test::repoFile;

// The twin's recording: entity 0's position after each frame, and the input.
struct TwinRun {
  std::vector<uint8_t> input;
  std::vector<std::pair<int, int>> positions;
};

TwinRun twinRun(const std::string& scenario) {
  TwinRun out;
  Scenario sc;
  std::string error;
  EXPECT_TRUE(loadScenario(repoFile(scenario), sc, &error)) << error;
  Simulation sim;
  EXPECT_TRUE(sim.build(sc, &error)) << error;
  EXPECT_TRUE(sim.simulate(&error)) << error;
  for (int f = 0; f < int(sim.recording().frames.size()); ++f) {
    const EntityFrame& e = sim.recording().frames[size_t(f)].entities.at(0);
    out.input.push_back(sc.inputAt(f));
    out.positions.emplace_back(e.x(), e.y());
  }
  return out;
}

// Room cells of a game's map file, row-major.
std::vector<int> roomCells(const std::string& game) {
  std::vector<int> cells;
  auto text = readTextFile(repoFile("assets/games/" + game + "/" + game + ".map.json"));
  EXPECT_TRUE(text);
  if (!text) return cells;
  const size_t at = text->find("\"cells\"");
  std::istringstream in(text->substr(text->find('[', at) + 1));
  int v = 0;
  char sep = 0;
  while (in >> v) {
    cells.push_back(v);
    if (!(in >> sep) || sep == ']') break;
  }
  return cells;
}

std::unique_ptr<emu6502::NesSystem> bootNes(const std::string& game, uint16_t mainLoop) {
  emu6502::InesResult r = emu6502::loadInesFile(gameFile(game, game + ".nes"));
  EXPECT_TRUE(r.ok()) << r.error.text();
  if (!r.ok()) return nullptr;
  auto nes = std::make_unique<emu6502::NesSystem>(std::move(*r.cart));
  nes->reset();
  std::vector<bool> breakpoints(0x10000);
  breakpoints[mainLoop] = true;
  emu6502::RunLimits limits;
  limits.breakpoints = &breakpoints;
  limits.maxCycles = 120ull * emu6502::NesSystem::kFrameCycles;
  const emu6502::RunResult run = nes->run(limits);
  EXPECT_EQ(run.reason, emu6502::HaltReason::Breakpoint) << game << " did not reach main_loop";
  EXPECT_EQ(nes->cpu().regs.pc, mainLoop);
  return nes;
}

// Boots, checks the room in RAM and the nametable, then plays the twin's input
// one main-loop pass a frame and compares every frame's position.
void bootAndPlayNes(const std::string& game) {
  const uint16_t mainLoop = uint16_t(nesLabel(game, "main_loop").address);
  const uint16_t px = uint16_t(nesLabel(game, "player_x").address);
  const uint16_t py = uint16_t(nesLabel(game, "player_y").address);
  const uint16_t cellsAt = uint16_t(nesLabel(game, "room_cells").address);
  auto nes = bootNes(game, mainLoop);
  ASSERT_TRUE(nes);
  // Two vblank waits, then the room copy and upload with rendering off: the first
  // pass through main_loop comes within a few frames of reset.
  EXPECT_LE(nes->frame(), 3u);
  EXPECT_EQ(nes->bus().peek(px), 32);
  EXPECT_EQ(nes->bus().peek(py), 32);
  const std::vector<int> cells = roomCells(game);
  ASSERT_EQ(cells.size(), 240u);
  const auto& nametable = nes->bus().nametableRam();
  for (int i = 0; i < 240; ++i) {
    ASSERT_EQ(nes->bus().peek(uint16_t(cellsAt + i)), cells[size_t(i)]) << "room_cells+" << i;
    const int row = i / 16, col = i % 16;
    // Each cell is 2x2 tiles of its metatile id in nametable $2000.
    ASSERT_EQ(nametable[size_t((row * 2 + 1) * 32 + col * 2 + 1)], cells[size_t(i)]) << i;
  }
  EXPECT_EQ(nes->bus().ppuPeek(0x3F01), 0x27);  // the palette went through $2006/$2007

  const TwinRun twin = twinRun("maps/game_" + game + ".scenario.json");
  ASSERT_FALSE(twin.positions.empty());
  std::vector<bool> breakpoints(0x10000);
  breakpoints[mainLoop] = true;
  for (size_t f = 0; f < twin.positions.size(); ++f) {
    nes->setButtons(0, twin.input[f]);
    emu6502::RunLimits limits;
    limits.breakpoints = &breakpoints;
    limits.maxCycles = 2ull * emu6502::NesSystem::kFrameCycles;
    ASSERT_EQ(nes->run(limits).reason, emu6502::HaltReason::Breakpoint) << "frame " << f;
    ASSERT_EQ(std::make_pair(int(nes->bus().peek(px)), int(nes->bus().peek(py))), twin.positions[f])
        << game << " frame " << f;
  }
  // One main-loop pass per NMI: the game ran as many frames as it was given.
  EXPECT_NEAR(double(nes->frame()), double(twin.positions.size()), 3.0);
  // The sprite follows the player (OAM DMA from $0200 in the NMI).
  EXPECT_EQ(nes->bus().oam()[3], twin.positions.back().first);
}

}  // namespace play

TEST(TestGames, NromBootsToMainLoopAndPlaysLikeItsTwin) {
  REQUIRE_NES_GAMES();
  REQUIRE_CA65();
  play::bootAndPlayNes("nrom_demo");
}

TEST(TestGames, Mmc1BootsToMainLoopAndPlaysLikeItsTwin) {
  REQUIRE_NES_GAMES();
  REQUIRE_CA65();
  play::bootAndPlayNes("mmc1_demo");
}

// GbBus cannot be moved, so the booted machine lives in one struct.
struct GbMachine {
  explicit GbMachine(emusm83::Cartridge cart) : bus(std::move(cart)), cpu(bus) {
    bus.setPostBootState();
    cpu.setPostBootState();
  }
  emusm83::GbBus bus;
  emusm83::CpuSm83 cpu;
};

TEST(TestGames, GameBoyBootsToMainLoopAndPlaysLikeItsTwin) {
  auto sym = readTextFile(gameFile("gb_mbc1_demo", "gb_mbc1_demo.sym"));
  ASSERT_TRUE(sym);
  auto label = [&](const std::string& name) {
    int bank = -1;
    unsigned address = 0;
    EXPECT_TRUE(gbLabel(*sym, name, bank, address)) << name;
    return uint16_t(address);
  };
  const uint16_t mainLoop = label("main_loop"), px = label("wPlayerX"), py = label("wPlayerY");
  const uint16_t cellsAt = label("wRoomCells");
  emusm83::CartridgeLoad load =
      emusm83::loadCartridgeFile(gameFile("gb_mbc1_demo", "gb_mbc1_demo.gb"));
  ASSERT_TRUE(load.ok()) << load.error;
  auto gb = std::make_unique<GbMachine>(std::move(*load.cart));

  constexpr uint64_t kFrame = 114 * 154;  // M-cycles
  std::vector<bool> breakpoints(0x10000);
  breakpoints[mainLoop] = true;
  emusm83::RunLimits limits;
  limits.breakpoints = &breakpoints;
  limits.maxCycles = 120 * kFrame;
  ASSERT_EQ(gb->cpu.runUntil(limits).reason, emusm83::HaltReason::Breakpoint);
  EXPECT_LT(gb->cpu.cycles, 3 * kFrame);  // one LY wait, copies with the LCD off
  EXPECT_EQ(gb->bus.peek(px), 16);
  EXPECT_EQ(gb->bus.peek(py), 16);
  EXPECT_EQ(gb->bus.read(0xFF40) & 0x80, 0x80);  // LCD back on
  EXPECT_EQ(gb->bus.peek(0xFFFF), 0x01);         // VBlank enabled
  const std::vector<int> cells = play::roomCells("gb_mbc1_demo");
  ASSERT_EQ(cells.size(), 360u);
  for (int i = 0; i < 360; ++i) {
    ASSERT_EQ(gb->bus.peek(uint16_t(cellsAt + i)), cells[size_t(i)]) << "wRoomCells+" << i;
    // The BG map at $9800 holds the room, 32 bytes a row.
    ASSERT_EQ(gb->bus.vram()[size_t(0x1800 + (i / 20) * 32 + i % 20)], cells[size_t(i)]) << i;
  }

  const play::TwinRun twin = play::twinRun("maps/game_gb_mbc1_demo.scenario.json");
  ASSERT_FALSE(twin.positions.empty());
  const uint64_t start = gb->cpu.cycles;
  for (size_t f = 0; f < twin.positions.size(); ++f) {
    gb->bus.setButtons(twin.input[f]);
    limits.maxCycles = 2 * kFrame;
    ASSERT_EQ(gb->cpu.runUntil(limits).reason, emusm83::HaltReason::Breakpoint) << "frame " << f;
    ASSERT_EQ(std::make_pair(int(gb->bus.peek(px)), int(gb->bus.peek(py))), twin.positions[f])
        << "frame " << f;
  }
  // One pass per VBlank: as many frames of M-cycles as frames played.
  EXPECT_NEAR(double(gb->cpu.cycles - start) / kFrame, double(twin.positions.size()), 1.0);
  // CollidePlayer's bank is still mapped at $4000.
  EXPECT_EQ(gb->bus.peek(label("CollidePlayer")), 0xFA);  // ld a, [wButtons]
}

// The picture (emusm83::GbPpu): booted with a frame attached, the screen the game
// draws is its room, cell by cell: each 8x8 block holds the pixels of the cell's
// tile as the ROM's TileData has them, through BGP. An object put in OAM at the
// player's position shows there, over the room. External truth for the renderer is
// scripts/check_gb_ppu_roms (dmg-acid2, cgb-acid2); this checks it on our own game.
TEST(TestGames, GameBoyScreenShowsTheRoomCellByCellAndOamObjects) {
  auto sym = readTextFile(gameFile("gb_mbc1_demo", "gb_mbc1_demo.sym"));
  ASSERT_TRUE(sym);
  int tileBank = -1;
  unsigned tileData = 0, mainLoop = 0, px = 0, py = 0;
  int bank = -1;
  ASSERT_TRUE(gbLabel(*sym, "TileData", tileBank, tileData));
  ASSERT_TRUE(gbLabel(*sym, "main_loop", bank, mainLoop));
  ASSERT_TRUE(gbLabel(*sym, "wPlayerX", bank, px));
  ASSERT_TRUE(gbLabel(*sym, "wPlayerY", bank, py));
  auto rom = readBinaryFile(gameFile("gb_mbc1_demo", "gb_mbc1_demo.gb"));
  ASSERT_TRUE(rom);
  const size_t tilesAt = size_t(tileBank) * 0x4000 + (tileData - 0x4000);
  ASSERT_LT(tilesAt + 4 * 16, rom->size());
  // Colour 0-3 of pixel (x, y) of tile `t`, from the ROM.
  auto tileColor = [&](int t, int x, int y) {
    const uint8_t lo = (*rom)[tilesAt + size_t(t) * 16 + size_t(y) * 2];
    const uint8_t hi = (*rom)[tilesAt + size_t(t) * 16 + size_t(y) * 2 + 1];
    return (hi >> (7 - x) & 1) << 1 | (lo >> (7 - x) & 1);
  };
  emusm83::CartridgeLoad load =
      emusm83::loadCartridgeFile(gameFile("gb_mbc1_demo", "gb_mbc1_demo.gb"));
  ASSERT_TRUE(load.ok()) << load.error;
  auto gb = std::make_unique<GbMachine>(std::move(*load.cart));
  auto frame = std::make_unique<emusm83::GbFrame>();
  gb->bus.setFrame(frame.get());
  std::vector<bool> breakpoints(0x10000);
  breakpoints[mainLoop] = true;
  emusm83::RunLimits limits;
  limits.breakpoints = &breakpoints;
  limits.maxCycles = 4 * 114 * 154;
  ASSERT_EQ(gb->cpu.runUntil(limits).reason, emusm83::HaltReason::Breakpoint);  // booted
  ASSERT_EQ(gb->cpu.runUntil(limits).reason, emusm83::HaltReason::Breakpoint);  // a frame
  ASSERT_GE(gb->bus.framesRendered(), 1u);

  const uint8_t bgp = gb->bus.peek(0xFF47);
  const std::vector<int> cells = play::roomCells("gb_mbc1_demo");
  ASSERT_EQ(cells.size(), 360u);
  auto shade = [&](uint8_t palette, int color) {
    return emusm83::kDmgShades[size_t(palette >> (2 * color) & 3)];
  };
  for (int i = 0; i < 360; ++i) {
    const int cx = i % 20, cy = i / 20;
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        ASSERT_EQ(frame->at(cx * 8 + x, cy * 8 + y), shade(bgp, tileColor(cells[size_t(i)], x, y)))
            << "cell (" << cx << "," << cy << ") pixel (" << x << "," << y << ")";
  }

  // An object (tile 1, the wall) at the player's position, OBP0 identity.
  const int ox = gb->bus.peek(uint16_t(px)), oy = gb->bus.peek(uint16_t(py));
  gb->bus.poke(0xFE00, uint8_t(oy + 16));
  gb->bus.poke(0xFE01, uint8_t(ox + 8));
  gb->bus.poke(0xFE02, 1);
  gb->bus.poke(0xFE03, 0);
  gb->bus.poke(0xFF48, 0xE4);
  gb->bus.poke(0xFF40, uint8_t(gb->bus.peek(0xFF40) | 0x02));  // objects on
  ASSERT_EQ(gb->cpu.runUntil(limits).reason, emusm83::HaltReason::Breakpoint);
  for (int y = -1; y <= 8; ++y)
    for (int x = -1; x <= 8; ++x) {
      const int sx = ox + x, sy = oy + y;
      const int cell = cells[size_t(sy / 8 * 20 + sx / 8)];
      const int obj = (x >= 0 && x < 8 && y >= 0 && y < 8) ? tileColor(1, x, y) : 0;
      const uint32_t want = obj ? shade(0xE4, obj) : shade(bgp, tileColor(cell, sx % 8, sy % 8));
      ASSERT_EQ(frame->at(sx, sy), want) << "object pixel (" << x << "," << y << ")";
    }
}

}  // namespace
}  // namespace core
