// Per-call memoisation for the frame runner. On a machine whose memory has no
// side effects (Machine::canLogCalls), a call of the routine is a pure function
// of its entry registers and of the bytes it reads before writing them
// (instruction bytes included): if every one of those bytes holds the value it
// had when the call was recorded, the call reads the same values, takes the
// same branches and ends the same way. So the memo keeps, per recorded call,
// that read set and the call's effects (final values of the bytes it wrote, the
// registers at exit, cycles, instructions, halt, the cells and attributes it
// read, a bad write), and replays them instead of running the CPU when a call's
// read set holds again. Nothing is assumed about what changed in between: every
// recorded byte is compared, so an edited map cell or a routine that writes into
// its own code simply misses.
//
// Entries are found by a key the caller computes from what it knows before the
// call (slot, input, the entity's fields); the key only narrows the search, the
// comparison decides. The memo is bounded: when an entry would take it past its
// budget it starts over empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/sim/machine.h"
#include "core/sim/simulation.h"

namespace core {

class CallMemo {
 public:
  static constexpr size_t kDefaultBudget = size_t(32) << 20;
  static constexpr size_t kMaxRegs = 12;

  explicit CallMemo(size_t budgetBytes = kDefaultBudget) : budget_(budgetBytes) {}

  // 0 turns the memo off (and empties it).
  void setBudget(size_t bytes);
  size_t budget() const { return budget_; }
  bool enabled() const { return budget_ > 0; }
  // Empties the memo when `context` (what the caller's interpretation of a call
  // depends on besides memory: cycle budget, room size, ...) differs from the last.
  void setContext(uint64_t context);
  void clear();

  // The routine's code and constant data (the image's ROM segments). Entries do
  // not list the instruction bytes they fetched there; instead checkCode()
  // compares the whole ranges before every lookup with their contents when the
  // entries were recorded, and empties the memo when they changed (a routine
  // that writes into its own code). Ranges adding up to more than kMaxCodeBytes
  // are not taken: fetches are then logged like any read.
  static constexpr size_t kMaxCodeBytes = 8192;
  void setCode(const std::vector<AddressRange>& ranges);
  void checkCode(const uint8_t* mem);
  // The fetches a logged call can leave out (see Machine::resumeLogged), or null.
  const uint64_t* unloggedFetches() const { return codeBits_.empty() ? nullptr : codeBits_.data(); }

  // The offset of a recorded call whose entry registers equal `regs` and whose
  // read set holds in `mem` (all 64 KiB), or -1. Tries the newest few under `key`.
  int64_t find(uint64_t key, const uint8_t* mem, const uint8_t* regs, size_t nRegs) const;
  // Replays the call found at `at`: its writes into `mem`, its exit registers into
  // `regsOut` (returns their count) and its outcome into `ef` (cells and
  // attributes read only with `withReads`; the rest of `ef` is left alone).
  size_t apply(int64_t at, uint8_t* mem, uint8_t* regsOut, EntityFrame& ef, bool withReads) const;
  // Records a call that just ran: `log` as the machine reported it, `mem` the
  // memory after it, the registers at entry and exit, and its outcome in `ef`.
  void add(uint64_t key, const CallLogView& log, const uint8_t* mem, const uint8_t* regsIn,
           const uint8_t* regsOut, size_t nRegs, const EntityFrame& ef);

  size_t entries() const { return entries_; }
  size_t bytes() const;  // approximate heap bytes held
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  void countHit() { ++hits_; }
  void countMiss() { ++misses_; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr int kMaxCandidates = 8;
  static constexpr uint32_t kMaxCodeGap = 32;

  // An entry is one block of arena_ (one or two cache lines to verify a call):
  // Header, Run[runs], uint16 writeAddr[writes], uint16 ids[cells + attrs],
  // the runs' bytes, the written values. Fields are copied in and out with
  // memcpy (the arena is plain bytes).
  struct Header {
    uint64_t key;
    uint32_t next;   // the previous entry under the same key, or kNone
    uint32_t block;  // the interned instruction bytes (blocks_), or kNone
    uint32_t cycles, instructions;
    uint32_t detail;  // into details_, or kNone
    uint16_t runs, writes, cells, attrs;
    uint8_t halt, badWrite, nRegs, pad;
    uint8_t regsIn[kMaxRegs], regsOut[kMaxRegs];
  };
  // A run of consecutive read addresses; its bytes follow the entry's runs in order.
  struct Run {
    uint16_t addr, len;
  };
  // The instruction bytes a call fetched, as runs: many calls take the same path
  // through the routine, so these are shared (blockArena_ holds Run[runs] then bytes).
  struct Block {
    uint32_t at, runs, bytes;
    uint64_t hash;
  };
  struct Slot {
    uint64_t key;
    uint32_t newest;  // arena offset / 8, or kNone for an empty slot
  };
  struct Read {
    uint16_t addr;
    uint8_t value;
    bool fetch;
  };

  static bool runsHold(const uint8_t* runs, size_t count, const uint8_t* bytes, const uint8_t* mem);
  uint32_t internBlock(const std::vector<Run>& runs, const std::vector<uint8_t>& bytes);
  Slot& slotFor(uint64_t key);
  const Slot* findSlot(uint64_t key) const;

  size_t budget_;
  uint64_t context_ = 0;
  bool hasContext_ = false;
  size_t entries_ = 0;
  std::vector<uint8_t> arena_;
  std::vector<Slot> table_;  // open addressing, a power of two long
  size_t used_ = 0;
  std::vector<Block> blocks_;
  std::vector<uint8_t> blockArena_;
  std::unordered_map<uint64_t, uint32_t> blockByHash_;
  std::vector<std::string> details_;
  size_t detailBytes_ = 0;
  std::vector<AddressRange> code_;
  std::vector<uint64_t> codeBits_;
  std::vector<uint8_t> codeBytes0_;  // code_'s contents the entries were recorded with
  bool codeTaken_ = false;
  // add()'s scratch.
  std::vector<Read> reads_;
  std::vector<uint64_t> readBits_, fetchBits_, writtenBits_;
  std::vector<uint8_t> values_;
  std::vector<uint16_t> words_;
  std::vector<Run> codeRuns_, dataRuns_;
  std::vector<uint8_t> codeBytes_, dataBytes_;
  uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace core
