// The one list of the boards NesBus runs; every other list derives from it.
#include <algorithm>

#include "emu6502/mapper.h"
#include "emu6502/mappers/axrom.h"
#include "emu6502/mappers/cnrom.h"
#include "emu6502/mappers/mmc1.h"
#include "emu6502/mappers/mmc3.h"
#include "emu6502/mappers/nrom.h"
#include "emu6502/mappers/uxrom.h"

namespace emu6502 {
namespace {

template <class B>
std::unique_ptr<Mapper> makeBoard(const Cartridge& cart) {
  const size_t chrSize = cart.chr.empty() ? cart.chrRamSize : cart.chr.size();
  auto m = std::make_unique<B>(cart.prg.size(), chrSize, cart.mirroring);
  m->init();
  return m;
}

template <class B>
constexpr Board row() {
  return {B::kNumber, B::kName, B::kPrgBankSize, &B::checkSizes, &makeBoard<B>};
}

// By number: the supported list reads in this order.
constexpr Board kBoards[] = {row<Nrom>(),  row<Mmc1>(), row<Uxrom>(),
                             row<Cnrom>(), row<Mmc3>(), row<Axrom>()};
static_assert(std::is_sorted(std::begin(kBoards), std::end(kBoards),
                             [](const Board& a, const Board& b) { return a.number < b.number; }) &&
                  std::adjacent_find(std::begin(kBoards), std::end(kBoards),
                                     [](const Board& a, const Board& b) {
                                       return a.number == b.number;
                                     }) == std::end(kBoards),
              "kBoards is listed by number, each number once");

}  // namespace

std::span<const Board> boards() {
  return kBoards;
}

const Board* findBoard(unsigned number) {
  for (const Board& b : kBoards)
    if (b.number == number) return &b;
  return nullptr;
}

std::unique_ptr<Mapper> makeMapper(const Cartridge& cart) {
  if (cart.prg.size() < 0x2000) return nullptr;
  const Board* b = findBoard(cart.mapper);
  return b ? b->make(cart) : nullptr;
}

}  // namespace emu6502
