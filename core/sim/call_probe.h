// What the frame runner records of one call besides its fields: the map cells
// and attribute entries it read, a write into the map (a fault), and the
// halt with its reason. Call mode (core/sim/simulation.cpp) and frame mode
// (core/game/frame_run.cpp) record through the same two pieces.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <cstdio>
#include <string>

#include "core/sim/map_layout.h"
#include "core/sim/simulation.h"

namespace core::detail {

// Collects the map cells and attribute entries a call reads, and flags writes
// into them (a routine that scribbles over its own map is a fault). It is the
// machine's watch sink, so it sees only data reads and writes in those ranges;
// audits attach it for writes only.
class ProbeObserver final : public AccessObserver {
 public:
  // `window`: the table holds that window of the room (the scenario's view).
  ProbeObserver(const Binding& b, const std::vector<uint16_t>& cellBases, const Room& room,
                EntityFrame& out, const RoomWindow* window = nullptr)
      : b_(b), bases_(cellBases), room_(room), out_(out), window_(window) {}
  void onAccess(uint16_t addr, uint8_t value, AccessKind kind) override {
    bool write = kind == AccessKind::Write || kind == AccessKind::DummyWrite;
    for (uint16_t base : bases_) {
      if (addr < base || addr >= base + cellTableBytes(b_)) continue;
      auto cell = cellOfAddress(b_, bases_, addr, window_);
      if (write) {
        const std::string where =
            cell ? "cell " + std::to_string((*cell)[0]) + "," + std::to_string((*cell)[1])
                 : "outside the room";
        if (expectedCellWrite(addr - base, value, cell))
          expectedWrite(addr, value, "the map", where);
        else
          badWrite(addr, value, "the map", where);
      }
      else if (kind == AccessKind::Read && cell && room_.inside((*cell)[0], (*cell)[1]))
        addUnique(out_.cellsRead, uint16_t((*cell)[1] * room_.width + (*cell)[0]));
      break;
    }
    if (b_.attributes && addr >= *b_.attributes &&
        addr < *b_.attributes + b_.attrStride * b_.attrCount) {
      int off = addr - *b_.attributes;
      if (write && expectedAttributeWrite(off % b_.attrStride))
        expectedWrite(addr, value, "the map's attribute table",
                      "metatile " + std::to_string(off / b_.attrStride));
      else if (write)
        badWrite(addr, value, "the map's attribute table",
                 "metatile " + std::to_string(off / b_.attrStride));
      else if (kind == AccessKind::Read && off % b_.attrStride == b_.attrOffset)
        addUnique(out_.attrsRead, uint16_t(off / b_.attrStride));
    }
  }

 private:
  static void addUnique(std::vector<uint16_t>& v, uint16_t x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  }
  // map.writes: a write at `off` into a cell table is expected when a spec names
  // its byte of the entry (or any byte) and, on the id's bytes with a bit mask,
  // leaves the other bits as the room's id has them.
  bool expectedCellWrite(uint32_t off, uint8_t value,
                         const std::optional<std::array<int, 2>>& cell) const {
    if (b_.expectedWrites.empty()) return false;
    const uint32_t inLine = off % uint32_t(b_.cellStride);
    const int perLine = b_.cellColumnMajor ? b_.cellMaxH : b_.cellMaxW;
    if (inLine >= uint32_t(perLine * b_.cellBytes)) return false;  // a row's padding
    const int byte = int(inLine % uint32_t(b_.cellBytes));
    const int idBytes = b_.cellIdOffset >= 0 ? b_.cellIdBytes : b_.cellBytes;
    const int k = b_.cellIdOffset >= 0 ? byte - b_.cellIdOffset : byte;
    for (const ExpectedWrite& e : b_.expectedWrites) {
      if (e.attributes || (e.byte >= 0 && e.byte != byte)) continue;
      if (e.bits == 0xFF || k < 0 || k >= idBytes) return true;
      if (!cell || !room_.inside((*cell)[0], (*cell)[1])) continue;
      const uint16_t id = room_.at((*cell)[0], (*cell)[1]);
      const int shift = 8 * (b_.cellBigEndian ? idBytes - 1 - k : k);
      const uint8_t want = uint8_t(id >> shift);
      if (((value ^ want) & uint8_t(~e.bits)) == 0) return true;
    }
    return false;
  }
  bool expectedAttributeWrite(int byte) const {
    for (const ExpectedWrite& e : b_.expectedWrites)
      if (e.attributes && (e.byte < 0 || e.byte == byte)) return true;
    return false;
  }
  void expectedWrite(uint16_t addr, uint8_t value, const char* table, const std::string& where) {
    if (out_.expectedWrites++ == 0) out_.writeNote = text(value, table, addr, where);
  }
  // The first bad write is the evidence; later ones add nothing a user needs.
  void badWrite(uint16_t addr, uint8_t value, const char* table, const std::string& where) {
    if (out_.badWrite) return;
    out_.badWrite = true;
    out_.faultDetail = text(value, table, addr, where);
  }
  static std::string text(uint8_t value, const char* table, uint16_t addr,
                          const std::string& where) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "wrote $%02X into %s at $%04X (", unsigned(value), table,
                  unsigned(addr));
    return std::string(buf) + where + ")";
  }
  const Binding& b_;
  const std::vector<uint16_t>& bases_;
  const Room& room_;
  EntityFrame& out_;
  const RoomWindow* window_;
};

// A call's result into its record: a CPU fault's reason before a bad write's.
inline void takeResult(CallResult& r, EntityFrame& ef) {
  ef.cycles = uint32_t(r.cycles);
  ef.instructions = uint32_t(r.instructions);
  ef.halt = r.reason;
  if (isFault(r.reason) && !r.detail.empty())
    ef.faultDetail =
        ef.faultDetail.empty() ? std::move(r.detail) : r.detail + "; " + ef.faultDetail;
}

}  // namespace core::detail
