// The SM83's view of memory. A Bus answers reads and writes for the whole 64 KiB
// address space; FlatBus (plain RAM, for the conformance vectors and raw images) and
// GbBus (Game Boy cartridge, WRAM, HRAM, timer, serial, interrupts) subclass it.
//
// Every M-cycle the CPU spends is tagged with an Access kind: each memory access is
// one M-cycle, and a cycle with no access is Internal. A BusObserver, when one is
// attached to the CPU, sees every M-cycle after it happened, in bus order. An
// Internal cycle reports the address and data of the previous bus cycle, as the
// conformance vectors do. With no observer attached the CPU runs a separate fast
// path that never calls it.
//
// peek()/poke() are for debuggers: they never change device state (no MBC register
// writes, no serial transfer, no DIV reset).
//
// Time: the CPU does not tick the bus every M-cycle. It calls tick() lazily, always
// before a read()/write() (so a device sees the current time), and at the latest when
// cyclesUntilEvent() M-cycles have passed since the previous tick (so a timer
// interrupt is raised on time). A bus with no devices keeps the defaults.
//
// A bus may also expose FastPages: a direct pointer per 256-byte page for memory
// with no side effects. The CPU reads and writes such pages without a virtual call
// (and without ticking the bus), and falls back to read()/write() for null pages.
//
// read() must not change IE or IF (reads have no side effects on interrupts); after
// a write() the CPU re-checks interrupts before the next instruction.
#pragma once

#include <array>
#include <cstdint>

namespace emusm83 {

enum class Access : uint8_t { OpcodeFetch, Operand, Read, Write, Internal };

const char* accessName(Access kind);  // "fetch", "operand", "read", "write", "internal"
inline bool isWrite(Access kind) {
  return kind == Access::Write;
}

struct BusObserver {
  virtual ~BusObserver() = default;
  virtual void onAccess(uint16_t addr, uint8_t value, Access kind) = 0;
};

struct FastPages {
  std::array<uint8_t*, 256> read{};   // null: call Bus::read
  std::array<uint8_t*, 256> write{};  // null: call Bus::write
  // Optional direct pointer to $FF80-$FFFE (Game Boy HRAM, where programs keep the
  // stack and hot variables), used when page $FF itself is null because it also
  // holds I/O registers and IE.
  uint8_t* highRam = nullptr;
};

// Interrupt sources, as bits of IE ($FFFF) and IF ($FF0F), highest priority first.
enum Interrupt : uint8_t {
  kIntVBlank = 0x01,
  kIntStat = 0x02,
  kIntTimer = 0x04,
  kIntSerial = 0x08,
  kIntJoypad = 0x10,
};

class Bus {
 public:
  virtual ~Bus() = default;
  virtual uint8_t read(uint16_t addr) = 0;
  // The CPU's slow-path read, with what the access is for (a bus may treat opcode
  // and operand fetches differently from data reads).
  virtual uint8_t readAccess(uint16_t addr, Access kind) {
    (void)kind;
    return read(addr);
  }
  virtual void write(uint16_t addr, uint8_t v) = 0;
  virtual uint8_t peek(uint16_t addr) const = 0;
  virtual void poke(uint16_t addr, uint8_t v) = 0;

  // Advances devices (timer, LY stub) by `mcycles` M-cycles.
  virtual void tick(unsigned mcycles) { (void)mcycles; }
  // M-cycles after the last tick() at which a device may raise an interrupt.
  virtual uint64_t cyclesUntilEvent() const { return UINT64_MAX; }
  // A STOP instruction ran (the bus is ticked up to it). True: the bus handled it
  // (the CGB speed switch) and the CPU goes on; false: runUntil reports Stopped.
  virtual bool stop() { return false; }

  // Interrupt lines. A bus without interrupt hardware reports none, and then HALT
  // can never end. acknowledgeInterrupt() clears the given IF bits (dispatch).
  virtual uint8_t interruptEnable() const { return 0; }
  virtual uint8_t interruptFlags() const { return 0; }
  virtual void acknowledgeInterrupt(uint8_t mask) { (void)mask; }

  // Optional direct page map, see above. The CPU re-reads entries on every access,
  // so a bus may change them at any time (bank switching).
  virtual FastPages* fastPages() { return nullptr; }
  // Optional: all 64 KiB as one plain array with no side effects anywhere.
  virtual uint8_t* flatMemory() { return nullptr; }
};

}  // namespace emusm83
