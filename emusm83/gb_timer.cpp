#include "emusm83/gb_timer.h"

namespace emusm83 {

unsigned GbTimer::bitIndex() const {
  static constexpr unsigned kBits[4] = {9, 3, 5, 7};
  return kBits[tac_ & 3];
}

bool GbTimer::addTima(uint64_t n) {
  const uint64_t room = 256u - tima_;
  if (n < room) {
    tima_ = static_cast<uint8_t>(tima_ + n);
    return false;
  }
  n -= room;
  tima_ = tma_;
  n %= 256u - tma_;
  tima_ = static_cast<uint8_t>(tima_ + n);
  return true;
}

bool GbTimer::tick(uint64_t mcycles) {
  const uint64_t start = counter_;
  const uint64_t end = start + mcycles * 4;
  counter_ = static_cast<uint16_t>(end);
  if (!enabled()) return false;
  const unsigned shift = bitIndex() + 1;
  return addTima((end >> shift) - (start >> shift));
}

uint64_t GbTimer::cyclesUntilOverflow() const {
  if (!enabled()) return UINT64_MAX;
  const unsigned shift = bitIndex() + 1;
  const uint64_t need = 256u - tima_;
  const uint64_t target = ((uint64_t{counter_} >> shift) + need) << shift;
  return (target - counter_ + 3) / 4;
}

bool GbTimer::writeDiv() {
  const bool edge = signal();
  counter_ = 0;
  return edge && addTima(1);
}

bool GbTimer::writeTac(uint8_t v) {
  const bool before = signal();
  tac_ = v & 7;
  return before && !signal() && addTima(1);
}

}  // namespace emusm83
