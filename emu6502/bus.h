// The 6502's view of memory. A Bus answers reads and writes for the whole 64 KiB
// address space; FlatBus (plain RAM) and NesBus (RAM, I/O, cartridge) subclass it.
//
// Every access the CPU makes is tagged with an Access kind. A BusObserver, when one
// is attached to the CPU, sees each access after it happened, in bus order, one call
// per CPU cycle. With no observer attached the CPU runs a separate fast path that
// never calls it.
//
// peek()/poke() are for debuggers: they never change device state (no mapper
// register writes, no open-bus update, no write log entry).
//
// A bus may also expose FastPages: a direct pointer per 256-byte page for memory
// that has no side effects. The CPU reads and writes such pages without a virtual
// call and only falls back to read()/write() for pages whose pointer is null.
#pragma once

#include <array>
#include <cstdint>

namespace emu6502 {

enum class Access : uint8_t { OpcodeFetch, Operand, Read, Write, DummyRead, DummyWrite };

const char* accessName(Access kind);
inline bool isWrite(Access kind) {
  return kind == Access::Write || kind == Access::DummyWrite;
}

struct BusObserver {
  virtual ~BusObserver() = default;
  virtual void onAccess(uint16_t addr, uint8_t value, Access kind) = 0;
};

struct FastPages {
  std::array<uint8_t*, 256> read{};   // null: call Bus::read
  std::array<uint8_t*, 256> write{};  // null: call Bus::write
  // The value last driven on the data bus by any CPU access (NES open bus).
  uint8_t openBus = 0;
};

class Bus {
 public:
  virtual ~Bus() = default;
  virtual uint8_t read(uint16_t addr) = 0;
  virtual void write(uint16_t addr, uint8_t v) = 0;
  virtual uint8_t peek(uint16_t addr) const = 0;
  virtual void poke(uint16_t addr, uint8_t v) = 0;

  // Dummy accesses reach the bus like real ones (hardware registers see them), but a
  // device may tell them apart: MMC1 ignores the second of two writes on consecutive
  // cycles, which is what a read-modify-write instruction does after its dummy write.
  virtual uint8_t dummyRead(uint16_t addr) { return read(addr); }
  virtual void dummyWrite(uint16_t addr, uint8_t v) { write(addr, v); }
  // Opcode and operand fetches from pages without a FastPages pointer, so a bus
  // that watches data accesses can leave code out.
  virtual uint8_t fetch(uint16_t addr) { return read(addr); }

  // Optional direct page map, see above. The CPU re-reads entries on every access,
  // so a bus may change them at any time (bank switching).
  virtual FastPages* fastPages() { return nullptr; }
  // Optional: all 64 KiB as one plain array with no side effects anywhere.
  virtual uint8_t* flatMemory() { return nullptr; }
  // Optional, together with flatMemory(): a 256-bit mask (4 words; bit p of the
  // mask is page p) of pages whose data accesses still go through read()/write()/
  // dummyRead()/dummyWrite(), so a bus can watch a table at flat-memory speed
  // everywhere else. Instruction fetches read flat memory. The CPU reads the
  // mask each time runUntil() or step() starts.
  virtual const uint64_t* hookedPages() { return nullptr; }
};

}  // namespace emu6502
