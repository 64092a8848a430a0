// The watch of a game machine: the frame runner's watched ranges (the encoded
// room and attribute table) turned into the bus's hooked pages, and the bus's
// data hook turned back into AccessObserver reports inside those ranges.
// `Hook` is emu6502::DataHook or emusm83::DataHook (the same shape).
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "core/sim/machine_cpus.h"

namespace core::game::detail {

template <class Hook>
class GameWatch final : public Hook {
 public:
  void setRanges(const std::vector<AddressRange>& ranges) {
    ranges_.clear();
    pages_.fill(false);
    for (AddressRange r : ranges) {
      r.end = std::min<uint32_t>(r.end, 0x10000);
      if (r.begin >= r.end) continue;
      ranges_.push_back(r);
      for (uint32_t page = r.begin >> 8; page <= (r.end - 1u) >> 8; ++page) pages_[page] = true;
    }
  }
  void setSink(AccessObserver* sink, bool reads) {
    sink_ = sink;
    reads_ = reads;
  }
  const std::array<bool, 256>& pages() const { return pages_; }
  bool active() const { return sink_ != nullptr && !ranges_.empty(); }

  void onData(uint16_t addr, uint8_t value, bool write) override {
    if (!sink_ || (!write && !reads_)) return;
    for (const AddressRange& r : ranges_)
      if (addr >= r.begin && addr < r.end) {
        sink_->onAccess(addr, value, write ? AccessKind::Write : AccessKind::Read);
        return;
      }
  }

 private:
  std::vector<AddressRange> ranges_;
  std::array<bool, 256> pages_{};
  AccessObserver* sink_ = nullptr;
  bool reads_ = true;
};

}  // namespace core::game::detail

namespace core::game::detail {

// A whole-system state (NesSystemState, GbBusState + CpuState) in a Snapshot.
template <class State>
struct HeldState final : SystemState {
  explicit HeldState(State s, size_t size) : state(std::move(s)), size(size) {}
  bool equals(const SystemState& o) const override {
    auto* other = dynamic_cast<const HeldState*>(&o);
    return other && other->state == state;
  }
  size_t bytes() const override { return size; }
  State state;
  size_t size;
};

}  // namespace core::game::detail
