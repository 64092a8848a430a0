// Game Boy cartridge: the header at $0100-$014F (title, type byte $0147, ROM and RAM
// sizes, header checksum) and the memory bank controller. Supported: ROM only (with
// or without RAM), MBC1 (both banking modes, the two high bank bits of 1 MiB+ ROMs),
// MBC3 and MBC5 (rumble ignored), each with external RAM.
//
// The MBC3 real-time clock is frozen: its registers $08-$0C (seconds, minutes, hours,
// day low, day high) hold what the program wrote and no time passes. Reads see the
// copy latched by writing $00 then $01 to $6000-$7FFF, as on hardware.
//
//   CartridgeLoad r = loadCartridgeFile("game.gb");
//   if (!r.ok()) report(r.error);          // "game.gb: $0147: unknown cartridge type $FC"
//   for (auto& w : r.warnings) warn(w);    // header checksum mismatch, RTC frozen
//   GbBus bus(std::move(*r.cart));
//
// Errors a user can cause (short file, unknown type, size byte that disagrees with the
// file) come back as a message with the file name and header offset; loading never
// throws or crashes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace emusm83 {

enum class Mbc : uint8_t { None, Mbc1, Mbc3, Mbc5 };
const char* mbcName(Mbc mbc);  // "ROM", "MBC1", "MBC3", "MBC5"

struct CartridgeHeader {
  std::string title;             // $0134-$0143, up to the first NUL or non-printable byte
  uint8_t type = 0;              // $0147
  uint8_t romSizeCode = 0;       // $0148: 32 KiB << code
  uint8_t ramSizeCode = 0;       // $0149
  uint8_t headerChecksum = 0;    // $014D as stored
  uint8_t computedChecksum = 0;  // over $0134-$014C
  uint8_t cgbFlag = 0;           // $0143: $80 works on both, $C0 Game Boy Color only
  uint8_t version = 0;           // $014C
  // $014E-$014F (big-endian) and the sum of every other byte of the file. No Game Boy
  // checks it, so a mismatch is neither an error nor a warning; `collido info` shows it.
  uint16_t globalChecksum = 0;
  uint16_t computedGlobalChecksum = 0;
  size_t romBytes = 0;
  size_t ramBytes = 0;
  Mbc mbc = Mbc::None;
  bool battery = false;
  bool checksumOk() const { return headerChecksum == computedChecksum; }
  bool globalChecksumOk() const { return globalChecksum == computedGlobalChecksum; }
};

// Name of a cartridge type byte ("MBC1+RAM+BATTERY"), or null when the byte is not a
// known type.
const char* cartridgeTypeName(uint8_t type);
// The header checksum of $0134-$014C as the boot ROM computes it.
uint8_t headerChecksum(const std::vector<uint8_t>& rom);
// The global checksum: the 16-bit sum of every byte but $014E-$014F.
uint16_t globalChecksum(const std::vector<uint8_t>& rom);

// Every MBC register, for save states. rtc/rtcLatched are seconds, minutes, hours, day
// low, day high (MBC3 registers $08-$0C).
struct MbcState {
  bool ramEnabled = false;
  unsigned bankLow = 1;
  unsigned bankHigh = 0;
  bool mode1 = false;
  std::array<uint8_t, 5> rtc{};
  std::array<uint8_t, 5> rtcLatched{};
  uint8_t lastLatchWrite = 0xFF;  // the latch fires on $00 followed by $01
  bool operator==(const MbcState&) const = default;
};

class Cartridge {
 public:
  Cartridge(CartridgeHeader header, std::vector<uint8_t> rom);

  const CartridgeHeader& header() const { return header_; }
  std::vector<uint8_t>& rom() { return rom_; }
  const std::vector<uint8_t>& rom() const { return rom_; }
  std::vector<uint8_t>& ram() { return ram_; }  // external RAM, empty when none
  const std::vector<uint8_t>& ram() const { return ram_; }

  // A write to $0000-$7FFF: MBC registers (RAM enable, ROM bank, RAM bank, mode).
  void writeControl(uint16_t addr, uint8_t v);

  // Current mapping: byte offsets into rom() of the banks at $0000 and $4000, and into
  // ram() of the bank at $A000 (-1 when RAM is absent, disabled, or an RTC register
  // is selected, in which case $A000-$BFFF reads $FF and ignores writes).
  size_t romOffset0() const { return romOffset0_; }
  size_t romOffset1() const { return romOffset1_; }
  long ramOffset() const { return ramOffset_; }
  unsigned romBank() const { return static_cast<unsigned>(romOffset1_ / 0x4000); }
  unsigned romBanks() const { return romBanks_; }

  // MBC3 with RAM enabled and an RTC register ($08-$0C) selected: $A000-$BFFF reads
  // the latched register and writes set the (frozen) clock register.
  bool rtcSelected() const;
  uint8_t readRtc() const;
  void writeRtc(uint8_t v);

  // Sets the MBC registers so that ROM bank `bank` is visible at $4000-$7FFF, leaving
  // $0000-$3FFF as it was. False, with no change, when the MBC cannot put it there
  // (bank out of range, bank 0 on MBC1/MBC3, $20/$40/$60 on MBC1, ROM only but bank 1).
  bool mapRomBank(unsigned bank);

  MbcState mbcState() const;
  void setMbcState(const MbcState& s);

 private:
  void remap();

  CartridgeHeader header_;
  std::vector<uint8_t> rom_;
  std::vector<uint8_t> ram_;
  unsigned romBanks_ = 2;
  // MBC registers
  bool ramEnabled_ = false;
  unsigned bankLow_ = 1;   // MBC1: 5 bits; MBC3: 7 bits; MBC5: 9 bits
  unsigned bankHigh_ = 0;  // MBC1: 2 bits; MBC3/MBC5: RAM bank (MBC3 $08-$0C: RTC)
  bool mode1_ = false;     // MBC1 banking mode
  std::array<uint8_t, 5> rtc_{}, rtcLatched_{};
  uint8_t lastLatchWrite_ = 0xFF;
  size_t romOffset0_ = 0, romOffset1_ = 0x4000;
  long ramOffset_ = -1;
};

struct CartridgeLoad {
  std::optional<Cartridge> cart;
  std::string error;                  // set when cart is empty
  std::vector<std::string> warnings;  // the cartridge loaded, but the user should know
  bool ok() const { return cart.has_value(); }
};

// `name` prefixes the messages (usually the file name).
CartridgeLoad loadCartridge(std::vector<uint8_t> rom, const std::string& name = "ROM");
// Refuses a file over 8 MiB (the largest ROM size code) without reading all of it.
CartridgeLoad loadCartridgeFile(const std::string& path);

}  // namespace emusm83
