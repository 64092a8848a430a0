#include "emu6502/nes_system.h"

namespace emu6502 {

NesSystem::NesSystem(Cartridge cart) : bus_(std::move(cart)), cpu_(bus_) {}

void NesSystem::reset() {
  cpu_.reset();
  frame_ = 0;
  frameCycle_ = kPreRenderCycle;
}

RunResult NesSystem::run(const RunLimits& limits) {
  return cpu_.runUntil(limits);
}

void NesSystem::setNmiHeld(bool held) {
  nmiHeld_ = held;
}

void NesSystem::setButtons(int port, uint8_t mask) {
  bus_.setButtons(port, mask);
}

NesSystemState NesSystem::saveState() const {
  NesSystemState s;
  s.regs = cpu_.regs;
  s.cycles = cpu_.cycles;
  s.jammed = cpu_.jammed();
  s.bus = bus_.saveState();
  s.frame = frame_;
  s.frameCycle = frameCycle_;
  s.spriteZeroCycle = spriteZeroCycle_;
  s.nmiPending = nmiPending_;
  return s;
}

void NesSystem::loadState(const NesSystemState& s) {
  cpu_.regs = s.regs;
  cpu_.cycles = s.cycles;
  cpu_.setJammed(s.jammed);
  bus_.loadState(s.bus);
  frame_ = s.frame;
  frameCycle_ = s.frameCycle;
  spriteZeroCycle_ = s.spriteZeroCycle;
  nmiPending_ = s.nmiPending;
}

bool NesSystem::mapPrgBank(uint16_t, unsigned) {
  return false;
}

uint32_t NesSystem::nextEvent() const {
  return kFrameCycles;
}

void NesSystem::advance(uint64_t) {}

void NesSystem::takeNmi(uint64_t&) {}

}  // namespace emu6502
