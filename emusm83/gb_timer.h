// Game Boy timer: DIV ($FF04), TIMA ($FF05), TMA ($FF06), TAC ($FF07).
//
// DIV is the top byte of a 16-bit counter that advances every T-cycle (4 per
// M-cycle). TIMA counts falling edges of one counter bit picked by TAC (bit 9, 3, 5
// or 7: 4096, 262144, 65536 or 16384 Hz) while TAC bit 2 is set; on overflow it
// reloads from TMA and raises the timer interrupt. Writing DIV clears the counter and
// changing TAC can drop the selected bit; both count as a falling edge, as on
// hardware. Simplification: the reload happens in the overflow cycle itself (the
// hardware's 1 M-cycle window where TIMA reads $00 is not modelled).
#pragma once

#include <cstdint>

namespace emusm83 {

class GbTimer {
 public:
  // Advances by `mcycles`; returns true when TIMA overflowed (raise the interrupt).
  bool tick(uint64_t mcycles);
  // M-cycles until the next overflow, or UINT64_MAX while the timer is stopped.
  uint64_t cyclesUntilOverflow() const;

  uint8_t div() const { return static_cast<uint8_t>(counter_ >> 8); }
  uint16_t counter() const { return counter_; }
  void setCounter(uint16_t v) { counter_ = v; }
  uint8_t tima() const { return tima_; }
  uint8_t tma() const { return tma_; }
  uint8_t tac() const { return static_cast<uint8_t>(tac_ | 0xF8); }

  // Register writes; each returns true when it overflowed TIMA.
  bool writeDiv();
  void writeTima(uint8_t v) { tima_ = v; }
  void writeTma(uint8_t v) { tma_ = v; }
  bool writeTac(uint8_t v);

 private:
  bool enabled() const { return tac_ & 4; }
  unsigned bitIndex() const;  // counter bit whose falling edge clocks TIMA
  bool signal() const { return enabled() && ((counter_ >> bitIndex()) & 1); }
  bool addTima(uint64_t n);

  uint16_t counter_ = 0;
  uint8_t tima_ = 0, tma_ = 0, tac_ = 0;
};

}  // namespace emusm83
