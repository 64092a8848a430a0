// Game machines: a core::Machine over the user's built game, the whole system
// (NES: emu6502::NesSystem with its PPU timing, mapper, controllers; Game Boy:
// emusm83::GbBus with LCD timing, MBC, joypad, and the SM83) rather than the
// flat bus. The frame runner, audits and the debugger drive it like any
// machine; what differs:
//  - load() ignores the image's chunks (the code is the ROM) and returns to the
//    start state: power-on and reset, or the boot snapshot (setStartState);
//  - calls push the return sentinel on the game's own stack and expect the
//    stack pointer back where the call found it; on the NES the NMI is held
//    during calls, on the Game Boy IME stays as the game left it;
//  - a call's entry in a switchable bank is called with that bank mapped
//    (setEntryBank);
//  - snapshots hold the whole system (RAM and registers plus the PPU/LCD state,
//    VRAM, OAM, nametables, palette, mapper/MBC registers, timers);
//  - poke() of a ROM address patches the byte mapped there (in memory only).
//
//   std::unique_ptr<GameMachine> m = makeGameMachine(rom.bytes, &error);
//   m->powerOn();
//   GameRun r = m->runFree(mainLoopAddress, 120 * m->frameCycles());
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/machine.h"

namespace core::game {

struct GameScreen;

struct GameRun {
  HaltKind reason = HaltKind::Stepped;  // Breakpoint: reached `stop`
  uint64_t cycles = 0;
  std::string detail;  // a fault's reason
};

class GameMachine : public Machine {
 public:
  // Power-on state, then the reset sequence: NES through $FFFC; Game Boy at $0100
  // with the registers and I/O the boot ROM leaves.
  virtual void powerOn() = 0;
  // Runs the game itself (not a call), hardware in step, until PC reaches `stop`
  // (if given) or `maxCycles` pass, or `maxInstructions`.
  virtual GameRun runFree(std::optional<uint16_t> stop, uint64_t maxCycles,
                          uint64_t maxInstructions = UINT64_MAX) = 0;
  // Frames since powerOn() (NES vblank starts; Game Boy LCD frames of 17,556 M-cycles).
  virtual uint64_t frame() const = 0;
  // The joypad (canonical byte: bit 7 A ... bit 0 Right); port 1 on the NES.
  virtual void setButtons(uint8_t mask) = 0;
  // Makes ROM bank `bank` visible at `addr`; false (no change) when it cannot.
  virtual bool mapBank(uint16_t addr, unsigned bank) = 0;
  // Video memory the CPU wrote, for views and tests: OAM (256 bytes NES, 160 Game
  // Boy), and VRAM (NES: 2 KiB nametable RAM then 32 bytes of palette; Game Boy:
  // the 8 KiB at $8000).
  virtual std::vector<uint8_t> oam() const = 0;
  virtual std::vector<uint8_t> vram() const = 0;
  // Tile graphics as the game left them: NES the 8 KiB of pattern tables ($0000,
  // CHR RAM or the CHR ROM mapped there), 16 bytes a tile; Game Boy the 6 KiB of
  // tile data at $8000-$97FF, 16 bytes a tile.
  virtual std::vector<uint8_t> patterns() const = 0;
  // The picture (core/game/screen.h). setRendering(true) attaches the renderer
  // (NES: NesSystem::setRendering; Game Boy: GbBus::setFrame), which then draws
  // every frame the CPU runs through; off (the default) costs nothing.
  virtual void setRendering(bool on) = 0;
  // The last frame the renderer finished since it was switched on; false when
  // none has finished.
  virtual bool renderedScreen(GameScreen& out) const = 0;
  // The picture drawn from the state as it is (registers, video memory, OAM,
  // palettes), no CPU: a still with no raster effects. The state is unchanged.
  virtual GameScreen stillScreen() = 0;
  // Runs the game itself, as runFree, until PC reaches an address set in `stops`
  // (65,536 entries; the instruction at the starting PC always runs) or
  // `maxCycles` pass. Frame mode's execution hook on the routine labels.
  virtual GameRun runFreeTo(const std::vector<bool>& stops, uint64_t maxCycles) = 0;
  // CPU cycles from here to the next frame start: NES vblank start (the NMI's
  // moment); Game Boy LY 144 (VBlank), or the next 17,556-cycle frame with the
  // LCD off. A whole frame when standing on the start.
  virtual uint64_t cyclesToFrameStart() const = 0;
  // Frame mode: the game stands at a routine's entry, called by the game itself.
  // The next beginCall(entry) at this PC adopts that call instead of planting a
  // synthetic one: registers, bank and stack stay as the game left them, the
  // return address on the stack is swapped for the return sentinel (so resume(),
  // step() and the debugger end it as in call mode) and the NMI is not held.
  void adoptNextCall() { adoptPending_ = true; }
  // After an adopted call reached the sentinel: the stack bytes it held and PC
  // go back to the game's return address. False when no adopted call returned.
  virtual bool finishAdoptedCall() = 0;
  // Banks beginCall(entry) maps first (from the entry symbol's bank).
  void setEntryBank(uint16_t entry, unsigned bank) { entryBanks_.push_back({entry, bank}); }

  // The state load() returns to; until set, load() powers on.
  void setStartState(Snapshot s) { start_ = std::move(s); }
  bool load(const AsmResult& image, std::string* error) override;

 protected:
  void mapEntryBank(uint16_t entry);
  // True (once) when beginCall is to adopt the game's call standing at PC (any of
  // frame mode's routines: the caller's `entry` may name the first).
  bool takeAdoption() {
    const bool adopt = adoptPending_;
    adoptPending_ = false;
    return adopt;
  }
  void dropAdoption() { adoptPending_ = false; }

 private:
  struct EntryBank {
    uint16_t entry;
    unsigned bank;
  };
  std::vector<EntryBank> entryBanks_;
  std::optional<Snapshot> start_;
  bool adoptPending_ = false;
};

// From the bytes of a .nes or .gb (core::game::loadRomBytes decides which);
// null with a message naming the ROM when they do not load.
std::unique_ptr<GameMachine> makeGameMachine(const std::vector<uint8_t>& rom,
                                             const std::string& name, std::string* error);

}  // namespace core::game
