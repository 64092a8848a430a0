#include "core/game/game_machine.h"

#include "core/game/rom.h"

namespace core::game {

std::unique_ptr<GameMachine> makeNesGameMachine(emu6502::Cartridge cart);
std::unique_ptr<GameMachine> makeGbGameMachine(emusm83::Cartridge cart);

bool GameMachine::load(const AsmResult&, std::string*) {
  if (start_)
    restore(*start_);
  else
    powerOn();
  return true;
}

void GameMachine::mapEntryBank(uint16_t entry) {
  for (const EntryBank& b : entryBanks_)
    if (b.entry == entry) mapBank(entry, b.bank);
}

std::unique_ptr<GameMachine> makeGameMachine(const std::vector<uint8_t>& bytes,
                                             const std::string& name, std::string* error) {
  RomFile rom;
  if (!loadRomBytes(bytes, name, rom, error)) return nullptr;
  if (rom.kind == RomKind::Nes && rom.nes) return makeNesGameMachine(std::move(*rom.nes));
  if (rom.kind == RomKind::GameBoy && rom.gb) return makeGbGameMachine(std::move(*rom.gb));
  if (error) *error = name + ": the ROM did not parse";
  return nullptr;
}

}  // namespace core::game
